"""The mutation tester makes the bugs it promises, one at a time, and each can be undone."""
import ast

from utils.book import mutation

SOURCE = '''
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
