"""Worker of the section "Anomaly mode under FSDP2 or tensor parallel" (book/en/distributed.ipynb).

Runs as ``worker(rank, world_size)`` in processes started by
:func:`autograd_book.distributed.launch` (gloo, CPU): one ``nn.Linear(4, 6)``
split by tensor parallelism (``ColwiseParallel``), whose parameters are DTensors, trained for
one backward under each setting of anomaly mode.
"""
from __future__ import annotations

import torch


def anomaly_under_dtensor(rank: int, world_size: int, wrap: str = "tensor parallel", catch: bool = True) -> dict:
    """One backward of a sharded layer under ``detect_anomaly()`` and ``detect_anomaly(check_nan=False)``.

    ``wrap``: "tensor parallel" (``ColwiseParallel``: the weight is a ``Shard(0)`` DTensor
    and the layer computes with it) or "FSDP2" (``fully_shard``: the layer computes with
    the whole weight, gathered before forward; the gradient is sharded after backward).
    ``catch=False`` lets the error of ``detect_anomaly()`` propagate, as in a training script.
    """
    import warnings

    from torch.distributed.device_mesh import init_device_mesh
    from torch.distributed.fsdp import fully_shard
    from torch.distributed.tensor.parallel import ColwiseParallel, parallelize_module

    torch.manual_seed(0)
    layer = torch.nn.Linear(4, 6)
    if wrap == "tensor parallel":
        parallelize_module(layer, init_device_mesh("cpu", (world_size,)), ColwiseParallel())
    else:
        fully_shard(layer)
    batch = torch.randn(8, 4, generator=torch.Generator().manual_seed(1))  # the same batch on every rank
    out = {"rank": rank}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # anomaly mode's own warning that it slows training down
        try:
            with torch.autograd.detect_anomaly():  # check_nan=True, the default
                layer(batch).pow(2).mean().backward()
            out["default"] = "runs"
        except NotImplementedError as err:
            if not catch:
                raise
            out["default"] = f"{type(err).__name__}: {str(err).splitlines()[0]}"
        layer.zero_grad()
        with torch.autograd.detect_anomaly(check_nan=False):
            layer(batch).pow(2).mean().backward()
    # the NaN check anomaly mode could not make: on this rank's shard of each gradient
    out["check_nan=False"] = "runs"
    out["nan in local grads"] = {name: bool(p.grad.to_local().isnan().any()) for name, p in layer.named_parameters()}
    return out
