"""Instruments for the book "The autograd graph, kept and freed".

Lesson code stays in the notebooks; what lives here measures, draws or sets
up, and is unit-tested under ``tests/``. The book's own tools (build, sync,
checks) are the torch-free subpackage ``utils.book``.

``import utils`` does not import torch: the names below are loaded from their
modules when first used (``from utils import describe_graph``).
"""
from __future__ import annotations

import importlib

_EXPORTS = {
    "choose_device": "utils.setup",
    "seed_everything": "utils.setup",
    "GraphNode": "utils.autograd_tools",
    "SavedTensorMeter": "utils.autograd_tools",
    "describe_graph": "utils.autograd_tools",
    "graph_nodes": "utils.autograd_tools",
    "saved_tensor_bytes": "utils.autograd_tools",
    "saved_tensors": "utils.autograd_tools",
    "draw_graph": "utils.drawing",
    "svg_figures": "utils.figures",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str):
    if name in _EXPORTS:
        value = getattr(importlib.import_module(_EXPORTS[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'utils' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(list(globals()) + __all__)
