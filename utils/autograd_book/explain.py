"""``explain(exc)``: which error of the book's index a live exception (or its text) is, what it
means, and the sections that explain each case of it, most likely first, in the reader's edition.

The entry is found as the book's paste box finds it (errormatch.py is errormatch.js in Python) in the
data of book/errors.yml (explain_data.json, travelling with the package). The cases are ranked by
what the traceback shows of the reader's code (the source of every frame outside torch): a loop, an
``optimizer.step()`` between two backwards, a hidden state, ``D(fake)``, a running total,
``retain_graph=True``, a custom ``Function``; then by the reader's own words against what readers
type for each section (book/search_keywords.yml), as the search page does; then in the index's
order. ``doctor`` adds what it saw the step do (``hints``). Torch-free.
"""
from __future__ import annotations

import inspect
import linecache
import re
import sys
import sysconfig
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType

from . import errormatch
from .companion_messages import data, edition as choose_edition, join, say
from .exercises.messages import log

_STDLIB = sysconfig.get_paths()["stdlib"]

# What a traceback can show of the reader's code, and the sections each sign points to.
SIGNS: dict[str, tuple[re.Pattern, tuple[str, ...]]] = {
    "loop": (re.compile(r"^\s*(for|while)\b.*:", re.M),
             ("pit-target-outside-loop", "pit-hidden-state", "pit-running-loss", "rg-loop", "rg-anomaly")),
    "step-between": (re.compile(r"\.backward\([^\n]*\)[\s\S]*?\.step\(\)[\s\S]*?\.backward\("),
                     ("pit-step-between-backwards", "rg-gan", "rg-prefix", "pit-step-two-models")),
    "hidden-state": (re.compile(r"\b(hidden|hx|h0|h_n|c_n|state|states|lstm|rnn|gru|LSTM|RNN|GRU)\b"),
                     ("pit-hidden-state", "rg-tbptt")),
    "d-fake": (re.compile(r"\b(D|netD|disc\w*|critic|discriminator)\s*\(\s*(fake|gen\w*|G\s*\()(?![\w.]*\.detach\(\))",
                          re.I), ("rg-gan", "pit-step-between-backwards")),
    "running-total": (re.compile(r"\b\w*(loss|total)\w*\s*\+=\s*[\w.]*loss\b(?!\.item\(\))"),
                      ("pit-running-loss",)),
    "retain-graph": (re.compile(r"retain_graph\s*=\s*True"), ("pit-retain-graph", "rg-loop", "rg-needed")),
    "custom-function": (re.compile(r"autograd\.Function\b|\bctx\.save_for_backward\b|\bctx\.saved_tensors\b"),
                        ("cf-",)),  # a prefix: every section of the custom Function chapter
}


# Words every training loop has: they tell no section from another.
COMMON = set("""def return self import from torch nn for in range if else not none true false with as lambda
optimizer optim step zero_grad loss losses model models x y z i n out output outputs input inputs target targets
mean sum item lr device cuda cpu print append list dict batch batches data train train_step epoch""".split())


@dataclass
class Explanation:
    """What ``explain`` found: the entry (None: not in the index), its cases ranked, the signs seen."""
    message: str
    edition: str
    entry: dict | None = None
    cases: list[dict] = field(default_factory=list)
    signs: list[str] = field(default_factory=list)

    @property
    def id(self) -> str | None:
        return self.entry["id"] if self.entry else None

    @property
    def labels(self) -> list[str]:
        return [c["label"] for c in self.cases]

    def text(self, limit: int | None = None) -> str:
        """The explanation; ``limit``: show that many sections (the rest are counted)."""
        lang = self.edition
        if self.entry is None:
            return say("explain.unknown", lang, message=_short(self.message))
        lines = [say("explain.known", lang, id=self.entry["id"]), "  " + _short(self.entry["message"], 160),
                 self.entry["summary"]]
        if self.signs:
            lines.append(say("explain.signs", lang, signs=join([say(f"sign.{s}", lang) for s in self.signs], lang)))
        lines.append(say("explain.sections" if len(self.cases) > 1 else "explain.section", lang))
        base = data()["baseurl"]
        for n, case in enumerate(self.cases[:limit], 1):
            title = re.sub(r"`([^`]*)`", r"\1", case["title"])
            where = (f"{base}/{lang}/{case['page']}.html#{case['label']}" if base
                     else say("explain.where", lang, page=case["page"], label=case["label"]))
            lines.append("  " + say("explain.case", lang, n=n, title=title, where=where))
            if case["line"]:
                lines.append(f"     {case['line']}")
        if limit is not None and len(self.cases) > limit:
            lines.append("  " + say("explain.more", lang, n=len(self.cases) - limit))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()


def _short(text: str, limit: int = 200) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _is_library(filename: str) -> bool:
    parts = Path(filename).parts
    return (any(p in {"site-packages", "dist-packages"} for p in parts) or filename.startswith(_STDLIB)
            or Path(filename).resolve().is_relative_to(Path(__file__).resolve().parent))


def reader_source(tb: TracebackType | None) -> str:
    """The source of every frame of ``tb`` outside the libraries: a whole function where it can be
    read (inspect), else the frame's file or cell (linecache, which IPython fills), else its line."""
    parts, seen = [], set()
    while tb is not None:
        frame, code = tb.tb_frame, tb.tb_frame.f_code
        tb = tb.tb_next
        if _is_library(code.co_filename) or code in seen:
            continue
        seen.add(code)
        try:
            text = "".join(inspect.getsourcelines(code)[0]) if code.co_name != "<module>" else ""
        except (OSError, TypeError):
            text = ""
        text = text or "".join(linecache.getlines(code.co_filename, frame.f_globals))
        parts.append(text)
    return "\f".join(parts)


def _message_of(exc) -> tuple[str, str]:
    """(the text to match, the reader's code around it) of an exception, a traceback or a message."""
    if isinstance(exc, BaseException):
        return "".join(traceback.format_exception_only(type(exc), exc)), reader_source(exc.__traceback__)
    text = str(exc)
    lines = text.splitlines()
    last = max((i for i, line in enumerate(lines) if errormatch._PREFIX.search(line)), default=0)
    return text, "\n".join(lines[:last])  # the code of a pasted traceback, not the message's own words


def signs_in(source: str) -> list[str]:
    """The signs of SIGNS that ``source`` shows, each within one function or cell (frames are joined
    by a form feed: a backward in one frame and a step in another are no sequence)."""
    parts = source.split("\f")
    return [name for name, (pattern, _) in SIGNS.items() if any(pattern.search(part) for part in parts)]


def _points_to(label: str, targets: tuple[str, ...]) -> bool:
    return any(label == t or (t.endswith("-") and label.startswith(t)) for t in targets)


def explanation(exc, edition: str | None = None, hints: tuple[str, ...] = ()) -> Explanation:
    """The :class:`Explanation` of ``exc`` (an exception, or its text); ``hints``: labels of sections
    that what a caller saw points to (doctor's findings), ranked first."""
    lang = choose_edition(edition)
    message, source = _message_of(exc)
    errors = data()["errors"]
    found = errormatch.match(message, errors["en"])
    if not found:
        return Explanation(message, lang)
    english = found[0]
    entry = next(e for e in errors[lang] if e["id"] == english["id"])
    signs = signs_in(source)
    own = set(errormatch.own_words(errormatch.tokens(source), errors["en"], english)) - COMMON if source else set()
    keywords = data()["keywords"]

    def score(item):
        order, case = item
        label = case["label"]
        hinted = 10.0 if label in hints else 0.0
        signed = sum(1.0 for s in signs if _points_to(label, SIGNS[s][1]))
        english_case = english["cases"][order]
        said = set(errormatch.tokens(" ".join([keywords.get(label, ""), english_case["line"], english_case["title"]])))
        words = len(own & said) / (len(said) or 1)
        return (-(hinted + signed + words), order)

    ranked = [case for _, case in sorted(enumerate(entry["cases"]), key=score)]
    return Explanation(message, lang, entry, ranked, signs)


def explain(exc=None, edition: str | None = None) -> None:
    """Print which indexed error ``exc`` is (an exception or its text; by default the last one the
    session raised), its summary and the sections that explain each case, most likely first."""
    if exc is None:
        exc = getattr(sys, "last_value", None) or getattr(sys, "last_exc", None)
        if exc is None:
            raise ValueError("explain() needs an exception or its text")
    if edition is None:  # the reader's edition: each edition's copy of the outputs shows its own
        log(lambda lang: explanation(exc, lang).text())
    print(explanation(exc, edition).text())


# ------------------------------------------------------------------ %load_ext autograd_book

def _explain_after_traceback(shell, etype, value, tb, tb_offset=None):
    """IPython's custom exception handler: the usual traceback, then the explanation of an error of
    the book's index (any other exception shows its traceback only)."""
    shell.showtraceback((etype, value, tb), tb_offset=tb_offset)
    try:
        found = explanation(value)
    except Exception:  # never let the explanation hide the reader's error
        return None
    if found.entry is not None:
        log(lambda lang: explanation(value, lang).text())
        print(found.text())
    return None


def load_ipython_extension(ip) -> None:
    """``%load_ext autograd_book`` (the package's ``__init__`` calls this): every exception a cell
    raises that is an error of the book's index ends with its explanation (``set_custom_exc``)."""
    ip.set_custom_exc((Exception,), _explain_after_traceback)


def unload_ipython_extension(ip) -> None:
    """``%unload_ext autograd_book``: IPython's own handling again."""
    ip.set_custom_exc((), None)


class _Callable(type(sys)):
    """``autograd_book.explain`` is this module once it is imported: calling it calls ``explain``."""

    def __call__(self, *args, **kwargs):
        return self.explain(*args, **kwargs)


sys.modules[__name__].__class__ = _Callable
