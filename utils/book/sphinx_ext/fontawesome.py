"""The theme's Font Awesome (1.49 MB) replaced after the build by the icons the site uses."""
from __future__ import annotations

import json
import re
from pathlib import Path

# The version this patch was written for (tests/test_sphinx_patches.py).
PATCHED = {"pydata-sphinx-theme": "0.17.1"}


# Font Awesome: the theme loads all of it (fontawesome.js, 1.49 MB) to draw about fifteen icons.
# After the build, that file is replaced by the same icons' drawings, taken from that very file,
# and a few lines that turn <i class="fa-solid fa-NAME"> into inline SVG as its i2svg does. The
# theme has no setting to do without the file (its <script> tag is in its webpack macros).
FA_ICON = re.compile(r'[,{](?:"([a-z0-9-]+)"|([a-z0-9-]+)):\[(\d+),(\d+),\[([^\]]*)\],"[0-9a-f]+","([^"]+)"\]')
FA_CLASS = re.compile(r"\bfa-([a-z0-9-]+)")
FA_NOT_ICONS = {"solid", "regular", "brands", "lg", "xs", "sm", "xl", "2x", "3x", "fw", "spin", "pulse"}


def fontawesome_solid_icons(source: str) -> dict[str, tuple[int, int, str]]:
    """{name: (width, height, path)} of every icon of the Solid pack in ``source``
    (the theme's fontawesome.js), aliases included."""
    start = source.index('var p={0:[')  # the Solid pack is the one whose first icon is the digit 0
    end = source.index('d("fas",p)', start)
    icons = {}
    for m in FA_ICON.finditer(source, start, end):
        name = m.group(1) or m.group(2)
        icons[name] = (int(m.group(3)), int(m.group(4)), m.group(6))
        for alias in re.findall(r'"([a-z0-9-]+)"', m.group(5)):
            icons.setdefault(alias, icons[name])
    return icons


def fontawesome_subset(used: set[str], source: str) -> str:
    icons = fontawesome_solid_icons(source)
    missing = sorted(used - set(icons))
    if missing:
        raise RuntimeError(f"Font Awesome icons used but not in the Solid pack: {missing}")
    table = json.dumps({name: icons[name] for name in sorted(used)}, separators=(",", ":"))
    return (SUBSET_MARK + f" ({len(used)} icons; Font Awesome Free 6, icons CC BY 4.0, code MIT:"
            " https://fontawesome.com/license/free) */\n" + FA_SUBSET_JS.replace("ICONS", table))


SUBSET_MARK = "/* The site's Font Awesome subset, made by utils/book/sphinx_ext/fontawesome.py"
FA_SUBSET_JS = """(function () {
  var icons = ICONS, svgNS = "http://www.w3.org/2000/svg";
  function draw(el) {
    var name = null;
    el.classList.forEach(function (c) { if (c.indexOf("fa-") === 0 && icons[c.slice(3)]) name = c.slice(3); });
    if (!name || el.namespaceURI === svgNS) return;
    var icon = icons[name], svg = document.createElementNS(svgNS, "svg"), path = document.createElementNS(svgNS, "path");
    for (var i = 0; i < el.attributes.length; i++) svg.setAttribute(el.attributes[i].name, el.attributes[i].value);  // data-mode etc.
    svg.setAttribute("viewBox", "0 0 " + icon[0] + " " + icon[1]);
    svg.setAttribute("class", "svg-inline--fa " + el.getAttribute("class"));
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    path.setAttribute("fill", "currentColor");
    path.setAttribute("d", icon[2]);
    svg.appendChild(path);
    el.replaceWith(svg);
  }
  function drawAll(root) { root.querySelectorAll("i[class*='fa-'], span[class*='fa-']").forEach(draw); }
  function start() {
    drawAll(document);
    new MutationObserver(function (changes) {
      changes.forEach(function (c) { c.addedNodes.forEach(function (n) { if (n.nodeType === 1) { draw(n); drawAll(n); } }); });
    }).observe(document.body, { childList: true, subtree: true });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
})();
"""


def _theme_fontawesome() -> Path:
    import pydata_sphinx_theme

    return Path(pydata_sphinx_theme.__file__).parent / "theme" / "pydata_sphinx_theme" / "static" / "scripts" / "fontawesome.js"


def icons_used(outdir: Path) -> set[str]:
    """The icon names in the built pages and in the scripts that add icons later."""
    used = set()
    files = list(outdir.glob("*.html")) + [outdir / "_static" / "scripts" / "pydata-sphinx-theme.js",
                                           outdir / "_static" / "scripts" / "sphinx-book-theme.js"]
    for f in files:
        if f.exists():
            used |= set(FA_CLASS.findall(f.read_text(encoding="utf-8", errors="replace")))
    return used - FA_NOT_ICONS


def subset_fontawesome(app, exception):
    if exception or app.config.book_stock or app.builder.format != "html":
        return
    outdir = Path(app.outdir)
    target = outdir / "_static" / "scripts" / "fontawesome.js"
    if target.exists():
        source = _theme_fontawesome().read_text(encoding="utf-8")
        target.write_text(fontawesome_subset(icons_used(outdir), source), encoding="utf-8")

