"""The translator's round trip: ``export`` writes the English prose to translate as Markdown
blocks, one per cell id, each naming the hash of the English it shows
(``<!-- cell: ID english: HASH -->``); ``apply`` writes the translated blocks back, stamped with
that hash, so a translation of an English that changed since the export is stale at once (the
check shows what changed since). A block without a hash, or with a hash that is neither the
current English nor one in git, is refused before anything is written. A Markdown page (errors,
glossary) is one block, ``<!-- page: NAME english: HASH -->``, the whole page; apply writes it with
that hash on its first line (``<!-- translation-source: HASH -->``)."""
from __future__ import annotations

import re
from pathlib import Path

from utils.book import config, notebooks
from utils.book.editions import changes
from utils.book.editions.data import MD_STAMP, edition_pages, text_hash
from utils.book.editions.prose import FIGURE_TEXT, figure_text
from utils.book.editions.sync import sync_notebook

ROOT = config.ROOT
SOURCE = config.SOURCE
CELL_MARK = re.compile(r"^<!-- (cell|alt|caption|page): (\S+?)(?: english: ([0-9a-f]+))? -->$", re.M)


def _mark(kind: str, cell_id: str, english: str) -> str:
    return f"<!-- {kind}: {cell_id} english: {text_hash(english)} -->"


def english_page(name: str, root: Path = ROOT) -> Path:
    """book/en/NAME.ipynb or book/en/NAME.md; a name that is neither ends the command with the pages."""
    pages = edition_pages(SOURCE, root)
    if name not in pages:
        raise SystemExit(f"no page {name!r} in book/{SOURCE}; the pages: {', '.join(sorted(pages))}")
    return pages[name]


def export_translation(name: str, edition: str, root: Path = ROOT, only_todo: bool = True) -> str:
    """A Markdown file of the English prose cells to translate, one block per cell id (a Markdown
    page: one block, the whole page)."""
    if english_page(name, root).suffix == ".md":
        return _export_page(name, edition, root, only_todo)
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
        blocks.append(f"{_mark('cell', cell.get('id'), cell.source)}\n{cell.source.strip()}\n")
    for cell in en_nb.cells:
        for kind in FIGURE_TEXT:
            text = figure_text(cell, kind)
            tr = tr_cells.get(cell.get("id"))
            if text and not (only_todo and tr is not None
                             and tr.metadata.get("translation", {}).get(f"{kind}_source") == text_hash(text)):
                blocks.append(f"{_mark(kind, cell.get('id'), text)}\n{text}\n")
    return "\n".join(blocks)


def _export_page(name: str, edition: str, root: Path, only_todo: bool) -> str:
    english = (root / "book" / SOURCE / f"{name}.md").read_text(encoding="utf-8")
    tr_path = root / "book" / edition / f"{name}.md"
    m = MD_STAMP.match(tr_path.read_text(encoding="utf-8")) if tr_path.exists() else None
    if only_todo and m and m.group(1) == text_hash(english):
        return ""
    return f"{_mark('page', name, english)}\n{english.strip()}\n"


def _judge_stamp(kind: str, key: str, stamp, english: str, older, refused: list, done: "Applied") -> None:
    """A block's stamp against the English it names (a page's or a cell's): none is refused; the current
    English's hash is current; an older English found in git history (``older()``) is applied as stale;
    any other hash is refused."""
    if stamp is None:
        refused.append(f"{kind} {key}: the block does not name the English it translates "
                       f"('<!-- {kind}: {key} english: HASH -->'); export it again")
    elif stamp != text_hash(english):
        if older() is None:
            refused.append(f"{kind} {key}: english: {stamp} is neither the current English nor one in "
                           "git history; export it again")
        else:
            done.stale.append(key)


def _apply_page(name: str, edition: str, blocks: dict, root: Path) -> "Applied":
    en_path = root / "book" / SOURCE / f"{name}.md"
    english = en_path.read_text(encoding="utf-8")
    done, done.stale = Applied(), []
    refused = [f"{kind} {key}: {name} is a Markdown page; export it again ('<!-- page: {name} english: HASH -->')"
               for kind, key in blocks if (kind, key) != ("page", name)]
    if ("page", name) not in blocks:
        refused.append(f"no block '<!-- page: {name} english: HASH -->' (export it)")
    else:
        stamp, body = blocks[("page", name)]
        _judge_stamp("page", name, stamp, english, lambda: changes.older_page(en_path, stamp, root), refused, done)
    if refused:
        raise SystemExit(f"{name} ({edition}): nothing applied:\n  " + "\n  ".join(refused))
    (root / "book" / edition / f"{name}.md").write_text(f"<!-- translation-source: {stamp} -->\n{body.strip()}\n",
                                                         encoding="utf-8")
    done.append(name)
    return done


def parse_blocks(text: str) -> dict[tuple[str, str], tuple[str | None, str]]:
    """{(kind, cell id): (English hash or None, text)} of a translator's file; kind is 'cell',
    'alt', 'caption' or 'page' (a Markdown page, its name for the id)."""
    parts = CELL_MARK.split(text)
    return {(parts[i], parts[i + 1]): (parts[i + 2], parts[i + 3].strip("\n")) for i in range(1, len(parts), 4)}


class Applied(list):
    """The ids of the cells written; ``stale``: those whose block translates an older English."""
    stale: list[str]


def apply_translation(name: str, edition: str, text: str, root: Path = ROOT) -> Applied:
    """Write translated blocks into the edition's notebook, each stamped with the English hash its
    block names (see the module's docstring)."""
    if english_page(name, root).suffix == ".md":
        return _apply_page(name, edition, parse_blocks(text), root)
    en_path = root / "book" / SOURCE / f"{name}.ipynb"
    en_nb = notebooks.read_notebook(en_path)
    known_of = {"cell": {c.get("id"): c.source for c in en_nb.cells if c.cell_type == "markdown"}}
    for kind in FIGURE_TEXT:
        known_of[kind] = {c.get("id"): figure_text(c, kind) for c in en_nb.cells if figure_text(c, kind)}
    blocks, refused = parse_blocks(text), []
    done, done.stale = Applied(), []
    for (kind, cell_id), (stamp, _) in blocks.items():
        what = "markdown cell" if kind == "cell" else "figure"
        if kind == "page":
            refused.append(f"page {cell_id}: {name} is a chapter (a notebook), not a Markdown page; export it again")
        elif cell_id not in known_of[kind]:
            refused.append(f"{kind} {cell_id}: no {what} with this id in the English chapter")
        else:
            field = "source" if kind == "cell" else kind
            _judge_stamp(kind, cell_id, stamp, known_of[kind][cell_id],
                         lambda: changes.older_cell(en_path, cell_id, stamp, root, field=field), refused, done)
    if refused:
        raise SystemExit(f"{name} ({edition}): nothing applied:\n  " + "\n  ".join(refused))
    tr_path = sync_notebook(name, edition, root)
    tr_nb = notebooks.read_notebook(tr_path)
    cells = {c.get("id"): c for c in tr_nb.cells}
    for (kind, cell_id), (stamp, body) in blocks.items():
        cell = cells[cell_id]
        if kind == "cell":
            cell.source = body
            cell.metadata["translation"] = {"source": stamp}
        else:
            group, field = FIGURE_TEXT[kind]
            cell.metadata.setdefault("mystnb", {}).setdefault(group, {})[field] = body
            cell.metadata.setdefault("translation", {})[f"{kind}_source"] = stamp
        done.append(cell_id)
    notebooks.write_notebook(tr_nb, tr_path)
    return done
