"""Keep the three editions in step.

    python -m utils.book.editions sync                 # copy code and outputs from English
    python -m utils.book.editions check                # everything the tests check, as a report
    python -m utils.book.editions export zh-hant graph_basics > todo.md
    python -m utils.book.editions apply zh-hant graph_basics todo.md   # a Markdown page too: errors, glossary
    python -m utils.book.editions restamp graph_basics [--edition zh-hant] [--cell ID ...]
    python -m utils.book.editions restamp errors.yml   # glossary.yml, search_keywords.yml, messages/variable.yml
    python -m utils.book.editions restamp labels       # the title and UI labels of each _config.yml entry
    python -m utils.book.editions new-chapter hooks "Hooks on the graph"
    python -m utils.book.editions new-edition ja --name 日本語 --language ja --letters "[\u3040-\u30ff]"

English (book/en) is the source. A translated notebook has the same cells in the same order,
with the same ids: its code cells are copies of the English ones, written by ``sync`` and never
by hand; its markdown cells are translations, each recording in its metadata the hash of the
English text it translates (``translation.source``; a figure's alt text and caption too).
Translated Markdown pages (.md) record it in a first-line comment
``<!-- translation-source: HASH -->``; each entry of book/errors.yml, book/glossary.yml,
book/search_keywords.yml and the judges' message catalogs records it per edition
(``translated_from: {EDITION: HASH}``). When the English text changes, ``check`` names the file
and cell, with the words that changed.

``export`` names in each block the hash of the English it shows; ``apply`` stamps each
translation with that hash (an English edited since the export leaves it stale) and refuses a
block without one. After an English edit that cannot change the meaning (a typo fixed within a
word, a link target, markup: no digit, sign, negation or negating prefix, no word added or
removed), ``restamp`` marks the translations of every edition current; any other edit is refused
with the reason unless the cell is named with ``--cell``. After one that changes the meaning,
translate.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from utils.book import config
from utils.book.editions.checks import all_problems
from utils.book.editions.restamp import restamp
from utils.book.editions.scaffold import draft_progress, new_chapter, new_edition
from utils.book.editions.sync import sync_all
from utils.book.editions.translate import apply_translation, english_page, export_translation


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m utils.book.editions", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True)
    sub.add_parser("sync", help="copy code and outputs from English into every translation; "
                   "rewrite autograd_book's copy of the error index (utils/book/explain_data.py)")
    sub.add_parser("check", help="every edition and convention check, as a report")
    ex = sub.add_parser("export", help="the prose of a chapter (or a whole Markdown page: errors, glossary) to "
                        "translate, as Markdown blocks")
    ex.add_argument("edition")
    ex.add_argument("name")
    ex.add_argument("--all", action="store_true", help="every prose cell, not only those to (re)translate")
    ap = sub.add_parser("apply", help="write a translated export back, stamped")
    ap.add_argument("edition")
    ap.add_argument("name")
    ap.add_argument("file", type=Path)
    rs = sub.add_parser("restamp", help="mark translations current after an English edit that keeps the meaning")
    rs.add_argument("pages", nargs="+", metavar="[EDITION] NAME",
                    help="a page (graph_basics, errors, glossary), a data file: errors.yml, glossary.yml, "
                         "search_keywords.yml, messages/MODULE.yml, or labels (the UI words of _config.yml); "
                         "an edition before it (the older form) is the same as --edition")
    rs.add_argument("--edition", help="only this edition (default: every translation)")
    rs.add_argument("--cell", action="append", help="re-stamp this cell id (an error id, an English term, a "
                    "keywords label, a message key, the page's name for a Markdown page) even though its words "
                    "changed; repeatable")
    nc = sub.add_parser("new-chapter", help="an English chapter that meets the conventions, its _toc.yml line "
                        "and its translations")
    nc.add_argument("name", help="file name without .ipynb (lower case, _)")
    nc.add_argument("title")
    ne = sub.add_parser("new-edition", help="a new edition as a draft: its _config.yml entry and book/KEY/ with "
                        "every page; editions check reports its progress until 'draft: true' is removed")
    ne.add_argument("key", help="the edition's key, a language tag in lower case (ja, zh-hk)")
    ne.add_argument("--name", required=True, help="its name in its own language (the switcher shows it)")
    ne.add_argument("--language", required=True, help="Sphinx's language code (ja, zh_TW)")
    ne.add_argument("--letters", help="a regular expression of its script's letters (each translated text "
                    "must contain one)")
    return p


def main(argv: list[str] | None = None) -> None:
    args = parser().parse_args(argv)
    if args.command == "sync":
        sync_all()
        from utils.book import explain_data  # the error index and section titles autograd_book.explain carries
        if explain_data.write():
            print(f"wrote {explain_data.OUTPUT.relative_to(explain_data.ROOT)}")
    elif args.command == "check":
        problems = all_problems()
        print("\n".join(problems) or "editions: in step")
        for line in draft_progress():
            print(line)
        sys.exit(1 if problems else 0)
    elif args.command == "export":
        sys.stdout.write(export_translation(args.name, args.edition, only_todo=not args.all))
    elif args.command == "apply":
        done = apply_translation(args.name, args.edition, args.file.read_text(encoding="utf-8"))
        print(f"page {args.name} translated and stamped" if english_page(args.name).suffix == ".md"
              else f"{len(done)} cells translated and stamped")
        if done.stale:
            print(f"{len(done.stale)} of them translate an English that changed since the export "
                  f"({', '.join(done.stale)}): stale; 'editions check' shows what changed")
    elif args.command == "restamp":
        edition = args.edition
        if len(args.pages) == 2 and args.pages[0] in config.translations() + config.drafts():
            edition = args.pages[0]
        elif len(args.pages) != 1:
            raise SystemExit("restamp [EDITION] NAME")
        result = restamp(args.pages[-1], edition=edition, cells=args.cell)
        print(f"re-stamped {len(result.done)}: {', '.join(result.done)}" if result.done else "nothing re-stamped")
        if result.refused:
            print("refused (the edit may change the meaning; translate, or name the cell with --cell):\n  "
                  + "\n  ".join(result.refused))
            sys.exit(1)
    elif args.command == "new-edition":
        for path in new_edition(args.key, args.name, args.language, args.letters):
            print(f"wrote {path.relative_to(config.ROOT)}")
        from utils.book import explain_data  # autograd_book.explain lists the editions it can speak
        if explain_data.write():
            print(f"wrote {explain_data.OUTPUT.relative_to(explain_data.ROOT)}")
        print(f"next: translate book/{args.key}/ (export/apply), the labels and title of its _config.yml entry, "
              f"then the data files ('editions check' counts what is left)")
    elif args.command == "new-chapter":
        for path in new_chapter(args.name, args.title):
            print(f"wrote {path.relative_to(config.ROOT)}")
        print(f"next: write the chapter in book/{config.SOURCE}/{args.name}.ipynb, then "
              f"'make execute NOTEBOOKS=book/{config.SOURCE}/{args.name}.ipynb' and translate it (export/apply)")
