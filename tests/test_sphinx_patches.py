"""Each patch of another library's behaviour (utils/book/sphinx_ext), tested in a second on a
piece of the pinned version's file (tests/fixtures/patched/), and a test that fails when a
patched library's version changes, so that a new version is checked before it is used."""
import gettext
import importlib.metadata
import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest

from utils.book import config
from utils.book.sphinx_ext import fontawesome, library_words, locales, page_weight, search_page, thebe, vendor_css

FIXTURES = Path(__file__).parent / "fixtures" / "patched"
PATCH_MODULES = (fontawesome, library_words, locales, page_weight, search_page, thebe, vendor_css)


def fixture(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("module", PATCH_MODULES, ids=lambda m: m.__name__.rsplit(".", 1)[-1])
def test_each_patched_library_is_the_version_the_patch_was_written_for(module):
    pins = config.pins()
    for package, version in module.PATCHED.items():
        assert pins.get(package.lower()) == version, (
            f"requirements.txt pins {package}=={pins.get(package.lower())}, but {module.__name__} was written for "
            f"{version}: check the patch against the new version, then update its PATCHED and its test fixture")
        assert importlib.metadata.version(package) == version, (package, "installed version differs: make setup")


# ---------------------------------------------------------------- Font Awesome subset

def test_fontawesome_icons_are_read_from_the_solid_pack():
    icons = fontawesome.fontawesome_solid_icons(fixture("fontawesome-pydata-sphinx-theme-0.17.1.js"))
    assert {"0", "circle-info", "info-circle", "magnifying-glass"} <= set(icons)
    assert icons["info-circle"] == icons["circle-info"] and icons["circle-info"][:2] == (512, 512)
    subset = fontawesome.fontawesome_subset({"circle-info"}, fixture("fontawesome-pydata-sphinx-theme-0.17.1.js"))
    assert subset.startswith(fontawesome.SUBSET_MARK) and '"circle-info":[512,512,"M256 512' in subset
    assert "magnifying-glass" not in subset


def test_an_icon_missing_from_the_pack_fails_the_build():
    with pytest.raises(RuntimeError, match="not in the Solid pack"):
        fontawesome.fontawesome_subset({"no-such-icon"}, fixture("fontawesome-pydata-sphinx-theme-0.17.1.js"))


def test_a_fontawesome_file_without_the_solid_pack_is_refused():
    with pytest.raises(ValueError):
        fontawesome.fontawesome_solid_icons("var q={};")


def test_the_installed_theme_file_has_every_icon_the_site_draws():
    icons = fontawesome.fontawesome_solid_icons(fontawesome._theme_fontawesome().read_text(encoding="utf-8"))
    assert len(icons) > 1000
    assert {"bars", "magnifying-glass", "list", "moon", "sun", "circle-half-stroke", "download"} <= set(icons)


def test_icons_used_reads_pages_and_theme_scripts(tmp_path):
    (tmp_path / "a.html").write_text('<i class="fa-solid fa-bars fa-lg"></i><span class="fa-brands fa-github">')
    (tmp_path / "_static" / "scripts").mkdir(parents=True)
    (tmp_path / "_static" / "scripts" / "pydata-sphinx-theme.js").write_text('e.className="fa-solid fa-moon"')
    assert fontawesome.icons_used(tmp_path) == {"bars", "github", "moon"}


# ---------------------------------------------------------------- words written by scripts and writers

def test_copybutton_gets_the_editions_words():
    source = fixture("copybutton-sphinx-copybutton-0.5.2.js")
    words = {"copy": "複製", "copy_to_clipboard": "複製到剪貼簿", "copy_success": "已複製！", "copy_failure": "複製失敗"}
    out = library_words.copybutton_with_language(source, "zh-TW", words)
    assert out.count('"zh-TW": {"copy": "複製"') == 1 and out.index('"zh-TW"') < out.index("'en'")
    assert library_words.copybutton_with_language(out, "zh-TW", words) == out  # a rebuild adds nothing
    assert library_words.copybutton_with_language(source, "zh-CN", words) == source  # it has zh-CN


def test_a_copybutton_without_its_table_fails_loudly():
    with pytest.raises(RuntimeError, match="sphinx-copybutton changed"):
        library_words.copybutton_with_language("const table = {};", "zh-TW", {})


def test_togglebutton_gets_the_editions_label():
    source = fixture("togglebutton-sphinx-togglebutton-0.4.5.js")
    out = library_words.togglebutton_with_label(source, "切換隱藏內容")
    assert 'aria-label="切換隱藏內容"' in out and library_words.TOGGLE_LABEL not in out
    assert library_words.togglebutton_with_label(out, "切換隱藏內容") == out
    with pytest.raises(RuntimeError, match="togglebutton.js changed"):
        library_words.togglebutton_with_label(source.replace("aria-label", "title"), "切換")


def test_myst_nb_writes_the_label_that_is_replaced():
    import myst_nb

    writer = (Path(myst_nb.__file__).parent / "sphinx_.py").read_text(encoding="utf-8")
    assert f"self.body.append('{library_words.MYST_NB_SUMMARY}\\n')" in writer
    body = f'<details class="admonition hide">\n{library_words.MYST_NB_SUMMARY}\n<p>x</p>'
    assert '<summary aria-label="顯示 &quot;隱藏&quot;">' in library_words.hidden_cell_label(body, '顯示 "隱藏"')


def test_myst_nb_names_the_hidden_part_with_the_words_that_are_translated():
    import myst_nb
    from babel.messages.pofile import read_po

    writer = (Path(myst_nb.__file__).parent / "sphinx_.py").read_text(encoding="utf-8")
    for word in library_words.PROMPT_TYPES:
        assert f'node["prompt_show"].replace("{{type}}", "{word}")' in writer
    for state, key in (("collapsed", "prompt_show"), ("expanded", "prompt_hide")):
        assert library_words.PROMPT_TITLE.format(state=state, text=f'{{escape(node["{key}"])}}') in writer
    body = ('<p class="collapsed admonition-title">显示outputs</p>\n'
            '<p class="expanded admonition-title">隐藏output</p>\n<p>output</p>')
    words = {"output": "输出", "outputs": "全部输出"}
    out = library_words.typed_prompts(body, ["显示{type}", "隐藏{type}"], words)
    assert "显示全部输出</p>" in out and "隐藏输出</p>" in out  # "outputs" is not read as "output" + "s"
    assert out.endswith("<p>output</p>")  # only the prompts change
    assert library_words.typed_prompts(body, ["显示代码单元格内容", "隐藏代码单元格内容"], words) == body
    # an edition whose label names the part has a word for each in its catalog
    for edition, info in config.editions().items():  # a draft's labels are English's until translated
        if "{type}" not in info["labels"]["code_prompt_show"] or info["language"] == "en" or info.get("draft"):
            continue
        with (config.ROOT / "book" / "_locales" / info["language"] / "LC_MESSAGES" / "sphinx.po").open("rb") as f:
            catalog = read_po(f)
        for word in library_words.PROMPT_TYPES:
            message = catalog.get(f"myst-nb {{type}}: {word}")
            assert message is not None and message.string, (edition, word)


def test_installed_scripts_still_have_what_the_patches_replace():
    import sphinx_copybutton
    import sphinx_togglebutton

    copy_js = Path(sphinx_copybutton.__file__).parent / "_static" / "copybutton.js_t"
    assert copy_js.read_text(encoding="utf-8").count(library_words.COPYBUTTON_MESSAGES) == 1
    toggle_js = Path(sphinx_togglebutton.__file__).parent / "_static" / "togglebutton.js"
    assert library_words.TOGGLE_LABEL in toggle_js.read_text(encoding="utf-8")


# ---------------------------------------------------------------- catalogs

def test_catalogs_are_compiled_when_newer(tmp_path):
    po = tmp_path / "zh_TW" / "LC_MESSAGES" / "booktheme.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "Print to PDF"\nmsgstr "列印成 PDF"\n',
                  encoding="utf-8")
    locales.compile_catalogs(tmp_path)
    t = gettext.translation("booktheme", str(tmp_path), languages=["zh_TW"])
    assert t.gettext("Print to PDF") == "列印成 PDF"
    mtime = po.with_suffix(".mo").stat().st_mtime_ns
    locales.compile_catalogs(tmp_path)
    assert po.with_suffix(".mo").stat().st_mtime_ns == mtime  # not rewritten when current


def test_our_booktheme_catalog_comes_before_the_themes(monkeypatch):
    from sphinx import locale

    theirs = gettext.NullTranslations()
    monkeypatch.setitem(locale.translators, ("general", "booktheme"), theirs)
    locales.compile_catalogs()
    app = SimpleNamespace(config=SimpleNamespace(language="zh_TW", book_stock=False))
    locales.booktheme_words_first(app)
    ours = locale.translators[("general", "booktheme")]
    assert ours is not theirs and ours._fallback is theirs
    assert ours.gettext("Launch on") != "Launch on"  # our catalog has the words the theme's lacks
    stock = SimpleNamespace(config=SimpleNamespace(language="zh_TW", book_stock=True))
    locales.booktheme_words_first(stock)
    assert locale.translators[("general", "booktheme")] is ours  # the stock build is left alone


# ---------------------------------------------------------------- Thebe and the search page

def test_thebe_handlers_are_disconnected():
    from sphinx.events import EventListener

    def sphinx_thebe_handler(*args):
        pass
    sphinx_thebe_handler.__module__ = "sphinx_thebe"
    mine = EventListener(2, lambda *a: None, 500)
    listeners = {"config-inited": [EventListener(1, sphinx_thebe_handler, 500), mine]}
    removed = []
    app = SimpleNamespace(events=SimpleNamespace(listeners=listeners), disconnect=removed.append)
    thebe.disconnect_thebe(app, SimpleNamespace(book_stock=False))
    assert removed == [1]


def test_the_installed_sphinx_thebe_connects_handlers_from_its_module():
    import inspect

    import sphinx_thebe

    assert "app.connect(" in inspect.getsource(sphinx_thebe.setup)


def test_thebe_assets_are_dropped_from_the_page():
    assets = [SimpleNamespace(filename="_static/sphinx-thebe.js", attributes={}), SimpleNamespace(filename="book.js", attributes={})]
    context = {"script_files": assets, "css_files": []}
    thebe.drop_thebe(SimpleNamespace(config=SimpleNamespace(book_stock=False)), "p", "page.html", context, None)
    assert [a.filename for a in context["script_files"]] == ["book.js"]


def test_sphinx_search_is_turned_off_for_the_book_theme():
    app = SimpleNamespace(builder=SimpleNamespace(format="html", search=True),
                          config=SimpleNamespace(book_stock=False, html_theme="sphinx_book_theme", html_additional_pages={}))
    search_page.book_search(app)
    assert app.builder.search is False and app.config.html_additional_pages == {"search": "book-search.html"}
    other = SimpleNamespace(builder=SimpleNamespace(format="html", search=True),
                            config=SimpleNamespace(book_stock=False, html_theme="alabaster", html_additional_pages={}))
    search_page.book_search(other)
    assert other.builder.search is True


def test_the_pinned_sphinx_reads_builder_search():
    import inspect

    from sphinx.builders.html import StandaloneHTMLBuilder

    source = inspect.getsource(StandaloneHTMLBuilder)
    # Sphinx 7.4.7 writes searchindex.js and the search page only where builder.search is true.
    assert "if self.search:" in source and "if name == 'search' and self.search:" in source


# ---------------------------------------------------------------- vendor CSS: classes scripts build

def test_the_classes_the_theme_scripts_build_from_pieces_are_those_allowlisted():
    """vendor_css.drop_unused_css keeps a rule whose classes the pages or scripts name; a class a script
    puts together (a template literal) is named by no file: JS_CLASS_PREFIXES lists them. A new template
    in the installed theme's scripts fails here until it is read and allowlisted."""
    import re

    import pydata_sphinx_theme
    import sphinx_book_theme

    scripts = [Path(pydata_sphinx_theme.__file__).parent / "theme" / "pydata_sphinx_theme" / "static" / "scripts" / name
               for name in ("bootstrap.js", "pydata-sphinx-theme.js")]
    scripts.append(Path(sphinx_book_theme.__file__).parent / "theme" / "sphinx_book_theme" / "static" / "scripts" / "sphinx-book-theme.js")
    built = set()
    for script in scripts:
        text = script.read_text(encoding="utf-8")
        built |= set(re.findall(r"classList\.(?:add|toggle|replace)\((`[^`]*\$\{[^`]*`)", text))
        built |= set(re.findall(r"class=\\?[\"'][^\"'<>]*\$\{[^\"'<>]*", text))
    assert built == {"`bs-${this.constructor.NAME}-auto`"}
    assert vendor_css.JS_CLASS_PREFIXES == ("bs-tooltip-", "bs-popover-")
