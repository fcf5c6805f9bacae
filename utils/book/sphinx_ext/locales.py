"""The edition's words where libraries take them from settings or catalogs: settings written at
config-inited, our .po catalogs compiled, and our sphinx-book-theme catalog put before the theme's."""
from __future__ import annotations

from pathlib import Path

from utils.book import config

# The versions these patches were written for (tests/test_sphinx_patches.py).
PATCHED = {"sphinx": "7.4.7", "sphinx-book-theme": "1.3.0", "sphinx-exercise": "1.2.1", "babel": "2.19.0"}

LOCALES = config.ROOT / "book" / "_locales"  # our gettext catalogs: theme words, sphinx-exercise's zh_TW



def edition_words(app, cfg):
    """The words of the edition being built where the libraries take them from settings, not
    catalogs: the author line, myst-nb's show/hide prompts and the search box's placeholder."""
    if not cfg.book_edition:
        return
    words = config.labels(cfg.book_edition)
    cfg.author = words["author"]
    cfg.nb_code_prompt_show = words["code_prompt_show"]
    cfg.nb_code_prompt_hide = words["code_prompt_hide"]
    # sphinx-togglebutton's hint on dropdowns (solutions): a setting, English unless set.
    cfg.togglebutton_hint = words["toggle_show"]
    cfg.togglebutton_hint_hide = words["toggle_hide"]
    if cfg.html_theme == "sphinx_book_theme":  # the placeholder is an option of that theme
        cfg.html_theme_options = {**cfg.html_theme_options, "search_bar_text": words["search_bar_text"]}
    # The PDF: Sphinx's LaTeX loads babel with "english" for zh (babel has no Chinese captions), so
    # the table of contents was headed "Contents"; babel sets captions at \begin{document}.
    if words["contents"] != config.labels(config.SOURCE)["contents"]:
        caption = "\\addto\\captionsenglish{\\renewcommand{\\contentsname}{%s}}" % words["contents"]
        cfg.latex_elements = {**cfg.latex_elements,
                              "preamble": cfg.latex_elements.get("preamble", "") + "\n" + caption + "\n"}


def compile_catalogs(folder: Path = LOCALES) -> None:
    """Write the .mo of every .po under ``folder`` that is newer (Sphinx does this for its own
    domain only, and only after extensions have registered theirs)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for po in folder.glob("*/LC_MESSAGES/*.po"):
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            with po.open("rb") as f:
                catalog = read_po(f, locale=po.parts[-3])
            with mo.open("wb") as f:
                write_mo(f, catalog)



def booktheme_words_first(app):
    """sphinx-book-theme's catalogs lack the launch button's words and its zh_CN one has Taiwan's
    列印 for "Print to PDF". Sphinx's add_message_catalog would make ours a fallback of the theme's
    (the first catalog registered wins, and the theme registers its own when it is loaded, before
    builder-inited): ours is put first instead, the theme's behind it."""
    import gettext

    from sphinx import locale

    language = app.config.language
    if app.config.book_stock or not language:
        return
    # The language alone: Python's gettext expands "zh" to zh_CN, so zh_TW would fall back to zh_CN.
    ours = gettext.translation("booktheme", str(LOCALES), languages=[language], fallback=True)
    theirs = locale.translators.get(("general", "booktheme"))
    if theirs is not None and theirs is not ours:
        ours.add_fallback(theirs)
    locale.translators[("general", "booktheme")] = ours


