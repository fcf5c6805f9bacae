"""Look inside an autograd graph: its nodes, what each saves, and how many bytes.

These are instruments for the chapters, not lesson code: a chapter shows the
plain PyTorch calls (``grad_fn``, ``next_functions``, ``_saved_self``) and uses
these helpers only where printing or counting by hand would distract.
"""
from __future__ import annotations

import re
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


class SavedVersion:
    """The version counter of a saved tensor at pack time, checked again at unpack.

    Autograd compares a saved tensor's version at unpack and raises when an
    in-place operation changed it, but not for a tensor saved through
    saved-tensor hooks (``SavedVariable::unpack``: "Only check version counter
    in the case without hooks"). The book's meters put the check back: each
    packed tensor records its version, and :meth:`check` raises autograd's own
    error when it moved. ``alias`` is a tensor that shares the saved tensor's
    version counter (its ``detach()``); without one, a weak reference to the
    tensor itself is kept, so the check never keeps memory alive (a tensor
    already gone cannot be checked). While torch.compile traces the hook
    (compiled autograd), nothing is checked.
    """

    __slots__ = ("version", "what", "_ref")

    def __init__(self, tensor: torch.Tensor, alias: torch.Tensor | None = None):
        self.version = tensor._version
        node = tensor.grad_fn  # for an output saved by its own node, that node
        self.what = f"[{tensor.type()} {list(tensor.shape)}]"
        if node is not None:  # autograd names the node without its "Backward0"
            self.what += f", which is output {tensor.output_nr} of {re.sub(r'Backward[0-9]*$', '', node.name())},"
        self._ref = None if alias is not None else weakref.ref(tensor)

    def check(self, alias: torch.Tensor | None = None) -> None:
        if torch.compiler.is_compiling():
            return  # compiled autograd traces the unpack hook: versions of traced tensors mean nothing
        tensor = alias if alias is not None else self._ref()
        if tensor is None or tensor._version == self.version:
            return
        hint = ("Hint: the backtrace further above shows the operation that failed to compute its "
                "gradient. The variable in question was changed in there or anywhere later. Good luck!"
                if torch.is_anomaly_enabled() else
                "Hint: enable anomaly detection to find the operation that failed to compute its "
                "gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).")
        raise RuntimeError(
            "one of the variables needed for gradient computation has been modified by an inplace "
            f"operation: {self.what} is at version {tensor._version}; expected version {self.version} "
            f"instead. {hint} (Checked by the book's meter: autograd itself skips this check for "
            "tensors saved through saved-tensor hooks.)")


class _Packed:
    """What the meter's pack hook hands autograd in place of a saved tensor."""

    __slots__ = ("tensor", "key", "meter", "version", "__weakref__")

    def __init__(self, tensor: torch.Tensor, key: tuple[str, int] | None, meter: "SavedTensorMeter",
                 version: SavedVersion):
        self.tensor = tensor
        self.key = key
        self.meter = meter
        self.version = version

    def __del__(self):
        if self.key is not None:
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

    Unlike bare hooks, the meter keeps autograd's in-place check: a saved
    tensor changed in place before backward raises autograd's error
    (:class:`SavedVersion`) instead of giving a wrong gradient.
    """

    def _pack(self, tensor: torch.Tensor) -> Any:
        # detach(): the same memory and version counter without the grad_fn. A saved
        # output returned as it is would hold its own node through the C++ graph, a
        # reference cycle that Python's garbage collector cannot see, so never freed.
        alias = tensor.detach()
        key = None
        if storage_key(tensor) not in self._skip:
            self.saved_count += 1
            key = self._hold(tensor)
        return _Packed(alias, key, self, SavedVersion(tensor, alias))

    def _unpack(self, packed: Any) -> torch.Tensor:
        packed.version.check(packed.tensor)  # autograd skips it under hooks: the meter does it
        return packed.tensor
