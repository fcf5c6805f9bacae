"""What changed in English since a translation was made: the older English text (found in git by
the hash its translation records), a word diff of it against the current text, and whether the
edit is one that cannot change the meaning (a typo fixed within a word, a link target, markup) or
a change of wording (anything else: a translator, or a maintainer naming the cell, decides)."""
from __future__ import annotations

import difflib
import json
import re
import shlex
import subprocess
from functools import lru_cache
from pathlib import Path


from utils.book import config
from utils.book.editions.data import DataFile, _spec, parsed_version, text_hash
from utils.book.editions.prose import figure_text

ROOT = config.ROOT
HISTORY_DEPTH = 200  # commits searched for the English text a stamp names
# What an edit that cannot change the meaning may touch. The text is read as tokens: words (\w+)
# and every other visible character (punctuation, operators, quotes), so `x > 0` -> `x < 0` is a
# change; Markdown markup (emphasis, code ticks, headings, brackets) and whitespace are dropped, and
# so is the target of a link or of a role that has its own text ([text](target), {ref}`text <target>`),
# while a role without its own text ({ref}`label`, {glue:text}`name`) keeps its target: it is what
# the page shows.
TOKEN = re.compile(r"\w+|[^\w\s]")
MARKUP = set("*`#[]_~")
LINK_TARGET = re.compile(r"\]\([^)]*\)|(?<![\w(])https?://\S+|<[^<>`\s]+>(?=`)")
ROLE_NAME = re.compile(r"\{[\w:-]+\}(?=`)")
# A typo fix replaces a word by one at most TYPO_EDITS edits away (an insertion, a deletion, a
# substitution or two neighbours swapped), one edit for a word shorter than LONG_WORD, keeps its
# first letter (increases/decreases, include/exclude, visible/invisible all differ there), changes
# no digit, does not add or remove a negating prefix (un-usable, in-correct, non-, dis-...), and
# neither word is a negation; a word of one or two letters is never a typo (of/or, in/on); and at
# most MAX_CHANGED_WORDS words change in one text.
TYPO_EDITS = 2
LONG_WORD = 6
MAX_CHANGED_WORDS = 2
NEGATING_PREFIXES = ("a", "an", "anti", "de", "dis", "il", "im", "in", "ir", "mis", "non", "un")
NEGATIONS = {"no", "not", "nor", "never", "none", "nothing", "neither", "nobody", "nowhere", "cannot",
             "without", "unless", "cant", "dont", "doesnt", "isnt", "arent", "wasnt", "wont", "shouldnt",
             "mustnt", "didnt", "hasnt", "havent", "couldnt", "wouldnt", "aint"}

@lru_cache(maxsize=64)
def committed_versions(rel: str, root: Path) -> tuple[str, ...]:
    """The texts of ``root/rel`` in its git history, newest first (none outside a git work tree),
    read by one ``git cat-file --batch`` rather than a ``git show`` per commit."""
    try:
        log = subprocess.run(["git", "-C", str(root), "log", f"-n{HISTORY_DEPTH}", "--format=%H", "--", rel],
                             capture_output=True, text=True, check=True).stdout.split()
        if not log:
            return ()
        batch = subprocess.run(["git", "-C", str(root), "cat-file", "--batch"], capture_output=True, check=True,
                               input="".join(f"{commit}:{rel}\n" for commit in log).encode()).stdout
    except (OSError, subprocess.CalledProcessError):
        return ()
    texts, at = [], 0
    for _ in log:  # per object: "<sha> <type> <size>\n<bytes>\n", or "<name> missing\n"
        header, at = batch[at:batch.index(b"\n", at)].split(), batch.index(b"\n", at) + 1
        if len(header) == 3 and header[1] == b"blob":
            texts.append(batch[at:at + int(header[2])].decode("utf-8", errors="replace"))
            at += int(header[2]) + 1
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


def older_entry(kind: str | DataFile, stamp: str, root: Path = ROOT) -> str | None:
    """The English text (an error's summary, a term, a term's definition, a message...) of a data
    file whose hash is ``stamp``."""
    spec = _spec(kind)
    for text in committed_versions(spec.path, Path(root).resolve()):
        try:
            entries = spec.entries(parsed_version(text))
        except Exception:  # an old version that does not parse (a duplicate key) is skipped
            continue
        for _, entry in entries:
            english = spec.english(entry)
            if text_hash(english) == stamp:
                return english
    return None


def tokens(text: str) -> list[str]:
    """The tokens of ``text`` an edit that keeps the meaning must leave alone (see TOKEN)."""
    text = ROLE_NAME.sub("", LINK_TARGET.sub("", text))
    return [t for t in TOKEN.findall(text.lower()) if t not in MARKUP]


def edits(a: str, b: str) -> int:
    """The number of single-character insertions, deletions, substitutions and swaps of two
    neighbours that turn ``a`` into ``b`` (optimal string alignment distance)."""
    d = [[i + j if i * j == 0 else 0 for j in range(len(b) + 1)] for i in range(len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[len(a)][len(b)]


def why_not_typo(old: str, new: str) -> str | None:
    """None when ``new`` can replace the word ``old`` as a typo fix; else the reason it cannot."""
    if any(c.isdigit() for c in old + new):
        return "a number changed"
    if not (old.isalpha() and new.isalpha()):
        return "a sign or code name changed"
    if old in NEGATIONS or new in NEGATIONS:
        return "a negation changed"
    if min(len(old), len(new)) <= 2:
        return "a short word changed"
    short, long_ = sorted((old, new), key=len)
    if any(long_ == p + short for p in NEGATING_PREFIXES):
        return "a negating prefix changed"
    if old[0] != new[0]:
        return "its first letter changed"
    if edits(old, new) > (TYPO_EDITS if min(len(old), len(new)) >= LONG_WORD else 1):
        return "more than a typo changed"
    return None


def why_meaning_may_change(old: str, new: str) -> str | None:
    """None when ``new`` differs from ``old`` only as an edit that cannot change the meaning
    (whitespace, markup, link targets, at most MAX_CHANGED_WORDS typos fixed within a word); else
    what makes it a change of wording."""
    a, b = tokens(old), tokens(new)
    changed = 0
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if op == "equal":
            continue
        if op != "replace" or i2 - i1 != j2 - j1:
            return "words were added or removed"
        for x, y in zip(a[i1:i2], b[j1:j2]):
            why = why_not_typo(x, y)
            if why:
                return f"{x!r} -> {y!r}: {why}"
        changed += i2 - i1
    return f"{changed} words changed" if changed > MAX_CHANGED_WORDS else None


def meaning_kept(old: str, new: str) -> bool:
    """True when ``new`` differs from ``old`` only by an edit that cannot change the meaning."""
    return why_meaning_may_change(old, new) is None


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


def entry_stamp_problems(kind: str | DataFile, where: str, entry: dict, edition: str, root: Path = ROOT,
                         key: str | None = None) -> list[str]:
    """A data file entry's stamp for ``edition`` against its English text (``key``: its name in a
    file whose entries are a mapping)."""
    spec = _spec(kind)
    key = key if key is not None else entry[spec.key]
    english = spec.english(entry)
    stamp = (spec.stamp_holder(entry).get("translated_from") or {}).get(edition)
    if stamp == text_hash(english):
        return []
    what = spec.within if spec.optional else "definition" if spec.stamps_within else "form"
    if stamp is None:
        return [f"{where}: no translated_from stamp for {edition}; once its {edition} {what} is written, "
                f"run: {RESTAMP} {spec.name} --edition {edition} --cell {shlex.quote(key)}"]
    old = older_entry(spec, stamp, root)
    hint = restamp_hint(spec.name, key, old, english)
    what = (f"English {spec.within}" if spec.optional else "English definition" if spec.stamps_within
            else "English")
    return [f"{where}: its {what} changed since the {edition} translation ({describe(old, english)}); "
            f"update the translation, or if the meaning is unchanged run: {hint}"]


def data_stamp_problems(spec: DataFile, root: Path = ROOT) -> list[str]:
    """Every entry of a data file against its English, in every translated edition: a missing
    translation, a missing or a stale stamp."""
    problems = []
    for key, entry in spec.load(root):
        if not spec.applies(entry):
            continue
        where = f"{spec.path}: {key}" + (f" ({spec.within})" if spec.optional else "")
        for edition in config.translations(root):
            if not spec.translation(entry, edition):
                problems.append(f"{where}: no {edition} text")
            elif spec.english(entry):
                problems += entry_stamp_problems(spec, where, entry, edition, root, key=key)
        for edition in config.drafts(root):  # a draft: a missing text is progress, a stale one a failure
            stamp = (spec.stamp_holder(entry).get("translated_from") or {}).get(edition)
            if spec.translation(entry, edition) and spec.english(entry) and stamp is not None:
                problems += entry_stamp_problems(spec, where, entry, edition, root, key=key)
    return problems
