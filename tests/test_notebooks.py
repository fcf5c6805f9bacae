"""The book's notebook conventions, on the real chapters and on planted bad input."""
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from utils.book import notebooks

ROOT = Path(__file__).resolve().parents[1]
ALL_NOTEBOOKS = sorted(p for p in (ROOT / "book").rglob("*.ipynb") if "_build" not in p.parts)


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_notebook_follows_conventions(path):
    assert notebooks.convention_problems(path) == []


def test_setup_cell_comes_from_config(book_copy):
    cfg = book_copy / "_config.yml"
    cfg.write_text(cfg.read_text().replace("autograd-book/autograd-graph-book", "someone/fork")
                   .replace('branch: "main"', 'branch: "dev"'))
    source = notebooks.setup_cell_source(book_copy)
    assert '"https://github.com/someone/fork"' in source and '"dev"' in source
    problems = notebooks.convention_problems(book_copy / "book" / "en" / "graph_basics.ipynb", book_copy)
    assert any("cell 1" in p and "Colab setup cell" in p for p in problems)


def test_setup_cell_is_a_no_op_in_a_checkout():
    namespace = {}
    exec(notebooks.setup_cell_source(), namespace)
    assert namespace["book_utils_found"] is True and "book_checkout" not in namespace  # nothing fetched


def _planted(book_copy, edit):
    path = book_copy / "book" / "en" / "graph_basics.ipynb"
    nb = notebooks.read_notebook(path)
    index = edit(nb)
    notebooks.write_notebook(nb, path)
    return notebooks.convention_problems(path, book_copy), index


def _first_plain_code(nb):
    return next(i for i, c in enumerate(nb.cells)
                if c.cell_type == "code" and c.outputs and not notebooks.tags(c))


def test_ignored_output_without_assert_is_flagged(book_copy):
    def edit(nb):
        i = _first_plain_code(nb)
        nb.cells[i].metadata["tags"] = ["nbval-ignore-output"]
        return i
    problems, i = _planted(book_copy, edit)
    assert any(f"cell {i} " in p and "must assert" in p for p in problems)


def test_error_without_tag_is_flagged(book_copy):
    def edit(nb):
        i = next(i for i, c in enumerate(nb.cells) if "raises-exception" in notebooks.tags(c))
        nb.cells[i].metadata["tags"] = []
        return i
    problems, i = _planted(book_copy, edit)
    assert any(f"cell {i} " in p and "not tagged raises-exception" in p for p in problems)


def test_machine_path_and_stderr_are_flagged(book_copy):
    def edit(nb):
        i = _first_plain_code(nb)
        nb.cells[i].outputs.append(nbformat.v4.new_output(
            "stream", name="stderr", text="/home/someone/.venv/lib/python3.11/site-packages/torch/x.py:1: Warning\n"))
        return i
    problems, i = _planted(book_copy, edit)
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
def test_nbval_catches_a_hand_edited_output_and_an_unexpected_exception(book_copy):
    path = book_copy / "book" / "en" / "graph_basics.ipynb"
    nb = notebooks.read_notebook(path)
    edited = _first_plain_code(nb)
    nb.cells[edited].outputs[0]["text"] = nb.cells[edited].outputs[0]["text"].replace("True", "Maybe")
    raising = next(i for i in range(edited + 1, len(nb.cells)) if nb.cells[i].cell_type == "code"
                   and not notebooks.tags(nb.cells[i]))
    nb.cells[raising].source += "\nraise ValueError('planted')"
    notebooks.write_notebook(nb, path)
    result = _nbval(path, book_copy)
    assert result.returncode != 0
    assert f"graph_basics.ipynb::Cell {edited - 1}" in result.stdout or f"Cell {edited}" in result.stdout
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
