"""``{book-glossary}``: the glossary page of the edition being built, from book/glossary.yml (issue 33):
the readers' glossary (each term, its one-line definition, the section that explains it) and, folded,
the translators' table of every edition's forms and avoided wordings."""
from __future__ import annotations

import html
import re

from docutils import nodes
from sphinx import addnodes

from utils.book import config
from utils.book.editions.data import load_glossary
from utils.book.sphinx_ext.data_directives import DataDirective, ErrorIndex, inline_code


class GlossaryTable(DataDirective):
    """``{book-glossary}``: the glossary from book/glossary.yml. First the readers' glossary: each term
    in the edition's language (the English after it in a translation), its one-line definition and a
    link to the section that explains it, grouped by the English term's first letter; each term is a
    target (``term-ID``, the same id in every edition, with a permalink; ``{term}`` finds its English).
    Then, folded, the translators' table: a column per edition (headed by its name, each cell marked
    with its language) and the wordings the edition being built avoids."""

    data_file = "glossary.yml"

    def run(self):
        edition = self.edition()
        glossary = load_glossary()
        return [*self.readers_glossary(glossary, edition), *self.translators_table(glossary, edition)]

    def readers_glossary(self, glossary: list[dict], edition: str) -> list:
        env = self.state.document.settings.env
        std = env.get_domain("std")
        lang = config.editions()[edition]["hreflang"]
        ids = term_ids(glossary)
        result = []
        for letter, terms in glossary_groups(glossary).items():
            group = nodes.section(ids=[f"glossary-{letter.lower()}"], names=[f"glossary-{letter.lower()}"],
                                  classes=["glossary-group"])
            group += nodes.title(text=letter)
            # Sphinx writes a permalink after each term of a glossary node's definition list.
            listing = addnodes.glossary(sorted=False)
            items = nodes.definition_list(classes=["book-terms", f"language-{lang}"])
            listing += items
            for term in terms:
                item = nodes.definition_list_item()
                name = nodes.term(ids=[ids[term["en"]]])
                name += nodes.Text(term_heading(term, edition))
                std.note_object("term", term["en"].lower(), ids[term["en"]], location=name)
                item += name
                body = nodes.definition()
                line = nodes.paragraph()
                definition = term.get("definition") or {}
                line += inline_code(definition.get(edition) or definition.get(config.SOURCE, ""))
                if term.get("section"):
                    line += nodes.Text(" → ")
                    line += ErrorIndex.section_link(term["section"], env.docname)
                body += line
                item += body
                items += item
            group += listing
            result.append(group)
        return result

    def translators_table(self, glossary: list[dict], edition: str) -> list:
        eds = config.editions()
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
        # Folded on the site (closed until opened); the PDF has no fold and prints the table.
        summary = html.escape(config.labels(edition)["glossary_translators"])
        return [nodes.raw("", f'<details class="glossary-translators"><summary>{summary}</summary>', format="html"),
                table, nodes.raw("", "</details>", format="html")]

    @staticmethod
    def _row(cells):
        row = nodes.row()
        for text, lang in cells:
            # docutils writes a class "language-X" as the attribute lang="X"
            entry = nodes.entry(classes=[f"language-{lang}"] if lang else [])
            entry += nodes.paragraph(text=text)
            row += entry
        return row


def term_heading(term: dict, edition: str) -> str:
    """A term as the readers' glossary shows it: the English term in English; a translation's form
    followed by the English in parentheses, without its qualifier (unless the form already gives it)."""
    form = term.get(edition) or term["en"]
    if edition == config.SOURCE or "（" in form:
        return form
    return f"{form}（{term['en'].split(' (')[0]}）"  # 串列（list）, not 串列（list (Python)）


def _sort_key(en: str) -> str:
    return re.sub(r"^[^A-Za-z]+", "", en).lower()


def term_ids(glossary: list[dict]) -> dict[str, str]:
    """English term -> its id on the glossary page: 'term-' and the words before any parenthesis
    ('term-leaf-tensor'), or the whole term's words where two terms would share that id."""
    def slug(text: str) -> str:
        return "term-" + re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    short = {t["en"]: slug(t["en"].split(" (")[0]) for t in glossary}
    taken = [v for v in short.values()]
    return {en: i if taken.count(i) == 1 else slug(en) for en, i in short.items()}


def glossary_groups(glossary: list[dict]) -> dict[str, list[dict]]:
    """The terms by the first letter of their English wording, in alphabetical order."""
    groups: dict[str, list[dict]] = {}
    for term in sorted(glossary, key=lambda t: _sort_key(t["en"])):
        groups.setdefault(_sort_key(term["en"])[:1].upper(), []).append(term)
    return groups
