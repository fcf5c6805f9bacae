"""The judges of the internals chapter reject the typical wrong answers, with a reason, and accept the solutions."""
import collections

import pytest
import torch

from autograd_book.exercises import internals as ex

from exercise_messages import every_message_in_every_edition  # noqa: F401  (a fixture)
from wrong_answers import Wrong

pytestmark = pytest.mark.usefixtures("every_message_in_every_edition")  # each reason, in every edition


def test_ex1_accepts_the_measured_version():
    assert ex.version_after_the_sequence() == 3
    assert ex.judge_ex1(3) is None and ex.judge_ex1(3.0) is None


@pytest.mark.parametrize("answer, reason", [
    (4, "x.data is a new tensor"),        # .data thought to share the counter
    (2, "detach() shares"),               # detach() or the view thought not to share it
    (0, "do bump the counter"),           # in-place writes thought not to count
    (1, "is not 1"),
    (True, "give a number"),
    ("3", "give a number"),
])
def test_ex1_rejects_the_typical_wrong_counts(answer, reason):
    verdict = ex.judge_ex1(answer)
    assert verdict is not None and reason in verdict


def _schedule(root, pick):
    """Dependency counts: a node is ready once every node that feeds it has run; ``pick`` takes
    the next one out of the ready list."""
    deps, ready, order = _dependencies(root), [root], []
    while ready:
        node = pick(ready)
        order.append(node)
        for child, _ in node.next_functions:
            if child is not None:
                deps[child] -= 1
                if deps[child] == 0:
                    ready.append(child)
    return order


def engine_schedule(root):
    """The solution: dependency counts, then the ready node with the highest sequence number first."""
    # the last of equal numbers (the AccumulateGrad nodes), as a stable sort then pop() takes it
    return _schedule(root, lambda ready: ready.pop(max(reversed(range(len(ready))), key=lambda i: ready[i]._sequence_nr())))


def by_sequence_number(root):
    """Wrong: sorts by sequence number and forgets that a node waits for all its gradients."""
    return sorted(ex._walk(root), key=lambda node: node._sequence_nr(), reverse=True)


def breadth_first(root):
    """Wrong: the order of next_functions, level by level."""
    order, i = [root], 0
    while i < len(order):
        for child, _ in order[i].next_functions:
            if child is not None and child not in order:
                order.append(child)
        i += 1
    return order


def leaves_last(root):
    """Wrong: sequence numbers, but every AccumulateGrad at the end."""
    nodes = ex._walk(root)
    accs = [n for n in nodes if "AccumulateGrad" in n.name()]
    rest = sorted((n for n in nodes if n not in accs), key=lambda node: node._sequence_nr(), reverse=True)
    return rest + accs


def test_ex2_accepts_the_engine_schedule():
    assert ex.judge_ex2(engine_schedule) is None


def _dependencies(root):
    deps, seen, stack = collections.Counter(), {root}, [root]
    while stack:
        node = stack.pop()
        for child, _ in node.next_functions:
            if child is not None:
                deps[child] += 1
                if child not in seen:
                    seen.add(child)
                    stack.append(child)
    return deps


def dependencies_with_a_stack(root):
    """Wrong: dependency counts, but the last node made ready runs next (sequence numbers ignored)."""
    return _schedule(root, lambda ready: ready.pop())


def reverse_postorder(root):
    """Wrong: a depth-first topological order, children in next_functions order."""
    done, order = set(), []

    def visit(node):
        done.add(node)
        for child, _ in node.next_functions:
            if child is not None and child not in done:
                visit(child)
        order.append(node)
    visit(root)
    return order[::-1]


@pytest.mark.parametrize("answer, reason", [
    (by_sequence_number, "the engine ran"),
    (breadth_first, "the engine ran"),
    (leaves_last, "the engine ran"),
    (dependencies_with_a_stack, "the engine ran"),
    (reverse_postorder, "the engine ran"),
    (lambda root: None, "returned None"),
    (lambda root: [n.name() for n in engine_schedule(root)], "not names"),
])
def test_ex2_rejects_the_typical_wrong_schedules(answer, reason):
    verdict = ex.judge_ex2(answer)
    assert verdict is not None and reason in verdict


def test_ex2_graphs_tell_the_wrong_schedules_apart():
    # the solution matches the engine on every graph; each wrong schedule misses on at least one
    wrong = {f: False for f in (by_sequence_number, breadth_first, leaves_last,
                                dependencies_with_a_stack, reverse_postorder)}
    for what, loss in ex._graphs("cpu"):
        predicted = [id(n) for n in engine_schedule(loss.grad_fn)]
        for schedule in wrong:
            wrong[schedule] |= [id(n) for n in schedule(loss.grad_fn)] != predicted
        assert predicted == [id(n) for n in ex.engine_order(loss)], what
    assert all(wrong.values()), [f.__name__ for f, missed in wrong.items() if not missed]


def test_ex3_accepts_a_write_through_data():
    assert ex.judge_ex3(lambda t: t.data.add_(1)) is None


@pytest.mark.parametrize("answer, reason", [
    (lambda t: t.detach().add_(1), "saw the write"),
    (lambda t: t[:2].add_(1), "saw the write"),
    (lambda t: torch.autograd.graph.increment_version(t), "did not change"),
    (lambda t: t.add(1), "did not change"),
    ("t.data.add_(1)", "function of one tensor"),
])
def test_ex3_rejects_writes_the_counter_sees_and_non_writes(answer, reason):
    verdict = ex.judge_ex3(answer)
    assert verdict is not None and reason in verdict


# The typical wrong answers the site shows under exercise 2 (tests/wrong_answers.py).
WRONG = {"int-ex2": [Wrong(breadth_first, "the engine ran"), Wrong(reverse_postorder, "the engine ran"),
                     Wrong(lambda root: None, "returned None")]}
JUDGES = {"int-ex2": lambda: ex.judge_ex2}


@pytest.mark.parametrize("answer, reason", [w.case() for w in WRONG["int-ex2"]])
def test_ex2_rejects_the_typical_wrong_answers_the_site_shows(answer, reason):
    verdict = ex.judge_ex2(answer)
    assert verdict is not None and reason in verdict
