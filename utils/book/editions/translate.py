"""The translator's round trip: ``export`` writes the English prose to translate as Markdown
blocks, one per cell id; ``apply`` writes the translated blocks back, stamped."""
from __future__ import annotations

import re
from pathlib import Path

from utils.book import config, notebooks
from utils.book.editions.data import text_hash
from utils.book.editions.prose import FIGURE_TEXT, figure_text
from utils.book.editions.sync import sync_notebook

ROOT = config.ROOT
SOURCE = config.SOURCE
CELL_MARK = re.compile(r"^<!-- (cell|alt|caption): (\S+) -->$", re.M)


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
        for kind in FIGURE_TEXT:
            text = figure_text(cell, kind)
            tr = tr_cells.get(cell.get("id"))
            if text and not (only_todo and tr is not None
                             and tr.metadata.get("translation", {}).get(f"{kind}_source") == text_hash(text)):
                blocks.append(f"<!-- {kind}: {cell.get('id')} -->\n{text}\n")
    return "\n".join(blocks)


def parse_blocks(text: str) -> dict[tuple[str, str], str]:
    """{(kind, cell id): text} of a translator's file; kind is 'cell', 'alt' or 'caption'."""
    parts = CELL_MARK.split(text)
    return {(parts[i], parts[i + 1]): parts[i + 2].strip("\n") for i in range(1, len(parts), 3)}


def apply_translation(name: str, edition: str, text: str, root: Path = ROOT) -> list[str]:
    """Write translated blocks into the edition's notebook and stamp them with the English hash."""
    tr_path = sync_notebook(name, edition, root)
    en_nb = notebooks.read_notebook(root / "book" / SOURCE / f"{name}.ipynb")
    tr_nb = notebooks.read_notebook(tr_path)
    known_of = {"cell": {c.get("id"): c.source for c in en_nb.cells if c.cell_type == "markdown"}}
    for kind in FIGURE_TEXT:
        known_of[kind] = {c.get("id"): figure_text(c, kind) for c in en_nb.cells if figure_text(c, kind)}
    done = []
    for (kind, cell_id), body in parse_blocks(text).items():
        known = known_of[kind]
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
                group, field = FIGURE_TEXT[kind]
                cell.metadata.setdefault("mystnb", {}).setdefault(group, {})[field] = body
                cell.metadata.setdefault("translation", {})[f"{kind}_source"] = text_hash(known[cell_id])
            done.append(cell_id)
    notebooks.write_notebook(tr_nb, tr_path)
    return done
