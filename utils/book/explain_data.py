"""The data ``autograd_book.explain`` reads: book/errors.yml, per edition, as one generated module
of the package (``autograd_book/explain_data.py``, a Python literal: a reader notebook carries the
modules it imports, and a reader has no book/ folder).

For every edition: each wording's id, message, summary (the edition's words) and the sections
that explain a case of it (``error_cases``: label, page, title, the line saying which case),
the sentences readers type for each section (book/search_keywords.yml, English: the reader's
traceback is code, in English) and the published site's address (``html.baseurl``; empty while
none is set). Torch-free.

    python -m utils.book.explain_data          # rewrite the package's module (make sync does it too)
    python -m utils.book.explain_data --check  # exit 1 when it is out of date

It follows book/errors.yml and the headings of every chapter, so ``make sync`` (``editions sync``)
rewrites it after any change; tests/test_companion.py fails while it is stale.
"""
from __future__ import annotations

import argparse
import pprint
import sys
from pathlib import Path

from utils.book import config
from utils.book.editions import data
from utils.book.reader_markdown import site_url, targets
from utils.book.search import load_keywords, today_of

ROOT = Path(__file__).resolve().parents[2]
OUTPUT = ROOT / "utils" / "autograd_book" / "explain_data.py"


def build(root: Path = ROOT) -> dict:
    """The module's data, each thing once: what does not depend on the edition (``entries``: id,
    message, whether it is historical, ``today``, ``tail``, ``varies``), then per edition the entries'
    summaries and their own cases as [label, line] pairs (an older wording names today's entry in
    ``today`` instead of repeating its cases) and the sections they name (label: [page, title]).
    ``autograd_book.companion_messages.data`` expands it."""
    keywords = load_keywords(root / "book" / "search_keywords.yml")
    editions, sections = {}, {}
    english = targets(config.SOURCE, root)
    entries = data.load_errors(root)
    for edition in config.editions(root):
        known = targets(edition, root) if edition != config.SOURCE else english
        errors, named = [], {}
        for entry in entries:
            # An older wording is explained where today's is, as on the paste box (search.errors_data).
            current = today_of(entry, entries)
            cases = [[label, line] for label, line in data.error_cases(entry, edition)]
            for label, _ in cases + [[label, None] for label, _ in (data.error_cases(current, edition) if current else ())]:
                page, title = known.get(label) or english.get(label) or (None, None)
                if page is None:
                    raise RuntimeError(f"explain_data: errors.yml entry {entry['id']}: no section labelled {label!r}")
                named[label] = [page, title or label]
            errors.append({"id": entry["id"],
                           "summary": entry["summary"].get(edition) or entry["summary"][config.SOURCE],
                           "cases": cases})
        editions[edition], sections[edition] = errors, named
    labels = set(sections[config.SOURCE])
    common = [{"id": entry["id"], "message": entry["message"], "historical": "historical" in entry,
               **({"today": today_of(entry, entries)["id"]} if today_of(entry, entries) is not None else {}),
               **({"tail": entry["tail"]} if entry.get("tail") else {}),  # as the paste box's data
               **({"varies": entry["varies"]} if entry.get("varies") else {})}
              for entry in entries]
    return {"source": "book/errors.yml (python -m utils.book.explain_data)", "baseurl": site_url(root),
            "editions": list(editions),
            "entries": common,
            "errors": editions,
            "sections": sections,
            "keywords": {label: keywords[label][config.SOURCE] for label in sorted(labels)
                         if config.SOURCE in keywords.get(label, {})}}


def text(root: Path = ROOT) -> str:
    return ('"""Written by python -m utils.book.explain_data (make sync) from book/errors.yml and the chapters\'\n'
            'headings: do not edit. What autograd_book.explain matches and the sections it names, per edition."""\n'
            "DATA = " + pprint.pformat(build(root), width=110, sort_dicts=True) + "\n")


def write(root: Path = ROOT) -> bool:
    """Rewrite the JSON when it differs; whether it did."""
    wanted = text(root)
    if OUTPUT.exists() and OUTPUT.read_text(encoding="utf-8") == wanted:
        return False
    OUTPUT.write_text(wanted, encoding="utf-8")
    return True


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when the module is out of date")
    args = parser.parse_args(argv)
    wanted = text()
    if args.check:
        if not OUTPUT.exists() or OUTPUT.read_text(encoding="utf-8") != wanted:
            sys.exit(f"{OUTPUT.relative_to(ROOT)} is out of date: run make sync (or python -m utils.book.explain_data)")
        return
    write()
    print(f"wrote {OUTPUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
