"""Device choice and seeding: the two lines at the top of every chapter."""
from __future__ import annotations

import os
import random

import torch


def choose_device(prefer: str | None = None) -> torch.device:
    """Return the device every cell of a chapter uses.

    CUDA when it is available, else CPU. The environment variable
    ``BOOK_DEVICE`` (``cpu`` or ``cuda``) overrides the choice, so the same
    notebook can be validated on both from one machine.
    """
    wanted = prefer or os.environ.get("BOOK_DEVICE", "").strip().lower() or None
    if wanted is None:
        wanted = "cuda" if torch.cuda.is_available() else "cpu"
    if wanted.startswith("cuda") and not torch.cuda.is_available():
        raise RuntimeError(f"BOOK_DEVICE={wanted!r} asked for CUDA, but torch sees no GPU")
    if wanted not in {"cpu"} and not wanted.startswith("cuda"):
        raise ValueError(f"unknown device {wanted!r}: use 'cpu' or 'cuda'")
    return torch.device(wanted)


def seed_everything(seed: int = 0) -> None:
    """Make a chapter's numbers reproducible from run to run.

    Seeds Python, NumPy (when installed) and torch, and asks torch for
    deterministic algorithms (warning, not failing, where none exists).
    Random tensors in the book are drawn on the CPU and then moved to the
    device, so CPU and CUDA runs see the same numbers.
    """
    os.environ.setdefault("CUBLAS_WORKSPACE_CONFIG", ":4096:8")
    random.seed(seed)
    try:
        import numpy
    except ImportError:  # pragma: no cover - numpy ships with matplotlib
        pass
    else:
        numpy.random.seed(seed)
    torch.manual_seed(seed)
    torch.use_deterministic_algorithms(True, warn_only=True)
