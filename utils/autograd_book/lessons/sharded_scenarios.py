"""Workers of the section "`param.grad` is None under FSDP or DeepSpeed" (book/en/distributed.ipynb).

Each runs as ``worker(rank, world_size)`` in two processes started by
:func:`autograd_book.distributed.launch` (gloo, CPU). Every rank builds the same
``nn.Linear(4, 3)`` (seed 0) and takes its own half of one batch of eight rows
(seed 1); :func:`sharded_reference` computes, in one process, the gradient the
wrappers average across the two ranks.
"""
from __future__ import annotations

import torch
import torch.distributed as dist


def _layer_and_shard(rank: int, world_size: int) -> tuple[torch.nn.Module, torch.Tensor]:
    torch.manual_seed(0)
    layer = torch.nn.Linear(4, 3)
    batch = torch.randn(8, 4, generator=torch.Generator().manual_seed(1))
    return layer, batch.chunk(world_size)[rank]


def sharded_reference(world_size: int = 2) -> dict:
    """The gradients of one process on the mean of the ranks' losses: what every wrapper averages to."""
    layer, _ = _layer_and_shard(0, world_size)
    batch = torch.randn(8, 4, generator=torch.Generator().manual_seed(1))
    loss = sum(layer(shard).pow(2).mean() for shard in batch.chunk(world_size)) / world_size
    loss.backward()
    return {name: p.grad.tolist() for name, p in layer.named_parameters()}


def fsdp_flat_grads(rank: int, world_size: int, use_orig_params: bool = False) -> dict:
    """FSDP (the wrapper class): what ``named_parameters()`` shows after one backward, and where the gradient is."""
    from torch.distributed.fsdp import FullyShardedDataParallel as FSDP

    layer, shard = _layer_and_shard(rank, world_size)
    model = FSDP(layer, device_id=torch.device("cpu"), use_orig_params=use_orig_params)
    model(shard).pow(2).mean().backward()
    seen = {name.replace("_fsdp_wrapped_module.", ""): (tuple(p.shape), None if p.grad is None else tuple(p.grad.shape))
            for name, p in model.named_parameters()}
    full = None
    if use_orig_params:
        with FSDP.summon_full_params(model, with_grads=True):  # a collective: every rank enters it
            full = {name.replace("_fsdp_wrapped_module.", ""): p.grad.tolist() for name, p in model.named_parameters()}
    return {"rank": rank, "seen": seen, "full": full}


def fsdp2_dtensor_grads(rank: int, world_size: int) -> dict:
    """FSDP2 (``fully_shard``): ``param.grad`` is a DTensor; its local shard, and the whole gradient."""
    from torch.distributed.fsdp import fully_shard

    layer, shard = _layer_and_shard(rank, world_size)
    fully_shard(layer)
    layer(shard).pow(2).mean().backward()
    out = {"rank": rank, "grads": {}}
    for name, p in layer.named_parameters():
        out["grads"][name] = {
            "param": type(p).__name__, "grad": type(p.grad).__name__, "shape": tuple(p.grad.shape),
            "local shape": tuple(p.grad.to_local().shape),
            "full": p.grad.full_tensor().tolist(),  # a collective: every rank calls it
        }
    norm = torch.nn.utils.clip_grad_norm_(layer.parameters(), max_norm=1e9)  # handles DTensor gradients
    out["norm"] = norm.full_tensor().item() if hasattr(norm, "full_tensor") else float(norm)
    dist.barrier()
    return out
