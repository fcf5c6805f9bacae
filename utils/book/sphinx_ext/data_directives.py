"""The directives that render a data file of book/ in the edition being built: ``{book-glossary}``
(book/glossary.yml) and ``{error-index}`` (book/errors.yml)."""
from __future__ import annotations

import html

from docutils import nodes
from docutils.parsers.rst import Directive

from utils.book import config
from utils.book.editions.data import error_cases, load_errors, load_glossary

ROOT = config.ROOT


class DataDirective(Directive):
    """A directive that renders a data file of book/ in the edition being built."""

    has_content = False
    data_file = ""

    def edition(self) -> str:
        env = self.state.document.settings.env
        env.note_dependency(str(ROOT / "book" / self.data_file))  # rebuild the page when the data changes
        return env.config.book_edition or config.SOURCE



class GlossaryTable(DataDirective):
    """``{book-glossary}``: the glossary as a table, from book/glossary.yml: a column per
    edition (headed by its name, each cell marked with its language) and the wordings the
    edition being built avoids."""

    data_file = "glossary.yml"

    def run(self):
        edition = self.edition()
        eds = config.editions()
        glossary = load_glossary()
        # The avoided wordings of the edition being built, in a column of their own if it has any.
        has_avoid = any(term.get("avoid", {}).get(edition) for term in glossary)
        heads = [(ed["name"], ed["hreflang"]) for ed in eds.values()]
        heads += [(config.labels(edition)["glossary_avoid"], None)] if has_avoid else []
        # Given widths: LaTeX then wraps each column (p{} columns) instead of running off the page.
        table = nodes.table(classes=["book-glossary", "colwidths-given"])
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


class ErrorIndex(DataDirective):
    """``{error-index}``: every autograd error message, from book/errors.yml, linked to its section."""

    data_file = "errors.yml"

    def run(self):
        env = self.state.document.settings.env
        edition = self.edition()
        words = config.labels(edition)
        result = [self.paste_box(words)]
        for entry in load_errors():
            section = nodes.container(ids=[f"error-{entry['id']}"], classes=["error-entry"])
            # The message as text, not code: the search index finds it in every edition.
            message = nodes.paragraph(classes=["error-message"])
            message += nodes.strong(text=entry["message"])
            section += message
            section += nodes.paragraph(text=entry["summary"].get(edition, entry["summary"][config.SOURCE]))
            where = nodes.paragraph()
            where += nodes.Text(f"{words['error_explained']}{words['colon']}")
            explained = error_cases(entry, edition)
            ref = lambda label: self.section_link(label, env.docname)  # noqa: E731
            if not any(line for _, line in explained):  # one line of links: the section first
                for i, (label, _) in enumerate(explained):
                    where += [nodes.Text(" · "), ref(label)] if i else ref(label)
                section += where
            else:  # a list, as the paste box shows it: each case's line, then its section
                section += where
                cases = nodes.bullet_list(classes=["error-cases"])
                for label, line in explained:
                    item = nodes.paragraph()
                    if line:
                        item += nodes.inline(text=line, classes=["error-case-line"])
                    item += ref(label)
                    cases += nodes.list_item("", item)
                section += cases
            if "historical" in entry:
                h = entry["historical"]
                section += nodes.paragraph(
                    text=f"{words['error_historical'].format(until=h['until'])}{words['full_stop']}"
                         f"{words['error_source']}{words['colon']}{h['source']}",
                    classes=["error-historical"])
            result.append(section)
        return result

    @staticmethod
    def section_link(label: str, docname: str):
        """A link to the section ``label``, titled as the section is (resolved by Sphinx's std domain)."""
        from sphinx import addnodes

        xref = addnodes.pending_xref("", refdomain="std", reftype="ref", reftarget=label,
                                     refexplicit=False, refwarn=True, refdoc=docname)
        xref += nodes.inline(text=label)
        return xref

    @staticmethod
    def paste_box(words: dict) -> nodes.raw:
        """The paste-your-error box (book/_static/search/paste.js; its data, _static/search/errors.js,
        is written by utils/book/search.py after the build)."""
        attr = lambda key: html.escape(words[key], quote=True)
        return nodes.raw("", (
            '<form class="error-paste" data-scripts="_static/search/errormatch.js _static/search/errors.js" '
            f'data-explained="{attr("error_explained")}" data-none="{attr("paste_none")}" '
            f'data-search="{attr("search_title")}">'
            f'<label for="error-paste-text">{attr("paste_label")}</label>'
            '<textarea id="error-paste-text" rows="5" spellcheck="false" autocomplete="off"></textarea>'
            f'<button type="submit">{attr("paste_button")}</button>'
            '<div class="error-paste-result" aria-live="polite"></div></form>'
            '<script src="_static/search/paste.js" defer></script>'), format="html")

