"""One planted input per rule and per regex alternative of the convention and edition checks, so
that removing a rule, or one alternative of a pattern, fails a test (issue 20, item 6)."""
import json
import shutil
from pathlib import Path

import nbformat
import pytest

from utils.book import notebooks
from utils.book.editions import changes, data, prose

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("path", [
    "/root/book/x.py", "/tmp/tmpab12/x.py", "/home/someone/x.py", "/Users/someone/x.py", "/work/main/x.py",
    "lib/python3.11/site-packages/torch/x.py", "project/.venv/lib/x.py", "C:\\Users\\x\\y.py",
])
def test_every_machine_path_form_is_flagged(tmp_path, path):
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("print(1)")
    cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text=f"File {path}, line 3\n")]
    nb.cells = [cell]
    nb.cells[0].id = "c0"
    for name in ("_config.yml", "_toc.yml", "requirements.txt"):
        shutil.copy(ROOT / name, tmp_path / name)
    target = tmp_path / "x.ipynb"
    target.write_text(json.dumps(nb))
    problems = notebooks.convention_problems(target, tmp_path)
    assert any("machine path" in p for p in problems), problems


def test_a_relative_path_is_not_a_machine_path(tmp_path):
    assert notebooks.MACHINE_PATHS.search(json.dumps(["utils/autograd_book/measure.py:12", "torch/autograd/graph.py"])) is None


@pytest.mark.parametrize("entry", [{}, {"translated_from": {}}, {"translated_from": {"zh-hans": "0" * 16}}])
def test_a_missing_stamp_is_a_problem(entry):
    entry = {"id": "x", "summary": {"en": "some English"}, **entry}
    problems = changes.entry_stamp_problems("errors", "errors.yml: x", entry, "zh-hant")
    assert problems and "no translated_from stamp for zh-hant" in problems[0]


def test_a_current_and_a_stale_stamp(tmp_path):
    # root: a folder outside git, so the stale stamp's English is looked up in no history (the
    # repository's would parse every committed errors.yml, about 3 s; tests/small_book.py's tests
    # find an older English in a git history)
    english = "some English"
    entry = {"id": "x", "summary": {"en": english}}
    assert changes.entry_stamp_problems("errors", "w", dict(entry, translated_from={"zh-hant": data.text_hash(english)}),
                                        "zh-hant", root=tmp_path) == []
    stale = changes.entry_stamp_problems("errors", "w", dict(entry, translated_from={"zh-hant": "0" * 16}), "zh-hant",
                                         root=tmp_path)
    assert stale and "changed since the zh-hant translation" in stale[0]


def test_traditional_variants_are_not_simplified():
    # s2tw changes these variants, and so does tw2s: they are not Simplified, so zh-Hant may use them
    assert prose.wrong_script_chars("裏面、爲何、衆人", "zh-hant") == []
    assert prose.wrong_script_chars("里面、为何、众人", "zh-hant") == ["为", "众", "里"]


def _book_root(tmp_path: Path) -> Path:
    for name in ("_config.yml", "_toc.yml", "requirements.txt"):
        shutil.copy(ROOT / name, tmp_path / name)
    return tmp_path


def _code(source, tags=(), outputs=(), cell_id=None, **metadata):
    cell = nbformat.v4.new_code_cell(source)
    cell.metadata.update(metadata)
    if tags:
        cell.metadata["tags"] = list(tags)
    cell.outputs = list(outputs)
    cell.id = cell_id or f"c{abs(hash(source)) % 10**6}"
    return cell


def test_every_convention_rule_names_file_cell_id_and_fix(tmp_path):
    """One notebook breaking every rule: the problems are exactly these messages, in this order."""
    root = _book_root(tmp_path)
    error = nbformat.v4.new_output("error", ename="RuntimeError", evalue="boom", traceback=["RuntimeError: boom"])
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_markdown_cell("Intro without a title"),
        _code("print(1)", cell_id="first"),
        _code("x = 1", cell_id="second"),
        _code("print(2)", tags=["nbval-ignore-output"], cell_id="ignored"),
        _code("1 / 0", outputs=[error], cell_id="untagged"),
        _code("pass", tags=["raises-exception"], cell_id="noerror"),
        _code("warn()", outputs=[nbformat.v4.new_output("stream", name="stderr", text="careful\n")], cell_id="err"),
        _code("where()", outputs=[nbformat.v4.new_output("stream", name="stdout", text="/home/張三/x.py\n")],
              cell_id="path"),
        _code("pass", cell_id="timed", execution={"iopub.status.busy": "2026-01-01"}),
    ]
    nb.cells[0].id = "title"
    target = root / "book" / "en" / "x.ipynb"
    target.parent.mkdir(parents=True)
    notebooks.write_notebook(nb, target)
    rel = "book/en/x.ipynb"
    assert notebooks.convention_problems(target, root) == [
        f"{rel}: cell 0 must be a markdown cell starting with the page title ('# ...')",
        f"{rel}: cell 1: the first code cell must be the Colab setup cell (tagged 'colab-setup'; "
        "run 'python -m utils.book.editions sync' to write it)",
        f"{rel}: cell 2: the second code cell must choose the device ('device = choose_device()')",
        f"{rel}: no code cell has been executed; run 'python -m utils.book.notebooks execute {rel}'",
        f"{rel}: cell 3 (id ignored): it ignores its output, so it must assert the claim it supports",
        f"{rel}: cell 4 (id untagged): stores an error but is not tagged raises-exception",
        f"{rel}: cell 5 (id noerror): tagged raises-exception but stores no error",
        f"{rel}: cell 6 (id err): writes to stderr (a warning?); catch it and print what the reader should see",
        f"{rel}: cell 7 (id path): an output shows a machine path (/home/張三/)",
        f"{rel}: cell 8 (id timed): execution timing metadata is stored",
    ]
    # a notebook outside the book is named by its whole path
    outside = tmp_path.parent / "elsewhere.ipynb"
    notebooks.write_notebook(nb, outside)
    assert notebooks.convention_problems(outside, root)[0].startswith(f"{outside}: cell 0 ")


def test_a_title_and_setup_cell_that_follow_the_rules_pass(tmp_path):
    root = _book_root(tmp_path)
    nb = nbformat.v4.new_notebook()
    setup = _code(notebooks.setup_cell_source(root), tags=["colab-setup"], cell_id="setup")
    device = _code("device = choose_device()", cell_id="device", execution_count=1)
    device.execution_count = 1
    nb.cells = [nbformat.v4.new_markdown_cell("  # Title"), setup, device]
    nb.cells[0].id = "title"
    target = root / "x.ipynb"
    notebooks.write_notebook(nb, target)
    assert notebooks.convention_problems(target, root) == []
    nb.cells = nb.cells[:1]  # a page with no code at all is fine too
    notebooks.write_notebook(nb, target)
    assert notebooks.convention_problems(target, root) == []


def _glued(name, stored, source, tags=("nbval-ignore-output",)):
    cell = _code(source, tags=tags, cell_id="g")
    if stored is not None:
        cell.outputs = [nbformat.v4.new_output(
            "display_data", data={"application/papermill.record/text/plain": repr(stored)},
            metadata={"scrapbook": {"name": name, "data": True, "display": False,
                                    "mime_prefix": "application/papermill.record/"}})]
    return cell


def test_every_glue_rule_has_its_exact_message():
    where = "book/en/x.ipynb: cell 3 (id g)"
    cases = [
        (_glued("r", "2.1", 'glue("r", f"{r:.1f}", display=False)\nassert r'),
         f"{where}: glues 'r' in a cell whose output nbval ignores, so the stored figure is never compared: "
         "glue deterministic figures from a cell nbval compares, and measurements with "
         "glue_measured(name, value, text, within=(low, high))"),
        (_glued("t", "2.1", 'glue_measured("t", t, "x", within=band)'),
         f"{where}: glue_measured('t', ...) needs a literal band within=(low, high)"),
        (_glued("t", "2.1", 'glue_measured("t", t, "x", (1, 3))'),  # the band given by position is read too
         None),
        (_glued("t", None, 'glue_measured("t", t, "x", within=(1, 3))'),
         f"{where}: glue_measured('t', ...) has no stored figure; execute the chapter"),
        (_glued("t", "fast", 'glue_measured("t", t, "x", within=(1, 3))'),
         f"{where}: the stored figure 't' = 'fast' is not a number"),
        (_glued("t", "3.5", 'glue_measured("t", t, "x", within=(1, 3))'),
         f"{where}: the stored figure 't' = 3.5 lies outside the band (1, 3) that its cell claims; "
         "re-execute the chapter instead of editing it"),
        (_glued("t", "3", 'glue_measured(name="t", value=t, text="x", within=(1, 3))'), None),  # the edge is in
        (_glued("t", "1", 'glue_measured("t", t, "x", within=(1, 3))'), None),
        (_glued("t", "1,000%", 'glue_measured("t", t, "x", within=(999, 1001))'), None),  # "1,000%" reads 1000
        (_glued("r", "2.1", 'glue("r", "2.1")', tags=()), None),  # compared by nbval: no rule applies
    ]
    for cell, expected in cases:
        assert notebooks.glue_problems(cell, where) == ([expected] if expected else []), cell.source


def test_stored_glue_reads_lists_and_plain_text():
    cell = _glued("a", None, "")
    cell.outputs = [
        nbformat.v4.new_output("display_data", data={"application/papermill.record/text/plain": ["'1.", "5'"]},
                               metadata={"scrapbook": {"name": "a", "mime_prefix": "application/papermill.record/"}}),
        nbformat.v4.new_output("display_data", data={"application/papermill.record/text/plain": "not python"},
                               metadata={"scrapbook": {"name": "b", "mime_prefix": "application/papermill.record/"}}),
        nbformat.v4.new_output("stream", name="stdout", text="no glue here\n"),
    ]
    assert notebooks.stored_glue(cell) == {"a": "1.5", "b": "not python"}


def test_sanitizers_are_read_as_utf8_and_replace_defaults_to_nothing(tmp_path):
    cfg = tmp_path / "rules.cfg"
    cfg.write_text("[ellipsis]\nregex: 0x[0-9a-f]+\nreplace: 0x…\n\n[drop]\nregex: secret\n", encoding="utf-8")
    rules = notebooks.load_sanitizers(cfg)
    assert [(p.pattern, r) for p, r in rules] == [("0x[0-9a-f]+", "0x…"), ("secret", "")]
    assert notebooks.sanitize("at 0xdeadbeef: secret", rules) == "at 0x…: "
    assert notebooks.sanitize("tensor([1.], device='cuda:0')") == "tensor([1.])"  # the book's own rules


def test_clean_outputs_handles_every_output_type():
    rules = [(__import__("re").compile("0x[0-9a-f]+"), "0x…")]
    cell = nbformat.v4.new_code_cell("x")
    cell.outputs = [
        nbformat.v4.new_output("stream", name="stdout", text="at 0xabc\n"),
        nbformat.v4.new_output("execute_result", data={"text/plain": ["<obj at ", "0xabc>"], "image/png": "0xabc"},
                               execution_count=1),
        nbformat.v4.new_output("display_data", data={"text/html": "<b>0xabc</b>",
                                                     "application/papermill.record/text/plain": "'0xabc'"},
                               metadata={"scrapbook": {"name": "n"}}),
        nbformat.v4.new_output("error", ename="ValueError", evalue="bad 0xabc", traceback=["frame", "last"]),
    ]
    cell.outputs[0]["metadata"] = {"transient": 1}
    notebooks.clean_outputs(cell, rules)
    stream, result, display, error = cell.outputs
    assert "metadata" not in stream and stream["text"] == "at 0x…\n"
    assert result["data"] == {"text/plain": "<obj at 0x…>", "image/png": "0xabc"}  # only text is sanitised
    assert display["data"]["text/html"] == "<b>0x…</b>"
    assert display["data"]["application/papermill.record/text/plain"] == "'0x…'"
    assert display["metadata"] == {"scrapbook": {"name": "n"}}  # kept: glue needs it
    assert error["evalue"] == "bad 0x…" and error["traceback"] == ["ValueError: bad 0x…"]


def test_merge_streams_joins_only_neighbours_of_one_stream():
    cell = nbformat.v4.new_code_cell("x")
    out = nbformat.v4.new_output
    cell.outputs = [out("stream", name="stdout", text="a"), out("stream", name="stdout", text=["b", "c"]),
                    out("stream", name="stderr", text="e"), out("stream", name="stdout", text="d"),
                    out("display_data", data={"text/plain": "p"}), out("stream", name="stdout", text="f")]
    notebooks.merge_streams(cell)
    assert [(o.get("name"), "".join(o.get("text", ""))) for o in cell.outputs] == [
        ("stdout", "abc"), ("stderr", "e"), ("stdout", "d"), (None, ""), ("stdout", "f")]


def test_tags_of_a_cell_without_metadata():
    assert notebooks.tags({}) == [] and notebooks.tags({"metadata": {"tags": ["a"]}}) == ["a"]


FIGURE = {"caption": "c", "name": "gb-figure"}


@pytest.mark.parametrize("mimes, mystnb, wanted", [
    (["image/png"], {"image": {"alt": "a"}, "figure": FIGURE}, ["without SVG"]),
    (["image/svg+xml", "image/png"], {"figure": FIGURE}, ["without alt text"]),
    (["image/svg+xml", "image/png"], {"image": {"alt": "a"}, "figure": {"name": "n"}}, ["without a caption"]),
    (["image/svg+xml", "image/png"], {"image": {"alt": "a"}, "figure": {"caption": "c"}}, ["without a name"]),
    (["image/png"], {}, ["without SVG", "without alt text", "without a caption", "without a name"]),
    (["image/svg+xml", "image/png"], {"image": {"alt": "a"}, "figure": FIGURE}, []),
])
def test_a_figure_needs_svg_alt_text_and_a_caption(mimes, mystnb, wanted):
    cell = nbformat.v4.new_code_cell("plt.show()", metadata={"mystnb": mystnb} if mystnb else {})
    cell.outputs = [nbformat.v4.new_output("display_data", data={"text/plain": "<Figure>", **{m: "x" for m in mimes}})]
    problems = notebooks.figure_problems(cell, "w")
    assert len(problems) == len(wanted) and all(w in p for w, p in zip(wanted, problems)), problems


def test_a_cell_without_a_figure_needs_neither():
    cell = nbformat.v4.new_code_cell("print(1)")
    cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text="1\n")]
    assert notebooks.figure_problems(cell, "w") == []


KNOWN = {"zh-title": "為什麼葉張量沒有 `grad_fn`", "code-title": "`retain_graph=True` 加上去之後", "page": "計算圖"}


@pytest.mark.parametrize("text, flagged", [
    ("請見 {ref}`zh-title`。", 1),                      # a Chinese title between Chinese characters
    ("請見{ref}`zh-title` 一節。", 0),                   # after it: this title ends in code, so it keeps its space
    ("請見{ref}`page` 一節。", 1),                       # a page's title, after it
    ("（ {ref}`code-title`）", 1),                      # never after full-width punctuation
    ("請見 {ref}`code-title`。", 0),                    # a title that starts with code keeps its space
    ("請見 {ref}`這一節 <zh-title>`。", 1),             # an explicit Chinese text
    ("請見{ref}`zh-title`，以及{doc}`page`。", 0),
    ("See {ref}`zh-title` first.", 0),                  # not between Chinese characters
    ("請見{ref}`code-title` 。後來", 1),                 # never before full-width punctuation, whatever follows it
    ("請見{ref}`張量x圖 <zh-title>` 之後。", 1),         # its own text ends in a Chinese character
])
def test_spaces_around_a_chinese_cross_reference(text, flagged):
    from utils.book.editions import spacing

    assert len(spacing._bad_spaces(text, KNOWN)) == flagged
    if flagged:
        fixed = spacing.fixed(text, KNOWN)
        assert spacing._bad_spaces(fixed, KNOWN) == [] and fixed.replace(" ", "") == text.replace(" ", "")


@pytest.mark.parametrize("text, missing", [
    ("連接{ref}`code-title`的說明。", [2]),            # a title that starts with code, right after a Chinese character
    ("見 {ref}`code-title`的說明。", []),              # its space is there
    ("{ref}`code-title`，見下一段的字", []),           # at the start of the text nothing comes before it
    ("見{ref}`zh-title`的說明", [1 + len("{ref}`zh-title`")]),  # this title ends in code: a space after it
    ("見{ref}`page`的說明。", []),                     # a Chinese title needs none
    ("見{ref}`code-title`的說明。", [1]),               # one character in
    ("見 {ref}`張量x <zh-title>`的說明", [len("見 {ref}`張量x <zh-title>`")]),  # its own text ends in Latin
])
def test_a_missing_space_next_to_a_title_of_code_or_latin(text, missing):
    from utils.book.editions import spacing

    assert [offset for offset, _ in spacing._missing_spaces(text, KNOWN)] == missing
    fixed = spacing.fixed(text, KNOWN)
    assert spacing._missing_spaces(fixed, KNOWN) == [] and fixed.replace(" ", "") == text.replace(" ", "")


def test_the_spacing_check_runs_over_the_chinese_editions(small_book):
    from small_book import edit_prose
    from utils.book.editions import spacing

    edit_prose(small_book, "en", add=" 請見 {ref}`demo`。")  # English is not held to the rule
    for edition in ("zh-hant", "zh-hans"):  # each Chinese edition of the small book (tests/small_book.py)
        edit_prose(small_book, edition, add="見 {ref}`demo`。")
        problems = spacing.spacing_problems(small_book)
        assert len(problems) == 1 and problems[0].startswith(f"book/{edition}/demo.ipynb: a half-width space")
        assert spacing.fix(small_book) == 1 and spacing.spacing_problems(small_book) == []
    edit_prose(small_book, "zh-hans", add="见{ref}`demo-raise`的说明。")  # a title that ends in code: a space after it
    assert spacing.spacing_problems(small_book) == [
        "book/zh-hans/demo.ipynb: no space between a Chinese character and {ref}`demo-raise`, whose text there is "
        "code or Latin; run 'python -m utils.book.editions.spacing'"]
    assert spacing.fix(small_book) == 1 and spacing.spacing_problems(small_book) == []


def test_prose_needs_three_latin_words():
    """A cell with three Latin words is prose a translation must render in its own script; two are not."""
    assert prose.has_prose("the graph keeps")
    assert not prose.has_prose("the graph `keeps`")


def test_a_raw_asterisk_counts_in_the_emphasis_shape_and_one_in_code_does_not():
    assert prose.emphasis_shape("a * b") == ("*",)
    assert prose.emphasis_shape("`a * b`") == ()
    assert prose.emphasis_shape("*a* and **b**") == ("<", ">", "[", "]")


def test_prose_of_names_a_figure_s_alt_text_and_caption(tmp_path):
    cell = nbformat.v4.new_code_cell("plot()")
    cell["id"] = "fig"
    cell["metadata"]["mystnb"] = {"image": {"alt": "a bar chart"}, "figure": {"caption": "Memory per step"}}
    path = tmp_path / "x.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("Hello"), cell]), path)
    assert prose.prose_of(path)[1:] == [("cell 1 (id fig) figure alt text", "a bar chart"),
                                        ("cell 1 (id fig) figure caption", "Memory per step")]



def test_prose_of_a_markdown_page_is_the_page_without_its_code(tmp_path):
    """A Markdown page (errors.md, glossary.md) is one text: its prose, inline code and fences' markup
    taken out; a notebook's is per cell (the term and script checks read both)."""
    path = tmp_path / "errors.md"
    path.write_text("# 錯誤訊息索引\n\n每一條 `grad_fn` 訊息。\n", encoding="utf-8")
    assert prose.prose_of(path) == [("text", "# 錯誤訊息索引\n\n每一條  訊息。\n")]
    notebook = tmp_path / "x.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("Hello `x`")]), notebook)
    assert [text for _, text in prose.prose_of(notebook)] == ["Hello "]

def test_directive_fences_are_not_prose():
    """A fence with its name (and what follows it) and a closing fence are markup, not prose."""
    assert prose.strip_code(":::{exercise} Which graph stays\n:label: rg-ex1\nText\n:::").split() == ["Text"]
