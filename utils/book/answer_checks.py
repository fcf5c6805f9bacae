"""The ``{answer-check}`` boxes of a chapter, read from its notebook (no torch here).

Each box sits in an exercise's markdown cell; the check cell below it calls
``check(label, answer, JUDGE, hint=...)``. ``tests/test_answer_checks.py`` runs
that judge on every answer the box accepts (and, for a choice, on every
option), so an accepted answer always comes from the chapter's code, in every
edition. The site renders the boxes with ``utils.book.sphinx_ext.AnswerCheck``.
A box of ``:kind: expression`` holds no answer: its forms are in book/wrong_answers.json, derived
by the judges' tests (tests/wrong_answers.py, tests/test_expression_checks.py).
"""
from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field

BOX = re.compile(r"^```\{answer-check\}\n(?P<body>.*?)^```", re.S | re.M)
OPTION = re.compile(r"^:(?P<name>[\w-]+):\s*(?P<value>.*)$")
LABEL = re.compile(r"^:label:\s*(\S+)", re.M)


@dataclass
class AnswerCheck:
    cell: int                      # index of the markdown cell that holds the box
    label: str                     # the exercise's label
    kind: str = "choice"
    answers: list[str] = field(default_factory=list)
    tolerance: float = 0.0
    choices: dict[str, str] = field(default_factory=dict)
    judge: str | None = None       # the judge expression of the check cell below, as source
    check_cell: int | None = None  # the index of that check cell
    answer_name: str | None = None  # the name the check cell passes as the answer (answer_1)


def _check_call(source: str) -> ast.Call | None:
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "check" and len(node.args) >= 3:
            return node
    return None


def _judge_of(source: str) -> str | None:
    call = _check_call(source)
    return ast.unparse(call.args[2]) if call else None


def set_keys(answer: str) -> frozenset[str]:
    """The keys of a ``:kind: set`` answer (``a,c``)."""
    return frozenset(k.strip() for k in answer.split(",") if k.strip())


def solution_of(nb, box: AnswerCheck):
    """The solution cell of ``box``'s exercise: a later code cell that assigns the answer a literal
    and calls the same check; (its literal value, the cell), or None."""
    for cell in nb.cells[(box.check_cell or box.cell) + 1:]:
        if cell.cell_type != "code" or _judge_of(cell.source) != box.judge:
            continue
        call = _check_call(cell.source)
        if ast.unparse(call.args[1]) != box.answer_name:
            continue
        for node in ast.parse(cell.source).body:
            if (isinstance(node, ast.Assign) and len(node.targets) == 1
                    and getattr(node.targets[0], "id", None) == box.answer_name):
                try:
                    return ast.literal_eval(node.value), cell
                except ValueError:
                    return None
    return None


def answer_checks(nb) -> list[AnswerCheck]:
    boxes = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "markdown":
            continue
        for match in BOX.finditer(cell.source):
            label = LABEL.search(cell.source)
            box = AnswerCheck(cell=i, label=label.group(1) if label else "")
            for line in match.group("body").splitlines():
                option = OPTION.match(line.strip())
                if option:
                    name, value = option.group("name"), option.group("value").strip()
                    if name == "answer":
                        box.answers = [a.strip() for a in value.split("|") if a.strip()]
                    elif name == "kind":
                        box.kind = value
                    elif name == "tolerance":
                        box.tolerance = float(value)
                elif ":" in line:
                    key, text = line.split(":", 1)
                    box.choices[key.strip()] = text.strip()
            for j in range(i + 1, len(nb.cells)):
                call = nb.cells[j].cell_type == "code" and _check_call(nb.cells[j].source)
                if call:
                    box.judge, box.check_cell, box.answer_name = ast.unparse(call.args[2]), j, ast.unparse(call.args[1])
                    break
            boxes.append(box)
    return boxes
