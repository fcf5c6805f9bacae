"""Copy code and outputs from English into every translation (``editions sync``).

A translated notebook has the same cells in the same order, with the same ids: its code cells
are copies of the English ones (source, outputs, metadata), written here and never by hand; its
markdown cells are translations, kept as they are.
"""
from __future__ import annotations

import copy
from pathlib import Path

from utils.book import config, notebooks
from utils.book.editions import outputs
from utils.book.editions.prose import FIGURE_TEXT

ROOT = config.ROOT
SOURCE = config.SOURCE
# A code cell of a translation is English's, except these, which are translated with the prose:
# the figure's alt text and caption (in metadata.mystnb) and the stamp (metadata.translation).
TRANSLATED_FIGURE_FIELDS = tuple(FIGURE_TEXT.values())


def synced(en_nb, old_tr_nb, edition: str):
    """The translated notebook for ``en_nb`` in ``edition``: English code and outputs (the book's
    messages in them in ``edition``: outputs.py), translated prose where there is one."""
    old_cells = {c.get("id"): c for c in (old_tr_nb.cells if old_tr_nb is not None else [])}
    new = copy.deepcopy(en_nb)
    for i, cell in enumerate(new.cells):
        old = old_cells.get(cell.get("id"))
        if cell.cell_type == "markdown":
            if old is not None and old.cell_type == "markdown":
                new.cells[i] = copy.deepcopy(old)
            else:
                cell.metadata["translation"] = {"source": None}
            continue
        new.cells[i] = cell = outputs.localized(cell, edition)
        if old is not None and old.cell_type == "code":
            if "translation" in old.metadata:
                cell.metadata["translation"] = copy.deepcopy(old.metadata["translation"])
            for group, field in TRANSLATED_FIGURE_FIELDS:
                value = old.metadata.get("mystnb", {}).get(group, {}).get(field)
                if value is not None and field in cell.metadata.get("mystnb", {}).get(group, {}):
                    cell.metadata["mystnb"][group][field] = value
    return new


def comparable(cell) -> dict:
    """A code cell without what a translation translates (its stamp, the figure's alt and caption).
    Only the dicts on the way to those fields are copied (the outputs are shared, not copied);
    ``cell`` is left as it is."""
    meta = {k: v for k, v in cell.get("metadata", {}).items() if k != "translation"}
    if "mystnb" in meta:
        mystnb = meta["mystnb"] = dict(meta["mystnb"])
        for group, field in TRANSLATED_FIGURE_FIELDS:
            if group in mystnb:
                mystnb[group] = {k: v for k, v in mystnb[group].items() if k != field}
    return {**cell, "metadata": meta}


def sync_notebook(name: str, edition: str, root: Path = ROOT) -> Path:
    en_path = root / "book" / SOURCE / f"{name}.ipynb"
    tr_path = root / "book" / edition / f"{name}.ipynb"
    en_nb = notebooks.read_notebook(en_path)
    old = notebooks.read_notebook(tr_path) if tr_path.exists() else None
    tr_path.parent.mkdir(parents=True, exist_ok=True)  # an edition entered in _config.yml by hand has no folder yet
    notebooks.write_notebook(synced(en_nb, old, edition), tr_path)
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
        for edition in config.translations(root) + config.drafts(root):
            sync_notebook(path.stem, edition, root)
