"""Judges of the exercises of the chapter "Variable, then and now"."""
from __future__ import annotations

from typing import Any, Callable

import torch
import torch.autograd.forward_ad as fwAD


def judge_ex1(mode: Any, device: torch.device | str = "cpu") -> str | None:
    """The context manager that replaces ``volatile=True`` when results may later meet autograd."""
    if not isinstance(mode, type) and hasattr(mode, "__enter__"):
        return "that is an instance (with the brackets); give the class or function itself"
    if not callable(mode):
        return "give the context manager itself (a class or function)"
    if mode is torch.set_grad_enabled:
        return "set_grad_enabled needs a flag; the exercise asks for the manager that switches recording off by itself"
    weight = torch.ones(2, device=device, requires_grad=True)
    with mode():
        target = weight * 3
    if target.requires_grad:
        return "a graph was recorded inside the block, which volatile=True never did"
    if target.is_inference():
        return ("its results are inference tensors: autograd refuses to save them for backward, "
                "so they cannot be used later in a recorded computation")
    (weight * target).sum().backward()  # the result must be usable in a recorded computation
    if not torch.equal(weight.grad, torch.full((2,), 3.0, device=device)):
        return "the result did not behave as a constant in a later backward"
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
            return "the gradient that flows on is not clipped: a hook must return the new gradient"
        return f"the gradient that flows on is {x.grad.tolist() if x.grad is not None else None}, not {want.tolist()}"
    return None


def judge_ex2_inplace_free(hook: Callable[[torch.Tensor], Any], device: torch.device | str = "cpu") -> str | None:
    """Used by :func:`judge_ex2_full`: does the hook leave the tensor it receives unchanged?"""
    grad = torch.tensor([-5.0, 0.5, 5.0], device=device)
    before = grad.clone()
    hook(grad)
    if not torch.equal(grad, before):
        return "the hook changed the gradient it received in place (clamp_ instead of clamp?)"
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
        return 'box["grad"] was never set'
    if not torch.equal(upstream, torch.tensor([1.0, 10.0, 100.0], device=device)):
        return ("the hook stored the gradient itself and later added to it in place, which changed a "
                "tensor it does not own (here the caller's upstream gradient): store a clone")
    if not torch.equal(x.grad, 2 * 2 * upstream):
        return "the gradient that flowed on to x changed: the hook must not modify or replace it"
    if torch.equal(box["grad"], upstream):
        return "after two backward passes box['grad'] holds one gradient: the second must add to the first"
    if not torch.equal(box["grad"], 2 * upstream):
        return f"box['grad'] is {box['grad'].tolist()}, expected {(2 * upstream).tolist()}"
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
        return "give a Python float (.item()), not a tensor"
    if not isinstance(answer, float):
        return f"give a Python float, not {type(answer).__name__}"
    value, along_v, gradient = _directional_reference()
    if abs(answer - value) < 1e-4:
        return f"{value:g} is f(x) itself; the exercise asks for its derivative along v (the tangent)"
    if abs(answer - along_v) < 1e-4:
        return None
    if any(abs(answer - g) < 1e-4 for g in gradient):
        return "that is one component of the gradient; the derivative along v is the gradient dotted with v"
    return f"{answer} is not the derivative along v"


def forward_ad_solution(device: torch.device | str = "cpu") -> float:
    """The reference computation of Exercise 4 (used by the tests)."""
    with fwAD.dual_level():
        dual = fwAD.make_dual(torch.tensor([1.0, 2.0, 3.0], device=device),
                              torch.tensor([1.0, 0.0, -1.0], device=device))
        return fwAD.unpack_dual((dual ** 3).sum()).tangent.item()
