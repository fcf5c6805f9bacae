"""Look inside an autograd graph: its nodes, what each saves, and how many bytes.

These are instruments for the chapters, not lesson code: a chapter shows the
plain PyTorch calls (``grad_fn``, ``next_functions``, ``_saved_self``) and uses
these helpers only where printing or counting by hand would distract.
"""
from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

import torch

SAVED_PREFIX = "_saved_"


class _Freed:
    """Marker for a saved value that backward() has already released."""

    _instance = None

    def __new__(cls):
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "<freed>"


FREED = _Freed()


def _as_node(root: torch.Tensor | Any) -> Any:
    if isinstance(root, torch.Tensor):
        if root.grad_fn is None:
            raise ValueError("this tensor has no grad_fn: it is a leaf or was made without autograd")
        return root.grad_fn
    return root


def saved_tensors(node: Any) -> dict[str, Any]:
    """Return ``{name: value}`` for every ``_saved_*`` attribute of a graph node.

    A value that backward() has released is reported as :data:`FREED` instead
    of raising, so a chapter can show before and after side by side.
    """
    node = _as_node(node)
    result: dict[str, Any] = {}
    for attr in sorted(dir(node)):
        if not attr.startswith(SAVED_PREFIX):
            continue
        name = attr[len(SAVED_PREFIX):]
        try:
            result[name] = getattr(node, attr)
        except RuntimeError as exc:
            if "freed" not in str(exc):
                raise
            result[name] = FREED
    return result


def tensors_in(value: Any) -> list[torch.Tensor]:
    if isinstance(value, torch.Tensor):
        return [value]
    if isinstance(value, (list, tuple)):
        return [t for v in value for t in tensors_in(v)]
    return []


def storage_key(t: torch.Tensor) -> tuple[str, int]:
    return (str(t.device), t.untyped_storage().data_ptr())


def _storage_bytes(t: torch.Tensor) -> int:
    return t.untyped_storage().nbytes()


@dataclass
class GraphNode:
    """One node of a backward graph, with what it saved."""

    index: int
    node: Any = field(repr=False)
    name: str
    saved: dict[str, Any]
    children: list[int]
    variable: torch.Tensor | None = field(default=None, repr=False)


def graph_nodes(root: torch.Tensor | Any) -> list[GraphNode]:
    """Walk the backward graph from ``root`` (a tensor or node), breadth first.

    Each node appears once, even where the graph shares it; ``children`` are
    indices into the returned list, in ``next_functions`` order.
    """
    start = _as_node(root)
    order: list[Any] = [start]
    index = {id(start): 0}
    children: list[list[int]] = []
    i = 0
    while i < len(order):
        node = order[i]
        kids = []
        for child, _ in node.next_functions:
            if child is None:
                continue
            if id(child) not in index:
                index[id(child)] = len(order)
                order.append(child)
            kids.append(index[id(child)])
        children.append(kids)
        i += 1
    return [
        GraphNode(
            index=n,
            node=node,
            name=node.name().replace("torch::autograd::", ""),
            saved=saved_tensors(node),
            children=children[n],
            variable=getattr(node, "variable", None),
        )
        for n, node in enumerate(order)
    ]


def saved_tensor_bytes(root: torch.Tensor | Any, exclude: Iterable[torch.Tensor] = ()) -> int:
    """Bytes of memory held by the saved tensors of the graph behind ``root``.

    Counts each storage once (a tensor saved by two nodes, or a view and its
    base, costs its memory once) and leaves out the storages of ``exclude``,
    for example a model's parameters, which exist whether or not a graph does.
    Freed saved tensors count zero.
    """
    skip = {storage_key(t) for t in exclude}
    seen: dict[tuple[str, int], int] = {}
    for gnode in graph_nodes(root):
        for value in gnode.saved.values():
            for t in tensors_in(value):
                key = storage_key(t)
                if key not in skip:
                    seen[key] = _storage_bytes(t)
    return sum(seen.values())


def format_value(value: Any) -> str:
    if value is FREED:
        return "<freed>"
    if isinstance(value, torch.Tensor):
        shape = "x".join(str(s) for s in value.shape) or "scalar"
        dtype = str(value.dtype).replace("torch.", "")
        return f"{dtype}[{shape}] ({value.numel() * value.element_size()} B)"
    if isinstance(value, (list, tuple)) and any(isinstance(v, torch.Tensor) for v in value):
        return "[" + ", ".join(format_value(v) for v in value) + "]"
    return repr(value)


def describe_graph(root: torch.Tensor | Any, names: Mapping[str, torch.Tensor] | None = None) -> str:
    """A text picture of the backward graph: one line a node, with its saved values.

    ``names`` maps a label to a leaf tensor, so that the ``AccumulateGrad``
    node that writes ``x.grad`` reads ``AccumulateGrad (x)``. A node reached a
    second time is printed as a reference to its first line.
    """
    labels = {id(t): label for label, t in (names or {}).items()}
    nodes = graph_nodes(root)
    lines: list[str] = []
    printed: set[int] = set()

    def visit(i: int, prefix: str, last: bool, top: bool) -> None:
        g = nodes[i]
        branch = "" if top else ("└─ " if last else "├─ ")
        label = g.name
        if g.variable is not None and id(g.variable) in labels:
            label += f" ({labels[id(g.variable)]})"
        if i in printed:
            lines.append(f"{prefix}{branch}{label} (shared, shown above)")
            return
        printed.add(i)
        saved = ", ".join(f"{k}={format_value(v)}" for k, v in g.saved.items())
        lines.append(f"{prefix}{branch}{label}" + (f"  saves {saved}" if saved else ""))
        child_prefix = prefix + ("" if top else ("   " if last else "│  "))
        for n, c in enumerate(g.children):
            visit(c, child_prefix, n == len(g.children) - 1, False)

    visit(0, "", True, True)
    return "\n".join(lines)


class _Packed:
    """What the meter's pack hook hands autograd in place of a saved tensor."""

    __slots__ = ("tensor", "key", "meter", "__weakref__")

    def __init__(self, tensor: torch.Tensor, key: tuple[str, int], meter: "SavedTensorMeter"):
        self.tensor = tensor
        self.key = key
        self.meter = meter

    def __del__(self):
        self.meter._release(self.key)


class StorageLedger:
    """Live and peak bytes of the storages that saved-tensor hooks hold.

    The book's meters share it: each storage counts once however often it is
    held (``hold``), and stops counting when the last holder lets go
    (``release``). Storages of ``exclude`` are never counted. As a context
    manager it installs the subclass's ``_pack``/``_unpack`` hooks.
    """

    def __init__(self, exclude: Iterable[torch.Tensor] = ()):
        self._skip = {storage_key(t) for t in exclude}
        self._refs: dict[tuple[str, int], int] = {}
        self._bytes: dict[tuple[str, int], int] = {}
        self.live_bytes = 0
        self.peak_bytes = 0
        self.saved_count = 0
        self._hooks = torch.autograd.graph.saved_tensors_hooks(self._pack, self._unpack)

    def _hold(self, tensor: torch.Tensor) -> tuple[str, int]:
        key = storage_key(tensor)
        if self._refs.get(key, 0) == 0:
            self._bytes[key] = _storage_bytes(tensor)
            self.live_bytes += self._bytes[key]
            self.peak_bytes = max(self.peak_bytes, self.live_bytes)
        self._refs[key] = self._refs.get(key, 0) + 1
        return key

    def _release(self, key: tuple[str, int]) -> None:
        self._refs[key] -= 1
        if self._refs[key] == 0:
            self.live_bytes -= self._bytes.pop(key)
            del self._refs[key]

    def _pack(self, tensor: torch.Tensor) -> Any:  # pragma: no cover - subclasses define it
        raise NotImplementedError

    def _unpack(self, packed: Any) -> torch.Tensor:  # pragma: no cover
        raise NotImplementedError

    def __enter__(self):
        self._hooks.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self._hooks.__exit__(*exc)


class SavedTensorMeter(StorageLedger):
    """Count the bytes autograd saves for backward, live and at the peak.

    Used as a context manager around a forward pass; it installs
    :func:`torch.autograd.graph.saved_tensors_hooks`. The meter keeps counting
    after the ``with`` block ends, so ``live_bytes`` drops to 0 once
    backward() (without ``retain_graph``) releases the graph, or once the graph
    is deleted. Each storage counts once however many nodes save it; storages
    of ``exclude`` (a model's parameters, say) are not counted.
    """

    def _pack(self, tensor: torch.Tensor) -> Any:
        if storage_key(tensor) in self._skip:
            return tensor
        self.saved_count += 1
        key = self._hold(tensor)
        # detach(): a saved output would otherwise hold its own grad_fn, a
        # reference cycle that keeps the graph alive until the garbage collector runs.
        return _Packed(tensor.detach(), key, self)

    def _unpack(self, packed: Any) -> torch.Tensor:
        return packed.tensor if isinstance(packed, _Packed) else packed
