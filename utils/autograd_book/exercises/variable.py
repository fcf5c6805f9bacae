"""Judges of the exercises of the chapter "Variable, then and now"."""
from __future__ import annotations

from typing import Any, Callable

import torch
import torch.autograd.forward_ad as fwAD

from autograd_book.exercises.messages import Catalog

say = Catalog("variable")
common = Catalog("common")


def judge_ex1(mode: Any, device: torch.device | str = "cpu") -> str | None:
    """The context manager that replaces ``volatile=True`` when results may later meet autograd."""
    if not isinstance(mode, type) and hasattr(mode, "__enter__"):
        return say("ex1.instance")
    if not callable(mode):
        return say("ex1.not_callable")
    if mode is torch.set_grad_enabled:
        return say("ex1.set_grad_enabled")
    weight = torch.ones(2, device=device, requires_grad=True)
    with mode():
        target = weight * 3
    if target.requires_grad:
        return say("ex1.recorded")
    if target.is_inference():
        return say("ex1.inference")
    (weight * target).sum().backward()  # the result must be usable in a recorded computation
    if not torch.equal(weight.grad, torch.full((2,), 3.0, device=device)):
        return say("ex1.not_constant")
    return None


def judge_ex2(hook: Callable[[torch.Tensor], Any], device: torch.device | str = "cpu") -> str | None:
    """A tensor hook that clips the gradient to [-1, 1] without changing the gradient it receives."""
    x = torch.tensor([1.0, 2.0, 3.0], device=device, requires_grad=True)
    y = x * 1.0
    y.register_hook(hook)
    upstream = torch.tensor([-5.0, 0.5, 5.0], device=device)
    y.backward(upstream.clone())
    want = torch.tensor([-1.0, 0.5, 1.0], device=device)
    if x.grad is None or not torch.equal(x.grad, want):
        if x.grad is not None and torch.equal(x.grad, upstream):
            return say("ex2.not_clipped")
        return say("ex2.flows_on", got=x.grad.tolist() if x.grad is not None else None, want=want.tolist())
    return None


def judge_ex2_inplace_free(hook: Callable[[torch.Tensor], Any], device: torch.device | str = "cpu") -> str | None:
    """Used by :func:`judge_ex2_full`: does the hook leave the tensor it receives unchanged?"""
    grad = torch.tensor([-5.0, 0.5, 5.0], device=device)
    before = grad.clone()
    hook(grad)
    if not torch.equal(grad, before):
        return say("ex2.in_place")
    return None


def judge_ex2_full(hook: Callable[[torch.Tensor], Any], device: torch.device | str = "cpu") -> str | None:
    """Exercise 2: clipped gradient flows on, and the received gradient is not modified in place."""
    return judge_ex2_inplace_free(hook, device) or judge_ex2(hook, device)


def judge_ex3(keep: Callable[[torch.Tensor, dict], Any], device: torch.device | str = "cpu") -> str | None:
    """A hook-based retain_grad: stores a copy, accumulates, and leaves the flowing gradient alone.

    The upstream gradient is handed to ``backward`` directly, so the hook on ``y``
    receives that very tensor: storing it without a copy and then adding in
    place changes the caller's tensor and the gradient that flows on.
    """
    x = torch.tensor([1.0, 2.0, 3.0], device=device, requires_grad=True)
    y = x * 2
    box: dict = {}
    keep(y, box)
    upstream = torch.tensor([1.0, 10.0, 100.0], device=device)
    y.backward(upstream, retain_graph=True)
    y.backward(upstream)
    if "grad" not in box:
        return say("ex3.never_set")
    if not torch.equal(upstream, torch.tensor([1.0, 10.0, 100.0], device=device)):
        return say("ex3.stored_itself")
    if not torch.equal(x.grad, 2 * 2 * upstream):
        return say("ex3.flow_changed")
    if torch.equal(box["grad"], upstream):
        return say("ex3.one_gradient")
    if not torch.equal(box["grad"], 2 * upstream):
        return say("ex3.expected", got=box["grad"].tolist(), want=(2 * upstream).tolist())
    return None


def _directional_reference() -> tuple[float, float, list[float]]:
    """f(x), its derivative along v, and its gradient at the exercise's point, by reverse mode
    (an independent route from the forward-mode answer the exercise asks for)."""
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    v = torch.tensor([1.0, 0.0, -1.0])
    f = (x ** 3).sum()
    (gradient,) = torch.autograd.grad(f, x)
    return f.item(), torch.dot(gradient, v).item(), gradient.tolist()


def judge_ex4(answer: Any) -> str | None:
    """The directional derivative of sum(x**3) at (1, 2, 3) along (1, 0, -1), as a Python float."""
    if isinstance(answer, torch.Tensor):
        return common("python_float")
    if not isinstance(answer, float):
        return common("python_float_not", type=type(answer).__name__)
    value, along_v, gradient = _directional_reference()
    if abs(answer - value) < 1e-4:
        return say("ex4.f_itself", value=value)
    if abs(answer - along_v) < 1e-4:
        return None
    if any(abs(answer - g) < 1e-4 for g in gradient):
        return say("ex4.component")
    return say("ex4.not", answer=answer)


def forward_ad_solution(device: torch.device | str = "cpu") -> float:
    """The reference computation of Exercise 4 (used by the tests)."""
    with fwAD.dual_level():
        dual = fwAD.make_dual(torch.tensor([1.0, 2.0, 3.0], device=device),
                              torch.tensor([1.0, 0.0, -1.0], device=device))
        return fwAD.unpack_dual((dual ** 3).sum()).tangent.item()
