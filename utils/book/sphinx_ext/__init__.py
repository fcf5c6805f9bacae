"""Sphinx extension of the book: its directives, the edition's words, and the patches to other
libraries' behaviour, one module each. Every patch names the version of the library it was
written for (PATCHED); tests/test_sphinx_patches.py tests each on a piece of that version's file
and fails when requirements.txt pins another version.

    switcher          the edition switcher and hreflang links
    data_directives   {error-index}       glossary   {book-glossary}       answer_check   {answer-check}
                      (an expression's forms from book/wrong_answers.json; book.js fetches expression.js on a first check)
    wrong_answers     under each code exercise, its typical wrong answers (book/wrong_answers.json), folded
    locales           settings and catalogs of the edition's words (.mo compiled, theme catalog order)
    library_words     copybutton.js, togglebutton.js, myst-nb's hidden-cell label
    fontawesome       the theme's Font Awesome replaced by the icons used
    thebe             sphinx-thebe's handlers and assets removed
    search_page       Sphinx's search replaced by the book's (Pagefind)
    anchors           every section's id is the English edition's (its label, else its English slug)
    issue_links       cited issues and pull requests as links to GitHub
    api_links         inline code naming a PyTorch API as a link to its documentation (intersphinx)
    page_weight       math as MathML, Pygments spans only where they colour, sphinx-design only where used
    vendor_css        the theme's and extensions' stylesheets cut to the rules a page can use (tinycss2)

utils/book/build.py sets ``book_edition`` for each edition's build; the list of editions and the
glossary come from ``_config.yml`` and ``book/glossary.yml``.
"""
from __future__ import annotations

from utils.book import config
from utils.book.sphinx_ext import anchors, api_links, exercise_numbers, fontawesome, wrong_answers, issue_links, library_words, locales, page_weight, search_page, switcher, thebe, vendor_css
from utils.book.sphinx_ext.answer_check import AnswerCheck, fill_expression_boxes
from utils.book.sphinx_ext.data_directives import ErrorIndex
from utils.book.sphinx_ext.glossary import GlossaryTable

STATIC = config.ROOT / "book" / "_static"


def _add_static(app):
    if not app.config.book_stock:
        app.config.html_static_path.append(str(STATIC))
        app.add_css_file("book.css")
        app.add_js_file("book.js", defer="defer")
        # Paper: long lines wrap instead of being clipped; hidden code cells and solutions open.
        app.add_css_file("print.css", media="print")
        app.add_js_file("print.js")


def setup(app):
    app.add_config_value("book_edition", "", "html")
    app.add_config_value("book_stock", False, "html")  # the stock-theme build used for comparison
    app.connect("config-inited", thebe.disconnect_thebe)
    app.connect("builder-inited", _add_static)
    app.connect("builder-inited", search_page.book_search)
    app.connect("html-page-context", search_page.search_page_words)
    # Before sphinx-togglebutton's config-inited handler (priority 500), which writes its hint into a script.
    app.connect("config-inited", locales.edition_words, priority=400)
    app.connect("build-finished", fontawesome.subset_fontawesome)
    app.connect("build-finished", fontawesome.slim_fontawesome_css)
    app.add_directive("answer-check", AnswerCheck)
    app.connect("doctree-read", fill_expression_boxes)
    # sphinx-exercise has no zh_TW catalog ("exercise" domain): ours is used where it has none.
    locales.compile_catalogs()
    app.add_message_catalog("exercise", str(locales.LOCALES))
    app.connect("builder-inited", locales.booktheme_words_first)
    app.connect("html-page-context", library_words.translate_hidden_cell_label)
    app.connect("build-finished", library_words.translate_scripts)
    app.connect("html-page-context", switcher.page_context)
    app.connect("html-page-context", thebe.drop_thebe, priority=900)
    anchors.setup(app)
    exercise_numbers.setup(app)
    wrong_answers.setup(app)
    issue_links.setup(app)
    api_links.setup(app)
    page_weight.setup(app)
    vendor_css.setup(app)
    app.add_directive("book-glossary", GlossaryTable)
    app.add_directive("error-index", ErrorIndex)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "1"}
