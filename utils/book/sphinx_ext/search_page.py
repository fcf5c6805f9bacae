"""The book's search page (utils/book/search.py, Pagefind) in place of Sphinx's."""
from __future__ import annotations

from utils.book import config

# The version this patch was written for (tests/test_sphinx_patches.py).
PATCHED = {"sphinx": "7.4.7", "sphinx-book-theme": "1.3.0"}


SEARCH_LABELS = ("search_title", "search_running", "search_none", "search_count", "search_error_entry",
                 "search_noscript", "search_offline", "search_more", "search_corrected", "colon")


def book_search(app):
    """The book's search (utils/book/search.py, Pagefind) replaces Sphinx's: no searchindex.js is
    written, and search.html is the book's page (book/_templates/theme/book-search.html)."""
    if app.config.book_stock or app.builder.format != "html":
        return
    # The page extends sphinx-book-theme's page.html: a project on another theme (the answer-check
    # test's one-page project, on alabaster) keeps Sphinx's search page.
    if app.config.html_theme != "sphinx_book_theme":
        return
    app.builder.search = False
    app.config.html_additional_pages = {**app.config.html_additional_pages, "search": "book-search.html"}


def search_page_words(app, pagename, templatename, context, doctree):
    if pagename == "search" and app.config.book_edition:
        words = config.labels(app.config.book_edition)
        context["book_search"] = {key: words[key] for key in SEARCH_LABELS}


