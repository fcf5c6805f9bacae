"""Workers of the section ``ddp-unused`` (book/en/distributed.ipynb) for a DDP model built
with ``find_unused_parameters=True``: what that flag handles on this torch, and the loop that
still breaks it (a backward per loss).

Each runs as ``worker(rank, world_size)`` in two gloo processes started by
:func:`autograd_book.distributed.launch`; the network and the data are those of
:mod:`autograd_book.lessons.ddp_scenarios` (``TwoHeadNet``, ``shard``).
"""
from __future__ import annotations

from typing import Any

import torch
from torch.nn.functional import mse_loss

from autograd_book.lessons.ddp_scenarios import TwoHeadNet, flat_grad, shard


def extra_forward_step(ddp: torch.nn.Module, x: torch.Tensor, y: torch.Tensor, extra: str) -> None:
    """One training step that also runs the model on other inputs for a pseudo-label, three ways.

    ``extra``: "ddp" (a recording forward through the DDP module, its output detached),
    "no_grad" (the same forward under torch.no_grad()) or "module" (through ddp.module, around DDP).
    """
    ddp.zero_grad()
    if extra == "no_grad":
        with torch.no_grad():
            pseudo_label = ddp(x + 1)[1]
    elif extra == "module":
        pseudo_label = ddp.module(x + 1)[1].detach()
    else:
        pseudo_label = ddp(x + 1)[1].detach()  # a forward whose output gets no backward
    out1, out2 = ddp(x)
    (mse_loss(out1, y) + mse_loss(out2, pseudo_label)).backward()


def ddp_find_unused_patterns(rank: int, world_size: int) -> dict[str, Any]:
    """find_unused_parameters=True, two steps each: the patterns that run; flat gradients per pattern."""
    from torch.nn.parallel import DistributedDataParallel as DDP

    x, y = shard(rank)
    results: dict[str, Any] = {}
    for extra in ("ddp", "no_grad", "module"):
        ddp = DDP(TwoHeadNet(), find_unused_parameters=True)
        for _ in range(2):
            extra_forward_step(ddp, x, y, extra)
        results["extra_forward_" + extra] = flat_grad(ddp)

    # A backward per loss, without zero_grad between steps: no error.
    ddp = DDP(TwoHeadNet(), find_unused_parameters=True)
    for _ in range(2):
        out1, out2 = ddp(x)
        mse_loss(out1, y).backward(retain_graph=True)
        mse_loss(out2, y).backward()
    results["backward_per_loss_accumulated"] = flat_grad(ddp)

    # Fix: one backward of the summed loss.
    ddp = DDP(TwoHeadNet(), find_unused_parameters=True)
    for _ in range(2):
        ddp.zero_grad()
        out1, out2 = ddp(x)
        (mse_loss(out1, y) + mse_loss(out2, y)).backward()
    results["summed"] = flat_grad(ddp)
    return results


def ddp_backward_per_loss(rank: int, world_size: int) -> None:
    """find_unused_parameters=True, one forward and a backward per loss, zero_grad each step: step 2 raises."""
    from torch.nn.parallel import DistributedDataParallel as DDP

    x, y = shard(rank)
    ddp = DDP(TwoHeadNet(), find_unused_parameters=True)
    for _ in range(2):
        ddp.zero_grad()
        out1, out2 = ddp(x)
        mse_loss(out1, y).backward(retain_graph=True)  # head 2 is marked ready here, with no gradient
        mse_loss(out2, y).backward()  # after the reduction: neither averaged nor checked


def ddp_backward_inputs(rank: int, world_size: int) -> None:
    """find_unused_parameters=True, backward(inputs=head 1's parameters): the next forward raises."""
    from torch.nn.parallel import DistributedDataParallel as DDP

    x, y = shard(rank)
    net = TwoHeadNet()
    ddp = DDP(net, find_unused_parameters=True)
    try:
        for _ in range(2):
            out1, out2 = ddp(x)
            (mse_loss(out1, y) + mse_loss(out2, y)).backward(inputs=list(net.head1.parameters()))
    except RuntimeError:
        if rank == 0:  # every rank raises it, naming itself; rank 0's report is the one shown
            raise


def ddp_flag_without_unused(rank: int, world_size: int, head2_steps: tuple[bool, ...] = (True, False, True)) -> dict[str, Any]:
    """find_unused_parameters=True, a first step that uses every parameter, then head 2 skipped in some steps.

    Returns the reducer's warnings (C++ log lines and Python warnings, paths removed), whether
    each step's gradients were averaged (rank 0's flat gradient, to compare with rank 1's), and
    ``head2_steps``, the branch taken at each step.
    """
    import warnings

    from torch.nn.parallel import DistributedDataParallel as DDP

    from autograd_book.distributed import capture_stderr, strip_paths

    x, y = shard(rank)
    net = TwoHeadNet()
    ddp = DDP(net, find_unused_parameters=True)
    grads = []
    with capture_stderr() as logged, warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for run_head2 in head2_steps:
            net.run_head2 = run_head2  # flow control: head 2 runs in some steps only
            ddp.zero_grad()
            sum(mse_loss(out, y) for out in ddp(x)).backward()
            grads.append(flat_grad(net.trunk) + flat_grad(net.head1))
    said = [strip_paths(str(w.message)) for w in caught] + logged
    return {"warnings": [line for line in said if "find_unused_parameters=True was specified" in line],
            "grads": grads, "head2_steps": list(head2_steps)}
