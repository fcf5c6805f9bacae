"""Reader notebooks: every chapter of every edition as Jupyter and Colab show it.

The chapters are written in MyST for the site: ``{ref}`` roles, ``(label)=`` targets,
``:::{exercise}`` and ``::::{solution-start}`` directives, ``{glue:text}`` figures. Jupyter and
Colab render plain Markdown only, so a downloaded chapter showed that markup as text and every
solution in full. This module writes, from the committed source notebook (never by hand), a
notebook for readers:

- a cross-reference becomes a link: to the same notebook's anchor when the target is in it,
  otherwise to the published page (``html.baseurl`` of _config.yml) or, while no site URL is
  set, the target's title as plain text;
- ``{glue:text}`` becomes the glued figure, as the page shows it;
- an exercise becomes a heading ("Exercise 2", in the edition's words) and its text, with its
  choices as a list; a solution (its prose, code and outputs) is folded into one
  ``<details>`` block, so that it stays closed until the reader opens it;
- ``{admonition}`` and ``{note}`` become a block quote with a bold title;
- inline code that names a PyTorch API links to PyTorch's documentation of the pinned release at its
  first mention under each heading, as on the site (utils/book/pytorch_api.py);
- code cells and their outputs are the source's, unchanged.

A construct the converter does not know is an error (``ReaderNotebookError``), so that new markup
cannot reach readers unconverted. The site build writes the reader notebooks over the copies of
the sources that the download button serves (``<edition>/_sources/<name>.ipynb``), and the Colab
button opens the same files (utils/book/launch.py).

    python -m utils.book.reader_notebooks OUT   # write OUT/<edition>/<name>.ipynb, every chapter
"""
from __future__ import annotations

import argparse
import copy
import html
import re
import sys
from pathlib import Path

from utils.book import config, myst, notebooks, package, pytorch_api
from utils.book.editions import data

ROOT = Path(__file__).resolve().parents[2]
ANSI = re.compile(r"\x1b\[[0-9;]*m")
MD_LINK = re.compile(r"\]\((?P<page>[\w-]+)\.(?:ipynb|md)(?P<hash>#[\w.:-]*)?\)")
# A directive's option left on its own (labels, roles and directives: the MyST reader finds them).
STRAY_OPTION = re.compile(r"^[ \t]*:[\w-]+:", re.M)


class ReaderNotebookError(ValueError):
    """The source uses markup the reader notebooks cannot show."""


# ------------------------------------------------------------------ the edition's words

def _translate(msgid: str, po_files: list[Path]) -> str:
    """``msgid`` as the first of ``po_files`` that translates it has it (English when none does)."""
    from babel.messages.pofile import read_po

    for po in po_files:
        if po.exists():
            with po.open("rb") as f:
                message = read_po(f).get(msgid)
            if message is not None and message.string:
                return message.string
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


# ------------------------------------------------------------------ notebooks

def _output_text(out) -> str | None:
    kind = out.get("output_type")
    if kind == "stream":
        return ANSI.sub("", "".join(out.get("text", "")))
    if kind == "error":
        return ANSI.sub("", "\n".join(out.get("traceback", [])))
    data = out.get("data", {})
    if "text/plain" in data and not out.get("metadata", {}).get("scrapbook"):
        text = data["text/plain"]
        return "".join(text) if isinstance(text, list) else text
    return None


def _output_image(out) -> str | None:
    data = out.get("data", {})
    for mime in ("image/svg+xml", "image/png", "image/jpeg"):
        if mime in data:
            payload = "".join(data[mime]) if isinstance(data[mime], list) else data[mime]
            if mime == "image/svg+xml":
                import base64

                payload = base64.b64encode(payload.encode("utf-8")).decode("ascii")
            return f"![](data:{mime};base64,{payload.strip()})"
    return None


def folded_code(cell) -> str:
    """A solution's code cell as Markdown: the code, then each output (text as a text block)."""
    parts = [f"```python\n{cell.source}\n```"]
    for out in cell.get("outputs", []):
        text = _output_text(out)
        if text is not None and text.strip():
            fence = "````" if "```" in text else "```"
            parts.append(f"{fence}text\n{text.rstrip()}\n{fence}")
        else:
            image = _output_image(out)
            if image:
                parts.append(image)
    return "\n\n".join(parts)


def _opening(source: str, name: str) -> myst.Element | None:
    """The directive ``name`` that opens a markdown cell, if one does."""
    first = next((e for e in myst.parse(source) if e.kind != "link"), None)
    return first if first and first.kind == "directive" and first.name == name else None


def solution_start(source: str) -> str | None:
    """The exercise label of a cell that opens a solution (``::::{solution-start} LABEL``), else None."""
    d = _opening(source, "solution-start")
    return d.arg.split()[0] if d and d.arg else None


def solution_end(source: str) -> bool:
    return _opening(source, "solution-end") is not None


def setup_source(nb, edition: str, page: str, root: Path = ROOT) -> str:
    """The reader notebook's setup cell: it carries the part of the package autograd_book that
    the chapter's code needs (utils/book/package.py), says which torch release the stored outputs
    come from when another one runs, and in a translated edition sets the edition, so that the
    judges' messages speak its language outside book/<edition>/ (Colab, a download)."""
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code" and notebooks.SETUP_TAG not in notebooks.tags(c))
    return package.reader_setup_source(code, edition, notebooks.release_check_source(root, edition), page,
                                       root / "utils" / "autograd_book", translated=edition != config.SOURCE)


def reader_notebook(edition: str, page: str, root: Path = ROOT, known: dict[str, tuple[str, str]] | None = None):
    """The reader notebook of ``page`` (a chapter) in ``edition``; ``known``: targets(edition, root),
    when the caller has it already."""
    import nbformat

    source = notebooks.read_notebook(data.edition_pages(edition, root)[page])
    glue = {}  # name -> the stored text/plain, as myst-nb reads it
    for cell in source.cells:
        for out in cell.get("outputs", []) if cell.cell_type == "code" else []:
            meta = out.get("metadata", {}).get("scrapbook")
            if meta:
                text = out.get("data", {}).get(meta["mime_prefix"] + "text/plain", "")
                glue[meta["name"]] = "".join(text) if isinstance(text, list) else text
    conv = Converter(edition, page, glue, root, known)
    exercise_number = {}
    cells, solution = [], None
    for cell in source.cells:
        if cell.cell_type == "markdown" and (label := solution_start(cell.source)):
            solution = {"label": label, "parts": []}
            continue
        if cell.cell_type == "markdown" and solution_end(cell.source):
            if solution is None:
                raise ReaderNotebookError(f"{edition}/{page}: solution-end without solution-start")
            number = exercise_number.get(solution["label"])
            if number is None:
                raise ReaderNotebookError(f"{edition}/{page}: a solution to {solution['label']!r}, which is no exercise above it")
            summary = html.escape(f"{conv.words['solution']} {conv.words['exercise']} {number}")
            body = "\n\n".join(solution["parts"])
            cell = nbformat.v4.new_markdown_cell(f"<details>\n<summary>{summary}</summary>\n\n{body}\n\n</details>")
            cell.id = f"solution-{solution['label']}"
            cells.append(cell)
            solution = None
            continue
        if solution is not None:
            solution["parts"].append(conv.markdown(cell.source) if cell.cell_type == "markdown" else folded_code(cell))
            continue
        new = copy.deepcopy(cell)
        if cell.cell_type == "markdown":
            before = conv.exercises
            new.source = conv.markdown(cell.source)
            new.metadata.pop("translation", None)
            for d in myst.directives(cell.source, "exercise"):
                if conv.exercises > before and d.options.get("label"):
                    exercise_number[d.options["label"].strip()] = conv.exercises
        cells.append(new)
    if solution is not None:
        raise ReaderNotebookError(f"{edition}/{page}: solution-start {solution['label']!r} is never ended")
    for cell in cells:
        if cell.cell_type == "code" and notebooks.SETUP_TAG in notebooks.tags(cell):
            cell.source = setup_source(source, edition, page, root)
            cell.metadata["cellView"] = "form"  # Colab shows the title, not the packed helpers
            cell.metadata["jupyter"] = {"source_hidden": True}  # so does JupyterLab
    nb = copy.deepcopy(source)
    nb.cells = cells
    nb.metadata["colab"] = {"provenance": []}
    nb.metadata["language_info"] = nb.metadata.get("language_info", {"name": "python"})
    return nb


def leftovers(nb) -> list[str]:
    """MyST markup left in a notebook's markdown cells (code spans and code blocks aside): labels,
    roles and directives as the MyST reader finds them, and a directive's option on its own."""
    found = []
    for cell in nb.cells:
        if cell.cell_type != "markdown":
            continue
        elements = myst.parse(cell.source)
        markup = [e for e in elements if e.kind in ("label", "role", "directive")]
        found += [f"{cell.get('id', '?')}: {e.raw.split(chr(10))[0]!r}" for e in markup]
        text = myst.blank(cell.source, markup + [e for e in elements if e.kind in ("fence", "code")])
        found += [f"{cell.get('id', '?')}: {m.group(0)!r}" for m in STRAY_OPTION.finditer(text)]
    return found


def chapters(edition: str, root: Path = ROOT) -> list[str]:
    """The pages of ``edition`` that are notebooks, in the order of _toc.yml."""
    pages = data.edition_pages(edition, root)
    return [p for p in config.toc_docnames(root) if p in pages and pages[p].suffix == ".ipynb"]


def write_edition(edition: str, out: Path, root: Path = ROOT) -> list[Path]:
    """Write the reader notebook of every chapter of ``edition`` into ``out``; returns the paths."""
    out.mkdir(parents=True, exist_ok=True)
    written, known = [], targets(edition, root)
    for page in chapters(edition, root):
        path = out / f"{page}.ipynb"
        notebooks.write_notebook(reader_notebook(edition, page, root, known), path)
        written.append(path)
    return written


def zip_name(edition: str, root: Path = ROOT) -> str:
    """<repository name>-<edition>-notebooks.zip: every chapter of an edition in one download."""
    return f"{config.repository_name(root)}-{edition}-notebooks.zip"


def write_zip(edition: str, notebooks_written: list[Path], target: Path) -> Path:
    """Zip the reader notebooks of ``edition`` into ``target``, under one folder named like the
    zip; each notebook carries the helpers it needs, so the unpacked folder needs nothing else."""
    import zipfile

    folder = target.name.removesuffix(".zip")
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path in notebooks_written:
            info = zipfile.ZipInfo(f"{folder}/{path.name}", date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type, info.external_attr = zipfile.ZIP_DEFLATED, 0o644 << 16
            zf.writestr(info, path.read_bytes())
    return target


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=Path, help="folder to write <edition>/<chapter>.ipynb into")
    parser.add_argument("--edition", action="append", help="only this edition (repeatable)")
    args = parser.parse_args(argv)
    count = 0
    for edition in args.edition or list(config.editions()):
        count += len(write_edition(edition, args.out / edition))
    print(f"Wrote {count} reader notebooks under {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
