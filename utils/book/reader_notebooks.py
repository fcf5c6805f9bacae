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

from utils.book import config, myst, notebooks, package
from utils.book.editions import data
from utils.book.reader_markdown import Converter, ReaderNotebookError, site_url, targets, words  # noqa: F401  (their home before)

ROOT = Path(__file__).resolve().parents[2]
ANSI = re.compile(r"\x1b\[[0-9;]*m")
# A directive's option left on its own (labels, roles and directives: the MyST reader finds them).
STRAY_OPTION = re.compile(r"^[ \t]*:[\w-]+:", re.M)


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
            zf.writestr(info, path.read_bytes(), compresslevel=zf.compresslevel)  # a ZipInfo gets no level of its own
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
