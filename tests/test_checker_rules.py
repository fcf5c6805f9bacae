"""One planted input per rule and per regex alternative of the convention and edition checks, so
that removing a rule, or one alternative of a pattern, fails a test (issue 20, item 6)."""
import json
import shutil
from pathlib import Path

import nbformat
import pytest

from utils.book import editions, notebooks

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("path", [
    "/root/book/x.py", "/tmp/tmpab12/x.py", "/home/someone/x.py", "/Users/someone/x.py", "/work/main/x.py",
    "lib/python3.11/site-packages/torch/x.py", "project/.venv/lib/x.py", "C:\\Users\\x\\y.py",
])
def test_every_machine_path_form_is_flagged(tmp_path, path):
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("print(1)")
    cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text=f"File {path}, line 3\n")]
    nb.cells = [cell]
    nb.cells[0].id = "c0"
    for name in ("_config.yml", "_toc.yml", "requirements.txt"):
        shutil.copy(ROOT / name, tmp_path / name)
    target = tmp_path / "x.ipynb"
    target.write_text(json.dumps(nb))
    problems = notebooks.convention_problems(target, tmp_path)
    assert any("machine path" in p for p in problems), problems


def test_a_relative_path_is_not_a_machine_path(tmp_path):
    assert notebooks.MACHINE_PATHS.search(json.dumps(["utils/measure.py:12", "torch/autograd/graph.py"])) is None


@pytest.mark.parametrize("entry", [{}, {"translated_from": {}}, {"translated_from": {"zh-hans": "0" * 16}}])
def test_a_missing_stamp_is_a_problem(entry):
    problems = editions._stamp_problems("errors.yml: x", entry, "zh-hant", "some English")
    assert problems and "no translated_from stamp for zh-hant" in problems[0]


def test_a_current_and_a_stale_stamp():
    english = "some English"
    assert editions._stamp_problems("w", {"translated_from": {"zh-hant": editions.text_hash(english)}},
                                    "zh-hant", english) == []
    stale = editions._stamp_problems("w", {"translated_from": {"zh-hant": "0" * 16}}, "zh-hant", english)
    assert stale and "changed since the zh-hant translation" in stale[0]


def test_traditional_variants_are_not_simplified():
    # s2tw changes these variants, and so does tw2s: they are not Simplified, so zh-Hant may use them
    assert editions.wrong_script_chars("裏面、爲何、衆人", "zh-hant") == []
    assert editions.wrong_script_chars("里面、为何、众人", "zh-hant") == ["为", "众", "里"]
