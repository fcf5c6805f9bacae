"""The theme's Font Awesome (1.49 MB of script, 156 kB of font, 86 kB of CSS) replaced after the build
by the icons the site uses."""
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



# The theme's CSS carries Font Awesome's stylesheet too: a rule per icon (.fa-NAME:before{content:...},
# 86 kB) and @font-face rules for its webfonts. Icons are drawn as SVG (above), so only the glyphs that
# CSS itself still draws are needed (admonition titles, the breadcrumb divider: the theme's --pst-icon-*
# variables, and the used icons for the moment before the SVG replaces them). After the build, the
# rules of icons not used are removed and the Solid font becomes a subset of those glyphs (fontTools,
# from the theme's TTF: 156 kB of WOFF2 -> a few kB of WOFF).
FA_RULE = re.compile(r'((?:\.fa-[a-z0-9-]+:(?:before|after),?)+)\{content:"[^"]*"\}')
FA_SOLID_FACE = re.compile(r'@font-face\{[^}]*font-family:"?Font Awesome\\? 6 Free"?;[^}]*font-weight:900;[^}]*\}')
PRIVATE_USE = re.compile("[\ue000-\uf8ff]")
SUBSET_FONT = "fa-solid-900-subset.woff"


def strip_unused_icon_rules(css: str, used: set[str]) -> str:
    """``css`` without the content rules of the icons not in ``used`` (a grouped rule stays whole
    while one of its names is used)."""
    def keep(m):
        names = re.findall(r"\.fa-([a-z0-9-]+):", m.group(1))
        return m.group(0) if used & set(names) else ""
    return FA_RULE.sub(keep, css)


def glyphs_drawn_by_css(css: str) -> set[int]:
    """The Private Use Area code points (Font Awesome's glyphs) that ``css`` writes, literally or as
    an escape (\\f303)."""
    points = {ord(c) for c in PRIVATE_USE.findall(css)}
    points |= {int(h, 16) for h in re.findall(r"\\(e[0-9a-f]{3}|f[0-8][0-9a-f]{2})\b", css)}
    return points


def subset_font(ttf: Path, points: set[int], target: Path) -> None:
    from fontTools import subset

    options = subset.Options()
    options.flavor = "woff"  # zlib; WOFF2 needs brotli, which the book does not install
    options.layout_features = []
    font = subset.load_font(str(ttf), options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(points))
    subsetter.subset(font)
    subset.save_font(font, str(target), options)


def solid_face(css: str, font_url: str) -> str:
    """``css`` with its Font Awesome Solid @font-face pointing at the subset (one WOFF)."""
    face, n = FA_SOLID_FACE.subn(
        '@font-face{font-display:block;font-family:"Font Awesome 6 Free";font-style:normal;font-weight:900;'
        f'src:url({font_url}) format("woff")}}', css)
    if n != 1:
        raise RuntimeError(f"expected one @font-face for Font Awesome Solid in the theme's CSS, found {n}")
    return face


def slim_fontawesome_css(app, exception):
    if exception or app.config.book_stock or app.builder.format != "html":
        return
    outdir = Path(app.outdir)
    css_path = outdir / "_static" / "styles" / "pydata-sphinx-theme.css"
    webfonts = outdir / "_static" / "vendor" / "fontawesome" / "webfonts"
    if not css_path.exists() or not (webfonts / "fa-solid-900.ttf").exists():
        return
    css = strip_unused_icon_rules(css_path.read_text(encoding="utf-8"), icons_used(outdir))
    css = solid_face(css, f"../vendor/fontawesome/webfonts/{SUBSET_FONT}")
    others = "".join(p.read_text(encoding="utf-8", errors="replace") for p in (outdir / "_static").rglob("*.css") if p != css_path)
    subset_font(webfonts / "fa-solid-900.ttf", glyphs_drawn_by_css(css + others), webfonts / SUBSET_FONT)
    css_path.write_text(css, encoding="utf-8")
    for name in ("fa-solid-900.ttf", "fa-solid-900.woff2"):  # no page names them now (576 kB an edition)
        (webfonts / name).unlink()
