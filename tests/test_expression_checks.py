"""The on-page check of an exercise whose answer is a short Python expression (issue 37, item 5).

The page runs no Python: its box (``{answer-check}`` with ``:kind: expression``) recognises the
forms the exercise's judge accepted (the ACCEPTED tables of tests/test_exercises_*.py) and the typical
wrong ones (their WRONG tables), with the judge's verdict in the page's edition, after
book/_static/expression.js normalises the reader's spelling; it says "cannot be judged here" for
anything else. Here: every accepted form passes the real judge and every listed wrong form is
rejected by it; every spelling that the normaliser merges with a listed form is judged the same by
the real judge; the box (expression.js under node, with the forms the page holds) rejects typical
wrong input with the judge's verdict in each edition and does not guess at other forms.
"""
from __future__ import annotations

import ast
import html
import json
import re
import shutil
from pathlib import Path

import pytest

import node_run
from utils.book import config
from utils.book.answer_checks import answer_checks
from utils.book.notebooks import peek_notebook
from utils.book.sphinx_ext.answer_check import box_form, expression_box, expression_forms
from wrong_answers import OUTPUT, _module, accepts, expression_tables, tables, verdict_of

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "book" / "_static" / "expression.js"
NODE = shutil.which("node")
LABELS = sorted(expression_tables())
MODULE_OF = {"var": "variable", "rg": "retain_graph", "pit": "pitfalls", "cg": "create_graph"}


def _node(calls: list[list]) -> list:
    """Run expression.js's functions under node: each call is [name, *arguments]; their results."""
    if NODE is None:
        pytest.skip("node is not installed (the page's expression check is tested under node)")
    program = (f"const E = require({json.dumps(str(SCRIPT))});"
               "const calls = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
               "process.stdout.write(JSON.stringify(calls.map(c => E[c[0]](...c.slice(1)))));")
    done = node_run.run(program, json.dumps(calls))
    return json.loads(done)


def _data() -> dict:
    return json.loads(OUTPUT.read_text(encoding="utf-8"))


def _namespace(label: str) -> dict:
    """The exercise's setup, named as in the chapter: its judge test module's globals."""
    return vars(_module(MODULE_OF[label.split("-")[0]]))


class _Renamed(ast.NodeTransformer):
    """Every parameter of a lambda or function and every comprehension variable, renamed."""

    def __init__(self, names):
        self.names = names

    def visit_arg(self, node):
        node.arg = self.names.setdefault(node.arg, f"p{len(self.names)}")
        return node

    def visit_Name(self, node):
        if node.id in self.names:
            node.id = self.names[node.id]
        return node


def respelled(code: str, label: str) -> str:
    """Another spelling of ``code`` that Python reads as the same answer: the parameters and
    comprehension variables renamed, Python's own spacing and quotes (ast.unparse), floats written
    ``1.``; a lambda as a one-line def and a def as a lambda; a value as ``answer_N = (...)``."""
    tree = ast.parse(code)
    node = tree.body[0]
    names: dict[str, str] = {}
    for walked in ast.walk(node):  # every name to rename, before any use of it is visited
        if isinstance(walked, (ast.Lambda, ast.FunctionDef)):
            for a in walked.args.args:
                names.setdefault(a.arg, f"p{len(names)}")
        elif isinstance(walked, ast.comprehension) and isinstance(walked.target, ast.Name):
            names.setdefault(walked.target.id, f"p{len(names)}")
    node = _Renamed(names).visit(node)

    def text(expression):
        return re.sub(r"(?<![\w.])(\d+)\.0(?![\d\w])", r"\1.", ast.unparse(expression))

    if isinstance(node, ast.FunctionDef):
        return f"lambda {', '.join(a.arg for a in node.args.args)}:{text(node.body[0].value)}"
    value = node.value
    if isinstance(value, ast.Lambda):
        return f"def my_answer({','.join(a.arg for a in value.args.args)}):  return {text(value.body)}"
    return f"answer_{label.rsplit('ex', 1)[1]} = ( {text(value)} )"


def _value(code: str, namespace: dict):
    """What the notebook's answer is for ``code``: a one-line expression, or the function a def makes."""
    scope = dict(namespace)
    if code.startswith("def "):
        exec(compile(code, "<form>", "exec"), scope)
        return scope[ast.parse(code).body[0].name]
    return eval(compile(code.split("=", 1)[1].strip() if re.match(r"answer_\d+ =", code) else code, "<form>", "eval"), scope)


def _said(judge, answer) -> str | None:
    """The judge's verdict, without the name of the function (a raised message names `<lambda>`)."""
    said = verdict_of(judge, answer)
    return re.sub(r"'(<lambda>|my_answer|\w+)' has", "'F' has", said) if isinstance(said, str) else said


def _wrong_forms(label):
    make_judge, wrong = tables()[label]
    return [(w.shown(), w.answer) for w in wrong if box_form(w.shown())]


@pytest.mark.parametrize("label", LABELS)
def test_every_accepted_form_passes_the_judge_and_every_wrong_form_is_rejected(label):
    make_judge, forms = expression_tables()[label]
    judge = make_judge()
    for form in forms:
        assert accepts(judge, form.answer), f"{label}: the judge rejects the accepted form {form.code!r}"
    wrong = _wrong_forms(label)
    assert len(wrong) >= 2, f"{label}: the box knows fewer than two typical wrong forms"
    for code, answer in wrong:
        assert not accepts(judge, answer), f"{label}: the judge accepts the wrong form {code!r}"


@pytest.mark.parametrize("label", LABELS)
def test_the_normaliser_merges_only_spellings_the_judge_treats_alike(label):
    """Each form and a respelling of it (other names, spaces, quotes, float digits, def for lambda,
    ``answer_N = (...)``): expression.js gives both the same normal form, and the real judge says
    the same of both (the verdict of a wrong one, word for word)."""
    make_judge, forms = expression_tables()[label]
    judge, namespace = make_judge(), _namespace(label)
    pairs = [(f.code, f.answer) for f in forms] + _wrong_forms(label)
    others = [respelled(code, label) for code, _ in pairs]
    normal = _node([["normalise", code] for code, _ in pairs] + [["normalise", other] for other in others])
    for (code, answer), other, a, b in zip(pairs, others, normal[:len(pairs)], normal[len(pairs):]):
        assert a is not None and a == b, (code, other, a, b)
        assert _said(judge, _value(other, namespace)) == _said(judge, answer), (code, other)


@pytest.mark.parametrize("edition", [config.SOURCE, *config.translations()])  # a draft edition: English's verdicts
def test_the_box_rejects_typical_wrong_input_with_the_judges_verdict(edition):
    """What the box says, in each edition, for a respelled wrong form (the judge's verdict in that
    edition), a respelled accepted form (right), and forms it does not know (cannot be judged)."""
    data, calls, expected = _data(), [], []
    for label in LABELS:
        accepted, known = expression_forms(label, edition, data)
        assert accepted and len(known) >= 2, label
        for code, verdict in known:
            calls.append(["judge", respelled(code, label), accepted, known])
            expected.append({"result": "wrong", "verdict": verdict})
        for code in accepted:
            calls.append(["judge", respelled(code, label), accepted, known])
            expected.append({"result": "right"})
        for unknown in (accepted[0] + " + 0", accepted[0].replace(".", " . ", 1) + ")", "", "print(answer)"):
            calls.append(["judge", unknown, accepted, known])
            expected.append({"result": "unjudged"})
    assert _node(calls) == expected
    for label in LABELS:  # a verdict in the edition's language
        if edition != config.SOURCE:
            assert all(re.search(r"[\u4e00-\u9fff]", v) for _, v in expression_forms(label, edition, data)[1])


def test_no_accepted_form_is_also_a_wrong_one():
    data, calls = _data(), []
    for label in LABELS:
        accepted, known = expression_forms(label, config.SOURCE, data)
        calls.append([["normalise", c] for c in accepted] + [["normalise", c] for c, _ in known])
    flat = _node([c for group in calls for c in group])
    at = 0
    for label, group in zip(LABELS, calls):
        forms = flat[at:at + len(group)]
        at += len(group)
        assert None not in forms and len(set(forms)) == len(forms), (label, forms)


@pytest.mark.parametrize("a,b,same", [
    ("lambda h: h.detach()", "lambda   hidden :hidden.detach( )", True),
    ("lambda h: h.detach()", "def carry(x): return x.detach()", True),
    ("lambda h: h.detach()", "answer_2 = (lambda h: h.detach())", True),
    ("lambda h: h.detach()", "lambda h: h.detach() # cut the history", True),
    ("lambda g: g.clamp(-1.0, 1.0)", "lambda g: g.clamp(-1., 1.00)", True),
    ("lambda g: g.clamp(-1.0, 1.0)", "lambda g: g.clamp(-1, 1)", False),       # an int is another value
    ("lambda g: g.clamp(-1, 1)", "lambda g: g.clamp(1, -1)", False),
    ("lambda m: x.clamp(min=m)", "lambda min: x.clamp(min=min)", True),         # a keyword is not a use
    ("lambda m: x.clamp(min=m)", "lambda m: x.clamp(max=m)", False),
    ("lambda d: d.detach()", "lambda detach: detach.detach()", True),          # an attribute is not a use
    ("lambda s: tuple(t.detach() for t in s)", "lambda s: tuple(u.detach() for u in s)", True),
    ("lambda x: x['a']", 'lambda x: x["a"]', True),
    ("lambda x: x['a']", "lambda x: x['b']", False),
    ("lambda x: f(y, lambda y: y)", "lambda x: f(z, lambda z: z)", False),      # y and z are other variables
    ("lambda x: lambda y: x + y", "lambda a: lambda b: a + b", True),
    ("lambda x: lambda y: x + y", "lambda a: lambda b: b + a", False),
    ("(h.detach() for h in s)", "h.detach() for h in s", False),
    ("lambda s: tuple(t.detach() for t in s)", "lambda s: tuple((t.detach() for t in s))", True),
    ("lambda a, b: g([a, b], w)", "lambda a, b: g(([a, b]), w)", False),     # not merged: "cannot be judged"
    ("lambda a, b: g(a, b)", "lambda a, b: g((a, b))", False),                  # one tuple, not two arguments
])
def test_the_normaliser(a, b, same):
    na, nb = _node([["normalise", a], ["normalise", b]])
    assert na is not None
    assert (na == nb) is same, (na, nb)


@pytest.mark.parametrize("form", [
    "[x for x in x]",                  # the iterable's x is another variable than the comprehension's
    "lambda x=1: x",                   # a default, *args: not compared
    "lambda *a: a",
    "def f(x):",
    "x $ y",
    "",
])
def test_the_normaliser_refuses_what_it_cannot_compare(form):
    assert _node([["normalise", form]]) == [None]


def test_every_expression_exercise_has_its_box_in_every_edition():
    for edition in config.editions():
        boxed = set()
        for path in sorted((ROOT / "book" / edition).glob("*.ipynb")):
            boxed |= {b.label for b in answer_checks(peek_notebook(path)) if b.kind == "expression"}
        assert boxed == set(LABELS), (edition, sorted(boxed ^ set(LABELS)))


def test_the_box_holds_the_forms_and_the_edition_words():
    from docutils import nodes

    data = _data()
    for edition in config.editions():
        words = config.labels(edition)
        accepted, known = expression_forms("rg-ex2", edition, data)
        raw, = expression_box("answer-x", accepted, known, edition)
        page = raw.astext()
        assert isinstance(raw, nodes.raw) and 'data-kind="expression"' in page
        for text in (words["answer_unjudged"], words["answer_expression_note"], words["answer_check"]):
            assert html.escape(text, quote=True) in page
        held = {name: json.loads(html.unescape(value)) for name, value in re.findall(r'data-(answers|known)="([^"]*)"', page)}
        assert held == {"answers": accepted, "known": known}
        assert known and all(verdict.startswith(("Exercise 2", "練習 2", "练习 2")) for _, verdict in known)
