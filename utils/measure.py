"""Time and memory measurements for the chapters' comparisons.

Timings on shared machines are noisy: chapters compare ratios measured in
one run, show them in cells that ignore their output, and assert only the
direction of an effect with a wide margin.
"""
from __future__ import annotations

import statistics
import time
from typing import Any, Callable, Iterable

import torch

from utils.autograd_tools import SavedTensorMeter


def _sync(device: torch.device | str | None) -> None:
    if device is not None and torch.device(device).type == "cuda":
        torch.cuda.synchronize(device)


def time_call(fn: Callable[[], Any], repeat: int = 20, warmup: int = 3,
              device: torch.device | str | None = None) -> float:
    """Median wall-clock seconds of ``fn()`` over ``repeat`` runs, after ``warmup`` runs."""
    for _ in range(warmup):
        fn()
    _sync(device)
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        _sync(device)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def peak_saved_bytes(fn: Callable[[], Any], exclude: Iterable[torch.Tensor] = ()) -> int:
    """Peak bytes of tensors saved for backward while ``fn()`` runs (forward and backward).

    ``fn`` does the forward pass and whatever backward calls it makes, inside
    one :class:`~utils.autograd_tools.SavedTensorMeter`; storages of ``exclude``
    (parameters) are not counted.
    """
    with SavedTensorMeter(exclude=exclude) as meter:
        fn()
    return meter.peak_bytes


def cuda_peak_bytes(fn: Callable[[], Any], device: torch.device | str) -> int | None:
    """Peak bytes allocated on a CUDA device while ``fn()`` runs, above what was allocated before.

    Returns None on a CPU device, where the allocator keeps no such count.
    """
    device = torch.device(device)
    if device.type != "cuda":
        return None
    torch.cuda.synchronize(device)
    base = torch.cuda.memory_allocated(device)
    torch.cuda.reset_peak_memory_stats(device)
    fn()
    torch.cuda.synchronize(device)
    return torch.cuda.max_memory_allocated(device) - base
