"""Workers of two cases in book/en/distributed.ipynb where the ranks may stop agreeing:
a training step that calls the module inside DDP directly (``ddp-outside-forward``), and a
model run twice per step under reentrant checkpointing (``ddp-ready-twice``).

Each runs as ``worker(rank, world_size)`` in two gloo processes started by
:func:`autograd_book.distributed.launch`; the data is that of
:mod:`autograd_book.lessons.ddp_scenarios` (``shard``, ``make_model``, ``CheckpointedNet``).
"""
from __future__ import annotations

import warnings
from typing import Any

import torch
import torch.distributed as dist
from torch.nn.functional import mse_loss

from autograd_book.lessons.ddp_scenarios import CheckpointedNet, flat_grad, make_model, shard


def ranks_equal(values: list[float]) -> bool:
    """Whether every rank holds the same values (a collective: call it on all ranks)."""
    local = torch.tensor(values)
    gathered = [torch.zeros_like(local) for _ in range(dist.get_world_size())]
    dist.all_gather(gathered, local)
    return all(torch.equal(gathered[0], other) for other in gathered[1:])


def ddp_outside_forward(rank: int, world_size: int) -> dict[str, Any]:
    """One backward after a forward through the DDP object, and after one through ddp.module."""
    from torch.nn.parallel import DistributedDataParallel as DDP

    x, y = shard(rank)
    results: dict[str, Any] = {}
    for call in ("ddp(x)", "ddp.module(x)"):
        ddp = DDP(make_model())
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            model = ddp if call == "ddp(x)" else ddp.module  # what accelerator.unwrap_model(ddp) returns
            mse_loss(model(x), y).backward()
        results[call] = {"grads_equal": ranks_equal(flat_grad(ddp.module)), "warnings": len(caught)}
    return results


def ddp_two_forwards_checkpoint(rank: int, world_size: int) -> dict[str, Any]:
    """Two forwards of a checkpointed DDP model (two tasks), one backward of the summed loss."""
    from torch.nn.parallel import DistributedDataParallel as DDP

    x, y = shard(rank)
    results: dict[str, Any] = {}
    for use_reentrant in (True, False):
        ddp = DDP(CheckpointedNet(use_reentrant))
        try:
            loss = mse_loss(ddp(x[:3]), y[:3]) + mse_loss(ddp(x[3:]), y[3:])  # task 1, task 2
            loss.backward()
            results[use_reentrant] = {"grad": flat_grad(ddp.module), "grads_equal": ranks_equal(flat_grad(ddp.module))}
        except RuntimeError as error:
            results[use_reentrant] = {"error": str(error).split(".")[0]}
    return results
