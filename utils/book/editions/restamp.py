"""Mark translations current after an English edit that keeps the meaning (``editions restamp``).

Every translated edition at once (or one, with ``edition``). A stale translation is re-stamped
when git still holds the English it translated and the edit cannot have changed the meaning: a
typo fixed within a word, a link target, markup (utils/book/editions/changes.py,
why_meaning_may_change: no digit, sign, negation or negating prefix changes, no word is added or
removed); any other stale cell is refused, with its word diff and the reason, unless it is named
in ``cells`` (a cell id, an error id, an English term, a keywords label, a message key, or the
page's name for a Markdown page). A cell never translated is never stamped.
"""
from __future__ import annotations

import shlex
from dataclasses import dataclass, field
from pathlib import Path

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap
from ruamel.yaml.scalarstring import DoubleQuotedScalarString

from utils.book import config, notebooks
from utils.book.editions import changes, labels
from utils.book.editions.data import DATA_FILES, MD_STAMP, DataFile, data_file, data_files, edition_pages, text_hash
from utils.book.editions.prose import FIGURE_TEXT, figure_text

ROOT = config.ROOT
SOURCE = config.SOURCE


@dataclass
class Restamped:
    done: list[str] = field(default_factory=list)     # 'EDITION: KEY' of each stamp written
    refused: list[str] = field(default_factory=list)  # why each stale one was left, and what to run


def _round_trip() -> YAML:
    """ruamel.yaml as book/*.yml are written: loading and dumping an unchanged file gives the same
    bytes (tested), so comments, quotes and flow-style stamps survive an edit."""
    yaml = YAML()
    yaml.preserve_quotes = True
    yaml.width = 100_000
    yaml.indent(mapping=2, sequence=4, offset=2)
    return yaml


class _Decide:
    def __init__(self, name: str, cells: set[str] | None, result: Restamped):
        self.name, self.cells, self.result = name, cells, result

    def __call__(self, where: str, key: str, old: str | None, new: str) -> bool:
        """Whether to re-stamp ``key``; a refusal is recorded with the diff and the command."""
        if self.cells is not None:  # a case line (ID/SECTION) goes with its entry's ID
            return key in self.cells or key.split("/")[0] in self.cells
        why = "the English it translated is not in git" if old is None else changes.why_meaning_may_change(old, new)
        if why is None:
            return True
        self.result.refused.append(
            f"{where}: {changes.describe(old, new)} ({why}); translate it, or if the meaning is unchanged "
            f"name it: {changes.RESTAMP} {self.name} --cell {shlex.quote(key)}")
        return False


def _restamp_notebook(en_path: Path, tr_path: Path, edition: str, decide: _Decide, root: Path) -> list[str]:
    en_cells = {c.get("id"): c for c in notebooks.read_notebook(en_path).cells}
    tr_nb = notebooks.read_notebook(tr_path)
    done = []
    for i, c in enumerate(tr_nb.cells):
        en = en_cells.get(c.get("id"))
        if en is None:
            continue
        stamp = c.metadata.get("translation", {})
        where = f"{tr_path.relative_to(root)}: cell {i} (id {c.get('id')})"
        if en.cell_type == "markdown" and c.cell_type == "markdown":
            fields = [("source", en.source)]
        elif en.cell_type == "code":
            fields = [(kind, figure_text(en, kind)) for kind in FIGURE_TEXT if figure_text(en, kind)]
        else:
            continue
        for kind, text in fields:
            field_name = "source" if kind == "source" else f"{kind}_source"
            if stamp.get(field_name) in (None, text_hash(text)):
                continue
            old = changes.older_cell(en_path, c.get("id"), stamp[field_name], root, field=kind)
            if decide(where, c.get("id"), old, text):
                stamp[field_name] = text_hash(text)
                done.append(c.get("id"))
    if done:
        notebooks.write_notebook(tr_nb, tr_path)
    return done


def _restamp_page(en_path: Path, tr_path: Path, decide: _Decide, root: Path) -> list[str]:
    english, text = en_path.read_text(encoding="utf-8"), tr_path.read_text(encoding="utf-8")
    m = MD_STAMP.match(text)
    if m is None:
        raise SystemExit(f"{tr_path.relative_to(root)}: no stamp line; translate it first")
    if m.group(1) == text_hash(english):
        return []
    if not decide(str(tr_path.relative_to(root)), en_path.stem, changes.older_page(en_path, m.group(1), root), english):
        return []
    tr_path.write_text(f"<!-- translation-source: {text_hash(english)} -->\n" + text[m.end():], encoding="utf-8")
    return [en_path.stem]


def _restamp_data(spec: DataFile, editions: list[str], decide: _Decide, root: Path, result: Restamped) -> None:
    path = root / spec.path
    yaml = _round_trip()
    data = yaml.load(path.read_text(encoding="utf-8"))
    written = False
    for key, entry in spec.entries(data):
        english = spec.english(entry)
        for edition in editions:
            stamps = spec.stamp_holder(entry).get("translated_from")
            stamp = (stamps or {}).get(edition)
            if not spec.translation(entry, edition) or stamp == text_hash(english):
                continue
            old = changes.older_entry(spec, stamp, root) if stamp else None
            what = f"definition of {key!r}" if spec.stamps_within else f"entry {key!r}"
            if not decide(f"{spec.path}: {edition}: {what}", key, old, english):
                continue
            if stamps is None:
                stamps = CommentedMap()
                stamps.fa.set_flow_style()
                spec.stamp_holder(entry)["translated_from"] = stamps
            stamps[edition] = DoubleQuotedScalarString(text_hash(english))
            for e in [e for e in config.editions(root) if e in stamps]:  # editions in _config.yml's order
                stamps.move_to_end(e)
            result.done.append(f"{edition}: {key}")
            written = True
    if written:
        with path.open("w", encoding="utf-8") as f:
            yaml.dump(data, f)


def _known_keys(name: str, root: Path) -> set[str]:
    if data_file(name, root) is not None:
        return {key for spec in data_files(name, root) for key, _ in spec.load(root)}
    en_path = edition_pages(SOURCE, root)[name]
    if en_path.suffix == ".md":
        return {name}
    return {c.get("id") for c in notebooks.read_notebook(en_path).cells}


def restamp(name: str, root: Path = ROOT, edition: str | None = None, cells: list[str] | None = None) -> Restamped:
    """Re-stamp the translations of ``name`` (a page of the book, a data file: errors.yml,
    glossary.yml, search_keywords.yml, messages/MODULE.yml; or ``labels``, the UI words)
    in every translated edition (or ``edition``); see the module's docstring."""
    translations = config.translations(root) + config.drafts(root)
    if edition is not None and edition not in translations:
        raise SystemExit(f"{edition!r} is not a translated edition: {translations}")
    editions = [edition] if edition else config.translations(root)  # a draft's stamps: with --edition
    if name == labels.KEY:  # the UI words of _config.yml
        if set(cells or ()) - {labels.KEY}:
            raise SystemExit(f"labels: name them as a whole: --cell {labels.KEY}")
        done, refused = labels.restamp_labels(editions, bool(cells), root)
        return Restamped(done, refused)
    spec = data_file(name, root)
    if spec is None and name not in edition_pages(SOURCE, root):
        raise SystemExit(f"no page {name!r} in book/{SOURCE}, and not one of {', '.join(DATA_FILES)} "
                         "or messages/MODULE.yml")
    unknown = sorted(set(cells or ()) - _known_keys(name, root))
    if unknown:
        raise SystemExit(f"{name}: no cell, entry or page named {', '.join(map(repr, unknown))}")
    result = Restamped()
    decide = _Decide(name, set(cells) if cells else None, result)
    if spec is not None:
        for each in data_files(name, root):  # glossary.yml: the terms' forms, then their definitions
            _restamp_data(each, editions, decide, root, result)
        return result
    en_path = edition_pages(SOURCE, root)[name]
    for ed in editions:
        tr_path = edition_pages(ed, root).get(name)
        if tr_path is None:
            raise SystemExit(f"no page {name!r} in book/{ed}")
        keys = (_restamp_page(en_path, tr_path, decide, root) if en_path.suffix == ".md"
                else _restamp_notebook(en_path, tr_path, ed, decide, root))
        result.done += [f"{ed}: {k}" for k in keys]
    return result
