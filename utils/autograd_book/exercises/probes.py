"""Probes the judges share: which backward passes an answer starts, and whether it used ``.data``.

Backward passes. ``Tensor.backward()``, ``torch.autograd.backward`` and ``torch.autograd.grad``
all hand the pass to the engine through one function,
``torch.autograd._engine_run_backward`` (torch/autograd/__init__.py, functions
``backward`` and ``grad``, torch 2.13; ``torch.compiler`` patches the same name
for non-strict tracing). Replacing that name, rather than the public
functions, also sees ``grad`` and ``backward`` that the reader imported by
name (``from torch.autograd import grad``), which keep a reference to the real
function.

``.data``. It returns a tensor with the same values and memory and no
history, as ``detach()`` does, but with a version counter of its own
(``detach()`` and views share their base's), so an in-place change through
either tensor is invisible to autograd's check of saved tensors.
:func:`bypasses_version_counter` tells the two apart; :func:`data_reads` records
the reads of ``.data`` themselves, for a judge that never sees the tensor.
"""
from __future__ import annotations

import sys
import weakref
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

import torch
import torch.autograd


@dataclass
class EngineCall:
    """One backward pass: what it started from and with which options.

    ``kind`` is ``"grad"`` for ``torch.autograd.grad`` (gradients returned) and
    ``"backward"`` for ``backward()`` (gradients accumulated into ``.grad``).
    ``retain_graph`` is the value the engine received (``None`` already
    replaced by ``create_graph``). ``via`` names the torch module that made
    the call on the answer's behalf (``"torch.autograd.functional"``), or is
    ``None`` when the answer's own code called ``grad`` or ``backward``.
    ``leaves`` are the leaf tensors (requiring grad) that the pass from the
    first output could reach, found when the call was made. The outputs are
    held weakly, so that recording keeps no graph alive: :attr:`outputs` gives
    ``None`` for an output that has been freed since.
    """

    kind: str
    retain_graph: bool
    create_graph: bool
    via: str | None
    leaves: list = field(repr=False)
    _outputs: tuple = field(repr=False)

    @property
    def outputs(self) -> tuple:
        return tuple(o() if isinstance(o, weakref.ref) else o for o in self._outputs)


_HELPERS = ("torch.autograd.functional",)


def _helper_in_stack() -> str | None:
    """The first module of ``_HELPERS`` among the callers, if any."""
    frame = sys._getframe(2)
    while frame is not None:
        name = frame.f_globals.get("__name__", "")
        if name in _HELPERS:
            return name
        frame = frame.f_back
    return None


@contextmanager
def recorded_engine_calls(on_call: Callable[[EngineCall], Any] | None = None) -> Iterator[list[EngineCall]]:
    """Record, in order, each backward pass started inside the block (see :class:`EngineCall`).

    ``on_call``, if given, is called with each record as the pass starts.
    """
    real = torch.autograd._engine_run_backward  # raises AttributeError if torch renames it
    calls: list[EngineCall] = []

    def recording(outputs, grad_outputs, retain_graph, create_graph, *args, **kwargs):
        accumulate = kwargs.get("accumulate_grad", args[2] if len(args) > 2 else True)
        outputs = tuple(outputs)
        calls.append(EngineCall(
            kind="backward" if accumulate else "grad", retain_graph=bool(retain_graph),
            create_graph=bool(create_graph), via=_helper_in_stack(),
            leaves=leaves_reached(outputs[0]) if outputs else [],
            _outputs=tuple(weakref.ref(o) if isinstance(o, torch.Tensor) else o for o in outputs)))
        if on_call is not None:
            on_call(calls[-1])
        return real(outputs, grad_outputs, retain_graph, create_graph, *args, **kwargs)

    torch.autograd._engine_run_backward = recording
    try:
        yield calls
    finally:
        torch.autograd._engine_run_backward = real


def leaves_reached(output: Any) -> list[torch.Tensor]:
    """The leaf tensors (requiring grad) that a backward pass from ``output`` would reach."""
    found, seen = [], set()
    stack = [output.grad_fn] if isinstance(output, torch.Tensor) else []
    while stack:
        node = stack.pop()
        if node is None or node in seen:
            continue
        seen.add(node)
        if hasattr(node, "variable"):  # AccumulateGrad: the edge into a leaf
            found.append(node.variable)
        stack.extend(next_node for next_node, _ in node.next_functions)
    return found


def bypasses_version_counter(result: Any, source: torch.Tensor) -> bool:
    """Whether ``result`` shares ``source``'s memory but not its version counter (``.data``, a NumPy round trip).

    A copy (``detach().clone()``) shares neither and is not flagged; ``detach()``
    and views share both. ``source`` is bumped by an in-place no-op (its values
    are unchanged, its version goes up by one), so call this only once
    ``source``'s graph has been used.
    """
    if not isinstance(result, torch.Tensor) or not isinstance(source, torch.Tensor):
        return False
    if result.untyped_storage().data_ptr() != source.untyped_storage().data_ptr():
        return False
    before = result._version
    with torch.no_grad():
        source.add_(0)
    return result._version == before


@contextmanager
def data_reads() -> Iterator[list[str]]:
    """Record each read of ``Tensor.data`` by code outside torch inside the block (the caller's file name).

    ``.data`` is a descriptor of ``torch._C.TensorBase``; a property of the same
    name on ``torch.Tensor`` shadows it for the block and is removed after, so
    every tensor behaves as before. Reads from inside torch (an optimizer, a
    distribution) are not recorded: only the answer's own.
    """
    base = torch._C.TensorBase.__dict__["data"]
    torch_dir = torch.__file__.rsplit("__init__.py", 1)[0]
    reads: list[str] = []

    def get(tensor):
        caller = sys._getframe(1).f_code.co_filename
        if not caller.startswith(torch_dir):
            reads.append(caller)
        return base.__get__(tensor)

    def set_(tensor, value):
        base.__set__(tensor, value)

    torch.Tensor.data = property(get, set_)
    try:
        yield reads
    finally:
        del torch.Tensor.data
