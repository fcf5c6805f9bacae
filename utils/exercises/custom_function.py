"""Judges of the exercises of the chapter "Custom autograd.Function"."""
from __future__ import annotations

import gc
import weakref
from typing import Any

import torch

from utils.exercises.messages import Catalog, join

say = Catalog("custom_function")


def _is_function_class(cls: Any) -> str | None:
    if not (isinstance(cls, type) and issubclass(cls, torch.autograd.Function)):
        return say("not_function", type=type(cls).__name__)
    return None


def _tensors_on_ctx(node: Any) -> list[str]:
    """Names of the tensors a custom Function's node keeps as plain attributes of ctx."""
    return sorted(name for name, value in vars(node).items() if _holds_tensor(value))


def _holds_tensor(value: Any, depth: int = 0) -> bool:
    """A tensor, or a container or plain object that holds one (a dict, a list, a small class)."""
    if isinstance(value, torch.Tensor):
        return True
    if depth > 3 or isinstance(value, (str, bytes, type)):
        return False
    if isinstance(value, dict):
        value = list(value.values())
    elif hasattr(value, "__dict__") and not callable(value):
        value = list(vars(value).values())
    return isinstance(value, (list, tuple, set)) and any(_holds_tensor(v, depth + 1) for v in value)


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

    def pack(t):
        # Count, and store a detached alias: returning t itself would make the saved output hold its own
        # node, a cycle through C++ that no garbage collection frees (the output would never be freed).
        packed.append(t.nbytes)
        return t.detach()

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        y = cls.apply(x)
    if not isinstance(y, torch.Tensor) or not torch.allclose(y, 2 * x.detach().exp()):
        return say("ex1.value")
    if y.grad_fn is None:
        return say("ex1.no_grad_fn")
    on_ctx = _tensors_on_ctx(y.grad_fn)
    if on_ctx:
        return say("ex1.on_ctx", names=join("ctx." + n for n in on_ctx))
    if not packed:
        return say("ex1.nothing_saved")
    packed.clear()
    grad, = torch.autograd.grad(y.sum(), x, retain_graph=True)
    if not torch.allclose(grad, 2 * x.detach().exp()):
        return say("ex1.gradient")
    if not _backward_twice_raises(cls.apply(x).sum()):
        return say("ex1.second_backward")
    out = cls.apply(x)
    ref = weakref.ref(out)
    del out
    alive = ref() is not None
    gc.collect()
    if alive:
        return say("ex1.alive")
    return None


def _silu_second_derivative(x: torch.Tensor) -> torch.Tensor:
    s = torch.sigmoid(x)
    return s * (1 - s) * (2 + x * (1 - 2 * s))


def _refuses_double_backward(fn: Any, x: torch.Tensor) -> bool:
    """Whether a second differentiation through ``fn`` raises @once_differentiable's error.

    The incoming gradient requires grad, as gradgradcheck's does: @once_differentiable installs its
    refusing node only then (with a plain ``.sum()`` the first derivative merely has no graph), and that
    node leads to no input, so ``backward()`` on copies, which runs every node, is what reaches it.
    """
    x_copy = x.detach().clone().requires_grad_()
    grad_out = torch.ones_like(x, requires_grad=True)
    first, = torch.autograd.grad(fn(x_copy), x_copy, grad_out, create_graph=True)
    if not first.requires_grad:
        return False
    try:
        first.sum().backward()
    except RuntimeError as err:
        if "once_differentiable" in str(err):
            return True
        raise
    return False


def judge_ex2(cls: Any, device: torch.device | str = "cpu") -> str | None:
    """A Function computing SiLU, x * sigmoid(x), that is twice differentiable.

    Checked: gradcheck and gradgradcheck in float64, a backward marked
    @once_differentiable (named as such), the second derivative against its
    closed form (an error-free but wrong double backward fails here), and no
    tensor kept as an attribute of ctx.
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
        return say("ex2.value")
    on_ctx = _tensors_on_ctx(y.grad_fn)
    if on_ctx:
        return say("ex2.on_ctx", names=join("ctx." + n for n in on_ctx))
    if not torch.autograd.gradcheck(first, (x,), raise_exception=False):
        return say("ex2.first")
    if _refuses_double_backward(first, x):
        return say("ex2.once_differentiable")
    g, = torch.autograd.grad(first(x).sum(), x, create_graph=True)
    if g.grad_fn is None:
        return say("ex2.no_graph")
    second, = torch.autograd.grad(g.sum(), x)  # once_differentiable raises here
    if not torch.allclose(second, _silu_second_derivative(x.detach())):
        return say("ex2.second")
    if not torch.autograd.gradgradcheck(first, (x,), raise_exception=False):
        return say("ex2.gradgradcheck")
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
        return say("ex3.not_doubled")
    if b._version == version:
        return say("ex3.version")
    if y is not b:
        return say("ex3.new_tensor")
    grad, = torch.autograd.grad(b.sum(), a)
    if not torch.allclose(grad, torch.full_like(grad, 2.0)):
        return say("ex3.gradient", got=grad.tolist())
    leaf = torch.ones(3, device=device, requires_grad=True)
    try:
        cls.apply(leaf)
    except RuntimeError as exc:
        if "leaf Variable that requires grad" not in str(exc):
            raise
    else:
        return say("ex3.leaf")
    return None
