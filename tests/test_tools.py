"""The book's tools: torch-free, no import cycles, settings and versions read from one place each,
notebooks in Jupyter's own format."""
import ast
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from utils.book import config

ROOT = Path(__file__).resolve().parents[1]
TOOLS = sorted((ROOT / "utils" / "book").glob("*.py"))


def test_the_tools_and_utils_import_without_torch():
    modules = ["utils", "autograd_book", "autograd_book.exercises", "autograd_book.exercises.messages"] + [f"utils.book.{p.stem}" for p in TOOLS if p.stem != "__init__"]
    code = ("import sys\n" + "".join(f"import {m}\n" for m in modules)
            + "bad = [m for m in sys.modules if m == 'torch' or m.startswith('torch.')]\n"
            + "sys.exit(f'torch was imported: {bad[:3]}' if bad else 0)")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr + result.stdout


@pytest.mark.slow
def test_importing_an_instrument_by_name_loads_it():
    code = "import autograd_book, sys; f = autograd_book.describe_graph; sys.exit(0 if 'torch' in sys.modules and callable(f) else 1)"
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT).returncode == 0


def test_each_instrument_is_loaded_by_its_name(monkeypatch):
    """The fast tier's form of the test above (which starts a Python that imports torch, 2 CPU-s):
    in this process, each name of autograd_book's list, its cached value removed first, is loaded
    from its module by the package's __getattr__."""
    import importlib

    import autograd_book

    for name, module in autograd_book._EXPORTS.items():
        monkeypatch.delitem(vars(autograd_book), name, raising=False)
        value = getattr(autograd_book, name)
        assert callable(value) and value is getattr(importlib.import_module(module), name), name
    assert "torch" in sys.modules


def _imports(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module == "utils.book":
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("utils.book."):
            names.add(node.module.split(".")[2])
    return names


def test_the_tools_import_each_other_without_cycles():
    graph = {p.stem: _imports(p) for p in TOOLS}

    def reach(start, seen):
        for n in graph.get(start, ()):
            if n not in seen:
                seen.add(n)
                reach(n, seen)
        return seen

    cycles = [m for m in graph if m in reach(m, set())]
    assert cycles == [], f"import cycles through {cycles}"


SETTINGS_READ = re.compile(r'(_config\.yml|requirements\.txt)"\)\.(read_text|open)\(|open\([^)]*(_config\.yml|requirements\.txt)')


def test_only_config_reads_the_settings_files():
    readers = [p.name for p in TOOLS if p.name != "config.py" and SETTINGS_READ.search(p.read_text(encoding="utf-8"))]
    assert readers == []
    assert SETTINGS_READ.search((ROOT / "utils" / "book" / "config.py").read_text(encoding="utf-8"))  # the check sees a read


def _tracked_text_files():
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    return [ROOT / f for f in files if (ROOT / f).suffix in {".py", ".sh", ".yml", ".yaml", ".html", ".md", ".ini", ".cfg", ".txt", ""}
            and (ROOT / f).is_file() and f != "requirements.txt"]


def stray_pins(text: str) -> list[str]:
    pattern = re.compile(r"\b(" + "|".join(re.escape(name) for name in config.pins()) + r")\s*==\s*\d", re.I)
    return [m.group(0) for m in pattern.finditer(text)]


def test_versions_are_pinned_in_requirements_only():
    assert config.pins()["torch"] == "2.13.0"  # the design card's pin
    planted = 'pip install "myst-nb' + '==1.4.0" torch ' + '== 2'  # split, so this file has no pin itself
    assert stray_pins(planted) == ["myst-nb" + "==1", "torch " + "== 2"]
    found = [f"{p.relative_to(ROOT)}: {pin}" for p in _tracked_text_files()
             for pin in stray_pins(p.read_text(encoding="utf-8", errors="ignore"))]
    assert found == [], "a version written outside requirements.txt (derive it from utils.book.config.pins)"


@pytest.mark.parametrize("path", sorted(p for p in (ROOT / "book").rglob("*.ipynb") if "_build" not in p.parts),
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_notebooks_are_in_jupyters_own_format(path):
    text = path.read_text(encoding="utf-8")
    assert nbformat.writes(nbformat.reads(text, as_version=4)) + "\n" == text, \
        f"{path.relative_to(ROOT)}: not as Jupyter writes it; run 'make execute' or 'make sync'"


def test_bench_figures_reads_glued_numbers_and_their_spread():
    from utils.book import bench_figures

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("glue('r', 1.5)", outputs=[nbformat.v4.new_output(
        "display_data", data={"application/papermill.record/text/plain": "'1.63'"},
        metadata={"scrapbook": {"mime_prefix": "application/papermill.record/", "name": "rg-ratio"}})])]
    assert bench_figures.glued(nb) == {"rg-ratio": "'1.63'"}
    assert bench_figures.as_number("'1.63'") == 1.63 and bench_figures.as_number("2048") == 2048.0
    assert bench_figures.as_number("'a few'") is None
    assert bench_figures.spread(1.63, [1.6, 1.7]) < bench_figures.GOAL
    assert bench_figures.spread(1.63, [3.29, 1.58]) > bench_figures.GOAL  # the audit's retain-vs-sum reruns


def test_every_import_in_the_tools_resolves():
    """Imports inside functions run only when a command does: resolve them all here."""
    import importlib

    for path in TOOLS:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").startswith("utils"):
                module = importlib.import_module(node.module)
                for alias in node.names:
                    assert hasattr(module, alias.name) or importlib.util.find_spec(f"{node.module}.{alias.name}"), \
                        f"{path.name}: from {node.module} import {alias.name}"


def test_the_venv_follows_its_checkout(tmp_path):
    """No absolute path: the .pth holds utils/ relative to site-packages, the kernel starts
    Jupyter's own python; a checkout copied with its venv finds its own copy."""
    import json
    import os

    from utils.book import package

    copy = tmp_path / "copy"
    site_packages = copy / ".venv" / "lib" / "python3.11" / "site-packages"
    site_packages.mkdir(parents=True)
    (site_packages / package.OLD_PTH).write_text("/somewhere/else\n", encoding="utf-8")
    pth = package.install_pth(site_packages, root=copy)
    line = pth.read_text(encoding="utf-8").strip()
    assert line == "../../../../utils" and not os.path.isabs(line) and not (site_packages / package.OLD_PTH).exists()
    assert (site_packages / line).resolve() == (copy / "utils").resolve()
    spec = copy / ".venv" / "share" / "jupyter" / "kernels" / "python3"
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({"argv": [str(copy / ".venv/bin/python"), "-m", "ipykernel_launcher"]}))
    package.relative_kernel(copy / ".venv")
    assert json.loads((spec / "kernel.json").read_text())["argv"][0] == "python"
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "hashlib.sha256" in makefile and "STAMP := $(VENV)/.installed-$(REQ_HASH)" in makefile
    assert "utils.book.package venv" in makefile and "site.getsitepackages()[0]" not in makefile
