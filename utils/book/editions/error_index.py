"""book/errors.yml: each current message is raised by a cell, each historical one is cited, each
entry points at a real section, and its translations follow its English summary."""
from __future__ import annotations

import re
from pathlib import Path

from utils.book import config, myst, notebooks
from utils.book.editions.changes import entry_stamp_problems
from utils.book.editions.data import avoided_terms, load_errors, load_glossary, load_wordings, preferred, uses_avoided
from utils.book.editions.historical import library_problems
from utils.book.editions.prose import script_letters, wrong_script_chars
from utils.book.editions.varies import varies_problems

ROOT = config.ROOT
SOURCE = config.SOURCE
# A cited issue as the site links it (utils/book/sphinx_ext/issue_links.py: OWNER/REPO#N, a bare #N, an
# address): in a summary it becomes a link, and the error index page then no longer shows the summary's text.
CITED_ISSUE = re.compile(r"https://github\.com/|\b[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+#\d{1,6}\b|#\d{2,6}\b")


def stored_warnings(root: Path = ROOT) -> list[tuple[str, str]]:
    """(where, text) of every stdout stream stored in the English chapters: where a cell prints a
    warning it recorded (``warnings.catch_warnings(record=True)``; warnings on stderr are refused)."""
    found = []
    for path in notebooks.english_notebooks(root):
        for i, c in enumerate(notebooks.peek_notebook(path).cells):
            for o in c.get("outputs", []):
                if o.get("output_type") == "stream" and o.get("name") == "stdout":
                    found.append((f"{path.relative_to(root)}: cell {i}", o["text"]))
    return found


def stored_errors(root: Path = ROOT) -> list[tuple[str, str]]:
    """(where, 'Type: message') of every error output stored in the English chapters."""
    found = []
    for path in notebooks.english_notebooks(root):
        for i, c in enumerate(notebooks.peek_notebook(path).cells):
            for o in c.get("outputs", []):
                if o.get("output_type") == "error":
                    found.append((f"{path.relative_to(root)}: cell {i}", f"{o['ename']}: {o['evalue']}"))
    return found


def sections(root: Path = ROOT) -> dict[str, dict[str, list[str]]]:
    """Per English section label: what its cells show and where its prose links.

    A section runs from the heading after its label to the next heading of the same or a higher
    level, so it includes its subsections (a label followed by prose, not a heading, runs to the
    next heading). For each label: ``raised`` ('Type: message' of each stored error), ``printed``
    (each stdout stream), ``links`` (labels named by {ref} or (#label) in its markdown), and
    ``own_raised`` and ``own_printed``: the errors and stdout streams of the cells that belong to no
    deeper section of it; ``parents``: the labels of the sections it is a subsection of; ``sources``:
    the code of its cells."""
    found: dict[str, dict[str, list[str]]] = {}
    for path in notebooks.english_notebooks(root):
        open_: list[tuple[str, int]] = []
        pending = None
        for c in notebooks.peek_notebook(path).cells:
            if c.cell_type == "markdown":
                for e in myst.parse(c.source):  # the MyST reader: labels, headings, links
                    if e.kind == "label" and not e.inside:
                        pending = e.name
                        found.setdefault(pending, {"raised": [], "printed": [], "links": [], "own_raised": [],
                                                   "own_printed": [], "parents": [], "sources": []})
                    elif e.kind == "heading" and not e.inside:
                        open_ = [(lab, n) for lab, n in open_ if n < e.level]
                        if pending:
                            found[pending]["parents"] = [lab for lab, _ in open_]
                            open_.append((pending, e.level))
                        pending = None
                    elif e.kind in ("block", "fence", "directive") and not e.inside and pending:
                        found[pending]["parents"] = [lab for lab, _ in open_]
                        open_.append((pending, 7))
                        pending = None
                    elif (e.kind == "role" and e.name == "ref") or (e.kind == "link" and e.name.startswith("#")):
                        for lab, _ in open_:
                            found[lab]["links"].append(e.target if e.kind == "role" else e.name[1:])
                continue
            for lab, _ in open_:
                found[lab]["sources"].append(" ".join(c.source.split()))
            for o in c.get("outputs", []):
                if o.get("output_type") == "error":
                    text = " ".join(f"{o['ename']}: {o['evalue']}".split())
                    for lab, _ in open_:
                        found[lab]["raised"].append(text)
                    if open_:
                        found[open_[-1][0]]["own_raised"].append(text)
                elif o.get("output_type") == "stream" and o.get("name") == "stdout":
                    text = " ".join(o["text"].split())
                    for lab, _ in open_:
                        found[lab]["printed"].append(text)
                    if open_:
                        found[open_[-1][0]]["own_printed"].append(text)
    return found


def cuda_cell_raises(source: str, message: str) -> bool:
    """Whether a cell's code (whitespace-normalised) raises ``message`` on CUDA and checks it: it tests
    for a CUDA device and asserts the message (the stored outputs come from a CPU run, where the
    cell cannot raise it; .ci/cuda-validate.sh runs it on a GPU)."""
    return 'device.type == "cuda"' in source and "assert" in source and f'"{message}' in source


def section_problems(entry: dict, where: str, shown: dict[str, dict[str, list[str]]]) -> list[str]:
    """The entry's ``section`` and each of its ``cases`` must be a section (with its subsections)
    that has a cell showing the message: raising it, or, for a warning, printing it. A section that
    guides the reader rather than shows the message (a decision guide, the fix for a cause) is
    marked ``guide: true`` (on the case; ``section_guide: true`` on the entry, for its section) and
    must be joined to a section that shows it: its prose links one, one links it, or it is a
    subsection of one (the message is on the page just above)."""
    message = " ".join(entry["message"].split())

    def shows(label: str) -> bool:
        s = shown.get(label, {})
        if entry.get("kind") == "cuda-error":
            return any(cuda_cell_raises(source, message) for source in s.get("sources", []))
        texts = s.get("raised", []) + (s.get("printed", []) if entry.get("kind") == "warning" else [])
        return any(message in t for t in texts)

    showing = [label for label in shown if shows(label)]
    problems = []
    verb = "prints" if entry.get("kind") == "warning" else "raises"
    targets = [(entry.get("section"), "section", bool(entry.get("section_guide")))]
    targets += [(c.get("section"), "case", bool(c.get("guide"))) for c in entry.get("cases") or []]
    for label, what, guide in targets:
        if label not in shown or shows(label):
            continue  # an unknown label is reported on its own
        if not guide:
            problems.append(f"{where}: {what} {label!r}: no cell of that section {verb} the message (point it at "
                            f"a section whose cell {verb} it; or, for a section that guides the reader, mark it "
                            "'guide: true' and link it with one that does)")
        elif not (set(shown[label]["links"] + shown[label]["parents"]) & set(showing)
                  or any(label in shown[other]["links"] for other in showing)):
            problems.append(f"{where}: {what} {label!r} is marked as a guide, but no link joins it to a section "
                            f"whose cell {verb} the message")
    return problems


def unlisted_problems(entry: dict, where: str, shown: dict[str, dict[str, list[str]]]) -> list[str]:
    """Each section whose own cells raise the message (print it, for a warning) is the entry's
    ``section``, a case, in ``see_also``, or in ``passes_by`` (it only passes by); passes_by must raise it."""
    message = " ".join(entry["message"].split())
    listed = {entry.get("section"), *entry.get("see_also", []), *(c.get("section") for c in entry.get("cases") or [])}
    passes_by = set(entry.get("passes_by", []))
    kind = entry.get("kind", "error")
    problems = []
    verb = "prints" if kind == "warning" else "raises"
    for label, s in shown.items():
        own = s["own_raised"] + (s["own_printed"] if kind == "warning" else [])
        if not any(message in t for t in own):
            if label in passes_by:
                problems.append(f"{where}: passes_by {label!r}: no cell of that section {verb} the message "
                                "any more (remove it from passes_by)")
            continue
        if label in listed and label in passes_by:
            problems.append(f"{where}: {label!r} is both listed (section, case or see_also) and in passes_by")
        elif label not in listed and label not in passes_by:
            problems.append(f"{where}: section {label!r} {verb} the message but the entry does not list it: "
                            "add it as a case (with its line in every edition) if it explains a case of the "
                            "error, or to passes_by if it only passes by")
    return problems + [f"{where}: passes_by {label!r} is not a label in any English chapter"
                       for label in passes_by - set(shown)]


def label_chapters(root: Path = ROOT) -> dict[str, str]:
    """label -> the English chapter (file stem) whose markdown defines it."""
    found = {}
    for path in notebooks.english_notebooks(root):
        for c in notebooks.peek_notebook(path).cells:
            if c.cell_type == "markdown":
                found.update(dict.fromkeys((e.name for e in myst.labels(c.source)), path.stem))
    return found


def english_labels(root: Path = ROOT) -> set[str]:
    return set(label_chapters(root))


def error_index_problems(root: Path = ROOT) -> list[str]:
    problems = []
    raised = [" ".join(text.split()) for _, text in stored_errors(root)]
    printed = [" ".join(text.split()) for _, text in stored_warnings(root)]
    labels = english_labels(root)
    glossary = load_glossary(root)
    avoid = {edition: avoided_terms(glossary, edition, load_wordings(root)) for edition in config.translations(root)}
    shown = sections(root)
    ids = set()
    for e in load_errors(root):
        where = f"book/errors.yml: entry {e.get('id')!r}"
        if e.get("id") in ids:
            problems.append(f"{where}: duplicate id")
        problems += varies_problems(e, where)
        ids.add(e.get("id"))
        message = " ".join(e["message"].split())
        kind = e.get("kind", "error")
        if kind not in ("error", "warning", "cuda-error"):
            problems.append(f"{where}: kind {kind!r} is not 'error', 'warning' or 'cuda-error'")
        # an error is raised by a raises-exception cell; a warning is printed by a cell that records it
        # (or raised, by a cell that turns warnings into errors)
        hit = any(message in text for text in raised + (printed if kind == "warning" else []))
        if kind == "cuda-error":  # a CPU run cannot raise it: a cell must raise and assert it on CUDA
            hit = any(cuda_cell_raises(source, message) for s in shown.values() for source in s["sources"])
        if "historical" in e:
            h = e["historical"]
            if not h.get("until") or not h.get("source"):
                problems.append(f"{where}: a historical entry needs 'until' (a version) and 'source' (a citation)")
            if hit:
                problems.append(f"{where}: marked historical, but a cell of the book raises it on this torch")
            problems += library_problems(e, where, root)
        elif not hit and kind == "warning":
            problems.append(f"{where}: no cell of the book prints this warning (record it with "
                            "warnings.catch_warnings(record=True) and print it, or mark it historical)")
        elif not hit and kind == "cuda-error":
            problems.append(f"{where}: no cell of the book raises this message on CUDA (a cell that tests "
                            'device.type == "cuda", raises it there and asserts the message)')
        elif not hit:
            problems.append(f"{where}: no cell of the book raises this message (raise it, or mark it historical "
                            "with the version and a source)")
        if "historical" not in e:
            problems += section_problems(e, where, shown)
            if kind != "cuda-error":  # its cells raise it on a GPU only: section_problems checks those
                problems += unlisted_problems(e, where, shown)
        if e.get("section") not in labels:
            problems.append(f"{where}: section {e.get('section')!r} is not a label in any English chapter")
        for label in e.get("see_also", []):
            if label not in labels:
                problems.append(f"{where}: see_also {label!r} is not a label in any English chapter")
        summary = e.get("summary", {})
        for edition in [SOURCE, *config.translations(root)]:  # a draft's missing ones are its progress
            if not summary.get(edition):
                problems.append(f"{where}: no {edition} summary")
            cited = CITED_ISSUE.search(summary.get(edition) or "")
            if cited:
                problems.append(f"{where}: the {edition} summary cites {cited.group()!r}: the site makes it a link, and "
                                f"the error index would not show the summary; cite it in the section or the "
                                f"historical source")
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
