"""The book's notebook conventions, on the real chapters and on planted bad input."""
# package-rewrite: skip  (this file names `utils` on purpose: `python -m utils.book.package rewrite` leaves it)
import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from utils.book import config, notebooks

ROOT = Path(__file__).resolve().parents[1]
ALL_NOTEBOOKS = sorted(p for p in (ROOT / "book").rglob("*.ipynb") if "_build" not in p.parts)


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_notebook_follows_conventions(path):
    assert notebooks.convention_problems(path) == []


def test_setup_cell_comes_from_the_torch_pin(small_book):
    req = small_book / "requirements.txt"
    req.write_text(re.sub(r"^torch==\S+", "torch" + "==9.9.9", req.read_text(encoding="utf-8"), flags=re.M), encoding="utf-8")
    config._pins.cache_clear()  # making the small book read its pins
    assert '"9.9.9"' in notebooks.setup_cell_source(small_book)
    problems = notebooks.convention_problems(small_book / "book" / "en" / "demo.ipynb", small_book)
    assert any("cell 1" in p and "Colab setup cell" in p for p in problems)


def test_setup_cell_is_silent_on_the_pinned_torch(capsys):
    exec(notebooks.setup_cell_source(), {})
    assert capsys.readouterr().out == ""


def _planted(small_book, edit):
    """``edit`` applied to the chapter of the small book (tests/small_book.py): its conventions' problems."""
    path = small_book / "book" / "en" / "demo.ipynb"
    nb = notebooks.read_notebook(path)
    index = edit(nb)
    notebooks.write_notebook(nb, path)
    return notebooks.convention_problems(path, small_book), index


def _first_plain_code(nb):
    return next(i for i, c in enumerate(nb.cells)
                if c.cell_type == "code" and c.outputs and not notebooks.tags(c))


def test_ignored_output_without_assert_is_flagged(small_book):
    def edit(nb):
        i = _first_plain_code(nb)
        nb.cells[i].metadata["tags"] = ["nbval-ignore-output"]
        return i
    problems, i = _planted(small_book, edit)
    assert any(f"cell {i} " in p and "must assert" in p for p in problems)


@pytest.mark.parametrize("line", ["from utils import describe_graph", "from utils.measure import glue_measured",
                                  "import utils", "  from utils.exercises.variable import judge_ex1"])
def test_an_import_of_the_helpers_as_utils_is_flagged(small_book, line):
    def edit(nb):
        i = _first_plain_code(nb)
        nb.cells[i].source = line + "\n" + nb.cells[i].source
        return i
    problems, i = _planted(small_book, edit)
    assert any(f"cell {i} " in p and "autograd_book" in p and "utils.book.package rewrite" in p for p in problems)


def test_imports_of_the_package_and_the_tools_are_not_flagged():
    from utils.book import package

    assert package.old_imports("from autograd_book import draw_graph\nfrom utils.book import config\n"
                               "import torch.utils.checkpoint\nfrom torch.utils import data\nimport utils.book") == []


def test_the_rewrite_is_idempotent_and_leaves_the_tools_alone(small_book):
    from utils.book import package

    entries = package.module_paths()
    before = ("from utils import describe_graph\nfrom utils.exercises.variable import judge_ex1\n"
              "import utils\nutils.describe_graph(x)\nfrom utils.book import config\ntorch.utils.checkpoint\n"
              "see `utils/distributed.py` and utils/book/build.py, poppler-utils")
    once = package.rewrite_text(before, entries)
    assert once == ("from autograd_book import describe_graph\nfrom autograd_book.exercises.variable import judge_ex1\n"
                    "import autograd_book\nautograd_book.describe_graph(x)\nfrom utils.book import config\n"
                    "torch.utils.checkpoint\nsee `utils/autograd_book/distributed.py` and utils/book/build.py, poppler-utils")
    assert package.rewrite_text(once, entries) == once
    path = small_book / "book" / "en" / "demo.ipynb"
    nb = notebooks.read_notebook(path)
    cell = next(c for c in nb.cells if c.cell_type == "code" and "choose_device()" in c.source)
    cell.source = cell.source.replace("from autograd_book import", "from utils import")
    notebooks.write_notebook(nb, path)
    assert package.rewrite([path], small_book)[0] == [path]
    assert notebooks.convention_problems(path, small_book) == []
    assert package.rewrite([path], small_book)[0] == []  # the second run changes nothing


def test_error_without_tag_is_flagged(small_book):
    def edit(nb, tags):
        cell = nbformat.v4.new_code_cell("raise ValueError('planted')", execution_count=2, outputs=[
            nbformat.v4.new_output("error", ename="ValueError", evalue="planted", traceback=[])])
        cell.id, cell.metadata["tags"] = "planted-raise", tags
        nb.cells.append(cell)
        return len(nb.cells) - 1
    problems, i = _planted(small_book, lambda nb: edit(nb, ["raises-exception"]))
    assert not any(f"cell {i} " in p for p in problems), problems
    problems, i = _planted(small_book, lambda nb: (nb.cells.pop(), edit(nb, []))[1])
    assert any(f"cell {i} " in p and "not tagged raises-exception" in p for p in problems)


def test_machine_path_and_stderr_are_flagged(small_book):
    def edit(nb):
        i = _first_plain_code(nb)
        nb.cells[i].outputs.append(nbformat.v4.new_output(
            "stream", name="stderr", text="/home/someone/.venv/lib/python3.11/site-packages/torch/x.py:1: Warning\n"))
        return i
    problems, i = _planted(small_book, edit)
    assert any(f"cell {i} " in p and "machine path" in p for p in problems)
    assert any(f"cell {i} " in p and "stderr" in p for p in problems)


def test_clean_outputs_cuts_tracebacks_and_sanitises():
    cell = nbformat.v4.new_code_cell("x")
    cell.outputs = [
        nbformat.v4.new_output("error", ename="RuntimeError", evalue="boom at 0x7f12ab34cd56",
                               traceback=["File /root/x.py line 3", "RuntimeError: boom"]),
        nbformat.v4.new_output("stream", name="stdout", text="tensor([1.], device='cuda:0')\n"),
    ]
    notebooks.clean_outputs(cell, notebooks.load_sanitizers())
    assert cell.outputs[0]["traceback"] == ["RuntimeError: boom at 0x…"]
    assert cell.outputs[1]["text"] == "tensor([1.])\n"


TINY = """\
import random
print(random.random() < 2)
print(object())
"""


@pytest.mark.slow  # two kernels (make check: ~1.2 CPU-s and their start-up on the longer half's path)
def test_execute_writes_stable_outputs(tmp_path):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# Tiny"), nbformat.v4.new_code_cell(TINY),
                nbformat.v4.new_code_cell("1 / 0")]
    nb.cells[2].metadata["tags"] = ["raises-exception"]
    for i, c in enumerate(nb.cells):
        c.id = f"c{i}"
    path = tmp_path / "tiny.ipynb"
    notebooks.write_notebook(nb, path)
    notebooks.execute(path)
    first = path.read_bytes()
    notebooks.execute(path)
    assert path.read_bytes() == first  # a re-run with unchanged code gives no diff
    out = notebooks.read_notebook(path)
    assert out.metadata == {"kernelspec": notebooks.KERNELSPEC, "language_info": {"name": "python"}}
    assert "0x…" in out.cells[1].outputs[0]["text"]
    assert out.cells[2].outputs[0]["traceback"] == ["ZeroDivisionError: division by zero"]


def _nbval(path: Path, root: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-o", "addopts=", "--nbval",
         "--nbval-current-env", "--nbval-sanitize-with", str(root / "tests" / "nbval_sanitize.cfg"), str(path)],
        capture_output=True, text=True, cwd=root, timeout=600)


@pytest.mark.slow
def test_nbval_catches_a_hand_edited_output_and_an_unexpected_exception(small_book):
    (small_book / "tests").mkdir()
    shutil.copy(ROOT / "tests" / "nbval_sanitize.cfg", small_book / "tests" / "nbval_sanitize.cfg")
    path = small_book / "book" / "en" / "demo.ipynb"
    nb = notebooks.read_notebook(path)
    assert _nbval(path, small_book).returncode == 0  # as written, the small book's chapter passes
    edited = _first_plain_code(nb)
    nb.cells[edited].outputs[0]["text"] = nb.cells[edited].outputs[0]["text"].replace("2", "3")
    raising = nbformat.v4.new_code_cell("z = 1\nraise ValueError('planted')")
    raising.id = "planted-raise"
    nb.cells.append(raising)
    notebooks.write_notebook(nb, path)
    result = _nbval(path, small_book)
    assert result.returncode != 0
    code_cell = sum(c.cell_type == "code" for c in nb.cells[:edited])  # nbval counts the code cells
    assert f"demo.ipynb::Cell {code_cell} " in result.stdout
    assert "planted" in result.stdout
    assert "2 failed" in result.stdout


def test_split_stream_outputs_are_stored_as_one():
    cell = nbformat.v4.new_code_cell("print(1); print(2)", outputs=[
        nbformat.v4.new_output("stream", name="stdout", text="1\n"),
        nbformat.v4.new_output("stream", name="stdout", text="2\n"),
        nbformat.v4.new_output("stream", name="stderr", text="w\n"),
        nbformat.v4.new_output("stream", name="stdout", text="3\n")])
    notebooks.merge_streams(cell)
    assert [(o["name"], o["text"]) for o in cell.outputs] == [("stdout", "1\n2\n"), ("stderr", "w\n"), ("stdout", "3\n")]


def _glued_cell(source: str, name: str, stored: str, tags: list[str]):
    cell = nbformat.v4.new_code_cell(source)
    cell.metadata["tags"] = tags
    cell.outputs = [nbformat.v4.new_output(
        "display_data", data={"application/papermill.record/text/plain": repr(stored)},
        metadata={"scrapbook": {"name": name, "data": True, "display": False,
                                "mime_prefix": "application/papermill.record/"}})]
    return cell


def test_a_plain_glue_in_an_ignored_cell_is_flagged():
    cell = _glued_cell('glue("ratio", f"{r:.2f}", display=False)\nassert r > 1', "ratio", "2.10",
                       ["nbval-ignore-output"])
    assert any("never compared" in p for p in notebooks.glue_problems(cell, "planted"))
    cell.metadata["tags"] = []  # compared by nbval: fine
    assert notebooks.glue_problems(cell, "planted") == []


@pytest.mark.parametrize("stored,within,expected", [
    ("9.5", "(1.17, 4.0)", "outside the band"),     # a measured figure edited by hand
    ("2.1", "None", "literal band"),                 # a claim that states no band
    ("fast", "(1.17, 4.0)", "not a number"),
])
def test_a_measured_glue_outside_its_band_is_flagged(stored, within, expected):
    cell = _glued_cell(f'glue_measured("t", t, f"{{t:.1f}}", within={within})', "t", stored,
                       ["nbval-ignore-output"])
    assert any(expected in p for p in notebooks.glue_problems(cell, "planted"))
    cell.outputs[0]["data"]["application/papermill.record/text/plain"] = repr("2.1")
    if within != "None":
        assert notebooks.glue_problems(cell, "planted") == []


def test_a_measured_glue_without_a_stored_figure_is_flagged():
    cell = _glued_cell('glue_measured("t", t, "x", within=(1, 2))', "other", "1.5", ["nbval-ignore-output"])
    assert any("no stored figure" in p for p in notebooks.glue_problems(cell, "planted"))


def test_glue_measured_asserts_its_band():
    from autograd_book.measure import glue_measured
    with pytest.raises(AssertionError, match="outside the band"):
        glue_measured("t", 9.0, "9.0", within=(1.0, 4.0))


@pytest.mark.slow
def test_nbval_catches_an_edited_deterministic_glued_value(small_book):
    """A figure glued from a compared cell is compared by nbval: edit the stored text, nbval fails."""
    (small_book / "tests").mkdir()
    shutil.copy(ROOT / "tests" / "nbval_sanitize.cfg", small_book / "tests" / "nbval_sanitize.cfg")
    path = small_book / "book" / "en" / "demo.ipynb"
    nb = notebooks.read_notebook(path)
    key = "application/papermill.record/text/plain"
    cell = nbformat.v4.new_code_cell('from myst_nb import glue\nglue("demo-ratio", f"{7 / 6:.2f}", display=False)',
                                     execution_count=4, outputs=[nbformat.v4.new_output("display_data", data={key: "'1.17'"}, metadata={
                                         "scrapbook": {"mime_prefix": "application/papermill.record/", "name": "demo-ratio"}})])
    cell.id = "glued"
    nb.cells.append(cell)
    notebooks.write_notebook(nb, path)
    assert notebooks.stored_glue(cell) == {"demo-ratio": "1.17"}
    assert not notebooks.IGNORE_OUTPUT_TAGS & set(notebooks.tags(cell))
    assert _nbval(path, small_book).returncode == 0  # as stored, it passes
    cell.outputs[0]["data"][key] = "'1.67'"
    notebooks.write_notebook(nb, path)
    result = _nbval(path, small_book)
    assert result.returncode != 0 and "1 failed" in result.stdout, result.stdout[-2000:]


def test_nothing_in_the_repository_still_imports_the_helpers_as_utils():
    """After a merge of a branch older than the package: the command names what to run."""
    from utils.book import package

    entries = package.module_paths()
    stale = []
    for path in package.default_paths():
        if path.suffix == ".ipynb":
            texts = [c.source for c in notebooks.read_notebook(path).cells]
        else:
            texts = [path.read_text(encoding="utf-8")]
            if package.SKIP in texts[0]:
                continue
        if any(package.rewrite_text(t, entries, "autograd_book/" if path.suffix == ".ipynb" else
                                    "utils/autograd_book/") != t for t in texts):
            stale.append(str(path.relative_to(ROOT)))
    assert stale == [], f"run 'python -m utils.book.package rewrite --restamp': {stale}"


def test_the_rewrite_leaves_a_file_that_plants_the_old_name(tmp_path):
    from utils.book import package

    planted, plain = tmp_path / "test_planted.py", tmp_path / "test_plain.py"
    planted.write_text(f"# {package.SKIP}\nimport utils\n", encoding="utf-8")
    plain.write_text("from utils.measure import glue_measured\n", encoding="utf-8")
    assert package.rewrite([planted, plain])[0] == [plain]
    assert planted.read_text(encoding="utf-8").endswith("import utils\n")
    assert plain.read_text(encoding="utf-8") == "from autograd_book.measure import glue_measured\n"
