"""Judges of the exercises of the chapter "Inside the engine: the Variable internals"."""
from __future__ import annotations

import numbers
from typing import Any, Callable

import torch

from autograd_book.exercises.messages import Catalog

say = Catalog("internals")


def version_after_the_sequence(device: torch.device | str = "cpu") -> int:
    """Run the sequence of exercise 1 and return ``x._version`` at its end."""
    x = torch.zeros(4, device=device)
    view = x[:2]
    view.add_(1)             # a view shares its base's counter: 1
    x.mul_(2)                # 2
    x.detach().zero_()       # detach() shares the counter: 3
    x.data.fill_(3.0)        # .data has a counter of its own: still 3
    return x._version


def judge_ex1(answer: Any, device: torch.device | str = "cpu") -> str | None:
    """The version of ``x`` after a view's in-place op, an in-place op, a detach()ed and a .data write."""
    if isinstance(answer, bool) or not isinstance(answer, numbers.Real):
        return say("ex1.not_number", type=type(answer).__name__)
    want = version_after_the_sequence(device)
    if float(answer) == want:
        return None
    if float(answer) == want + 1:
        return say("ex1.one_too_many")
    if float(answer) == want - 1:
        return say("ex1.one_too_few")
    if float(answer) == 0:
        return say("ex1.zero")
    return say("ex1.not", answer=answer)


def _walk(root: Any) -> list[Any]:
    """Every node reachable from ``root``, each once."""
    seen, stack, nodes = {root}, [root], [root]
    while stack:
        node = stack.pop()
        for child, _ in node.next_functions:
            if child is not None and child not in seen:
                seen.add(child)
                nodes.append(child)
                stack.append(child)
    return nodes


def _graphs(device: torch.device | str) -> list[tuple[str, torch.Tensor]]:
    """Small graphs on which the wrong schedules differ from the engine's (built fresh on each call).

    Each comes with the key of its description in the catalog (graph.KEY).
    """
    x = torch.tensor([0.5, 1.0], device=device, requires_grad=True)
    y = torch.tensor([2.0, 3.0], device=device, requires_grad=True)
    graphs = []
    # 1. x's branch is recorded first; y's branch later and longer
    u = x.exp()
    w = y.sin().cos()
    graphs.append(("two_leaves", (u + w).sum()))
    # 1b. the same branches, the later one as the first operand: next_functions order is not priority
    u2, w2 = x.exp(), y.sin().cos()
    graphs.append(("operands_swapped", (w2 + u2).sum()))
    # 2. a diamond: a is used twice, so its node waits for both uses
    a = x * 2
    graphs.append(("diamond", (a.exp() * a.sin()).sum()))
    # 3. a skip connection: the leaf feeds the first and the last operation
    h = x.tanh().exp()
    graphs.append(("skip", (h * x).sum()))
    return graphs


def engine_order(loss: torch.Tensor) -> list[Any]:
    """Run backward on ``loss`` and return the nodes in the order the engine called them."""
    order: list[Any] = []
    handles = [node.register_prehook(lambda grads, node=node: order.append(node))
               for node in _walk(loss.grad_fn)]
    loss.backward()
    for handle in handles:
        handle.remove()
    return order


def _names(nodes: list[Any]) -> list[str]:
    return [node.name().replace("torch::autograd::", "") for node in nodes]


def judge_ex2(schedule: Callable[[Any], Any], device: torch.device | str = "cpu") -> str | None:
    """``schedule(root)`` returns the nodes in the order the engine will run them, without running backward."""
    for what, loss in _graphs(device):
        predicted = schedule(loss.grad_fn)
        if predicted is None:
            return say("ex2.returned_none")
        predicted = list(predicted)
        if any(not hasattr(node, "next_functions") for node in predicted):
            return say("ex2.not_nodes")
        actual = engine_order(loss)
        if len(predicted) != len(actual) or any(p is not a for p, a in zip(predicted, actual)):
            return say("ex2.order", graph=say(f"graph.{what}"), actual=_names(actual),
                       predicted=_names(predicted))
    return None


def judge_ex3(change: Callable[[torch.Tensor], Any], device: torch.device | str = "cpu") -> str | None:
    """``change(t)`` changes the values of ``t`` and leaves ``t._version`` where it was."""
    if not callable(change):
        return say("ex3.not_callable")
    t = torch.arange(4.0, device=device)
    before_values, before_version = t.clone(), t._version
    change(t)
    if torch.equal(t, before_values):
        return say("ex3.unchanged")
    if t._version != before_version:
        return say("ex3.seen", before=before_version, after=t._version)
    return None
