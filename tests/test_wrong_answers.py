"""The typical wrong answers folded under each code exercise (book/wrong_answers.json) are what the
judges say for the wrong answers their tests feed them: regenerated here and compared; every code
exercise of the book has them; every verdict of a translation is in its language."""
import json
import re
from pathlib import Path

import pytest

from exercise_messages import untranslated
from utils.book import config
from utils.book.answer_checks import answer_checks
from utils.book.notebooks import read_notebook
from wrong_answers import OUTPUT, dump, expression_tables, generate, tables

ROOT = Path(__file__).resolve().parents[1]
LABEL = re.compile(r"^:label:\s*(\S+)", re.M)


def _exercises() -> dict[str, bool]:
    """Every exercise label of the English chapters -> whether the page checks its answer itself
    without the fold (an expression box recognises only some forms: the fold stays under it)."""
    found = {}
    for path in sorted((ROOT / "book" / config.SOURCE).glob("*.ipynb")):
        nb = read_notebook(path)
        boxed = {box.label for box in answer_checks(nb) if box.kind != "expression"}
        for cell in nb.cells:
            if cell.cell_type == "markdown" and ":::{exercise}" in cell.source:
                label = LABEL.search(cell.source).group(1)
                found[label] = label in boxed
    return found


def _data() -> dict:
    return json.loads(OUTPUT.read_text(encoding="utf-8"))


@pytest.mark.slow  # every judge on every wrong answer, in every edition (about 7 CPU-s): make test runs it
def test_the_committed_data_is_what_the_judges_say():
    assert OUTPUT.read_text(encoding="utf-8") == dump(generate()), \
        "book/wrong_answers.json is stale: run .venv/bin/python tests/wrong_answers.py"


def test_the_committed_data_holds_the_tables_answers():
    """The fast tier's part of the test above, without running a judge: the committed file lists, for
    each exercise, the wrong answers of its test's WRONG table in order, and the forms of its ACCEPTED
    table (a wrong answer added or removed without regenerating the file fails here)."""
    data, stale = _data(), "book/wrong_answers.json is stale: run .venv/bin/python tests/wrong_answers.py"
    wrong = tables()
    assert set(data) - {"generated_by", "accepted"} == set(wrong), stale
    for label, (_, answers) in wrong.items():
        assert [e["code"] for e in data[label]] == [w.shown() for w in answers], (label, stale)
    assert data["accepted"] == {label: [f.code for f in forms] for label, (_, forms) in expression_tables().items()}, stale


def test_every_code_exercise_has_typical_wrong_answers():
    exercises, data = _exercises(), _data()
    code = {label for label, boxed in exercises.items() if not boxed}
    assert len(exercises) >= 31
    missing = sorted(label for label in code if len(data.get(label, [])) < 2)
    assert missing == [], f"code exercises with fewer than two typical wrong answers: {missing}"
    unknown = sorted(set(data) - {"generated_by", "accepted"} - set(exercises))
    assert unknown == [], f"wrong answers for exercises the book does not have: {unknown}"


@pytest.mark.parametrize("edition", config.translations())  # a draft edition (new-edition) has none yet
def test_every_verdict_is_in_the_edition_language(edition):
    problems = [(label, entry["verdict"][edition], untranslated(entry["verdict"][edition]))
                for label, entries in _data().items() if isinstance(entries, list)
                for entry in entries if untranslated(entry["verdict"][edition])]
    assert problems == []


def test_the_fold_shows_the_code_and_the_edition_verdict():
    """What the Sphinx extension puts after an exercise (the browser test opens it on a page)."""
    from docutils import nodes

    from utils.book.sphinx_ext.wrong_answers import fold, load

    entries = load()["rg-ex2"]
    for edition in config.editions():
        box, = fold(entries, edition)
        html = "".join(n.astext() for n in box.findall(nodes.raw))
        assert f"<summary>{config.labels(edition)['wrong_answers']}</summary>" in html
        assert [b.astext() for b in box.findall(nodes.literal_block)] == [e["code"] for e in entries]
        verdicts = [p.astext() for p in box.findall(nodes.paragraph) if "wrong-answer-verdict" in p["classes"]]
        verdict = lambda e: e["verdict"].get(edition) or e["verdict"][config.SOURCE]  # noqa: E731 (a draft: English's)
        assert verdicts == [re.sub(r"`([^`\n]+)`", r"\1", verdict(e)) for e in entries]  # code spans: code


def test_the_search_does_not_read_the_folded_wrong_answers():
    from utils.book.search import prepared_article

    page = ('<article class="bd-article"><section><p>text</p><div class="wrong-answers"><details>'
            '<summary>x</summary><p>Exercise 2: not yet.</p></details></div></section></article>')
    article = prepared_article(page, config.SOURCE)
    assert article.select_one(".wrong-answers")["data-pagefind-ignore"] == "all"
