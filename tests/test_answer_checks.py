"""Every answer an ``{answer-check}`` box accepts is derived from the chapter's code: the judge
of the check cell below the box accepts it, and (for a choice) rejects every other option. So a
wrong ``:answer:`` in any edition fails here, even when its translation was re-stamped."""
from __future__ import annotations

import copy
import os
import re
from pathlib import Path

import pytest

from utils.book import config
from utils.book.answer_checks import answer_checks
from utils.book.notebooks import read_notebook

ROOT = Path(__file__).resolve().parents[1]
CODE = re.compile(r"^`([^`]+)`$")


def _right(judge, answer) -> bool:
    try:
        result = judge(answer)
    except Exception:  # a wrong answer may fail in any way
        return False
    return result is None or result is True


def _namespace(nb) -> dict:
    """What the chapter's check cells see: its import cell (the one that chooses the device)."""
    namespace: dict = {}
    os.environ.setdefault("BOOK_DEVICE", "cpu")
    setup = next(c for c in nb.cells if c.cell_type == "code" and "choose_device()" in c.source)
    exec(compile(setup.source, "<import cell>", "exec"), namespace)
    return namespace


def answer_check_problems(nb, where: str) -> list[str]:
    boxes = answer_checks(nb)
    if not boxes:
        return []
    namespace, problems = _namespace(nb), []
    for box in boxes:
        at = f"{where}: cell {box.cell} ({box.label})"
        if box.judge is None:
            problems.append(f"{at}: no check(...) cell below the box, so its answer is derived from nothing")
            continue
        judge = eval(box.judge, namespace)
        if box.kind == "number":
            for answer in box.answers:
                value = float(answer.replace(",", ""))
                if not _right(judge, value):
                    problems.append(f"{at}: the box accepts {answer}, which the judge rejects")
                # the whole accepted interval must be right, so a tolerance cannot admit a wrong number
                for edge in (value - 0.999 * box.tolerance, value + 0.999 * box.tolerance):
                    if not _right(judge, edge):
                        problems.append(f"{at}: the box accepts {edge} (within :tolerance:), which the judge rejects")
            if _right(judge, float(box.answers[0].replace(",", "")) + 1.0):
                problems.append(f"{at}: the judge accepts a number 1 away from the answer; it decides nothing")
        else:
            right = set()
            for key, text in box.choices.items():
                code = CODE.match(text)
                if code is None:
                    problems.append(f"{at}: choice {key} is not one code span, so no judge can decide it")
                    continue
                if _right(judge, eval(code.group(1), namespace)):
                    right.add(key)
            if right != set(box.answers):
                problems.append(f"{at}: the box accepts {sorted(box.answers)}, the judge accepts {sorted(right)}")
    return problems


def _chapters():
    return [(edition, path) for edition in config.editions()
            for path in sorted((ROOT / "book" / edition).glob("*.ipynb"))
            if "answer-check" in path.read_text(encoding="utf-8")]


@pytest.mark.parametrize("edition,path", _chapters(), ids=lambda v: getattr(v, "stem", v))
def test_every_accepted_answer_is_derived_from_the_judge(edition, path):
    assert answer_check_problems(read_notebook(path), f"{edition}/{path.name}") == []


def test_the_english_chapters_have_answer_checks():
    assert {p.stem for e, p in _chapters() if e == config.SOURCE} >= {"variable", "create_graph"}


def _planted(name: str, old: str, new: str):
    nb = read_notebook(ROOT / "book" / config.SOURCE / f"{name}.ipynb")
    nb = copy.deepcopy(nb)
    cell = next(c for c in nb.cells if c.cell_type == "markdown" and old in c.source)
    cell.source = cell.source.replace(old, new, 1)
    return answer_check_problems(nb, f"planted {name}")


@pytest.mark.parametrize("name,old,new,expected", [
    ("variable", ":answer: a\n", ":answer: b\n", "the judge accepts ['a']"),        # a wrong choice
    ("variable", ":answer: a\n", ":answer: a|c\n", "the judge accepts ['a']"),      # one wrong among right
    ("variable", ":answer: -24\n", ":answer: -25\n", "which the judge rejects"),    # a wrong number
    ("variable", ":tolerance: 0.0001", ":tolerance: 30", "within :tolerance:"),     # a tolerance admitting 6
    ("create_graph", ":answer: -1.3197382", ":answer: -1.5", "which the judge rejects"),
])
def test_a_planted_wrong_answer_is_rejected(name, old, new, expected):
    problems = _planted(name, old, new)
    assert any(expected in p for p in problems), problems


def test_a_box_without_a_check_cell_is_rejected():
    nb = copy.deepcopy(read_notebook(ROOT / "book" / config.SOURCE / "variable.ipynb"))
    for cell in nb.cells:
        if cell.cell_type == "code" and "check(" in cell.source:
            cell.source = "pass"
    assert any("no check(...) cell" in p for p in answer_check_problems(nb, "planted"))


def test_a_prose_choice_is_rejected():
    nb = copy.deepcopy(read_notebook(ROOT / "book" / config.SOURCE / "variable.ipynb"))
    cell = next(c for c in nb.cells if c.cell_type == "markdown" and ":answer: a\n" in c.source)
    cell.source = cell.source.replace("b: `torch.inference_mode`", "b: inference mode")
    assert any("not one code span" in p for p in answer_check_problems(nb, "planted"))
