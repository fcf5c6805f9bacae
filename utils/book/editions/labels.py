"""The stamp of each edition's UI words: the ``title`` and ``labels`` of its entry in _config.yml
translate English's, and the entry records the hash of the English words it translates
(``labels_from: HASH``, one per edition). When an English label changes, ``editions check`` names
the edition and the labels that changed (the older English is found in git); ``editions restamp
labels`` re-stamps by the same rule as the prose (an edit that cannot change the meaning), and
``--cell labels`` re-stamps after the translation is updated."""
from __future__ import annotations

import json
import re
from pathlib import Path


from utils.book import config, yamlread
from utils.book.editions import changes
from utils.book.editions.verbs import FIELD  # a format field: {until}, {library}, {ratio:.2f}
from utils.book.editions.data import text_hash

ROOT = config.ROOT
SOURCE = config.SOURCE
KEY = "labels"  # what restamp calls them (restamp labels, --cell labels)
STAMP_LINE = re.compile(r"^    labels_from: .*\n", re.M)


def english_words(editions: dict) -> dict[str, str]:
    """English's UI words: its title and labels."""
    english = editions[SOURCE]
    return {"title": english.get("title", ""), **(english.get("labels") or {})}


def stamp_of(words: dict[str, str]) -> str:
    return text_hash(json.dumps(words, sort_keys=True, ensure_ascii=False))


def older_words(stamp: str, root: Path = ROOT) -> dict[str, str] | None:
    """English's UI words whose stamp is ``stamp``, from _config.yml's git history."""
    for text in changes.committed_versions("_config.yml", Path(root).resolve()):
        try:
            words = english_words(yamlread.load(text)["editions"])
        except Exception:  # an old version without editions, or that does not parse
            continue
        if stamp_of(words) == stamp:
            return words
    return None


def changed(old: dict[str, str] | None, new: dict[str, str]) -> list[tuple[str, str | None, str]]:
    """(label, old English or None, new English) of every label whose English changed."""
    if old is None:
        return [(k, None, v) for k, v in new.items()]
    return [(k, old.get(k), v) for k, v in new.items() if old.get(k) != v]


def why_not_kept(old: dict[str, str] | None, new: dict[str, str]) -> str | None:
    """None when every changed label changed only as an edit that cannot change the meaning."""
    if old is None:
        return "the English they translated is not in git"
    for key, before, after in changed(old, new):
        why = "a new label" if before is None else changes.why_meaning_may_change(before, after)
        if why:
            return f"{key}: {why}"
    return None


def _describe(old: dict[str, str] | None, new: dict[str, str]) -> str:
    if old is None:
        return "the English they translated is not in git history"
    return "; ".join(f"{key}: {changes.describe(before, after)}" for key, before, after in changed(old, new))


def label_stamp_problems(root: Path = ROOT) -> list[str]:
    editions = config.editions(root)
    words = english_words(editions)
    want = stamp_of(words)
    problems = []
    for edition in config.translations(root):
        stamp = editions[edition].get("labels_from")
        where = f"_config.yml: editions.{edition}: its title and labels"
        if stamp == want:
            continue
        if stamp is None:
            problems.append(f"{where} have no labels_from stamp; once they translate English's, run: "
                            f"{changes.RESTAMP} {KEY} --edition {edition} --cell {KEY}")
            continue
        old = older_words(stamp, root)
        named = "" if why_not_kept(old, words) is None else f" --cell {KEY}"
        problems.append(f"{where} translate older English words ({_describe(old, words)}); update them, or if the "
                        f"meaning is unchanged run: {changes.RESTAMP} {KEY}{named}")
    return problems


def label_field_problems(root: Path = ROOT) -> list[str]:
    """Each translated label has the format fields of English's: a translation that drops one
    ({library} of error_historical) silently loses what the field names, and one with a field English
    lacks fails the build (KeyError)."""
    editions = config.editions(root)
    english = english_words(editions)
    problems = []
    for edition in config.translations(root):
        own = {"title": editions[edition].get("title", ""), **(editions[edition].get("labels") or {})}
        for key, words in own.items():
            if key in english and sorted(FIELD.findall(words)) != sorted(FIELD.findall(english[key])):
                problems.append(f"_config.yml: editions.{edition}.labels.{key}: format fields "
                                f"{sorted(set(FIELD.findall(words)))} where English has "
                                f"{sorted(set(FIELD.findall(english[key])))}: {words!r}")
    return problems


def write_stamp(edition: str, stamp: str, root: Path = ROOT) -> None:
    """Set ``labels_from`` in the edition's entry of _config.yml (a line before its ``labels:``),
    leaving every other line as it is."""
    path = root / "_config.yml"
    text = path.read_text(encoding="utf-8")
    start = re.search(rf"^  {re.escape(edition)}:\n", text, re.M)
    if start is None:
        raise SystemExit(f"_config.yml: no entry for the edition {edition!r}")
    end = re.compile(r"^  \S|^\S", re.M).search(text, start.end())
    block = text[start.end():end.start() if end else len(text)]
    line = f'    labels_from: "{stamp}"\n'
    if STAMP_LINE.search(block):
        block = STAMP_LINE.sub(line, block, count=1)
    elif "\n    labels:\n" in "\n" + block:
        i = ("\n" + block).index("\n    labels:\n")
        block = block[:i] + line + block[i:]
    else:
        block += line
    path.write_text(text[:start.end()] + block + (text[end.start():] if end else ""), encoding="utf-8")
    config._load.cache_clear()


def restamp_labels(editions: list[str], forced: bool, root: Path = ROOT) -> tuple[list[str], list[str]]:
    """(editions re-stamped, refusals) for ``editions restamp labels``."""
    words = english_words(config.editions(root))
    want = stamp_of(words)
    done, refused = [], []
    for edition in editions:
        stamp = config.editions(root)[edition].get("labels_from")
        if stamp == want:
            continue
        old = older_words(stamp, root) if stamp else None
        why = None if forced else why_not_kept(old, words)
        if why is not None:
            refused.append(f"_config.yml: editions.{edition}: {_describe(old, words)} ({why}); translate them, or "
                           f"if the meaning is unchanged name them: {changes.RESTAMP} {KEY} --cell {KEY}")
            continue
        write_stamp(edition, want, root)
        done.append(f"{edition}: {KEY}")
    return done, refused
