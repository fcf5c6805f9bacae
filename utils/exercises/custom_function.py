"""Judges of the exercises of the chapter "Custom autograd.Function"."""
from __future__ import annotations

import gc
import weakref
from typing import Any

import torch


def _is_function_class(cls: Any) -> str | None:
    if not (isinstance(cls, type) and issubclass(cls, torch.autograd.Function)):
        return f"give a subclass of torch.autograd.Function (the class itself), not {type(cls).__name__}"
    return None


def _tensors_on_ctx(node: Any) -> list[str]:
    """Names of the tensors a custom Function's node keeps as plain attributes of ctx."""
    found = []
    for name, value in vars(node).items():
        values = value if isinstance(value, (list, tuple)) else (value,)
        if any(isinstance(v, torch.Tensor) for v in values):
            found.append(name)
    return sorted(found)


def _backward_twice_raises(loss: torch.Tensor) -> bool:
    loss.backward()
    try:
        loss.backward()
    except RuntimeError as exc:
        return "backward through the graph a second time" in str(exc)
    return False


def judge_ex1(cls: Any, device: torch.device | str = "cpu") -> str | None:
    """A Function computing 2 * exp(x) that saves what backward needs with save_for_backward.

    Checked: the value and the gradient; the saved-tensor hooks see what it
    saves (a tensor kept on ctx bypasses them); no tensor is left as an
    attribute of ctx; after a backward, what it saved is freed, so a second
    backward raises the usual error; and no reference cycle keeps the output
    alive once the reader drops it.
    """
    wrong = _is_function_class(cls)
    if wrong:
        return wrong
    x = torch.tensor([-0.5, 0.0, 1.5], dtype=torch.float64, device=device, requires_grad=True)
    packed = []
    with torch.autograd.graph.saved_tensors_hooks(lambda t: packed.append(t) or t, lambda t: t):
        y = cls.apply(x)
    if not isinstance(y, torch.Tensor) or not torch.allclose(y, 2 * x.detach().exp()):
        return "apply(x) must return 2 * exp(x)"
    if y.grad_fn is None:
        return "the output has no grad_fn: the Function is not recorded"
    on_ctx = _tensors_on_ctx(y.grad_fn)
    if on_ctx:
        return (f"ctx keeps tensors as attributes ({', '.join('ctx.' + n for n in on_ctx)}); autograd never "
                "frees them and saved-tensor hooks never see them: pass them to ctx.save_for_backward")
    if not packed:
        return "nothing went through ctx.save_for_backward, so backward must be reading a tensor kept elsewhere"
    packed.clear()
    grad, = torch.autograd.grad(y.sum(), x, retain_graph=True)
    if not torch.allclose(grad, 2 * x.detach().exp()):
        return "the gradient is wrong: d/dx 2 exp(x) = 2 exp(x)"
    if not _backward_twice_raises(cls.apply(x).sum()):
        return ("a second backward through the same graph ran: a tensor kept outside save_for_backward "
                "survives the first backward, with its memory")
    out = cls.apply(x)
    ref = weakref.ref(out)
    del out
    alive = ref() is not None
    gc.collect()
    if alive:
        return "the output stays alive after it is dropped (a reference cycle through ctx); save it with save_for_backward"
    return None


def _silu_second_derivative(x: torch.Tensor) -> torch.Tensor:
    s = torch.sigmoid(x)
    return s * (1 - s) * (2 + x * (1 - 2 * s))


def judge_ex2(cls: Any, device: torch.device | str = "cpu") -> str | None:
    """A Function computing SiLU, x * sigmoid(x), that is twice differentiable.

    Checked: gradcheck and gradgradcheck in float64, the second derivative
    against its closed form (an error-free but wrong double backward fails
    here), and no tensor kept as an attribute of ctx.
    """
    wrong = _is_function_class(cls)
    if wrong:
        return wrong
    x = torch.tensor([-2.0, -0.3, 0.4, 1.7], dtype=torch.float64, device=device, requires_grad=True)

    def first(t):
        out = cls.apply(t)
        return out[0] if isinstance(out, tuple) else out

    y = first(x)
    if not torch.allclose(y, torch.nn.functional.silu(x.detach())):
        return "apply(x) must return x * sigmoid(x) (or that as its first output)"
    on_ctx = _tensors_on_ctx(y.grad_fn)
    if on_ctx:
        return (f"ctx keeps tensors as attributes ({', '.join('ctx.' + n for n in on_ctx)}); "
                "use ctx.save_for_backward")
    if not torch.autograd.gradcheck(first, (x,), raise_exception=False):
        return "the first derivative is wrong (gradcheck fails)"
    g, = torch.autograd.grad(first(x).sum(), x, create_graph=True)
    if g.grad_fn is None:
        return "the gradient has no graph: backward detaches or is not written in torch operations"
    second, = torch.autograd.grad(g.sum(), x)  # once_differentiable raises here
    if not torch.allclose(second, _silu_second_derivative(x.detach())):
        return ("double backward runs but gives a wrong second derivative: backward uses a tensor that autograd "
                "treats as a constant (an intermediate of forward, or a detached one); recompute it from the input")
    if not torch.autograd.gradgradcheck(first, (x,), raise_exception=False):
        return "gradgradcheck fails"
    return None


def judge_ex3(cls: Any, device: torch.device | str = "cpu") -> str | None:
    """An in-place Function: multiplies its input by 2 in place, returns it, gradients right.

    Checked: the input tensor is changed in place and returned; the gradient
    that reaches a leaf through the modified tensor is 2 (without mark_dirty
    the modified tensor keeps its old history and gives 1); applied to a leaf
    that requires grad it raises, as every in-place operation does.
    """
    wrong = _is_function_class(cls)
    if wrong:
        return wrong
    a = torch.tensor([1.0, -3.0, 0.5], device=device, requires_grad=True)
    b = a.clone()
    version = b._version
    y = cls.apply(b)
    if not torch.equal(b.detach(), 2 * a.detach()):
        return "the input was not multiplied by 2 in place (its values did not change)"
    if b._version == version:
        return "the input's version counter did not move: modify it with an in-place operation (mul_)"
    if y is not b:
        return ("apply returned a new tensor, not the input it modified: call ctx.mark_dirty(x) and return x "
                "(without mark_dirty, the input keeps its old history and its gradient is wrong)")
    grad, = torch.autograd.grad(b.sum(), a)
    if not torch.allclose(grad, torch.full_like(grad, 2.0)):
        return f"the gradient through the modified tensor is {grad.tolist()}, not 2: backward must return 2 * grad"
    leaf = torch.ones(3, device=device, requires_grad=True)
    try:
        cls.apply(leaf)
    except RuntimeError as exc:
        if "leaf Variable that requires grad" not in str(exc):
            raise
    else:
        return "applied to a leaf that requires grad, it changed the leaf silently: mark the input dirty"
    return None
