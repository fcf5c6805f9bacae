"""Judges of the exercises of the chapter "The graph under torch.compile".

Exercise 1 is a WGAN-GP training loop whose generator step has already run a
backward through the compiled critic: the reader's critic loss must then give
the eager gradients in one ``backward()`` while its Wasserstein terms still go
through the compiled critic. Exercise 2 is an R1 penalty written so that
``torch.compile`` captures it, inner gradient included, as one region. Both
judges compare gradients with eager references computed by
``torch.autograd.grad(create_graph=True)``.
"""
from __future__ import annotations

from typing import Any, Callable

import torch

from autograd_book.exercises.messages import Catalog

say = Catalog("torch_compile")

PENALTY_WEIGHT = 10.0

COMPILED_NODE = "CompiledFunctionBackward"


def penalty_eager(critic: Callable, between: torch.Tensor) -> torch.Tensor:
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


def generator_step(compiled_critic: Callable, fake: torch.Tensor) -> None:
    """The generator step of a WGAN loop: one ordinary backward through the compiled critic.

    ``fake`` requires grad there (it comes from the generator), as the points of
    the penalty do, so both use the same compiled graph; its backward is
    compiled with donated buffers.
    """
    generated = fake.detach().clone().requires_grad_()
    (-compiled_critic(generated).mean()).backward()


def _grads_of(loss: Any, params: list[torch.Tensor]) -> list[torch.Tensor]:
    """One ``backward()`` on ``loss``; the gradient of each of ``params`` (zeros where none)."""
    if not isinstance(loss, torch.Tensor) or loss.dim() != 0:
        raise TypeError(say("loss.not_scalar"))
    if loss.grad_fn is None:
        raise ValueError(say("loss.no_graph"))
    for p in params:
        p.grad = None
    loss.backward()  # one backward call, as in a training step
    grads = [torch.zeros_like(p) if p.grad is None else p.grad.clone() for p in params]
    for p in params:
        p.grad = None
    return grads


def _close(got: list[torch.Tensor], want: list[torch.Tensor]) -> bool:
    return all(torch.allclose(g, w, atol=1e-5, rtol=1e-4) for g, w in zip(got, want))


def _explain(exc: Exception) -> str:
    text = str(exc)
    if "donated buffers" in text:
        return say("error.donated")
    if "double backward" in text or "higher order gradients" in text:
        return say("error.double_backward")
    return say("error.other", error=f"{type(exc).__name__}: {text.splitlines()[0] if text else ''}")


class _RecordingCritic:
    """Calls the compiled critic and keeps its inputs and outputs, to see which terms went through it."""

    def __init__(self, compiled_critic: Callable):
        self.compiled_critic = compiled_critic
        self.outputs: list[torch.Tensor] = []
        self.inputs: list[torch.Tensor | None] = []

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        out = self.compiled_critic(*args, **kwargs)
        if isinstance(out, torch.Tensor):
            first = args[0] if args else next(iter(kwargs.values()), None)
            self.outputs.append(out)
            self.inputs.append(first.detach() if isinstance(first, torch.Tensor) else None)
        return out


def _holds_rows(points: torch.Tensor | None, batch: torch.Tensor) -> bool:
    """Whether ``points`` is ``batch``, or holds it as a block of rows (``torch.cat([fake, real])``)."""
    if points is None or points.dim() != batch.dim() or points.shape[1:] != batch.shape[1:]:
        return False
    n = batch.shape[0]
    return any(torch.equal(points[i:i + n], batch) for i in range(points.shape[0] - n + 1))


def _through_compiled(loss: torch.Tensor, recording: _RecordingCritic,
                      batches: dict[str, torch.Tensor]) -> list[str]:
    """The names of ``batches`` whose critic values carry some gradient of ``loss`` through a compiled region.

    A batch counts when an output of the compiled critic, computed from
    points that hold it, gets a non-zero gradient from ``loss``.
    """
    compiled = [(o, i) for o, i in zip(recording.outputs, recording.inputs)
                if o.grad_fn is not None and o.grad_fn.name() == COMPILED_NODE]
    if not compiled:
        return []
    grads = torch.autograd.grad(loss, [o for o, _ in compiled], allow_unused=True)
    reached = [i for (_, i), g in zip(compiled, grads) if g is not None and bool(g.abs().sum() > 0)]
    return [name for name, batch in batches.items()
            if any(_holds_rows(points, batch.detach()) for points in reached)]


def make_judge_ex1(critic: torch.nn.Module, compiled_critic: Callable, real: torch.Tensor,
                   fake: torch.Tensor, mix: torch.Tensor) -> Callable[[Any], str | None]:
    """Exercise 1: ``answer(critic, compiled_critic, real, fake, mix)`` returns the critic loss.

    Before each call the judge runs the generator step (:func:`generator_step`).
    Rule: one backward() gives the eager gradients, and both Wasserstein
    terms go through the compiled critic (for ``fake`` and for ``real``, some
    of the loss's gradient reaches an output of a compiled region computed
    from those points).
    """
    want = reference_grads(critic, real, fake, mix)
    params = list(critic.parameters())

    def run(answer: Any) -> tuple[Any, _RecordingCritic]:
        generator_step(compiled_critic, fake)
        for p in params:
            p.grad = None
        recording = _RecordingCritic(compiled_critic)
        return answer(critic, recording, real, fake, mix), recording

    def judge(answer: Any) -> str | None:
        if not callable(answer):
            return say("ex1.not_callable")
        try:  # the inner gradient itself may fail, inside the answer
            loss, _ = run(answer)
            got = _grads_of(loss, params)
        except RuntimeError as exc:
            return _explain(exc)
        loss, recording = run(answer)  # a fresh graph for the second question
        through = _through_compiled(loss, recording, {"fake": fake, "real": real})
        if not through:
            return say("ex1.none_compiled")
        if len(through) == 1:
            missing = "real" if through == ["fake"] else "fake"
            return say("ex1.only_one", term=through[0], missing=missing)
        if not _close(got, want):
            return say("ex1.differ")
        return None

    return judge


def r1_penalty_eager(critic: torch.nn.Module, params: dict[str, torch.Tensor],
                     points: torch.Tensor) -> torch.Tensor:
    """The R1 penalty by double backward in eager mode: mean over points of |d critic / d x|^2."""
    from torch.func import functional_call

    points = points.detach().requires_grad_()
    grad, = torch.autograd.grad(functional_call(critic, params, (points,)).sum(), points,
                                create_graph=True)
    return (grad ** 2).sum(dim=1).mean()


def make_judge_ex2(critic: torch.nn.Module, real: torch.Tensor,
                   backend: str = "aot_eager") -> Callable[[Any], str | None]:
    """Exercise 2: ``answer(params, points)`` returns the R1 penalty; it is compiled whole.

    Rule: ``torch.compile(answer)`` runs without a graph break, and one
    backward() gives the eager R1 penalty's gradients on ``params``. The judge
    passes fresh leaf copies of the critic's parameters, so an answer that
    calls ``critic`` directly (ignoring ``params``) gets no gradient there.
    """
    import torch._dynamo

    def fresh_params() -> dict[str, torch.Tensor]:
        return {name: p.detach().clone().requires_grad_() for name, p in critic.named_parameters()}

    ref_params = fresh_params()
    want_value = r1_penalty_eager(critic, ref_params, real)
    want = list(torch.autograd.grad(want_value, list(ref_params.values()), materialize_grads=True))
    grad_in = torch.func.grad(lambda x: torch.func.functional_call(critic, ref_params, (x,)).sum())(real)
    wgan_value = ((grad_in.norm(dim=1) - 1) ** 2).mean()
    norm_value = grad_in.norm(dim=1).mean()
    n = real.shape[0]

    def judge(answer: Any) -> str | None:
        if not callable(answer):
            return say("ex2.not_callable")
        params = fresh_params()
        torch._dynamo.reset()
        try:
            explained = torch._dynamo.explain(answer)(params, real.detach())
            if explained.graph_break_count:
                reason = str(explained.break_reasons[0].reason).splitlines()[0]
                return say("ex2.graph_break", count=explained.graph_count, reason=reason)
            torch._dynamo.reset()
            value = torch.compile(answer, backend=backend)(params, real.detach())
            if not isinstance(value, torch.Tensor) or value.dim() != 0:
                return say("ex2.not_scalar")
            if value.grad_fn is None:
                return say("ex2.no_graph")
            got = _grads_of(value, list(params.values()))
        finally:
            torch._dynamo.reset()
        if all(bool(g.abs().sum() == 0) for g in got):
            return say("ex2.no_gradient")
        value = value.detach()
        if torch.allclose(value, want_value.detach(), rtol=1e-4) and _close(got, want):
            return None
        if torch.allclose(value, wgan_value, rtol=1e-4):
            return say("ex2.wgan")
        if torch.allclose(value, norm_value, rtol=1e-4):
            return say("ex2.norm")
        if torch.allclose(value * n ** 2, want_value.detach(), rtol=1e-4):
            return say("ex2.averaged")
        return say("ex2.differ")

    return judge
