"""Judges of the exercises of the chapter "create_graph and higher-order gradients"."""
from __future__ import annotations

import math
from typing import Any, Callable

import torch
from torch.func import functional_call

from utils.exercises.custom_function import _tensors_on_ctx
from utils.exercises.messages import Catalog, join
from utils.exercises.probes import bypasses_version_counter, recorded_engine_calls

say = Catalog("create_graph")
common = Catalog("common")


FOURTH_DERIVATIVE_AT_1 = math.sin(1.0) - 4 * math.cos(1.0)  # d^4/dx^4 (x sin x) = x sin x - 4 cos x


def judge_ex1(value: Any) -> str | None:
    """The fourth derivative of x sin x at x = 1, as a Python float."""
    if isinstance(value, torch.Tensor):
        return common("python_float")
    if not isinstance(value, float):
        return common("python_float_not", type=type(value).__name__)
    wrong = {
        "third": -3 * math.sin(1.0) - math.cos(1.0),
        "second": 2 * math.cos(1.0) - math.sin(1.0),
        "first": math.sin(1.0) + math.cos(1.0),
        "f": math.sin(1.0),
    }
    for name, bad in wrong.items():
        if abs(value - bad) < 1e-4:
            return say("ex1.lower_order", name=say(f"ex1.order.{name}"))
    if abs(value - FOURTH_DERIVATIVE_AT_1) < 1e-4:
        return None
    return say("ex1.not", value=value)


def _reference_hvp(f: Callable, w: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
    return torch.func.hessian(f)(w) @ v


def judge_ex2(hvp: Callable, device: torch.device | str = "cpu") -> str | None:
    """``hvp(f, w, v)``: H v by double backward with torch.autograd.grad, w unchanged, no .grad filled.

    The rules are checked, not only the numbers: ``f`` must be evaluated once
    (finite differences evaluate it at shifted points), the differentiation
    must go through ``torch.autograd.grad`` (two calls at least, one of them
    with ``create_graph=True``; torch.func transforms and forward mode do not
    call it) written in the answer, not made for it by
    ``torch.autograd.functional`` (``hvp``, ``vhp``, ``hessian``), ``w`` must
    keep its value and version, and no ``.grad`` may be filled (``w`` is
    passed as a leaf that requires grad, so ``backward()`` would fill it).
    The calls are recorded at the engine's entry (utils.exercises.probes), so
    ``grad`` imported by name counts too.
    """
    w = torch.tensor([0.2, -0.5, 1.0], device=device, requires_grad=True)
    vec = torch.tensor([1.0, 2.0, -1.0], device=device)
    w_before, version_before = w.detach().clone(), w._version
    calls = {"f": 0, "func": 0}
    points = []  # the tensors f was evaluated at

    def f(t):
        calls["f"] += 1
        wrapped = torch._C._functorch.is_functorch_wrapped_tensor(t)  # inside a torch.func transform
        calls["func"] += wrapped
        if not wrapped:
            points.append(t)
        return (t.sin() * t.roll(1)).sum() + t.pow(4).sum()

    error = None
    with recorded_engine_calls() as engine_calls:
        try:
            result = hvp(f, w, vec)
        except RuntimeError as exc:  # judged below: a forgotten create_graph=True ends here
            error = exc
    grad_calls = [c for c in engine_calls if c.kind == "grad"]
    helpers = sorted({c.via for c in engine_calls if c.via})
    if error is not None:
        if "does not have a grad_fn" in str(error) and grad_calls and not any(c.create_graph for c in grad_calls):
            return say("ex2.no_create_graph")
        raise error
    if w._version != version_before or not torch.equal(w.detach(), w_before):
        return say("ex2.in_place")
    if w.grad is not None:
        return say("ex2.filled_grad")
    if calls["func"]:
        return say("ex2.func")
    if any(bypasses_version_counter(t, w) for t in points[:1]):  # bumps w's version: after the in-place check
        return say("ex2.data")
    if helpers:
        return say("ex2.helper", helper=helpers[0])
    if calls["f"] > 1:
        return say("ex2.evaluations", count=calls["f"])
    if not grad_calls:
        return say("ex2.no_grad_call")
    if not any(c.create_graph for c in grad_calls):
        return say("ex2.no_create_graph")
    if len(grad_calls) < 2:
        return say("ex2.one_call")
    if len(grad_calls) > 2:
        return say("ex2.rows", count=len(grad_calls))
    if not isinstance(result, torch.Tensor) or result.shape != w.shape:
        return say("ex2.shape")
    want = _reference_hvp(lambda t: (t.sin() * t.roll(1)).sum() + t.pow(4).sum(), w_before, vec)
    if not torch.allclose(result.detach(), want, atol=1e-5):
        return say("ex2.values", got=[round(t, 4) for t in result.tolist()], want=[round(t, 4) for t in want.tolist()])
    return None


def make_judge_ex3(critic: torch.nn.Module, real: torch.Tensor, fake: torch.Tensor,
                   mix: torch.Tensor, weight_of_penalty: float = 10.0) -> Callable[[Any], str | None]:
    """The gradient of the penalty alone with respect to ``critic[0].weight``.

    The reference is computed with torch.func, independently of the chapter's
    code; the judge also recognises the usual mistakes by value.
    """
    params = {name: p.detach() for name, p in critic.named_parameters()}
    between = (mix * real + (1 - mix) * fake).detach()

    def critic_out(weights, points):
        return functional_call(critic, weights, (points,))

    def penalty_of(weight):
        weights = {**params, "0.weight": weight}
        grad_in = torch.func.grad(lambda pts: critic_out(weights, pts).sum())(between)
        return ((grad_in.norm(dim=1) - 1) ** 2).mean()

    def wasserstein_of(weight):
        weights = {**params, "0.weight": weight}
        return critic_out(weights, fake).mean() - critic_out(weights, real).mean()

    want = torch.func.grad(penalty_of)(params["0.weight"])
    total = torch.func.grad(lambda wt: wasserstein_of(wt) + weight_of_penalty * penalty_of(wt))(params["0.weight"])
    critic_only = torch.func.grad(wasserstein_of)(params["0.weight"])

    def judge(value: Any) -> str | None:
        if not isinstance(value, torch.Tensor):
            return say("ex3.not_tensor", type=type(value).__name__)
        if value.shape != want.shape:
            return say("ex3.shape", got=tuple(value.shape), want=tuple(want.shape))
        value = value.detach()
        if torch.allclose(value, want, atol=1e-5):
            return None
        if torch.allclose(value, weight_of_penalty * want, atol=1e-4):
            return say("ex3.weighted", weight=weight_of_penalty)
        if torch.allclose(value, total, atol=1e-4):
            return say("ex3.whole_loss")
        if torch.allclose(value, critic_only, atol=1e-4) or torch.count_nonzero(value) == 0:
            return say("ex3.nothing")
        return say("ex3.not")

    return judge


def judge_ex4(cls: Any, device: torch.device | str = "cpu") -> str | None:
    """A custom autograd.Function computing x**3 that passes gradgradcheck in float64."""
    if not (isinstance(cls, type) and issubclass(cls, torch.autograd.Function)):
        return say("ex4.not_function")
    x = torch.tensor([0.5, -1.5, 2.0], dtype=torch.float64, device=device, requires_grad=True)
    out = cls.apply(x)
    if not torch.allclose(out, x**3):
        return say("ex4.forward")
    on_ctx = _tensors_on_ctx(out.grad_fn) if out.grad_fn is not None else []
    if on_ctx:
        return say("ex4.on_ctx", names=join("ctx." + n for n in on_ctx))
    if not torch.autograd.gradcheck(cls.apply, (x,), raise_exception=False):
        return say("ex4.first")
    # One double backward of our own before gradgradcheck, which (raise_exception=False) would turn the
    # error of @once_differentiable into a bare False: the reader should see which error it is. The
    # incoming gradient requires grad, as gradgradcheck's does; @once_differentiable only installs its
    # refusing node when some input of backward requires grad, and that node leads to no input (so
    # torch.autograd.grad would skip it): a plain backward() on copies runs every node.
    x_copy = x.detach().clone().requires_grad_()
    grad_out = torch.ones_like(x, requires_grad=True)
    first, = torch.autograd.grad(cls.apply(x_copy), x_copy, grad_out, create_graph=True)
    if first.requires_grad:
        try:
            first.sum().backward()
        except RuntimeError as err:  # @once_differentiable refuses loudly
            return say("ex4.double_fails", error=str(err).splitlines()[0])
    ok = torch.autograd.gradgradcheck(cls.apply, (x,), raise_exception=False)
    if not ok:
        return say("ex4.second")
    return None
