"""Count the memory that any pair of saved-tensor hooks keeps for backward.

:class:`~utils.autograd_tools.SavedTensorMeter` installs its own hooks, so it
cannot watch hooks that change *how* tensors are saved (``save_on_cpu``, a
pack hook that casts to a lower precision): hooks do not nest, the innermost
pair wins. :class:`PackedBytesMeter` instead wraps the pair under test. It
calls the real pack hook, then counts the bytes of the tensors inside what
that hook returned, by device, for as long as autograd keeps them.

Both meters keep autograd's in-place check, which saved-tensor hooks switch
off (:class:`~utils.autograd_tools.SavedVersion`).
"""
from __future__ import annotations

from typing import Any, Callable, Iterable

import torch

from utils.autograd_tools import SavedVersion, StorageLedger, storage_key, tensors_in


class _Counted:
    """What autograd stores in place of a saved tensor: the real packed value, counted."""

    __slots__ = ("packed", "keys", "meter", "version", "__weakref__")

    def __init__(self, packed: Any, keys: list[tuple[str, int]], meter: "PackedBytesMeter",
                 version: SavedVersion):
        self.packed = packed
        self.keys = keys
        self.meter = meter
        self.version = version

    def __del__(self):
        for key in self.keys:
            self.meter._release(key)


class PackedBytesMeter(StorageLedger):
    """Install ``pack_hook``/``unpack_hook`` and count the bytes of what they keep.

    ``live_bytes`` and ``peak_bytes`` count every storage held by the packed
    values (each storage once, however often it is packed), and
    ``live_bytes_by_device`` splits the live figure by device ("cpu",
    "cuda:0"). A saved tensor whose storage is one of ``exclude`` (a model's
    parameters) still goes through the hooks but is not counted when the pack
    hook returns it unchanged; a copy of it (a cast, a move) is counted, since
    that is memory the hooks added. The meter keeps counting after its
    ``with`` block ends, until autograd releases what was packed.

    At unpack it raises autograd's in-place error when the saved tensor was
    changed in place after it was packed, as autograd does without hooks: a
    program that runs under the meter runs the same without it. (It holds
    only a weak reference to the saved tensor for this, so a hook that moves
    the tensor elsewhere still frees it.)
    """

    def __init__(self, pack_hook: Callable[[torch.Tensor], Any],
                 unpack_hook: Callable[[Any], torch.Tensor],
                 exclude: Iterable[torch.Tensor] = ()):
        self._user_pack = pack_hook
        self._user_unpack = unpack_hook
        super().__init__(exclude)

    @classmethod
    def around(cls, hooks: torch.autograd.graph.saved_tensors_hooks,
               exclude: Iterable[torch.Tensor] = ()) -> "PackedBytesMeter":
        """Meter the pair of an existing hooks object, e.g. ``save_on_cpu()``."""
        return cls(hooks.pack_hook, hooks.unpack_hook, exclude=exclude)

    @property
    def live_bytes_by_device(self) -> dict[str, int]:
        result: dict[str, int] = {}
        for (device, _), n in self._bytes.items():
            result[device] = result.get(device, 0) + n
        return result

    def _pack(self, tensor: torch.Tensor) -> _Counted:
        self.saved_count += 1
        packed = self._user_pack(tensor)
        keys = []
        for t in tensors_in(packed):
            key = storage_key(t)
            if key in self._skip or key in keys:
                continue
            keys.append(self._hold(t))
        return _Counted(packed, keys, self, SavedVersion(tensor))

    def _unpack(self, counted: _Counted) -> torch.Tensor:
        counted.version.check()
        return self._user_unpack(counted.packed)


def unique_storage_bytes(tensors: Iterable[torch.Tensor], exclude: Iterable[torch.Tensor] = ()) -> int:
    """Bytes of the distinct storages behind ``tensors`` (views and aliases count once).

    Storages of ``exclude`` (a model's parameters) are left out. Used where
    tensors are kept by something other than saved-tensor hooks, such as the
    cache of selective activation checkpointing, and must be added to what the
    hooks saw without counting a shared storage twice.
    """
    skip = {storage_key(t) for t in exclude}
    sizes: dict[tuple[str, int], int] = {}
    for t in tensors:
        key = storage_key(t)
        if key not in skip:
            sizes[key] = t.untyped_storage().nbytes()
    return sum(sizes.values())
