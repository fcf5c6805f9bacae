"""The companion's sentences in the reader's edition: ``companion_messages.yml`` beside this module, one
entry per message with the text of every edition and ``str.format`` fields, as the exercises'
catalogs are written (utils/exercises/messages/*.yml: English is the source; each translation
records in ``translated_from`` the hash of the English it translates). Torch-free.

The edition: the ``edition`` argument, else ``BOOK_EDITION``, else the kernel's working
directory when it is named after an edition (``book/zh-hant/``), else English."""
from __future__ import annotations

import json
import os
from functools import lru_cache
from pathlib import Path

import yaml

HERE = Path(__file__).parent
CATALOG = HERE / "companion_messages.yml"
DATA = HERE / "explain_data.json"
ENVIRONMENT_VARIABLE = "BOOK_EDITION"
SOURCE = "en"


@lru_cache(maxsize=None)
def data() -> dict:
    """book/errors.yml per edition (written by ``python -m utils.book.explain_data``)."""
    return json.loads(DATA.read_text(encoding="utf-8"))


def editions() -> list[str]:
    return list(data()["editions"])


def edition(chosen: str | None = None) -> str:
    chosen = chosen or os.environ.get(ENVIRONMENT_VARIABLE)
    if chosen:
        if chosen not in editions():
            raise ValueError(f"{chosen!r} is not an edition of the book: {', '.join(editions())}")
        return chosen
    folder = Path.cwd().name
    return folder if folder in editions() else SOURCE


@lru_cache(maxsize=None)
def catalog() -> dict:
    return yaml.safe_load(CATALOG.read_text(encoding="utf-8"))


def say(key: str, language: str, **fields) -> str:
    entry = catalog()[key]
    return (entry.get(language) or entry[SOURCE]).format(**fields)


def join(items, language: str) -> str:
    return say("list.separator", language).join(str(i) for i in items)


def restamp(keys=()) -> list[str]:
    """Mark the translations of ``keys`` (all, if none) as current: for a new entry, or after an
    English edit that keeps the meaning. Rewrites only the ``translated_from`` lines."""
    from utils.book.editions.data import text_hash  # the maintainer's checkout only
    entries = catalog()
    keys = set(keys) or set(entries)
    translated = [e for e in editions() if e != SOURCE]
    out, done, key = [], [], None
    for line in CATALOG.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith((" ", "#")):
            key = line.split(":", 1)[0]
        if key in keys and line.startswith("  translated_from:"):
            continue
        out.append(line)
        if key in keys and line.startswith(f"  {translated[-1]}:"):
            hashes = ", ".join(f'{e}: "{text_hash(entries[key][SOURCE])}"' for e in translated)
            out.append(f"  translated_from: {{{hashes}}}")
            done.append(key)
    CATALOG.write_text("\n".join(out) + "\n", encoding="utf-8")
    catalog.cache_clear()
    return done


if __name__ == "__main__":
    import sys

    if len(sys.argv) < 2 or sys.argv[1] != "restamp":
        sys.exit("usage: python -m autograd_book.companion_messages restamp [KEY ...]")
    print(f"restamped {len(restamp(sys.argv[2:]))} entries")
