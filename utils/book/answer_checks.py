"""The ``{answer-check}`` boxes of a chapter, read from its notebook (no torch here).

Each box sits in an exercise's markdown cell; the check cell below it calls
``check(label, answer, JUDGE, hint=...)``. ``tests/test_answer_checks.py`` runs
that judge on every answer the box accepts (and, for a choice, on every
option), so an accepted answer always comes from the chapter's code, in every
edition. The site renders the boxes with ``utils.book.sphinx_ext.AnswerCheck``.
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


def _judge_of(source: str) -> str | None:
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "check" and len(node.args) >= 3:
            return ast.unparse(node.args[2])
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
            box.judge = next((_judge_of(c.source) for c in nb.cells[i + 1:]
                              if c.cell_type == "code" and _judge_of(c.source)), None)
            boxes.append(box)
    return boxes
