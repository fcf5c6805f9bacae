"""Mutation testing of the book's own checkers: does a test fail when a rule of the checker is
broken? ``python -m utils.book.mutation utils/book/editions/changes.py ... -- PYTEST-ARGS``

Each mutant changes one thing in one function of a module, as a bug would: a comparison turned
round (``==``/``!=``, ``<``/``>=``, ``in``/``not in``), ``and``/``or`` swapped, a ``not`` dropped, a
number moved by one, one alternative removed from a regular expression's ``(a|b|c)`` group, a
statement that records a problem (``problems.append``, ``problems +=``) removed, a loop over the
editions that skips the last one. The tests run on a copy of the work tree, one mutant at a time
(``pytest -x``); a mutant that no test kills survived, and is listed with its line. The score is
the share of mutants killed, per module. Slow (a test run per mutant): pick fast tests.
"""
from __future__ import annotations

import argparse
import ast
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from utils.book import config

ROOT = config.ROOT
SWAP = {ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.Lt: ast.GtE, ast.GtE: ast.Lt, ast.Gt: ast.LtE,
        ast.LtE: ast.Gt, ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is}
GROUP = re.compile(r"\(((?:\?:)?)([^()|]+(?:\|[^()|]+)+)\)")
RECORDS = ("append", "extend")


@dataclass
class Mutant:
    line: int
    what: str
    source: str  # the whole module, mutated


def _loops_over_editions(node: ast.For) -> bool:
    """``for edition in ...`` or ``for edition, entry in ...``."""
    target = node.target.elts[0] if isinstance(node.target, ast.Tuple) and node.target.elts else node.target
    return isinstance(target, ast.Name) and "edition" in target.id


def _records_a_problem(node: ast.stmt) -> bool:
    if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
        return "problem" in node.target.id
    call = node.value if isinstance(node, ast.Expr) else None
    return (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr in RECORDS
            and isinstance(call.func.value, ast.Name) and "problem" in call.func.value.id)


def _sites(tree: ast.AST):
    """(node, kind, detail) of every place a mutant can change, inside functions only."""
    for func in ast.walk(tree):
        if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(func):
            if isinstance(node, ast.Compare):
                for i, op in enumerate(node.ops):
                    if type(op) in SWAP:
                        yield node, "compare", i
            elif isinstance(node, ast.BoolOp):
                yield node, "boolop", None
            elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
                yield node, "not", None
            elif isinstance(node, ast.Constant) and type(node.value) is int:
                yield node, "number", None
            elif isinstance(node, ast.For) and _loops_over_editions(node):
                yield node, "editions", None
            if isinstance(node, (ast.FunctionDef, ast.For, ast.If, ast.With, ast.Try)):
                for field in ("body", "orelse"):
                    for j, stmt in enumerate(getattr(node, field, []) or []):
                        if _records_a_problem(stmt):
                            yield node, "drop", (field, j)
    docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                  if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and n.body
                  and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    for node in ast.walk(tree):  # regular expressions anywhere (module constants included), docstrings aside
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            for m in GROUP.finditer(node.value):
                for k in range(len(m.group(2).split("|"))):
                    yield node, "regex", (m.start(), m.end(), k)


def _apply(node, kind, detail) -> tuple[str, object]:
    """Mutate ``node`` in place; returns (what was done, how to undo it)."""
    if kind == "compare":
        old = node.ops[detail]
        node.ops[detail] = SWAP[type(old)]()
        return f"{type(old).__name__} -> {type(node.ops[detail]).__name__}", lambda: node.ops.__setitem__(detail, old)
    if kind == "boolop":
        old = node.op
        node.op = ast.Or() if isinstance(old, ast.And) else ast.And()
        return f"{type(old).__name__} -> {type(node.op).__name__}", lambda: setattr(node, "op", old)
    if kind == "not":
        old = node.op
        node.op = ast.UAdd()  # +x: truthiness of x itself, the 'not' dropped
        return "not dropped", lambda: setattr(node, "op", old)
    if kind == "number":
        old = node.value
        node.value = old + 1
        return f"{old} -> {old + 1}", lambda: setattr(node, "value", old)
    if kind == "editions":
        old = node.iter
        listed = ast.Call(func=ast.Name(id="list", ctx=ast.Load()), args=[old], keywords=[])
        node.iter = ast.Subscript(value=listed, slice=ast.Slice(upper=ast.Constant(-1)), ctx=ast.Load())
        return "the loop over the editions skips the last one", lambda: setattr(node, "iter", old)
    if kind == "drop":
        field, j = detail
        body = getattr(node, field)
        old = body[j]
        body[j] = ast.Pass()
        return f"'{ast.unparse(old)[:60]}' removed", lambda: body.__setitem__(j, old)
    start, end, k = detail
    old = node.value
    prefix, alternatives = GROUP.match(old, start).groups()
    kept = alternatives.split("|")
    dropped = kept.pop(k)
    node.value = old[:start] + f"({prefix}{'|'.join(kept)})" + old[end:]
    return f"regex alternative {dropped!r} removed", lambda: setattr(node, "value", old)


def mutants(source: str) -> list[Mutant]:
    tree = ast.parse(source)
    found = []
    for node, kind, detail in list(_sites(tree)):
        what, undo = _apply(node, kind, detail)
        try:
            found.append(Mutant(getattr(node, "lineno", 0), what, ast.unparse(tree)))
        finally:
            undo()
    return found


def run(modules: list[str], tests: list[str], root: Path = ROOT, timeout: int = 300,
        only: set[str] | None = None) -> dict[str, tuple[int, list[str]]]:
    """{module: (mutants killed, survivors described)} over a copy of the work tree; ``only``: the
    mutants to run, as the lines that describe them (``module:line: what``, a former run's survivors)."""
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "tree"
        shutil.copytree(root, copy, ignore=shutil.ignore_patterns(".venv", ".git", "_build", "__pycache__", "mutants"))
        command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:xdist", "-p", "no:randomly", *tests]
        # No bytecode cache: a mutant of the same size written within the second of the last run
        # would be read from the stale .pyc (Python checks a source's size and mtime in seconds).
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPYCACHEPREFIX"}
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        baseline = subprocess.run(command, cwd=copy, capture_output=True, text=True, timeout=timeout * 4, env=env)
        if baseline.returncode != 0:  # else every mutant would count as killed
            raise RuntimeError("the tests fail without any mutant:\n" + baseline.stdout[-3000:])
        for module in modules:
            target = copy / module
            original = target.read_text(encoding="utf-8")
            killed, survivors = 0, []
            for m in mutants(original):
                if only is not None and f"{module}:{m.line}: {m.what}" not in only:
                    continue
                target.write_text(m.source, encoding="utf-8")
                try:
                    rc = subprocess.run(command, cwd=copy, capture_output=True, timeout=timeout, env=env).returncode
                except subprocess.TimeoutExpired:
                    rc = 1  # a mutant that hangs the tests is caught
                if rc != 0:
                    killed += 1
                else:
                    survivors.append(f"{module}:{m.line}: {m.what}")
                print(f"{module}:{m.line}: {m.what}: {'killed' if rc else 'SURVIVED'}", flush=True)
            target.write_text(original, encoding="utf-8")
            results[module] = (killed, survivors)
    return results


def _loaded(path: Path) -> list:
    """Every loaded module whose file is ``path`` (utils/autograd_book/x.py is also autograd_book.x)."""
    path = path.resolve()
    return [m for m in list(sys.modules.values())
            if getattr(m, "__file__", None) and Path(m.__file__).resolve() == path]


def _exec_into(modules: list, source: str, filename: str) -> None:
    """Run ``source`` in each module's namespace, and point every name bound to one of its old
    functions, classes or compiled patterns (``from x import f``, in tests too) at the new one."""
    for module in modules:
        old = dict(vars(module))
        exec(compile(source, filename, "exec"), module.__dict__)
        swaps = {id(v): vars(module)[k] for k, v in old.items()
                 if k in vars(module) and vars(module)[k] is not v and (callable(v) or isinstance(v, re.Pattern))}
        for other in list(sys.modules.values()):
            space = getattr(other, "__dict__", None)
            if not isinstance(space, dict) or other is module:
                continue
            for k, v in list(space.items()):
                if id(v) in swaps and any(v is o for o in old.values()):
                    space[k] = swaps[id(v)]


def _forked(modules: list, source: str, filename: str, args: list[str], timeout: int) -> int:
    """The exit status of pytest run in a fork of this process with ``source`` in place of the module."""
    import signal
    import time

    import pytest

    pid = os.fork()
    if pid == 0:
        rc = 1
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)
            os.dup2(devnull, 2)
            _exec_into(modules, source, filename)
            rc = int(pytest.main(args))
        finally:
            os._exit(rc)
    deadline = time.monotonic() + timeout
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status)
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            return 1  # a mutant that hangs the tests is caught
        time.sleep(0.05)


def run_forked(modules: list[str], tests: list[str], root: Path = ROOT, timeout: int = 300,
               only: set[str] | None = None) -> dict[str, tuple[int, list[str]]]:
    """As :func:`run`, several times faster: the tests are collected and run once in this process
    (imports, collection), then each mutant runs in a fork of it, its source executed into the loaded
    module (and every name imported from it rebound). Nothing is written to disk, so a test that runs
    the code in a subprocess (nbval, a CLI) sees the original and cannot kill a mutant: a survivor
    here may be killed by :func:`run`. A module whose unchanged source fails this way is refused."""
    import os

    # One OpenMP thread before the tests import torch: a fork of a process whose OpenMP pool is
    # running deadlocks the first time the child computes in parallel (libgomp is not fork-safe).
    for variable in ("OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(variable, "1")
    import pytest

    args = ["-x", "-q", "-p", "no:xdist", "-p", "no:randomly", "-p", "no:cacheprovider", "--rootdir", str(root), *tests]
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    os.chdir(root)  # the tests are named relative to the work tree, as run() runs them
    if pytest.main(args) != 0:
        raise RuntimeError("the tests fail without any mutant")
    results = {}
    for module in modules:
        path = root / module
        original = path.read_text(encoding="utf-8")
        loaded = _loaded(path)
        if not loaded:
            raise RuntimeError(f"{module}: the tests never import it")
        if _forked(loaded, ast.unparse(ast.parse(original)), str(path), args, timeout * 4) != 0:
            raise RuntimeError(f"{module}: the tests fail with its source executed again; use run()")
        killed, survivors = 0, []
        for m in mutants(original):
            if only is not None and f"{module}:{m.line}: {m.what}" not in only:
                continue
            rc = _forked(loaded, m.source, str(path), args, timeout)
            if rc != 0:
                killed += 1
            else:
                survivors.append(f"{module}:{m.line}: {m.what}")
            print(f"{module}:{m.line}: {m.what}: {'killed' if rc else 'SURVIVED'}", flush=True)
        results[module] = (killed, survivors)
    return results


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m utils.book.mutation", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("modules", nargs="+", help="files to mutate, relative to the root; after them, '--' and "
                   "the pytest arguments that choose the tests that should kill the mutants")
    p.add_argument("--list", action="store_true", help="only list the mutants")
    p.add_argument("--root", type=Path, default=ROOT, help="the work tree to copy (another checkout: its tests)")
    p.add_argument("--fork", action="store_true", help="run each mutant in a fork of one process that "
                   "imported and collected the tests once (run_forked: faster; a test that runs the code in a "
                   "subprocess cannot kill a mutant)")
    p.add_argument("--only", type=Path, help="a file of mutants to run, one a line as a run lists them "
                   "('module:line: what', with or without '  survived: '): a former run's survivors")
    argv = list(sys.argv[1:] if argv is None else argv)
    tests = argv[argv.index("--") + 1:] if "--" in argv else []
    args = p.parse_args(argv[:argv.index("--")] if "--" in argv else argv)
    args.tests = tests
    if not tests and not args.list:
        p.error("name the tests after '--'")
    if args.list:
        for module in args.modules:
            for m in mutants((args.root / module).read_text(encoding="utf-8")):
                print(f"{module}:{m.line}: {m.what}")
        return
    only = None
    if args.only:
        only = {line.strip().removeprefix("survived: ") for line in args.only.read_text(encoding="utf-8").splitlines()}
    runner = run_forked if args.fork else run
    for module, (killed, survivors) in runner(args.modules, args.tests, args.root, only=only).items():
        total = killed + len(survivors)
        print(f"{module}: {killed}/{total} killed ({100 * killed / max(total, 1):.0f} %)")
        for s in survivors:
            print(f"  survived: {s}")


if __name__ == "__main__":
    main()
