"""Check cells of the exercises: tell the reader whether an answer is right."""
from __future__ import annotations

from typing import Any, Callable


def check(label: str, answer: Any, is_correct: Callable[[Any], bool], hint: str) -> None:
    """Print whether ``answer`` solves exercise ``label``.

    ``answer`` is ``None`` until the reader replaces it; ``is_correct`` may
    raise (a wrong answer often does), which counts as not yet right. It
    returns None, so a check cell shows only the verdict (nbval does not
    honour a trailing ``;``).
    """
    verdict(label, answer, is_correct, hint)


def verdict(label: str, answer: Any, is_correct: Callable[[Any], bool], hint: str) -> bool:
    """What :func:`check` prints, returning True when the answer is right."""
    if answer is None:
        print(f"{label}: not answered yet. {hint}")
        return False
    try:
        ok = bool(is_correct(answer))
    except Exception as exc:  # a wrong answer may fail in any way; say how
        print(f"{label}: not yet ({type(exc).__name__}: {exc}). {hint}")
        return False
    print(f"{label}: correct." if ok else f"{label}: not yet. {hint}")
    return ok
