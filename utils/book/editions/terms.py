"""Each edition's prose is in its script and avoids the wordings its glossary entries name; each
glossary term has a form, in the right script, for every translation, stamped with its English."""
from __future__ import annotations

import re
from pathlib import Path

from utils.book import config
from utils.book.editions.changes import entry_stamp_problems
from utils.book.editions.data import (DEFINITIONS, avoided_terms, edition_pages, load_glossary, load_wordings,
                                      preferred, uses_avoided)
from utils.book.editions.prose import prose_of, strip_code, wrong_script_chars

ROOT = config.ROOT


# An asker's words quoted in Chinese prose (「…」, 『…』, “…”) are theirs, not the book's: a quoted
# 报错 or 回传 stays as they wrote it. The script check still reads them (a quotation is transcribed
# into the edition's script); only the avoided-wording check skips them.
QUOTED = re.compile(r"「[^「」]*」|『[^『』]*』|“[^“”]*”")


def unquoted(text: str) -> str:
    return QUOTED.sub("", text)


def script_and_term_problems(root: Path = ROOT) -> list[str]:
    problems = []
    glossary = load_glossary(root)
    for edition in config.editions(root):
        avoid = avoided_terms(glossary, edition, load_wordings(root))
        for name, path in edition_pages(edition, root).items():
            rel = path.relative_to(root)
            for where, text in prose_of(path):
                bad = wrong_script_chars(text, edition, root)
                if bad:
                    problems.append(f"{rel}: {where}: characters of another script in the {edition} edition: "
                                    f"{''.join(bad)}")
                said = unquoted(text)
                for word, term, form in avoid:
                    if uses_avoided(said, word, form):
                        problems.append(f"{rel}: {where}: uses {word!r}, which the glossary's entry "
                                        f"{term!r} says to avoid in {edition}{preferred(form)}")
    avoided = {edition: avoided_terms(glossary, edition, load_wordings(root)) for edition in config.editions(root)}
    for t in glossary:
        where = f"book/glossary.yml: term {t['en']!r}"
        for edition in config.translations(root):
            if not t.get(edition):
                problems.append(f"{where}: no {edition} form")
                continue
            bad = wrong_script_chars(t[edition], edition, root)
            if bad:
                problems.append(f"{where}: {edition} form uses {''.join(bad)}")
            problems += entry_stamp_problems("glossary", where, t, edition, root)
        problems += definition_problems(t, where, avoided, root)
    return problems


def definition_problems(term: dict, where: str, avoided: dict[str, list], root: Path = ROOT) -> list[str]:
    """A term's one-line definition (glossary.yml ``definition:``): an English sentence, and in every
    translation one in its script that avoids what the glossary says to avoid, stamped with the hash of
    the English sentence it translates."""
    definition = term.get("definition") or {}
    if not definition.get(config.SOURCE):
        return [f"{where}: no definition (definition: {{{config.SOURCE}: one sentence}}); the glossary page shows it"]
    problems = []
    for edition in [config.SOURCE, *config.translations(root)]:  # a draft's definition: shown in English
        text = definition.get(edition)
        if not text:
            problems.append(f"{where}: no {edition} definition")
            continue
        if "\n" in text.strip():
            problems.append(f"{where}: the {edition} definition is more than one line")
        bad = wrong_script_chars(text, edition, root)
        if bad:
            problems.append(f"{where}: {edition} definition uses {''.join(bad)}")
        for word, name, form in avoided.get(edition, []):
            if uses_avoided(strip_code(text), word, form):
                problems.append(f"{where}: the {edition} definition uses {word!r}, which the glossary's entry "
                                f"{name!r} says to avoid{preferred(form)}")
        if edition != config.SOURCE:
            problems += entry_stamp_problems(DEFINITIONS, f"{where}: definition", term, edition, root)
    return problems
