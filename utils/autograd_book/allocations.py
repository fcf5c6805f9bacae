"""Count the bytes of tensor memory that operators allocate, live and at the peak.

A device-independent stand-in for an allocator's peak counter: on a CPU
PyTorch keeps no such statistics (``torch.cuda.max_memory_allocated`` exists
only for CUDA). :class:`AllocationTracker` sees every tensor that an operator
returns while it is active (a :class:`TorchDispatchMode`, which also sees the
operators that backward runs) and counts its storage once, from the moment it
is created until the storage is freed. It counts storage bytes, not the
allocator's rounded blocks, and only storages created inside the block.
"""
from __future__ import annotations

import weakref
from typing import Any, Callable

import torch
from torch.utils._python_dispatch import TorchDispatchMode
from torch.utils._pytree import tree_flatten


class AllocationTracker(TorchDispatchMode):
    """Live and peak bytes of the storages that operators create inside the block.

    A storage counts once however many tensors view it, and stops counting
    when its memory is freed (when autograd drops a saved tensor, for
    example), even after the ``with`` block has ended.
    """

    def __init__(self) -> None:
        super().__init__()
        self.live_bytes = 0
        self.peak_bytes = 0
        self.allocations = 0
        self._sizes: dict[tuple[str, int], int] = {}

    def _free(self, key: tuple[str, int]) -> None:
        self.live_bytes -= self._sizes.pop(key, 0)

    def _track(self, tensor: torch.Tensor) -> None:
        storage = tensor.untyped_storage()
        key = (str(tensor.device), storage.data_ptr())
        if key in self._sizes or storage.nbytes() == 0:
            return  # a view, an in-place result, or an empty tensor: no new memory
        self._sizes[key] = storage.nbytes()
        self.allocations += 1
        self.live_bytes += storage.nbytes()
        self.peak_bytes = max(self.peak_bytes, self.live_bytes)
        # the storage object lives as long as its memory (PyTorch preserves it)
        weakref.finalize(storage, self._free, key)

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        out = func(*args, **(kwargs or {}))
        for value in tree_flatten(out)[0]:
            if isinstance(value, torch.Tensor) and value.device.type != "meta":
                self._track(value)
        return out


def peak_allocated_bytes(fn: Callable[[], Any]) -> int:
    """Peak bytes of tensor memory allocated while ``fn()`` runs (forward and backward).

    What the allocator would need at most for the step, whatever the device;
    tensors that existed before the call (parameters, inputs) are not counted.
    """
    with AllocationTracker() as tracker:
        fn()
    return tracker.peak_bytes
