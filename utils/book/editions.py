"""Keep the three editions in step.

    python -m utils.book.editions sync                 # copy code and outputs from English
    python -m utils.book.editions check                # everything the tests check, as a report
    python -m utils.book.editions export zh-hant graph_basics > todo.md
    python -m utils.book.editions apply zh-hant graph_basics todo.md
    python -m utils.book.editions restamp zh-hant graph_basics [--cell ID]
    python -m utils.book.editions restamp zh-hans errors.yml  # or glossary.yml

English (book/en) is the source. A translated notebook has the same cells in
the same order, with the same ids: its code cells are copies of the English
ones (source, outputs, metadata), written by ``sync`` and never by hand; its
markdown cells are translations, each recording in its metadata the hash of
the English text it translates (``translation.source``). When the English text
changes, that hash no longer matches and ``check`` names the file and cell.
Translated Markdown pages (.md) record the hash of their English page in a
first-line comment ``<!-- translation-source: HASH -->``; each entry of
book/errors.yml and book/glossary.yml records, per edition, the hash of the
English text its translation follows (``translated_from: {EDITION: HASH}``).
One stamp, the same hash of the English text, in every place.

After an English edit that does not change the meaning (a typo, a link),
``restamp`` marks the translations current; after one that does, translate.
"""
from __future__ import annotations

import argparse
import copy
import hashlib
import re
import sys
from functools import lru_cache
from pathlib import Path

import nbformat
import yaml

from utils.book import config, notebooks

ROOT = Path(__file__).resolve().parents[2]
SOURCE = config.SOURCE
MD_STAMP = re.compile(r"^<!-- translation-source: ([0-9a-f]+) -->\n")
CELL_MARK = re.compile(r"^<!-- (cell|alt): (\S+) -->$", re.M)
# A code cell of a translation is English's, except these, which are translated with the prose:
# the figure's alt text and caption (in metadata.mystnb) and the stamp (metadata.translation).
TRANSLATED_FIGURE_FIELDS = (("image", "alt"), ("figure", "caption"))
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def translations(root: Path = ROOT) -> list[str]:
    return config.translations(root)


def toc_docnames(root: Path = ROOT) -> list[str]:
    toc = yaml.safe_load((root / "_toc.yml").read_text(encoding="utf-8"))
    names = [toc["root"]]

    def walk(entries):
        for entry in entries or []:
            if "file" in entry:
                names.append(entry["file"])
            walk(entry.get("sections"))

    walk(toc.get("chapters"))
    for part in toc.get("parts", []):
        walk(part.get("chapters"))
    return names


def edition_pages(edition: str, root: Path = ROOT) -> dict[str, Path]:
    folder = root / "book" / edition
    pages = {}
    for p in sorted(folder.rglob("*")):
        if p.suffix in {".ipynb", ".md"} and not any(part.startswith(("_", ".")) for part in p.relative_to(folder).parts):
            pages[p.relative_to(folder).with_suffix("").as_posix()] = p
    return pages


# ---------------------------------------------------------------- sync

def synced(en_nb, old_tr_nb):
    """The translated notebook for ``en_nb``: English code, translated prose where there is one."""
    old_cells = {c.get("id"): c for c in (old_tr_nb.cells if old_tr_nb is not None else [])}
    new = copy.deepcopy(en_nb)
    for i, cell in enumerate(new.cells):
        old = old_cells.get(cell.get("id"))
        if cell.cell_type == "markdown":
            if old is not None and old.cell_type == "markdown":
                new.cells[i] = copy.deepcopy(old)
            else:
                cell.metadata["translation"] = {"source": None}
        elif old is not None and old.cell_type == "code":
            if "translation" in old.metadata:
                cell.metadata["translation"] = copy.deepcopy(old.metadata["translation"])
            for group, field in TRANSLATED_FIGURE_FIELDS:
                value = old.metadata.get("mystnb", {}).get(group, {}).get(field)
                if value is not None and field in cell.metadata.get("mystnb", {}).get(group, {}):
                    cell.metadata["mystnb"][group][field] = value
    return new


def sync_notebook(name: str, edition: str, root: Path = ROOT) -> Path:
    en_path = root / "book" / SOURCE / f"{name}.ipynb"
    tr_path = root / "book" / edition / f"{name}.ipynb"
    en_nb = notebooks.read_notebook(en_path)
    old = notebooks.read_notebook(tr_path) if tr_path.exists() else None
    notebooks.write_notebook(synced(en_nb, old), tr_path)
    return tr_path


def ensure_setup_cells(root: Path = ROOT) -> None:
    """Write the Colab setup cell (derived from _config.yml) into every English chapter."""
    for path in notebooks.english_notebooks(root):
        nb = notebooks.read_notebook(path)
        code = [c for c in nb.cells if c.cell_type == "code"]
        want = notebooks.new_setup_cell(root)
        if code and notebooks.SETUP_TAG in notebooks.tags(code[0]):
            if code[0].source == want.source:
                continue
            code[0].source = want.source
        else:
            nb.cells.insert(1 if nb.cells and nb.cells[0].cell_type == "markdown" else 0, want)
        notebooks.write_notebook(nb, path)


def sync_all(root: Path = ROOT, names: list[str] | None = None) -> None:
    """Sync the translations of the English chapters ``names`` (default: all)."""
    ensure_setup_cells(root)
    for path in notebooks.english_notebooks(root):
        if names is not None and path.stem not in names:
            continue
        for edition in translations(root):
            sync_notebook(path.stem, edition, root)


# ---------------------------------------------------------------- checks

def _comparable(cell) -> dict:
    """A code cell without what a translation translates (its stamp, the figure's alt and caption)."""
    c = copy.deepcopy(dict(cell))
    meta = copy.deepcopy(dict(c.get("metadata", {})))
    meta.pop("translation", None)
    for group, field in TRANSLATED_FIGURE_FIELDS:
        meta.get("mystnb", {}).get(group, {}).pop(field, None)
    c["metadata"] = meta
    return c


def notebook_step_problems(en_path: Path, tr_path: Path, root: Path = ROOT) -> list[str]:
    """How a translated notebook is out of step with its English source."""
    rel = tr_path.relative_to(root)
    edition = tr_path.relative_to(root / "book").parts[0]
    en_nb, tr_nb = notebooks.read_notebook(en_path), notebooks.read_notebook(tr_path)
    problems = []
    en_ids = [(c.cell_type, c.get("id")) for c in en_nb.cells]
    tr_ids = [(c.cell_type, c.get("id")) for c in tr_nb.cells]
    if en_ids != tr_ids:
        problems.append(f"{rel}: its cells are not those of {en_path.relative_to(root)} in the same order "
                        f"(English {len(en_ids)} cells, this {len(tr_ids)}); run 'python -m utils.book.editions sync'")
        return problems
    for i, (en, tr) in enumerate(zip(en_nb.cells, tr_nb.cells)):
        where = f"{rel}: cell {i} (id {en.get('id')})"
        if en.cell_type == "code":
            alt = _alt(en)
            if alt and tr.metadata.get("translation", {}).get("alt_source") != text_hash(alt):
                problems.append(f"{where}: the figure's alt text is not a translation of the current English alt text")
            if en.source != tr.source:
                problems.append(f"{where}: code differs from English; code is edited in book/en only")
            elif _comparable(en) != _comparable(tr):
                problems.append(f"{where}: outputs or metadata differ from English; outputs come from "
                                "'python -m utils.book.notebooks execute' on book/en, then sync")
            continue
        stamp = tr.metadata.get("translation", {}).get("source")
        if stamp is None:
            problems.append(f"{where}: not translated yet")
        elif stamp != text_hash(en.source):
            problems.append(f"{where}: translates an older English text; English is now: "
                            f"{en.source[:80]!r}")
        elif _has_prose(en.source) and not script_letters(edition, root).search(tr.source):
            problems.append(f"{where}: has no text in the script of {edition}; is it a copy of another edition?")
        elif emphasis_shape(tr.source) != emphasis_shape(en.source):
            problems.append(f"{where}: its bold and italics do not render as in English "
                            f"({''.join(emphasis_shape(tr.source)) or 'none'} vs {''.join(emphasis_shape(en.source)) or 'none'}); "
                            "next to full-width punctuation write *中文*（English）, and **標籤**：text")
    return problems


def md_step_problems(en_path: Path, tr_path: Path, root: Path = ROOT) -> list[str]:
    rel = tr_path.relative_to(root)
    m = MD_STAMP.match(tr_path.read_text(encoding="utf-8"))
    want = text_hash(en_path.read_text(encoding="utf-8"))
    if not m:
        return [f"{rel}: line 1 must be '<!-- translation-source: {want} -->' (the English page it translates)"]
    if m.group(1) != want:
        return [f"{rel}: translates an older {en_path.relative_to(root)}; update it, then set its stamp to {want}"]
    edition = tr_path.relative_to(root / "book").parts[0]
    if not script_letters(edition, root).search(_strip_code(tr_path.read_text(encoding="utf-8"))):
        return [f"{rel}: has no text in the script of {edition}; is it a copy of another edition?"]
    return []


def structure_problems(root: Path = ROOT) -> list[str]:
    """Every page in _toc.yml exists in every edition, and every edition's page is in _toc.yml."""
    problems = []
    toc = toc_docnames(root)
    en_pages = edition_pages(SOURCE, root)
    for edition in config.editions(root):
        pages = edition_pages(edition, root)
        for name in toc:
            if name not in pages:
                problems.append(f"book/{edition}: page {name!r} is in _toc.yml but missing from this edition")
            elif name in en_pages and pages[name].suffix != en_pages[name].suffix:
                problems.append(f"{pages[name].relative_to(root)}: English has {en_pages[name].name}; "
                                "a translation is the same kind of file as its source")
        for name, path in pages.items():
            if name not in toc:
                problems.append(f"{path.relative_to(root)}: not listed in _toc.yml")
    return problems


def step_problems(root: Path = ROOT) -> list[str]:
    problems = []
    en_pages = edition_pages(SOURCE, root)
    for edition in translations(root):
        tr_pages = edition_pages(edition, root)
        for name, en_path in en_pages.items():
            tr_path = tr_pages.get(name)
            if tr_path is None or tr_path.suffix != en_path.suffix:
                continue  # reported by structure_problems (tested: a .md in place of a notebook)
            if en_path.suffix == ".ipynb":
                problems += notebook_step_problems(en_path, tr_path, root)
            else:
                problems += md_step_problems(en_path, tr_path, root)
    return problems


# ---------------------------------------------------------------- scripts and terms

INLINE_CODE = re.compile(r"```.*?```|`[^`\n]*`|\$\$.*?\$\$|\$[^$\n]*\$", re.S)
URL = re.compile(r"\]\([^)]*\)|https?://\S+|<!--.*?-->", re.S)


# MyST directive markup (a fence line with its name and label, an option line) is not prose.
DIRECTIVE_MARKUP = re.compile(r"^\s*(?:[:`]{3,}\{[^}]*\}.*|[:`]{3,}\s*|:[\w-]+:.*)$", re.M)


@lru_cache(maxsize=1)
def _markdown():
    from markdown_it import MarkdownIt
    from mdit_py_plugins.colon_fence import colon_fence_plugin
    from mdit_py_plugins.dollarmath import dollarmath_plugin

    return MarkdownIt("commonmark").use(dollarmath_plugin).use(colon_fence_plugin).enable("table")


def emphasis_shape(text: str) -> list[str]:
    """The order in which bold and italics open and close when MyST's parser renders ``text``
    ('<' '>' for italics, '[' ']' for bold). CommonMark does not close a '*' between a
    full-width bracket and a CJK character, so a translation can silently pair the wrong
    asterisks (a whole paragraph in italics) or show them raw; its shape then differs from
    the English one."""
    marks = {"em_open": "<", "em_close": ">", "strong_open": "[", "strong_close": "]"}
    shape = []

    def walk(tokens):
        for tok in tokens:
            if tok.type in marks:
                shape.append(marks[tok.type])
            elif tok.type == "text" and "*" in tok.content:
                shape.append("*")
            if tok.children:
                walk(tok.children)

    walk(_markdown().parse(text))
    return shape


def _strip_code(text: str) -> str:
    return URL.sub("", INLINE_CODE.sub("", DIRECTIVE_MARKUP.sub("", text)))


def _has_prose(text: str) -> bool:
    return len(LATIN_WORD.findall(_strip_code(text))) >= 3


def prose_of(path: Path) -> list[tuple[str, str]]:
    """(where, text) of the prose of a page: its markdown cells, or the page itself."""
    if path.suffix == ".ipynb":
        nb = notebooks.read_notebook(path)
        out = [(f"cell {i} (id {c.get('id')})", _strip_code(c.source)) for i, c in enumerate(nb.cells)
               if c.cell_type == "markdown"]
        for i, c in enumerate(nb.cells):
            alt = c.metadata.get("mystnb", {}).get("image", {}).get("alt")
            if alt:
                out.append((f"cell {i} (id {c.get('id')}) figure alt text", alt))
        return out
    return [("text", _strip_code(path.read_text(encoding="utf-8")))]


@lru_cache(maxsize=None)
def _converter(config: str):
    import opencc

    return opencc.OpenCC(config)


def script_letters(edition: str, root: Path = ROOT) -> re.Pattern:
    """What the prose of ``edition`` must contain (its `script.letters` in _config.yml)."""
    script = config.editions(root)[edition].get("script") or {}
    return re.compile(script.get("letters", r"[A-Za-z]"))


def wrong_script_chars(text: str, edition: str, root: Path = ROOT) -> list[str]:
    """Characters of another script, decided by the edition's pair of OpenCC configurations.

    With ``opencc: [forward, back]`` a character belongs to the other script when
    ``forward`` changes it and ``back`` leaves it as it is. zh-Hant (Taiwan) uses
    s2tw/tw2s, so Taiwan's standard forms (峰, not OpenCC's 峯) pass; zh-Hans uses
    t2s/s2t. An edition without `opencc` has no such check.
    """
    pair = (config.editions(root)[edition].get("script") or {}).get("opencc")
    if not pair:
        return []
    forward, back = _converter(pair[0]), _converter(pair[1])
    letters = script_letters(edition, root)
    return [ch for ch in sorted(set(letters.findall(text)))
            if forward.convert(ch) != ch and back.convert(ch) == ch]


class _UniqueKeyLoader(yaml.SafeLoader):
    """YAML keeps the last of two equal keys without a word; in a data file that silently
    drops half of an entry (a second `avoid:`), so a repeated key is an error here."""

    def construct_mapping(self, node, deep=False):
        seen = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            if key in seen:
                raise yaml.constructor.ConstructorError(None, None, f"key {key!r} appears twice in one entry",
                                                        key_node.start_mark)
            seen.add(key)
        return super().construct_mapping(node, deep)


def load_data(name: str, root: Path = ROOT) -> dict:
    """book/NAME (errors.yml, glossary.yml), refusing a key that appears twice in an entry."""
    return yaml.load((root / "book" / name).read_text(encoding="utf-8"), Loader=_UniqueKeyLoader)


def load_glossary(root: Path = ROOT) -> list[dict]:
    return load_data("glossary.yml", root)["terms"]


def script_and_term_problems(root: Path = ROOT) -> list[str]:
    problems = []
    glossary = load_glossary(root)
    for edition in config.editions(root):
        avoid = avoided_terms(edition, root)
        for name, path in edition_pages(edition, root).items():
            rel = path.relative_to(root)
            for where, text in prose_of(path):
                bad = wrong_script_chars(text, edition, root)
                if bad:
                    problems.append(f"{rel}: {where}: characters of another script in the {edition} edition: "
                                    f"{''.join(bad)}")
                for word, term in avoid:
                    if word in text:
                        problems.append(f"{rel}: {where}: uses {word!r}, which the glossary's entry "
                                        f"{term!r} says to avoid in {edition}")
    for t in glossary:
        where = f"book/glossary.yml: term {t['en']!r}"
        for edition in config.translations(root):
            if not t.get(edition):
                problems.append(f"{where}: no {edition} form")
                continue
            bad = wrong_script_chars(t[edition], edition, root)
            if bad:
                problems.append(f"{where}: {edition} form uses {''.join(bad)}")
            problems += _stamp_problems(where, t, edition, t["en"])
    return problems


def _stamp_problems(where: str, entry: dict, edition: str, english: str) -> list[str]:
    """An errors.yml or glossary.yml entry's stamp for ``edition`` against its English text."""
    stamp = (entry.get("translated_from") or {}).get(edition)
    if stamp == text_hash(english):
        return []
    if stamp is None:
        return [f"{where}: no translated_from stamp for {edition}"]
    return [f"{where}: its English changed since the {edition} translation; update it, then "
            f"'python -m utils.book.editions restamp {edition} errors.yml|glossary.yml' (or set translated_from.{edition}: "
            f"{text_hash(english)})"]


def load_errors(root: Path = ROOT) -> list[dict]:
    return load_data("errors.yml", root)["errors"]


def stored_warnings(root: Path = ROOT) -> list[tuple[str, str]]:
    """(where, text) of every stdout stream stored in the English chapters: where a cell prints a
    warning it recorded (``warnings.catch_warnings(record=True)``; warnings on stderr are refused)."""
    found = []
    for path in notebooks.english_notebooks(root):
        for i, c in enumerate(notebooks.read_notebook(path).cells):
            for o in c.get("outputs", []):
                if o.get("output_type") == "stream" and o.get("name") == "stdout":
                    found.append((f"{path.relative_to(root)}: cell {i}", o["text"]))
    return found


def stored_errors(root: Path = ROOT) -> list[tuple[str, str]]:
    """(where, 'Type: message') of every error output stored in the English chapters."""
    found = []
    for path in notebooks.english_notebooks(root):
        for i, c in enumerate(notebooks.read_notebook(path).cells):
            for o in c.get("outputs", []):
                if o.get("output_type") == "error":
                    found.append((f"{path.relative_to(root)}: cell {i}", f"{o['ename']}: {o['evalue']}"))
    return found


def english_labels(root: Path = ROOT) -> set[str]:
    labels = set()
    for path in notebooks.english_notebooks(root):
        for c in notebooks.read_notebook(path).cells:
            if c.cell_type == "markdown":
                labels.update(re.findall(r"^\(([A-Za-z0-9_-]+)\)=\s*$", c.source, re.M))
    return labels


def error_index_problems(root: Path = ROOT) -> list[str]:
    """book/errors.yml: each current message is raised by a cell, each historical one is cited,
    each entry points at a real section, and its translations follow its English summary."""
    problems = []
    raised = [" ".join(text.split()) for _, text in stored_errors(root)]
    printed = [" ".join(text.split()) for _, text in stored_warnings(root)]
    labels = english_labels(root)
    ids = set()
    for e in load_errors(root):
        where = f"book/errors.yml: entry {e.get('id')!r}"
        if e.get("id") in ids:
            problems.append(f"{where}: duplicate id")
        ids.add(e.get("id"))
        message = " ".join(e["message"].split())
        kind = e.get("kind", "error")
        if kind not in ("error", "warning"):
            problems.append(f"{where}: kind {kind!r} is neither 'error' nor 'warning'")
        # an error is raised by a raises-exception cell; a warning is printed by a cell that records it
        # (or raised, by a cell that turns warnings into errors)
        hit = any(message in text for text in raised + (printed if kind == "warning" else []))
        if "historical" in e:
            h = e["historical"]
            if not h.get("until") or not h.get("source"):
                problems.append(f"{where}: a historical entry needs 'until' (a version) and 'source' (a citation)")
            if hit:
                problems.append(f"{where}: marked historical, but a cell of the book raises it on this torch")
        elif not hit and kind == "warning":
            problems.append(f"{where}: no cell of the book prints this warning (record it with "
                            "warnings.catch_warnings(record=True) and print it, or mark it historical)")
        elif not hit:
            problems.append(f"{where}: no cell of the book raises this message (raise it, or mark it historical "
                            "with the version and a source)")
        if e.get("section") not in labels:
            problems.append(f"{where}: section {e.get('section')!r} is not a label in any English chapter")
        for label in e.get("see_also", []):
            if label not in labels:
                problems.append(f"{where}: see_also {label!r} is not a label in any English chapter")
        summary = e.get("summary", {})
        for edition in config.editions(root):
            if not summary.get(edition):
                problems.append(f"{where}: no {edition} summary")
        for edition in config.translations(root):
            problems += _stamp_problems(where, e, edition, summary.get(SOURCE, ""))
            if summary.get(edition) and not script_letters(edition, root).search(summary[edition]):
                problems.append(f"{where}: the {edition} summary has no text in its script")
            bad = wrong_script_chars(summary.get(edition, ""), edition, root)
            if bad:
                problems.append(f"{where}: {edition} summary uses {''.join(bad)}")
            for word, term in avoided_terms(edition, root):
                if word in summary.get(edition, ""):
                    problems.append(f"{where}: {edition} summary uses {word!r}, which the glossary's entry "
                                    f"{term!r} says to avoid")
    return problems


def avoided_terms(edition: str, root: Path = ROOT) -> list[tuple[str, str]]:
    return [(w, t["en"]) for t in load_glossary(root) for w in t.get("avoid", {}).get(edition, [])]


def all_problems(root: Path = ROOT) -> list[str]:
    conv = [q for p in sorted((root / "book").rglob("*.ipynb")) if "_build" not in p.parts
            for q in notebooks.convention_problems(p, root)]
    return (structure_problems(root) + step_problems(root) + script_and_term_problems(root)
            + error_index_problems(root) + conv)


# ---------------------------------------------------------------- translator's round trip

def export_translation(name: str, edition: str, root: Path = ROOT, only_todo: bool = True) -> str:
    """A Markdown file of the English prose cells to translate, one block per cell id."""
    en_nb = notebooks.read_notebook(root / "book" / SOURCE / f"{name}.ipynb")
    tr_path = root / "book" / edition / f"{name}.ipynb"
    tr_nb = notebooks.read_notebook(tr_path) if tr_path.exists() else None
    tr_cells = {c.get("id"): c for c in tr_nb.cells} if tr_nb else {}
    blocks = []
    for cell in en_nb.cells:
        if cell.cell_type != "markdown":
            continue
        tr = tr_cells.get(cell.get("id"))
        current = tr is not None and tr.metadata.get("translation", {}).get("source") == text_hash(cell.source)
        if only_todo and current:
            continue
        blocks.append(f"<!-- cell: {cell.get('id')} -->\n{cell.source.strip()}\n")
    for cell in en_nb.cells:
        alt = _alt(cell)
        tr = tr_cells.get(cell.get("id"))
        if alt and not (only_todo and tr is not None
                        and tr.metadata.get("translation", {}).get("alt_source") == text_hash(alt)):
            blocks.append(f"<!-- alt: {cell.get('id')} -->\n{alt}\n")
    return "\n".join(blocks)


def _alt(cell) -> str | None:
    return cell.metadata.get("mystnb", {}).get("image", {}).get("alt") if cell.cell_type == "code" else None


def parse_blocks(text: str) -> dict[tuple[str, str], str]:
    """{(kind, cell id): text} of a translator's file; kind is 'cell' or 'alt'."""
    parts = CELL_MARK.split(text)
    return {(parts[i], parts[i + 1]): parts[i + 2].strip("\n") for i in range(1, len(parts), 3)}


def apply_translation(name: str, edition: str, text: str, root: Path = ROOT) -> list[str]:
    """Write translated blocks into the edition's notebook and stamp them with the English hash."""
    tr_path = sync_notebook(name, edition, root)
    en_nb = notebooks.read_notebook(root / "book" / SOURCE / f"{name}.ipynb")
    tr_nb = notebooks.read_notebook(tr_path)
    en_src = {c.get("id"): c.source for c in en_nb.cells if c.cell_type == "markdown"}
    en_alt = {c.get("id"): _alt(c) for c in en_nb.cells if _alt(c)}
    done = []
    for (kind, cell_id), body in parse_blocks(text).items():
        known = en_src if kind == "cell" else en_alt
        if cell_id not in known:
            raise SystemExit(f"{tr_path}: no {'markdown cell' if kind == 'cell' else 'figure'} "
                             f"with id {cell_id!r} in the English chapter")
        for cell in tr_nb.cells:
            if cell.get("id") != cell_id:
                continue
            if kind == "cell":
                cell.source = body
                cell.metadata["translation"] = {"source": text_hash(known[cell_id])}
            else:
                cell.metadata.setdefault("mystnb", {}).setdefault("image", {})["alt"] = body
                cell.metadata["translation"] = {"alt_source": text_hash(known[cell_id])}
            done.append(cell_id)
    notebooks.write_notebook(tr_nb, tr_path)
    return done


# ---------------------------------------------------------------- re-stamping

STAMP_LINE = re.compile(r"^(\s+)translated_from:.*$")


def _yaml_blocks(lines: list[str]) -> list[tuple[int, int]]:
    """(start, end) line ranges of the top-level list entries ('  - ...') of a data file."""
    starts = [i for i, line in enumerate(lines) if line.startswith("  - ")]
    return [(s, (starts[k + 1] if k + 1 < len(starts) else len(lines))) for k, s in enumerate(starts)]


def _restamp_data(kind: str, edition: str, root: Path, only: str | None) -> list[str]:
    """Re-stamp entries of book/errors.yml (kind 'errors', keyed by id) or book/glossary.yml
    ('glossary', keyed by the English term), editing the file's text so comments stay."""
    path = root / "book" / f"{'errors' if kind == 'errors' else 'glossary'}.yml"
    entries = load_errors(root) if kind == "errors" else load_glossary(root)
    lines = path.read_text(encoding="utf-8").split("\n")
    blocks = _yaml_blocks(lines)
    if len(blocks) != len(entries):
        raise SystemExit(f"{path}: expected one '  - ' line per entry ({len(entries)}), found {len(blocks)}")
    done = []
    for (start, end), entry in reversed(list(zip(blocks, entries))):
        key = entry["id"] if kind == "errors" else entry["en"]
        english = entry["summary"][SOURCE] if kind == "errors" else entry["en"]
        translated = entry["summary"].get(edition) if kind == "errors" else entry.get(edition)
        stamps = dict(entry.get("translated_from") or {})
        if (only is not None and key != only) or not translated or stamps.get(edition) == text_hash(english):
            continue
        stamps[edition] = text_hash(english)
        ordered = {e: stamps[e] for e in config.translations(root) if e in stamps}
        text = "    translated_from: {" + ", ".join(f'{e}: "{h}"' for e, h in ordered.items()) + "}"
        at = next((i for i in range(start, end) if STAMP_LINE.match(lines[i])), None)
        if at is not None:
            lines[at] = text
        else:
            last = max(i for i in range(start, end) if lines[i].strip())
            lines.insert(last + 1, text)
        done.append(key)
    if only is not None and only not in done and not any(
            (e["id"] if kind == "errors" else e["en"]) == only for e in entries):
        raise SystemExit(f"{path}: no entry {only!r}")
    path.write_text("\n".join(lines), encoding="utf-8")
    return done[::-1]


def restamp(edition: str, name: str, root: Path = ROOT, cell: str | None = None) -> list[str]:
    """Mark ``edition``'s translation of ``name`` as following the current English text.

    ``name`` is a page of the book (a chapter, or a Markdown page such as ``errors``),
    or ``errors.yml`` or ``glossary.yml`` for the data files; ``cell`` restricts it to one cell id (one error id,
    one English term). Only cells that already have a translation are re-stamped: use it
    after an English edit that does not change the meaning, never to skip translating.
    Returns what was re-stamped.
    """
    if edition not in config.translations(root):
        raise SystemExit(f"{edition!r} is not a translated edition: {config.translations(root)}")
    if name in {"errors.yml", "glossary.yml"}:
        return _restamp_data(name.removesuffix(".yml"), edition, root, cell)
    en_path = edition_pages(SOURCE, root).get(name)
    tr_path = edition_pages(edition, root).get(name)
    if en_path is None or tr_path is None:
        raise SystemExit(f"no page {name!r} in book/{SOURCE} and book/{edition}")
    if en_path.suffix == ".md":
        english = en_path.read_text(encoding="utf-8")
        text = tr_path.read_text(encoding="utf-8")
        m = MD_STAMP.match(text)
        if m is None:
            raise SystemExit(f"{tr_path.relative_to(root)}: no stamp line; translate it first")
        if m.group(1) == text_hash(english):
            return []
        tr_path.write_text(f"<!-- translation-source: {text_hash(english)} -->\n" + text[m.end():], encoding="utf-8")
        return [name]
    en_cells = {c.get("id"): c for c in notebooks.read_notebook(en_path).cells}
    tr_nb = notebooks.read_notebook(tr_path)
    if cell is not None and cell not in en_cells:
        raise SystemExit(f"{en_path.relative_to(root)}: no cell with id {cell!r}")
    done = []
    for c in tr_nb.cells:
        en = en_cells.get(c.get("id"))
        if en is None or (cell is not None and c.get("id") != cell):
            continue
        stamp = c.metadata.get("translation", {})
        if en.cell_type == "markdown" and c.cell_type == "markdown":
            if stamp.get("source") not in (None, text_hash(en.source)):
                stamp["source"] = text_hash(en.source)
                done.append(c.get("id"))
        elif en.cell_type == "code" and _alt(en) and stamp.get("alt_source") not in (None, text_hash(_alt(en))):
            stamp["alt_source"] = text_hash(_alt(en))
            done.append(c.get("id"))
    if done:
        notebooks.write_notebook(tr_nb, tr_path)
    return done


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("sync")
    sub.add_parser("check")
    ex = sub.add_parser("export")
    ex.add_argument("edition")
    ex.add_argument("name")
    ex.add_argument("--all", action="store_true", help="every prose cell, not only those to (re)translate")
    ap = sub.add_parser("apply")
    ap.add_argument("edition")
    ap.add_argument("name")
    ap.add_argument("file", type=Path)
    rs = sub.add_parser("restamp", help="mark a translation current after an English edit that keeps the meaning")
    rs.add_argument("edition")
    rs.add_argument("name", help="a page (graph_basics, errors, glossary), or errors.yml / glossary.yml for the data files")
    rs.add_argument("--cell", help="only this cell id (an error id, an English glossary term)")
    args = parser.parse_args(argv)
    if args.command == "sync":
        sync_all()
    elif args.command == "check":
        problems = all_problems()
        print("\n".join(problems) or "editions: in step")
        sys.exit(1 if problems else 0)
    elif args.command == "export":
        sys.stdout.write(export_translation(args.name, args.edition, only_todo=not args.all))
    elif args.command == "apply":
        done = apply_translation(args.name, args.edition, args.file.read_text(encoding="utf-8"))
        print(f"{len(done)} cells translated and stamped")
    elif args.command == "restamp":
        done = restamp(args.edition, args.name, cell=args.cell)
        print(f"re-stamped {len(done)}: {', '.join(done)}" if done else "nothing to re-stamp")


if __name__ == "__main__":
    main()
