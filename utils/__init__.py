"""The book's repository code: ``utils.book``, the book's own tools (build, sync, checks; they
never import torch and never travel with a notebook), and ``utils/autograd_book/``, the home of
the reader-facing package ``autograd_book`` (instruments, judges, messages, lesson code) that
the chapters import under that top-level name.

The folder ``utils/`` is the one entry the book puts on ``sys.path`` for ``autograd_book``
(``utils.book.package``): it holds nothing but that package and ``book``, so no module named
``utils`` becomes importable in a notebook's kernel, and a reader's own ``utils`` keeps working.
Importing ``utils`` (every tool and test does) puts this checkout's folder first, so the tools
and tests use this checkout's ``autograd_book`` whatever else the environment has.
"""
from __future__ import annotations

import sys
from pathlib import Path

HOME = str(Path(__file__).resolve().parent)
if sys.path[:1] != [HOME]:
    if HOME in sys.path:
        sys.path.remove(HOME)
    sys.path.insert(0, HOME)
