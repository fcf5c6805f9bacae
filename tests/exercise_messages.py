"""What "a message in the reader's language" means, as the tests of the exercises check it.

A message of a Chinese edition is untranslated when it

- has no Chinese (no CJK character or full-width punctuation), or
- holds an English sentence: a run of ENGLISH_RUN or more plain English words
  (letters only, an apostrophe allowed; brackets and quotes around a word
  ignored) separated only by spaces, outside backticks. A comma, semicolon or
  colon ends a run (an argument list such as ``(critic, real, fake)`` is code).

Code stays as it is: a token with a dot, underscore, digit, operator or call
(``torch.autograd.grad``, ``create_graph=True``, ``x**3``) is not a word and
ends a run, and so does Chinese text between words (``用 torch 運算``). A
PyTorch or Python error message is quoted verbatim inside backticks.

:func:`every_message_in_every_edition` is a fixture that the judges' tests use:
it records each message the judges produce during the test and, afterwards,
renders it in every translation and fails on an untranslated one.
"""
from __future__ import annotations

import re

import pytest

from utils.book import config
from autograd_book.exercises import messages

ENGLISH_RUN = 3
CODE_SPAN = re.compile(r"`[^`\n]*`")
OUTSIDE_ASCII = re.compile(r"[^\x00-\x7f]+")  # Chinese text ends a run of English words
WORD = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)?")
CHINESE = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")


def english_runs(text: str, length: int = ENGLISH_RUN) -> list[str]:
    """The runs of ``length`` or more English words in ``text``, outside backticks."""
    runs = []
    for part in OUTSIDE_ASCII.split(CODE_SPAN.sub("\n", text)):
        for line in part.split("\n"):
            run: list[str] = []
            for token in line.split() + [""]:
                bare = token.strip("([{\"'").rstrip(")]}\"'")
                if WORD.fullmatch(bare.rstrip(",;:.!?")):
                    run.append(token)
                    if not bare.endswith((",", ";", ":")):
                        continue  # a comma ends a run: (critic, compiled_critic, real, fake, mix) is code
                if len(run) >= length:
                    runs.append(" ".join(run))
                run = []
    return runs


def untranslated(text: str) -> list[str]:
    """Why ``text``, a message of a Chinese edition, is not in the reader's language (empty if it is)."""
    problems = [f"English words {run!r}" for run in english_runs(text)]
    if not CHINESE.search(CODE_SPAN.sub("", text)):
        problems.append("no Chinese")
    return problems


def problems_in_every_edition(texts) -> list[str]:
    """Each recorded message rendered in every translation, and what is untranslated in it."""
    found = []
    for text in texts:
        for edition in config.translations():
            rendered = text.render(edition)
            found += [f"{edition}: {rendered!r}: {why}" for why in untranslated(rendered)]
    return found


@pytest.fixture
def every_message_in_every_edition():
    """Record the judges' messages during the test; then each must read as Chinese in every translation.

    The judges run in English (the test's assertions read English reasons); a
    message is a :class:`autograd_book.exercises.messages.Text`, rendered here again,
    fields included, as it reads with BOOK_EDITION set to each translation.
    """
    messages.recorded = []
    try:
        yield
        made = messages.recorded
    finally:
        messages.recorded = None
    problems = problems_in_every_edition(made)
    assert not problems, "\n".join(problems)
