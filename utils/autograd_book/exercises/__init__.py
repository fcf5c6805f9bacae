"""Check cells of the exercises: tell the reader whether an answer is right, and why not.

Each chapter's judges live in a module of this package named for the chapter
(``autograd_book.exercises.retain_graph``...). A judge takes the reader's answer and
returns ``None`` when it is right, or a sentence saying what is wrong with it
(it may also raise: a wrong answer often does). Every judge has a unit test
that feeds it the typical wrong answers, including those the chapter names.

Verdicts, reasons and hints speak the language of the notebook's edition
(:mod:`autograd_book.exercises.messages`); the hint a check cell passes is the
English one, looked up in the catalogs.
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
    from autograd_book.exercises import messages  # here, so `python -m autograd_book.exercises.messages` imports it once

    if answer is None:
        print(messages.verdict_line("not_answered", label, hint))
        return False
    try:
        result = judge(answer)
    except Exception as exc:  # a wrong answer may fail in any way; say how
        print(messages.verdict_line("raised", label, hint, error=f"{type(exc).__name__}: {exc}"))
        return False
    if result is None or result is True:
        print(messages.verdict_line("correct", label))
        return True
    print(messages.verdict_line("wrong", label, hint, reason=result))
    return False
