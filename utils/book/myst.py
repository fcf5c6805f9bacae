"""One reader of the book's MyST markdown, for every tool that looks into it.

The checks (reference spacing and wording, English verbs, the error index's sections), the stable
section anchors and the reader notebooks all need the same things from a markdown cell: its labels
``(label)=``, headings, fenced code, inline code spans, roles ``{ref}`x``` and directives
``:::{exercise}``. Each used to find them with regexes of its own, and the regexes disagreed (which
characters a label may have, whether a ``:::`` fence hides a heading, whether a code span may wrap a
line). This module reads them with the parser the site is built with: markdown-it-py with the MyST
plugins, set up by myst-parser's own ``create_md_parser`` with the extensions of _config.yml, so a
tool sees what the page shows.

:func:`parse` returns the :class:`Element` s of a text in document order, each with its offsets in
the text. The body of a directive is read as MyST too (its elements carry the directive's name in
``inside``), except the bodies of the directives that hold code or data (:data:`LITERAL`).
"""
from __future__ import annotations

import atexit
import bisect
import hashlib
import os
import pickle
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

# Directives whose body is code or data, not markdown.
LITERAL = frozenset({"code-cell", "code-block", "code", "sourcecode", "math", "raw", "eval-rst", "literalinclude",
                     "csv-table", "list-table", "mermaid", "glue:figure", "glue:math"})
OPTION = re.compile(r"^:([\w-]+):[ \t]*(.*)$")
DIRECTIVE_INFO = re.compile(r"^\{([^}\s]+)\}[ \t]*(.*)$")
EXTENSIONS = ("colon_fence", "dollarmath", "deflist")  # _config.yml's parse.myst_enable_extensions


@dataclass(frozen=True, eq=False)
class Element:
    """One piece of MyST markup.

    kind: ``label``, ``heading``, ``fence`` (a code block, fenced or indented), ``directive``,
    ``code`` (an inline code span), ``role``, ``math`` (inline), ``link`` (a Markdown link; its
    offsets are those of its text, from after its ``[`` to the end of its last code span, role or
    text, not the whole link) or ``block`` (any other block of the
    text: a paragraph, a list, a table, a quote; for what comes between labels and headings).
    ``start``/``end``: offsets in the text (for a fence or a directive, from its opening marker to
    the end of its closing line); ``raw``: ``text[start:end]``.
    name: the label, the role's or directive's name, a fence's language, a link's target, a block's
    token type. content: a heading's text (markup and all), a role's text between its backticks, a
    code span's code (as CommonMark reads it: a line break is a space), a fence's code, a
    directive's body (after its options).
    level: a heading's level. arg, options: a directive's argument and options. body: (start, end)
    offsets of a directive's body (after its options) or of a fence's code. closed: whether a fence
    or directive has its closing marker. inside: the names of the directives it is in, outermost first.
    """
    kind: str
    start: int
    end: int
    line: int
    raw: str
    name: str = ""
    content: str = ""
    level: int = 0
    arg: str = ""
    options: dict = field(default_factory=dict)
    body: tuple[int, int] | None = None
    closed: bool = True
    inside: tuple[str, ...] = ()

    @property
    def target(self) -> str:
        """A reference role's target: ``label`` of ``{ref}`text <label>``` or of ``{ref}`label```."""
        explicit = re.match(r"^(.*?)\s*<([^<>]+)>\s*$", self.content, re.S)
        return (explicit.group(2) if explicit else self.content).strip()

    @property
    def text(self) -> str | None:
        """A reference role's own text (``text`` of ``{ref}`text <label>```), None when it has none."""
        explicit = re.match(r"^(.*?)\s*<([^<>]+)>\s*$", self.content, re.S)
        return explicit.group(1) if explicit else None


@lru_cache(maxsize=1)
def _parser():
    """myst-parser's own markdown-it setup (no Sphinx is imported), with the book's extensions."""
    from markdown_it.renderer import RendererHTML
    from myst_parser.config.main import MdParserConfig
    from myst_parser.parsers.mdit import create_md_parser

    return create_md_parser(MdParserConfig(enable_extensions=set(EXTENSIONS)), RendererHTML)


class _Reader:
    def __init__(self, text: str):
        self.text = text
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]
        self.cursor = 0
        self.found: list[Element] = []

    def line_start(self, n: int) -> int:
        return self.starts[n] if n < len(self.starts) else len(self.text)

    def line_end(self, n: int) -> int:
        return self.starts[n + 1] - 1 if n + 1 < len(self.starts) else len(self.text)

    def line_of(self, offset: int) -> int:
        return bisect.bisect_right(self.starts, offset) - 1

    def add(self, kind: str, start: int, end: int, **kw) -> None:
        self.found.append(Element(kind, start, end, self.line_of(start), self.text[start:end], **kw))

    def walk(self, tokens, offset: int, inside: tuple[str, ...]) -> None:
        for i, tok in enumerate(tokens):
            if not tok.map:
                continue
            a, b = tok.map[0] + offset, tok.map[1] + offset
            self.cursor = max(self.cursor, self.line_start(a))
            if tok.type == "myst_target":
                start = self.text.index("(", self.line_start(a))
                self.add("label", start, self.text.index(")=", start + len(tok.content)) + 2, name=tok.content,
                         inside=inside)
            elif tok.type == "heading_open":
                line = self.text[self.line_start(a):self.line_end(a)]
                start = self.line_start(a) + len(line) - len(line.lstrip(" \t>"))
                self.add("heading", start, self.line_end(b - 1), content=tokens[i + 1].content,
                         level=int(tok.tag[1]), inside=inside)
            elif tok.type in ("fence", "colon_fence"):
                self.fence(tok, a, b, inside)
            elif tok.type == "code_block":
                self.add("fence", self.line_start(a), self.line_end(b - 1), content=tok.content,
                         body=(self.line_start(a), self.line_end(b - 1)), inside=inside)
            elif tok.type == "inline":
                self.inline(tok, a, b, inside)
            elif tok.level == 0 and tok.nesting >= 0 and tok.type not in ("myst_block_break", "myst_line_comment"):
                line = self.text[self.line_start(a):self.line_end(a)]
                block = self.text[self.line_start(a):self.line_end(b - 1)]
                self.add("block", self.line_start(a) + len(line) - len(line.lstrip()),
                         self.line_start(a) + len(block.rstrip()),
                         name=tok.type.removesuffix("_open"), inside=inside)

    def fence(self, tok, a: int, b: int, inside: tuple[str, ...]) -> None:
        start = self.text.index(tok.markup, self.line_start(a))
        end = self.line_end(b - 1)
        last = self.text[self.line_start(b - 1):end]
        closed = b - 1 > a and bool(re.match(rf"^[ \t>]*{re.escape(tok.markup[0])}{{{len(tok.markup)},}}[ \t]*$", last))
        body_end = self.line_start(b - 1) if closed else end
        info = tok.info.strip()
        d = DIRECTIVE_INFO.match(info)
        if not d:
            self.add("fence", start, end, name=info.split()[0] if info else "", content=tok.content,
                     body=(min(self.line_start(a + 1), body_end), body_end), closed=closed, inside=inside)
            self.cursor = max(self.cursor, end)
            return
        name, arg = d.group(1), d.group(2).strip()
        lines = tok.content.split("\n")
        options, skip = {}, 0
        if name not in LITERAL and lines and lines[0].strip() == "---" and "---" in (l.strip() for l in lines[1:]):
            import yaml

            close = next(k for k in range(1, len(lines)) if lines[k].strip() == "---")
            options = yaml.safe_load("\n".join(lines[1:close])) or {}
            skip = close + 1
        else:
            while skip < len(lines) and (o := OPTION.match(lines[skip].strip())):
                options[o.group(1)] = o.group(2)
                skip += 1
        body = "\n".join([""] * skip + lines[skip:])
        self.add("directive", start, end, name=name, arg=arg, options=options, content="\n".join(lines[skip:]),
                 body=(min(self.line_start(a + 1 + skip), body_end), body_end), closed=closed, inside=inside)
        if name not in LITERAL:
            if arg:  # a title: inline markup (an exercise's, an admonition's)
                self.cursor = start + len(tok.markup) + len(name) + 2
                self.inline(_parser().parseInline(arg)[0], a, a + 1, inside + (name,))
            self.cursor = self.line_start(a + 1)
            self.walk(_parser().parse(body), a + 1, inside + (name,))
        self.cursor = max(self.cursor, end)

    def inline(self, tok, a: int, b: int, inside: tuple[str, ...]) -> None:
        text, limit = self.text, self.line_end(b - 1)
        cur = max(self.cursor, self.line_start(a))
        links = []  # the index in self.found of each link still open
        for c in tok.children or []:
            if c.type == "text" and c.content:
                j = text.find(c.content, cur, limit)
                if j >= 0 and re.fullmatch(r"[\s>\\[]*", text[cur:j]):  # [: a link's text
                    cur = j + len(c.content)
            elif c.type == "myst_role":
                m = re.compile(r"\{" + re.escape(c.meta["name"]) + r"\}(`+)").search(text, cur, limit)
                if not m:
                    continue
                close = text.find(m.group(1), m.end() + 1, limit)  # as mdit_py_plugins.myst_role
                self.add("role", m.start(), close + len(m.group(1)), name=c.meta["name"],
                         content=text[m.end():close], inside=inside)
                cur = close + len(m.group(1))
            elif c.type == "code_inline":
                ticks = "`" * len(c.markup)
                m = re.compile(rf"(?<![`\\]){ticks}(?!`)").search(text, cur, limit)
                n = m and re.compile(rf"(?<!`){ticks}(?!`)").search(text, m.end(), limit)
                if not n:
                    continue
                self.add("code", m.start(), n.end(), content=c.content, inside=inside)
                cur = n.end()
            elif c.type in ("math_inline", "math_inline_double"):
                m = re.compile(rf"(?<![\\$]){re.escape(c.markup)}").search(text, cur, limit)
                n = m and text.find(c.markup, m.end() + len(c.content.strip()) // 2, limit)
                if not m or n < 0:
                    continue
                self.add("math", m.start(), n + len(c.markup), content=c.content, inside=inside)
                cur = n + len(c.markup)
            elif c.type == "link_open":
                links.append(len(self.found))
                self.add("link", cur, cur, name=c.attrs.get("href", ""), inside=inside)
            elif c.type == "link_close" and links:
                k = links.pop()
                link = self.found[k]
                self.found[k] = Element("link", link.start, cur, link.line, text[link.start:cur], name=link.name,
                                        inside=inside)
        self.cursor = max(self.cursor, cur)


@lru_cache(maxsize=16384)
def _parse(text: str) -> tuple[Element, ...]:
    disk = _disk()
    key = hashlib.blake2b(text.encode("utf-8"), digest_size=16).digest() if disk is not None else None
    found = disk.get(key) if disk is not None else None
    if found is None:
        reader = _Reader(text)
        reader.walk(_parser().parse(text), 0, ())
        found = tuple(reader.found)
        if disk is not None:
            disk.put(key, found)
    return found


# ------------------------------------------------------------------ the parses kept between runs

# Every process of make check (both pytest parts and `editions check`) parses every markdown text of
# the book, about 1.8 CPU-s each; loading the parses kept on disk costs about 0.35. The file is named
# by a hash of what a parse depends on besides the text (this module's source, the versions of
# markdown-it-py, mdit-py-plugins and myst-parser), and holds each text's elements under a hash of
# the text. BOOK_MYST_CACHE: the folder (default _build/cache/myst), or "off".
CACHE = Path(__file__).resolve().parents[2] / "_build" / "cache" / "myst"
KEEP_RUNS = 20  # a text no process has parsed in the last KEEP_RUNS writes of the file is dropped from it
PARSER_PACKAGES = ("markdown-it-py", "mdit-py-plugins", "myst-parser")


def parser_key() -> str:
    """A hash of every input of a parse besides its text: this module's source (LITERAL, EXTENSIONS, the
    reader) and the versions of the parser's packages."""
    from importlib import metadata

    digest = hashlib.sha256(Path(__file__).read_bytes())
    for name in PARSER_PACKAGES:
        digest.update(f"\0{name} {metadata.version(name)}".encode())
    return digest.hexdigest()[:24]


class DiskCache:
    """{hash of a text: its elements} in ``folder``/myst-KEY.pickle (KEY: :func:`parser_key`), read once,
    written back at the process's exit when it parsed a text the file lacked (merged with what another
    process wrote meanwhile; entries unused for KEEP_RUNS writes are dropped)."""

    def __init__(self, folder: Path, key: str | None = None):
        self.path = Path(folder) / f"myst-{key or parser_key()}.pickle"
        self.entries = self._read()  # and self._generation, the file's
        self.generation, self.used, self.added = self._generation, set(), False

    def _read(self) -> dict:
        try:
            with open(self.path, "rb") as f:
                stored = pickle.load(f)
            self._generation = stored["generation"]
            return stored["entries"]
        except Exception:  # no file, or not one this code wrote: parse afresh (a cache never fails a run)
            self._generation = 0
            return {}

    def get(self, key: bytes):
        entry = self.entries.get(key)
        if entry is None:
            return None
        self.used.add(key)
        return entry[1]

    def put(self, key: bytes, elements: tuple) -> None:
        self.entries[key] = (self.generation, elements)
        self.used.add(key)
        self.added = True

    def save(self) -> None:
        if not self.added:
            return
        mine = self.entries
        self.entries = self._read()  # what other processes wrote since
        generation = max(self._generation, self.generation) + 1
        for key in self.used:
            self.entries[key] = (generation, mine[key][1])
        entries = {k: v for k, v in self.entries.items() if v[0] > generation - KEEP_RUNS}
        partial = self.path.with_name(f"{self.path.name}.{os.getpid()}.partial")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with open(partial, "wb") as f:
                pickle.dump({"generation": generation, "entries": entries}, f, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(partial, self.path)
            for old in self.path.parent.glob("myst-*.pickle"):  # another parser's: obsolete
                if old != self.path:
                    old.unlink(missing_ok=True)
        except (OSError, pickle.PicklingError):  # a read-only checkout: the next run parses again
            partial.unlink(missing_ok=True)
        self.entries, self.generation, self.added = entries, generation, False


@lru_cache(maxsize=1)
def _disk() -> DiskCache | None:
    where = os.environ.get("BOOK_MYST_CACHE", "")
    if where == "off":
        return None
    cache = DiskCache(Path(where) if where else CACHE)
    atexit.register(cache.save)
    return cache


def parse(text: str) -> list[Element]:
    """The elements of ``text`` (a markdown cell, a MyST page), in document order."""
    return list(_parse(text))


def _kind(text: str, kind: str, names) -> list[Element]:
    return [e for e in _parse(text) if e.kind == kind and (not names or e.name in names)]


def labels(text: str) -> list[Element]:
    return _kind(text, "label", ())


def headings(text: str) -> list[Element]:
    return _kind(text, "heading", ())


def roles(text: str, *names: str) -> list[Element]:
    """The roles of ``text`` (those named ``names``, when given): none in code, fenced or inline."""
    return _kind(text, "role", names)


def directives(text: str, *names: str) -> list[Element]:
    return _kind(text, "directive", names)


def code_spans(text: str) -> list[Element]:
    return _kind(text, "code", ())


def fences(text: str) -> list[Element]:
    return _kind(text, "fence", ())


def labelled_headings(text: str) -> dict[str, Element]:
    """{label: the heading it names} for each label followed by a heading, with nothing but blank
    lines and other labels between them (docutils gives the section every one of them)."""
    found, waiting = {}, []
    for e in _parse(text):
        if e.kind == "label":
            waiting.append(e.name)
        elif e.kind == "heading":
            found.update(dict.fromkeys(waiting, e))
            waiting = []
        elif e.kind not in ("role", "code", "math", "link"):
            waiting = []
    return found


def title(text: str) -> Element | None:
    """The first level-1 heading of ``text`` outside any directive."""
    return next((e for e in _parse(text) if e.kind == "heading" and e.level == 1 and not e.inside), None)


def markup_spans(element: Element) -> list[tuple[int, int]]:
    """The offsets of a directive's own markup: its opening line and options, and its closing line
    (a directive that holds code: all of it)."""
    if element.kind != "directive" or element.name in LITERAL or element.body is None:
        return [(element.start, element.end)]
    return [(element.start, element.body[0]), (element.body[1], element.end)]


def blank(text: str, spans) -> str:
    """``text`` with each (start, end) span, or Element, turned into spaces (line breaks kept, so
    offsets and line numbers stay)."""
    chars = list(text)
    for span in spans:
        start, end = (span.start, span.end) if isinstance(span, Element) else span
        for k in range(start, end):
            if chars[k] != "\n":
                chars[k] = " "
    return "".join(chars)
