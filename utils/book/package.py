"""The reader package ``autograd_book``: where it lives, how the book's own processes find it, and
the rewrite of the old ``utils`` imports.

The helpers a chapter imports (instruments, judges and their messages, lesson code) are the
package ``autograd_book``, at ``utils/autograd_book/``. Readers import it under that top-level
name, so that it collides with no reader's module (``utils`` is in half the projects a reader
has). The folder ``utils/`` (the package and the book's tools ``utils/book``, nothing else) is
the entry on ``sys.path``:

- the book's venv: a ``.pth`` file whose line is the *relative* path from site-packages to
  ``utils/`` (written by ``make setup``), so the venv follows its checkout when both are copied;
- the tools and tests: importing ``utils`` puts this checkout's folder first (utils/__init__.py);
  kernels started by the tests and by ``make execute`` get it through ``PYTHONPATH``
  (:func:`kernel_env`), so nbval tests this checkout whatever the venv's ``.pth`` says;
- a reader notebook: its setup cell unpacks the package into a temporary folder and appends that
  folder to ``sys.path`` (utils/book/reader_notebooks.py).

No module named ``utils`` is importable in a notebook's kernel, so a reader's own keeps working.

Code written before the move imports ``utils.X``. The rewrite is mechanical and idempotent:

    python -m utils.book.package rewrite            # every notebook of every edition, tests/, the package
    python -m utils.book.package rewrite PATH ...   # only these files (.ipynb, .py, .yml, .md)

It turns ``from utils import``, ``from utils.X import``, ``import utils.X`` and ``utils.X`` in
code and prose (never ``utils.book`` nor ``torch.utils``) into ``autograd_book``, and the paths
``utils/X`` of the package's modules into ``autograd_book/X``. English prose it changes needs its
translations re-stamped; it prints the command for each such cell. ``make check`` refuses a
notebook that still imports ``utils`` (utils/book/notebooks.py).
"""
from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HOME = ROOT / "utils"                      # the sys.path entry
PACKAGE = HOME / "autograd_book"           # the package
NAME = "autograd_book"

# `utils` as a module name: not part of a longer name or attribute (torch.utils, poppler-utils),
# followed by a submodule other than the tools (utils.book) or by `import` (from utils import ...).
MODULE = re.compile(r"(?<![\w.\-/])utils(?=\.(?!book\b)[A-Za-z_]|\s+import\b)")
IMPORT_BARE = re.compile(r"(?<![\w.])import\s+utils\b(?!\.)")
# An import of the old name in a notebook's code: what the convention check refuses.
OLD_IMPORT = re.compile(r"^\s*(?:from\s+utils(?:\.(?!book\b)[\w.]+)?\s+import\b|import\s+utils\b(?!\.book\b))", re.M)


def module_paths(package: Path = PACKAGE) -> set[str]:
    """The top-level entries of the package (``measure.py``, ``exercises``...), as path pieces."""
    return {p.name for p in package.iterdir() if p.name != "__pycache__" and not p.name.startswith(".")}


def rewrite_text(text: str, entries: set[str] | None = None, path_prefix: str = "utils/autograd_book/") -> str:
    """``text`` with the old ``utils`` imports, module names and package paths rewritten; a path
    ``utils/X`` of a module of the package becomes ``path_prefix + X`` (a notebook's prose says
    ``autograd_book/X``, the path inside the package; the repository's files give it from the root)."""
    entries = module_paths() if entries is None else entries
    text = MODULE.sub(NAME, text)
    text = IMPORT_BARE.sub(f"import {NAME}", text)
    if entries:
        names = "|".join(sorted(map(re.escape, entries), key=len, reverse=True))
        text = re.sub(rf"(?<![\w.\-/])utils/(?=(?:{names})(?![\w]))", path_prefix, text)
    return text


def old_imports(source: str) -> list[str]:
    """The lines of a code cell that import the package under its old name ``utils``."""
    return [m.group(0).strip() for m in OLD_IMPORT.finditer(source)]


def rewrite_notebook(path: Path, entries: set[str]) -> list[str]:
    """Rewrite a notebook in place; returns the ids of the markdown cells whose text changed."""
    import nbformat  # notebooks.py imports this module: read and write as it does, without it

    nb = nbformat.reads(path.read_text(encoding="utf-8"), as_version=4)
    changed, prose = False, []
    for cell in nb.cells:
        new = rewrite_text(cell.source, entries, f"{NAME}/")
        if new != cell.source:
            cell.source = new
            changed = True
            if cell.cell_type == "markdown":
                prose.append(cell.get("id", "?"))
        for key, mime_text in (("image", "alt"), ("figure", "caption")):
            meta = cell.get("metadata", {}).get("mystnb", {}).get(key, {})
            if isinstance(meta.get(mime_text), str):
                new = rewrite_text(meta[mime_text], entries, f"{NAME}/")
                if new != meta[mime_text]:
                    meta[mime_text], changed = new, True
    if changed:
        nb.nbformat, nb.nbformat_minor = 4, 5
        nbformat.write(nb, str(path))
    return prose


def default_paths(root: Path = ROOT) -> list[Path]:
    paths = sorted((root / "book").glob("*/*.ipynb"))
    paths += sorted((root / "tests").glob("*.py"))
    paths += sorted(p for p in (root / "utils" / "autograd_book").rglob("*") if p.suffix in {".py", ".yml"})
    return paths


def rewrite(paths: list[Path], root: Path = ROOT) -> tuple[list[Path], list[tuple[Path, str]]]:
    """Rewrite ``paths`` in place: returns the files changed and the (notebook, cell id) pairs
    whose prose changed."""
    entries = module_paths(root / "utils" / "autograd_book")
    changed, prose = [], []
    for path in paths:
        if path.suffix == ".ipynb":
            before = path.read_bytes()
            prose += [(path, cell) for cell in rewrite_notebook(path, entries)]
            if path.read_bytes() != before:
                changed.append(path)
        elif path.suffix in {".py", ".yml", ".md"}:
            text = path.read_text(encoding="utf-8")
            new = rewrite_text(text, entries)
            if new != text:
                path.write_text(new, encoding="utf-8")
                changed.append(path)
    return changed, prose


def kernel_env(env: dict[str, str] | None = None, root: Path = ROOT) -> dict[str, str]:
    """``env`` (default: this process's) with this checkout's ``utils/`` first on PYTHONPATH: the
    environment of a kernel or subprocess that must import this checkout's ``autograd_book``."""
    env = dict(os.environ if env is None else env)
    home = str(root / "utils")
    rest = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p and p != home]
    env["PYTHONPATH"] = os.pathsep.join([home, *rest])
    return env


def pth_line(site_packages: Path, root: Path = ROOT) -> str:
    """The line of the venv's ``.pth`` file: ``utils/`` relative to site-packages (never absolute,
    so a venv copied with its checkout finds the copy)."""
    return os.path.relpath(root / "utils", site_packages)


OLD_PTH = "autograd_book_root.pth"   # before the move: the checkout's root, as an absolute path
PTH = "autograd_book.pth"


def install_pth(site_packages: Path | None = None, root: Path = ROOT) -> Path:
    """Write the venv's ``.pth`` (relative, :func:`pth_line`) and remove the old absolute one."""
    import site

    site_packages = Path(site_packages or site.getsitepackages()[0]).resolve()
    (site_packages / OLD_PTH).unlink(missing_ok=True)
    path = site_packages / PTH
    path.write_text(pth_line(site_packages, root) + "\n", encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    rw = sub.add_parser("rewrite", help="rewrite utils imports and paths into autograd_book (idempotent)")
    rw.add_argument("paths", nargs="*", type=Path)
    sub.add_parser("venv", help="write this interpreter's .pth for autograd_book (relative; make setup runs it)")
    args = parser.parse_args(argv)
    if args.command == "venv":
        print(f"wrote {install_pth()}", file=sys.stderr)
        return
    paths = [p.resolve() for p in args.paths] or default_paths()
    changed, prose = rewrite(paths)
    for path in changed:
        print(f"rewrote {os.path.relpath(path)}")
    for path, cell in prose:
        if path.parent.name == "en":
            print(f"prose changed: python -m utils.book.editions restamp {path.stem} --cell {cell}")
    print(f"{len(changed)} file(s) rewritten" if changed else "nothing to rewrite", file=sys.stderr)


if __name__ == "__main__":
    main()
