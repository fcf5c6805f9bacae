"""The search as readers meet it, in headless Chromium: EDITION/search.html?q=QUERY for every query of
tests/search_queries.yml, and the paste-your-error box of the landing and error index pages."""
import json
import re
import time
from pathlib import Path
from urllib.parse import quote

import pytest

from utils.book import config, yamlread
from utils.book.editions import data


ROOT = Path(__file__).resolve().parents[1]
EDITIONS = list(config.editions())
QUERIES = yamlread.load((ROOT / "tests" / "search_queries.yml").read_text(encoding="utf-8"))["queries"]
REPORT = ROOT / "_build" / "search-report.json"
pytestmark = pytest.mark.slow
TOP = "ol.search-hits > li > a.search-hit-link"


def search(page, origin, edition, query):
    """The first three results' links of ``query`` on the search page, and the milliseconds to them."""
    start = time.perf_counter()
    page.goto(f"{origin}/{edition}/search.html?q={quote(query)}")
    page.wait_for_function("() => ['done', 'failed'].includes(document.getElementById('search-results').dataset.state)",
                           timeout=30000)
    ms = (time.perf_counter() - start) * 1000
    assert page.get_attribute("#search-results", "data-state") == "done"
    return page.eval_on_selector_all(TOP, "els => els.slice(0, 3).map(e => e.getAttribute('href'))"), ms


def paste(page, origin, where, text):
    """Paste ``text`` into the paste box of the page ``where`` and submit it; the box, once answered."""
    page.goto(f"{origin}/{where}")
    box = page.locator("form.error-paste")
    box.locator("textarea").fill(text)
    box.locator("button").click()
    page.wait_for_selector("form.error-paste .error-paste-result[data-state=done]")
    return box


def target_of(href: str) -> str:
    """A result's link as the query set names it: PAGE#ANCHOR, or PAGE for the top of a page."""
    path, _, anchor = href.partition("#")
    page = path.split("?")[0].rsplit("/", 1)[-1].removesuffix(".html")
    return f"{page}#{anchor}" if anchor else page


def is_hit(hrefs, expect) -> bool:
    """Section level: a result is a hit when it is an expected section (or, for an expected PAGE,
    the top of that page), not merely on the same page."""
    return bool({target_of(h) for h in hrefs} & set(expect))


def asked_in(edition: str) -> list[dict]:
    return [q for q in QUERIES if edition in q.get("editions", EDITIONS)]


def node_top(site, edition: str, queries: list[str], top: int = 3, rank=None) -> list[list[str]]:
    """The first ``top`` links the search page lists for each query, found under node on the built
    index (tests/search_node.mjs: the edition's own Pagefind and rank.js, the files the page loads, or
    ``rank``, another rank.js; one node process for all the queries of an edition)."""
    from test_real_questions import search_answers, search_request

    return [found["shown"][:top] for found in search_answers(search_request(site, edition, queries, rank=rank), shown=True)]


# The page itself is checked on a sample of each edition's queries (test_the_page_lists_what_node_lists):
# every ninth, and queries whose words join at a dot or colon (torch.FloatTensor, autograd.grad), where
# Chromium's word breaking differs from node's unless rank.js evens it out.
JOINED = re.compile(r"(?<=[A-Za-z])[.:\uff1a](?=[A-Za-z])")


# Queries the page and node once ranked otherwise, compared in every run: zh-hant's was searched by
# Pagefind as "torch . compile" in Chromium and "torch.compile" under node (Pagefind cuts a Chinese
# edition's terms with the engine's Intl.Segmenter; rank.js pagefindTerm now spaces the dot out first).
DIVERGED = {"zh-hant": ["torch.compile 二階導數 報錯"]}


def sample(edition: str) -> list[str]:
    asked = [q["q"] for q in asked_in(edition)]
    chosen = asked[::9]
    chosen += [q for q in asked if JOINED.search(q) and q not in chosen][:4]
    return chosen + [q for q in DIVERGED.get(edition, []) if q not in chosen]


def dotted_questions(edition: str) -> list[str]:
    """The queries with dotted names that are questions, not pasted messages: a pasted message is
    found by the error matcher whatever the words' breaks, so only these show the planted divergence."""
    return [q["q"] for q in asked_in(edition) if JOINED.search(q["q"]) and not re.search(r"(Error|Warning|Exception)\b", q["q"])]


def write_report(edition: str, **figures) -> None:
    report = json.loads(REPORT.read_text()) if REPORT.exists() else {}
    report.setdefault(edition, {}).update(figures)
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


@pytest.mark.parametrize("edition", EDITIONS)
def test_top_3_hit_rate_of_the_query_set(site, edition):
    # Under node, all of an edition's queries in one process (Chromium took 85 to 100 s an edition, a
    # page load and an index load for each query); the page is held to the same lists below.
    asked = asked_in(edition)
    found = node_top(site, edition, [q["q"] for q in asked])
    misses = [(q["q"][:70], hrefs) for q, hrefs in zip(asked, found) if not is_hit(hrefs, q["expect"])]
    # Stable anchors: a result links to the book's label, never to a position (#id3).
    generated = [h for hrefs in found for h in hrefs if re.search(r"#id\d+$", h)]
    rate = 1 - len(misses) / len(asked)
    write_report(edition, queries=len(asked), top3=round(rate, 3), misses=misses)
    assert generated == []
    assert rate >= 0.95, misses


def page_top(page, origin, edition, queries):
    """The first three links the search page lists for each query (PAGE#ANCHOR), and its milliseconds."""
    tops, times = [], []
    for query in queries:
        hrefs, ms = search(page, origin, edition, query)
        tops.append([target_of(h) for h in hrefs])
        times.append(ms)
    return tops, times


def differences(page_lists, node_lists, queries):
    return [(q[:70], p, [target_of(h) for h in n]) for q, p, n in zip(queries, page_lists, node_lists)
            if p != [target_of(h) for h in n]]


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_page_lists_what_node_lists(browser, origin, site, edition):
    """The query sets' rates and the corpus routing are measured under node: the search page in
    Chromium lists the same first three for a sample of each edition's queries, without a page error."""
    queries = sample(edition)
    page = browser.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    tops, times = page_top(page, origin, edition, queries)
    page.close()
    write_report(edition, page_sample=len(queries), median_ms=round(sorted(times)[len(times) // 2]),
                 p90_ms=round(sorted(times)[int(len(times) * 0.9)]))
    assert errors == []
    assert differences(tops, node_top(site, edition, queries), queries) == []


def test_the_comparison_fails_when_the_page_ranks_otherwise(browser, origin, site):
    """A planted divergence: the page's rank.js without its evening-out of word breaks (the words of
    x.grad split in Chromium, joined under node) lists other sections for some of the sample."""
    rank = (ROOT / "book" / "_static" / "search" / "rank.js").read_text(encoding="utf-8")
    planted = re.sub(r"var JOINED = /.*?/gu;", "var JOINED = /(?!)/gu;", rank)
    assert planted != rank
    page = browser.new_page()
    page.route("**/_static/search/rank.js", lambda route: route.fulfill(body=planted, content_type="text/javascript"))
    queries = dotted_questions("en")[:8]
    tops, _ = page_top(page, origin, "en", queries)
    page.close()
    assert differences(tops, node_top(site, "en", queries), queries) != []


def test_the_comparison_fails_when_pagefind_cuts_the_terms_otherwise(browser, origin, site, tmp_path):
    """The divergence of issues 35/36 planted back: rank.js hands Pagefind the dotted name whole (no
    pagefindTerm), which Chromium's segmenter cuts at the dot ("torch . compile", as the fixed rank.js
    spaces it out) and node's does not: node, running that rank.js, lists other sections for the
    zh-hant query that diverged than the page does."""
    rank = (ROOT / "book" / "_static" / "search" / "rank.js").read_text(encoding="utf-8")
    planted = rank.replace('String(term).replace(JOINED, " $& ")', "String(term)")
    assert planted != rank
    (tmp_path / "rank.js").write_text(planted, encoding="utf-8")
    page = browser.new_page()
    page.route("**/_static/search/rank.js", lambda route: route.fulfill(body=planted, content_type="text/javascript"))
    queries = DIVERGED["zh-hant"]
    tops, _ = page_top(page, origin, "zh-hant", queries)
    page.close()
    assert differences(tops, node_top(site, "zh-hant", queries, rank=tmp_path / "rank.js"), queries) != []


def test_is_hit_fails_on_a_wrong_page_or_section():
    assert is_hit(["pitfalls.html?highlight=x#pit-inplace-saved"], ["pitfalls#pit-inplace-saved"])
    assert is_hit(["graph_basics.html?highlight=x"], ["graph_basics"])
    assert not is_hit(["distributed.html#id2", "errors.html"], ["pitfalls#pit-inplace-saved"])
    assert not is_hit(["pitfalls.html#pit-running-loss"], ["pitfalls#pit-inplace-saved"])  # same page, other section
    assert not is_hit(["graph_basics.html#gb-leaves"], ["graph_basics"])


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_pasted_error_puts_its_entry_and_section_first_and_links_to_sections(browser, origin, edition):
    page = browser.new_page()
    hrefs, _ = search(page, origin, edition, "RuntimeError: one of the variables needed for gradient computation has "
                      "been modified by an inplace operation: [torch.FloatTensor [64, 1]], which is output 0 of "
                      "AsStridedBackward0, is at version 2; expected version 1 instead.")
    assert hrefs[0] == "errors.html#error-modified-by-inplace"
    assert hrefs[1] == "pitfalls.html#pit-inplace-saved"
    # A section of a chapter, with the words marked in the excerpt and passed on for highlighting.
    hrefs, _ = search(page, origin, edition, "running_loss")
    assert "#" in hrefs[0] and "highlight=" in hrefs[0], hrefs
    assert page.locator("ol.search-hits mark").count() > 0
    page.goto(f"{origin}/{edition}/{hrefs[0]}")
    page.wait_for_selector("span.highlighted", state="attached")  # some sit in folded cells
    page.close()


INPLACE = ("RuntimeError: one of the variables needed for gradient computation has been modified by an inplace "
           "operation: [torch.FloatTensor [64, 1]], which is output 0 of AsStridedBackward0, is at version 2")


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_other_words_of_a_query_choose_among_the_sections_that_explain_its_error(browser, origin, edition):
    page = browser.new_page()
    hrefs, _ = search(page, origin, edition, "GAN " + INPLACE)
    assert hrefs[:2] == ["errors.html#error-modified-by-inplace", "retain_graph.html#rg-gan"], hrefs
    hrefs, _ = search(page, origin, edition, INPLACE + " after optimizer.step()")
    assert hrefs[1] in ("training_loops.html#pit-step-between-backwards", "training_loops.html#pit-step-two-models"), hrefs
    # Every case is listed with its line; the error alone keeps its main section first.
    hrefs, _ = search(page, origin, edition, INPLACE)
    assert hrefs[1] == "pitfalls.html#pit-inplace-saved"
    listed = page.eval_on_selector_all("li.search-hit-error > a", "els => els.map(e => e.getAttribute('href'))")
    assert {"retain_graph.html#rg-gan", "training_loops.html#pit-step-between-backwards", "create_graph.html#cg-inplace",
            "variable.html#var-version"} <= set(listed)
    assert page.locator("li.search-hit-error .search-hit-excerpt").count() >= 5
    # The error index's hit is named with the edition's words and colon (issue 34: zh-hans showed "报错信息索引: ").
    words = config.labels(edition)
    first = page.eval_on_selector(TOP, "e => e.textContent")
    assert first.startswith(words["search_error_entry"] + words["colon"]), first
    page.close()


@pytest.mark.parametrize("where", [f"{e}/errors.html" for e in EDITIONS] + ["index.html"])
def test_the_paste_box_lists_every_case_of_an_error(browser, origin, where):
    page = browser.new_page()
    box = paste(page, origin, where, INPLACE)
    cases = box.locator("li.error-paste-case")
    assert cases.count() >= 5
    lines = [cases.nth(i).locator(".error-paste-line").inner_text() for i in range(cases.count())]
    assert all(len(line) > 10 for line in lines) and len(set(lines)) == len(lines)
    hrefs = [a.get_attribute("href") for a in box.locator("li.error-paste-case a").all()]
    assert any(h.endswith("training_loops.html#pit-step-between-backwards") for h in hrefs)
    assert any(h.endswith("retain_graph.html#rg-gan") for h in hrefs)
    assert hrefs[0].endswith("pitfalls.html#pit-inplace-saved")
    if where != "index.html":
        # The lines are the edition's own (a Chinese edition's lines are in Chinese).
        lang = page.get_attribute("html", "lang")
        assert all(re.search(r"[\u4e00-\u9fff]", line) for line in lines) == lang.startswith("zh")
    page.close()


@pytest.mark.parametrize("edition", EDITIONS)
def test_no_match_says_so(browser, origin, edition):
    page = browser.new_page()
    hrefs, _ = search(page, origin, edition, "zzqxv")
    assert hrefs == []
    assert "zzqxv" in page.inner_text("#search-results .search-summary")
    page.close()


def test_the_header_search_box_leads_to_the_search_page(browser, origin):
    page = browser.new_page()
    page.goto(f"{origin}/en/pitfalls.html")
    page.keyboard.press("Control+k")
    page.locator("#pst-search-dialog input[name=q]").fill("retain_graph")
    page.keyboard.press("Enter")
    page.wait_for_url("**/en/search.html?q=retain_graph")
    page.wait_for_function("() => document.getElementById('search-results').dataset.state === 'done'")
    assert page.locator(TOP).count() > 0
    page.close()


def test_one_search_system(site):
    for edition in EDITIONS:
        folder = site / edition
        assert not (folder / "searchindex.js").exists()
        assert (folder / "_pagefind" / "pagefind.js").exists()
        assert "searchindex.js" not in (folder / "pitfalls.html").read_text(encoding="utf-8")


PASTE = ("Traceback (most recent call last):\n  File \"C:\\Users\\me\\train.py\", line 9, in <module>\n"
         "    y.backward()\nRuntimeError: grad can be implicitly created only for scalar outputs")


@pytest.mark.parametrize("where", ["index.html"] + [f"{e}/errors.html" for e in EDITIONS])
def test_the_paste_box(browser, origin, where):
    page = browser.new_page()
    box = paste(page, origin, where, PASTE)
    assert page.get_attribute("form.error-paste .error-paste-result", "data-found") == "non-scalar-backward"
    links = box.locator(".error-paste-links a")
    hrefs = [links.nth(i).get_attribute("href") for i in range(links.count())]
    # the entry's own section first, then its cases (pit-data-parallel-loss: DataParallel's per-GPU losses)
    entry = next(e for e in data.load_errors() if e["id"] == "non-scalar-backward")
    explained = {entry["section"], *(c["section"] for c in entry.get("cases") or [])}
    assert hrefs and hrefs[0].endswith("pitfalls.html#pit-non-scalar")
    assert all(h.split("#")[1] in explained for h in hrefs), hrefs
    links.first.click()
    page.wait_for_url("**/pitfalls.html#pit-non-scalar")
    page.go_back()
    box.locator("textarea").fill("CUDA out of memory. Tried to allocate 2.00 GiB")  # indexed (mem-oom) since issue 31
    box.locator("button").click()
    page.wait_for_function("() => document.querySelector('form.error-paste .error-paste-result').dataset.found === 'cuda-out-of-memory'")
    box.locator("textarea").fill("CUDA error: an illegal memory access was encountered")  # not an error this book explains
    box.locator("button").click()
    page.wait_for_selector("form.error-paste .error-paste-none a[href*='search.html?q=']")
    page.close()


@pytest.mark.parametrize("edition", EDITIONS)
def test_more_than_ten_results_with_the_rest_a_click_away(browser, origin, edition):
    page = browser.new_page()
    search(page, origin, edition, "retain_graph backward graph")
    shown = "ol.search-hits > li:not([hidden])"
    assert page.locator(shown).count() == 10
    hidden = page.locator("ol.search-hits > li[hidden]").count()
    assert hidden > 0
    page.locator("button.search-more").click()
    assert page.locator(shown).count() == 10 + hidden
    assert page.locator("button.search-more").count() == 0
    page.close()


def test_a_misspelt_word_is_searched_as_the_books_nearest_word(browser, origin):
    page = browser.new_page()
    hrefs, _ = search(page, origin, "en", "retian graph")
    assert "retain" in page.inner_text("#search-results .search-corrected")
    assert any(h.split("?")[0].startswith("retain_graph.html") or "retain_graph.html" in h for h in hrefs), hrefs
    # A word the book has is not "corrected".
    search(page, origin, "en", "retain_grad")
    assert page.locator("#search-results .search-corrected").count() == 0
    page.close()


@pytest.mark.parametrize("edition, query", [("zh-hans", "葉子張量是什麼"), ("zh-hant", "叶子张量是什么")])
def test_a_query_in_the_other_chinese_script_finds_the_section(browser, origin, edition, query):
    page = browser.new_page()
    hrefs, _ = search(page, origin, edition, query)
    assert any(target_of(h) == "graph_basics#gb-leaves" for h in hrefs), hrefs
    page.close()
