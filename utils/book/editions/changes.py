"""What changed in English since a translation was made: the older English text (found in git by
the hash its translation records), a word diff of it against the current text, and whether the
edit looks like a fix that keeps the meaning (a typo, a link, markup) or a change of wording."""
from __future__ import annotations

import difflib
import json
import re
import shlex
import subprocess
from functools import lru_cache
from pathlib import Path

from ruamel.yaml import YAML

from utils.book import config
from utils.book.editions.data import data_file, entry_english, entry_key, stamp_holder, text_hash
from utils.book.editions.prose import figure_text

ROOT = config.ROOT
HISTORY_DEPTH = 200  # commits searched for the English text a stamp names
WORD = re.compile(r"\w+")
LINK_TARGET = re.compile(r"\]\([^)]*\)|https?://\S+|\{[a-z]+\}`[^`]*`")
TYPO_SIMILARITY = 0.75  # a replaced word at least this close to the old one is a typo fix
MAX_CHANGED_WORDS = 3


@lru_cache(maxsize=64)
def committed_versions(rel: str, root: Path) -> tuple[str, ...]:
    """The texts of ``root/rel`` in its git history, newest first (none outside a git work tree)."""
    try:
        log = subprocess.run(["git", "-C", str(root), "log", f"-n{HISTORY_DEPTH}", "--format=%H", "--", rel],
                             capture_output=True, text=True, check=True).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        return ()
    texts = []
    for commit in log:
        shown = subprocess.run(["git", "-C", str(root), "show", f"{commit}:{rel}"], capture_output=True, text=True)
        if shown.returncode == 0:
            texts.append(shown.stdout)
    return tuple(texts)


def _rel(path: Path, root: Path) -> str:
    return Path(path).resolve().relative_to(Path(root).resolve()).as_posix()


def older_cell(en_path: Path, cell_id: str, stamp: str, root: Path = ROOT, field: str = "source") -> str | None:
    """The English text of cell ``cell_id`` whose hash is ``stamp`` (its source, or with field
    'alt' or 'caption' that figure text), from git, or None."""
    for text in committed_versions(_rel(en_path, root), Path(root).resolve()):
        try:
            cells = json.loads(text)["cells"]
        except (ValueError, KeyError):
            continue
        for c in cells:
            if c.get("id") != cell_id:
                continue
            src = "".join(c["source"]) if isinstance(c.get("source"), list) else c.get("source", "")
            if field != "source":
                src = figure_text(c, field) or ""
            if text_hash(src) == stamp:
                return src
    return None


def older_page(en_path: Path, stamp: str, root: Path = ROOT) -> str | None:
    return next((t for t in committed_versions(_rel(en_path, root), Path(root).resolve()) if text_hash(t) == stamp), None)


def older_entry(kind: str, stamp: str, root: Path = ROOT) -> str | None:
    """The English text (an error's summary, a term, a term's definition) of a data file whose hash
    is ``stamp``."""
    for text in committed_versions(f"book/{data_file(kind)}", Path(root).resolve()):
        try:
            data = YAML(typ="safe", pure=True).load(text)
        except Exception:  # an old version that does not parse (a duplicate key) is skipped
            continue
        for entry in data.get("errors" if kind == "errors" else "terms", []):
            english = entry_english(kind, entry)
            if text_hash(english) == stamp:
                return english
    return None


def _words(text: str) -> list[str]:
    return WORD.findall(LINK_TARGET.sub("", text).lower())


def meaning_kept(old: str, new: str) -> bool:
    """True when ``new`` differs from ``old`` by at most a few words, each replaced by a close
    spelling (a typo fixed), or only by markup and link targets."""
    a, b = _words(old), _words(new)
    changed = 0
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if op == "equal":
            continue
        if op != "replace" or i2 - i1 != j2 - j1:
            return False
        for x, y in zip(a[i1:i2], b[j1:j2]):
            if difflib.SequenceMatcher(a=x, b=y).ratio() < TYPO_SIMILARITY:
                return False
        changed += i2 - i1
    return changed <= MAX_CHANGED_WORDS


def word_diff(old: str, new: str, context: int = 4, limit: int = 400) -> str:
    """The changed words of ``new`` against ``old``: [-removed-]{+added+}, with a few words around."""
    a, b = old.split(), new.split()
    parts = []
    ops = difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes()
    for k, (op, i1, i2, j1, j2) in enumerate(ops):
        if op == "equal":
            words = a[i1:i2]
            if len(words) > 2 * context:
                head = words[:context] if k > 0 else []
                tail = words[-context:] if k < len(ops) - 1 else []
                words = head + ["…"] + tail
            parts.append(" ".join(words))
            continue
        if i2 > i1:
            parts.append("[-" + " ".join(a[i1:i2]) + "-]")
        if j2 > j1:
            parts.append("{+" + " ".join(b[j1:j2]) + "+}")
    text = " ".join(p for p in parts if p)
    return text if len(text) <= limit else text[:limit] + " …"


def describe(old: str | None, new: str) -> str:
    """The words that changed, or the current English when the older text is not in git."""
    if old is None:
        return f"English is now: {new[:80]!r} (the English it translated is not in git history)"
    return f"English changed: {word_diff(old, new)}"


RESTAMP = "python -m utils.book.editions restamp"


def restamp_hint(name: str, cell: str | None, old: str | None, new: str) -> str:
    """The command that marks a translation current, with --cell where restamp would refuse without it."""
    named = old is None or not meaning_kept(old, new)
    return f"{RESTAMP} {name}" + (f" --cell {shlex.quote(cell)}" if named and cell is not None else "")


def entry_stamp_problems(kind: str, where: str, entry: dict, edition: str, root: Path = ROOT) -> list[str]:
    """An errors.yml or glossary.yml entry's stamp for ``edition`` against its English text."""
    english = entry_english(kind, entry)
    stamp = (stamp_holder(kind, entry).get("translated_from") or {}).get(edition)
    if stamp == text_hash(english):
        return []
    what = "definition" if kind == "definitions" else "form"
    if stamp is None:
        return [f"{where}: no translated_from stamp for {edition}; once its {edition} {what} is written, "
                f"run: {RESTAMP} {data_file(kind)} --edition {edition} --cell {shlex.quote(entry_key(kind, entry))}"]
    old = older_entry(kind, stamp, root)
    hint = restamp_hint(data_file(kind), entry_key(kind, entry), old, english)
    what = "English definition" if kind == "definitions" else "English"
    return [f"{where}: its {what} changed since the {edition} translation ({describe(old, english)}); "
            f"update the translation, or if the meaning is unchanged run: {hint}"]
