"""Every answer an ``{answer-check}`` box accepts is derived from the chapter's code: the judge
of the check cell below the box accepts it, and (for a choice) rejects every other option. So a
wrong ``:answer:`` in any edition fails here, even when its translation was re-stamped."""
from __future__ import annotations

import ast
import copy
import json
import os
import re
from pathlib import Path

import pytest

from utils.book import config
from autograd_book.exercises import messages
from utils.book.answer_checks import _check_call, answer_checks, set_keys, solution_of
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


def _judge(nb, box, namespace):
    """The judge of ``box``'s check cell, after the cells between the exercise and its check (the
    setup an exercise has, such as the network it asks about); None where the judge needs what the
    chapter computed earlier (a run of two processes), which this test does not repeat."""
    local = dict(namespace)
    for cell in nb.cells[box.cell + 1:box.check_cell]:
        if cell.cell_type == "code":
            exec(compile(cell.source, f"<cell {cell.get('id')}>", "exec"), local)
    try:
        return eval(box.judge, local), local
    except NameError:
        return None, local


def _solution_problems(nb, box, at: str, edition: str) -> list[str]:
    """A judge that needs the chapter's earlier results: the box must accept exactly the answer of
    the exercise's solution cell, whose stored output (checked again by nbval whenever the chapter
    runs) is the judge's "correct" in this edition."""
    found = solution_of(nb, box)
    if found is None:
        return [f"{at}: the judge needs the chapter's state and no solution cell gives the answer"]
    value, cell = found
    label = ast.literal_eval(_check_call(cell.source).args[0])
    said = "".join(o.get("text", "") for o in cell.get("outputs", []) if o.get("output_type") == "stream")
    # the stored outputs of a translation may still be the English run's (copied by make execute)
    correct = {messages.verdict_line("correct", label).render(e) for e in (edition, config.SOURCE)}
    problems = [] if said.strip() in correct else [f"{at}: the solution cell says {said!r}, not {correct}"]
    if box.kind == "number":
        if not any(abs(float(a) - value) <= box.tolerance for a in box.answers):
            problems.append(f"{at}: the box accepts {box.answers}, the solution is {value}")
    elif box.kind == "set":
        values = {key: _choice(text, {}) for key, text in box.choices.items()}
        keys = {key for key, v in values.items() if v in set(value)}
        if {set_keys(a) for a in box.answers} != {frozenset(keys)} or len(keys) != len(value):
            problems.append(f"{at}: the box accepts {box.answers}, the solution is {value!r}")
    elif [value] != box.answers:
        problems.append(f"{at}: the box accepts {box.answers}, the solution is {value!r}")
    return problems


def _choice(text: str, namespace: dict):
    code = CODE.match(text)
    return eval(code.group(1), namespace) if code else NOT_CODE


NOT_CODE = object()


def _number(answer: str, box):
    """The answer as the chapter's code gives it: an int where the box wants an exact integer."""
    text = answer.replace(",", "")
    return int(text) if re.fullmatch(r"[-+]?\d+", text) and not box.tolerance else float(text)


def answer_check_problems(nb, where: str, edition: str = config.SOURCE) -> list[str]:
    boxes = answer_checks(nb)
    if not boxes:
        return []
    namespace, problems = _namespace(nb), []
    for box in boxes:
        at = f"{where}: cell {box.cell} ({box.label})"
        if box.judge is None:
            problems.append(f"{at}: no check(...) cell below the box, so its answer is derived from nothing")
            continue
        if box.kind == "expression":
            problems += _expression_problems(nb, box, namespace, at)
            continue
        judge, local = _judge(nb, box, namespace)
        if judge is None:
            problems += _solution_problems(nb, box, at, edition)
            continue
        if box.kind == "number":
            for answer in box.answers:
                value = _number(answer, box)
                if not _right(judge, value):
                    problems.append(f"{at}: the box accepts {answer}, which the judge rejects")
                # the whole accepted interval must be right, so a tolerance cannot admit a wrong number
                for edge in ((value - 0.999 * box.tolerance, value + 0.999 * box.tolerance) if box.tolerance else ()):
                    if not _right(judge, edge):
                        problems.append(f"{at}: the box accepts {edge} (within :tolerance:), which the judge rejects")
            if _right(judge, _number(box.answers[0], box) + 1):
                problems.append(f"{at}: the judge accepts a number 1 away from the answer; it decides nothing")
        elif box.kind == "text":
            for answer in box.answers:
                if not _right(judge, answer):
                    problems.append(f"{at}: the box accepts {answer!r}, which the judge rejects")
                if _right(judge, answer + "s") or _right(judge, ""):
                    problems.append(f"{at}: the judge accepts other text than {answer!r}; it decides nothing")
        else:
            values = {key: _choice(text, local) for key, text in box.choices.items()}
            for key, value in values.items():
                if value is NOT_CODE:
                    problems.append(f"{at}: choice {key} is not one code span, so no judge can decide it")
            if any(v is NOT_CODE for v in values.values()):
                continue
            if box.kind == "set":
                # the accepted set is right, and every set one tick away from it is wrong
                for answer in box.answers:
                    keys = set_keys(answer)
                    if not _right(judge, {values[k] for k in keys}):
                        problems.append(f"{at}: the box accepts {answer}, which the judge rejects")
                    for key in values:
                        if _right(judge, {values[k] for k in keys ^ {key}}):
                            problems.append(f"{at}: the judge also accepts {sorted(keys ^ {key})}")
                continue
            right = {key for key, value in values.items() if _right(judge, value)}
            if right != set(box.answers):
                problems.append(f"{at}: the box accepts {sorted(box.answers)}, the judge accepts {sorted(right)}")
    return problems


def _expression_problems(nb, box, namespace, at: str, data: dict | None = None) -> list[str]:
    """An expression box: its forms are in book/wrong_answers.json, which the judges' tests derive
    (tests/test_expression_checks.py). Here the chapter's own check cell judges them again, in this
    edition, where its judge needs nothing the chapter computed earlier and a form names nothing else."""
    from utils.book.sphinx_ext.answer_check import expression_forms

    data = data or json.loads((ROOT / "book" / "wrong_answers.json").read_text(encoding="utf-8"))
    accepted, known = expression_forms(box.label, config.SOURCE, data)
    if not accepted:
        return [f"{at}: an expression box, but book/wrong_answers.json has no accepted form for {box.label}"]
    try:
        judge, local = _judge(nb, box, namespace)
    except NameError:  # the cells before the check build the judge from the chapter's objects
        judge = None
    if judge is None:
        return []
    problems = []
    for code, right in [(c, True) for c in accepted] + [(c, False) for c, _ in known]:
        scope = dict(local)
        try:
            exec(compile(f"{box.answer_name} = {code}" if not code.startswith("def ") else
                         f"{code}\n{box.answer_name} = {ast.parse(code).body[0].name}", "<form>", "exec"), scope)
        except NameError:  # a form that names the chapter's own objects: the judges' tests run it
            continue
        JUDGED.append((box.label, code))
        if _right(judge, scope[box.answer_name]) != right:
            problems.append(f"{at}: the chapter's judge {'rejects' if right else 'accepts'} the box's "
                            f"{'accepted' if right else 'wrong'} form {code!r}")
    return problems


JUDGED: list[tuple[str, str]] = []  # (label, form) of each form a chapter's check cell judged


def _chapters():
    return [(edition, path) for edition in config.editions()
            for path in sorted((ROOT / "book" / edition).glob("*.ipynb"))
            if "answer-check" in path.read_text(encoding="utf-8")]


@pytest.mark.parametrize("edition,path", _chapters(), ids=lambda v: getattr(v, "stem", v))
def test_every_accepted_answer_is_derived_from_the_judge(edition, path):
    assert answer_check_problems(read_notebook(path), f"{edition}/{path.name}", edition) == []


# Every exercise whose answer is a choice, a set of names, a number, a short name or a one-line
# expression (issue 37): the others are code, and show only their typical wrong answers
# (tests/test_wrong_answers.py).
CHECKED_ON_THE_PAGE = {"var-ex1", "var-ex4", "cg-ex1", "int-ex1", "int-ex3", "rg-ex1", "mem-ex1", "mem-ex2",
                       "dist-ex1", "dist-ex2", "dist-ex3",
                       # a one-line expression, recognised among the forms the judge accepted or rejected
                       "var-ex2", "rg-ex2", "rg-ex3", "rg-ex4", "pit-ex2", "cg-ex2", "cg-ex3"}


def test_every_exercise_with_a_short_answer_has_an_answer_check():
    boxed = {box.label for e, p in _chapters() if e == config.SOURCE for box in answer_checks(read_notebook(p))}
    assert boxed >= CHECKED_ON_THE_PAGE, sorted(CHECKED_ON_THE_PAGE - boxed)


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
    ("retain_graph", ":answer: a,c,e\n", ":answer: a,c\n", "which the judge rejects"),      # a set short of one
    ("saved_memory", ":answer: c,d,f,g\n", ":answer: c,d,f,g,h\n", "which the judge rejects"),
    ("saved_memory", ":answer: 40960\n", ":answer: 73728\n", "which the judge rejects"),  # judged after ex2-setup
    ("distributed", ":answer: static_graph\n", ":answer: find_unused_parameters\n", "which the judge rejects"),
    ("distributed", ":kind: number\n:answer: 1\n", ":kind: number\n:answer: 4\n", "the solution is 1"),  # the solution cell
    ("distributed", ":answer: i\n", ":answer: b,i\n", "the solution is"),
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


@pytest.mark.parametrize("name,label", [("retain_graph", "rg-ex2"), ("training_loops", "pit-ex2"), ("variable", "var-ex2")])
def test_the_chapters_own_judge_runs_the_expression_forms(name, label):
    """The forms of an expression box, judged by the check cell of the chapter (not only the judges'
    tests); a wrong form listed as accepted, or a right one listed as wrong, is caught."""
    nb = read_notebook(ROOT / "book" / config.SOURCE / f"{name}.ipynb")
    box = next(b for b in answer_checks(nb) if b.label == label)
    data = json.loads((ROOT / "book" / "wrong_answers.json").read_text(encoding="utf-8"))
    JUDGED.clear()
    assert _expression_problems(nb, box, _namespace(nb), label, data) == []
    assert len(JUDGED) == len(data["accepted"][label]) + len([e for e in data[label] if _box_form(e["code"])])
    right, wrong = data["accepted"][label][0], next(e["code"] for e in data[label] if _box_form(e["code"]))
    planted = {**data, "accepted": {**data["accepted"], label: [wrong]},
               label: [{**e, "code": right} for e in data[label][:1]]}
    problems = _expression_problems(nb, box, _namespace(nb), label, planted)
    assert any("rejects the box's accepted form" in p for p in problems), problems
    assert any("accepts the box's wrong form" in p for p in problems), problems


def _box_form(code):
    from utils.book.sphinx_ext.answer_check import box_form
    return box_form(code)


# ------------------------------------------------------------------ the reader of the boxes, on a synthetic notebook

def _synthetic():
    import nbformat

    md, code = nbformat.v4.new_markdown_cell, nbformat.v4.new_code_cell
    judge = "check('demo-ex1', answer_1, lambda a: a == {'a', 'c'}, hint='h')"
    return nbformat.v4.new_notebook(cells=[
        md("Prose, no box."),
        md(":::{exercise}\n:label: demo-ex1\nWhich?\n\n```{answer-check}\n:kind: set\n:answer: a, c | b\n"
           ":tolerance: 0.5\na: `x + 1`\nb: `x[1:2]`\n```\n:::"),
        code(judge),  # the check cell, right below the box
        code("other = 5\nanswer_1 = {'a', 'c'}\n" + judge),  # the solution, right below the check
        md("```{answer-check}\n:answer: 3\n```"),  # a box with no label, no kind, no check cell after it
    ])


def test_the_boxes_are_read_with_their_options_choices_and_check_cell():
    first, second = answer_checks(_synthetic())
    assert (first.cell, first.label, first.kind, first.answers, first.tolerance) == (1, "demo-ex1", "set", ["a, c", "b"], 0.5)
    assert first.choices == {"a": "`x + 1`", "b": "`x[1:2]`"}
    assert (first.check_cell, first.answer_name, first.judge) == (2, "answer_1", "lambda a: a == {'a', 'c'}")
    assert (second.cell, second.label, second.kind, second.answers, second.tolerance) == (4, "", "choice", ["3"], 0.0)
    assert (second.judge, second.check_cell, second.answer_name, second.choices) == (None, None, None, {})


def test_the_solution_is_the_later_cell_with_the_same_judge_and_answer_name():
    import nbformat

    nb = _synthetic()
    first, second = answer_checks(nb)
    assert solution_of(nb, first) == ({"a", "c"}, nb.cells[3])
    assert solution_of(nb, second) is None
    # Cells between the check and the solution: another answer's check, another judge's, prose.
    nb.cells[3:3] = [nbformat.v4.new_code_cell("answer_1 = 'x'\ncheck('demo-ex1', answer_2, lambda a: a == {'a', 'c'}, hint='h')"),
                     nbformat.v4.new_code_cell("answer_1 = {'b'}\ncheck('demo-ex1', answer_1, lambda a: a == {'b'})"),
                     nbformat.v4.new_markdown_cell("check('demo-ex1', answer_1, lambda a: a == {'a', 'c'}, hint='h')")]
    assert solution_of(nb, first) == ({"a", "c"}, nb.cells[6])
    nb.cells[6].source = nb.cells[6].source.replace("answer_1 = {'a', 'c'}", "answer_1 = make()")  # not a literal
    assert solution_of(nb, first) is None


def test_a_check_call_needs_three_arguments_and_set_keys_drop_blanks():
    assert _check_call("check('x', answer_1)") is None and _check_call("def (") is None
    assert _check_call("check('x', a, j)").args[2].id == "j"
    assert set_keys(" a, ,c ,") == frozenset({"a", "c"})
