"""The companion's sentences and data in the reader's edition.

The sentences are the catalog ``exercises/messages/companion.yml``, written and checked as the
exercises' catalogs are (English is the source; each translation records in ``translated_from``
the hash of the English it translates: ``python -m autograd_book.exercises.messages restamp
companion KEY`` after an English edit that keeps the meaning). The data is the generated module
``explain_data.py`` (book/errors.yml per edition). Both travel in a reader notebook. Torch-free.

The edition: the ``edition`` argument, else ``BOOK_EDITION``, else the kernel's working
directory when it is named after an edition (``book/zh-hant/``), else English."""
from __future__ import annotations

import functools
import os
from pathlib import Path

from .exercises.messages import Catalog, load

ENVIRONMENT_VARIABLE = "BOOK_EDITION"
SOURCE = "en"
CATALOG = Catalog("companion")  # names the catalog, so that a reader notebook carries it (utils/book/package.py)


@functools.lru_cache(maxsize=None)
def data() -> dict:
    """book/errors.yml per edition (written by ``python -m utils.book.explain_data``): each entry
    with what every edition shares (message, historical, tail, varies: written once, in ``entries``)
    and its ``cases`` expanded to dicts (label, page, title, line): its own cases, then, for an older
    wording, those of today's wording (``today``) that it does not list itself."""
    from .explain_data import DATA
    common = {e["id"]: e for e in DATA["entries"]}
    errors = {}
    for lang, entries in DATA["errors"].items():
        sections, by_id = DATA["sections"][lang], {e["id"]: e for e in entries}
        def expand(entry):
            pairs = list(entry["cases"])
            today = common[entry["id"]].get("today")
            if today:
                own = {label for label, _ in pairs}
                pairs += [pair for pair in by_id[today]["cases"] if pair[0] not in own]
            return [{"label": label, "page": sections[label][0], "title": sections[label][1], "line": line}
                    for label, line in pairs]
        errors[lang] = [{**{k: v for k, v in common[e["id"]].items() if k != "today"}, **e, "cases": expand(e)}
                        for e in entries]
    return {**{k: v for k, v in DATA.items() if k != "entries"}, "errors": errors}


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


def catalog() -> dict:
    return load(CATALOG.module)


def say(key: str, language: str, **fields) -> str:
    entry = catalog()[key]
    return (entry.get(language) or entry[SOURCE]).format(**fields)


def join(items, language: str) -> str:
    return say("list.separator", language).join(str(i) for i in items)

