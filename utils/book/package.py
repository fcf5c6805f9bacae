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
    python -m utils.book.package rewrite --restamp  # and re-stamp the prose cells it changed

It turns ``from utils import``, ``from utils.X import``, ``import utils.X`` and ``utils.X`` in
code and prose (never ``utils.book`` nor ``torch.utils``) into ``autograd_book``, and the paths
``utils/X`` of the package's modules into ``autograd_book/X``. English prose it changes needs its
translations re-stamped; it prints the command for each such cell (``--restamp`` runs them). ``make check`` refuses a
notebook that still imports ``utils`` (utils/book/notebooks.py).
"""
from __future__ import annotations

import argparse
import os
import re
import sys
from functools import lru_cache
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


SKIP = "package-rewrite: " + "skip"  # a file holding this line keeps the name utils (it plants it on purpose)


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
            if SKIP in text:  # a test that plants the old name on purpose
                continue
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


# ------------------------------------------------------------------ what a reader notebook carries

MODULE_NAME = re.compile(r"\bautograd_book(?:\.[A-Za-z_]\w*)*")
CATALOG_CALLS = {"Catalog", "say"}   # Catalog("variable"), say("common", ...): the catalogs a module reads


def _module_file(dotted: str, package: Path) -> Path | None:
    """The file of the longest importable prefix of ``dotted`` (``autograd_book.X.Y.name``)."""
    parts = dotted.split(".")[1:]
    for k in range(len(parts), -1, -1):
        path = package.joinpath(*parts[:k])
        if (path / "__init__.py").is_file():
            return path / "__init__.py"
        if k and path.with_suffix(".py").is_file():
            return path.with_suffix(".py")
    return None


def _parse(code: str):
    import ast

    try:
        return ast.parse(code)
    except SyntaxError:  # IPython magics (%load_ext ...) and shell escapes: the Python lines only
        try:
            return ast.parse("\n".join(line for line in code.splitlines() if not line.lstrip().startswith(("%", "!"))))
        except SyntaxError:
            return None


@lru_cache(maxsize=None)
def _names_in(code: str, module: str = NAME) -> tuple[frozenset[str], frozenset[str]]:
    """The package's module names that ``code`` imports or names in a string (lazy imports,
    ``%load_ext``), and the message catalogs it reads; ``module``: the dotted name of the code's
    own module, for relative imports."""
    import ast

    names = set(MODULE_NAME.findall(code))
    catalogs = set()
    tree = _parse(code)
    for node in ast.walk(tree) if tree is not None else ():
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(module.split(".")[:-node.level] + ([base] if base else []))
            names |= {f"{base}.{a.name}" for a in node.names} | {base}
        elif isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif (isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) in CATALOG_CALLS
              and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            catalogs.add(node.args[0].value)
    return frozenset(n for n in names if n == NAME or n.startswith(NAME + ".")), frozenset(catalogs)


@lru_cache(maxsize=None)
def _catalog_json(text: str) -> bytes:
    """A message catalog (YAML) as the compact JSON a reader notebook carries."""
    import json

    import yaml

    entries = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))  # as messages.load reads it
    return json.dumps(entries, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode("utf-8")


def closure(code: str, package: Path = PACKAGE, page: str | None = None) -> dict[str, bytes]:
    """The files of the package that ``code`` (a chapter's code cells) needs: the modules it
    imports, what those import (statements and module names in strings), their packages'
    ``__init__``, the stand-in for myst-nb's glue, and the message catalogs they read (``common``, the chapter's own), each catalog
    as JSON. Returns {path inside the payload: bytes}."""
    names, catalogs = _names_in(code)
    names = set(names) | {f"{NAME}.myst_nb_stand_in"}  # the setup cell registers it where myst-nb is missing
    catalogs = set(catalogs) | {"common"} | ({page} if page else set())
    todo, files = sorted(names), {}
    while todo:
        path = _module_file(todo.pop(), package)
        if path is None or path in files:
            continue
        files[path] = path.read_bytes()
        rel = path.relative_to(package.parent).with_suffix("")
        dotted = ".".join(rel.parts[:-1] if rel.name == "__init__" else rel.parts)
        found, read = _names_in(files[path].decode("utf-8"), dotted if rel.name != "__init__" else dotted + ".x")
        catalogs |= read
        todo += sorted(found)
        for parent in path.relative_to(package).parents:  # every enclosing package's __init__
            todo.append(".".join((NAME, *parent.parts)))
    out = {str(p.relative_to(package.parent)): data for p, data in files.items()}
    folder = package / "exercises" / "messages"
    for catalog in sorted(catalogs):
        source = folder / f"{catalog}.yml"
        if source.is_file():
            out[str(source.relative_to(package.parent).with_suffix(".json"))] = _catalog_json(source.read_text(encoding="utf-8"))
    return dict(sorted(out.items()))


def payload(files: dict[str, bytes]) -> bytes:
    """``files`` as one xz-compressed tar, the same bytes for the same files (no dates, owners)."""
    return _payload(tuple(files.items()))


@lru_cache(maxsize=None)
def _payload(files: tuple[tuple[str, bytes], ...]) -> bytes:
    import io
    import tarfile

    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:xz", preset=9, format=tarfile.PAX_FORMAT) as tar:
        for name, data in files:
            info = tarfile.TarInfo(name)
            info.size, info.mode, info.mtime = len(data), 0o644, 0
            tar.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


SETUP_TITLE = "# @title The book's helpers, packed in this cell { display-mode: \"form\" }\n"


def reader_setup_source(code: str, edition: str, release_check: str, page: str | None = None,
                        package: Path = PACKAGE, translated: bool = False) -> str:
    """The setup cell of a reader notebook: it carries the part of ``autograd_book`` that ``code``
    (the chapter's code cells) needs, as a base64 xz tar, unpacks it into a temporary folder named
    by its hash and puts that folder (it holds nothing but ``autograd_book``) first on sys.path.
    Nothing is fetched; no module named ``utils`` is touched. Then ``release_check``, the lines of
    the book's setup cell that name the torch release of the stored outputs, and for a translated edition the edition's language for
    the judges' messages."""
    import base64
    import hashlib

    packed = payload(closure(code, package, page))
    build = hashlib.sha256(packed).hexdigest()[:12]
    return "".join([
        SETUP_TITLE,
        f"BOOK_PAYLOAD = \"{base64.b64encode(packed).decode('ascii')}\"\n",
        f"# This notebook carries the book's helpers (the package autograd_book, build {build}, "
        f"{len(packed):,} bytes\n"
        "# packed above): this cell unpacks them into a temporary folder and puts it on sys.path.\n"
        "# Nothing is downloaded.\n"
        "import base64, importlib.util, io, os, shutil, sys, tarfile, tempfile\n"
        f"book_home = os.path.join(tempfile.gettempdir(), \"autograd_book-{build}\")\n"
        "if not os.path.isdir(book_home):\n"
        "    unpacking = tempfile.mkdtemp(prefix=\"autograd_book-\")\n"
        "    with tarfile.open(fileobj=io.BytesIO(base64.b64decode(BOOK_PAYLOAD)), mode=\"r:xz\") as packed:\n"
        "        packed.extractall(unpacking, **({\"filter\": \"data\"} if hasattr(tarfile, \"data_filter\") else {}))\n"
        "    try:\n"
        "        os.rename(unpacking, book_home)\n"
        "    except OSError:  # another notebook unpacked the same build meanwhile\n"
        "        shutil.rmtree(unpacking, ignore_errors=True)\n"
        "del BOOK_PAYLOAD\n"
        "# The folder holds nothing but autograd_book, so putting it first shadows none of your modules\n"
        "# (a module of yours named utils keeps working); an autograd_book of another build is forgotten.\n"
        "for name in [m for m in sys.modules if m.split(\".\")[0] == \"autograd_book\"]:\n"
        "    if not (getattr(sys.modules[name], \"__file__\", None) or \"\").startswith(book_home):\n"
        "        del sys.modules[name]\n"
        "sys.path[:] = [book_home] + [p for p in sys.path if p != book_home]\n"
        "if importlib.util.find_spec(\"myst_nb\") is None:  # glue() without myst-nb: the values are in the text\n"
        "    import autograd_book.myst_nb_stand_in\n"
        "    sys.modules[\"myst_nb\"] = autograd_book.myst_nb_stand_in\n",
        release_check.rstrip("\n"),
        (f"\nos.environ.setdefault(\"BOOK_EDITION\", \"{edition}\")  # the judges' messages in this edition's language"
         if translated else ""),
    ])


OLD_PTH = "autograd_book_root.pth"   # before the move: the checkout's root, as an absolute path
PTH = "autograd_book.pth"


def install_pth(site_packages: Path | None = None, root: Path = ROOT) -> Path:
    """Write the venv's ``.pth`` (relative, :func:`pth_line`) and remove the old absolute one."""
    import site

    if site_packages is None and sys.prefix == sys.base_prefix:
        raise SystemExit(f"{sys.executable} is not a venv's python: the book writes its .pth into its own venv only")
    site_packages = Path(site_packages or site.getsitepackages()[0]).resolve()
    (site_packages / OLD_PTH).unlink(missing_ok=True)
    path = site_packages / PTH
    path.write_text(pth_line(site_packages, root) + "\n", encoding="utf-8")
    return path


def relative_kernel(prefix: Path | None = None) -> Path | None:
    """Make the venv's Jupyter kernel start the interpreter that Jupyter runs under (argv[0]
    ``python``, as ipykernel's own spec has it) instead of the absolute path that ``ipykernel
    install`` writes, so a venv copied with its checkout does not start the original's python."""
    import json

    spec = Path(prefix or sys.prefix) / "share" / "jupyter" / "kernels" / "python3" / "kernel.json"
    if not spec.exists():
        return None
    kernel = json.loads(spec.read_text(encoding="utf-8"))
    if kernel.get("argv") and kernel["argv"][0] != "python":
        kernel["argv"][0] = "python"
        spec.write_text(json.dumps(kernel, indent=1) + "\n", encoding="utf-8")
    return spec


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    rw = sub.add_parser("rewrite", help="rewrite utils imports and paths into autograd_book (idempotent)")
    rw.add_argument("paths", nargs="*", type=Path)
    rw.add_argument("--restamp", action="store_true",
                    help="re-stamp the translations of each English prose cell rewritten (the rewrite "
                         "changes every edition's copy of a module name alike, never its meaning)")
    sub.add_parser("venv", help="make this venv follow its checkout: a relative .pth for autograd_book, a kernel "
                                "that starts Jupyter's own python (make setup runs it)")
    args = parser.parse_args(argv)
    if args.command == "venv":
        print(f"wrote {install_pth()} and {relative_kernel()}", file=sys.stderr)
        return
    paths = [p.resolve() for p in args.paths] or default_paths()
    changed, prose = rewrite(paths)
    for path in changed:
        print(f"rewrote {os.path.relpath(path)}")
    for path, cell in prose:
        if path.parent.name == "en":
            command = [sys.executable, "-m", "utils.book.editions", "restamp", path.stem, "--cell", cell]
            if args.restamp:
                import subprocess

                subprocess.run(command, check=True, cwd=ROOT)
            else:
                print(f"prose changed: python -m utils.book.editions restamp {path.stem} --cell {cell}")
    print(f"{len(changed)} file(s) rewritten" if changed else "nothing to rewrite", file=sys.stderr)


if __name__ == "__main__":
    main()
