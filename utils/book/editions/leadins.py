"""Bold lead-ins in the Chinese editions take the colon form: ``**症狀**：在一個…``, never the English
form ``**症狀。** 在一個…``.

The English pages open a paragraph with a bold label ending in a full stop (``**Symptom.** In a…``);
a translation that copies it leaves 「。」 inside the bold and a stray space after it. The style guides
(utils/book/style/zh-hant.md and zh-hans.md, §4) allow one form only: the bold holds the label, the
full-width colon follows it outside the bold, the text follows the colon with no space. A bold at the
start of a paragraph or list item whose text ends in 「。」 is flagged, in every markdown cell of a
Chinese notebook and every Chinese Markdown page (``editions check``). A whole sentence emphasised
inside a paragraph (「…：**反向傳播釋放的是已儲存張量，而不是計算圖。**」) is not a lead-in and is
not flagged; a lead-in whose label has a colon of its own ends its bold with the full stop outside
(``**修正：掛鉤掛在參數上**。從…``).
"""
from __future__ import annotations

import re
from pathlib import Path

from utils.book import config, notebooks
from utils.book.editions.spacing import _chinese_pages

ROOT = config.ROOT
FENCE = re.compile(r"^[ \t]*(```|~~~)")
# A bold at the start of a line (after a list marker or a quote's ">"), its text ending in 。 inside it.
LEADIN = re.compile(r"^[ \t]*(?:(?:[-*+]|\d+[.)])[ \t]+|>[ \t]*)*\*\*(?=\S)((?:(?!\*\*)[^\n])*?)。\*\*")
FIX = ("write the colon form, **標籤**：正文 / **标签**：正文 (the full-width colon outside the bold, "
       "no space after it; utils/book/style/zh-*.md §4)")


def bad_leadins(text: str) -> list[str]:
    """The label (without its 。) of each bold lead-in of ``text`` that ends in 「。」 inside the bold;
    lines inside a code fence are skipped."""
    found, fence = [], None
    for line in text.splitlines():
        if m := FENCE.match(line):
            fence = None if fence == m.group(1) else (fence or m.group(1))
            continue
        if fence is None and (m := LEADIN.match(line)):
            found.append(m.group(1))
    return found


def leadin_problems(root: Path = ROOT) -> list[str]:
    """Every bold lead-in in the English form on a page of a Chinese edition, with the fix."""
    problems = []
    for path, _ in _chinese_pages(root):
        if path.suffix == ".ipynb":
            texts = [(f" cell {i} (id {c.get('id')}):", c.source)
                     for i, c in enumerate(notebooks.peek_notebook(path).cells) if c.cell_type == "markdown"]
        else:
            texts = [("", path.read_text(encoding="utf-8"))]
        for where, text in texts:
            problems += [f"{path.relative_to(root)}:{where} the bold lead-in **{label}。** ends in 。 inside the bold; "
                         f"{FIX}: **{label}**：" for label in bad_leadins(text)]
    return problems
