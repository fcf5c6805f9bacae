"""Workers of the sections ``ddp-freeze`` and ``ddp-replicas-agree`` (book/en/distributed.ipynb):
freezing and unfreezing layers in the middle of DDP training, and checking that the replicas
hold the same weights after ``optimizer.step()``.

Each runs as ``worker(rank, world_size)`` in two gloo processes started by
:func:`autograd_book.distributed.launch`; the network and the data are those of
:mod:`autograd_book.lessons.ddp_scenarios` (``make_model``, ``shard``).
"""
from __future__ import annotations

from typing import Any

import torch
import torch.distributed as dist
from torch.nn.functional import mse_loss

from autograd_book.lessons.ddp_scenarios import make_model, shard


def replica_checksums(module: torch.nn.Module) -> list[float]:
    """Every rank's sum of its parameters, gathered on every rank (a collective: call it on all ranks)."""
    with torch.no_grad():
        local = torch.stack([p.double().sum() for p in module.parameters()]).sum().reshape(1)
    gathered = [torch.zeros_like(local) for _ in range(dist.get_world_size())]
    dist.all_gather(gathered, local)
    return [t.item() for t in gathered]


def train_steps(ddp: torch.nn.Module, optimizer: torch.optim.Optimizer, x, y, steps: int) -> float:
    """``steps`` ordinary iterations; the last local loss."""
    for _ in range(steps):
        optimizer.zero_grad()
        loss = mse_loss(ddp(x), y)
        loss.backward()
        optimizer.step()
    return loss.item()


def ddp_freeze_during_training(rank: int, world_size: int) -> dict[str, Any]:
    """Freeze the first layer after two steps, three ways; the first layer's weight before and after."""
    from torch.nn.parallel import DistributedDataParallel as DDP

    x, y = shard(rank)
    results: dict[str, Any] = {}

    # 1. requires_grad_(False) after DDP was built: the next forward raises.
    ddp = DDP(make_model())
    optimizer = torch.optim.SGD(ddp.parameters(), lr=0.1)
    train_steps(ddp, optimizer, x, y, 2)
    ddp.module[0].requires_grad_(False)
    try:
        train_steps(ddp, optimizer, x, y, 2)
        results["requires_grad_after"] = "no error"
    except RuntimeError as exc:
        results["requires_grad_after"] = str(exc).splitlines()[0]

    # 2. Frozen in the optimizer only by zeroing its gradient: momentum and weight decay still move it.
    for how in ("zeroed_grad", "lr_zero"):
        ddp = DDP(make_model())
        first, rest = list(ddp.module[0].parameters()), list(ddp.module[2].parameters())
        optimizer = torch.optim.SGD([{"params": first}, {"params": rest}], lr=0.1, momentum=0.9, weight_decay=1e-2)
        train_steps(ddp, optimizer, x, y, 2)
        before = ddp.module[0].weight.detach().clone()
        if how == "lr_zero":
            optimizer.param_groups[0]["lr"] = 0.0  # freeze: this group's update is multiplied by 0
        for _ in range(2):
            optimizer.zero_grad()
            mse_loss(ddp(x), y).backward()
            if how == "zeroed_grad":
                for p in first:
                    p.grad.zero_()
            optimizer.step()
        results[how + "_moved"] = (ddp.module[0].weight - before).abs().max().item()
        if how == "lr_zero":  # unfreeze: give the group its learning rate back
            optimizer.param_groups[0]["lr"] = 0.1
            train_steps(ddp, optimizer, x, y, 1)
            results["lr_zero_unfrozen_moved"] = (ddp.module[0].weight - before).abs().max().item()
            results["lr_zero_checksums"] = replica_checksums(ddp)

    # 3. Rebuild the wrapper after changing requires_grad (freeze, then unfreeze).
    model = make_model()
    ddp = DDP(model)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    train_steps(ddp, optimizer, x, y, 2)
    before = model[0].weight.detach().clone()
    model[0].requires_grad_(False)
    ddp = DDP(model)  # the new wrapper waits only for the parameters that require grad now
    train_steps(ddp, optimizer, x, y, 2)
    results["rebuilt_frozen_moved"] = (model[0].weight - before).abs().max().item()
    model[0].requires_grad_(True)
    ddp = DDP(model)
    train_steps(ddp, optimizer, x, y, 1)
    results["rebuilt_unfrozen_moved"] = (model[0].weight - before).abs().max().item()
    results["rebuilt_checksums"] = replica_checksums(ddp)
    return results


def ddp_replicas_agree(rank: int, world_size: int) -> dict[str, Any]:
    """Replicas built with different seeds: what DDP broadcasts, what agrees after step(), what may differ."""
    from torch.nn.parallel import DistributedDataParallel as DDP

    x, y = shard(rank)
    torch.manual_seed(rank)  # a different initialisation on each rank, as with no seed at all
    model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.BatchNorm1d(8), torch.nn.Tanh(), torch.nn.Linear(8, 1))
    results: dict[str, Any] = {"before_ddp": replica_checksums(model)}
    ddp = DDP(model)  # broadcasts rank 0's parameters and buffers
    results["after_ddp"] = replica_checksums(model)
    optimizer = torch.optim.Adam(ddp.parameters(), lr=0.01)
    results["loss"] = train_steps(ddp, optimizer, x, y, 3)
    results["after_steps"] = replica_checksums(model)
    with torch.no_grad():
        local_mean = model[1].running_mean.double().sum().reshape(1)
    gathered = [torch.zeros_like(local_mean) for _ in range(world_size)]
    dist.all_gather(gathered, local_mean)
    results["running_mean"] = [t.item() for t in gathered]
    return results
