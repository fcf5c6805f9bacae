"""Issue 33 item 8, piece by piece (utils/book/sphinx_ext/page_weight.py, fontawesome.py, vendor_css.py):
math as MathML, no Pygments span that changes nothing, sphinx-design only where used, Font Awesome cut to
the glyphs the CSS draws, the vendor stylesheets cut to the rules a page can use. The budget itself
(every page at most 1.0 MB, no MathJax) is measured on the built site: tests/test_build.py and
tests/test_site_browser.py."""
import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import PythonLexer
from pygments.token import Keyword, Name, Operator, Punctuation, Text

from utils.book.sphinx_ext import fontawesome, page_weight, vendor_css

ROOT = Path(__file__).resolve().parents[1]
THEME_STYLES = ("a11y-high-contrast-light", "a11y-high-contrast-dark")  # pydata-sphinx-theme 0.17.1's defaults
CODE = "loss = (w * x).sum()\nloss.backward(retain_graph=True)\n"


# ---------------------------------------------------------------- math

def test_a_formula_becomes_mathml():
    mathml = page_weight.to_mathml(r"\frac{1}{2}\sum_r \lVert g_r \rVert^2")
    assert mathml.startswith("<math") and "<mfrac>" in mathml and "<msub>" in mathml and "\\" not in mathml
    assert 'display="block"' in page_weight.to_mathml("x^2", display="block")


@pytest.mark.parametrize("bad", [r"\notacommand x", "x^", r"\begin{nothing}"])
def test_a_formula_mathml_cannot_show_fails_with_the_formula_named(bad):
    """latex2mathml writes an unknown command as text (the reader would see TeX) or raises: both fail."""
    with pytest.raises(ValueError, match=re.escape(bad)):
        page_weight.to_mathml(bad)


def test_every_formula_of_the_book_becomes_mathml():
    """The $...$ of every English page (the translations copy them), with no command left as text."""
    import nbformat

    formulas = []
    for path in sorted((ROOT / "book" / "en").glob("*.ipynb")):
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type == "markdown":
                text = re.sub(r"`[^`\n]*`", "", cell.source)
                formulas += re.findall(r"\$\$(.+?)\$\$|\$([^$\n]+)\$", text, re.S)
    formulas = [a or b for a, b in formulas]
    assert len(formulas) > 100
    for formula in formulas:
        assert page_weight.to_mathml(formula).startswith("<math"), formula


def test_the_book_chooses_mathml_and_the_stock_build_keeps_mathjax():
    for stock, wanted in ((False, "mathml"), (True, "mathjax")):
        config = SimpleNamespace(book_stock=stock, html_math_renderer=None)
        page_weight.choose_mathml(None, config)
        assert config.html_math_renderer == wanted


# ---------------------------------------------------------------- highlighting

def test_names_punctuation_and_whitespace_are_plain_in_the_themes_styles():
    plain = page_weight.plain_token_types(*THEME_STYLES)
    assert {Name, Punctuation, Text.Whitespace} <= plain
    assert not {Keyword, Operator, Name.Builtin} & plain  # coloured: their spans stay


def test_a_token_one_style_colours_is_not_plain():
    """friendly draws Name.Namespace blue and bold: a style pair with it keeps that span."""
    assert Name.Namespace in page_weight.plain_token_types(*THEME_STYLES)
    assert Name.Namespace not in page_weight.plain_token_types(THEME_STYLES[0], "friendly")


def test_the_formatter_writes_no_span_for_plain_tokens_and_the_text_is_unchanged():
    plain = page_weight.plain_token_types(*THEME_STYLES)
    old = highlight(CODE, PythonLexer(), HtmlFormatter())
    new = highlight(CODE, PythonLexer(), page_weight.plain_span_formatter(plain)())
    assert '<span class="n">' in old and '<span class="p">' in old  # what it was: a span per name
    assert '<span class="n">' not in new and '<span class="p">' not in new
    assert '<span class="o">' in new and '<span class="kc">True</span>' in new
    assert len(new) < 0.7 * len(old)
    assert re.sub(r"<[^>]+>", "", new) == re.sub(r"<[^>]+>", "", old)


def test_the_plain_classes_have_the_code_blocks_colour_in_the_built_stylesheet():
    """The reason a span can go: in pygments.css as pydata-sphinx-theme writes it, each plain class has
    exactly the colour of .highlight itself, in light and in dark mode."""
    from pydata_sphinx_theme.pygments import get_pygments_stylesheet

    css = get_pygments_stylesheet(*THEME_STYLES)
    plain = page_weight.plain_token_types(*THEME_STYLES)
    for mode in ("light", "dark"):
        base = re.search(rf'html\[data-theme="{mode}"\] \.highlight \{{[^}}]*color: (#\w+)', css).group(1)
        for ttype in plain:
            short = HtmlFormatter().ttype2class.get(ttype) or ""
            rule = re.search(rf'html\[data-theme="{mode}"\] \.highlight \.{re.escape(short)} \{{([^}}]*)\}}', css)
            assert rule is None or rule.group(1).strip().rstrip(";") in (f"color: {base}", ""), (mode, ttype, rule.group(1))


# ---------------------------------------------------------------- inline code: no span.pre per word

# As Sphinx 7.4.7 (page_weight.PATCHED) writes inline code (HTML5Translator.visit_literal and
# visit_Text, taken from the built zh-Hant pages): a span.pre per word, the spaces between as they
# are, a run of spaces as &#160; plus a space; a role's inline code (highlighted: Pygments' spans);
# an inline code inside a link; and a span.pre outside any code.
SPHINX_BODY = (
    '<p>呼叫 <code class="docutils literal notranslate"><span class="pre">backward()</span></code> 兩次，'
    '<code class="docutils literal notranslate"><span class="pre">((out</span> <span class="pre">-</span> '
    '<span class="pre">targets)</span> <span class="pre">**</span> <span class="pre">2).mean()</span></code>，'
    '<code class="docutils literal notranslate"><span class="pre">x</span>&#160;&#160; <span class="pre">=</span> '
    '<span class="pre">y</span></code>，<a class="reference internal" href="retain_graph.html">'
    '<code class="xref std std-ref docutils literal notranslate"><span class="pre">retain_graph</span></code></a>，'
    '<code class="docutils literal highlight highlight-python"><span class="n">x</span><span class="o">.</span>'
    '<span class="n">grad</span></code>。</p>\n<p><span class="pre">not code</span></p>\n')


def test_inline_code_keeps_its_text_without_a_span_per_word():
    new = page_weight.plain_inline_code_html(SPHINX_BODY)
    assert re.sub(r"<[^>]+>", "", new) == re.sub(r"<[^>]+>", "", SPHINX_BODY)  # the same text, spaces included
    assert '<code class="docutils literal notranslate">((out - targets) ** 2).mean()</code>' in new
    assert '<code class="docutils literal notranslate">x&#160;&#160; = y</code>' in new
    assert '<code class="xref std std-ref docutils literal notranslate">retain_graph</code></a>' in new
    assert '<span class="o">.</span>' in new  # a role's highlighting stays
    assert '<p><span class="pre">not code</span></p>' in new  # a span.pre outside inline code stays
    assert new.count("<span") == 4 and len(new) < 0.75 * len(SPHINX_BODY)


def test_the_spans_go_from_the_body_where_the_stylesheet_makes_them_inert():
    """The spans go from the page's body only, inside <article>, where book.css makes them inert
    (white-space: normal) and gives the code their hyphens: none; the stock build keeps them.
    tests/test_page_weight_browser.py compares the pages drawn with and without them."""
    css = (ROOT / "book" / "_static" / "book.css").read_text(encoding="utf-8")
    assert "article code.literal span.pre { white-space: normal; }" in css
    assert re.search(r"article code\.literal \{[^}]*(?<!-)hyphens: none", css)
    app = SimpleNamespace(config=SimpleNamespace(book_stock=False))
    context = {"body": SPHINX_BODY}
    page_weight.plain_inline_code(app, "p", "page.html", context, None)
    assert '<span class="pre">backward()' not in context["body"]
    stock = {"body": SPHINX_BODY}  # the stock build keeps Sphinx's markup
    page_weight.plain_inline_code(SimpleNamespace(config=SimpleNamespace(book_stock=True)), "p", "page.html", stock, None)
    assert stock["body"] == SPHINX_BODY


# ---------------------------------------------------------------- sphinx-design

def _design_context(body):
    asset = lambda name: SimpleNamespace(filename=f"_static/{name}?v=1", attributes={})  # noqa: E731
    return {"body": body, "css_files": [asset("book.css"), asset("sphinx-design.min.css")],
            "script_files": [asset("design-tabs.js"), asset("book.js")]}


def test_sphinx_design_is_dropped_from_a_page_that_does_not_use_it():
    app = SimpleNamespace(config=SimpleNamespace(book_stock=False))
    context = _design_context("<p>no cards here</p>")
    page_weight.drop_unused_design(app, "p", "page.html", context, None)
    assert [a.filename for a in context["css_files"]] == ["_static/book.css?v=1"]
    assert [a.filename for a in context["script_files"]] == ["_static/book.js?v=1"]
    used = _design_context('<div class="sd-card sd-shadow-sm">a card</div>')
    page_weight.drop_unused_design(app, "p", "page.html", used, None)
    assert len(used["css_files"]) == 2 and len(used["script_files"]) == 2


# ---------------------------------------------------------------- Font Awesome's CSS and font

THEME_CSS = ('@font-face{font-display:block;font-family:Font Awesome\\ 6 Free;font-style:normal;font-weight:900;'
             'src:url(../vendor/fontawesome/webfonts/fa-solid-900.woff2) format("woff2"),'
             'url(../vendor/fontawesome/webfonts/fa-solid-900.ttf) format("truetype")}'
             '.fa-bars:before{content:"\\f0c9"}.fa-anchor:before{content:"\\f13d"}'
             '.fa-a:before,.fa-download:before{content:"\\f019"}'
             ':root{--pst-icon-pencil:"\uf303"}.admonition-title:after{content:var(--pst-icon-pencil)}')


def test_unused_icon_rules_go_and_used_ones_stay():
    css = fontawesome.strip_unused_icon_rules(THEME_CSS, {"bars", "download"})
    assert ".fa-bars:before" in css and ".fa-a:before,.fa-download:before" in css
    assert ".fa-anchor" not in css and "--pst-icon-pencil" in css


def test_the_glyphs_kept_are_those_the_css_still_draws():
    css = fontawesome.strip_unused_icon_rules(THEME_CSS, {"bars"})
    assert fontawesome.glyphs_drawn_by_css(css) == {0xf0c9, 0xf303}


def test_the_solid_face_points_at_the_subset_and_a_theme_without_it_fails():
    css = fontawesome.solid_face(THEME_CSS, "../webfonts/sub.woff")
    assert "fa-solid-900.woff2" not in css and 'src:url(../webfonts/sub.woff) format("woff")' in css
    with pytest.raises(RuntimeError, match="Font Awesome Solid"):
        fontawesome.solid_face(".fa-bars:before{content:\"\\f0c9\"}", "x.woff")


def test_the_subset_font_has_the_glyphs_asked_for_and_is_small(tmp_path):
    from fontTools.ttLib import TTFont

    import pydata_sphinx_theme

    ttf = (Path(pydata_sphinx_theme.__file__).parent / "theme" / "pydata_sphinx_theme" / "static" / "vendor"
           / "fontawesome" / "webfonts" / "fa-solid-900.ttf")
    target = tmp_path / "sub.woff"
    fontawesome.subset_font(ttf, {0xf303, 0xf0eb}, target)
    font = TTFont(str(target))
    assert font.flavor == "woff" and {0xf303, 0xf0eb} <= set(font.getBestCmap())
    assert 0xf0c9 not in font.getBestCmap()
    assert target.stat().st_size < 5000 < ttf.stat().st_size


# ---------------------------------------------------------------- vendor CSS: only the rules a page can use

# Rules cut from pydata-sphinx-theme 0.17.1's pydata-sphinx-theme.css (tests/fixtures/patched/), and a
# tiny site: a page naming some of their classes and a script naming others (as bootstrap.js's templates).
VENDOR_RULES = ROOT / "tests" / "fixtures" / "patched" / "rules-pydata-sphinx-theme-0.17.1.css"
SITE_HTML = '<div class="bd-sidebar-primary visually-hidden navbar-collapse modal-dialog" id="main">x</div>'
SITE_JS = 'const t="modal";this._config.template=\'<div class="tooltip" role="tooltip"><div class="tooltip-arrow"></div></div>\''


def _site(tmp_path):
    (tmp_path / "_static" / "styles").mkdir(parents=True)
    (tmp_path / "page.html").write_text(SITE_HTML, encoding="utf-8")
    (tmp_path / "_static" / "scripts").mkdir()
    (tmp_path / "_static" / "scripts" / "bootstrap.js").write_text(SITE_JS, encoding="utf-8")
    css = tmp_path / "_static" / "styles" / "pydata-sphinx-theme.css"
    css.write_text(VENDOR_RULES.read_text(encoding="utf-8"), encoding="utf-8")
    return css


def _pruned(tmp_path):
    css = _site(tmp_path)
    return vendor_css.used_css(css.read_text(encoding="utf-8"), vendor_css.site_words(tmp_path))


def test_a_rule_for_a_class_no_page_or_script_names_is_dropped(tmp_path):
    css = _pruned(tmp_path)
    assert ".fixed-top{top:0}" not in css
    assert ".navbar-expand-lg .navbar-collapse" not in css  # one of its two classes is used: not enough
    assert ".modal-sm{" not in css


def test_the_rules_a_page_uses_stay_byte_for_byte(tmp_path):
    css, source = _pruned(tmp_path), VENDOR_RULES.read_text(encoding="utf-8")
    for kept in (".visually-hidden,.visually-hidden-focusable:not(:focus):not(:focus-within){",  # the page's class
                 ".bd-sidebar-primary{background-color:var(--pst-color-background);"):
        rule = source[source.index(kept):source.index("}", source.index(kept)) + 1]
        assert rule in css


def test_rules_without_classes_and_at_rules_stay(tmp_path):
    css = _pruned(tmp_path)
    assert css.startswith('@charset "UTF-8";\n/*!\n * Bootstrap  v5.3.3')  # the license comment
    assert ":root{--bs-breakpoint-xs:0;" in css
    assert "a:not([href]):not([class]),a:not([href]):not([class]):hover{" in css  # classes only inside :not()
    assert "@keyframes progress-bar-stripes{0%{background-position-x:1rem}}" in css
    assert "@font-face{font-display:block;font-family:Font Awesome\\ 6 Free;" in css
    assert css.endswith("\n/*# sourceMappingURL=pydata-sphinx-theme.css.map*/")  # the .map is served


def test_a_media_block_keeps_its_used_rules_and_goes_when_none_is_left(tmp_path):
    css = _pruned(tmp_path)
    assert "prefers-reduced-motion" not in css and ".form-control" not in css
    assert ("@media (min-width:540px){.modal{--bs-modal-margin:1.75rem;--bs-modal-box-shadow:var(--bs-box-shadow)}"
            ".modal-dialog{margin-left:auto;margin-right:auto;max-width:var(--bs-modal-width)}}") in css


def test_a_class_only_a_script_names_stays_and_so_do_the_classes_scripts_build(tmp_path):
    css = _pruned(tmp_path)
    assert ".tooltip{--bs-tooltip-zindex:1080;" in css  # in bootstrap.js's template only
    # bs-tooltip-auto: bootstrap.js writes it as `bs-${this.constructor.NAME}-auto` (JS_CLASS_PREFIXES)
    assert ".bs-tooltip-auto[data-popper-placement^=top] .tooltip-arrow,.bs-tooltip-top .tooltip-arrow{" in css


def test_with_every_word_of_the_stylesheet_nothing_is_dropped():
    for path in (VENDOR_RULES, *_installed_vendor_css()):
        css = path.read_text(encoding="utf-8")
        assert vendor_css.used_css(css, set(vendor_css.WORD.findall(css))) == css, path.name


def _installed_vendor_css():
    import pydata_sphinx_theme
    import sphinx_book_theme

    return [Path(pydata_sphinx_theme.__file__).parent / "theme" / "pydata_sphinx_theme" / "static" / "styles" / "pydata-sphinx-theme.css",
            Path(sphinx_book_theme.__file__).parent / "theme" / "sphinx_book_theme" / "static" / "styles" / "sphinx-book-theme.css"]


def test_the_build_step_rewrites_the_vendor_css_and_the_stock_build_keeps_it(tmp_path):
    css = _site(tmp_path)
    own = tmp_path / "_static" / "book.css"
    own.write_text(".not-used-anywhere{color:red}", encoding="utf-8")
    source = css.read_text(encoding="utf-8")
    stock = SimpleNamespace(config=SimpleNamespace(book_stock=True), builder=SimpleNamespace(format="html"), outdir=str(tmp_path))
    vendor_css.drop_unused_css(stock, None)
    assert css.read_text(encoding="utf-8") == source
    book = SimpleNamespace(config=SimpleNamespace(book_stock=False), builder=SimpleNamespace(format="html"), outdir=str(tmp_path))
    vendor_css.drop_unused_css(book, None)
    assert ".fixed-top{top:0}" not in css.read_text(encoding="utf-8") and ".visually-hidden," in css.read_text(encoding="utf-8")
    assert own.read_text(encoding="utf-8") == ".not-used-anywhere{color:red}"  # the book's own CSS is its own
