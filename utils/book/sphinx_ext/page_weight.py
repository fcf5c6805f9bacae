"""What a page weighs (issue 33 item 8: every page at most 1.0 MB, nothing loaded that it does not use).

    math        rendered at build time as MathML (latex2mathml), which browsers draw themselves:
                no MathJax (tex-chtml.js alone was 1.16 MB, plus its fonts) on any page
    highlight   Pygments' spans only where they change the colour: a token that both of the
                theme's styles (light, dark) draw exactly as plain code text (names, punctuation,
                whitespace) is written without its <span class="n">, a third of a chapter's bytes
    inline code Sphinx's <span class="pre"> around each word of inline code (white-space: nowrap in
                basic.css) is dropped from the page's body: inside <article> book.css sets those spans
                to white-space: normal, so they change nothing there (a sixth of a chapter's inline code
                bytes); the sidebars keep theirs
    design      sphinx-design's CSS and script (62 kB) only on a page that uses its classes (none
                does today; Jupyter Book always loads the extension)
    vendor CSS  the theme's and the extensions' stylesheets keep only the rules a page can use:
                vendor_css.py, beside this file

The stock build (utils/book/build.py's stock_config, for `make bench`) keeps them all as they are.
tests/test_page_weight.py tests each piece; tests/test_build.py and tests/test_site_browser.py
measure the built site against the budget.
"""
from __future__ import annotations

import re

from docutils import nodes

# The versions this patch was written for (tests/test_sphinx_patches.py): Sphinx's PygmentsBridge
# (its formatter attribute, set from html_formatter), pydata-sphinx-theme's light/dark styles, sphinx-design's files.
PATCHED = {"sphinx": "7.4.7", "pydata-sphinx-theme": "0.17.1", "latex2mathml": "3.81.1"}

RENDERER = "mathml"
UNKNOWN_COMMAND = re.compile(r">(\\[A-Za-z]+)<")


# ---------------------------------------------------------------- math as MathML

def to_mathml(latex: str, display: str = "inline") -> str:
    """The MathML of one TeX formula (the book's $...$ and $$...$$); a formula latex2mathml cannot
    read fails the build with the formula named."""
    from latex2mathml.converter import convert

    try:
        mathml = convert(latex.strip(), display=display)
    except Exception as exc:  # latex2mathml raises its own exception types, one per fault
        raise ValueError(f"the formula ${latex}$ cannot be rendered as MathML ({type(exc).__name__}: {exc}); "
                         "write it in the TeX subset latex2mathml reads") from exc
    unknown = UNKNOWN_COMMAND.findall(mathml)
    if unknown:  # latex2mathml writes a command it does not know as text: the reader would see TeX
        raise ValueError(f"the formula ${latex}$ uses {', '.join(unknown)}, which latex2mathml does not know; "
                         "write it in the TeX subset latex2mathml reads")
    return mathml


def visit_math(self, node):
    self.body.append(f'<span class="math notranslate nohighlight">{to_mathml(node.astext())}</span>')
    raise nodes.SkipNode


def visit_displaymath(self, node):
    from sphinx.locale import _
    from sphinx.util.math import get_node_equation_number

    self.body.append(self.starttag(node, "div", CLASS="math notranslate nohighlight"))
    if node["number"]:
        self.body.append(f'<span class="eqno">({get_node_equation_number(self, node)})')
        self.add_permalink_ref(node, _("Link to this equation"))
        self.body.append("</span>")
    for part in (p for p in node.astext().split("\n\n") if p.strip()):
        self.body.append(to_mathml(part, display="block"))
    self.body.append("</div>\n")
    raise nodes.SkipNode


def choose_mathml(app, config):
    """The book's pages draw math as MathML; the stock build keeps Sphinx's MathJax (named: with two
    renderers registered and none chosen, Sphinx would take the one that is not MathJax)."""
    config.html_math_renderer = "mathjax" if config.book_stock else RENDERER


# ---------------------------------------------------------------- Pygments: no span that changes nothing

def plain_token_types(*style_names: str) -> set:
    """The standard token types that every one of ``style_names`` draws exactly as plain text
    (Token.Text): the same colour, no weight, slant, underline, background or border."""
    from pygments.styles import get_style_by_name
    from pygments.token import STANDARD_TYPES, Text

    styles = [get_style_by_name(name) for name in style_names]
    return {ttype for ttype in STANDARD_TYPES if ttype is not Text and STANDARD_TYPES[ttype]
            and all(style.style_for_token(ttype) == style.style_for_token(Text) for style in styles)}


def plain_span_formatter(plain: set):
    """Pygments' HtmlFormatter, writing no span for a token type in ``plain``: its text then takes
    the colour of the code block, which is the colour its span would have given it."""
    from pygments.formatters import HtmlFormatter

    class PlainSpanFormatter(HtmlFormatter):
        def _get_css_classes(self, ttype):
            return "" if ttype in plain else super()._get_css_classes(ttype)

    return PlainSpanFormatter


def theme_styles(app) -> tuple[str, str]:
    """The light and dark Pygments styles pydata-sphinx-theme writes pygments.css from (its
    overwrite_pygments_css reads the same two options)."""
    from pydata_sphinx_theme.utils import get_theme_options_dict

    options, defaults = get_theme_options_dict(app), app.builder.theme.get_options()
    return tuple(options.get(f"pygments_{mode}_style") or defaults.get(f"pygments_{mode}_style") for mode in ("light", "dark"))


def lighter_highlighting(app):
    if app.config.book_stock or app.builder.format != "html" or not hasattr(app.builder, "highlighter"):
        return
    styles = theme_styles(app)
    if not all(styles):  # a theme without pydata's two styles (the tests' one-page sites): highlighting as it is
        return
    app.builder.highlighter.formatter = plain_span_formatter(plain_token_types(*styles))


# ---------------------------------------------------------------- inline code: no span per word

# Sphinx's HTML5Translator.visit_Text inside a literal writes each word as <span class="pre">word</span>
# and the whitespace between them as it is (runs of spaces as &#160;...&#160; plus one space).
INLINE_CODE = re.compile(r'(<code class="[^"]*\bliteral\b[^"]*">)(.*?)(</code>)', re.S)
PRE_WORD = re.compile(r'<span class="pre">([^<]*)</span>')


def plain_inline_code_html(body: str) -> str:
    """``body`` with the words of its inline code written without their span.pre (the text unchanged)."""
    return INLINE_CODE.sub(lambda m: m.group(1) + PRE_WORD.sub(r"\1", m.group(2)) + m.group(3), body)


def plain_inline_code(app, pagename, templatename, context, doctree):
    """The page's body (inside <article>, where book.css makes span.pre inert: white-space: normal,
    and gives code.literal the spans' hyphens: none) without Sphinx's span per word of inline code."""
    if app.config.book_stock or not context.get("body"):
        return
    context["body"] = plain_inline_code_html(context["body"])


# ---------------------------------------------------------------- sphinx-design only where it is used

DESIGN_FILES = ("sphinx-design.min.css", "design-tabs.js")
DESIGN_CLASS = re.compile(r'class="[^"]*\bsd-')


def _asset_name(asset) -> str:
    return str(getattr(asset, "filename", asset) or "").split("?")[0].rsplit("/", 1)[-1]


def drop_unused_design(app, pagename, templatename, context, doctree):
    if app.config.book_stock or DESIGN_CLASS.search(context.get("body", "") or ""):
        return
    for key in ("css_files", "script_files"):
        if key in context:
            context[key] = [a for a in context[key] if _asset_name(a) not in DESIGN_FILES]


def setup(app):
    app.add_html_math_renderer(RENDERER, (visit_math, None), (visit_displaymath, None))
    app.connect("config-inited", choose_mathml)
    app.connect("builder-inited", lighter_highlighting)
    app.connect("html-page-context", drop_unused_design)
    app.connect("html-page-context", plain_inline_code)

