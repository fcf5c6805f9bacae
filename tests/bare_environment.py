"""A reader's bare environment, for tests/test_bare_environment.py.

- ``make_bare_venv(folder)``: a real venv (``python -m venv --without-pip``) whose site-packages
  holds only torch, ipykernel and matplotlib and what they require (found from their installed
  metadata), linked from the book's venv instead of installed again (a second).
  No myst-nb, no PyYAML, no nbformat, no ``autograd_book.pth``: nothing of the book's.
- The network is refused twice over: a ``sitecustomize`` in that venv makes every Internet
  socket call raise, and, where the kernel allows it, each process runs in a network namespace
  of its own (``unshare -rn``: no interface but a loopback that is down).
- ``run_imports(...)``: for each reader notebook, in one bare process, in an empty folder with an
  empty temporary folder of its own: the setup cell, the chapter's imports cell, then every
  import statement of every code cell; then no module may come from the checkout.
- ``run_notebook(...)``: a whole reader notebook in a Jupyter kernel of the bare venv (the
  client talks to it over Unix sockets, which the network namespace does not cut).
"""
# package-rewrite: skip  (this file names `utils` on purpose: `python -m utils.book.package rewrite` leaves it)
from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
from functools import lru_cache
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WANTED = ("torch", "ipykernel", "matplotlib")

# Loaded by the bare venv's interpreter at start: the Internet is refused from Python.
SITECUSTOMIZE = '''\
import socket

def _refused(*args, **kwargs):
    raise OSError("network refused: a reader notebook must fetch nothing (bare-environment test)")

_connect = socket.socket.connect

def _connect_local(self, address, *args):
    if self.family in (socket.AF_INET, socket.AF_INET6):
        _refused()
    return _connect(self, address, *args)

socket.socket.connect = _connect_local
socket.socket.connect_ex = _connect_local
socket.getaddrinfo = _refused
socket.create_connection = _refused
'''


def _requirement_names(dist: metadata.Distribution) -> list[str]:
    from packaging.requirements import Requirement

    names = []
    for text in dist.requires or []:
        req = Requirement(text)
        if req.marker is None or req.marker.evaluate({"extra": ""}):
            names.append(req.name)
    return names


def source_site() -> list[str] | None:
    """Where the bare venv's packages come from: the book's venv (None), or, to try the reader
    notebooks on another torch release, the site-packages of the venv named by BOOK_BARE_FROM
    (a venv of the same Python with torch, ipykernel and matplotlib installed; see the README)."""
    other = os.environ.get("BOOK_BARE_FROM")
    if not other:
        return None
    found = sorted(Path(other).glob("lib/python*/site-packages"))
    if not found:
        raise FileNotFoundError(f"BOOK_BARE_FROM={other!r}: no lib/python*/site-packages in it")
    return [str(found[0])]


def distributions(wanted=WANTED, path: list[str] | None = None) -> list[metadata.Distribution]:
    """``wanted`` and everything they require, as installed in this (the book's) venv, or in
    the site-packages ``path`` names."""
    seen, todo, out = set(), list(wanted), []
    while todo:
        name = re.sub(r"[-_.]+", "-", todo.pop()).lower()
        if name in seen:
            continue
        seen.add(name)
        found = list(metadata.Distribution.discover(name=name, path=path)) if path else None
        try:
            dist = found[0] if found else metadata.distribution(name) if path is None else None
        except metadata.PackageNotFoundError:
            dist = None
        if dist is None:
            continue  # an optional requirement this platform does without
        out.append(dist)
        todo += _requirement_names(dist)
    return out


def _top_level(dist: metadata.Distribution) -> set[str]:
    return {Path(str(f)).parts[0] for f in dist.files or [] if not str(f).startswith("..")}


def make_bare_venv(folder: Path) -> Path:
    """The bare venv at ``folder``; returns its python."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(folder)], check=True)
    python = folder / "bin" / "python"
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               capture_output=True, text=True, check=True).stdout.strip())
    for dist in distributions(path=source_site()):
        base = Path(str(dist.locate_file("")))
        for name in _top_level(dist):
            source, target = base / name, site / name
            if source.exists() and not target.exists() and name != "__pycache__":
                target.symlink_to(source)
    (site / "sitecustomize.py").write_text(SITECUSTOMIZE, encoding="utf-8")
    return python


@lru_cache(maxsize=None)
def unshare_works() -> bool:
    """Whether this machine lets a user process run in a network namespace of its own."""
    try:
        return subprocess.run(["unshare", "-rn", "true"], capture_output=True, timeout=30).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


def offline(argv: list[str]) -> list[str]:
    return (["unshare", "-rn"] if unshare_works() else []) + argv


def bare_env(home: Path) -> dict[str, str]:
    """A minimal environment: no PYTHONPATH, no BOOK_* settings but the CPU, HOME in ``home``."""
    return {"PATH": "/usr/bin:/bin", "HOME": str(home), "LANG": "C.UTF-8", "BOOK_DEVICE": "cpu",
            "PYTHONHASHSEED": "0", "MPLBACKEND": "agg", "TMPDIR": str(home)}


# ------------------------------------------------------------------ imports of every chapter

def import_statements(nb) -> list[str]:
    """Every import statement of the notebook's code cells but the setup cell (nested ones too)."""
    out = []
    for cell in nb.cells:
        if cell.cell_type != "code" or "colab-setup" in cell.get("metadata", {}).get("tags", []):
            continue
        try:
            tree = ast.parse(cell.source)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)) and getattr(node, "level", 0) == 0:
                statement = ast.unparse(node)
                if statement not in out:
                    out.append(statement)
    return out


def job(nb, name: str) -> dict:
    code = [c for c in nb.cells if c.cell_type == "code"]
    return {"name": name, "setup": code[0].source, "imports_cell": code[1].source if len(code) > 1 else "",
            "imports": import_statements(nb)}


RUNNER = textwrap.dedent('''\
    import importlib.util, json, os, sys, tempfile
    checkout = os.path.realpath(sys.argv[2])
    jobs = json.load(open(sys.argv[1], encoding="utf-8"))
    sys.path[0] = ""  # as in a Jupyter kernel: the notebook's folder, not this script's
    own_utils = os.path.realpath("utils.py") if os.path.exists("utils.py") else None  # a reader's own module
    if own_utils is None:
        assert importlib.util.find_spec("utils") is None, "utils is importable before the setup cell"
    assert importlib.util.find_spec("myst_nb") is None and importlib.util.find_spec("autograd_book") is None
    from IPython.core.interactiveshell import InteractiveShell
    shell = InteractiveShell.instance()
    base_path, problems, venv = list(sys.path), [], os.path.join(checkout, ".venv") + os.sep

    def from_checkout():
        # Nothing may come from the checkout but the venv's own packages (the bare venv links them).
        found = []
        for name, module in list(sys.modules.items()):
            path = os.path.realpath(getattr(module, "__file__", None) or "")
            if path.startswith(checkout + os.sep) and not path.startswith(venv):
                found.append(f"module {name} was imported from the checkout: {path}")
        if "utils" in sys.modules and os.path.realpath(getattr(sys.modules["utils"], "__file__", "") or "") != own_utils:
            found.append(f"a module named utils was imported: {sys.modules['utils']}")
        return found

    for job in jobs:
        # Each notebook as in a fresh session: its own empty temporary folder, no package loaded.
        os.environ["TMPDIR"] = tempfile.mkdtemp()
        tempfile.tempdir = None
        os.environ.pop("BOOK_EDITION", None)
        for m in [m for m in sys.modules if m.split(".")[0] in ("autograd_book", "myst_nb")]:
            del sys.modules[m]
        sys.path[:] = base_path
        shell.user_ns.clear()
        for what, code in [("setup cell", job["setup"]), ("imports cell", job["imports_cell"])] + \\
                          [("import", s) for s in job["imports"]]:
            result = shell.run_cell(code, silent=True)
            if not result.success:
                error = result.error_in_exec or result.error_before_exec
                problems.append(f"{job['name']}: {what} {code[:80]!r}: {type(error).__name__}: {error}")
                break
        else:
            if not job.get("probe"):
                import autograd_book
                if not os.path.realpath(autograd_book.__file__).startswith(os.path.realpath(os.environ["TMPDIR"])):
                    problems.append(f"{job['name']}: autograd_book came from {autograd_book.__file__}, not the notebook")
        problems += [f"{job['name']}: {p}" for p in from_checkout()]
        for name in [m for m in sys.modules if m.split(".")[0] == "utils"
                     and getattr(sys.modules[m], "__file__", None) != own_utils]:
            del sys.modules[name]  # reported once, for the job that imported it
    print(json.dumps(problems))
''')


def run_imports(python: Path, jobs: list[dict], folder: Path, timeout: int = 600) -> list[str]:
    """Run ``jobs`` (see :func:`job`) in the bare ``python``, in the empty ``folder``; returns the
    problems (an empty list when every setup cell, imports cell and import statement ran)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder.parent / "jobs.json").write_text(json.dumps(jobs, ensure_ascii=False), encoding="utf-8")
    (folder.parent / "runner.py").write_text(RUNNER, encoding="utf-8")
    result = subprocess.run(offline([str(python), str(folder.parent / "runner.py"), str(folder.parent / "jobs.json"),
                                     str(ROOT)]), cwd=folder, env=bare_env(folder.parent), capture_output=True,
                            text=True, timeout=timeout)
    if result.returncode != 0 or not result.stdout.strip():
        return [f"the runner failed ({result.returncode}): {result.stderr[-3000:]}"]
    return json.loads(result.stdout.strip().splitlines()[-1])


# ------------------------------------------------------------------ a whole notebook in a kernel

def run_notebook(python: Path, nb, folder: Path, timeout: int = 600):
    """Execute ``nb`` in a Jupyter kernel of the bare ``python`` (offline, in ``folder``, over
    Unix sockets); returns the executed notebook."""
    from jupyter_client.kernelspec import KernelSpecManager
    from jupyter_client.manager import KernelManager
    from nbclient import NotebookClient

    kernels = folder.parent / "kernels"
    spec = kernels / "bare"
    spec.mkdir(parents=True, exist_ok=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": offline([str(python), "-m", "ipykernel_launcher", "-f", "{connection_file}"]),
        "display_name": "bare", "language": "python", "env": bare_env(folder.parent)}), encoding="utf-8")
    folder.mkdir(parents=True, exist_ok=True)
    env_backup = dict(os.environ)
    for name in ("PYTHONPATH", "BOOK_EDITION", "JUPYTER_PATH"):
        os.environ.pop(name, None)
    try:
        km = KernelManager(kernel_name="bare", kernel_spec_manager=KernelSpecManager(kernel_dirs=[str(kernels)]),
                           transport="ipc", ip=str(folder.parent / "kernel-ipc"))
        client = NotebookClient(nb, km=km, timeout=timeout, allow_errors=True,
                                resources={"metadata": {"path": str(folder)}})
        client.execute()
    finally:
        os.environ.clear()
        os.environ.update(env_backup)
    return nb


def copy_clean(nb):
    """A copy of ``nb`` without outputs, to execute."""
    import copy

    run = copy.deepcopy(nb)
    for cell in run.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    return run


def stream_text(cell) -> str:
    return "".join(o.get("text", "") for o in cell.get("outputs", []) if o.get("output_type") == "stream")


def clear(path: Path) -> None:
    shutil.rmtree(path, ignore_errors=True)
