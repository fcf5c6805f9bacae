"""The typical wrong answers of the code exercises: one table, which the judges' tests iterate and
the site shows, folded under each exercise, with the judge's verdict in each edition's language.

Each judge test module (tests/test_exercises_CHAPTER.py) lists its wrong answers as ``Wrong``
entries under the exercise's label, ``WRONG = {"cg-ex2": [Wrong(answer, "reason"), ...]}``, and
says how to build each judge, ``JUDGES = {"cg-ex2": lambda: ex.judge_ex2}``. Its tests feed the
judge every entry and assert the reason (in English; the fixture every_message_in_every_edition
checks each translation). This module runs the same entries through the same judges and writes
what the judge says for each, in every edition, to book/wrong_answers.json, which the book's
Sphinx extension (utils/book/sphinx_ext/wrong_answers.py, no torch) renders; the page shows the
code of the wrong answer (its source) and the verdict. tests/test_wrong_answers.py regenerates
the file and compares it with the committed one, so the page cannot drift from the judges.

An exercise whose answer can be one line (a lambda, a call) also has an ``ACCEPTED`` table of forms
the judge accepts, ``ACCEPTED = {"rg-ex2": accepted(["lambda hidden: hidden.detach()", ...], globals())}``:
generate() runs each through the judge (and refuses one it rejects) and writes them under
``"accepted"``, for the page's ``{answer-check}`` box of ``:kind: expression``
(utils/book/sphinx_ext/answer_check.py, book/_static/expression.js; tests/test_expression_checks.py).

    .venv/bin/python tests/wrong_answers.py          # rewrite book/wrong_answers.json
"""
from __future__ import annotations

import ast
import importlib
import inspect
import json
import re
import sys
import textwrap
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
OUTPUT = ROOT / "book" / "wrong_answers.json"
# the judge test modules that hold a WRONG table, in the order of the book
MODULES = ["variable", "retain_graph", "create_graph", "saved_memory", "custom_function", "gradients", "debugging", "pitfalls", "internals", "torch_compile"]


@dataclass
class Wrong:
    """A typical wrong answer: the answer itself (a function, class or value), the words its verdict
    must contain (English), and, where its source cannot be read back (a value built in a test), the
    code shown for it."""
    answer: Any
    reason: str
    code: str | None = None

    @classmethod
    def run(cls, code: str, reason: str, namespace: dict, name: str = "answer") -> "Wrong":
        """A wrong answer that is a value: ``code`` (an expression, or statements that set ``name``)
        run in ``namespace`` (the exercise's setup, named as in the chapter); the page shows ``code``."""
        code = textwrap.dedent(code).strip()
        scope = dict(namespace)
        try:
            answer = eval(compile(code, "<wrong answer>", "eval"), scope)
        except SyntaxError:
            exec(compile(code, "<wrong answer>", "exec"), scope)
            answer = scope[name]
        return cls(answer, reason, code)

    def case(self):
        return self.answer, self.reason

    def shown(self) -> str:
        if self.code is not None:
            return self.code
        answer = self.answer
        if getattr(answer, "__name__", "") == "<lambda>":
            return _lambda_source(answer)
        if inspect.isclass(answer) and _own_base(answer):
            return _flattened(answer)
        if inspect.isfunction(answer) or inspect.isclass(answer):
            return _without_docstring(textwrap.dedent(inspect.getsource(answer)).strip())
        if isinstance(answer, (int, float, str, bool, set, frozenset, tuple, list)) or answer is None:
            return repr(answer)
        raise ValueError(f"give Wrong(..., code=...) for {answer!r}: its source cannot be read back")


@dataclass
class Accepted:
    """A form of the answer that the judge accepts, for the page's ``{answer-check}`` of an exercise
    whose answer is a short expression: its code and the value it gives in the exercise's setup."""
    code: str
    answer: Any

    @classmethod
    def run(cls, code: str, namespace: dict) -> "Accepted":
        """``code``, one expression (a one-line lambda, a one-line call), run in ``namespace``: the
        exercise's setup, named as in the chapter (a test module's ``globals()``)."""
        return cls(code, eval(compile(code, "<accepted answer>", "eval"), dict(namespace)))


def accepted(codes: list[str], namespace: dict) -> list[Accepted]:
    return [Accepted.run(code, namespace) for code in codes]


def one_line_expression(code: str) -> bool:
    """Whether ``code`` is what a reader types in an expression box: one line, one expression."""
    if "\n" in code:
        return False
    try:
        compile(code, "<form>", "eval")
    except SyntaxError:
        return False
    return True


def _without_docstring(source: str) -> str:
    """A test's function without its docstring (the test's note on why it is wrong, in English)."""
    node = ast.parse(source).body[0]
    first = node.body[0] if getattr(node, "body", None) else None
    if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str)
            and len(node.body) > 1):
        lines = source.splitlines()
        return "\n".join(lines[:first.lineno - 1] + lines[first.end_lineno:])
    return source


def _own_base(cls) -> bool:
    """Whether ``cls`` subclasses a class of its own test module (a right answer, changed in one method)."""
    return any(base.__module__ == cls.__module__ for base in cls.__bases__)


def _flattened(cls) -> str:
    """A subclass of another test class shown as the one class a reader would write: its methods and
    the ones it inherits from the test module's classes, on their first base outside the module."""
    chain = [c for c in cls.__mro__ if c.__module__ == cls.__module__]
    outside = next(c for c in cls.__mro__ if c.__module__ != cls.__module__)
    base = "torch.autograd.Function" if outside.__module__.startswith("torch.autograd") else outside.__qualname__
    methods = []
    for name in dict.fromkeys(n for c in reversed(chain) for n in vars(c)):
        owner = next((c for c in chain if name in vars(c)), None)
        member = vars(owner)[name]
        function = getattr(member, "__func__", member)
        if inspect.isfunction(function):
            methods.append(textwrap.indent(textwrap.dedent(inspect.getsource(inspect.unwrap(function))).strip(), "    "))
    return f"class {cls.__name__}({base}):\n" + "\n\n".join(methods)


def _same_code(segment: str, code) -> bool:
    compiled = next(c for c in compile(segment, "<lambda>", "eval").co_consts if hasattr(c, "co_code"))
    return compiled.co_code == code.co_code and compiled.co_names == code.co_names


@lru_cache(maxsize=None)
def _lambdas_in(path: str) -> dict[int, list[tuple[list[str], str]]]:
    """{line: [(parameter names, source text)]} of every lambda in the file ``path``: the file parsed
    once, not once per lambda (the judges' tables hold about a hundred)."""
    source = Path(path).read_text(encoding="utf-8")
    lines, at = [], 0  # the lines as ast.get_source_segment splits them (\r\n, \r, \n only)
    for end in re.finditer(r"\r\n|\r|\n", source):
        lines.append(source[at:end.end()])
        at = end.end()
    if at < len(source):
        lines.append(source[at:])

    def segment(node) -> str:  # ast.get_source_segment(source, node), with the lines split once
        first, last = node.lineno - 1, node.end_lineno - 1
        if first == last:
            return lines[first].encode()[node.col_offset:node.end_col_offset].decode()
        return (lines[first].encode()[node.col_offset:].decode() + "".join(lines[first + 1:last])
                + lines[last].encode()[:node.end_col_offset].decode())

    found: dict[int, list[tuple[list[str], str]]] = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Lambda):
            found.setdefault(node.lineno, []).append(([a.arg for a in node.args.args], segment(node)))
    return found


def _lambda_source(fn) -> str:
    """The text of one lambda, from the line of the file it is written on."""
    lines, start = inspect.getsourcelines(fn)
    names = list(fn.__code__.co_varnames[:fn.__code__.co_argcount])
    segments = {text for args, text in _lambdas_in(inspect.getsourcefile(fn)).get(start, ()) if args and args == names}
    if len(segments) > 1:  # several lambdas on the line: the one whose compiled code is this one's
        segments = {seg for seg in segments if _same_code(seg, fn.__code__)}
    if len(segments) != 1:
        raise ValueError(f"give Wrong(..., code=...) for the lambda on line {start} of {inspect.getsourcefile(fn)}")
    return segments.pop()


def cases(wrong: list[Wrong]) -> list[tuple[Any, str]]:
    """The (answer, reason) pairs of a test's parametrize."""
    return [w.case() for w in wrong]


def _module(name: str):
    for folder in (str(ROOT), str(Path(__file__).parent)):  # the tests' own imports (conftest's path)
        if folder not in sys.path:
            sys.path.insert(0, folder)
    return importlib.import_module(f"test_exercises_{name}")


def tables() -> dict[str, tuple[Callable[[], Callable], list[Wrong]]]:
    """Every exercise label -> (how to build its judge, its wrong answers), from the test modules."""
    found = {}
    for name in MODULES:
        module = _module(name)
        for label, wrong in module.WRONG.items():
            found[label] = (module.JUDGES[label], wrong)
    return found


def expression_tables() -> dict[str, tuple[Callable[[], Callable], list[Accepted]]]:
    """Every exercise label whose answer can be a short expression -> (how to build its judge, the
    forms it accepts): the ACCEPTED tables of the test modules."""
    found = {}
    for name in MODULES:
        module = _module(name)
        for label, forms in getattr(module, "ACCEPTED", {}).items():
            found[label] = (module.JUDGES[label], forms)
    return found


def verdict_of(judge: Callable, answer):
    """What the judge says of ``answer``, as check() reports it: its reason, or, where the answer makes
    the judge's run raise, ``Type: message`` of that error (check() prints it as "not yet (error)")."""
    try:
        return judge(answer)
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"


def accepts(judge: Callable, answer) -> bool:
    try:
        result = judge(answer)
    except Exception:
        return False
    return result is None or result is True


def verdicts(judge: Callable, wrong: Wrong, label: str, editions: tuple[str, ...]) -> dict[str, str]:
    """The line check() prints for ``wrong`` ("Exercise 2: not yet. <the judge's reason>."), hint left
    out, in each edition."""
    from autograd_book.exercises import messages

    exercise = "Exercise " + re.search(r"-ex(\d+)$", label).group(1)
    try:
        result = judge(wrong.answer)
    except Exception as exc:  # check() shows this one as "not yet (error)"
        line = messages.verdict_line("raised", exercise, error=f"{type(exc).__name__}: {exc}")
    else:
        if result is None or result is True:
            raise AssertionError(f"the judge accepts the 'wrong' answer {wrong.shown()!r}")
        if not isinstance(result, str) or not result:
            raise AssertionError(f"the judge rejects {wrong.shown()!r} without a reason")
        line = messages.verdict_line("wrong", exercise, reason=result)
    return {e: line.render(e).strip() for e in editions}


def generate() -> dict:
    import os

    os.environ.setdefault("BOOK_DEVICE", "cpu")
    from autograd_book.exercises import messages

    editions = messages.editions()
    data: dict = {"generated_by": "tests/wrong_answers.py from the WRONG tables of tests/test_exercises_*.py; "
                                  "do not edit: run .venv/bin/python tests/wrong_answers.py"}
    for label, (make_judge, wrong) in tables().items():
        judge = make_judge()
        data[label] = [{"code": w.shown(), "verdict": verdicts(judge, w, label, editions)} for w in wrong]
    # The forms the page's expression box accepts: each one run through the judge here.
    data["accepted"] = {}
    for label, (make_judge, forms) in expression_tables().items():
        judge = make_judge()
        for form in forms:
            if not one_line_expression(form.code):
                raise AssertionError(f"{label}: the accepted form {form.code!r} is not one line, one expression")
            if not accepts(judge, form.answer):
                raise AssertionError(f"{label}: the judge rejects the accepted form {form.code!r}")
        data["accepted"][label] = [form.code for form in forms]
    return data


def dump(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


if __name__ == "__main__":
    OUTPUT.write_text(dump(generate()), encoding="utf-8")
    print(f"wrote {OUTPUT.relative_to(ROOT)}")
