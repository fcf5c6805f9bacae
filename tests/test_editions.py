"""The three editions stay in step: checked on the real book, then on planted bad input (in the small
synthetic book of tests/small_book.py where the test needs no chapter of the real one)."""
import shutil
import subprocess
from pathlib import Path

import nbformat
import pytest

from utils.book import config, notebooks
from utils.book.editions import changes, checks, data, error_index, prose, restamp, scaffold, sync, terms, translate

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.editions_check  # make check runs `editions check` instead (the same check)
def test_every_toc_page_exists_in_every_edition():
    assert checks.structure_problems() == []


@pytest.mark.editions_check  # make check runs `editions check` instead (the same check)
def test_translations_are_in_step_with_english():
    assert checks.step_problems() == []


@pytest.mark.editions_check  # make check runs `editions check` instead (the same check)
def test_scripts_and_glossary_terms():
    assert terms.script_and_term_problems() == []


def _code_index(nb):
    return next(i for i, c in enumerate(nb.cells)
                if c.cell_type == "code" and c.outputs and not notebooks.tags(c))


def _md_index(nb, start=1):
    return next(i for i, c in enumerate(nb.cells) if i >= start and c.cell_type == "markdown")


def _english_cell(small_book, english):
    """Set the small book's first prose cell in English to ``english`` and sync: its index, and the
    mark that an export writes before it (what a translation applied with apply_translation names)."""
    en_path = _book(small_book) / "en" / "demo.ipynb"
    nb = notebooks.read_notebook(en_path)
    i = _md_index(nb)
    nb.cells[i].source = english
    notebooks.write_notebook(nb, en_path)
    sync.sync_all(small_book)
    return i, f"<!-- cell: {nb.cells[i].id} english: {data.text_hash(english)} -->"


def _edit(path: Path, change):
    nb = notebooks.read_notebook(path)
    i = change(nb)
    notebooks.write_notebook(nb, path)
    return i


def _book(copy):
    return copy / "book"


def test_code_changed_in_one_edition_is_caught(small_book):
    def change(nb):
        i = _code_index(nb)
        nb.cells[i].source += "\nprint('only here')"
        return i
    i = _edit(_book(small_book) / "zh-hant" / "demo.ipynb", change)
    problems = checks.step_problems(small_book)
    assert problems == [p for p in problems if p.startswith("book/zh-hant/demo.ipynb")]
    assert any(f"cell {i} " in p and "code differs from English" in p for p in problems)


def test_output_edited_by_hand_in_a_translation_is_caught(small_book):
    def change(nb):
        i = _code_index(nb)
        nb.cells[i].outputs[0]["text"] = "edited by hand\n"
        return i
    i = _edit(_book(small_book) / "zh-hans" / "demo.ipynb", change)
    problems = checks.step_problems(small_book)
    assert any(p.startswith(f"book/zh-hans/demo.ipynb: cell {i} ") and "outputs" in p for p in problems)


def test_english_prose_changed_without_translations_is_caught(small_book):
    def change(nb):
        i = _md_index(nb)
        nb.cells[i].source += "\n\nA new English sentence."
        return i
    i = _edit(_book(small_book) / "en" / "demo.ipynb", change)
    problems = checks.step_problems(small_book)
    for ed in ("zh-hant", "zh-hans"):
        assert any(p.startswith(f"book/{ed}/demo.ipynb: cell {i} ") and "older English text" in p
                   for p in problems)


def test_english_markdown_page_changed_is_caught(small_book):
    page = _book(small_book) / "en" / "preface.md"
    page.write_text(page.read_text() + "\nOne more line.\n")
    problems = checks.step_problems(small_book)
    assert any(p.startswith("book/zh-hant/preface.md") and "older" in p for p in problems)
    assert any(p.startswith("book/zh-hans/preface.md") and "older" in p for p in problems)


def test_sync_keeps_translations_and_copies_code(small_book):
    tr = _book(small_book) / "zh-hant" / "demo.ipynb"
    i = _edit(tr, lambda nb: (_code_index(nb), nb.cells[_code_index(nb)].__setitem__("source", "changed"))[0])
    before = notebooks.read_notebook(tr)
    sync.sync_all(small_book)
    after = notebooks.read_notebook(tr)
    en = notebooks.read_notebook(_book(small_book) / "en" / "demo.ipynb")
    assert after.cells[i].source == en.cells[i].source
    prose = [c.source for c in after.cells if c.cell_type == "markdown"]
    assert prose == [c.source for c in before.cells if c.cell_type == "markdown"]
    assert checks.step_problems(small_book) == []


def test_missing_chapter_is_caught(small_book):
    (_book(small_book) / "zh-hans" / "demo.ipynb").unlink()
    problems = checks.structure_problems(small_book)
    assert "book/zh-hans: page 'demo' is in _toc.yml but missing from this edition" in problems


def test_chapter_missing_from_toc_is_caught(small_book):
    for ed in ("en", "zh-hant", "zh-hans"):
        shutil.copy(_book(small_book) / ed / "demo.ipynb", _book(small_book) / ed / "extra.ipynb")
    problems = checks.structure_problems(small_book)
    assert "book/en/extra.ipynb: not listed in _toc.yml" in problems
    toc = small_book / "_toc.yml"
    toc.write_text(toc.read_text() + "  - file: not_written\n")
    assert "book/zh-hant: page 'not_written' is in _toc.yml but missing from this edition" in \
        checks.structure_problems(small_book)


@pytest.mark.parametrize("edition, planted, found", [
    ("zh-hant", "這裡有一個简体字。", "简"),
    ("zh-hans", "这里有一个繁體字。", "體"),
])
def test_wrong_script_is_caught(small_book, edition, planted, found):
    def change(nb):
        i = _md_index(nb)
        nb.cells[i].source += planted
        return i
    i = _edit(_book(small_book) / edition / "demo.ipynb", change)
    problems = terms.script_and_term_problems(small_book)
    assert any(p.startswith(f"book/{edition}/demo.ipynb: cell {i} ") and found in p for p in problems)


def test_wrong_script_ignores_code_and_english():
    assert prose.wrong_script_chars("`print('简体')` 張量與記憶體", "zh-hant") == ["体", "简"]  # raw text
    assert prose.wrong_script_chars(prose.strip_code("`print('简体')` 張量與記憶體"), "zh-hant") == []


def _prose_index(nb):
    """The small book's translated prose cell (tests/small_book.py)."""
    return next(i for i, c in enumerate(nb.cells) if c.get("id") == "attributes")


def _append_to_prose(small_book, text: str) -> int:
    """Append ``text`` to the small book's translated prose cell in zh-hant; the cell's index."""
    def change(nb):
        i = _prose_index(nb)
        nb.cells[i].source += text
        return i
    return _edit(_book(small_book) / "zh-hant" / "demo.ipynb", change)


def test_avoided_term_is_caught(small_book):
    i = _append_to_prose(small_book, "這會占用很多內存。")
    problems = terms.script_and_term_problems(small_book)
    assert any(f"cell {i} " in p and "'內存'" in p and "'memory'" in p and p.endswith("; write '記憶體'")
               for p in problems)  # the message names the word to write


def test_an_avoided_word_inside_an_askers_quotation_is_not_counted(small_book):
    # the asker's words, quoted, keep their wording; the same word in the book's own sentence is caught
    i = _append_to_prose(small_book, "提問者寫道：「這會占用很多內存」；『內存不夠』；“內存爆了”。")
    assert not [p for p in terms.script_and_term_problems(small_book) if f"cell {i} " in p and "'內存'" in p]

    i = _append_to_prose(small_book, "提問者寫道：「這會占用很多」內存。")
    assert any(f"cell {i} " in p and "'內存'" in p for p in terms.script_and_term_problems(small_book))


def test_an_avoided_word_inside_its_own_terms_form_is_not_counted(small_book):
    # zh-hant avoids 算法 (algorithm: 演算法), which is part of 演算法 itself: only the bare word counts,
    # in the chapters and in errors.yml summaries
    assert data.uses_avoided("常見的算法錯誤", "算法", "演算法")
    assert data.uses_avoided("演算法與算法", "算法", "演算法")
    assert not data.uses_avoided("類似的演算法", "算法", "演算法")
    assert not data.uses_avoided("演算演算法法", "算法", "演算法")  # the masked form joins nothing
    assert ("算法", "algorithm", "演算法") in data.avoided_terms(data.load_glossary(small_book), "zh-hant")

    i = _append_to_prose(small_book, "行動者－評論者與類似的演算法。")
    assert not [p for p in terms.script_and_term_problems(small_book) if f"cell {i} " in p and "'算法'" in p]

    i = _append_to_prose(small_book, "常見的算法錯誤。")
    assert any(f"cell {i} " in p and "'算法'" in p and "'algorithm'" in p and p.endswith("; write '演算法'")
               for p in terms.script_and_term_problems(small_book))
    errors = _book(small_book) / "errors.yml"
    first = data.load_errors(small_book)[0]
    errors.write_text(errors.read_text(encoding="utf-8").replace(
        first["summary"]["zh-hant"], first["summary"]["zh-hant"] + "換一種演算法。", 1), encoding="utf-8")
    assert not [p for p in error_index.error_index_problems(small_book) if "'算法'" in p]
    errors.write_text(errors.read_text(encoding="utf-8").replace("換一種演算法。", "換一種算法。", 1),
                      encoding="utf-8")
    assert any(first["id"] in p and "'算法'" in p and p.endswith("; write '演算法'")
               for p in error_index.error_index_problems(small_book))


def test_avoided_wording_is_caught(small_book):
    # glossary.yml's `wordings` (phrases that are not terms) are checked like a term's avoid list, in the
    # prose of the chapters (outside inline code) and in errors.yml summaries, and read from the book checked
    glossary = _book(small_book) / "glossary.yml"
    glossary.write_text(glossary.read_text(encoding="utf-8").replace(
        "wordings:\n", "wordings:\n  - en: planted phrase\n    avoid: {zh-hans: [甲乙丙]}\n", 1), encoding="utf-8")

    def change(nb):
        i = _prose_index(nb)
        nb.cells[i].source += "这条链终止于一个节点，甲乙丙。`终止于`"
        return i
    i = _edit(_book(small_book) / "zh-hans" / "demo.ipynb", change)
    problems = [p for p in terms.script_and_term_problems(small_book) if f"cell {i} " in p]
    assert any("'终止于'" in p and "'ends at (a chain of nodes, a graph)'" in p for p in problems), problems
    assert any("'甲乙丙'" in p and "'planted phrase'" in p for p in problems), problems
    assert sum("'终止于'" in p for p in problems) == 1  # the one in inline code is not counted
    errors = _book(small_book) / "errors.yml"
    first = data.load_errors(small_book)[0]
    errors.write_text(errors.read_text(encoding="utf-8").replace(
        first["summary"]["zh-hans"], first["summary"]["zh-hans"] + "张量终止于此。", 1), encoding="utf-8")
    assert any(first["id"] in p and "'终止于'" in p for p in error_index.error_index_problems(small_book))


def test_export_apply_round_trip(small_book):
    def change(nb):
        i = _md_index(nb)
        nb.cells[i].source += "\n\nNew sentence."
        return i
    i = _edit(_book(small_book) / "en" / "demo.ipynb", change)
    todo = translate.export_translation("demo", "zh-hans", small_book)
    en = notebooks.read_notebook(_book(small_book) / "en" / "demo.ipynb")
    mark = f"<!-- cell: {en.cells[i].id} english: {data.text_hash(en.cells[i].source)} -->"
    assert todo.count("<!-- cell: ") == 1 and mark in todo
    labels = "".join(f"({name})=\n" for name in checks.label_names(en.cells[i].source))  # a translation keeps them
    done = translate.apply_translation("demo", "zh-hans", f"{mark}\n{labels}新的句子。\n", small_book)
    assert done == [en.cells[i].id]
    assert not [p for p in checks.step_problems(small_book) if p.startswith("book/zh-hans")]


def test_stale_alt_text_is_caught(small_book):
    en_path = _book(small_book) / "en" / "demo.ipynb"
    nb = notebooks.read_notebook(en_path)
    i = next(i for i, c in enumerate(nb.cells) if prose.figure_text(c, "alt"))
    nb.cells[i].metadata["mystnb"]["image"]["alt"] += " Changed."
    notebooks.write_notebook(nb, en_path)
    sync.sync_all(small_book)
    problems = checks.step_problems(small_book)
    assert any(f"cell {i} " in p and "alt text" in p for p in problems)


def test_a_figure_text_with_no_stamp_is_caught_outside_a_draft(small_book):
    """No alt_source stamp: not translated yet, a problem in an edition that is not a draft."""
    tr_path = _book(small_book) / "zh-hans" / "demo.ipynb"
    nb = notebooks.read_notebook(tr_path)
    i = next(i for i, c in enumerate(nb.cells) if prose.figure_text(c, "alt"))
    del nb.cells[i].metadata["translation"]["alt_source"]
    notebooks.write_notebook(nb, tr_path)
    assert any(p.startswith("book/zh-hans") and f"cell {i} " in p and "alt text" in p
               for p in checks.step_problems(small_book))


def test_a_figure_caption_is_translated_round_trip_and_a_stale_one_is_caught(small_book):
    en_path = _book(small_book) / "en" / "demo.ipynb"
    nb = notebooks.read_notebook(en_path)
    i = next(i for i, c in enumerate(nb.cells) if prose.figure_text(c, "alt"))
    cell_id = nb.cells[i].id
    nb.cells[i].metadata["mystnb"]["figure"] = {"caption": "A new caption."}
    notebooks.write_notebook(nb, en_path)
    sync.sync_all(small_book)
    problems = checks.step_problems(small_book)
    assert any(f"cell {i} " in p and "figure's caption" in p for p in problems if p.startswith("book/zh-hans"))
    todo = translate.export_translation("demo", "zh-hans", small_book)
    mark = f"<!-- caption: {cell_id} english: {data.text_hash('A new caption.')} -->"
    assert f"{mark}\nA new caption.\n" in todo and "<!-- alt: " not in todo
    translate.apply_translation("demo", "zh-hans", f"{mark}\n新的图注。\n", small_book)
    tr = notebooks.read_notebook(_book(small_book) / "zh-hans" / "demo.ipynb").cells[i]
    assert tr.metadata["mystnb"]["figure"]["caption"] == "新的图注。"
    assert tr.metadata["mystnb"]["image"]["alt"] and set(tr.metadata["translation"]) == {"alt_source", "caption_source"}
    assert not [p for p in checks.step_problems(small_book) if p.startswith("book/zh-hans")]
    nb.cells[i].metadata["mystnb"]["figure"]["caption"] = "A changed caption."  # sync keeps the translation
    notebooks.write_notebook(nb, en_path)
    sync.sync_all(small_book)
    problems = checks.step_problems(small_book)
    assert any(p.startswith("book/zh-hans") and "figure's caption is not a translation" in p for p in problems)
    assert notebooks.read_notebook(_book(small_book) / "zh-hans" / "demo.ipynb").cells[i] \
        .metadata["mystnb"]["figure"]["caption"] == "新的图注。"


def test_taiwan_standard_forms_pass_and_mainland_forms_do_not():
    assert prose.wrong_script_chars("峰值、記憶體、著名", "zh-hant") == []
    assert prose.wrong_script_chars("显存峰值", "zh-hant") == ["显"]
    assert prose.wrong_script_chars("峰值、内存、着", "zh-hans") == []
    assert prose.wrong_script_chars("記憶體", "zh-hans") == ["憶", "記", "體"]


def test_a_markdown_page_in_place_of_a_translated_notebook_is_caught(small_book):
    nb = _book(small_book) / "zh-hant" / "demo.ipynb"
    nb.unlink()
    (_book(small_book) / "zh-hant" / "demo.md").write_text("# 示範\n\n一頁。\n", encoding="utf-8")
    problems = checks.structure_problems(small_book)
    assert any(p.startswith("book/zh-hant/demo.md") and "same kind of file" in p for p in problems)


def _figure_cell(nb):
    return next(i for i, c in enumerate(nb.cells) if prose.figure_text(c, "alt"))


def test_sync_copies_figure_settings_and_keeps_translated_alt_text(small_book):
    en_path = _book(small_book) / "en" / "demo.ipynb"
    tr_path = _book(small_book) / "zh-hant" / "demo.ipynb"
    nb = notebooks.read_notebook(en_path)
    i = _figure_cell(nb)
    nb.cells[i].metadata["mystnb"].setdefault("image", {})["width"] = "80%"
    notebooks.write_notebook(nb, en_path)
    tr_alt = notebooks.read_notebook(tr_path).cells[i].metadata["mystnb"]["image"]["alt"]
    assert checks.step_problems(small_book)  # the width is missing from the translations
    sync.sync_all(small_book)
    image = notebooks.read_notebook(tr_path).cells[i].metadata["mystnb"]["image"]
    assert image["width"] == "80%" and image["alt"] == tr_alt
    assert checks.step_problems(small_book) == []


def test_figure_settings_edited_in_a_translation_are_caught(small_book):
    tr_path = _book(small_book) / "zh-hans" / "demo.ipynb"
    nb = notebooks.read_notebook(tr_path)
    i = _figure_cell(nb)
    nb.cells[i].metadata["mystnb"]["image"]["width"] = "10%"
    notebooks.write_notebook(nb, tr_path)
    problems = checks.step_problems(small_book)
    assert any(p.startswith(f"book/zh-hans/demo.ipynb: cell {i} ") and "metadata" in p for p in problems)


def _committed(copy: Path) -> Path:
    """The copy as a git work tree with one commit: restamp finds the English a stamp names there."""
    git = ["git", "-C", str(copy), "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"]
    subprocess.run(git + ["init", "-q"], check=True)
    subprocess.run(git + ["add", "book", "_toc.yml"], check=True)
    subprocess.run(git + ["commit", "-qm", "base"], check=True)
    return copy


def _edit_md_cell(en_path: Path, change) -> tuple[int, str]:
    nb = notebooks.read_notebook(en_path)
    i = _md_index(nb)
    nb.cells[i].source = change(nb.cells[i].source)
    notebooks.write_notebook(nb, en_path)
    return i, nb.cells[i].id


def test_meaning_kept_tells_a_typo_from_a_new_wording():
    assert changes.meaning_kept("the graph is freed", "the graph is  freed")
    assert changes.meaning_kept("the grpah is freed", "the graph is freed")
    assert changes.meaning_kept("see [the docs](a.html)", "see [the docs](b.html#x)")
    assert not changes.meaning_kept("the graph is freed", "the graph is kept")
    assert not changes.meaning_kept("the graph is freed", "the graph is not freed")
    assert changes.word_diff("the graph is freed now", "the graph is kept now") == "the graph is [-freed-] {+kept+} now"


def test_restamp_after_an_edit_that_keeps_the_meaning(small_book):
    _committed(small_book)
    i, cell_id = _edit_md_cell(_book(small_book) / "en" / "demo.ipynb", lambda s: s.replace(" ", "  ", 1))
    problems = checks.step_problems(small_book)
    assert sum(f"cell {i} " in p for p in problems) == 2
    assert all(p.endswith("run: python -m utils.book.editions restamp demo") for p in problems
               if f"cell {i} " in p), problems  # no --cell needed
    done = restamp.restamp("demo", small_book)  # every translated edition at once
    assert sorted(done.done) == [f"zh-hans: {cell_id}", f"zh-hant: {cell_id}"] and done.refused == []
    assert checks.step_problems(small_book) == []


def test_restamp_refuses_a_changed_meaning_unless_the_cell_is_named(small_book):
    _committed(small_book)
    en_path = _book(small_book) / "en" / "demo.ipynb"
    i, cell_id = _edit_md_cell(en_path, lambda s: s + " Never again.")
    problems = [p for p in checks.step_problems(small_book) if f"cell {i} " in p]
    assert len(problems) == 2 and all("{+Never again.+}" in p and p.endswith(f"restamp demo --cell {cell_id}") for p in problems), problems
    refused = restamp.restamp("demo", small_book)
    assert refused.done == [] and len(refused.refused) == 2 and "{+Never again.+}" in refused.refused[0]
    assert restamp.restamp("demo", small_book, edition="zh-hant", cells=[cell_id]).done == [f"zh-hant: {cell_id}"]
    problems = checks.step_problems(small_book)
    assert not [p for p in problems if p.startswith("book/zh-hant/")]
    assert any(p.startswith(f"book/zh-hans/demo.ipynb: cell {i} ") for p in problems)
    with pytest.raises(SystemExit, match="no cell"):
        restamp.restamp("demo", small_book, cells=["no-such-cell"])


def test_restamp_of_a_figure_caption_keeps_the_alt_stamp(small_book):
    _committed(small_book)
    en_path = _book(small_book) / "en" / "demo.ipynb"
    nb = notebooks.read_notebook(en_path)
    i = next(i for i, c in enumerate(nb.cells) if prose.figure_text(c, "caption"))
    nb.cells[i].metadata["mystnb"]["figure"]["caption"] = nb.cells[i].metadata["mystnb"]["figure"]["caption"].replace(" ", "  ", 1)
    notebooks.write_notebook(nb, en_path)
    sync.sync_all(small_book)
    assert sum(f"cell {i} " in p and "caption" in p for p in checks.step_problems(small_book)) == 2
    done = restamp.restamp("demo", small_book)
    assert sorted(done.done) == [f"zh-hans: {nb.cells[i].id}", f"zh-hant: {nb.cells[i].id}"] and done.refused == []
    assert checks.step_problems(small_book) == []


def test_restamp_without_git_history_needs_the_cell_named(small_book):
    i, cell_id = _edit_md_cell(_book(small_book) / "en" / "demo.ipynb", lambda s: s.replace(" ", "  ", 1))
    assert restamp.restamp("demo", small_book).done == []
    assert len(restamp.restamp("demo", small_book, cells=[cell_id]).done) == 2


def test_restamp_never_marks_an_untranslated_cell(small_book):
    en_path = _book(small_book) / "en" / "demo.ipynb"
    nb = notebooks.read_notebook(en_path)
    nb.cells.insert(2, nbformat.v4.new_markdown_cell("A new English paragraph with several words."))
    notebooks.write_notebook(nb, en_path)
    sync.sync_all(small_book)
    assert restamp.restamp("demo", small_book, cells=[nb.cells[2].id]).done == []
    assert any("not translated yet" in p for p in checks.step_problems(small_book))


def test_restamp_of_a_markdown_page(small_book):
    _committed(small_book)
    page = _book(small_book) / "en" / "preface.md"
    page.write_text(page.read_text() + "\n", encoding="utf-8")
    assert restamp.restamp("preface", small_book, edition="zh-hans").done == ["zh-hans: preface"]
    problems = checks.step_problems(small_book)
    assert any(p.startswith("book/zh-hant/preface.md") for p in problems)
    assert not any(p.startswith("book/zh-hans/preface.md") for p in problems)


def test_error_index_stamps_are_per_edition(small_book):
    _committed(small_book)
    path = _book(small_book) / "errors.yml"
    first = data.load_errors(small_book)[0]
    path.write_text(path.read_text(encoding="utf-8").replace(first["summary"]["en"], first["summary"]["en"] + " Typo."),
                    encoding="utf-8")
    problems = error_index.error_index_problems(small_book)
    assert {p.split(": ")[1] for p in problems if "English changed" in p} == {f"entry {first['id']!r}"}
    assert sum("English changed" in p and "{+Typo.+}" in p for p in problems) == 2  # zh-hant and zh-hans
    assert restamp.restamp("errors.yml", small_book).done == []  # a word was added: refused
    assert restamp.restamp("errors.yml", small_book, edition="zh-hant", cells=[first["id"]]).done == [f"zh-hant: {first['id']}"]
    problems = error_index.error_index_problems(small_book)
    assert len([p for p in problems if "English changed" in p]) == 1
    assert "zh-hans" in next(p for p in problems if "English changed" in p)
    assert restamp.restamp("errors.yml", small_book, cells=[first["id"]]).done == [f"zh-hans: {first['id']}"]
    assert error_index.error_index_problems(small_book) == []
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# Data of the error index page")  # comments kept
    assert f'translated_from: {{zh-hant: "{data.text_hash(first["summary"]["en"] + " Typo.")}", zh-hans: ' in text


def test_glossary_stamps_follow_the_english_term(small_book):
    path = _book(small_book) / "glossary.yml"
    before = path.read_text(encoding="utf-8")
    path.write_text(before.replace('  - en: "computation graph"\n', '  - en: "computation graph (autograd)"\n'), encoding="utf-8")
    problems = terms.script_and_term_problems(small_book)
    assert sum("'computation graph (autograd)'" in p and "English changed" in p for p in problems) == 2
    assert restamp.restamp("glossary.yml", small_book).done == []
    restamp.restamp("glossary.yml", small_book, cells=["computation graph (autograd)"])
    assert terms.script_and_term_problems(small_book) == []
    after = path.read_text(encoding="utf-8").splitlines()
    assert len(after) == len(before.splitlines()) and after[0] == before.splitlines()[0]  # one line changed in place


def test_a_new_glossary_term_names_the_command_that_stamps_it(small_book):
    path = _book(small_book) / "glossary.yml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "terms:\n", "terms:\n  - en: gradient tape\n    zh-hant: 梯度帶\n    zh-hans: 梯度带\n"
        "    definition: {en: Recording operations., zh-hant: 記錄運算。, zh-hans: 记录运算。}\n", 1), encoding="utf-8")
    problems = [p for p in terms.script_and_term_problems(small_book) if "gradient tape" in p and "definition" not in p]
    assert len(problems) == 2 and all("no translated_from stamp" in p and
                                      "restamp glossary.yml --edition" in p and "--cell 'gradient tape'" in p
                                      for p in problems), problems
    restamp.restamp("glossary.yml", small_book, cells=["gradient tape"])
    assert terms.script_and_term_problems(small_book) == []
    assert "  - en: gradient tape\n    zh-hant: 梯度帶\n    zh-hans: 梯度带\n    definition: " in \
        path.read_text(encoding="utf-8")


def test_new_chapter_meets_the_conventions(small_book):
    # On the small synthetic book: the README's own example (hooks) may well be a chapter of the live book.
    written = scaffold.new_chapter("hooks", "Hooks on the graph", small_book)
    assert config.toc_docnames(small_book) == ["preface", "demo", "hooks"]
    assert checks.structure_problems(small_book) == []
    nb = notebooks.read_notebook(_book(small_book) / "en" / "hooks.ipynb")
    assert [c.id for c in nb.cells] == ["title", "colab-setup", "imports"]
    problems = notebooks.convention_problems(_book(small_book) / "en" / "hooks.ipynb", small_book)
    assert problems == ["book/en/hooks.ipynb: no code cell has been executed; run "
                        "'python -m utils.book.notebooks execute book/en/hooks.ipynb'"]  # next: make execute
    problems = notebooks.convention_problems(_book(small_book) / "zh-hant" / "hooks.ipynb", small_book)
    assert problems == ["book/zh-hant/hooks.ipynb: no code cell has been executed; run 'python -m "
                        "utils.book.notebooks execute book/en/hooks.ipynb' (it copies code and outputs into "
                        "every translation)"]  # the English chapter: a translation is never executed
    steps = [p for p in checks.step_problems(small_book) if "hooks" in p]
    assert len(steps) == 2 and all("cell 0 (id title): not translated yet" in p for p in steps), steps
    assert len(written) == 4
    with pytest.raises(SystemExit, match="exists already"):
        scaffold.new_chapter("hooks", "Again", small_book)


FOURTH = """  ja:
    name: "日本語"
    language: "ja"
    hreflang: "ja"
    title: "自動微分の計算グラフ"
    script:
      letters: "[\\u3040-\\u30ff]"
    labels:
      switcher: "他の言語で読む"
      landing: "PyTorch {torch} で実行した出力です。"
      glossary_avoid: "避ける語"
      error_explained: "解説"
      error_historical: "古い文言（PyTorch {until} まで）"
      error_source: "出典"
"""


def add_fourth_edition(copy: Path) -> None:
    """A 'ja' edition in a copy of the book, its pages copied from zh-hans (not translated)."""
    cfg = copy / "_config.yml"
    cfg.write_text(cfg.read_text(encoding="utf-8") + FOURTH, encoding="utf-8")
    config._load.cache_clear()
    shutil.copytree(_book(copy) / "zh-hans", _book(copy) / "ja")


def test_a_fourth_edition_copied_from_another_is_caught(small_book):
    add_fourth_edition(small_book)  # the small book: the live one may have a 'ja' edition of its own
    assert config.translations(small_book) == ["zh-hant", "zh-hans", "ja"]
    problems = checks.all_problems(small_book)
    assert any(p.startswith("book/ja/demo.ipynb") and "script of ja" in p for p in problems)
    assert any(p.startswith("book/ja/preface.md") and "script of ja" in p for p in problems)
    assert any(p.startswith("book/glossary.yml") and "no ja form" in p for p in problems)
    assert any(p.startswith("book/errors.yml") and "no ja summary" in p for p in problems)
    assert any(p.startswith("book/search_keywords.yml") and "no ja text" in p for p in problems)
    assert any(p.startswith("_config.yml: editions.ja") and "no labels_from stamp" in p for p in problems)
    assert not any(p.startswith(("book/zh-hant", "book/zh-hans", "book/en")) for p in problems)


def test_directive_markup_is_not_prose():
    assert not prose.has_prose("::::{solution-start} rg-ex1\n:class: dropdown\n::::")
    assert prose.has_prose(":::{exercise}\n:label: rg-ex1\nWhich of these losses can run twice?\n:::")


@pytest.mark.parametrize("bad", ["一張*聯合*計算圖，再由*分割器（partitioner）*把它切成兩半，也就是*重新計算*。",
                                 "**症狀：**第二次呼叫失敗。"])
def test_emphasis_that_does_not_render_as_in_english_is_caught(small_book, bad):
    english = "A *joint* graph, cut by the *partitioner*, then *recomputed*." if "分割器" in bad else "**Symptom:** the second call fails."
    i, mark = _english_cell(small_book, english)
    translate.apply_translation("demo", "zh-hant", f"{mark}\n{bad}\n", small_book)
    problems = checks.step_problems(small_book)
    assert any(p.startswith(f"book/zh-hant/demo.ipynb: cell {i} ") and "do not render as in English" in p
               for p in problems)
    fixed = bad.replace("*分割器（partitioner）*", "*分割器*（partitioner）").replace("**症狀：**", "**症狀**：")
    translate.apply_translation("demo", "zh-hant", f"{mark}\n{fixed}\n", small_book)
    assert not any(f"cell {i} " in p for p in checks.step_problems(small_book) if p.startswith("book/zh-hant"))


def test_a_translation_whose_label_differs_from_englishs_is_caught(small_book):
    """A translated section under another label (rev15 found `(ddp-fsdp-activations)=` where English has
    `(mem-fsdp-activations)=`): its links and search results would miss it in that edition."""
    i, mark = _english_cell(small_book, "(demo-label)=\n## A section\n\nIts text.")
    translate.apply_translation("demo", "zh-hant", f"{mark}\n(demo-labels)=\n## 一節\n\n它的正文。\n", small_book)
    assert any(p.startswith(f"book/zh-hant/demo.ipynb: cell {i} ") and "labels are not English's" in p
               for p in checks.step_problems(small_book))
    translate.apply_translation("demo", "zh-hant", f"{mark}\n(demo-label)=\n## 一節\n\n它的正文。\n", small_book)
    assert not any(f"cell {i} " in p for p in checks.step_problems(small_book) if p.startswith("book/zh-hant"))


def test_a_key_written_twice_in_a_data_entry_is_refused(small_book):
    path = _book(small_book) / "glossary.yml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        '  - en: "memory"\n', '  - en: "memory"\n    avoid:\n      zh-hant: [甲]\n', 1), encoding="utf-8")
    with pytest.raises(Exception, match="duplicate key"):
        data.load_glossary(small_book)


def test_a_translation_whose_cells_are_not_englishs_is_caught(small_book):
    path = _book(small_book) / "zh-hans" / "demo.ipynb"
    nb = notebooks.read_notebook(path)
    nb.cells[-1], nb.cells[-2] = nb.cells[-2], nb.cells[-1]  # two cells swapped
    notebooks.write_notebook(nb, path)
    problems = checks.step_problems(small_book)
    assert [p for p in problems if p.startswith("book/zh-hans/demo.ipynb")] == [
        f"book/zh-hans/demo.ipynb: its cells are not those of book/en/demo.ipynb in the same order "
        f"(English {len(nb.cells)} cells, this {len(nb.cells)}); run 'python -m utils.book.editions sync'"]
    nb.cells.pop()
    notebooks.write_notebook(nb, path)
    assert any(f"(English {len(nb.cells) + 1} cells, this {len(nb.cells)})" in p for p in checks.step_problems(small_book))


def test_the_emphasis_problem_shows_both_shapes_and_none_for_no_emphasis(small_book):
    i, mark = _english_cell(small_book, "**Symptom:** the second call fails.")
    translate.apply_translation("demo", "zh-hant", f"{mark}\n症狀：第二次呼叫失敗。\n", small_book)
    [problem] = [p for p in checks.step_problems(small_book) if p.startswith(f"book/zh-hant/demo.ipynb: cell {i} ")]
    assert "do not render as in English (none vs [])" in problem
