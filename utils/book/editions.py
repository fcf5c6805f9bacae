"""Keep the three editions in step.

    python -m utils.book.editions sync                 # copy code and outputs from English
    python -m utils.book.editions check                # everything the tests check, as a report
    python -m utils.book.editions export zh-hant graph_basics > todo.md
    python -m utils.book.editions apply zh-hant graph_basics todo.md

English (book/en) is the source. A translated notebook has the same cells in
the same order, with the same ids: its code cells are copies of the English
ones (source, outputs, metadata), written by ``sync`` and never by hand; its
markdown cells are translations, each recording in its metadata the hash of
the English text it translates (``translation.source``). When the English text
changes, that hash no longer matches and ``check`` names the file and cell.
Translated Markdown pages (.md) record the hash of their English page in a
first-line comment ``<!-- translation-source: HASH -->``.
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
LOCALISED_CODE_METADATA = ("mystnb", "translation")  # a figure's alt text is translated with the prose
HAN = re.compile(r"[\u4e00-\u9fff]")
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
            for key in LOCALISED_CODE_METADATA:
                if key in old.metadata:
                    cell.metadata[key] = copy.deepcopy(old.metadata[key])
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
    c = copy.deepcopy(dict(cell))
    meta = dict(c.get("metadata", {}))
    for key in LOCALISED_CODE_METADATA:
        meta.pop(key, None)
    c["metadata"] = meta
    return c


def notebook_step_problems(en_path: Path, tr_path: Path, root: Path = ROOT) -> list[str]:
    """How a translated notebook is out of step with its English source."""
    rel = tr_path.relative_to(root)
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
        elif _has_prose(en.source) and not HAN.search(tr.source):
            problems.append(f"{where}: has no Chinese text; is it a copy of the English?")
    return problems


def md_step_problems(en_path: Path, tr_path: Path, root: Path = ROOT) -> list[str]:
    rel = tr_path.relative_to(root)
    m = MD_STAMP.match(tr_path.read_text(encoding="utf-8"))
    want = text_hash(en_path.read_text(encoding="utf-8"))
    if not m:
        return [f"{rel}: line 1 must be '<!-- translation-source: {want} -->' (the English page it translates)"]
    if m.group(1) != want:
        return [f"{rel}: translates an older {en_path.relative_to(root)}; update it, then set its stamp to {want}"]
    return []


def structure_problems(root: Path = ROOT) -> list[str]:
    """Every page in _toc.yml exists in every edition, and every edition's page is in _toc.yml."""
    problems = []
    toc = toc_docnames(root)
    for edition in config.editions(root):
        pages = edition_pages(edition, root)
        for name in toc:
            if name not in pages:
                problems.append(f"book/{edition}: page {name!r} is in _toc.yml but missing from this edition")
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
                continue  # reported by structure_problems
            if en_path.suffix == ".ipynb":
                problems += notebook_step_problems(en_path, tr_path, root)
            else:
                problems += md_step_problems(en_path, tr_path, root)
    return problems


# ---------------------------------------------------------------- scripts and terms

INLINE_CODE = re.compile(r"```.*?```|`[^`\n]*`|\$\$.*?\$\$|\$[^$\n]*\$", re.S)
URL = re.compile(r"\]\([^)]*\)|https?://\S+|<!--.*?-->", re.S)


def _strip_code(text: str) -> str:
    return URL.sub("", INLINE_CODE.sub("", text))


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


def wrong_script_chars(text: str, edition: str) -> list[str]:
    """Characters of the other Chinese script, decided by OpenCC's character tables.

    In zh-Hant (Taiwan) a character is Simplified-only when OpenCC's s2tw
    (Simplified to Taiwan standard) changes it and tw2s leaves it as it is;
    in zh-Hans a character is Traditional-only when t2s changes it and s2t
    leaves it as it is. Taiwan's standard forms (峰, not OpenCC's 峯) pass.
    """
    found = []
    if edition == "zh-hant":
        forward, back = _converter("s2tw"), _converter("tw2s")
    elif edition == "zh-hans":
        forward, back = _converter("t2s"), _converter("s2t")
    else:
        return found
    for ch in sorted(set(HAN.findall(text))):
        if forward.convert(ch) != ch and back.convert(ch) == ch:
            found.append(ch)
    return found


def load_glossary(root: Path = ROOT) -> list[dict]:
    return yaml.safe_load((root / "book" / "glossary.yml").read_text(encoding="utf-8"))["terms"]


def script_and_term_problems(root: Path = ROOT) -> list[str]:
    problems = []
    glossary = load_glossary(root)
    for edition in config.editions(root):
        avoid = avoided_terms(edition, root)
        for name, path in edition_pages(edition, root).items():
            rel = path.relative_to(root)
            for where, text in prose_of(path):
                if edition in {"zh-hant", "zh-hans"}:
                    bad = wrong_script_chars(text, edition)
                    if bad:
                        other = "Simplified" if edition == "zh-hant" else "Traditional"
                        problems.append(f"{rel}: {where}: {other} characters in the {edition} edition: {''.join(bad)}")
                for word, term in avoid:
                    if word in text:
                        problems.append(f"{rel}: {where}: uses {word!r}, which the glossary's entry "
                                        f"{term!r} says to avoid in {edition}")
    for t in glossary:
        for edition in ("zh-hant", "zh-hans"):
            bad = wrong_script_chars(t[edition], edition)
            if bad:
                problems.append(f"book/glossary.yml: term {t['en']!r}: {edition} form uses {''.join(bad)}")
    return problems


def load_errors(root: Path = ROOT) -> list[dict]:
    return yaml.safe_load((root / "book" / "errors.yml").read_text(encoding="utf-8"))["errors"]


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
    labels = english_labels(root)
    ids = set()
    for e in load_errors(root):
        where = f"book/errors.yml: entry {e.get('id')!r}"
        if e.get("id") in ids:
            problems.append(f"{where}: duplicate id")
        ids.add(e.get("id"))
        message = " ".join(e["message"].split())
        hit = any(message in text for text in raised)
        if "historical" in e:
            h = e["historical"]
            if not h.get("until") or not h.get("source"):
                problems.append(f"{where}: a historical entry needs 'until' (a version) and 'source' (a citation)")
            if hit:
                problems.append(f"{where}: marked historical, but a cell of the book raises it on this torch")
        elif not hit:
            problems.append(f"{where}: no cell of the book raises this message (raise it, or mark it historical "
                            "with the version and a source)")
        if e.get("section") not in labels:
            problems.append(f"{where}: section {e.get('section')!r} is not a label in any English chapter")
        summary = e.get("summary", {})
        for edition in config.editions(root):
            if not summary.get(edition):
                problems.append(f"{where}: no {edition} summary")
        if e.get("translated_from") != text_hash(summary.get("en", "")):
            problems.append(f"{where}: summary.en changed since its translations; update zh-hant and zh-hans, "
                            f"then set translated_from: {text_hash(summary.get('en', ''))}")
        for edition in ("zh-hant", "zh-hans"):
            bad = wrong_script_chars(summary.get(edition, ""), edition)
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


if __name__ == "__main__":
    main()
