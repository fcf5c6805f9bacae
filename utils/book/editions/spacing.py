"""Spacing around cross-references in the Chinese editions. A {ref} renders as its section's
title in the edition's language; between Chinese characters, a half-width space before or after
a Chinese title reads as a gap (見 記憶體…), so none is written there. A title that starts or ends
with code or Latin has a space on that side when a Chinese character is its neighbour, as inline code
does (見 {ref}`retain-graph-title`); a missing one is reported too. After or before full-width
punctuation (quotes included, so a reference whose own text is 「標題」一節 is written without
spaces) there is never a space. ``fix`` removes or adds what the check names."""
from __future__ import annotations

import re
from pathlib import Path

from utils.book import config, myst, notebooks
from utils.book.editions.data import edition_pages

ROOT = config.ROOT
CJK = "\u3400-\u9fff"
CJK_CHAR = re.compile(f"[{CJK}]")
FULL_WIDTH = "，。、；：！？（）「」『』《》“”‘’"
REFERENCES = ("ref", "doc", "numref")  # the roles that render as their target's title


def _texts(path: Path) -> list[str]:
    if path.suffix == ".ipynb":
        return [c.source for c in notebooks.peek_notebook(path).cells if c.cell_type == "markdown"]
    return [path.read_text(encoding="utf-8")]


def titles(edition: str, root: Path = ROOT) -> dict[str, str]:
    """What each label and page renders as in ``edition``: its heading's text, markup and all."""
    found = {}
    for name, path in edition_pages(edition, root).items():
        texts = _texts(path)
        found[name] = next((h.content for t in texts if (h := myst.title(t))), "")
        for t in texts:
            found.update({label: h.content.strip() for label, h in myst.labelled_headings(t).items()})
    return found


def _shown(role: myst.Element, known: dict[str, str]) -> str:
    """The text a role renders as: its explicit text, or the title of its target."""
    return role.text if role.text else known.get(role.target, role.content)


def _bad_spaces(text: str, known: dict[str, str]) -> list[tuple[int, str]]:
    """(offset of the space, the role) of each space the rule forbids."""
    def forbidden(neighbour: str, title_end: str) -> bool:
        return bool(neighbour) and (neighbour in FULL_WIDTH or bool(CJK_CHAR.match(neighbour) and _chinese_edge(title_end)))

    bad = []
    for role in myst.roles(text, *REFERENCES):
        shown = _shown(role, known)
        before, after = role.start - 1, role.end
        if before > 0 and text[before] == " " and forbidden(text[before - 1], shown[:1]):
            bad.append((before, role.raw))
        if text[after:after + 1] == " " and forbidden(text[after + 1:after + 2], shown[-1:]):
            bad.append((after, role.raw))
    return bad


def _chinese_edge(char: str) -> bool:
    return bool(CJK_CHAR.match(char)) or char in FULL_WIDTH


def _missing_spaces(text: str, known: dict[str, str]) -> list[tuple[int, str]]:
    """(offset where a space belongs, the role) of each reference whose text starts or ends with code or
    Latin right next to a Chinese character (連接{ref}`retain-graph-title`)."""
    missing = []
    for role in myst.roles(text, *REFERENCES):
        shown = _shown(role, known).strip()
        if not shown:
            continue
        if role.start > 0 and CJK_CHAR.match(text[role.start - 1]) and not _chinese_edge(shown[0]):
            missing.append((role.start, role.raw))
        if CJK_CHAR.match(text[role.end:role.end + 1]) and not _chinese_edge(shown[-1]):
            missing.append((role.end, role.raw))
    return missing


def fixed(text: str, known: dict[str, str]) -> str:
    edits = [(offset, 1, "") for offset, _ in _bad_spaces(text, known)]
    edits += [(offset, 0, " ") for offset, _ in _missing_spaces(text, known)]
    for offset, width, new in sorted(edits, reverse=True):
        text = text[:offset] + new + text[offset + width:]
    return text


def _chinese_pages(root: Path):
    """(path, titles of its edition) of every page of the Chinese editions."""
    for edition, entry in config.editions(root).items():
        if edition != config.SOURCE and entry.get("language", "").startswith("zh"):
            known = titles(edition, root)
            for path in edition_pages(edition, root).values():
                yield path, known


def spacing_problems(root: Path = ROOT) -> list[str]:
    problems = []
    for path, known in _chinese_pages(root):
        for text in _texts(path):
            problems += [f"{path.relative_to(root)}: a half-width space next to {role}, whose text is Chinese, between "
                         "Chinese characters; run 'python -m utils.book.editions.spacing'" for _, role in _bad_spaces(text, known)]
            problems += [f"{path.relative_to(root)}: no space between a Chinese character and {role}, whose text there "
                         "is code or Latin; run 'python -m utils.book.editions.spacing'" for _, role in _missing_spaces(text, known)]
    return problems


def fix(root: Path = ROOT) -> int:
    """Remove every forbidden space from the Chinese editions and add every missing one; the number of
    cells (or pages) changed."""
    removed = 0
    for path, known in _chinese_pages(root):
        if path.suffix == ".ipynb":
            nb = notebooks.read_notebook(path)
            for c in nb.cells:
                if c.cell_type == "markdown":
                    new = fixed(c.source, known)
                    removed += c.source != new
                    c.source = new
            notebooks.write_notebook(nb, path)
        else:
            text = path.read_text(encoding="utf-8")
            new = fixed(text, known)
            removed += text != new
            path.write_text(new, encoding="utf-8")
    return removed


if __name__ == "__main__":
    print(f"{fix()} cells respaced")
