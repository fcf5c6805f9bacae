"""``editions new-chapter NAME "Title"``: a new English chapter that already meets the
conventions (cell 0 its '# ' title, then the Colab setup cell, then the cell that chooses
``device``; readable cell ids), its line in _toc.yml, and its copies in every translation."""
from __future__ import annotations

import io
import re
from pathlib import Path

import nbformat
from ruamel.yaml import YAML

from utils.book import config, notebooks
from utils.book.editions.data import edition_pages
from utils.book.editions.sync import sync_all

ROOT = config.ROOT
SOURCE = config.SOURCE
NAME = re.compile(r"^[a-z][a-z0-9_]*$")
DEVICE_CELL = ("import torch\n"
               "from autograd_book import choose_device, seed_everything\n"
               "\n"
               "device = choose_device()\n"
               "seed_everything(0)")


def chapter_notebook(title: str, root: Path = ROOT):
    nb = nbformat.v4.new_notebook()
    nb.metadata = {"kernelspec": dict(notebooks.KERNELSPEC), "language_info": {"name": "python"}}
    head = nbformat.v4.new_markdown_cell(f"# {title}")
    head.id = "title"
    device = nbformat.v4.new_code_cell(DEVICE_CELL)
    device.id = "imports"
    nb.cells = [head, notebooks.new_setup_cell(root), device]
    return nb


def add_to_toc(name: str, root: Path = ROOT) -> None:
    """Add ``- file: NAME`` after the last chapter that is a notebook (before the reference
    pages, the error index and the glossary), keeping _toc.yml's comments."""
    yaml = YAML()
    yaml.indent(mapping=2, sequence=4, offset=2)
    path = root / "_toc.yml"
    toc = yaml.load(path.read_text(encoding="utf-8"))
    chapters = toc["chapters"]
    pages = edition_pages(SOURCE, root)
    last = max((i for i, c in enumerate(chapters) if pages.get(c.get("file"), Path()).suffix == ".ipynb"), default=-1)
    entry = type(chapters[0])() if chapters else {}
    entry["file"] = name
    chapters.insert(last + 1, entry)
    out = io.StringIO()
    yaml.dump(toc, out)
    path.write_text(out.getvalue(), encoding="utf-8")


def new_chapter(name: str, title: str, root: Path = ROOT) -> list[Path]:
    """Write the chapter in English and in every translation; returns the files written."""
    if not NAME.match(name):
        raise SystemExit(f"{name!r}: a chapter's name is lower case letters, digits and _ (it becomes its URL)")
    if name in config.toc_docnames(root) or any((root / "book" / e / f"{name}.ipynb").exists()
                                                   for e in config.editions(root)):
        raise SystemExit(f"{name!r} exists already")
    path = root / "book" / SOURCE / f"{name}.ipynb"
    notebooks.write_notebook(chapter_notebook(title, root), path)
    add_to_toc(name, root)
    sync_all(root, names=[name])
    return [path, root / "_toc.yml"] + [root / "book" / e / f"{name}.ipynb" for e in config.translations(root)]
