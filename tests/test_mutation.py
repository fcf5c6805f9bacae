"""The mutation tester makes the bugs it promises, one at a time, and each can be undone."""
import ast

import pytest

from utils.book import mutation

SOURCE = '''
"""A docstring (is not a regex|nor is this)."""
import re
ROLE = re.compile(r"\\{(ref|doc)\\}")


def check(eds, a, b, c):
    problems = []
    for edition in eds:
        if a == b and not c:
            problems.append(edition)
    problems += [1]
    return problems
'''


def test_every_kind_of_mutant_is_made_once_and_the_source_is_left_as_it_was():
    found = mutation.mutants(SOURCE)
    whats = sorted(m.what for m in found)
    assert whats == sorted([
        "Eq -> NotEq", "And -> Or", "not dropped", "1 -> 2",
        "the loop over the editions skips the last one",
        "'problems.append(edition)' removed", "'problems += [1]' removed",
        "regex alternative 'ref' removed", "regex alternative 'doc' removed"]), whats
    assert all(m.source != ast.unparse(ast.parse(SOURCE)) for m in found)
    assert len({m.source for m in found}) == len(found)  # each mutant differs from every other


def test_a_mutant_changes_what_the_code_does():
    mutant = next(m for m in mutation.mutants(SOURCE) if m.what == "the loop over the editions skips the last one")
    scope = {}
    exec(mutant.source, scope)
    assert scope["check"](["zh-hant", "zh-hans"], 1, 1, False) == ["zh-hant", 1]
    regex = next(m for m in mutation.mutants(SOURCE) if m.what == "regex alternative 'doc' removed")
    exec(regex.source, scope)
    assert scope["ROLE"].pattern == r"\{(ref)\}"


TINY = '''
def check(x):
    problems = []
    if x > 2:
        problems.append(x)
    return problems
'''
TINY_TEST = '''
from tiny import check


def test_check():
    assert check(5) == [5] and check(1) == []
'''


def _mutate(root, *args):
    import subprocess
    import sys

    from utils.book import config

    return subprocess.run([sys.executable, "-m", "utils.book.mutation", "--root", str(root), *args],
                          cwd=config.ROOT, capture_output=True, text=True, timeout=600).stdout


@pytest.mark.slow  # four mutation runs, each pytest in a subprocess (about 6 s): make test runs it
def test_both_runners_kill_the_same_mutants_and_only_reruns_the_survivors(tmp_path):
    """A module of three mutants whose test misses one (x > 3 still passes check(5)): both runners
    report it, and --only runs that one alone."""
    (tmp_path / "tiny.py").write_text(TINY, encoding="utf-8")
    (tmp_path / "test_tiny.py").write_text(TINY_TEST, encoding="utf-8")
    for mode in ([], ["--fork"]):
        out = _mutate(tmp_path, *mode, "tiny.py", "--", "test_tiny.py")
        assert "tiny.py: 2/3 killed (67 %)" in out and "  survived: tiny.py:4: 2 -> 3" in out, (mode, out)
    survivors = tmp_path / "survivors.txt"
    survivors.write_text("  survived: tiny.py:4: 2 -> 3\n", encoding="utf-8")
    out = _mutate(tmp_path, "--fork", "--only", str(survivors), "tiny.py", "--", "test_tiny.py")
    assert "tiny.py: 0/1 killed (0 %)" in out, out
    (tmp_path / "test_tiny.py").write_text(TINY_TEST.replace("check(5) == [5]", "check(3) == [3]"), encoding="utf-8")
    out = _mutate(tmp_path, "--fork", "--only", str(survivors), "tiny.py", "--", "test_tiny.py")
    assert "tiny.py: 1/1 killed (100 %)" in out, out
