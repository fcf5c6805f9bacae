"""Workers of three cases in book/en/distributed.ipynb: which loss to call ``backward()`` on
when a tutorial also all-reduces it (``ddp-param-grad``), a parameter shared by several layers
(``ddp-ready-twice``), and gradient surgery (PCGrad) under DDP (``ddp-ready-twice``).

Each runs as ``worker(rank, world_size)`` in two gloo processes started by
:func:`autograd_book.distributed.launch`; the data is that of
:mod:`autograd_book.lessons.ddp_scenarios` (``shard``, ``make_model``, ``TwoHeadNet``).
"""
from __future__ import annotations

import warnings
from typing import Any

import torch
import torch.distributed as dist
from torch.nn.functional import mse_loss

from autograd_book.lessons.ddp_scenarios import TwoHeadNet, flat_grad, make_model, shard


def reduce_mean(tensor: torch.Tensor, world_size: int) -> torch.Tensor:
    """The tutorials' helper: the mean of ``tensor`` over the processes, for printing."""
    rt = tensor.clone()
    dist.all_reduce(rt, op=dist.ReduceOp.SUM)  # in place, not recorded by autograd
    rt /= world_size
    return rt


def ddp_reduced_loss(rank: int, world_size: int) -> dict[str, Any]:
    """backward() of the local loss, of the all-reduced loss, and of a recorded all-reduce."""
    import torch.distributed._functional_collectives as funcol
    from torch.nn.parallel import DistributedDataParallel as DDP

    x, y = shard(rank)
    results: dict[str, Any] = {}
    for name in ("local", "reduced", "recorded"):
        ddp = DDP(make_model())
        loss = mse_loss(ddp(x), y)
        reduced = reduce_mean(loss, world_size)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            if name == "local":
                loss.backward()  # DDP averages the gradients
            elif name == "reduced":
                reduced.backward()
            else:  # an all-reduce that autograd records
                (funcol.all_reduce(loss, "sum", dist.group.WORLD) / world_size).backward()
        results[name] = flat_grad(ddp.module)
        results[name + "_warnings"] = [str(w.message).split("\n")[0] for w in caught]
        results[name + "_printed"] = reduced.item()
    results["detached_requires_grad"] = reduce_mean(loss.detach(), world_size).requires_grad
    results["reduced_grad_fn"] = type(reduce_mean(mse_loss(make_model()(x), y), world_size).grad_fn).__name__
    return results


class SharedLayers(torch.nn.Module):
    """One Linear(8, 8) applied three times in one forward (layer-wise parameter sharing)."""

    def __init__(self, checkpoint: str = "none"):
        super().__init__()
        torch.manual_seed(0)
        self.inp, self.shared, self.out = torch.nn.Linear(4, 8), torch.nn.Linear(8, 8), torch.nn.Linear(8, 1)
        self.checkpoint = checkpoint  # "none", "reentrant" or "non_reentrant"

    def block(self, h: torch.Tensor) -> torch.Tensor:
        return torch.tanh(self.shared(h))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = self.inp(x)
        for _ in range(3):
            if self.checkpoint == "none":
                h = self.block(h)
            else:
                h = torch.utils.checkpoint.checkpoint(self.block, h, use_reentrant=self.checkpoint == "reentrant")
        return self.out(h)


def ddp_shared_layers(rank: int, world_size: int) -> dict[str, Any]:
    """One shared layer used three times: two steps per checkpoint setting (and static_graph); gradients or the error."""
    from torch.nn.parallel import DistributedDataParallel as DDP

    x, y = shard(rank)
    results: dict[str, Any] = {}
    for mode in ("none", "non_reentrant", "reentrant", "reentrant_static_graph"):
        ddp = DDP(SharedLayers(mode.removesuffix("_static_graph")), static_graph=mode.endswith("static_graph"))
        try:
            for _ in range(2):
                ddp.zero_grad()
                mse_loss(ddp(x), y).backward()
            results[mode] = flat_grad(ddp.module)
        except RuntimeError as exc:
            results[mode] = str(exc).split("\n")[0]
    return results


def project(g: torch.Tensor, other: torch.Tensor) -> torch.Tensor:
    """PCGrad's surgery: remove from ``g`` its component along ``other`` when the two conflict."""
    dot = torch.dot(g, other)
    return g - dot / other.pow(2).sum() * other if dot < 0 else g


def pcgrad(task_grads: list[torch.Tensor]) -> torch.Tensor:
    """PCGrad for two tasks (flat gradients): project each onto the other's normal plane, then sum."""
    g1, g2 = task_grads
    return project(g1, g2) + project(g2, g1)


def pcgrad_step(model: torch.nn.Module, x: torch.Tensor, y: torch.Tensor, average: str) -> None:
    """Per-task gradients with autograd.grad, surgery, .grad written by hand, one SGD step.

    ``average``: "none" (as on one process), "after" (project locally, then all-reduce the
    result) or "before" (all-reduce each task's gradient, then project).
    """
    params = list(model.parameters())
    out1, out2 = model(x)
    losses = (mse_loss(out1, y), mse_loss(out2, y) + 0.5 * out1.pow(2).mean())
    task_grads = [torch.cat([g.reshape(-1) for g in torch.autograd.grad(loss, params, retain_graph=True,
                                                                                  materialize_grads=True)])
                  for loss in losses]
    if average == "before":
        for g in task_grads:
            dist.all_reduce(g)
            g /= dist.get_world_size()
    flat = pcgrad(task_grads)
    if average == "after":
        dist.all_reduce(flat)
        flat /= dist.get_world_size()
    for p, g in zip(params, flat.split([p.numel() for p in params])):
        p.grad = g.view_as(p)
    with torch.no_grad():
        for p in params:
            p -= 0.1 * p.grad


def ddp_pcgrad(rank: int, world_size: int) -> dict[str, Any]:
    """PCGrad on a DDP-wrapped TwoHeadNet, three steps: the weights after them, per averaging choice."""
    from torch.nn.parallel import DistributedDataParallel as DDP

    x, y = shard(rank)
    results: dict[str, Any] = {}
    for average in ("none", "after", "before"):
        ddp = DDP(TwoHeadNet())
        for _ in range(3):
            pcgrad_step(ddp, x, y, average)
        results[average] = torch.cat([p.detach().reshape(-1) for p in ddp.parameters()]).tolist()
    return results
