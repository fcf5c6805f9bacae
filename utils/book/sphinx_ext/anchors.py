"""Stable section anchors: every section of every edition gets, as its id, the id the English
edition gives the same section: its label (``(rg-gan)=``) when it has one, else the English
heading's slug. Without this, a Chinese heading has no Latin letters to slug, so docutils names
its section ``id3`` (by position: adding a section renumbers the rest) or after the API names in it
(``rnn``, ``retain-graph``), and the contents, the heading permalinks and the search's results link
there. The other ids stay on the page (as empty ``<span id>``), so older links still land.

Part of the book's Sphinx extension (utils/book/sphinx_ext/__init__.py); tests/test_anchors.py checks the
built site. The English sections are read from book/en/NAME.ipynb; a translation whose sections
do not line up with the English ones (another count, another label at the same place) keeps the
ids docutils gave it, and the test names the page.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from docutils import nodes
from sphinx.transforms import SphinxTransform

from utils.book import myst



def heading_text(markdown: str) -> str:
    """A heading's text as docutils sees it: no link targets, role names or markup."""
    text = markdown
    for role in reversed(myst.roles(markdown)):                     # {term}`leaf` -> leaf
        text = text[:role.start] + role.content + text[role.end:]
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)            # [text](url) -> text
    return text.replace("`", "")


def english_sections(notebook: Path) -> list[str]:
    """The ids the English edition gives the sections of a notebook (or a MyST page), in document order."""
    ids, label = [], None
    if notebook.suffix == ".md":
        texts = [notebook.read_text(encoding="utf-8")]
    else:
        texts = ["".join(c["source"]) for c in json.loads(notebook.read_text(encoding="utf-8"))["cells"]
                 if c["cell_type"] == "markdown"]
    for text in texts:
        for e in myst.parse(text):  # sections are the headings outside directives
            if e.inside or e.kind not in ("label", "heading", "block", "fence", "directive"):
                continue
            if e.kind == "label":
                label = e.name
                continue
            if e.kind == "heading":
                ids.append(label or nodes.make_id(heading_text(e.content)))
            label = None
    return ids


def explicit_ids(section: nodes.section, document: nodes.document) -> list[str]:
    """The ids of a section that come from a label (an explicit target), not from its heading."""
    return [document.nameids[n] for n in section["names"]
            if document.nametypes.get(n) and document.nameids.get(n) in section["ids"]]


class StableSectionIds(SphinxTransform):
    """After docutils has given sections their ids (and Sphinx's SortIds, 261, has run): put the
    English edition's id first; the toctree collector and the HTML writer use the first id."""

    default_priority = 700

    def apply(self, **kwargs) -> None:
        if getattr(self.config, "book_stock", False):
            return  # the stock-theme build compared with: docutils' own ids
        # Headed sections only (sphinx-exercise's exercise and solution bodies are sections too).
        # The sections a data directive writes (the error index's groups and entries, the glossary's
        # letters) are not in the page's source and carry their own stable ids (errors-CHAPTER,
        # error-ID, glossary-A): they are left out of the lining up.
        sections = [s for s in self.document.findall(nodes.section) if len(s) and isinstance(s[0], nodes.title)
                    and not {"error-group", "error-entry", "glossary-group"} & set(s["classes"])]
        folder = Path(self.env.srcdir).parent / "en"
        english = next((p for p in (folder / f"{self.env.docname}.ipynb", folder / f"{self.env.docname}.md") if p.exists()), None)
        wanted = english_sections(english) if english else []
        if len(wanted) != len(sections):
            wanted = [None] * len(sections)     # not lined up: labels only
        pairs = [(section, want, explicit_ids(section, self.document)) for section, want in zip(sections, wanted)]
        if any(want is not None and labels and want not in labels for _, want, labels in pairs):
            pairs = [(section, None, labels) for section, _, labels in pairs]   # not lined up: labels only
        for section, want, labels in pairs:
            first = labels[0] if labels else want
            if not first or first == section["ids"][0]:
                continue
            if first not in section["ids"]:
                if first in self.document.ids:  # used by another node of this page
                    continue
                section["ids"].append(first)
                self.document.ids[first] = section
            section["ids"].remove(first)
            section["ids"].insert(0, first)


def setup(app):
    app.add_transform(StableSectionIds)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "1"}
