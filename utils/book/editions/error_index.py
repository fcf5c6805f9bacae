"""book/errors.yml: each current message is raised by a cell, each historical one is cited, each
entry points at a real section, and its translations follow its English summary."""
from __future__ import annotations

import re
from pathlib import Path

from utils.book import config, notebooks
from utils.book.editions.changes import entry_stamp_problems
from utils.book.editions.data import avoided_terms, load_errors, load_glossary, load_wordings, preferred, uses_avoided
from utils.book.editions.prose import script_letters, wrong_script_chars

ROOT = config.ROOT
SOURCE = config.SOURCE


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
    problems = []
    raised = [" ".join(text.split()) for _, text in stored_errors(root)]
    printed = [" ".join(text.split()) for _, text in stored_warnings(root)]
    labels = english_labels(root)
    glossary = load_glossary(root)
    avoid = {edition: avoided_terms(glossary, edition, load_wordings(root)) for edition in config.translations(root)}
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
        for edition in [SOURCE, *config.translations(root)]:  # a draft's missing ones are its progress
            if not summary.get(edition):
                problems.append(f"{where}: no {edition} summary")
        for edition in config.translations(root):
            if summary.get(SOURCE) is not None:
                problems += entry_stamp_problems("errors", where, e, edition, root)
            if summary.get(edition) and not script_letters(edition, root).search(summary[edition]):
                problems.append(f"{where}: the {edition} summary has no text in its script")
            bad = wrong_script_chars(summary.get(edition, ""), edition, root)
            if bad:
                problems.append(f"{where}: {edition} summary uses {''.join(bad)}")
            for word, term, form in avoid[edition]:
                if uses_avoided(summary.get(edition, ""), word, form):
                    problems.append(f"{where}: {edition} summary uses {word!r}, which the glossary's entry "
                                    f"{term!r} says to avoid{preferred(form)}")
    return problems
