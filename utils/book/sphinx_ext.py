"""Sphinx extension of the book: edition switcher, hreflang links, glossary table.

utils/book/build.py sets ``book_edition`` for each edition's build; the list of
editions and the glossary come from ``_config.yml`` and ``book/glossary.yml``.
"""
from __future__ import annotations

import html
import posixpath
from pathlib import Path

from docutils import nodes
from docutils.parsers.rst import Directive

from utils.book import config, editions

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "book" / "_static"


def load_editions() -> dict:
    return config.editions()


class DataDirective(Directive):
    """A directive that renders a data file of book/ in the edition being built."""

    has_content = False
    data_file = ""

    def edition(self) -> str:
        env = self.state.document.settings.env
        env.note_dependency(str(ROOT / "book" / self.data_file))  # rebuild the page when the data changes
        return env.config.book_edition or "en"


def edition_links(edition: str, pagename: str) -> list[tuple[str, str, str, str]]:
    """(key, name, hreflang, relative URL) of ``pagename`` in every edition."""
    depth = pagename.count("/") + 1  # out of the page's folder, then out of the edition
    up = "../" * depth
    return [
        (key, ed["name"], ed["hreflang"], posixpath.join(up, key, pagename + ".html"))
        for key, ed in load_editions().items()
    ]


def switcher_html(edition: str, pagename: str) -> str:
    items = []
    for key, name, lang, url in edition_links(edition, pagename):
        if key == edition:
            items.append(f'<strong aria-current="page" lang="{lang}">{html.escape(name)}</strong>')
        else:
            items.append(f'<a href="{url}" hreflang="{lang}" lang="{lang}">{html.escape(name)}</a>')
    label = config.labels(edition)["switcher"]
    return (f'<nav class="edition-switcher" aria-label="{label}"><span>{label}:</span> '
            + " · ".join(items) + "</nav>\n")


def _is_thebe(asset) -> bool:
    text = f"{getattr(asset, 'filename', '') or ''} {getattr(asset, 'attributes', {}).get('body', '')}"
    return "thebe" in text.lower()


def _drop_thebe(app, pagename, templatename, context, doctree):
    """The book has no live-code cells: drop Thebe's scripts, which Jupyter Book
    1.0.4 includes twice (a console error) and which point at a CDN."""
    if app.config.book_stock:
        return
    for key in ("script_files", "css_files"):
        if key in context:
            context[key] = [a for a in context[key] if not _is_thebe(a)]


def _page_context(app, pagename, templatename, context, doctree):
    edition = app.config.book_edition
    if not edition or doctree is None:
        return
    context["body"] = switcher_html(edition, pagename) + context.get("body", "")
    alternates = "".join(
        f'<link rel="alternate" hreflang="{lang}" href="{url}" />\n'
        for _key, _name, lang, url in edition_links(edition, pagename)
    )
    context["metatags"] = context.get("metatags", "") + alternates


class GlossaryTable(DataDirective):
    """``{book-glossary}``: the glossary as a table, from book/glossary.yml: a column per
    edition (headed by its name, each cell marked with its language) and the wordings the
    edition being built avoids."""

    data_file = "glossary.yml"

    def run(self):
        edition = self.edition()
        eds = config.editions()
        glossary = editions.load_glossary()
        # The avoided wordings of the edition being built, in a column of their own if it has any.
        has_avoid = any(term.get("avoid", {}).get(edition) for term in glossary)
        heads = [(ed["name"], ed["hreflang"]) for ed in eds.values()]
        heads += [(config.labels(edition)["glossary_avoid"], None)] if has_avoid else []
        table = nodes.table(classes=["book-glossary"])
        group = nodes.tgroup(cols=len(heads))
        table += group
        for _ in heads:
            group += nodes.colspec(colwidth=1)
        thead = nodes.thead()
        group += thead
        thead += self._row(heads)
        tbody = nodes.tbody()
        group += tbody
        sep = ", " if edition == config.SOURCE else "、"
        for term in glossary:
            avoid = sep.join(term.get("avoid", {}).get(edition, []))
            tbody += self._row([(term.get(key, ""), ed["hreflang"]) for key, ed in eds.items()]
                               + ([(avoid, eds[edition]["hreflang"])] if has_avoid else []))
        return [table]

    @staticmethod
    def _row(cells):
        row = nodes.row()
        for text, lang in cells:
            # docutils writes a class "language-X" as the attribute lang="X"
            entry = nodes.entry(classes=[f"language-{lang}"] if lang else [])
            entry += nodes.paragraph(text=text)
            row += entry
        return row


def _search_chinese_with_porter():
    """Sphinx's Chinese search stems English words with the Snowball 'english'
    stemmer when indexing but with the Porter stemmer in the browser, so a
    pasted English error message ("Trying to ...") finds nothing. Index with
    Porter, as Sphinx's English search does."""
    import snowballstemmer
    from sphinx.search.zh import SearchChinese

    class SearchChinesePorter(SearchChinese):
        def init(self, options):
            super().init(options)
            self.stemmer = snowballstemmer.stemmer("porter")

    return SearchChinesePorter


class ErrorIndex(DataDirective):
    """``{error-index}``: every autograd error message, from book/errors.yml, linked to its section."""

    data_file = "errors.yml"

    def run(self):
        from sphinx import addnodes

        env = self.state.document.settings.env
        edition = self.edition()
        words = config.labels(edition)
        result = []
        for entry in editions.load_errors():
            section = nodes.container(ids=[f"error-{entry['id']}"], classes=["error-entry"])
            # The message as text, not code: the search index finds it in every edition.
            message = nodes.paragraph(classes=["error-message"])
            message += nodes.strong(text=entry["message"])
            section += message
            section += nodes.paragraph(text=entry["summary"].get(edition, entry["summary"]["en"]))
            where = nodes.paragraph()
            where += nodes.Text(f"{words['error_explained']}: ")
            ref = addnodes.pending_xref("", refdomain="std", reftype="ref", reftarget=entry["section"],
                                        refexplicit=False, refwarn=True, refdoc=env.docname)
            ref += nodes.inline(text=entry["section"])
            where += ref
            section += where
            if "historical" in entry:
                h = entry["historical"]
                section += nodes.paragraph(
                    text=f"{words['error_historical'].format(until=h['until'])}. {words['error_source']}: {h['source']}",
                    classes=["error-historical"])
            result.append(section)
        return result


def _add_static(app):
    if not app.config.book_stock:
        app.config.html_static_path.append(str(STATIC))
        app.add_css_file("book.css")
        # Paper: long lines wrap instead of being clipped; hidden code cells and solutions open.
        app.add_css_file("print.css", media="print")
        app.add_js_file("print.js")


def _disconnect_thebe(app, config):
    """Jupyter Book 1.0.4 always loads sphinx_thebe, which writes into every page a Thebe
    configuration naming an unrelated Binder repository (binder-examples/...) and adds its
    scripts. The book has no live code: take sphinx_thebe's event handlers off before the
    build starts (tests/test_colab.py checks that no page mentions Thebe or Binder)."""
    if config.book_stock:
        return
    for listeners in app.events.listeners.values():
        for listener in list(listeners):
            if getattr(listener.handler, "__module__", "") == "sphinx_thebe":
                app.disconnect(listener.id)


def setup(app):
    import sphinx.search

    sphinx.search.languages["zh"] = _search_chinese_with_porter()
    app.add_config_value("book_edition", "", "html")
    app.add_config_value("book_stock", False, "html")  # the stock-theme build used for comparison
    app.connect("config-inited", _disconnect_thebe)
    app.connect("builder-inited", _add_static)
    app.connect("html-page-context", _page_context)
    app.connect("html-page-context", _drop_thebe, priority=900)
    app.add_directive("book-glossary", GlossaryTable)
    app.add_directive("error-index", ErrorIndex)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "1"}
