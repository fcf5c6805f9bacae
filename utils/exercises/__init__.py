"""Check cells of the exercises: tell the reader whether an answer is right, and why not.

Each chapter's judges live in a module of this package named for the chapter
(``utils.exercises.retain_graph``...). A judge takes the reader's answer and
returns ``None`` when it is right, or a sentence saying what is wrong with it
(it may also raise: a wrong answer often does). Every judge has a unit test
that feeds it the typical wrong answers, including those the chapter names.
"""
from __future__ import annotations

from typing import Any, Callable


def check(label: str, answer: Any, judge: Callable[[Any], Any], hint: str) -> None:
    """Print whether ``answer`` solves exercise ``label``.

    ``answer`` is ``None`` until the reader replaces it. It returns None, so a
    check cell shows only the verdict (nbval does not honour a trailing ``;``).
    """
    verdict(label, answer, judge, hint)


def verdict(label: str, answer: Any, judge: Callable[[Any], Any], hint: str) -> bool:
    """What :func:`check` prints, returning True when the answer is right.

    ``judge(answer)`` returns None (or True) for a right answer, and a reason
    (a string) or False for a wrong one; an exception counts as wrong and its
    message is shown.
    """
    if answer is None:
        print(f"{label}: not answered yet. {hint}")
        return False
    try:
        result = judge(answer)
    except Exception as exc:  # a wrong answer may fail in any way; say how
        print(f"{label}: not yet ({type(exc).__name__}: {exc}). {hint}")
        return False
    if result is None or result is True:
        print(f"{label}: correct.")
        return True
    reason = f" {result.rstrip('.')}." if isinstance(result, str) and result else ""
    print(f"{label}: not yet.{reason} {hint}")
    return False
