"""The Markdown of the reader notebooks (utils/book/reader_notebooks.py): the edition's words
("Exercise", "Solution to", "Note"), the targets of cross-references ({label: (page, title)}), the
published site's address, and the Converter of one cell's MyST into the plain Markdown Jupyter and
Colab render. A construct it does not know is a ``ReaderNotebookError``.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from utils.book import config, myst, notebooks, pytorch_api
from utils.book.editions import data

ROOT = Path(__file__).resolve().parents[2]
MD_LINK = re.compile(r"\]\((?P<page>[\w-]+)\.(?:ipynb|md)(?P<hash>#[\w.:-]*)?\)")


class ReaderNotebookError(ValueError):
    """The source uses markup the reader notebooks cannot show."""


# ------------------------------------------------------------------ the edition's words

@lru_cache(maxsize=64)
def _catalog(path: Path, stamp: tuple[int, int]) -> dict[str, str]:
    """{msgid: translation} of the .po file at ``path``, read once per version (``stamp``: its
    mtime and size): each chapter's converter asks for the same few words."""
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        return {m.id: m.string for m in read_po(f) if isinstance(m.id, str) and isinstance(m.string, str)}


def _translate(msgid: str, po_files: list[Path]) -> str:
    """``msgid`` as the first of ``po_files`` that translates it has it (English when none does)."""
    for po in po_files:
        if po.exists():
            st = po.stat()
            message = _catalog(po, (st.st_mtime_ns, st.st_size)).get(msgid)
            if message:
                return message
    return msgid


def words(edition: str, root: Path = ROOT) -> dict[str, str]:
    """"Exercise", "Solution to", "Note" in the edition's language: the words the site shows,
    from the same catalogs (the book's own, book/_locales, before sphinx-exercise's and Sphinx's)."""
    import sphinx
    import sphinx_exercise

    language = config.editions(root)[edition]["language"]
    ours = root / "book" / "_locales" / language / "LC_MESSAGES"
    exercise = [ours / "exercise.po", Path(sphinx_exercise.__file__).parent / "translations" / "locales" / language
                / "LC_MESSAGES" / "exercise.po"]
    general = [ours / "sphinx.po", Path(sphinx.__file__).parent / "locale" / language / "LC_MESSAGES" / "sphinx.po"]
    return {"exercise": _translate("Exercise", exercise), "solution": _translate("Solution to", exercise),
            "note": _translate("Note", general)}


# ------------------------------------------------------------------ targets of cross-references

def targets(edition: str, root: Path = ROOT) -> dict[str, tuple[str, str | None]]:
    """{label: (page, title)} of every ``(label)=`` in ``edition`` (title: the heading after it,
    None where none follows); exercise labels get "Exercise N"."""
    result = {}
    ex_word = None
    for page, path in data.edition_pages(edition, root).items():
        if path.suffix == ".ipynb":
            texts = [c.source for c in notebooks.peek_notebook(path).cells if c.cell_type == "markdown"]
        else:
            texts = [path.read_text(encoding="utf-8")]
        exercise = 0
        for text in texts:
            headed = myst.labelled_headings(text)
            for label in myst.labels(text):
                result[label.name] = (page, headed[label.name].content if label.name in headed else None)
            for d in myst.directives(text, "exercise"):
                exercise += 1
                if d.options.get("label"):
                    ex_word = ex_word or words(edition, root)["exercise"]
                    result[d.options["label"].strip()] = (page, f"{ex_word} {exercise}")
    return result


def site_url(root: Path = ROOT) -> str:
    """The published site's address (``html.baseurl`` of _config.yml), or "" while none is set."""
    return (config.load(root).get("html", {}).get("baseurl") or "").rstrip("/")


# ------------------------------------------------------------------ markdown

class Converter:
    """Turns one notebook's MyST markdown into plain Markdown."""

    def __init__(self, edition: str, page: str, glue: dict[str, str], root: Path = ROOT,
                 known: dict[str, tuple[str, str]] | None = None):
        self.edition, self.page, self.glue, self.root = edition, page, glue, root
        self.targets = targets(edition, root) if known is None else known
        self.url = site_url(root)
        self.words = words(edition, root)
        self.exercises = 0
        self.api_urls = {name: pytorch_api.docs_url(root) + uri for name, _, uri in pytorch_api.entries()}
        self.api_mentions = pytorch_api.FirstMentions()  # the names linked since the last heading

    # roles ---------------------------------------------------------
    def link(self, label: str, text: str | None) -> str:
        if label not in self.targets:
            raise ReaderNotebookError(f"{self.edition}/{self.page}: {{ref}} to an unknown label {label!r}")
        page, title = self.targets[label]
        text = text or title
        if text is None:
            raise ReaderNotebookError(f"{self.edition}/{self.page}: {{ref}} to {label!r}, which heads no section, needs a text")
        if page == self.page:
            return f"[{text}](#{label})"
        if self.url:
            return f"[{text}]({self.url}/{self.edition}/{page}.html#{label})"
        return text

    def glued(self, spec: str) -> str:
        """The figure as the page shows it: myst-nb's own formatting of the stored text/plain."""
        from myst_nb.core.variables import format_plain_text

        name, fmt = spec.rsplit(":", 1) if ":" in spec else (spec, "s")
        if name not in self.glue:
            raise ReaderNotebookError(f"{self.edition}/{self.page}: {{glue:text}} of {name!r}, which no cell glues")
        try:
            return format_plain_text(self.glue[name], fmt)
        except ValueError:
            raise ReaderNotebookError(f"{self.edition}/{self.page}: glue {name!r} cannot be formatted as {fmt!r}: "
                                      f"{self.glue[name]!r}") from None

    def role(self, role: myst.Element) -> str:
        name, content = role.name, role.content
        if name == "ref":
            return self.link(role.target, role.text)
        if name == "glue:text" or name == "glue":
            return self.glued(content)
        if name == "math":
            return f"${content}$"
        raise ReaderNotebookError(f"{self.edition}/{self.page}: the role {{{name}}} has no reader form")

    def inline(self, text: str, api_links: bool = True) -> str:
        """Roles, targets and links of prose outside code blocks (``api_links=False`` for a title)."""
        edits = [(e, f'<a id="{e.name}"></a>' if e.kind == "label" else self.role(e))
                 for e in myst.parse(text) if e.kind in ("label", "role")]
        for e, new in reversed(edits):
            text = text[:e.start] + new + text[e.end:]
        if self.url:
            text = MD_LINK.sub(lambda m: f"]({self.url}/{self.edition}/{m.group('page')}.html{m.group('hash') or ''})", text)
        return self.api_links(text) if api_links else text

    def api_links(self, text: str) -> str:
        """Inline code naming a listed PyTorch API as a link to its documentation, at its first mention
        under each heading (pytorch_api.FirstMentions, as the site does); headings and the text of
        links are left alone."""
        edits, heading, links = [], None, []
        for e in myst.parse(text):
            if e.kind == "heading":
                heading = e
                self.api_mentions.section()
            elif e.kind == "link":
                links.append(e)
            elif e.kind == "code" and not any(o.start <= e.start and e.end <= o.end for o in (heading, *links) if o):
                name = self.api_mentions.link(e.content)
                if name is not None:
                    edits.append((e, f"[{e.raw}]({self.api_urls[name]})"))
        for e, new in reversed(edits):
            text = text[:e.start] + new + text[e.end:]
        return text

    # blocks --------------------------------------------------------
    def blocks(self, text: str) -> list[tuple[str, object]]:
        """Split ``text`` into ("text", str), ("code", str) and ("directive", (name, arg, options, body)),
        at the fences and directives the MyST reader finds outside any directive (whole lines)."""
        out, pos = [], 0
        for e in myst.parse(text):
            if e.inside or e.kind not in ("fence", "directive"):
                continue
            start = text.rfind("\n", 0, e.start) + 1
            if not e.closed:
                fence = re.match(r"[`~:]+", e.raw).group(0)
                line = text[start:].split("\n")[0]
                raise ReaderNotebookError(f"{self.edition}/{self.page}: a fence {fence} is never closed: {line!r}")
            if start > pos:
                out.append(("text", text[pos:start - 1]))
            if e.kind == "directive":
                body = e.content[:-1] if e.content.endswith("\n") else e.content
                out.append(("directive", (e.name, e.arg, e.options, body)))
            else:
                out.append(("code", text[start:e.end]))
            pos = e.end + 1
        if pos < len(text):
            out.append(("text", text[pos:]))
        return out

    def markdown(self, text: str) -> str:
        parts = []
        for kind, value in self.blocks(text):
            if kind == "text":
                parts.append(self.inline(value))
            elif kind == "code":
                parts.append(value)
            else:
                parts.append(self.directive(*value))
        return "\n".join(parts).strip("\n")

    def directive(self, name: str, arg: str, options: dict, body: str) -> str:
        if name == "exercise":
            self.exercises += 1
            label = options.get("label")
            anchor = f'<a id="{label}"></a>\n' if label else ""
            title = f"{self.words['exercise']} {self.exercises}" + (f" ({self.inline(arg, api_links=False)})" if arg else "")
            return f"{anchor}### {title}\n\n{self.markdown(body)}\n"
        if name == "answer-check":
            if options.get("kind", "choice") in ("number", "text"):
                return ""  # the judge cell below checks the number or the name; a set's choices are listed
            items = []
            for line in (l for l in body.split("\n") if l.strip()):
                key, sep, choice = line.partition(":")
                if not sep:
                    raise ReaderNotebookError(f"{self.edition}/{self.page}: a choice is 'key: text', not {line!r}")
                items.append(f"- **{key.strip()}**: {self.inline(choice.strip())}")
            return "\n".join(items) + "\n"
        if name in {"admonition", "note", "tip", "warning", "important", "hint", "caution", "attention", "danger", "error"}:
            title = self.inline(arg, api_links=False) if name == "admonition" else self.words["note"] if name == "note" else name.capitalize()
            inner = self.markdown(body)
            quoted = "\n".join(("> " + line) if line else ">" for line in inner.split("\n"))
            return f"> **{title}**\n>\n{quoted}\n"
        raise ReaderNotebookError(f"{self.edition}/{self.page}: the directive {{{name}}} has no reader form")
