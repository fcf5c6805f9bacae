"""Reading the prose of a page: what is prose (not code, links or directive markup), which script
it is written in, and how its bold and italics render."""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from utils.book import config, notebooks

ROOT = config.ROOT
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")
INLINE_CODE = re.compile(r"```.*?```|`[^`\n]*`|\$\$.*?\$\$|\$[^$\n]*\$", re.S)
URL = re.compile(r"\]\([^)]*\)|https?://\S+|<!--.*?-->", re.S)
# MyST directive markup (a fence line with its name and label, an option line) is not prose.
DIRECTIVE_MARKUP = re.compile(r"^\s*(?:[:`]{3,}\{[^}]*\}.*|[:`]{3,}\s*|:[\w-]+:.*)$", re.M)


# A figure's text, translated with the prose: kind -> where myst-nb reads it in a code cell's
# metadata.mystnb. A translation stamps each with the hash of its English ("alt_source", ...).
FIGURE_TEXT = {"alt": ("image", "alt"), "caption": ("figure", "caption")}


def figure_text(cell, kind: str) -> str | None:
    """A code cell's figure text of ``kind`` ('alt' or 'caption'), if it has one."""
    if cell.get("cell_type") != "code":
        return None
    group, field = FIGURE_TEXT[kind]
    return cell.get("metadata", {}).get("mystnb", {}).get(group, {}).get(field) or None


@lru_cache(maxsize=1)
def _markdown():
    from markdown_it import MarkdownIt
    from mdit_py_plugins.colon_fence import colon_fence_plugin
    from mdit_py_plugins.dollarmath import dollarmath_plugin

    return MarkdownIt("commonmark").use(dollarmath_plugin).use(colon_fence_plugin).enable("table")


@lru_cache(maxsize=4096)  # the checks ask for each English cell's shape once per translation
def emphasis_shape(text: str) -> tuple[str, ...]:
    """The order in which bold and italics open and close when MyST's parser renders ``text``
    ('<' '>' for italics, '[' ']' for bold). CommonMark does not close a '*' between a
    full-width bracket and a CJK character, so a translation can silently pair the wrong
    asterisks (a whole paragraph in italics) or show them raw; its shape then differs from
    the English one."""
    marks = {"em_open": "<", "em_close": ">", "strong_open": "[", "strong_close": "]"}
    shape = []

    def walk(tokens):
        for tok in tokens:
            if tok.type in marks:
                shape.append(marks[tok.type])
            elif tok.type == "text" and "*" in tok.content:
                shape.append("*")
            if tok.children:
                walk(tok.children)

    walk(_markdown().parse(text))
    return tuple(shape)


def strip_code(text: str) -> str:
    return URL.sub("", INLINE_CODE.sub("", DIRECTIVE_MARKUP.sub("", text)))


def has_prose(text: str) -> bool:
    return len(LATIN_WORD.findall(strip_code(text))) >= 3


def prose_of(path: Path) -> list[tuple[str, str]]:
    """(where, text) of the prose of a page: its markdown cells, or the page itself."""
    if path.suffix == ".ipynb":
        nb = notebooks.peek_notebook(path)  # read, never changed
        out = [(f"cell {i} (id {c.get('id')})", strip_code(c.source)) for i, c in enumerate(nb.cells)
               if c.cell_type == "markdown"]
        for i, c in enumerate(nb.cells):
            for kind in FIGURE_TEXT:
                text = figure_text(c, kind)
                if text:
                    out.append((f"cell {i} (id {c.get('id')}) figure {kind}{' text' if kind == 'alt' else ''}",
                                strip_code(text)))
        return out
    return [("text", strip_code(path.read_text(encoding="utf-8")))]


@lru_cache(maxsize=None)
def _converter(name: str):
    import opencc

    return opencc.OpenCC(name)


def script_letters(edition: str, root: Path = ROOT) -> re.Pattern:
    """What the prose of ``edition`` must contain (its `script.letters` in _config.yml)."""
    script = config.editions(root)[edition].get("script") or {}
    return re.compile(script.get("letters", r"[A-Za-z]"))


def wrong_script_chars(text: str, edition: str, root: Path = ROOT) -> list[str]:
    """Characters of another script, decided by the edition's pair of OpenCC configurations.

    With ``opencc: [forward, back]`` a character belongs to the other script when
    ``forward`` changes it and ``back`` leaves it as it is. zh-Hant (Taiwan) uses
    s2tw/tw2s, so Taiwan's standard forms (峰, not OpenCC's 峯) pass; zh-Hans uses
    t2s/s2t. An edition without `opencc` has no such check.
    """
    pair = (config.editions(root)[edition].get("script") or {}).get("opencc")
    if not pair:
        return []
    letters = script_letters(edition, root)
    return [ch for ch in sorted(set(letters.findall(text))) if _other_script(ch, *pair)]


@lru_cache(maxsize=None)
def _other_script(ch: str, forward: str, back: str) -> bool:
    return _converter(forward).convert(ch) != ch and _converter(back).convert(ch) == ch
