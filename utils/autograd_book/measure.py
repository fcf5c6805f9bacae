"""Time and memory measurements for the chapters' comparisons.

Timings on shared machines are noisy: chapters compare ratios measured in
one run, show them in cells that ignore their output, and assert only the
direction of an effect with a wide margin.
"""
from __future__ import annotations

import statistics
import time
from contextlib import contextmanager
from typing import Any, Callable, Iterable, Iterator, Mapping

import torch

from autograd_book.autograd_tools import SavedTensorMeter


def _sync(device: torch.device | str | None) -> None:
    if device is not None and torch.device(device).type == "cuda":
        torch.cuda.synchronize(device)


def peak_saved_bytes(fn: Callable[[], Any], exclude: Iterable[torch.Tensor] = ()) -> int:
    """Peak bytes of tensors saved for backward while ``fn()`` runs (forward and backward).

    ``fn`` does the forward pass and whatever backward calls it makes, inside
    one :class:`~autograd_book.autograd_tools.SavedTensorMeter`; storages of ``exclude``
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


@contextmanager
def pinned_threads(threads: int = 1) -> Iterator[None]:
    """Run the block with torch using exactly ``threads`` intra-op threads, then restore.

    On a busy 2-core machine a timing taken with torch's default thread count
    measures the scheduler more than the code; one thread measures the code.
    """
    before = torch.get_num_threads()
    torch.set_num_threads(threads)
    try:
        yield
    finally:
        torch.set_num_threads(before)


def compare_times(variants: Mapping[str, Callable[[], Any]], baseline: str | None = None,
                  rounds: int = 15, warmup: int = 2, threads: int = 1,
                  device: torch.device | str | None = None) -> dict[str, float]:
    """Time several variants fairly and return each one's cost relative to ``baseline``.

    Each round runs every variant once, in a rotated order, so that a burst of
    load from elsewhere hits all variants alike; within a round each variant
    is divided by the baseline's time of that same round, and the median of
    those per-round ratios is returned (the baseline's own entry is 1.0).
    Threads are pinned (:func:`pinned_threads`). With ``baseline=None`` the
    median seconds of each variant are returned instead.
    """
    names = list(variants)
    if baseline is not None and baseline not in variants:
        raise KeyError(f"baseline {baseline!r} is not one of the variants {names}")
    with pinned_threads(threads):
        for _ in range(warmup):
            for name in names:
                variants[name]()
        _sync(device)
        seconds: dict[str, list[float]] = {name: [] for name in names}
        for r in range(rounds):
            order = names[r % len(names):] + names[:r % len(names)]
            for name in order:
                start = time.perf_counter()
                variants[name]()
                _sync(device)
                seconds[name].append(time.perf_counter() - start)
    if baseline is None:
        return {name: statistics.median(s) for name, s in seconds.items()}
    base = seconds[baseline]
    return {name: statistics.median(a / b for a, b in zip(s, base)) for name, s in seconds.items()}


def glue_measured(name: str, value: float, text: str, within: tuple[float, float]) -> None:
    """Glue a measured figure (a time ratio) into the prose, after checking the claim made about it.

    A timing varies from run to run, so its cell ignores its output and nbval
    cannot compare the stored figure. ``within`` is the band the prose claims
    ("about 2 times" on any machine); the figure is asserted to lie in it now,
    and the book's convention check asserts that the stored figure lies in it
    too (``utils.book.notebooks``), so a figure edited by hand cannot leave it.
    Deterministic figures (bytes, FLOPs, node counts) are glued with plain
    ``glue`` from a cell whose output nbval compares.
    """
    low, high = within
    assert low <= value <= high, f"{name}: measured {value:.3g}, outside the band {within} that the prose claims"
    from myst_nb import glue

    glue(name, text, display=False)
