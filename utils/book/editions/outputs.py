"""The book's own messages in each edition's copy of the outputs.

Code and outputs are the same in every edition, apart from the book's own messages (a judge's
verdict, a hint, what ``explain`` and ``doctor`` say): a reader who runs a Chinese notebook gets
them in Chinese (utils/autograd_book/exercises/messages.py picks the edition from the kernel's
folder), so the Chinese copy of the outputs shows them in Chinese too. They are derived, never
written by hand:

1. ``make execute`` runs the English chapter with ``BOOK_MESSAGE_LOG`` set: the kernel logs every
   message it makes (its spec: catalog key and fields, or its text in every edition where no spec
   renders it). :func:`attach` keeps in ``metadata.messages`` of each code cell the messages its
   outputs show (their English rendering occurs in them).
2. ``editions sync`` copies English's outputs into each edition and replaces, in the text of
   every output, the English rendering of each message of ``metadata.messages`` with that
   edition's, rendered from the catalogs as they are (:func:`localized`).
3. ``editions check`` requires each translated code cell to equal English's localized so, and every
   recorded message to occur in English's outputs; the slow tier runs a whole Chinese chapter per
   edition with nbval in its own folder (tests/test_edition_outputs.py), which shows that what sync
   derives is what the reader gets.

The message module is loaded from its file: the book's tools import no ``autograd_book`` (nor torch).
"""
from __future__ import annotations

import copy
import importlib.util
import json
import re
from functools import lru_cache
from typing import Any, Iterable

from utils.book import config

SOURCE = config.SOURCE
METADATA = "messages"
MESSAGES_FILE = config.ROOT / "utils" / "autograd_book" / "exercises" / "messages.py"


@lru_cache(maxsize=None)
def messages():
    """utils/autograd_book/exercises/messages.py, loaded on its own (it imports no torch)."""
    spec = importlib.util.spec_from_file_location("_book_messages", MESSAGES_FILE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def render(spec: Any, language: str) -> str:
    return str(messages().render(spec, language))


def _texts(cell) -> Iterable[tuple[dict, str]]:
    """(container, key) of every text of the cell's outputs: stream text, text/plain data."""
    for out in cell.get("outputs", []):
        if out.get("output_type") == "stream":
            yield out, "text"
        elif out.get("output_type") in {"execute_result", "display_data"} and "text/plain" in out.get("data", {}):
            yield out["data"], "text/plain"


def _text(container: dict, key: str) -> str:
    value = container[key]
    return "".join(value) if isinstance(value, list) else value


def _replace(text: str, table: dict[str, str], used: list[str] | None = None) -> str:
    """``text`` with each key of ``table`` replaced by its value, the longest first at each place,
    never inside a replacement; ``used`` collects the keys replaced."""
    keys = sorted((k for k in table if k), key=len, reverse=True)
    if not keys:
        return text
    pattern = re.compile("|".join(map(re.escape, keys)))

    def swap(match: re.Match) -> str:
        if used is not None and match.group(0) not in used:
            used.append(match.group(0))
        return table[match.group(0)]

    return pattern.sub(swap, text)


def attach(cell, logged: list[Any]) -> None:
    """Keep in ``cell.metadata.messages`` the messages of ``logged`` (specs, in the order the
    kernel made them) that the cell's outputs show, in the order they show them; none: no key."""
    by_english: dict[str, Any] = {}
    for spec in logged:
        by_english.setdefault(render(spec, SOURCE), spec)
    used: list[str] = []
    for container, key in _texts(cell):
        _replace(_text(container, key), {english: english for english in by_english}, used)
    if used:
        cell.metadata[METADATA] = [by_english[english] for english in used]
    else:
        cell.metadata.pop(METADATA, None)


def read_log(path) -> list[Any]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def localized(cell, edition: str):
    """A copy of English code cell ``cell`` whose outputs show its messages in ``edition``."""
    new = copy.deepcopy(cell)
    specs = cell.get("metadata", {}).get(METADATA) or []
    if edition == SOURCE or not specs:
        return new
    table = {render(spec, SOURCE): render(spec, edition) for spec in specs}
    for container, key in _texts(new):
        container[key] = _replace(_text(container, key), table)
    return new


def problems(cell, where: str) -> list[str]:
    """A recorded message of English code cell ``cell`` that its outputs do not show (stale metadata,
    or a catalog's English edited since the chapter ran)."""
    specs = cell.get("metadata", {}).get(METADATA) or []
    shown = "\n".join(_text(c, k) for c, k in _texts(cell))
    found = []
    for spec in specs:
        try:
            english = render(spec, SOURCE)
        except (KeyError, IndexError, ValueError, TypeError) as exc:
            found.append(f"{where}: a recorded message no longer renders ({type(exc).__name__}: {exc}); "
                         "re-execute the chapter (make execute)")
            continue
        if english not in shown:
            found.append(f"{where}: the recorded message {english[:80]!r} is not in its outputs; "
                         "re-execute the chapter (make execute)")
    return found
