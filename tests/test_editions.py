"""The three editions stay in step: checked on the real book, then on planted bad input."""
import shutil
from pathlib import Path

import pytest

from utils.book import editions, notebooks

ROOT = Path(__file__).resolve().parents[1]


def test_every_toc_page_exists_in_every_edition():
    assert editions.structure_problems() == []


def test_translations_are_in_step_with_english():
    assert editions.step_problems() == []


def test_scripts_and_glossary_terms():
    assert editions.script_and_term_problems() == []


def test_there_are_three_editions():
    assert editions.translations() == ["zh-hant", "zh-hans"]


def _code_index(nb):
    return next(i for i, c in enumerate(nb.cells)
                if c.cell_type == "code" and c.outputs and not notebooks.tags(c))


def _md_index(nb, start=1):
    return next(i for i, c in enumerate(nb.cells) if i >= start and c.cell_type == "markdown")


def _edit(path: Path, change):
    nb = notebooks.read_notebook(path)
    i = change(nb)
    notebooks.write_notebook(nb, path)
    return i


def _book(copy):
    return copy / "book"


def test_code_changed_in_one_edition_is_caught(book_copy):
    def change(nb):
        i = _code_index(nb)
        nb.cells[i].source += "\nprint('only here')"
        return i
    i = _edit(_book(book_copy) / "zh-hant" / "graph_basics.ipynb", change)
    problems = editions.step_problems(book_copy)
    assert problems == [p for p in problems if p.startswith("book/zh-hant/graph_basics.ipynb")]
    assert any(f"cell {i} " in p and "code differs from English" in p for p in problems)


def test_output_edited_by_hand_in_a_translation_is_caught(book_copy):
    def change(nb):
        i = _code_index(nb)
        nb.cells[i].outputs[0]["text"] = "edited by hand\n"
        return i
    i = _edit(_book(book_copy) / "zh-hans" / "graph_basics.ipynb", change)
    problems = editions.step_problems(book_copy)
    assert any(p.startswith(f"book/zh-hans/graph_basics.ipynb: cell {i} ") and "outputs" in p for p in problems)


def test_english_prose_changed_without_translations_is_caught(book_copy):
    def change(nb):
        i = _md_index(nb)
        nb.cells[i].source += "\n\nA new English sentence."
        return i
    i = _edit(_book(book_copy) / "en" / "graph_basics.ipynb", change)
    problems = editions.step_problems(book_copy)
    for ed in ("zh-hant", "zh-hans"):
        assert any(p.startswith(f"book/{ed}/graph_basics.ipynb: cell {i} ") and "older English text" in p
                   for p in problems)


def test_english_markdown_page_changed_is_caught(book_copy):
    page = _book(book_copy) / "en" / "glossary.md"
    page.write_text(page.read_text() + "\nOne more line.\n")
    problems = editions.step_problems(book_copy)
    assert any(p.startswith("book/zh-hant/glossary.md") and "older" in p for p in problems)


def test_sync_keeps_translations_and_copies_code(book_copy):
    tr = _book(book_copy) / "zh-hant" / "graph_basics.ipynb"
    i = _edit(tr, lambda nb: (_code_index(nb), nb.cells[_code_index(nb)].__setitem__("source", "changed"))[0])
    before = notebooks.read_notebook(tr)
    editions.sync_all(book_copy)
    after = notebooks.read_notebook(tr)
    en = notebooks.read_notebook(_book(book_copy) / "en" / "graph_basics.ipynb")
    assert after.cells[i].source == en.cells[i].source
    prose = [c.source for c in after.cells if c.cell_type == "markdown"]
    assert prose == [c.source for c in before.cells if c.cell_type == "markdown"]
    assert editions.step_problems(book_copy) == []


def test_missing_chapter_is_caught(book_copy):
    (_book(book_copy) / "zh-hans" / "graph_basics.ipynb").unlink()
    problems = editions.structure_problems(book_copy)
    assert "book/zh-hans: page 'graph_basics' is in _toc.yml but missing from this edition" in problems


def test_chapter_missing_from_toc_is_caught(book_copy):
    for ed in ("en", "zh-hant", "zh-hans"):
        shutil.copy(_book(book_copy) / ed / "graph_basics.ipynb", _book(book_copy) / ed / "extra.ipynb")
    problems = editions.structure_problems(book_copy)
    assert "book/en/extra.ipynb: not listed in _toc.yml" in problems
    toc = book_copy / "_toc.yml"
    toc.write_text(toc.read_text() + "  - file: not_written\n")
    assert "book/zh-hant: page 'not_written' is in _toc.yml but missing from this edition" in \
        editions.structure_problems(book_copy)


@pytest.mark.parametrize("edition, planted, found", [
    ("zh-hant", "這裡有一個简体字。", "简"),
    ("zh-hans", "这里有一个繁體字。", "體"),
])
def test_wrong_script_is_caught(book_copy, edition, planted, found):
    def change(nb):
        i = _md_index(nb)
        nb.cells[i].source += planted
        return i
    i = _edit(_book(book_copy) / edition / "graph_basics.ipynb", change)
    problems = editions.script_and_term_problems(book_copy)
    assert any(p.startswith(f"book/{edition}/graph_basics.ipynb: cell {i} ") and found in p for p in problems)


def test_wrong_script_ignores_code_and_english():
    assert editions.wrong_script_chars("`print('简体')` 張量與記憶體", "zh-hant") == ["体", "简"]  # raw text
    assert editions.wrong_script_chars(editions._strip_code("`print('简体')` 張量與記憶體"), "zh-hant") == []


def test_avoided_term_is_caught(book_copy):
    def change(nb):
        i = _md_index(nb)
        nb.cells[i].source += "這會占用很多內存。"
        return i
    i = _edit(_book(book_copy) / "zh-hant" / "graph_basics.ipynb", change)
    problems = editions.script_and_term_problems(book_copy)
    assert any(f"cell {i} " in p and "'內存'" in p and "'memory'" in p for p in problems)


def test_export_apply_round_trip(book_copy):
    def change(nb):
        i = _md_index(nb)
        nb.cells[i].source += "\n\nNew sentence."
        return i
    i = _edit(_book(book_copy) / "en" / "graph_basics.ipynb", change)
    todo = editions.export_translation("graph_basics", "zh-hans", book_copy)
    en = notebooks.read_notebook(_book(book_copy) / "en" / "graph_basics.ipynb")
    assert todo.count("<!-- cell: ") == 1 and f"<!-- cell: {en.cells[i].id} -->" in todo
    done = editions.apply_translation("graph_basics", "zh-hans", f"<!-- cell: {en.cells[i].id} -->\n新的句子。\n",
                                      book_copy)
    assert done == [en.cells[i].id]
    assert not [p for p in editions.step_problems(book_copy) if p.startswith("book/zh-hans")]


def test_stale_alt_text_is_caught(book_copy):
    en_path = _book(book_copy) / "en" / "graph_basics.ipynb"
    nb = notebooks.read_notebook(en_path)
    i = next(i for i, c in enumerate(nb.cells) if editions._alt(c))
    nb.cells[i].metadata["mystnb"]["image"]["alt"] += " Changed."
    notebooks.write_notebook(nb, en_path)
    editions.sync_all(book_copy)
    problems = editions.step_problems(book_copy)
    assert any(f"cell {i} " in p and "alt text" in p for p in problems)


def test_taiwan_standard_forms_pass_and_mainland_forms_do_not():
    assert editions.wrong_script_chars("峰值、記憶體、著名", "zh-hant") == []
    assert editions.wrong_script_chars("显存峰值", "zh-hant") == ["显"]
    assert editions.wrong_script_chars("峰值、内存、着", "zh-hans") == []
    assert editions.wrong_script_chars("記憶體", "zh-hans") == ["憶", "記", "體"]
