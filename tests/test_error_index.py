"""The error index: every message in it is raised by a cell of the book, or cited as historical."""
import pytest
import yaml

from utils.book import notebooks, yamlread
from utils.book.editions import data, error_index

import small_book as sb


@pytest.mark.editions_check  # make check runs `editions check` instead (the same check)
def test_error_index_is_consistent_with_the_book():
    assert error_index.error_index_problems() == []


def test_the_index_covers_the_book_s_title_error():
    messages = [e["message"] for e in data.load_errors()]
    assert any(m.startswith("Trying to backward through the graph a second time") for m in messages)
    assert sum("historical" in e for e in data.load_errors()) >= 4


def _edit_errors(root, change):
    path = root / "book" / "errors.yml"
    data = yamlread.load(path.read_text(encoding="utf-8"))
    change(data["errors"])
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


def _entry(errs, id_):
    return next(e for e in errs if e["id"] == id_)


def test_a_message_no_cell_raises_is_caught(small_book):
    _edit_errors(small_book, lambda errs: errs.append(dict(_entry(errs, "no-grad-fn"), id="planted",
                                                           message="a message nobody raises")))
    problems = error_index.error_index_problems(small_book)
    assert any("'planted'" in p and "no cell of the book raises" in p for p in problems)


def test_a_message_whose_raising_cell_is_gone_is_caught(small_book):
    assert error_index.error_index_problems(small_book) == []
    # remove every stored error that carries the small book's raised message
    for path in notebooks.english_notebooks(small_book):
        nb = notebooks.read_notebook(path)
        for c in nb.cells:
            c_outputs = c.get("outputs", [])
            c["outputs"] = [o for o in c_outputs if sb.RAISED not in o.get("evalue", "")] \
                if c.cell_type == "code" else c_outputs
        notebooks.write_notebook(nb, path)
    problems = error_index.error_index_problems(small_book)
    assert any("'no-grad-fn'" in p and "no cell" in p for p in problems)


def test_historical_entries_must_be_cited_and_not_raised(small_book):
    def change(errs):
        current = next(e for e in errs if "historical" not in e)
        current["historical"] = {"until": "", "source": ""}
    _edit_errors(small_book, change)
    problems = error_index.error_index_problems(small_book)
    assert any("needs 'until'" in p for p in problems)
    assert any("marked historical, but a cell of the book raises it" in p for p in problems)


def test_a_current_message_of_another_library_must_name_it(small_book):
    """``historical.current`` marks a message that another library still prints: without ``library`` the
    page would call it PyTorch's; with it, the check is quiet."""
    def change(errs, library):
        h = next(e for e in errs if "historical" in e)["historical"]
        h["current"] = True
        h.pop("library", None)
        if library:
            h["library"] = library
    _edit_errors(small_book, lambda errs: change(errs, None))
    assert any("'current' marks another library's message" in p for p in error_index.error_index_problems(small_book))
    _edit_errors(small_book, lambda errs: change(errs, "Lightning"))
    assert not any("'current'" in p for p in error_index.error_index_problems(small_book))


@pytest.mark.parametrize("missing", ["until", "source"])
def test_a_historical_entry_lacking_one_of_until_and_source_is_caught(small_book, missing):
    """Each of the two is required on its own (the small book's 'freed' has both)."""
    assert error_index.error_index_problems(small_book) == []
    _edit_errors(small_book, lambda errs: _entry(errs, "freed")["historical"].pop(missing))
    problems = error_index.error_index_problems(small_book)
    assert any(p.startswith("book/errors.yml: entry 'freed': a historical entry needs 'until'") for p in problems), problems


def test_unknown_section_and_stale_translation_are_caught(small_book):
    def change(errs):
        _entry(errs, "freed")["section"] = "no-such-label"
        _entry(errs, "no-grad-fn")["summary"]["en"] += " Changed."
    _edit_errors(small_book, change)
    problems = error_index.error_index_problems(small_book)
    assert any("'freed'" in p and "'no-such-label' is not a label" in p for p in problems)
    for edition in ("zh-hant", "zh-hans"):
        assert any(p.startswith("book/errors.yml: entry 'no-grad-fn'")
                   and f"English changed since the {edition} translation" in p for p in problems)


def test_a_warning_counts_when_a_cell_prints_it_and_an_error_only_when_raised(small_book):
    def change(errs):
        raised = _entry(errs, "no-grad-fn")
        errs.append(dict(raised, id="printed-warning", kind="warning", message=sb.WARNING,
                         section="demo-raise", section_guide=False, cases=[], see_also=[], passes_by=[]))
        errs.append(dict(raised, id="printed-as-error", message=sb.WARNING))  # kind: error by default
        errs.append(dict(raised, id="unprinted-warning", kind="warning", message="a warning nobody prints"))
        errs.append(dict(raised, id="odd-kind", kind="notice"))
    _edit_errors(small_book, change)
    problems = error_index.error_index_problems(small_book)
    assert not any("'printed-warning'" in p for p in problems)
    assert any("'printed-as-error'" in p and "no cell of the book raises" in p for p in problems)
    assert any("'unprinted-warning'" in p and "no cell of the book prints this warning" in p for p in problems)
    assert any("'odd-kind'" in p and "is not 'error', 'warning' or 'cuda-error'" in p for p in problems)


def test_a_see_also_label_must_exist(small_book):
    def change(errs):
        _entry(errs, "no-grad-fn")["see_also"] = ["demo", "no-such-section"]
    _edit_errors(small_book, change)
    problems = error_index.error_index_problems(small_book)
    assert any("see_also 'no-such-section' is not a label" in p for p in problems)
    assert not any("see_also 'demo'" in p for p in problems)


# The error index page (issue 33): grouped by the chapter that explains each error, older wordings last.
def test_error_index_groups_follow_the_chapter_of_each_section():
    from utils.book import config
    from utils.book.editions.data import load_errors
    from utils.book.editions.error_index import label_chapters
    from utils.book.sphinx_ext.data_directives import error_groups

    errors, chapters = load_errors(), label_chapters()
    groups = error_groups(errors, chapters, config.toc_docnames())
    assert list(groups)[-1] == "historical" and len(groups) >= 6
    # another library's message it still prints: its own group, before the older wordings
    assert [e["id"] for e in groups["outside"]] == [e["id"] for e in errors if e.get("historical", {}).get("current")]
    assert list(groups)[-2:] == ["outside", "historical"] and groups["outside"]
    assert sorted(e["id"] for g in groups.values() for e in g) == sorted(e["id"] for e in errors)
    for name, entries in groups.items():
        for e in entries:
            assert ("historical" in e) if name in ("historical", "outside") else chapters[e["section"]] == name, (name, e["id"])
    toc = config.toc_docnames()
    chapter_groups = [n for n in groups if n not in ("historical", "outside")]
    assert [toc.index(n) for n in chapter_groups] == sorted(toc.index(n) for n in chapter_groups)


def test_error_groups_refuse_an_entry_whose_section_is_nowhere():
    from utils.book.sphinx_ext.data_directives import error_groups

    with pytest.raises(KeyError):
        error_groups([{"id": "x", "section": "no-such-label"}], {"rg-guide": "retain_graph"}, ["retain_graph"])


def test_an_entry_heading_is_the_first_clause_of_its_message():
    from utils.book.sphinx_ext.data_directives import short_message

    assert short_message("Trying to backward through the graph a second time (or directly access saved tensors). "
                         "Saved intermediate values") == "Trying to backward through the graph a second time"
    assert short_message("one of the variables needed: [torch.FloatTensor [3]] is at version 1") == "one of the variables needed"
    long = short_message("word " * 40)
    assert len(long) <= 82 and long.endswith(" …")
def _plant_section(root, label, outputs, level=2, prose="It passes by.", source="loss.backward()"):
    """Append to the small book's English chapter a section ``label`` whose one code cell stored ``outputs``."""
    import nbformat

    path = root / "book" / "en" / "demo.ipynb"
    nb = notebooks.read_notebook(path)
    nb.cells.append(nbformat.v4.new_markdown_cell(f"({label})=\n{'#' * level} A planted section\n\n{prose}"))
    code = nbformat.v4.new_code_cell(source)
    code["outputs"] = outputs
    nb.cells.append(code)
    notebooks.write_notebook(nb, path)


def _raised(message=sb.RAISED):
    import nbformat

    return nbformat.v4.new_output("error", ename="RuntimeError", evalue=message, traceback=[])


def test_an_entry_and_each_case_must_point_at_the_section_that_shows_the_message(small_book):
    _plant_section(small_book, "planted-sub", [_raised()], level=3)  # a subsection of demo-raise, raising it
    _plant_section(small_book, "planted-linking", [], prose="See {ref}`demo-raise`.")
    _plant_section(small_book, "planted-alone", [])

    def change(errs):
        raised = _entry(errs, "no-grad-fn")
        raised["passes_by"] = ["planted-sub"]
        raised["cases"] = [{"section": label, "guide": False, "en": "x"} for label in
                           ("demo-raise",   # raises it: passes
                            "demo")]        # raises nothing of the kind, and not marked a guide: caught
        raised["cases"].append({"section": "planted-alone", "guide": True, "en": "x"})  # links nothing: caught
        raised["cases"].append({"section": "planted-linking", "guide": True, "en": "x"})  # links demo-raise
        errs.append(dict(raised, id="elsewhere", section="demo", cases=[], passes_by=["demo-raise", "planted-sub"]))
    _edit_errors(small_book, change)
    problems = error_index.error_index_problems(small_book)
    assert any("'elsewhere': section 'demo': no cell of that section raises" in p for p in problems)
    assert any("'no-grad-fn': case 'demo': no cell of that section raises" in p for p in problems)
    assert any("case 'planted-alone' is marked as a guide, but no link" in p for p in problems)
    assert not any("'planted-linking'" in p or "case 'demo-raise'" in p for p in problems)


def test_sections_include_subsections_and_skip_headings_in_code(small_book):
    _plant_section(small_book, "planted-sub", [_raised()], level=3, prose="See {ref}`demo`.\n\n```\n# not a heading\n```")
    shown = error_index.sections(small_book)
    assert shown["planted-sub"]["parents"] == ["demo-raise"]
    assert set(shown["planted-sub"]["raised"]) <= set(shown["demo-raise"]["raised"])
    assert any(sb.RAISED in t for t in shown["planted-sub"]["own_raised"])
    assert "demo" in shown["planted-sub"]["links"]
    assert not any(sb.RAISED in t for t in shown["demo"]["raised"])


def test_a_cuda_error_needs_a_cell_that_raises_and_asserts_it_on_cuda(small_book):
    oom = "CUDA out of memory. Tried to allocate"
    cell = (f'if device.type == "cuda": try: torch.empty(n, device=device) except torch.OutOfMemoryError as err: '
            f'message = str(err) assert message.startswith("{oom}")')
    assert error_index.cuda_cell_raises(cell, oom)
    # the message in a comment or a print, without the device test and the assert, does not count
    assert not error_index.cuda_cell_raises(f'print("{oom}")', oom)
    _plant_section(small_book, "planted-oom", [], source=cell)

    def change(errs):
        cuda = dict(_entry(errs, "no-grad-fn"), kind="cuda-error", id="cuda-oom", message=oom, section="planted-oom")
        errs.append(cuda)
        errs.append(dict(cuda, id="planted-cuda", message="CUDA error: an illegal memory access was encountered"))
        errs.append(dict(cuda, id="cuda-elsewhere", section="demo", cases=[]))
    _edit_errors(small_book, change)
    problems = error_index.error_index_problems(small_book)
    assert any("'planted-cuda'" in p and "no cell of the book raises this message on CUDA" in p for p in problems)
    assert any("'cuda-elsewhere': section 'demo': no cell of that section raises" in p for p in problems)
    assert not any("'cuda-oom'" in p for p in problems)


def test_a_section_that_raises_an_indexed_error_must_be_listed_by_its_entry(small_book):
    _plant_section(small_book, "planted-raiser", [_raised()])
    problems = error_index.error_index_problems(small_book)
    assert any("'no-grad-fn': section 'planted-raiser' raises the message but the entry does not list it" in p
               for p in problems)
    assert [p for p in problems if "does not list it" in p] == [p for p in problems if "'planted-raiser'" in p]

    def change(errs):
        _entry(errs, "no-grad-fn").setdefault("passes_by", []).append("planted-raiser")
    _edit_errors(small_book, change)
    assert not any("planted-raiser" in p for p in error_index.error_index_problems(small_book))


def test_a_case_that_is_dropped_or_a_stale_passes_by_is_caught(small_book):
    def change(errs):
        raised = _entry(errs, "no-grad-fn")
        raised["passes_by"] = ["demo", "demo-raise", "no-such-section"]  # raises nothing / is its section / unknown
        errs.append(dict(raised, id="printed-warning", kind="warning", message=sb.WARNING, section="demo",
                         section_guide=True, passes_by=[]))  # demo-raise prints it, and is not listed
    _edit_errors(small_book, change)
    problems = error_index.error_index_problems(small_book)
    assert any("passes_by 'demo': no cell of that section raises the message any more" in p for p in problems)
    assert any("'demo-raise' is both listed" in p for p in problems)
    assert any("passes_by 'no-such-section' is not a label" in p for p in problems)
    assert any("'printed-warning': section 'demo-raise' prints the message but the entry does not list it" in p
               for p in problems)


def test_the_create_graph_cycle_entry_points_at_the_section_that_prints_the_warning():
    shown = error_index.sections()
    entry = next(e for e in data.load_errors() if e["id"] == "create-graph-cycle")
    message = " ".join(entry["message"].split())
    assert any(message in t for t in shown[entry["section"]]["own_printed"])
    assert not entry.get("section_guide")
def test_a_historical_source_is_said_in_every_edition_and_stamped(small_book):
    from utils.book import config
    from utils.book.editions import changes
    from utils.book.editions.data import HISTORY

    historical = [e for e in data.load_errors() if "historical" in e]
    assert len(historical) >= 8
    for entry in historical:
        source = entry["historical"]["source"]
        assert {config.SOURCE, *config.translations()} <= set(source), entry["id"]  # a draft: English's until translated
        for edition in config.translations():
            assert source[edition] != source["en"]
    assert changes.data_stamp_problems(HISTORY) == []
    path = small_book / "book" / "errors.yml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('en: "a test"', 'en: "another test"'), encoding="utf-8")
    stale = changes.data_stamp_problems(HISTORY, small_book)
    assert len(stale) == 2 and all("(historical.source)" in p and "English historical.source changed" in p
                                   for p in stale)
    path.write_text(text.replace('zh-hans: "一个测试", ', ""), encoding="utf-8")
    assert changes.data_stamp_problems(HISTORY, small_book) == ["book/errors.yml: freed (historical.source): no zh-hans text"]


@pytest.mark.parametrize("edition", ["en", "zh-hant", "zh-hans"])
def test_the_index_page_says_a_historical_source_in_the_pages_edition(edition):
    from types import SimpleNamespace

    from utils.book import config
    from utils.book.sphinx_ext.data_directives import ErrorIndex

    entry = next(e for e in data.load_errors() if e["id"] == "backward-twice-buffers")
    section = ErrorIndex.__new__(ErrorIndex).entry_section(entry, edition, config.labels(edition),
                                                          SimpleNamespace(docname=f"{edition}/errors"))
    note = next(n for n in section.children if "error-historical" in n.get("classes", []))
    assert note.astext().endswith(entry["historical"]["source"][edition])



@pytest.mark.parametrize("edition", ["en", "zh-hant", "zh-hans"])
def test_the_index_page_calls_a_current_message_of_another_library_its_own(edition):
    """Lightning 2.x's message is not an older wording: the page says whose it is and that it still
    prints it, in the page's language; an older wording keeps the historical label."""
    from types import SimpleNamespace

    from utils.book import config
    from utils.book.sphinx_ext.data_directives import ErrorIndex

    words = config.labels(edition)
    for entry, key in ((next(e for e in data.load_errors() if e.get("historical", {}).get("current")), "error_outside"),
                       (next(e for e in data.load_errors() if e["id"] == "backward-twice-buffers"), "error_historical")):
        section = ErrorIndex.__new__(ErrorIndex).entry_section(entry, edition, words,
                                                              SimpleNamespace(docname=f"{edition}/errors"))
        note = next(n for n in section.children if "error-historical" in n.get("classes", []))
        h = entry["historical"]
        assert note.astext().startswith(words[key].format(library=h.get("library", "PyTorch"), until=h["until"]))


def test_a_case_line_is_stamped_like_a_summary(small_book):
    """A case's line in each edition follows its English like a summary does: a changed English line
    is stale (it was not checked before), and ``restamp errors.yml --cell ID`` stamps the entry's
    case lines with its summary."""
    from utils.book.editions import changes, restamp
    from utils.book.editions.data import CASES, text_hash

    def set_case(english, **translations):
        def change(errs):
            errs[0]["cases"] = [{"section": "demo", "en": english, **translations,
                                 "translated_from": {e: text_hash("a case") for e in ("zh-hant", "zh-hans")}}]
        _edit_errors(small_book, change)

    set_case("a case", **{"zh-hant": "一個情形", "zh-hans": "一个情形"})
    assert changes.data_stamp_problems(CASES, small_book) == []
    set_case("another case", **{"zh-hant": "一個情形", "zh-hans": "一个情形"})
    stale = changes.data_stamp_problems(CASES, small_book)
    assert len(stale) == 2 and all(p.startswith("book/errors.yml: freed/demo: its English changed") for p in stale)
    done = restamp.restamp("errors.yml", small_book, cells=["freed"])
    assert sorted(done.done) == ["zh-hans: freed/demo", "zh-hant: freed/demo"]
    assert changes.data_stamp_problems(CASES, small_book) == []
    set_case("a case", **{"zh-hant": "一個情形"})
    assert changes.data_stamp_problems(CASES, small_book) == ["book/errors.yml: freed/demo: no zh-hans text"]


@pytest.mark.parametrize("rule, says", [
    ({"pattern": "(?P<op>[\\w.]+)", "as": "$1"}, "syntax that JavaScript reads otherwise"),
    ({"pattern": "(?i)derivative", "as": ""}, "syntax that JavaScript reads otherwise"),
    ({"pattern": "derivative for (", "as": ""}, "does not compile"),
    ({"pattern": "derivative for [\\w.]+", "as": "derivative for $1"}, "names a group the pattern does not have"),
    ({"pattern": "x"}, "write {pattern: REGEX, as: TEXT}"),
])
def test_a_varies_pattern_that_one_matcher_would_read_otherwise_is_refused(rule, says):
    from utils.book.editions import varies
    from utils.book.editions.data import load_errors

    assert [p for e in load_errors() for p in varies.varies_problems(e, e["id"])] == []  # the book's own
    [problem] = varies.varies_problems({"varies": [rule]}, "book/errors.yml: entry 'x'")
    assert problem.startswith("book/errors.yml: entry 'x': varies 1: ") and says in problem


def test_sections_reads_labels_headings_links_and_outputs(small_book):
    """error_index.sections on a planted chapter: a section runs to the next heading of its level or
    higher (subsections included), a label before prose runs to the next heading, a label inside a
    directive is no section; links by {ref} and (#label), not {doc} nor an outside link; errors and
    stdout streams, not stderr; each cell's own section gets its own_* lists."""
    import nbformat

    md, code, out = nbformat.v4.new_markdown_cell, nbformat.v4.new_code_cell, nbformat.v4.new_output
    path = small_book / "book" / "en" / "demo.ipynb"
    nb = notebooks.read_notebook(path)
    nb.cells = [
        md("(top)=\n# Top\n\nSee {ref}`sub` and [there](#low), not {doc}`preface` nor [out](https://x.org)."),
        code("a = 1", outputs=[out("error", ename="RuntimeError", evalue="top  failed", traceback=[])]),
        md("(sub)=\n## Sub"),
        code("print('x')", outputs=[out("stream", name="stdout", text="sub  printed\n"),
                                   out("stream", name="stderr", text="not printed\n")]),
        md("(low)=\nA label before prose: a section to the next heading.\n\n:::{note}\n(inside)=\nno\n:::"),
        code("b = 2", outputs=[out("error", ename="ValueError", evalue="low", traceback=[])]),
        md("## Next"),
        code("c = 3", outputs=[out("stream", name="stdout", text="after\n")]),
        md("(second)=\n# Second"),
    ]
    notebooks.write_notebook(nb, path)
    found = error_index.sections(small_book)
    assert set(found) == {"top", "sub", "low", "second"}
    assert found["top"]["links"] == ["sub", "low"]
    assert found["top"]["raised"] == ["RuntimeError: top failed", "ValueError: low"]
    assert found["top"]["own_raised"] == ["RuntimeError: top failed"]
    assert found["top"]["printed"] == ["sub printed", "after"] and found["top"]["own_printed"] == ["after"]
    assert found["sub"]["printed"] == ["sub printed"] and found["sub"]["own_printed"] == ["sub printed"]
    assert found["sub"]["raised"] == ["ValueError: low"] and found["sub"]["own_raised"] == []
    assert found["low"]["raised"] == found["low"]["own_raised"] == ["ValueError: low"] and found["low"]["printed"] == []
    assert (found["sub"]["parents"], found["low"]["parents"], found["second"]["parents"]) == (["top"], ["top", "sub"], [])
    assert found["sub"]["sources"] == ["print('x')", "b = 2"] and found["second"]["sources"] == []
    assert error_index.stored_warnings(small_book) == [("book/en/demo.ipynb: cell 3", "sub  printed\n"),
                                                       ("book/en/demo.ipynb: cell 7", "after\n")]


@pytest.mark.parametrize("edition", ["zh-hant", "zh-hans"])
def test_an_entry_s_planted_data_faults_are_each_reported(small_book, edition):
    """A duplicate id, a bad ``varies`` pattern, a missing summary, a summary with no letter of its
    edition's script, in the other Chinese script, or with a word the glossary says to avoid."""
    other = {"zh-hant": "記憶體內存们", "zh-hans": "记忆体的們"}[edition]  # an avoided word, a letter of the other script

    def change(errs):
        entry = _entry(errs, "no-grad-fn")
        errs.append(dict(entry, varies=[{"pattern": "(", "why": "x"}]))
        entry["summary"][edition] = "graph 42"
    _edit_errors(small_book, change)
    problems = error_index.error_index_problems(small_book)
    where = "book/errors.yml: entry 'no-grad-fn'"
    assert f"{where}: duplicate id" in problems
    assert any(p.startswith(where) and "varies" in p for p in problems), problems
    assert f"{where}: the {edition} summary has no text in its script" in problems
    _edit_errors(small_book, lambda errs: _entry(errs, "freed")["summary"].update({edition: other}))
    problems = error_index.error_index_problems(small_book)
    assert any(p.startswith(f"book/errors.yml: entry 'freed': {edition} summary uses ") and "avoid" not in p
               for p in problems), problems
    avoided = {"zh-hant": "內存", "zh-hans": "记忆体"}[edition]
    assert any(p.startswith(f"book/errors.yml: entry 'freed': {edition} summary uses {avoided!r}") for p in problems)
    _edit_errors(small_book, lambda errs: _entry(errs, "freed")["summary"].pop(edition))
    assert f"book/errors.yml: entry 'freed': no {edition} summary" in error_index.error_index_problems(small_book)


@pytest.mark.parametrize("cite", ["pytorch/pytorch#104039", "see #13827", "https://github.com/a/b/issues/1"])
def test_a_summary_that_cites_an_issue_is_caught(small_book, cite):
    assert error_index.error_index_problems(small_book) == []

    def change(errs):
        errs[0]["summary"]["en"] += f" ({cite})"
    _edit_errors(small_book, change)
    problems = error_index.error_index_problems(small_book)
    assert any("summary cites" in p and "'en'" not in p and " en summary" in p for p in problems), problems


@pytest.mark.parametrize("library", ["PyTorch", "pytorch", " torch ", "Torch", "Py-Torch", "py torch", "torch 1.13",
                                     "PyTorch v2.0", "torch.distributed", "", "   ", None, ["DeepSpeed"]])
def test_a_historical_library_that_is_pytorch_itself_or_empty_is_refused(small_book, library):
    """historical.library names another library (DeepSpeed): PyTorch's own older wordings leave it out."""
    def change(errs):
        _entry(errs, "freed")["historical"]["library"] = library
    _edit_errors(small_book, change)
    problems = error_index.error_index_problems(small_book)
    where = "book/errors.yml: entry 'freed': historical.library"
    said = "names PyTorch itself" if isinstance(library, str) and library.strip() else "name the library"
    assert [p for p in problems if "library" in p] == [p for p in problems if p.startswith(where) and said in p], problems
    assert len(problems) == 1, problems


def _summaries_naming(errs, library, editions, spelled=None):
    """The small book's historical entry 'freed' with library ``library``, its summary naming it
    (as ``spelled``) in ``editions`` only, every translation re-stamped."""
    from utils.book.editions.data import text_hash

    entry = _entry(errs, "freed")
    entry["historical"]["library"] = library
    entry["summary"] = {"en": sb.ENTRY_EN, **sb.ENTRY}
    for edition in editions:
        entry["summary"][edition] = f"{spelled or library}: " + entry["summary"][edition]
    entry["translated_from"] = {e: text_hash(entry["summary"]["en"]) for e in sb.TRANSLATIONS}


@pytest.mark.parametrize("missing", ["en", "zh-hant", "zh-hans"])
def test_a_historical_library_must_be_named_by_each_edition_s_summary(small_book, missing):
    """The paste box and explain show the summary without the page's "printed up to DeepSpeed 0.15.0"
    line: each edition's summary names the library, checked edition by edition."""
    named = [e for e in sb.EDITIONS if e != missing]
    _edit_errors(small_book, lambda errs: _summaries_naming(errs, "DeepSpeed", named))
    assert error_index.error_index_problems(small_book) == [
        f"book/errors.yml: entry 'freed': the {missing} summary does not name 'DeepSpeed' (historical.library): "
        "the paste box and explain show the summary alone, and the reader must learn whose message it is"]


@pytest.mark.parametrize("library, spelled", [("DeepSpeed", "deepspeed 的"), ("torchdiffeq", "用 TorchDiffEq"),
                                              ("PyTorch Lightning", "PyTorch Lightning's"), ("torchvision", "torchvision")])
def test_a_historical_library_named_in_every_summary_passes(small_book, library, spelled):
    """Another library, whatever the case of its name in the prose, even one whose name starts with
    torch or PyTorch; a name inside a longer word does not count."""
    _edit_errors(small_book, lambda errs: _summaries_naming(errs, library, sb.EDITIONS, spelled))
    assert error_index.error_index_problems(small_book) == []

    def within_a_word(errs):
        _summaries_naming(errs, library, sb.EDITIONS)
        _entry(errs, "freed")["summary"]["zh-hant"] = sb.ENTRY["zh-hant"] + f"x{library}x"
    _edit_errors(small_book, within_a_word)
    assert [p for p in error_index.error_index_problems(small_book) if "does not name" in p] == [
        f"book/errors.yml: entry 'freed': the zh-hant summary does not name {library!r} (historical.library): "
        "the paste box and explain show the summary alone, and the reader must learn whose message it is"]
