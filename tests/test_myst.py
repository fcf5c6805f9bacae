"""The MyST reader (utils/book/myst.py): what the checks, the anchors and the reader notebooks see in
a markdown cell, on the inputs the old regexes of each tool got wrong or disagreed on."""
import pytest

from utils.book import myst
from utils.book.editions import error_index, refs, spacing, verbs
from utils.book.sphinx_ext.anchors import english_sections


def kinds(text, *wanted):
    return [(e.kind, e.name, e.raw) for e in myst.parse(text) if e.kind in wanted]


def test_offsets_are_the_sources():
    text = ("(a.b)=\n# Title {ref}`x`\n\nSee `code` and {ref}`the loop <rg-loop>`.\n\n"
            ":::{exercise} An {term}`leaf`\n:label: ex-1\n\nBody.\n:::\n")
    for e in myst.parse(text):
        assert text[e.start:e.end] == e.raw
    loop = myst.roles(text, "ref")[1]
    assert (loop.raw, loop.target, loop.text) == ("{ref}`the loop <rg-loop>`", "rg-loop", "the loop")
    assert myst.roles(text, "ref")[0].target == "x" and myst.roles(text, "ref")[0].text is None


def test_a_code_span_that_wraps_a_line_is_code_and_hides_its_role():
    text = "他說 `Trying to step\nthrough the graph` 之後 ``{ref}`x` `` 再 detach 了 {ref}`y`"
    spans = myst.code_spans(text)
    assert [s.raw for s in spans] == ["`Trying to step\nthrough the graph`", "``{ref}`x` ``"]
    assert spans[0].content == "Trying to step through the graph" and spans[1].content == "{ref}`x` "
    assert [r.target for r in myst.roles(text)] == ["y"]
    assert verbs.english_verbs(text) == ["detach"]  # "step" is in the code span; the verb after it is prose
    # a role's own text that wraps a line is one role (error_index missed it: cg-gradient-penalty)
    wrapped = "see {ref}`the gradient penalty\n<cg-gradient-penalty>` here"
    [role] = myst.roles(wrapped, "ref")
    assert role.target == "cg-gradient-penalty" and wrapped[role.start:role.end] == role.raw


def test_a_link_spans_its_text_and_the_code_in_it():
    text = "See [`nn.Linear` and {ref}`x`](https://example.org) then `after` and [plain](#y)."
    links, codes = myst._kind(text, "link", ()), myst.code_spans(text)
    assert [(l.name, l.raw) for l in links] == [("https://example.org", "[`nn.Linear` and {ref}`x`"), ("#y", "[plain")]
    inside = [c.raw for c in codes if any(l.start <= c.start and c.end <= l.end for l in links)]
    assert inside == ["`nn.Linear`"]  # `after` follows the link


def test_a_role_inside_a_table_is_found_with_its_offsets():
    text = "| 情況 | 見 |\n|---|---|\n| 保存 | 見 {ref}`rg-why` 一節 |\n"
    [role] = myst.roles(text, "ref")
    assert text[role.start:role.end] == "{ref}`rg-why`" and role.line == 2
    known = {"rg-why": "為什麼"}
    assert spacing._bad_spaces(text, known) == [(role.start - 1, role.raw), (role.end, role.raw)]
    assert spacing.fixed(text, known) == "| 情況 | 見 |\n|---|---|\n| 保存 | 見{ref}`rg-why`一節 |\n"


def test_a_fence_inside_a_directive_is_code_and_the_directive_body_is_read():
    text = (":::{exercise} 標題\n:label: ex-1\n\n```python\nx.detach()  # {ref}`not-a-role`\n```\n\n"
            "文字 {ref}`a-role`\n\n# A heading in a directive\n:::\n\n~~~\n# not a heading\n(not-a-label)=\n~~~\n")
    [directive] = myst.directives(text, "exercise")
    assert (directive.arg, directive.options, directive.closed) == ("標題", {"label": "ex-1"}, True)
    [fence, tilde] = myst.fences(text)
    assert fence.inside == ("exercise",) and fence.name == "python" and "not-a-role" in fence.content
    assert tilde.inside == () and myst.labels(text) == []
    assert [r.target for r in myst.roles(text)] == ["a-role"]
    assert [h.inside for h in myst.headings(text)] == [("exercise",)]
    assert refs.exercise_labels([text]) == {"ex-1"}
    assert english_sections_of(text) == []  # a heading in a directive or a fence heads no section


def test_a_label_with_a_dot_names_the_heading_after_it():
    text = "(api.detach)=\n(also-this)=\n\n## `detach()` and {term}`leaf`\n\nText.\n"
    assert [e.name for e in myst.labels(text)] == ["api.detach", "also-this"]
    headed = myst.labelled_headings(text)
    assert {k: h.content for k, h in headed.items()} == {"api.detach": "`detach()` and {term}`leaf`",
                                                         "also-this": "`detach()` and {term}`leaf`"}
    # a label followed by prose names no heading
    assert myst.labelled_headings("(x)=\nText.\n\n# H\n") == {}


def test_unclosed_fences_and_yaml_options():
    [d] = myst.directives(":::{note}\n---\nclass: tip\n---\nText\n")
    assert d.options == {"class": "tip"} and not d.closed and d.content.strip() == "Text"
    assert myst.fences("```python\nx\n")[0].closed is False


def test_blank_keeps_offsets_and_lines():
    text = "a `b`\n```\nc\n```\nd"
    blanked = myst.blank(text, myst.code_spans(text) + myst.fences(text))
    assert len(blanked) == len(text) and blanked.count("\n") == text.count("\n")
    assert blanked.split() == ["a", "d"]


def english_sections_of(text):
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "page.md"
        path.write_text(text, encoding="utf-8")
        return english_sections(path)


@pytest.mark.parametrize("markdown, sections", [
    ("(rg-x)=\n# One\n\n```\n# comment\n```\n\n## Two\n", ["rg-x", "two"]),
    ("(a.b)=\n## Dotted\n", ["a.b"]),
    ("(lost)=\nText between.\n\n## Plain\n", ["plain"]),
])
def test_anchors_read_sections_through_the_reader(markdown, sections):
    assert english_sections_of(markdown) == sections


def test_error_index_links_follow_a_role_that_wraps_a_line(tmp_path, monkeypatch):
    import nbformat

    from utils.book import notebooks

    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell(
        "(sec-a)=\n## A\n\nSee {ref}`the other\nsection <sec-b>` and [there](#sec-c).\n\n"
        "```\n(not-a-label)=\n## not a heading\n```\n\n(sec-b)=\n## B\n")])
    (tmp_path / "book" / "en").mkdir(parents=True)
    nbformat.write(nb, tmp_path / "book" / "en" / "x.ipynb")
    monkeypatch.setattr(notebooks, "english_notebooks", lambda root: [tmp_path / "book" / "en" / "x.ipynb"])
    found = error_index.sections(tmp_path)
    assert set(found) == {"sec-a", "sec-b"}
    assert found["sec-a"]["links"] == ["sec-b", "sec-c"] and found["sec-b"]["parents"] == []


def test_title_is_the_first_level_one_heading_outside_a_directive():
    text = ":::{note}\n# Inside\n:::\n\n## Second level\n\n# The title\n\n# Another\n"
    assert myst.title(text).content == "The title"
    assert myst.title("## Only a section\n") is None


def test_markup_spans_are_a_directive_s_own_lines_and_all_of_a_literal_one():
    text = ":::{note}\n:class: x\nBody text.\n:::\n\n```{code-cell} python\nx = 1\n```\n"
    [note] = myst.directives(text, "note")
    assert [text[a:b] for a, b in myst.markup_spans(note)] == [":::{note}\n:class: x\n", ":::"]
    [heading] = myst.headings("# H\n")
    assert myst.markup_spans(heading) == [(heading.start, heading.end)]
    literal = "::::{exercise}\n:label: e\n:::{math}\nx\n:::\nText\n::::\n"
    [math] = myst.directives(literal, "math")
    assert [literal[a:b] for a, b in myst.markup_spans(math)] == [":::{math}\nx\n:::"]


def test_each_kind_of_element_spans_exactly_its_source():
    """A label, a level-2 heading, an indented code block, a two-line paragraph, a directive with a
    title holding a role and YAML options: each element's offsets cover its text, no more."""
    text = ("(lbl)=\n## Title two\n\n    indented code\n    more\n\nA paragraph\nover two lines.\n\n"
            ":::{note} A {ref}`x` title\n---\nclass: tip\n---\nBody.\n:::\n")
    got = [(e.kind, e.name, text[e.start:e.end], e.inside) for e in myst._parse(text)]
    assert got == [("label", "lbl", "(lbl)=", ()), ("heading", "", "## Title two", ()),
                   ("fence", "", "    indented code\n    more", ()),
                   ("block", "paragraph", "A paragraph\nover two lines.", ()),
                   ("directive", "note", ":::{note} A {ref}`x` title\n---\nclass: tip\n---\nBody.\n:::", ()),
                   ("role", "ref", "{ref}`x`", ("note",)), ("block", "paragraph", "Body.", ("note",))]
    [heading] = myst.headings(text)
    [note] = myst.directives(text, "note")
    assert heading.level == 2 and note.options == {"class": "tip"} and text[note.body[0]:note.body[1]] == "Body.\n"


def _spans(text, *wanted):
    return [(e.kind, text[e.start:e.end]) for e in myst._parse(text) if e.kind in wanted]


def test_a_directive_s_empty_yaml_block_its_untitled_body_and_a_title_right_after_the_name():
    """``---`` then ``---`` at once: empty options, the body after them; a body's first line is read
    (a role there); a title that starts right after ``{name}`` keeps its code span's offsets."""
    text = ":::{note}\n---\n---\nbody {ref}`a`\n:::"
    [note] = myst.directives(text, "note")
    assert note.options == {} and note.content == "body {ref}`a`\n"
    assert text[note.body[0]:note.body[1]] == "body {ref}`a`\n"
    assert _spans(":::{note}\n{ref}`x` first\n:::", "role") == [("role", "{ref}`x`")]
    assert _spans(":::{note}`x` y\nbody\n:::", "code") == [("code", "`x`")]


def test_fences_empty_or_plain_and_the_body_of_an_indented_code_block():
    """An empty fence is closed; a plain fence's body is its code lines; an indented block's body is
    all of it; a block (hr) and a list are one top-level block each, their inner blocks none."""
    [empty] = myst.parse("```\n```")
    assert empty.kind == "fence" and empty.closed and empty.body == (4, 4)
    plain = "```\nx\n```"
    [fence] = myst.parse(plain)
    assert plain[fence.body[0]:fence.body[1]] == "x\n"
    indented = "    code\n    more\n"
    [code] = myst.parse(indented)
    assert indented[code.body[0]:code.body[1]] == "    code\n    more"
    assert _spans("***\n\n- a\n- b\n", "block") == [("block", "***"), ("block", "- a\n- b")]


def test_inline_math_and_a_link_with_emphasis_span_their_source():
    """Inline math with an escaped dollar inside ends at its own closing dollar; a text the reader
    cannot place (an entity) does not move its cursor; a link ends after the code that ends it, past
    an emphasis inside it."""
    math = "$ab\\$cdef$ and $x$"
    assert _spans(math, "math") == [("math", "$ab\\$cdef$"), ("math", "$x$")]
    assert _spans("&#120;{ref}`x`", "role") == [("role", "{ref}`x`")]
    link = "[*a* `c`](u)"
    [found] = [e for e in myst.parse(link) if e.kind == "link"]
    assert found.raw.endswith("`c`")


def test_a_span_the_reader_cannot_place_is_left_out_not_given_another_line_s_offsets():
    """A code span or a math span whose opening marker follows an escaped backslash is not placed
    (the reader's search skips a marker after a backslash); it is left out rather than matched to a
    marker of the next line."""
    text = ":::{note} \\\\`x`\nbody `y`\n:::"
    assert _spans(text, "code") == [("code", "`y`")]
    assert _spans("\\\\$x$\n", "math") == []


# ------------------------------------------------------------------ the parses kept between runs

def _fields(elements):
    return [vars(e) for e in elements]


def test_a_kept_parse_is_used_only_for_the_same_text_and_the_same_parser(tmp_path, monkeypatch):
    """myst.DiskCache: a second process gets the first one's parse without parsing; a changed text, a
    changed parser (this module's source or a package's version: parser_key) or a file that is not a
    cache parses again; entries no process used for KEEP_RUNS writes are dropped."""
    text, other = "(lbl)=\n# Title {ref}`x`\n\nSee `code`.\n", "(lbl)=\n# Title {ref}`y`\n\nSee `code`.\n"
    reference = _fields(real_parse(text))
    parses = []
    real_parser = myst._parser

    def counting():
        parses.append(1)
        return real_parser()

    monkeypatch.setattr(myst, "_parser", counting)

    def run(key="k1"):
        """A process: a fresh cache object and an empty in-memory cache, then exit."""
        cache = myst.DiskCache(tmp_path, key)
        monkeypatch.setattr(myst, "_disk", lambda: cache)
        myst._parse.cache_clear()
        try:
            return _fields(myst.parse(text)), _fields(myst.parse(other))
        finally:
            cache.save()
            myst._parse.cache_clear()

    other_reference = _fields(real_parse(other))
    assert run() == (reference, other_reference) and len(parses) == 2
    assert run()[0] == reference and len(parses) == 2  # both from the file
    text = text.replace("Title", "Titles")  # a changed text
    changed = _fields(real_parse(text))
    assert run()[0] == changed and len(parses) == 3
    run("k2")  # another parser: both texts again, and the other parser's file is gone
    assert len(parses) == 5 and [p.name for p in tmp_path.glob("myst-*.pickle")] == ["myst-k2.pickle"]
    (tmp_path / "myst-k3.pickle").write_bytes(b"not a pickle")
    run("k3")
    assert len(parses) == 7
    run()  # k1 again: its file was removed
    assert len(parses) == 9
    # An entry unused for KEEP_RUNS writes is dropped; the ones in use stay.
    stored = lambda: __import__("pickle").loads((tmp_path / "myst-k1.pickle").read_bytes())["entries"]
    assert len(stored()) == 2
    digest = lambda t: myst.hashlib.blake2b(t.encode("utf-8"), digest_size=16).digest()
    first = text
    assert digest(first) in stored()
    for _ in range(myst.KEEP_RUNS):
        text = text + "."
        run()
    assert digest(first) not in stored() and digest(other) in stored() and digest(text) in stored()
    assert len(stored()) == myst.KEEP_RUNS + 1 and len(parses) == 9 + myst.KEEP_RUNS  # the last runs' texts, other


_PARSER = myst._parser


def real_parse(text):
    """The elements of ``text`` as _parse makes them, without any cache."""
    reader = myst._Reader(text)
    reader.walk(_PARSER().parse(text), 0, ())
    return reader.found


def test_the_parser_key_covers_this_module_and_the_parsers_packages(monkeypatch):
    from importlib import metadata

    key = myst.parser_key()
    assert key == myst.parser_key()
    real = metadata.version
    monkeypatch.setattr(metadata, "version", lambda name: real(name) + ("x" if name == "myst-parser" else ""))
    assert myst.parser_key() != key
    monkeypatch.setattr(metadata, "version", real)
    source = myst.Path(myst.__file__).read_bytes()
    monkeypatch.setattr(myst.Path, "read_bytes", lambda self: source + b"#" if self.name == "myst.py" else b"")
    assert myst.parser_key() != key
