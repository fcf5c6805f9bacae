"""Judges of the exercises of the chapter ``retain_graph``.

Each judge returns None for a right answer, or a sentence saying why the
answer is wrong. Judges that need the chapter's objects are built by a
``make_*`` function that takes them.
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Callable, Iterator, Sequence

import torch

from autograd_book.autograd_tools import SavedTensorMeter
from autograd_book.exercises.messages import Catalog, join
from autograd_book.exercises.probes import bypasses_version_counter, recorded_engine_calls

say = Catalog("retain_graph")

# Exercise 1 ------------------------------------------------------------------

EX1_LOSSES: dict[str, Callable[[torch.Tensor], torch.Tensor]] = {
    "x + 1": lambda x: (x + 1).sum(),
    "x * 4": lambda x: (x * 4).sum(),
    "x - 2": lambda x: (x - 2).sum(),
    "x.exp()": lambda x: x.exp().sum(),
    "x.view(3, 1)": lambda x: x.view(3, 1).sum(),
}

_EX1_WHY = ("x * 4", "x.exp()")  # the losses whose node saves a tensor: messages ex1.why.NAME


def backward_twice_works(name: str, device: torch.device | str = "cpu") -> bool:
    """Run ``EX1_LOSSES[name]`` backward twice without retain_graph; True if both passes run."""
    x = torch.tensor([1.0, 2.0, 3.0], device=device, requires_grad=True)
    loss = EX1_LOSSES[name](x)
    loss.backward()
    try:
        loss.backward()
    except RuntimeError:
        return False
    return True


def judge_ex1(answer: Any) -> str | None:
    """The set of loss names that survive a second backward without retain_graph."""
    if isinstance(answer, str) or not hasattr(answer, "__iter__"):
        return say("ex1.not_a_set")
    chosen = set(answer)
    unknown = chosen - set(EX1_LOSSES)
    if unknown:
        return say("ex1.unknown", unknown=sorted(unknown), losses=list(EX1_LOSSES))
    truth = {name for name in EX1_LOSSES if backward_twice_works(name)}
    wrong = sorted(chosen - truth)
    if wrong:
        return say("ex1.needs_saved", why=join((say(f"ex1.why.{n}") if n in _EX1_WHY else n for n in wrong),
                                                "clauses"))
    missing = sorted(truth - chosen)
    if missing:
        return say("ex1.missing", missing=missing)
    return None


# Exercise 2 ------------------------------------------------------------------

def run_carry(carry: Callable[[torch.Tensor], torch.Tensor], steps: int = 4,
              device: torch.device | str = "cpu") -> int:
    """Run a small recurrent loop that passes its state through ``carry``.

    Returns the bytes of saved tensors still held after the last backward;
    raises the chapter's error if the state drags the previous graph along.
    """
    torch.manual_seed(0)
    rnn_cell = torch.nn.Linear(8, 8).to(device)
    hidden = torch.zeros(2, 8, device=device)
    with SavedTensorMeter(exclude=list(rnn_cell.parameters())) as meter:
        for _ in range(steps):
            hidden = torch.tanh(rnn_cell(carry(hidden)) + 1)
            hidden.square().mean().backward()
    return meter.live_bytes


def judge_ex2(carry: Any) -> str | None:
    """``carry(hidden)`` must keep the state's values and cut its link to the old graph."""
    if not callable(carry):
        return say("ex2.not_callable")
    probe = torch.tanh(torch.nn.Linear(8, 8)(torch.randn(2, 8)))  # a state with a graph
    carried = carry(probe)
    if not isinstance(carried, torch.Tensor) or carried.shape != probe.shape:
        return say("ex2.shape")
    if not torch.equal(carried.detach(), probe.detach()):
        return say("ex2.values_changed")
    if carried.grad_fn is not None:
        return say("ex2.grad_fn")
    if bypasses_version_counter(carried, probe):
        return say("ex2.data")
    try:
        held = run_carry(carry)
    except RuntimeError as exc:
        return say("ex2.still_fails", error=str(exc).split(".")[0])
    if held:
        return say("ex2.holds", held=held)
    return None


# Exercise 3 ------------------------------------------------------------------

def d_step(for_d: Callable[[torch.Tensor], torch.Tensor], device: torch.device | str = "cpu"):
    """One discriminator step on ``for_d(fake)``; returns (generator, discriminator, fake, seen)."""
    torch.manual_seed(0)
    gen = torch.nn.Linear(4, 1).to(device)
    disc = torch.nn.Linear(1, 1).to(device)
    fake = gen(torch.randn(8, 4).to(device))
    seen = for_d(fake)
    d_loss = disc(seen).mean() - disc(torch.ones(8, 1, device=device)).mean()
    d_loss.backward()
    return gen, disc, fake, seen


def judge_ex3(for_d: Any) -> str | None:
    """D must see the generator's samples themselves, and its loss must not reach G."""
    if not callable(for_d):
        return say("ex3.not_callable")
    gen, disc, fake, seen = d_step(for_d)
    if not isinstance(seen, torch.Tensor) or seen.shape != fake.shape or not torch.equal(seen.detach(), fake.detach()):
        return say("ex3.other_values")
    if gen.weight.grad is not None:
        return say("ex3.reached_generator")
    if disc.weight.grad is None:
        return say("ex3.no_gradient")
    if bypasses_version_counter(seen, fake):
        return say("ex3.data")
    return None


# Exercise 4 ------------------------------------------------------------------

@contextmanager
def recording_grad_calls() -> Iterator[list[dict[str, Any]]]:
    """Record every call of ``torch.autograd.grad`` made inside the block (outputs and options).

    The engine's entry point is recorded (autograd_book.exercises.probes), so ``grad``
    imported by name (``from torch.autograd import grad``) counts too;
    ``backward()`` calls are left out. ``outputs`` is the tuple of outputs
    the call got, ``retain_graph`` the value the engine got (``create_graph``
    implies it).
    """
    calls: list[dict[str, Any]] = []

    def note(call):
        if call.kind == "grad":
            calls.append({"outputs": call.outputs, "retain_graph": call.retain_graph,
                          "create_graph": call.create_graph})

    with recorded_engine_calls(on_call=note):
        yield calls


def make_judge_ex4(two_losses: Callable[[], tuple[torch.Tensor, torch.Tensor]],
                   params: Sequence[torch.Tensor]) -> Callable[[Any], str | None]:
    """Judge of ``answer_4(loss1, loss2)``: one ``autograd.grad`` call on both losses, no retain_graph.

    The rule is checked, not only the values: the calls are recorded, the
    passes through the shared body are counted with a hook on its first
    parameter, and the graph must be freed afterwards.
    """
    params = list(params)

    def judge(answer: Any) -> str | None:
        if not callable(answer):
            return say("ex4.not_callable")
        loss1, loss2 = two_losses()
        expected = torch.autograd.grad(loss1 + loss2, params)
        loss1, loss2 = two_losses()
        passes = []
        handle = params[0].register_hook(lambda g: passes.append(1))
        try:
            with recording_grad_calls() as calls:
                grads = answer(loss1, loss2)
        finally:
            handle.remove()
        if len(calls) != 1:
            return say("ex4.calls", count=len(calls))
        outputs = calls[0]["outputs"]
        if len(outputs) != 2 or {id(o) for o in outputs} != {id(loss1), id(loss2)}:  # either order: one pass
            return say("ex4.outputs")
        if calls[0]["retain_graph"] or calls[0]["create_graph"]:
            return say("ex4.kept_graph")
        if len(passes) != 1:
            return say("ex4.passes", count=len(passes))
        try:
            torch.autograd.grad(loss1, params[0])
        except RuntimeError:
            pass
        else:
            return say("ex4.not_freed")
        grads = tuple(grads)
        if len(grads) != len(expected) or not all(
                torch.allclose(g, e, atol=1e-6) for g, e in zip(grads, expected)):
            return say("ex4.differ")
        return None

    return judge
