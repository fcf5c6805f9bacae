"""No English verb used as a Chinese verb: 「请对优势 detach」, 「每步都 zero_grad」.

In a Chinese sentence a PyTorch operation is named as code, in backticks or as a call
(`detach()`, ``optimizer.zero_grad()``), and a Chinese verb does the work: 「呼叫 `detach()`」 /
「调用 `detach()`」, 「做一份 `clone()` 副本」. A word of VERBS written bare (no backticks, no call
parentheses, not an attribute after a dot, not part of a longer name such as ``retain_graph``) in
a text that has Chinese is flagged (the style guides, utils/book/style/, §2). Checked in the message
catalogs of the judges and the companion (``editions check``) and in the Chinese prose of the
notebooks (:func:`prose_problems`).
"""
from __future__ import annotations

import re
from pathlib import Path


from utils.book import config, myst, notebooks, yamlread
from utils.book.editions.data import MESSAGE_CATALOGS
from utils.book.editions.prose import URL

ROOT = config.ROOT
# The operations a sentence does to a tensor, a graph or an optimizer. Not here: ``backward`` (a custom
# Function's method is named bare, as a noun: 「在 backward 中」) and ``pack``/``unpack`` (the hooks'
# names, 「pack 鉤子」: a question of terms, for the glossary).
VERBS = ("detach", "clone", "zero_grad", "retain", "step", "free", "save", "accumulate", "register", "compile",
         "release", "reset", "copy", "update", "recompute", "offload", "call")
FIELD = re.compile(r"\{[\w.]*(?:![rsa])?(?::[^{}]*)?\}")  # a catalog's format field: {step}, {ratio:.2f}
CHINESE = re.compile(r"[\u3400-\u9fff]")
# A bare verb: not after a dot, a backslash or a word character, not before "(" or a word character.
BARE = re.compile(r"(?<![\w.\\/-])(" + "|".join(VERBS) + r")(?![\w(/-])", re.I)
# Quoted English (an error message 「Trying to ...」) and a gloss after a Chinese word (复制（clone）).
QUOTED = re.compile(r"「[\x00-\x7f]*」|“[\x00-\x7f]*”|（[\x00-\x7f]*）")


def english_verbs(text: str) -> list[str]:
    """The bare English verbs of ``text`` outside code, when ``text`` is Chinese (else none). Code is
    what the MyST reader (utils/book/myst.py) finds: fences, code spans (one that wraps a line too),
    roles ({ref}`...`, {term}`...`: their targets are not prose), math and directives' own markup."""
    spans = []
    for e in myst.parse(text):
        if e.kind == "directive":
            spans += myst.markup_spans(e)
        elif e.kind in ("fence", "code", "role", "math"):
            spans.append((e.start, e.end))
    prose = QUOTED.sub(" ", FIELD.sub(" ", URL.sub(" ", myst.blank(text, spans))))
    if not CHINESE.search(prose):
        return []
    return [m.group(1) for m in BARE.finditer(prose)]


def catalog_problems(root: Path = ROOT) -> list[str]:
    """Every Chinese message of every catalog (the judges', the companion's) with a bare English verb."""
    problems = []
    for path in sorted((Path(root) / MESSAGE_CATALOGS).glob("*.yml")):
        for key, entry in (yamlread.load(path.read_text(encoding="utf-8")) or {}).items():
            for edition in config.translations(root):
                text = entry.get(edition) if isinstance(entry, dict) else None
                if isinstance(text, str) and (found := english_verbs(text)):
                    problems.append(f"{path.relative_to(root)}: {key}: {edition}: the English verb "
                                    f"{', '.join(sorted(set(found)))} in a Chinese sentence; name the code "
                                    f"in backticks (`detach()`) and say the action in Chinese (呼叫/调用 …)")
    return problems


def prose_problems(root: Path = ROOT) -> list[str]:
    """Every markdown cell of a Chinese notebook with a bare English verb in its prose."""
    problems = []
    for edition in config.translations(root):
        for path in sorted((Path(root) / "book" / edition).glob("*.ipynb")):
            for i, cell in enumerate(notebooks.peek_notebook(path).cells):
                if cell.cell_type == "markdown" and (found := english_verbs(cell.source)):
                    problems.append(f"{path.relative_to(root)}: cell {i} (id {cell.get('id')}): the English verb "
                                    f"{', '.join(sorted(set(found)))} in a Chinese sentence")
    return problems
