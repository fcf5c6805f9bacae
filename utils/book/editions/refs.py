"""References that read as Chinese. A bare ``{ref}`label``` (or ``{doc}`page```) renders as its
target's title; in a Chinese sentence the title then becomes part of the clause (「所有原因一次看
列出了每一種原因」), so a bare reference may only stand where a title reads as a title, set apart
from the sentence:

- on its left: the start of a line or of a list item or table cell (``-``, ``1.``, ``|``), an
  opening bracket or quote (（「“), a colon (：:), an enumeration comma (、), or one of the words
  that introduce a pointer (見, 另見, 參見, 詳見, 請見, 請看, 參閱 and their Simplified forms): the
  「見…」 construction;
- on its right: the end of the line or of a table cell, a closing bracket or quote, or
  punctuation that ends the clause (。，、；：！？).

Anything else, a Chinese character or a Latin word on either side (「下一章的{ref}`x`一節會測量」,
「和{ref}`x`相同」), melts, and the reference carries its own text that fits the sentence:
``{ref}`「標題」一節 <label>``` (zh-Hans ``{ref}`“标题”一节 <label>```) or a short noun phrase
(``{ref}`捐贈緩衝區錯誤 <tc-donated>```). A reference to an exercise is exempt: it renders as
「練習 2」, a noun phrase; but the word 練習/练习 (or Exercise) right before it is then said twice
(「練習 練習 2」), which is flagged. Spacing around a reference is spacing.py's rule. Checked by
``editions check`` over the markdown cells and .md pages of every
Chinese edition; tests/test_refs.py plants each fault.
"""
from __future__ import annotations

import re
from pathlib import Path

from utils.book import config, myst, notebooks
from utils.book.editions.data import edition_pages
from utils.book.editions.spacing import _texts, titles

ROOT = config.ROOT
POINTERS = ("見", "见", "另見", "另见", "參見", "参见", "詳見", "详见", "請見", "请见", "請看", "请看",
            "參閱", "参阅")
LEFT_OPEN = re.compile(r"^[ \t>]*(?:[-*+]|\d+[.)])?[ \t]*$|[（(「“『\[：:、|]\s*$|(?:"
                       + "|".join(POINTERS) + r")\s*$")
# matched at the reference's end (RIGHT_CLOSE.match(text, end)), past any run of spaces: what follows them
RIGHT_CLOSE = re.compile(r"\s*(?:$|\n|[）)」”』\]。，、；：！？.,;:!?|])")
EXERCISE_WORD = re.compile(r"(?:練習|练习|exercise)\s*(?:第\s*)?$", re.I)
CJK = re.compile(r"[\u3400-\u9fff]")


def bare_references(text: str) -> list[myst.Element]:
    """The ``{ref}`` and ``{doc}`` roles of ``text`` (outside code) that carry no text of their own:
    they render as their target's title ({doc} inserts its page's title the same way)."""
    return [r for r in myst.roles(text, "ref", "doc") if r.text is None and "<" not in r.content]


def melting(text: str, exercises: set[str] = frozenset()) -> list[str]:
    """The bare references of ``text`` whose title would become part of a Chinese clause (not those to
    an exercise: 「練習 2」 is a noun phrase, not a title)."""
    found = []
    for m in bare_references(text):
        if m.target in exercises:
            continue
        line = text[text.rfind("\n", 0, m.start) + 1:m.start]
        before, after = line[-12:], text[m.end:m.end + 2]
        if not LEFT_OPEN.search(line) or not RIGHT_CLOSE.match(text, m.end):
            found.append(f"…{before}{m.raw}{after}…".replace("\n", " "))
    return found


def exercise_labels(texts) -> set[str]:
    """The labels of the exercises (``:::{exercise}`` with ``:label:``) in ``texts``."""
    return {d.options["label"].strip() for t in texts for d in myst.directives(t, "exercise") if d.options.get("label")}


def doubled_exercise_words(text: str, exercises: set[str]) -> list[str]:
    """References to an exercise right after the word 練習/练习/Exercise, which the reference repeats."""
    return [m.raw for m in myst.roles(text, "ref", "numref")
            if m.target in exercises and EXERCISE_WORD.search(text[max(0, m.start - 12):m.start])]


def chinese_editions(root: Path = ROOT) -> list[str]:
    return [e for e, entry in config.editions(root).items()
            if e != config.SOURCE and entry.get("language", "").startswith("zh")]


def ref_problems(root: Path = ROOT) -> list[str]:
    """Every melting bare reference and every doubled exercise word in the Chinese editions."""
    problems = []
    for edition in chinese_editions(root):
        pages = edition_pages(edition, root)
        texts = {path: _texts(path) for path in pages.values()}
        exercises = exercise_labels(t for ts in texts.values() for t in ts)
        for path, cells in texts.items():
            rel = path.relative_to(root)
            for text in cells:
                for where in melting(text, exercises):
                    problems.append(f"{rel}: the bare reference in {where!r} melts into the sentence (its title "
                                    "becomes part of the clause); give it its own text: {ref}`「標題」一節 <label>` "
                                    "/ {ref}`“标题”一节 <label>` or {ref}`這一節 <label>` (utils/book/editions/refs.py)")
                for ref in doubled_exercise_words(text, exercises):
                    problems.append(f"{rel}: {ref} follows the word 練習/练习, which the reference already says "
                                    "(「練習 練習 2」); drop the word")
    return problems


def suggested(label: str, edition: str, known: dict[str, str], role: str = "ref") -> str:
    """The reference with its own text: the target's title (code marks dropped, inner quotes made
    inner ones) quoted, followed by 一節/一节 (一章 for a page, ``{doc}``)."""
    title = re.sub(r"[`*]", "", known.get(label, label))
    unit = "一章" if role == "doc" else "一节" if edition == "zh-hans" else "一節"
    if edition == "zh-hans":
        return f"{{{role}}}`“{title.replace('“', '‘').replace('”', '’')}”{unit} <{label}>`"
    return f"{{{role}}}`「{title.replace('「', '『').replace('」', '』')}」{unit} <{label}>`"


def with_own_text(text: str, edition: str, known: dict[str, str], exercises: set[str] = frozenset()) -> str:
    """``text`` with every melting bare reference given its own text (:func:`suggested`), and no
    space left between it and a Chinese neighbour."""
    for m in reversed(bare_references(text)):
        if m.target in exercises or (LEFT_OPEN.search(text[text.rfind("\n", 0, m.start) + 1:m.start])
                                     and RIGHT_CLOSE.match(text, m.end)):
            continue
        start, end = m.start, m.end
        spaces = len(text[end:]) - len(text[end:].lstrip(" "))  # a run of them: the melt reads past it
        if spaces and CJK.match(text[end + spaces:end + spaces + 1]):
            end += spaces
        if text[end:end + 2] in ("一節", "一节"):  # the sentence already says it: 「…」一節 once
            end += 2
        if start > 0 and text[start - 1] == " " and CJK.match(text[start - 2:start - 1]):
            start -= 1
        text = text[:start] + suggested(m.target, edition, known, m.name) + text[end:]
    return text


def fix(root: Path = ROOT) -> int:
    """Give every melting reference of the Chinese editions its own text; the number of cells changed."""
    changed = 0
    for edition in chinese_editions(root):
        known, pages = titles(edition, root), edition_pages(edition, root)
        exercises = exercise_labels(t for path in pages.values() for t in _texts(path))
        for path in pages.values():
            if path.suffix == ".ipynb":
                nb = notebooks.read_notebook(path)
                for c in nb.cells:
                    if c.cell_type == "markdown" and (new := with_own_text(c.source, edition, known, exercises)) != c.source:
                        c.source, changed = new, changed + 1
                notebooks.write_notebook(nb, path)
            elif (new := with_own_text(old := path.read_text(encoding="utf-8"), edition, known, exercises)) != old:
                path.write_text(new, encoding="utf-8")
                changed += 1
    return changed


if __name__ == "__main__":
    print(f"{fix()} cells given references with their own text")
