"""The directives that render a data file of book/ in the edition being built: ``{error-index}``
(book/errors.yml) here, ``{book-glossary}`` (book/glossary.yml) in glossary.py."""
from __future__ import annotations

import html
import re

from docutils import nodes
from docutils.parsers.rst import Directive

from utils.book import config, notebooks
from utils.book.editions.data import error_cases, load_errors
from utils.book.editions.error_index import label_chapters

ROOT = config.ROOT


class DataDirective(Directive):
    """A directive that renders a data file of book/ in the edition being built."""

    has_content = False
    data_file = ""

    def edition(self) -> str:
        env = self.state.document.settings.env
        env.note_dependency(str(ROOT / "book" / self.data_file))  # rebuild the page when the data changes
        return env.config.book_edition or config.SOURCE



class ErrorIndex(DataDirective):
    """``{error-index}``: every autograd error message, from book/errors.yml, linked to its section."""

    data_file = "errors.yml"

    def run(self):
        env = self.state.document.settings.env
        edition = self.edition()
        words = config.labels(edition)
        result = [self.paste_box(words)]
        # Grouped by where the error comes from: the chapter of the section that explains it, in the
        # book's order; the wordings of older releases last. Each group and each entry is a section
        # (a heading with a permalink, listed in the page's contents column).
        for name, entries in error_groups(load_errors(), label_chapters(), config.toc_docnames()).items():
            group = nodes.section(ids=[f"errors-{name}"], names=[f"errors-{name}"], classes=["error-group"])
            title = (words[f"error_group_{name}"] if name in ("outside", "historical")
                     else chapter_title(edition, name))
            group += nodes.title("", "", *inline_code(title))
            env.note_dependency(str(ROOT / "book" / edition / f"{name}.ipynb"))
            for entry in entries:
                group += self.entry_section(entry, edition, words, env)
            result.append(group)
        return result

    def entry_section(self, entry: dict, edition: str, words: dict, env):
        section = nodes.section(ids=[f"error-{entry['id']}"], names=[f"error-{entry['id']}"], classes=["error-entry"])
        section += nodes.title(text=short_message(entry["message"]))
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
            source = h["source"]  # where it is cited, in each edition's words (a mapping, stamped)
            source = source.get(edition) or source[config.SOURCE] if isinstance(source, dict) else source
            section += nodes.paragraph(
                text=f"{words['error_outside' if h.get('current') else 'error_historical'].format(library=h.get('library', 'PyTorch'), until=h['until'])}{words['full_stop']}"
                     f"{words['error_source']}{words['colon']}{source}",
                classes=["error-historical"])
        return section

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



def error_groups(errors: list[dict], chapters: dict[str, str], toc: list[str]) -> dict[str, list[dict]]:
    """{chapter: its entries} in the book's order, then {"outside": ...}, then {"historical": ...}: an
    entry goes to the chapter of its ``section`` (``chapters``: label -> chapter); another library's
    message that it still prints (``historical.current``) to "outside", an older wording to
    "historical"; no empty group."""
    groups: dict[str, list[dict]] = {name: [] for name in toc + ["outside", "historical"]}
    for entry in errors:
        h = entry.get("historical")
        groups[("outside" if h.get("current") else "historical") if h else chapters[entry["section"]]].append(entry)
    return {name: entries for name, entries in groups.items() if entries}


def chapter_title(edition: str, name: str, root=ROOT) -> str:
    """The chapter's title in ``edition``: the first '# ' heading of its notebook."""
    for cell in notebooks.read_notebook(root / "book" / edition / f"{name}.ipynb").cells:
        match = re.search(r"^# (.+)$", cell.source, re.M) if cell.cell_type == "markdown" else None
        if match:
            return match.group(1).strip()
    return name


def inline_code(text: str) -> list:
    """Text with `code` spans as docutils nodes (a chapter title such as '`retain_graph`, all of it')."""
    parts = text.split("`")
    return [nodes.literal(text=p) if i % 2 else nodes.Text(p) for i, p in enumerate(parts) if p]


def short_message(message: str, limit: int = 80) -> str:
    """An entry's heading: the message up to its first colon, full stop or bracketed aside, at most
    ``limit`` characters (the whole message follows under the heading)."""
    head = re.split(r"(?<=[a-z0-9\]'\"])(?:\. |: | \()", message.strip(), maxsplit=1)[0].rstrip(".")
    return head if len(head) <= limit else head[:limit].rsplit(" ", 1)[0] + " …"
