"""Judges of the exercises of the chapter "The graph under torch.compile".

Both exercises train a WGAN-GP critic, whose gradient penalty needs a second
derivative. The judges run the reader's function, call ``backward()`` once and
compare every parameter's gradient with the eager reference that
:func:`reference_grads` computes with ``torch.autograd.grad(create_graph=True)``.
"""
from __future__ import annotations

from typing import Any, Callable

import torch

PENALTY_WEIGHT = 10.0


def penalty_eager(critic: torch.nn.Module, between: torch.Tensor) -> torch.Tensor:
    """The WGAN-GP penalty by double backward in eager mode: the reference."""
    between = between.detach().requires_grad_()
    grad, = torch.autograd.grad(critic(between).sum(), between, create_graph=True)
    return ((grad.norm(dim=1) - 1) ** 2).mean()


def reference_grads(critic: torch.nn.Module, real: torch.Tensor, fake: torch.Tensor,
                    mix: torch.Tensor) -> list[torch.Tensor]:
    """Gradients of the full critic loss (Wasserstein terms + weighted penalty), eager."""
    between = mix * real + (1 - mix) * fake
    loss = critic(fake).mean() - critic(real).mean() + PENALTY_WEIGHT * penalty_eager(critic, between)
    return list(torch.autograd.grad(loss, list(critic.parameters()), materialize_grads=True))


def _grads_of(loss: Any, critic: torch.nn.Module) -> list[torch.Tensor]:
    if not isinstance(loss, torch.Tensor) or loss.dim() != 0:
        raise TypeError("the function must return the loss as a scalar tensor")
    if loss.grad_fn is None:
        raise ValueError("the loss has no graph (grad_fn is None): nothing was recorded for backward")
    for p in critic.parameters():
        p.grad = None
    loss.backward()  # one backward call, as in a training step
    grads = [torch.zeros_like(p) if p.grad is None else p.grad.clone() for p in critic.parameters()]
    for p in critic.parameters():
        p.grad = None
    return grads


def _mismatch(got: list[torch.Tensor], want: list[torch.Tensor]) -> str | None:
    if all(torch.allclose(g, w, atol=1e-5, rtol=1e-4) for g, w in zip(got, want)):
        return None
    return ("the parameters' gradients differ from the eager reference; a penalty computed "
            "from a gradient taken without create_graph=True (or from a detached tensor) "
            "is a constant and contributes nothing")


def _compiled_nodes(loss: torch.Tensor) -> int:
    from utils.autograd_tools import graph_nodes
    return sum(g.name == "CompiledFunctionBackward" for g in graph_nodes(loss))


def _explain(exc: Exception) -> str:
    text = str(exc)
    if "double backward" in text or "higher order gradients" in text:
        return ("backward() raised the double-backward error of torch.compile: the penalty's "
                "inner gradient went through a compiled region's backward, which cannot be "
                "differentiated again")
    return f"running it raised {type(exc).__name__}: {text.splitlines()[0] if text else ''}"


def make_judge_ex1(critic: torch.nn.Module, compiled_critic: Callable, real: torch.Tensor,
                   fake: torch.Tensor, mix: torch.Tensor) -> Callable[[Any], str | None]:
    """Exercise 1: ``answer(critic, compiled_critic, real, fake, mix)`` returns the critic loss.

    Rule: one backward() gives the eager gradients, and the graph contains at
    least one compiled region (the compiled critic is really used).
    """
    want = reference_grads(critic, real, fake, mix)

    def judge(answer: Any) -> str | None:
        if not callable(answer):
            return "the answer must be a function of (critic, compiled_critic, real, fake, mix)"
        loss = answer(critic, compiled_critic, real, fake, mix)
        if isinstance(loss, torch.Tensor) and loss.grad_fn is not None and _compiled_nodes(loss) == 0:
            return ("the loss's graph has no CompiledFunctionBackward node: the compiled critic "
                    "is not used, so nothing was compiled")
        try:
            got = _grads_of(loss, critic)
        except RuntimeError as exc:
            return _explain(exc)
        return _mismatch(got, want)

    return judge


def make_judge_ex2(critic: torch.nn.Module, real: torch.Tensor, fake: torch.Tensor,
                   mix: torch.Tensor, backend: str = "aot_eager") -> Callable[[Any], str | None]:
    """Exercise 2: ``answer(params, between)`` returns the penalty; it is compiled whole.

    Rule: ``torch.compile(answer)`` runs without a graph break, its backward()
    gives the eager penalty's gradients, and the result is a single compiled
    region.
    """
    import torch._dynamo

    between = mix * real + (1 - mix) * fake
    want = list(torch.autograd.grad(penalty_eager(critic, between), list(critic.parameters()),
                                    materialize_grads=True))

    def judge(answer: Any) -> str | None:
        if not callable(answer):
            return "the answer must be a function of (params, between)"
        params = dict(critic.named_parameters())
        torch._dynamo.reset()
        explained = torch._dynamo.explain(answer)(params, between.detach())
        if explained.graph_break_count:
            reason = str(explained.break_reasons[0].reason).splitlines()[0]
            return (f"torch.compile breaks the function into {explained.graph_count} graphs "
                    f"(first break: {reason}); the whole penalty must be one compiled region")
        torch._dynamo.reset()
        compiled = torch.compile(answer, backend=backend)
        try:
            got = _grads_of(compiled(params, between.detach()), critic)
        except RuntimeError as exc:
            return _explain(exc)
        finally:
            torch._dynamo.reset()
        return _mismatch(got, want)

    return judge
