"""Judges of the exercises of the chapter "The memory of saved tensors" (book/en/saved_memory.ipynb).

The judges measure instead of comparing with a stored answer: exercise 1
probes each operation with a pack hook, exercise 2 meters the network's
forward pass, exercise 3 meters the reader's hooks and compares gradients.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable

import torch
from torch import nn

from utils.autograd_tools import SavedTensorMeter, tensors_in
from utils.exercises.messages import Catalog, join
from utils.memory import PackedBytesMeter

say = Catalog("saved_memory")

# ---------------------------------------------------------------- exercise 1

EX1_NAMES = ("linear", "conv", "relu", "softmax", "batchnorm", "tanh", "exp", "square")

# Why each operation saves what it saves: its derivative, written with the tensor it needs
# (the messages ex1.needs.NAME of the catalog).


def ex1_ops(device: torch.device | str = "cpu") -> dict[str, tuple[Callable, torch.Tensor]]:
    """Each candidate operation with an input of a suitable shape."""
    return {
        "linear": (nn.Linear(4, 4).to(device), torch.randn(2, 4)),
        "conv": (nn.Conv2d(1, 1, 3).to(device), torch.randn(1, 1, 5, 5)),
        "relu": (nn.ReLU(), torch.randn(2, 4)),
        "softmax": (nn.Softmax(dim=1), torch.randn(2, 4)),
        "batchnorm": (nn.BatchNorm1d(4).to(device), torch.randn(3, 4)),
        "tanh": (torch.tanh, torch.randn(2, 4)),
        "exp": (torch.exp, torch.randn(2, 4)),
        "square": (torch.square, torch.randn(2, 4)),
    }


def saves_output(op: Callable, x: torch.Tensor, device: torch.device | str = "cpu") -> bool:
    """Whether ``op(x)`` saves its own output for backward (a pack hook sees the output's memory)."""
    x = x.to(device).requires_grad_()
    ptrs = []

    def pack(t):
        ptrs.append(t.untyped_storage().data_ptr())
        return t.detach()  # not t: a saved output returned as is makes a reference cycle with its node

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        y = op(x)
    return y.untyped_storage().data_ptr() in ptrs


def judge_ex1(answer: Iterable[str], device: torch.device | str = "cpu") -> str | None:
    """``answer`` must be exactly the set of operations that save their output."""
    answer = set(answer) if not isinstance(answer, str) else {answer}
    unknown = answer - set(EX1_NAMES)
    if unknown:
        return say("ex1.unknown", names=sorted(unknown))
    truth = {name for name, (op, x) in ex1_ops(device).items() if saves_output(op, x, device)}
    extra, missing = sorted(answer - truth), sorted(truth - answer)
    if extra:
        return say(f"ex1.saves_input.{'one' if len(extra) == 1 else 'many'}", names=join(extra),
                   why=join((say(f"ex1.needs.{name}") for name in extra), "clauses"))
    if missing:
        return say(f"ex1.saves_output.{'one' if len(missing) == 1 else 'many'}", names=join(missing),
                   why=join((say(f"ex1.needs.{name}") for name in missing), "clauses"))
    return None


# ---------------------------------------------------------------- exercise 2

def make_judge_ex2(net: nn.Module, inputs: torch.Tensor) -> Callable[[Any], str | None]:
    """A judge for "how many activation bytes does net(inputs) save", measured with SavedTensorMeter.

    ``net`` is Linear -> ReLU -> Linear; the reasons name the usual miscounts.
    """
    first, _, last = net[0], net[1], net[2]
    with SavedTensorMeter(exclude=list(net.parameters())) as meter:
        out = net(inputs)  # keep the graph alive while reading the meter
    measured = meter.live_bytes
    del out
    size = inputs.element_size()
    input_bytes = inputs.numel() * size
    hidden_bytes = inputs.shape[0] * first.out_features * size
    output_bytes = inputs.shape[0] * last.out_features * size
    param_bytes = sum(p.numel() * p.element_size() for p in net.parameters())

    def judge(answer: Any) -> str | None:
        if not isinstance(answer, int) or isinstance(answer, bool):
            return say("ex2.not_int")
        if answer == measured:
            return None
        if answer == measured + hidden_bytes:
            return say("ex2.same_tensor")
        if answer == measured - input_bytes:
            return say("ex2.first_input")
        if answer in (measured + output_bytes, measured + hidden_bytes + output_bytes):
            return say("ex2.output")
        if answer >= measured + param_bytes:
            return say("ex2.parameters")
        return say("ex2.not", answer=answer)

    return judge


# ---------------------------------------------------------------- exercise 3

def make_judge_ex3(model: nn.Module, batch: torch.Tensor, loss_of: Callable[[torch.Tensor], torch.Tensor],
                   plain_bytes: int, exact: list[torch.Tensor], max_ratio: float = 0.55,
                   max_error: float = 1e-3) -> Callable[[Any], str | None]:
    """A judge for "hooks keeping at most max_ratio x plain_bytes with relative gradient error < max_error".

    ``exact`` are the plain step's parameter gradients. The answer is a pair
    ``(pack, unpack)``; the bytes it keeps are metered with PackedBytesMeter,
    parameters excluded unless the hooks copy them.
    """
    params = list(model.parameters())
    param_storages = {p.untyped_storage().data_ptr() for p in params}

    def judge(pair: Any) -> str | None:
        if not (isinstance(pair, tuple) and len(pair) == 2 and all(callable(f) for f in pair)):
            return say("ex3.not_pair")
        pack, unpack = pair
        low_copies, full_copies = [], []  # parameters the pack hook stored as new tensors

        def watching_pack(t):
            packed = pack(t)
            if t.untyped_storage().data_ptr() in param_storages:
                inside = tensors_in(packed)
                if not any(p.untyped_storage().data_ptr() == t.untyped_storage().data_ptr() for p in inside):
                    # a copy (a cast, a move to the CPU): in a lower precision or not
                    lower = any(p.element_size() < t.element_size() for p in inside)
                    (low_copies if lower else full_copies).append(t)
            return packed

        with PackedBytesMeter(watching_pack, unpack, exclude=params) as meter:
            loss = loss_of(model(batch))
        kept = meter.peak_bytes
        for p in params:
            p.grad = None
        try:
            loss.backward()
        except RuntimeError as exc:
            return say("ex3.backward_failed", error=str(exc).splitlines()[0])
        grads = [p.grad for p in params]
        if any(g is None or g.dtype != e.dtype for g, e in zip(grads, exact)):
            return say("ex3.dtype")
        error = max(((g - e).abs().max() / e.abs().max()).item() for g, e in zip(grads, exact))
        if kept > max_ratio * plain_bytes:
            key = ("ex3.too_many_bytes_copies" if low_copies else
                   "ex3.too_many_bytes_param_copies" if full_copies else "ex3.too_many_bytes")
            return say(key, kept=kept, ratio=kept / plain_bytes, plain=plain_bytes, max_ratio=max_ratio)
        if error >= max_error:
            return say("ex3.error", error=error, max_error=max_error)
        return None

    return judge
