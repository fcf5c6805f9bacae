"""What a page weighs, continued (issues 33 and 35: every page at most 1.0 MB): the vendor stylesheets
every page loads keep only the rules a page can use. pydata-sphinx-theme.css alone was 311 kB (Bootstrap
5.3.3 and the theme, minified), most of it rules for Bootstrap's classes that no page and no script of the
site names; after this step 110 kB. The stock build (utils/book/build.py's stock_config, `make bench`)
keeps every stylesheet as it is. tests/test_page_weight.py tests it on rules cut from the pinned theme's
file; tests/test_sphinx_patches.py fails when a pinned version changes or the theme's scripts build a
class name from pieces that JS_CLASS_PREFIXES does not list.
"""
from __future__ import annotations

import re
from pathlib import Path

# The versions this was written for (tests/test_sphinx_patches.py): tinycss2 reads the stylesheets; the
# themes' and myst-nb's files are what it rewrites, and the theme's bootstrap.js builds JS_CLASS_PREFIXES.
PATCHED = {"tinycss2": "1.5.1", "pydata-sphinx-theme": "0.17.1", "sphinx-book-theme": "1.3.0", "myst-nb": "1.4.0"}

# Every page loads the theme's CSS (pydata-sphinx-theme.css alone: 311 kB, Bootstrap 5.3.3 and the
# theme), most of it rules for classes that no page and no script of the site names. After the build,
# each vendor stylesheet keeps only the rules a page can use (tinycss2 reads it; the kept rules are
# copied byte for byte, so the file stays minified as it was, license and sourceMappingURL comments
# included: the .map files are served). A style rule stays when one of its selectors has all its
# class names and ids in the words of the built pages and of the scripts the site serves; a rule
# without a class or id, and @font-face, @keyframes, @property, @charset, @import, @page..., stay;
# @media, @supports, @layer, @container blocks are filtered the same way and dropped when empty.
# Classes and ids inside :not(), :is(), :has()... are not required (a conservative reading).
VENDOR_CSS = ("styles/pydata-sphinx-theme.css", "styles/sphinx-book-theme.css", "basic.css", "mystnb.*.css",
              "pygments.css", "togglebutton.css", "copybutton.css")
FILTERED_AT_RULES = {"media", "supports", "layer", "container", "document", "-moz-document"}
WORD = re.compile(r"[A-Za-z0-9_-]+")
# Classes that scripts build from pieces, so that no file of the site spells them out whole:
JS_CLASS_PREFIXES = (
    # bootstrap.js (Bootstrap 5.3.3), Tooltip._createTipElement:
    # e.classList.add(`bs-${this.constructor.NAME}-auto`) -> bs-tooltip-auto, bs-popover-auto
    "bs-tooltip-", "bs-popover-",
)


def site_words(outdir) -> set[str]:
    """Every word ([A-Za-z0-9_-]+) of the built pages and of the scripts under _static: the class
    names and ids a page can carry, whether its HTML writes them or a script adds them."""
    outdir, words = Path(outdir), set()
    for path in list(outdir.rglob("*.html")) + list((outdir / "_static").rglob("*.js")):
        words.update(WORD.findall(path.read_text(encoding="utf-8", errors="replace")))
    return words


def _selector_names(prelude) -> list[set[str]]:
    """For each selector of a rule's prelude (tinycss2 tokens), the class names and ids it requires
    outside functional pseudo-classes."""
    selectors, names, after_dot = [], set(), False
    for token in prelude:
        if token.type == "literal" and token.value == ",":
            selectors.append(names)
            names, after_dot = set(), False
            continue
        if after_dot and token.type == "ident":
            names.add(token.value)
        elif token.type == "hash" and token.is_identifier:
            names.add(token.value)
        after_dot = token.type == "literal" and token.value == "."
    selectors.append(names)
    return selectors


def _used(names: set[str], words: set[str]) -> bool:
    return all(name in words or not WORD.fullmatch(name) or name.startswith(JS_CLASS_PREFIXES) for name in names)


def used_css(css: str, words: set[str]) -> str:
    """``css`` (a stylesheet's text) without the style rules no page can use (see above), the rest
    byte for byte as it was."""
    import tinycss2

    starts, pos = [0], 0
    while (pos := css.find("\n", pos) + 1):
        starts.append(pos)

    def offset(node) -> int:
        return starts[node.source_line - 1] + node.source_column - 1

    def kept(nodes, end: int) -> str:
        out = []
        for i, node in enumerate(nodes):
            begin, stop = offset(node), offset(nodes[i + 1]) if i + 1 < len(nodes) else end
            text = css[begin:stop]
            if node.type == "qualified-rule":
                if any(_used(names, words) for names in _selector_names(node.prelude)):
                    out.append(text)
            elif node.type == "at-rule" and node.lower_at_keyword in FILTERED_AT_RULES and node.content:
                inner = tinycss2.parse_rule_list(node.content, skip_comments=False, skip_whitespace=False)
                open_at = offset(node.content[0]) - 1
                close_at = begin + len(text.rstrip()) - 1
                if css[open_at] != "{" or css[close_at] != "}":  # not where the tokens say: keep it whole
                    out.append(text)
                    continue
                body = kept(inner, close_at)
                if any(n.type in ("qualified-rule", "at-rule") for n in inner) and not body.strip(" \n\t"):
                    continue  # every rule of the block dropped: the block too
                out.append(css[begin:open_at + 1] + body + css[close_at:stop])
            else:  # comments, whitespace, @font-face, @keyframes, @property, @charset, declarations...
                out.append(text)
        return "".join(out)

    return kept(tinycss2.parse_stylesheet(css, skip_comments=False, skip_whitespace=False), len(css))


def vendor_css_files(outdir) -> list:
    static = Path(outdir) / "_static"
    return sorted({path for pattern in VENDOR_CSS for path in static.glob(pattern)})


def drop_unused_css(app, exception):
    if exception or app.config.book_stock or app.builder.format != "html":
        return
    words = site_words(app.outdir)
    for path in vendor_css_files(app.outdir):
        css = path.read_text(encoding="utf-8")
        path.write_text(used_css(css, words), encoding="utf-8")


def setup(app):
    # Last (priority 900, the default is 500): after the handlers that write vendor CSS when the build
    # finishes: fontawesome's (the theme's CSS), pydata-sphinx-theme's pygments.css, myst-nb's mystnb.*.css.
    app.connect("build-finished", drop_unused_css, priority=900)
