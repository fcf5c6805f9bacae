"""Judges of the exercises pit-ex1 to pit-ex5 of the chapter "Pitfalls in training loops"
(book/en/training_loops.ipynb; they were in "Common pitfalls" until the split of issue 35, hence the name).

Each judge runs the reader's function on fresh data and checks the rule that
the exercise states, not only the numbers: exercise 1 must train without
``retain_graph`` and with a loss whose graph reaches only ``w``; exercise 3
must let every iteration's graph go before the next-but-one iteration starts.
"""
from __future__ import annotations

import math
import weakref
from contextlib import contextmanager
from typing import Any, Callable, Iterator

import torch
from torch import nn

from autograd_book.exercises.messages import Catalog
from autograd_book.exercises.probes import bypasses_version_counter, data_reads, recorded_engine_calls

say = Catalog("pitfalls")


@contextmanager
def recorded_backward_calls() -> Iterator[list[dict[str, Any]]]:
    """Record every backward pass started in the block: ``backward()`` and ``torch.autograd.grad``.

    The engine's entry point is recorded (autograd_book.exercises.probes), so a
    ``grad`` imported by name is seen too. Each record has ``kind``
    (``"backward"`` or ``"grad"``), ``retain_graph`` (as the engine got it:
    ``create_graph=True`` implies it) and ``leaves`` (the leaf tensors the
    first output's graph reaches).
    """
    calls: list[dict[str, Any]] = []

    def note(call):
        calls.append({"kind": call.kind, "retain_graph": call.retain_graph, "leaves": call.leaves})

    with recorded_engine_calls(on_call=note):
        yield calls


# ---------------------------------------------------------------- exercise 1

def ex1_reference_losses(device: torch.device | str = "cpu") -> list[float]:
    """The 10 losses that training w on sin(x) from zero gives, computed without any graph mistakes."""
    x = torch.linspace(-1, 1, 16, device=device)
    target = torch.sin(x)
    w = torch.zeros(1, device=device, requires_grad=True)
    optimizer = torch.optim.SGD([w], lr=0.5)
    losses = []
    for _ in range(10):
        optimizer.zero_grad()
        loss = ((w * x - target) ** 2).mean()
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    return losses


def judge_ex1(train: Callable[[], list], device: torch.device | str = "cpu") -> str | None:
    """``train()`` must return 10 float losses equal to the reference, without retain_graph, graphs reaching only w."""
    with recorded_backward_calls() as calls:
        losses = train()
    retained = [call for call in calls if call["retain_graph"]]
    if retained:
        if retained[0]["kind"] == "grad":
            return say("ex1.grad_retained")
        return say("ex1.backward_retained")
    if any(len(call["leaves"]) > 1 for call in calls):
        return say("ex1.second_leaf")
    if not isinstance(losses, list) or len(losses) != 10:
        return say("ex1.ten_losses")
    if not all(isinstance(v, float) for v in losses):
        return say("ex1.floats")
    reference = ex1_reference_losses(device)
    if not all(math.isclose(a, b, rel_tol=1e-5, abs_tol=1e-7) for a, b in zip(losses, reference)):
        return say("ex1.differ")
    return None


# ---------------------------------------------------------------- exercise 2

def judge_ex2(carry: Callable, device: torch.device | str = "cpu") -> str | None:
    """``carry((h, c))`` must keep the values and cut the history of both tensors; training must run."""
    torch.manual_seed(0)
    lstm = nn.LSTM(2, 3, batch_first=True).to(device)
    optimizer = torch.optim.SGD(lstm.parameters(), lr=0.1)
    stream = torch.randn(1, 9, 2).to(device)
    state = (torch.zeros(1, 1, 3, device=device), torch.zeros(1, 1, 3, device=device))
    for i in range(3):
        out, new_state = lstm(stream[:, 3 * i:3 * i + 3], state)
        optimizer.zero_grad()
        out.pow(2).mean().backward()
        optimizer.step()
        state = carry(new_state)
        if not isinstance(state, tuple) or len(state) != 2:
            return say("ex2.pair")
        if not all(torch.equal(a, b) for a, b in zip(state, new_state)):
            return say("ex2.values_changed")
        for name, t in zip("hc", state):
            if t.grad_fn is not None:
                return say("ex2.grad_fn", name=name)
        for name, t, source in zip("hc", state, new_state):
            if bypasses_version_counter(t, source):
                return say("ex2.data", name=name)
    return None


# ---------------------------------------------------------------- exercise 3

class _Identity(torch.autograd.Function):
    """A node of the judge's own: its grad_fn is a Python object, so its lifetime can be watched."""

    @staticmethod
    def forward(ctx, x):
        return x.view_as(x)

    @staticmethod
    def backward(ctx, grad):
        return grad


class _WatchedLinear(nn.Linear):
    """nn.Linear whose every output carries a node the judge can hold a weak reference to."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.graph_refs: list[weakref.ref] = []

    def forward(self, x):
        out = _Identity.apply(super().forward(x))
        self.graph_refs.append(weakref.ref(out.grad_fn))
        return out


class _WatchedBatches:
    """The batches, handed out one by one; before batch i it notes whether iteration i-2's graph is alive."""

    def __init__(self, batches, model: _WatchedLinear):
        self.batches, self.model, self.kept_alive = batches, model, False

    def __len__(self):
        return len(self.batches)

    def __iter__(self):
        for i, batch in enumerate(self.batches):
            if i >= 2 and self.model.graph_refs[i - 2]() is not None:
                self.kept_alive = True
            yield batch


def _ex3_setup(device):
    torch.manual_seed(0)
    model = _WatchedLinear(4, 1).to(device)
    batches = [(torch.randn(8, 4).to(device), torch.randn(8, 1).to(device)) for _ in range(5)]
    return model, torch.optim.SGD(model.parameters(), lr=0.1), batches


def judge_ex3(train: Callable, device: torch.device | str = "cpu") -> str | None:
    """``train(model, optimizer, batches)``: one clean step per batch, average as a float, no graph kept."""
    model, optimizer, batches = _ex3_setup(device)
    watched = _WatchedBatches(batches, model)
    empty_steps = []  # the steps that found no gradient to apply

    def before_step(opt, args, kwargs):
        params = [p for group in opt.param_groups for p in group["params"]]
        if all(p.grad is None or not p.grad.any() for p in params):
            empty_steps.append(1)

    handle = optimizer.register_step_pre_hook(before_step)
    try:
        with recorded_backward_calls() as calls:
            average = train(model, optimizer, watched)
    finally:
        handle.remove()
    if any(call["retain_graph"] for call in calls):
        return say("ex3.retained")
    if watched.kept_alive:
        return say("ex3.kept_alive")
    if empty_steps:
        return say("ex3.empty_steps", count=len(empty_steps))
    if isinstance(average, torch.Tensor):
        return say("ex3.tensor")
    reference, ref_optimizer, _ = _ex3_setup(device)
    ref_total = 0.0
    for inputs, target in batches:
        ref_optimizer.zero_grad()
        loss = nn.functional.mse_loss(reference(inputs), target)
        loss.backward()
        ref_optimizer.step()
        ref_total += loss.item()
    if not torch.allclose(model.weight, reference.weight, atol=1e-6):
        return say("ex3.weights")
    if not isinstance(average, float) or abs(average - ref_total / len(batches)) > 1e-6:
        return say("ex3.average")
    return None


# ---------------------------------------------------------------- exercise 4

def judge_ex4(step: Callable, device: torch.device | str = "cpu") -> str | None:
    """``step(w, lr)``: one gradient-descent step on the leaf ``w`` in place, seen by autograd, ``.grad`` cleared."""
    w = torch.tensor([1.0, -2.0, 3.0], device=device, requires_grad=True)
    x = torch.tensor([0.5, 1.0, 2.0], device=device)
    (w * x).sum().pow(2).backward()
    expected = (w - 0.3 * w.grad).detach()  # not the 0.1 of the statement's example: lr must be used
    before, version = w.detach().clone(), w._version
    try:
        step(w, 0.3)
    except RuntimeError as err:
        if "leaf Variable" in str(err):
            return say("ex4.grad_mode")
        raise
    if not w.is_leaf or w.grad_fn is not None:
        return say("ex4.not_leaf")
    if not w.requires_grad:
        return say("ex4.no_requires_grad")
    if not torch.allclose(w.detach(), expected):
        if torch.equal(w.detach(), before):
            return say("ex4.no_step")
        return say("ex4.wrong_step")
    if w._version == version:
        return say("ex4.data")
    if w.grad is not None and w.grad.any():
        return say("ex4.grad_left")
    return None


# ---------------------------------------------------------------- exercise 5

def _ex5_setup(device):
    torch.manual_seed(0)
    actor = nn.Sequential(nn.Linear(4, 16), nn.Tanh(), nn.Linear(16, 2)).to(device)
    critic = nn.Sequential(nn.Linear(4, 16), nn.Tanh(), nn.Linear(16, 1)).to(device)
    states, actions = torch.randn(10, 4).to(device), torch.randint(0, 2, (10,)).to(device)
    returns = torch.randn(10).to(device)
    optimizers = torch.optim.SGD(actor.parameters(), lr=0.1), torch.optim.SGD(critic.parameters(), lr=0.1)
    return actor, critic, *optimizers, states, actions, returns


def ex5_reference(device: torch.device | str = "cpu"):
    """The actor and critic after one correct update: the critic on its own loss, the actor with a constant advantage."""
    actor, critic, actor_opt, critic_opt, states, actions, returns = _ex5_setup(device)
    log_probs = torch.distributions.Categorical(logits=actor(states)).log_prob(actions)
    advantage = returns - critic(states).squeeze(1)
    critic_opt.zero_grad()
    advantage.pow(2).mean().backward()
    critic_opt.step()
    actor_opt.zero_grad()
    (-(log_probs * advantage.detach()).mean()).backward()
    actor_opt.step()
    return actor, critic


def judge_ex5(update: Callable, device: torch.device | str = "cpu") -> str | None:
    """``update(actor, critic, actor_opt, critic_opt, states, actions, returns)``: one correct actor-critic update."""
    actor, critic, *rest = _ex5_setup(device)
    stale = 0.5
    for p in [*actor.parameters(), *critic.parameters()]:
        p.grad = torch.full_like(p, stale)  # the previous iteration's gradients, as in a training loop
    with recorded_backward_calls() as calls, data_reads() as reads:
        try:
            update(actor, critic, *rest)
        except RuntimeError as err:
            if "modified by an inplace operation" in str(err):
                if any(call["retain_graph"] for call in calls):
                    return say("ex5.retained_inplace")
                return say("ex5.inplace")
            if "a second time" in str(err):
                return say("ex5.freed")
            raise
    ref_actor, ref_critic = ex5_reference(device)

    def same(params, reference, shift=0.0):
        return all(torch.allclose(p, q - shift, atol=1e-6) for p, q in zip(params, reference))

    lr = rest[0].param_groups[0]["lr"]
    for model, ref, reason in ((critic, ref_critic, "ex5.critic"), (actor, ref_actor, "ex5.actor")):
        if not same(model.parameters(), ref.parameters()):
            if same(model.parameters(), ref.parameters(), lr * stale):
                return say("ex5.zero_grad")
            return say(reason)
    if reads:
        return say("ex5.data")
    if any(call["retain_graph"] for call in calls):
        return say("ex5.leftover")
    return None
