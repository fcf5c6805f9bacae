"""Is every edition in step with English? Structure (the same pages), notebooks (English code and
outputs, current translations) and translated Markdown pages (``editions check`` runs them all)."""
from __future__ import annotations

from pathlib import Path

from utils.book import config, myst, notebooks
from utils.book.editions import changes, error_index, labels, leadins, outputs, refs, spacing, terms, verbs
from utils.book.editions.data import CASES, ERRORS, GLOSSARY, HISTORY, MD_STAMP, edition_pages, stamped_files, text_hash
from utils.book.editions.prose import FIGURE_TEXT, figure_text, emphasis_shape, has_prose, script_letters, strip_code
from utils.book.editions.sync import comparable

ROOT = config.ROOT
SOURCE = config.SOURCE


def notebook_step_problems(en_path: Path, tr_path: Path, root: Path = ROOT, draft: bool = False) -> list[str]:
    """How a translated notebook is out of step with its English source. In a ``draft`` edition a
    text not translated yet is its progress (scaffold.draft_progress), not a problem; one translated
    from an older English is."""
    rel = tr_path.relative_to(root)
    edition = tr_path.relative_to(root / "book").parts[0]
    en_nb, tr_nb = notebooks.peek_notebook(en_path), notebooks.peek_notebook(tr_path)  # read, never changed
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
            for kind in FIGURE_TEXT:
                text = figure_text(en, kind)
                stamp = tr.metadata.get("translation", {}).get(f"{kind}_source")
                if text and stamp != text_hash(text) and not (draft and stamp is None):
                    old = changes.older_cell(en_path, en.get("id"), stamp, root, field=kind) if stamp else None
                    what = "alt text" if kind == "alt" else kind
                    problems.append(f"{where}: the figure's {what} is not a translation of the current English {what}"
                                    + (f" ({changes.describe(old, text)}); if the meaning is unchanged run: "
                                       f"{changes.restamp_hint(en_path.stem, en.get('id'), old, text)}" if stamp else ""))
            if en.source != tr.source:
                problems.append(f"{where}: code differs from English; code is edited in book/en only")
            elif comparable(outputs.localized(en, edition)) != comparable(tr):
                problems.append(f"{where}: outputs or metadata differ from English's (the book's messages "
                                f"in them in {edition}); outputs come from "
                                "'python -m utils.book.notebooks execute' on book/en, then sync")
            continue
        stamp = tr.metadata.get("translation", {}).get("source")
        if stamp is None and draft:
            continue
        if stamp is None:
            problems.append(f"{where}: not translated yet")
        elif stamp != text_hash(en.source):
            old = changes.older_cell(en_path, en.get("id"), stamp, root)
            problems.append(f"{where}: translates an older English text; {changes.describe(old, en.source)}; "
                            f"translate the change, or if the meaning is unchanged run: "
                            f"{changes.restamp_hint(en_path.stem, en.get('id'), old, en.source)}")
        elif has_prose(en.source) and not script_letters(edition, root).search(tr.source):
            problems.append(f"{where}: has no text in the script of {edition}; is it a copy of another edition?")
        elif emphasis_shape(tr.source) != emphasis_shape(en.source):
            problems.append(f"{where}: its bold and italics do not render as in English "
                            f"({''.join(emphasis_shape(tr.source)) or 'none'} vs {''.join(emphasis_shape(en.source)) or 'none'}); "
                            "next to full-width punctuation write *中文*（English）, and **標籤**：text")
        if stamp is not None and label_names(tr.source) != label_names(en.source):
            problems.append(f"{where}: its labels are not English's ({', '.join(label_names(tr.source)) or 'none'} vs "
                            f"{', '.join(label_names(en.source)) or 'none'}); a label names the section in every edition "
                            "(links, the search, the corpus): copy English's `(label)=` line")
    return problems


def label_names(text: str) -> list[str]:
    """The MyST labels (``(name)=``) of a cell's text, in order."""
    return [e.name for e in myst.labels(text)]


def md_step_problems(en_path: Path, tr_path: Path, root: Path = ROOT, draft: bool = False) -> list[str]:
    rel = tr_path.relative_to(root)
    m = MD_STAMP.match(tr_path.read_text(encoding="utf-8"))
    english = en_path.read_text(encoding="utf-8")
    want = text_hash(english)
    if not m and draft:
        return []  # not translated yet: the draft's progress
    if not m:
        return [f"{rel}: line 1 must be '<!-- translation-source: {want} -->' (the English page it translates)"]
    if m.group(1) != want:
        old = changes.older_page(en_path, m.group(1), root)
        return [f"{rel}: translates an older {en_path.relative_to(root)} ({changes.describe(old, english)}); "
                f"update it, or if the meaning is unchanged run: "
                f"{changes.restamp_hint(en_path.stem, en_path.stem, old, english)}"]
    edition = tr_path.relative_to(root / "book").parts[0]
    if not script_letters(edition, root).search(strip_code(tr_path.read_text(encoding="utf-8"))):
        return [f"{rel}: has no text in the script of {edition}; is it a copy of another edition?"]
    return []


def structure_problems(root: Path = ROOT) -> list[str]:
    """Every page in _toc.yml exists in every edition, and every edition's page is in _toc.yml."""
    problems = []
    toc = config.toc_docnames(root)
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


def message_problems(root: Path = ROOT) -> list[str]:
    """Every message an English code cell records (metadata.messages) is in its outputs as the
    catalogs render it now: what sync translates in each edition's copy (outputs.py)."""
    problems = []
    for path in notebooks.english_notebooks(root):
        for i, cell in enumerate(notebooks.peek_notebook(path).cells):
            if cell.cell_type == "code":
                problems += outputs.problems(cell, f"{path.relative_to(root)}: cell {i} (id {cell.get('id')})")
    return problems


def step_problems(root: Path = ROOT) -> list[str]:
    problems = message_problems(root)
    en_pages = edition_pages(SOURCE, root)
    drafts = config.drafts(root)
    for edition in config.translations(root) + drafts:
        tr_pages = edition_pages(edition, root)
        for name, en_path in en_pages.items():
            tr_path = tr_pages.get(name)
            if tr_path is None or tr_path.suffix != en_path.suffix:
                continue  # reported by structure_problems (tested: a .md in place of a notebook)
            if en_path.suffix == ".ipynb":
                problems += notebook_step_problems(en_path, tr_path, root, draft=edition in drafts)
            else:
                problems += md_step_problems(en_path, tr_path, root, draft=edition in drafts)
    return problems


def data_stamp_problems(root: Path = ROOT) -> list[str]:
    """The stamps of the data files the glossary and error-index checks do not read: the search
    keywords, every judge's message catalog, the historical wordings' sources and the cases' lines in
    errors.yml, and
    the UI words of _config.yml; and no English verb in a Chinese message (verbs.py)."""
    return [p for spec in [*stamped_files(root), HISTORY, CASES] if spec not in (ERRORS, GLOSSARY)
            for p in changes.data_stamp_problems(spec, root)] + labels.label_stamp_problems(root) \
        + labels.label_field_problems(root) \
        + verbs.catalog_problems(root)


def all_problems(root: Path = ROOT) -> list[str]:
    """Everything ``editions check`` reports: structure, step (every stamp: pages, cells, figure
    text, the data files), scripts and terms, no English verb in Chinese prose, references that read
    as Chinese and the spacing around them, bold lead-ins in the colon form (leadins.py), the error index, and
    the notebook conventions of every edition."""
    return (structure_problems(root) + step_problems(root) + data_stamp_problems(root)
            + terms.script_and_term_problems(root) + verbs.prose_problems(root) + refs.ref_problems(root)
            + spacing.spacing_problems(root) + leadins.leadin_problems(root)
            + error_index.error_index_problems(root) + notebooks.all_convention_problems(root))
