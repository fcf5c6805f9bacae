"""``editions new-chapter NAME "Title"``: a new English chapter that already meets the
conventions (cell 0 its '# ' title, then the Colab setup cell, then the cell that chooses
``device``; readable cell ids), its line in _toc.yml, and its copies in every translation."""
from __future__ import annotations

import io
import re
from pathlib import Path

import nbformat
from ruamel.yaml import YAML

from utils.book import config, notebooks
from utils.book.editions.data import edition_pages
from utils.book.editions.sync import sync_all, sync_notebook

ROOT = config.ROOT
SOURCE = config.SOURCE
NAME = re.compile(r"^[a-z][a-z0-9_]*$")
DEVICE_CELL = ("import torch\n"
               "from autograd_book import choose_device, seed_everything\n"
               "\n"
               "device = choose_device()\n"
               "seed_everything(0)")


def chapter_notebook(title: str, root: Path = ROOT):
    nb = nbformat.v4.new_notebook()
    nb.metadata = {"kernelspec": dict(notebooks.KERNELSPEC), "language_info": {"name": "python"}}
    head = nbformat.v4.new_markdown_cell(f"# {title}")
    head.id = "title"
    device = nbformat.v4.new_code_cell(DEVICE_CELL)
    device.id = "imports"
    nb.cells = [head, notebooks.new_setup_cell(root), device]
    return nb


def add_to_toc(name: str, root: Path = ROOT) -> None:
    """Add ``- file: NAME`` after the last chapter that is a notebook (before the reference
    pages, the error index and the glossary), keeping _toc.yml's comments."""
    yaml = YAML()
    yaml.indent(mapping=2, sequence=4, offset=2)
    path = root / "_toc.yml"
    toc = yaml.load(path.read_text(encoding="utf-8"))
    chapters = toc["chapters"]
    pages = edition_pages(SOURCE, root)
    last = max((i for i, c in enumerate(chapters) if pages.get(c.get("file"), Path()).suffix == ".ipynb"), default=-1)
    entry = type(chapters[0])() if chapters else {}
    entry["file"] = name
    chapters.insert(last + 1, entry)
    out = io.StringIO()
    yaml.dump(toc, out)
    path.write_text(out.getvalue(), encoding="utf-8")


def new_chapter(name: str, title: str, root: Path = ROOT) -> list[Path]:
    """Write the chapter in English and in every translation; returns the files written."""
    if not NAME.match(name):
        raise SystemExit(f"{name!r}: a chapter's name is lower case letters, digits and _ (it becomes its URL)")
    if name in config.toc_docnames(root) or any((root / "book" / e / f"{name}.ipynb").exists()
                                                   for e in config.editions(root)):
        raise SystemExit(f"{name!r} exists already")
    path = root / "book" / SOURCE / f"{name}.ipynb"
    notebooks.write_notebook(chapter_notebook(title, root), path)
    add_to_toc(name, root)
    sync_all(root, names=[name])
    return [path, root / "_toc.yml"] + [root / "book" / e / f"{name}.ipynb"
                                        for e in config.translations(root) + config.drafts(root)]


EDITION_KEY = re.compile(r"^[a-z]{2,3}(?:-[a-z0-9]+)*$")


def _edition_entry(key: str, name: str, language: str, letters: str | None, root: Path) -> str:
    """The _config.yml entry of a new draft edition, as YAML text indented under ``editions:``:
    its labels are English's until translated (config.labels falls back to them too)."""
    english = config.editions(root)[SOURCE]
    entry = {"name": name, "language": language, "hreflang": key, "title": english["title"], "draft": True}
    if letters:
        entry["script"] = {"letters": letters}
    entry["labels"] = dict(english.get("labels", {}))
    yaml = YAML()
    yaml.indent(mapping=2, sequence=4, offset=2)
    yaml.width = 100_000
    out = io.StringIO()
    yaml.dump({key: entry}, out)
    return "".join(f"  {line}\n" for line in out.getvalue().splitlines())


def new_edition(key: str, name: str, language: str, letters: str | None = None, root: Path = ROOT) -> list[Path]:
    """A new edition as a draft: its entry in _config.yml (``draft: true``, English's labels and
    title to translate), and book/KEY/ with every page: each chapter synced from English (code and
    outputs; its prose cells not translated yet), each Markdown page a copy of English's without a
    stamp. The data files need nothing written: a text an edition lacks (a glossary form, an error
    summary, a search sentence, a judge's message) is shown in English until translated, and
    ``editions check`` counts them as the draft's progress. Returns the files written."""
    if not EDITION_KEY.match(key):
        raise SystemExit(f"{key!r}: an edition's key is a language tag in lower case (ja, zh-hk, pt-br)")
    if key in config.editions(root) or (root / "book" / key).exists():
        raise SystemExit(f"{key!r} exists already")
    cfg = root / "_config.yml"
    lines = cfg.read_text(encoding="utf-8").splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if line.rstrip() == "editions:")
    end = next((i for i in range(start + 1, len(lines)) if lines[i].strip() and not lines[i].startswith((" ", "#"))),
               len(lines))
    while end > start + 1 and not lines[end - 1].strip():
        end -= 1
    lines[end:end] = [_edition_entry(key, name, language, letters, root)]
    cfg.write_text("".join(lines), encoding="utf-8")
    config._load.cache_clear()
    written = [cfg]
    folder = root / "book" / key
    for page, en_path in edition_pages(SOURCE, root).items():
        target = folder / en_path.relative_to(root / "book" / SOURCE)
        target.parent.mkdir(parents=True, exist_ok=True)
        if en_path.suffix == ".ipynb":
            sync_notebook(page, key, root)
        else:
            target.write_text(en_path.read_text(encoding="utf-8"), encoding="utf-8")
        written.append(target)
    return written


def draft_progress(root: Path = ROOT) -> list[str]:
    """A line per draft edition: how much of it is translated (pages, prose cells, data entries)."""
    from utils.book.editions.data import MD_STAMP, stamped_files, text_hash
    from utils.book.editions.prose import FIGURE_TEXT, figure_text

    lines = []
    for key in config.drafts(root):
        pages = done_pages = cells = done_cells = 0
        tr_pages = edition_pages(key, root)
        for page, en_path in edition_pages(SOURCE, root).items():
            tr_path = tr_pages.get(page)
            pages += 1
            if en_path.suffix == ".md":
                cells += 1
                m = tr_path and MD_STAMP.match(tr_path.read_text(encoding="utf-8"))
                current = bool(m) and m.group(1) == text_hash(en_path.read_text(encoding="utf-8"))
                done_cells += current
                done_pages += current
                continue
            tr_cells = {c.get("id"): c for c in notebooks.read_notebook(tr_path).cells} if tr_path else {}
            mine = theirs = 0
            for c in notebooks.read_notebook(en_path).cells:
                stamps = tr_cells.get(c.get("id"), {}).get("metadata", {}).get("translation", {})
                texts = ([("source", c.source)] if c.cell_type == "markdown" else
                         [(f"{k}_source", figure_text(c, k)) for k in FIGURE_TEXT if figure_text(c, k)])
                for field, text in texts:
                    mine += 1
                    theirs += stamps.get(field) == text_hash(text)
            cells, done_cells, done_pages = cells + mine, done_cells + theirs, done_pages + (mine == theirs)
        data = []
        for spec in stamped_files(root):
            entries = spec.load(root)
            ok = sum((e.get("translated_from") or {}).get(key) == text_hash(spec.english(e)) and bool(spec.translation(e, key))
                     for _, e in entries)
            data.append((spec.name, ok, len(entries)))
        messages = [d for d in data if d[0].startswith("messages/")]
        data = [d for d in data if not d[0].startswith("messages/")]
        data.append(("messages", sum(d[1] for d in messages), sum(d[2] for d in messages)))
        labels = config.editions(root)[key].get("labels", {})
        english = config.editions(root)[SOURCE].get("labels", {})
        lines.append(f"{key} (draft): {done_pages} of {pages} pages translated ({done_cells} of {cells} texts); "
                     + ", ".join(f"{name} {ok} of {n}" for name, ok, n in data)
                     + f"; labels {sum(labels.get(k) not in (None, v) for k, v in english.items())} of {len(english)}"
                     + f"; remove 'draft: true' from its entry in _config.yml to hold it to every check")
    return lines
