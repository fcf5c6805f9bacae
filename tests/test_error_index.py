"""The error index: every message in it is raised by a cell of the book, or cited as historical."""
import pytest
import yaml

from utils.book import notebooks
from utils.book.editions import data, error_index


def test_error_index_is_consistent_with_the_book():
    assert error_index.error_index_problems() == []


def test_the_index_covers_the_book_s_title_error():
    messages = [e["message"] for e in data.load_errors()]
    assert any(m.startswith("Trying to backward through the graph a second time") for m in messages)
    assert sum("historical" in e for e in data.load_errors()) >= 4


def _edit_errors(root, change):
    path = root / "book" / "errors.yml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(data["errors"])
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


def test_a_message_no_cell_raises_is_caught(book_copy):
    _edit_errors(book_copy, lambda errs: errs.append(dict(errs[0], id="planted", message="a message nobody raises")))
    problems = error_index.error_index_problems(book_copy)
    assert any("'planted'" in p and "no cell of the book raises" in p for p in problems)


def test_a_message_whose_raising_cell_is_gone_is_caught(book_copy):
    # remove every stored error that carries the non-scalar message
    for path in notebooks.english_notebooks(book_copy):
        nb = notebooks.read_notebook(path)
        for c in nb.cells:
            c_outputs = c.get("outputs", [])
            c["outputs"] = [o for o in c_outputs if "only for scalar outputs" not in o.get("evalue", "")] \
                if c.cell_type == "code" else c_outputs
        notebooks.write_notebook(nb, path)
    problems = error_index.error_index_problems(book_copy)
    assert any("'non-scalar-backward'" in p and "no cell" in p for p in problems)


def test_historical_entries_must_be_cited_and_not_raised(book_copy):
    def change(errs):
        current = next(e for e in errs if "historical" not in e)
        current["historical"] = {"until": "", "source": ""}
    _edit_errors(book_copy, change)
    problems = error_index.error_index_problems(book_copy)
    assert any("needs 'until'" in p for p in problems)
    assert any("marked historical, but a cell of the book raises it" in p for p in problems)


def test_unknown_section_and_stale_translation_are_caught(book_copy):
    def change(errs):
        errs[0]["section"] = "no-such-label"
        errs[1]["summary"]["en"] += " Changed."
    _edit_errors(book_copy, change)
    problems = error_index.error_index_problems(book_copy)
    assert any("'no-such-label' is not a label" in p for p in problems)
    assert any(p.startswith(f"book/errors.yml: entry {data.load_errors(book_copy)[1]['id']!r}")
               and "English changed since the zh-hans translation" in p for p in problems)


NON_LEAF_WARNING = "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed."


def test_a_warning_counts_when_a_cell_prints_it_and_an_error_only_when_raised(book_copy):
    def change(errs):
        errs.append(dict(errs[0], id="printed-warning", kind="warning", message=NON_LEAF_WARNING,
                         section="pit-non-leaf-grad", section_guide=False, cases=[],  # where a cell prints it
                         see_also=["var-retain-grad", "grad-input"], passes_by=[]))  # the others that print it
        errs.append(dict(errs[0], id="printed-as-error", message=NON_LEAF_WARNING))  # kind: error by default
        errs.append(dict(errs[0], id="unprinted-warning", kind="warning", message="a warning nobody prints"))
        errs.append(dict(errs[0], id="odd-kind", kind="notice"))
    _edit_errors(book_copy, change)
    problems = error_index.error_index_problems(book_copy)
    assert not any("'printed-warning'" in p for p in problems)
    assert any("'printed-as-error'" in p and "no cell of the book raises" in p for p in problems)
    assert any("'unprinted-warning'" in p and "no cell of the book prints this warning" in p for p in problems)
    assert any("'odd-kind'" in p and "is not 'error', 'warning' or 'cuda-error'" in p for p in problems)


def test_a_see_also_label_must_exist(book_copy):
    def change(errs):
        errs[0]["see_also"] = ["rg-error", "no-such-section"]
    _edit_errors(book_copy, change)
    problems = error_index.error_index_problems(book_copy)
    assert any("see_also 'no-such-section' is not a label" in p for p in problems)
    assert not any("see_also 'rg-error'" in p for p in problems)


# The error index page (issue 33): grouped by the chapter that explains each error, older wordings last.
def test_error_index_groups_follow_the_chapter_of_each_section():
    from utils.book import config
    from utils.book.editions.data import load_errors
    from utils.book.editions.error_index import label_chapters
    from utils.book.sphinx_ext.data_directives import error_groups

    errors, chapters = load_errors(), label_chapters()
    groups = error_groups(errors, chapters, config.toc_docnames())
    assert list(groups)[-1] == "historical" and len(groups) >= 6
    assert sorted(e["id"] for g in groups.values() for e in g) == sorted(e["id"] for e in errors)
    for name, entries in groups.items():
        for e in entries:
            assert ("historical" in e) if name == "historical" else chapters[e["section"]] == name, (name, e["id"])
    toc = config.toc_docnames()
    assert [toc.index(n) for n in groups if n != "historical"] == sorted(toc.index(n) for n in groups if n != "historical")


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
def test_an_entry_and_each_case_must_point_at_the_section_that_shows_the_message(book_copy):
    def change(errs):
        by_id = {e["id"]: e for e in errs}
        # pit-no-grad-fn is in the same chapter as pit-non-scalar, and raises other errors, not this one
        by_id["non-scalar-backward"]["section"] = "pit-no-grad-fn"
        inplace = by_id["modified-by-inplace"]
        inplace["cases"] = [dict(inplace["cases"][0], section=label, guide=False) for label in
                            ("var-attributes",    # holds var-data, whose cell raises it: passes
                             "var-grad",          # raises nothing of the kind: caught
                             "var-retain-grad")]  # the same, and not marked a guide: caught
        inplace["cases"].append(dict(inplace["cases"][0], section="var-reinforce", guide=True))  # links nothing
        inplace["cases"].append(dict(inplace["cases"][0], section="var-version", guide=True))    # links var-data
    _edit_errors(book_copy, change)
    problems = error_index.error_index_problems(book_copy)
    assert any("'non-scalar-backward': section 'pit-no-grad-fn': no cell of that section raises" in p
               for p in problems)
    assert any("case 'var-grad': no cell of that section raises" in p for p in problems)
    assert any("case 'var-retain-grad': no cell" in p for p in problems)
    assert any("case 'var-reinforce' is marked as a guide, but no link" in p for p in problems)
    assert not any("'var-attributes'" in p or "'var-version'" in p for p in problems)


def test_sections_include_subsections_and_skip_headings_in_code():
    shown = error_index.sections()
    assert shown["var-data"]["parents"] == ["var-attributes"]
    assert set(shown["var-data"]["raised"]) <= set(shown["var-attributes"]["raised"])
    assert any("modified by an inplace operation" in t for t in shown["var-data"]["own_raised"])
    assert "var-data" in shown["var-version"]["links"]


def test_a_cuda_error_needs_a_cell_that_raises_and_asserts_it_on_cuda(book_copy):
    assert error_index.cuda_cell_raises(
        'if device.type == "cuda": try: torch.empty(n, device=device) except torch.OutOfMemoryError as err: '
        'message = str(err) assert message.startswith("CUDA out of memory. Tried to allocate")',
        "CUDA out of memory. Tried to allocate")
    # the message in a comment or a print, without the device test and the assert, does not count
    assert not error_index.cuda_cell_raises('print("CUDA out of memory. Tried to allocate")',
                                            "CUDA out of memory. Tried to allocate")

    def change(errs):
        oom = next(e for e in errs if e["id"] == "cuda-out-of-memory")
        errs.append(dict(oom, id="planted-cuda", message="CUDA error: an illegal memory access was encountered"))
        errs.append(dict(oom, id="cuda-elsewhere", section="mem-hooks", cases=[]))
    _edit_errors(book_copy, change)
    problems = error_index.error_index_problems(book_copy)
    assert any("'planted-cuda'" in p and "no cell of the book raises this message on CUDA" in p for p in problems)
    assert any("'cuda-elsewhere': section 'mem-hooks': no cell of that section raises" in p for p in problems)
    assert not any("'cuda-out-of-memory'" in p for p in problems)


def _plant_section(root, label, outputs):
    """Append to graph_basics a section ``label`` whose one code cell stored ``outputs``."""
    import nbformat

    path = root / "book" / "en" / "graph_basics.ipynb"
    nb = notebooks.read_notebook(path)
    nb.cells.append(nbformat.v4.new_markdown_cell(f"({label})=\n## A planted section\n\nIt passes by."))
    code = nbformat.v4.new_code_cell("loss.backward()")
    code["outputs"] = outputs
    nb.cells.append(code)
    notebooks.write_notebook(nb, path)


def test_a_section_that_raises_an_indexed_error_must_be_listed_by_its_entry(book_copy):
    import nbformat

    message = next(e["message"] for e in data.load_errors() if e["id"] == "backward-twice")
    error = nbformat.v4.new_output("error", ename="RuntimeError", evalue=message, traceback=[])
    _plant_section(book_copy, "planted-raiser", [error])
    problems = error_index.error_index_problems(book_copy)
    assert any("'backward-twice': section 'planted-raiser' raises the message but the entry does not list it" in p
               for p in problems)
    # the book's own sections that raise it are all listed: as a case, in see_also or in passes_by
    assert [p for p in problems if "does not list it" in p] == [
        p for p in problems if "'planted-raiser'" in p]

    def change(errs):
        twice = next(e for e in errs if e["id"] == "backward-twice")
        twice["passes_by"].append("planted-raiser")
    _edit_errors(book_copy, change)
    assert not any("planted-raiser" in p for p in error_index.error_index_problems(book_copy))


def test_a_case_that_is_dropped_or_a_stale_passes_by_is_caught(book_copy):
    def change(errs):
        by_id = {e["id"]: e for e in errs}
        twice = by_id["backward-twice"]
        twice["cases"] = [c for c in twice["cases"] if c["section"] != "tc-twice"]  # still raises it
        twice["passes_by"] += ["rg-guide", "rg-error", "no-such-section"]  # raises nothing / is a case / unknown
        cycle = by_id["create-graph-cycle"]  # a warning: a section that prints it counts
        cycle["cases"] = [c for c in cycle["cases"] if c["section"] != "ddp-param-grad"]
    _edit_errors(book_copy, change)
    problems = error_index.error_index_problems(book_copy)
    assert any("section 'tc-twice' raises the message but the entry does not list it" in p for p in problems)
    assert any("passes_by 'rg-guide': no cell of that section raises the message any more" in p for p in problems)
    assert any("'rg-error' is both listed" in p for p in problems)
    assert any("passes_by 'no-such-section' is not a label" in p for p in problems)
    assert any("'create-graph-cycle': section 'ddp-param-grad' prints the message but the entry does not list it" in p
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
        assert set(config.editions()) <= set(source), entry["id"]
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
