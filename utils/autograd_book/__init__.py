"""``autograd_book``: the helpers the chapters of "The autograd graph, kept and freed" import.

Lesson code stays in the notebooks; what lives here measures, draws or sets
up (instruments), judges the exercises (``autograd_book.exercises``, with its
messages in every edition's language) or must be a module (``autograd_book.lessons``),
and is unit-tested under ``tests/``. Its home in the repository is
``utils/autograd_book/``; the book's own tools (build, sync, checks) are
``utils.book`` and are no part of it. A reader notebook carries this package
inside it (utils/book/reader_notebooks.py); utils/book/package.py says how the
book's own environment finds it.

``import autograd_book`` does not import torch: the names below are loaded from their
modules when first used (``from autograd_book import describe_graph``).
"""
from __future__ import annotations

import importlib

_EXPORTS = {
    "choose_device": "autograd_book.setup",
    "seed_everything": "autograd_book.setup",
    "GraphNode": "autograd_book.autograd_tools",
    "SavedTensorMeter": "autograd_book.autograd_tools",
    "describe_graph": "autograd_book.autograd_tools",
    "graph_nodes": "autograd_book.autograd_tools",
    "saved_tensor_bytes": "autograd_book.autograd_tools",
    "saved_tensors": "autograd_book.autograd_tools",
    "draw_graph": "autograd_book.drawing",
    "svg_figures": "autograd_book.figures",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str):
    if name in _EXPORTS:
        value = getattr(importlib.import_module(_EXPORTS[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'autograd_book' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(list(globals()) + __all__)


# ``%load_ext autograd_book``: explain every error of the book's index a cell raises (explain.py).
# ``explain`` and ``doctor`` are submodules that call like functions: ``from autograd_book import
# doctor``. Neither is named here as a dotted string: a reader notebook carries the modules this
# file names (utils/book/package.py), and only the companion chapter needs these.
def load_ipython_extension(ip) -> None:
    importlib.import_module(__name__ + ".explain").load_ipython_extension(ip)


def unload_ipython_extension(ip) -> None:
    importlib.import_module(__name__ + ".explain").unload_ipython_extension(ip)
