"""Exercises a web reader can do (issue 37, item 5), in Chromium, on a one-page zh-Hant project built
with the book's Sphinx extension: the typical wrong answers fold under a code exercise and open to
show the judge's verdicts in the edition's language (from book/wrong_answers.json, which
tests/test_wrong_answers.py re-derives from the judges); the set and text answer checks say right
or wrong; and the page loads nothing from another origin."""
import json
import textwrap
from pathlib import Path

import pytest

from utils.book import config

ROOT = Path(__file__).resolve().parents[1]
LABEL = "var-ex2"  # a code exercise of the book, with its wrong answers in the data

pytestmark = pytest.mark.slow

PAGE = textwrap.dedent(f"""\
    # 練習

    :::{{exercise}}
    :label: {LABEL}
    寫一個張量掛鉤 `answer_2(grad)`。
    :::

    :::{{exercise}}
    :label: set-and-text
    哪些？

    ```{{answer-check}}
    :kind: set
    :answer: a,c
    a: `"x + 1"`
    b: `"x * 4"`
    c: `"x - 2"`
    ```

    ```{{answer-check}}
    :kind: text
    :answer: static_graph
    ```
    :::
    """)


@pytest.fixture(scope="module")
def exercise_page(one_page_site):
    return one_page_site(PAGE)


def test_the_wrong_answers_fold_opens_with_the_verdicts_in_the_edition_language(phone_page, exercise_page):
    words = config.labels("zh-hant")
    entries = json.loads((ROOT / "book" / "wrong_answers.json").read_text(encoding="utf-8"))[LABEL]
    requested = []
    page = phone_page
    page.on("request", lambda request: requested.append(request.url))
    page.goto(exercise_page)
    page.wait_for_load_state("networkidle")
    fold = page.locator("details.wrong-answers-fold")
    assert fold.count() == 1  # under the code exercise only
    assert fold.locator("summary").inner_text() == words["wrong_answers"]
    assert not fold.locator(".wrong-answer-verdict").first.is_visible()  # folded until opened
    fold.locator("summary").click()
    verdicts = fold.locator(".wrong-answer-verdict")
    assert verdicts.first.is_visible()
    assert verdicts.all_inner_texts() == [e["verdict"]["zh-hant"] for e in entries]
    assert fold.locator("pre").all_inner_texts()[0].strip() == entries[0]["code"]
    assert "掛鉤" in verdicts.first.inner_text()  # Chinese, not the English verdict
    # the answer checks of a set and of a short expression
    choose, text = page.locator(".answer-check").nth(0), page.locator(".answer-check").nth(1)
    choose.locator("input[value=a]").check()
    choose.locator("button").click()
    assert choose.locator("output").inner_text() == words["answer_wrong"]
    choose.locator("input[value=c]").check()
    choose.locator("button").click()
    assert choose.locator("output").inner_text() == words["answer_right"]
    for typed, verdict in [('"static_graph"', "answer_right"), (" Static_Graph ", "answer_right"),
                           ("find_unused_parameters", "answer_wrong"), ("", "answer_empty")]:
        text.locator("input").fill(typed)
        text.locator("button").click()
        assert text.locator("output").inner_text() == words[verdict], typed
    site = exercise_page.removesuffix("index.html")
    assert requested and all(url.startswith(site) or url.startswith("data:") for url in requested), \
        [url for url in requested if not url.startswith(site)]
