"""Exercises a web reader can do (issue 37, item 5), in Chromium, on a one-page zh-Hant project built
with the book's Sphinx extension: the typical wrong answers fold under a code exercise and open to
show the judge's verdicts in the edition's language (from book/wrong_answers.json, which
tests/test_wrong_answers.py re-derives from the judges); the set and text answer checks say right
or wrong; an expression typed at a phone's size is recognised, or said not to be judged here; and
the page loads nothing from another origin."""
import json
import os
import re
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


def wrong_answers(label: str) -> list[dict]:
    return json.loads((ROOT / "book" / "wrong_answers.json").read_text(encoding="utf-8"))[label]


def opened(page, url: str) -> list[str]:
    """Load ``url`` in ``page`` until its network is idle; the list of the URLs it requests (growing)."""
    requested = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(url)
    page.wait_for_load_state("networkidle")
    return requested


@pytest.fixture(scope="module")
def built_page(one_page_site, request):
    """The URL of the Markdown page a test names (``indirect`` parametrisation), built once per module."""
    return one_page_site(request.param)


@pytest.mark.parametrize("built_page", [PAGE], indirect=True, ids=["exercises"])
def test_the_wrong_answers_fold_opens_with_the_verdicts_in_the_edition_language(phone_page, built_page):
    words = config.labels("zh-hant")
    entries = wrong_answers(LABEL)
    page = phone_page
    requested = opened(page, built_page)
    fold = page.locator("details.wrong-answers-fold")
    assert fold.count() == 1  # under the code exercise only
    assert fold.locator("summary").inner_text() == words["wrong_answers"]
    assert not fold.locator(".wrong-answer-verdict").first.is_visible()  # folded until opened
    fold.locator("summary").click()
    verdicts = fold.locator(".wrong-answer-verdict")
    assert verdicts.first.is_visible()
    assert verdicts.all_inner_texts() == [re.sub(r"`([^`\n]+)`", r"\1", e["verdict"]["zh-hant"]) for e in entries]  # `code` as code
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
    site = built_page.removesuffix("index.html")
    assert not any("expression.js" in url for url in requested)  # no expression box checked: not fetched
    assert requested and all(url.startswith(site) or url.startswith("data:") for url in requested), \
        [url for url in requested if not url.startswith(site)]


EXPRESSION_PAGE = textwrap.dedent("""\
    # 練習

    :::{exercise}
    :label: rg-ex2
    把 `answer_2` 設成函式 `carry(hidden)`。

    ```{answer-check}
    :kind: expression
    ```
    :::
    """)


@pytest.mark.parametrize("built_page", [EXPRESSION_PAGE], indirect=True, ids=["expression"])
def test_an_expression_typed_on_a_phone_is_recognised_or_not_judged(phone_page, built_page):
    """The box of a one-line answer (issue 37): a form the judge accepted, respelled, is right; a typical
    wrong one gets the judge's own verdict in the edition's language; any other form is not judged
    (the notebook judges it); expression.js comes from the site once the reader checks, and the box
    fits a phone's width."""
    words = config.labels("zh-hant")
    clone = next(e for e in wrong_answers("rg-ex2") if e["code"] == "lambda hidden: hidden.clone()")
    page = phone_page
    requested = opened(page, built_page)
    box = page.locator(".answer-check")
    assert box.get_attribute("data-kind") == "expression"
    assert not any("expression.js" in url for url in requested)  # fetched on the first check, not with the page
    field = box.locator("input[type=text]")
    width = page.viewport_size["width"]
    assert box.bounding_box()["x"] + box.bounding_box()["width"] <= width and field.bounding_box()["width"] >= 0.6 * width
    said = {}
    for typed in ["def carry(h): return h.detach()", "answer_2 = lambda state:state.clone()",
                  "lambda hidden: hidden * 0 + hidden.detach()", ""]:
        field.fill("")
        field.type(typed)  # key by key, as on a phone
        output = box.locator("output")
        output.evaluate("o => { o.textContent = ''; o.className = 'answer-check-verdict'; }")
        box.locator("button").click()
        # the first check fetches expression.js and answers when it arrives: wait for the verdict
        output.element_handle().wait_for_element_state("stable")
        page.wait_for_function("o => o.textContent.length > 0", arg=output.element_handle(), timeout=30000)
        said[typed] = (output.inner_text(), output.get_attribute("class"))
    if os.environ.get("BOOK_SHOTS"):
        page.screenshot(path=os.environ["BOOK_SHOTS"], full_page=True)
    assert said == {
        "def carry(h): return h.detach()": (words["answer_right"], "answer-check-verdict is-right"),
        "answer_2 = lambda state:state.clone()": (clone["verdict"]["zh-hant"], "answer-check-verdict is-wrong"),
        "lambda hidden: hidden * 0 + hidden.detach()": (words["answer_unjudged"], "answer-check-verdict is-unjudged"),
        "": (words["answer_empty"], "answer-check-verdict "),
    }, said
    assert "grad_fn" in said["answer_2 = lambda state:state.clone()"][0] and "狀態" in said["answer_2 = lambda state:state.clone()"][0]
    site = built_page.removesuffix("index.html")
    assert any(url.startswith(site) and "/_static/expression.js" in url for url in requested), requested
    assert all(url.startswith(site) or url.startswith("data:") for url in requested), requested
