"""Spacing around cross-references in the Chinese editions. A {ref} renders as its section's
title in the edition's language; between Chinese characters, a half-width space before or after
a Chinese title reads as a gap (見 記憶體…), so none is written there. A title that starts or ends
with code or Latin keeps its space on that side, as inline code does. After or before full-width
punctuation there is never a space. ``fix`` removes what the check names."""
from __future__ import annotations

import re
from pathlib import Path

from utils.book import config, notebooks
from utils.book.editions.data import edition_pages

ROOT = config.ROOT
CJK = "\u3400-\u9fff"
FULL_WIDTH = "，。、；：！？（）「」『』《》"
ROLE = re.compile(r"\{(ref|doc|numref)\}`([^`]*)`")
LABELLED = re.compile(r"^\(([\w-]+)\)=\s*\n+#+\s+(.+)$", re.M)


def _texts(path: Path) -> list[str]:
    if path.suffix == ".ipynb":
        return [c.source for c in notebooks.read_notebook(path).cells if c.cell_type == "markdown"]
    return [path.read_text(encoding="utf-8")]


def titles(edition: str, root: Path = ROOT) -> dict[str, str]:
    """What each label and page renders as in ``edition``: its heading's text, markup and all."""
    found = {}
    for name, path in edition_pages(edition, root).items():
        texts = _texts(path)
        page_title = next((m.group(1) for t in texts for m in [re.search(r"^# (.+)$", t, re.M)] if m), "")
        found[name] = page_title
        for t in texts:
            found.update({m.group(1): m.group(2).strip() for m in LABELLED.finditer(t)})
    return found


def _shown(role: re.Match, known: dict[str, str]) -> str:
    """The text a role renders as: its explicit text, or the title of its target."""
    body = role.group(2)
    explicit = re.match(r"(.+?)\s*<([^>]+)>$", body)
    return explicit.group(1) if explicit else known.get(body.strip(), body)


def _bad_spaces(text: str, known: dict[str, str]) -> list[tuple[int, str]]:
    """(offset of the space, the role) of each space the rule forbids."""
    bad = []
    for role in ROLE.finditer(text):
        shown = _shown(role, known)
        before, after = text[role.start() - 1:role.start()], text[role.end():role.end() + 1]
        prev = text[role.start() - 2:role.start() - 1]
        nxt = text[role.end() + 1:role.end() + 2]
        if before == " " and prev and (prev in FULL_WIDTH or (re.match(f"[{CJK}]", prev) and re.match(f"[{CJK}]", shown))):
            bad.append((role.start() - 1, role.group(0)))
        if after == " " and nxt and (nxt in FULL_WIDTH or (re.match(f"[{CJK}]", nxt) and re.search(f"[{CJK}]$", shown))):
            bad.append((role.end(), role.group(0)))
    return bad


def fixed(text: str, known: dict[str, str]) -> str:
    for offset, _ in sorted(_bad_spaces(text, known), reverse=True):
        text = text[:offset] + text[offset + 1:]
    return text


def spacing_problems(root: Path = ROOT) -> list[str]:
    problems = []
    for edition in config.translations(root):
        if not config.editions(root)[edition].get("language", "").startswith("zh"):
            continue
        known = titles(edition, root)
        for path in edition_pages(edition, root).values():
            for text in _texts(path):
                for _, role in _bad_spaces(text, known):
                    problems.append(f"{path.relative_to(root)}: a half-width space next to {role}, whose text is "
                                    f"Chinese, between Chinese characters; run 'python -m utils.book.editions.spacing'")
    return problems


def fix(root: Path = ROOT) -> int:
    """Remove every forbidden space from the Chinese editions; the number removed."""
    removed = 0
    for edition in config.translations(root):
        if not config.editions(root)[edition].get("language", "").startswith("zh"):
            continue
        known = titles(edition, root)
        for path in edition_pages(edition, root).values():
            if path.suffix == ".ipynb":
                nb = notebooks.read_notebook(path)
                for c in nb.cells:
                    if c.cell_type == "markdown":
                        new = fixed(c.source, known)
                        removed += len(c.source) - len(new)
                        c.source = new
                notebooks.write_notebook(nb, path)
            else:
                text = path.read_text(encoding="utf-8")
                new = fixed(text, known)
                removed += len(text) - len(new)
                path.write_text(new, encoding="utf-8")
    return removed


if __name__ == "__main__":
    print(f"{fix()} spaces removed")
