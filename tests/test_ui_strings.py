"""Every UI string of each Chinese edition is in that edition's language and script (issue 12.3).

The scan reads every built page of each translated edition: the theme's chrome (header, sidebars,
footer, search page), myst-nb's and sphinx-exercise's words, the launch buttons, the switcher and
our own directives, and the attributes a reader meets as tooltips or a screen reader hears
(title, aria-label, placeholder, alt, the copy button's tooltip, the answer check's verdicts).
A UI string fails when it holds a Latin word that is not a name (PyTorch, Colab, a file type), or
a character of the other script (OpenCC, by the edition's `script.opencc` in _config.yml).

Left out, because it is legitimately English or is not UI: code and outputs (error messages,
tracebacks), math, anything marked with another language (the switcher's other editions, the
glossary's other columns), and the chapters' own prose and titles, also where the theme repeats
them (sidebar, page contents, previous/next): the edition checks of `make check` test prose.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest
from bs4 import BeautifulSoup, Comment, NavigableString

from utils.book import config
from utils.book.editions import prose

TRANSLATED = config.translations()
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]")
# Names, not words to translate: products, file types, the hardware the preface names.
NAMES = {"PyTorch", "Colab", "GitHub", "Jupyter", "Book", "Sphinx", "pdf", "ipynb", "md", "zip", "PDF",
         "CPU", "GPU", "CUDA", "JavaScript", "Python"}
# Attributes a reader meets: tooltips, what a screen reader says, placeholders, icon text, the
# copy button's tooltip, the answer check's verdicts (shown by book.js).
ATTRIBUTES = ("title", "aria-label", "placeholder", "alt", "data-tooltip", "aria-description",
              "data-right", "data-wrong", "data-empty", "data-toggle-hint", "data-unjudged")
SKIP_TAGS = {"script", "style", "pre", "code", "kbd", "samp", "math", "svg", "noscript", "template"}
# Code, outputs and error messages (myst-nb, Pygments, the error index) and MathJax's source.
SKIP_CLASSES = {"highlight", "cell_input", "cell_output", "output", "error-message", "math", "notranslate",
                "pre", "MathJax"}
# Excerpts of the pages' text that the search page shows: they lose the pages' code markup and lang
# marks, and the pages themselves are scanned.
SKIP_SELECTORS = ("#search-results .search-hit-excerpt",)
# Made by the build inside a page's article: everything else there is the chapter's own content.
GENERATED = ("nav.edition-switcher", ".answer-check", "summary", "a.headerlink", ".caption-number",
             "div.exercise > .admonition-title", "div.solution > .admonition-title", ".copybtn")


def _skipped(el, page_langs: set[str]) -> bool:
    if el.name in SKIP_TAGS or getattr(el, "book_skip", False):
        return True
    if el.get("lang") and el["lang"] not in page_langs:
        return True
    return bool(set(el.get("class") or []) & SKIP_CLASSES)


def _own_text(el, page_langs: set[str]) -> str:
    """The text of ``el`` without what the scan leaves out (code, other languages)."""
    parts = []
    for child in el.children:
        if isinstance(child, Comment):
            continue
        if isinstance(child, NavigableString):
            parts.append(str(child))
        elif child.name and not _skipped(child, page_langs):
            parts.append(_own_text(child, page_langs))
    return "".join(parts)


def content_titles(soup: BeautifulSoup) -> set[str]:
    """The headings of a page's article, as whole texts and as the pieces between code: the theme
    repeats them in the sidebar, the page contents, previous/next and <title>."""
    titles = set()
    for h in soup.select("article.bd-article :is(h1,h2,h3,h4,h5,h6)"):
        titles.add(" ".join(h.get_text(" ").split()).replace("#", "").strip())
        titles |= {" ".join(s.split()) for s in h.find_all(string=True) if s.strip()}
    return titles


@lru_cache(maxsize=None)  # a built site does not change during the run; three tests ask per edition
def edition_titles(folder: Path) -> frozenset[str]:
    titles = set()
    for page in folder.glob("*.html"):
        titles |= content_titles(BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser"))
    return frozenset(titles)


def _is_title(text: str, titles: set[str]) -> bool:
    """Whether ``text`` is (a piece of) a chapter's heading; "heading — book title" (<title>) and
    "page › section" (a search result) count."""
    # Compared without spaces: a heading's text has a space where code meets prose, Pagefind's not.
    parts = ["".join(part.split()) for part in re.split(" [—›] ", text)]
    bare = _bare(titles)
    return all(any(part and part in t for t in bare) or part in _BARE_BOOK_TITLES for part in parts)


_BARE_BOOK_TITLES = {"".join(ed["title"].split()) for ed in config.editions().values()}
_BARE_CACHE: dict[int, tuple[set, set]] = {}


def _bare(titles) -> set[str]:
    """``titles`` without spaces (computed once per set of titles)."""
    if id(titles) not in _BARE_CACHE or _BARE_CACHE[id(titles)][0] is not titles:
        _BARE_CACHE[id(titles)] = (titles, {"".join(t.split()) for t in titles})
    return _BARE_CACHE[id(titles)][1]


def ui_strings(html: str, edition: str, titles: set[str] = frozenset()) -> list[tuple[str, str]]:
    """(where, text) of every UI string of a page: text outside the article and the build's own
    parts inside it, and the reader-facing attributes of every element, minus what is left out."""
    return _not_titles(_candidates(_soup(html), edition), titles)


def _not_titles(candidates: list[tuple[str, str, str]], titles: set[str]) -> list[tuple[str, str]]:
    return [(where, text) for where, text, raw in candidates if not _is_title(raw, titles)]


def _candidates(soup: BeautifulSoup, edition: str) -> list[tuple[str, str, str]]:
    """(where, text, the text as the title check reads it) of every UI string of a parsed page,
    titles included."""
    root = soup.html or soup
    page_langs = {root.get("lang"), config.editions()[edition]["hreflang"]}
    generated = {id(el) for selector in GENERATED for el in soup.select(selector)}
    found = []

    def walk(el, in_article: bool, in_generated: bool):
        if _skipped(el, page_langs):
            return
        in_generated = in_generated or id(el) in generated
        in_article = in_article or (el.name == "article" and "bd-article" in (el.get("class") or []))
        for attr in ATTRIBUTES:
            value = el.get(attr)
            if value and value.strip():
                found.append((f"<{el.name} {attr}>", value.strip(), value))
        for child in el.children:
            if isinstance(child, Comment):
                continue
            if isinstance(child, NavigableString):
                text = str(child).strip()
                if text and (in_generated or not in_article):
                    found.append((f"<{el.name}> text", text, text))
            elif child.name:
                walk(child, in_article, in_generated)

    walk(root, False, False)
    return found


def english_words(text: str) -> list[str]:
    return [w for w in LATIN_WORD.findall(text) if w not in NAMES]


def _soup(html: str) -> BeautifulSoup:
    soup = BeautifulSoup(html, "html.parser")
    for selector in SKIP_SELECTORS:
        for el in soup.select(selector):
            el.book_skip = True
    return soup


def page_problems(html: str, edition: str, titles: set[str] = frozenset()) -> list[str]:
    """English UI strings, and characters of the other script anywhere in the page's text and
    attributes (prose included, code and other languages not)."""
    soup = _soup(html)  # parsed once (html.parser is slow), walked once
    candidates = _candidates(soup, edition)
    problems = [f"English {where}: {text!r}" for where, text in _not_titles(candidates, titles)
                if english_words(text)]
    root = soup.html or soup
    page_langs = {root.get("lang"), config.editions()[edition]["hreflang"]}
    texts = [_own_text(root, page_langs)] + [text for _, text in _not_titles(candidates, frozenset())]
    wrong = prose.wrong_script_chars("\n".join(texts), edition)
    if wrong:
        problems.append(f"characters of the other script: {''.join(wrong)}")
    return problems


# Planted inputs: the scan must see each of these, on any page.

def _page(body: str, lang: str = "zh-TW") -> str:
    return (f'<html lang="{lang}"><head><title>前言</title></head><body><div class="bd-header-article">{body}'
            '</div><article class="bd-article"><section><h1>前言</h1><p>呼叫 <code>backward()</code>。</p>'
            '</section></article></body></html>')


@pytest.mark.parametrize("body", [
    '<button title="Toggle primary sidebar"><span class="fa-bars"></span></button>',
    '<nav aria-label="Main"><a href="a.html">前言</a></nav>',
    '<input placeholder="Search this book...">',
    '<img alt="Colab logo" src="logo.png">',
    '<button class="copybtn" data-tooltip="Copy"></button>',
    '<span>Launch interactive content</span>',
    '<button>顯示 code cell 內容</button>',
    '<button class="toggle-button" data-toggle-hint="Click to show"></button>',
])
def test_the_scan_sees_english_ui_strings(body):
    problems = page_problems(_page(body), "zh-hant")
    assert problems and all(p.startswith("English") for p in problems), problems


def test_the_scan_sees_english_inside_the_books_own_parts_of_an_article():
    html = _page("").replace("<section>", '<section><nav class="edition-switcher" aria-label="閱讀版本">'
                                          '<span>Read in:</span></nav>')
    assert page_problems(html, "zh-hant") == ["English <span> text: 'Read in:'"]
    summary = _page("").replace("<section>", '<section><details><summary aria-label="顯示或隱藏內容">'
                                             'Show code cell source</summary></details>')
    assert page_problems(summary, "zh-hant") == ["English <summary> text: 'Show code cell source'"]


def test_the_scan_sees_the_other_script():
    assert page_problems(_page('<button title="显示或隐藏导航侧栏"></button>'), "zh-hant") == [
        "characters of the other script: 侧导显栏隐"]
    assert page_problems(_page('<span>搜尋</span>', lang="zh-CN"), "zh-hans") == [
        "characters of the other script: 尋"]
    # in prose too (the chapters' text is in the page)
    assert page_problems(_page("").replace("呼叫", "调用"), "zh-hant") == ["characters of the other script: 调"]


def test_the_scan_leaves_alone_what_is_legitimately_english():
    body = ('<nav class="edition-switcher" aria-label="閱讀版本"><span>閱讀版本:</span> '
            '<a href="../en/a.html" hreflang="en" lang="en">English</a> · '
            '<a href="../zh-hans/a.html" hreflang="zh-Hans" lang="zh-Hans">简体中文</a></nav>'
            '<div class="cell_output"><pre>RuntimeError: Trying to backward through the graph</pre></div>'
            '<a title="在 Colab 開啟" href="x"><img alt="Colab 標誌" src="c.png"><span>.ipynb</span></a>'
            '<table><tr><td class="language-en" lang="en">saved tensor</td></tr></table>')
    assert page_problems(_page(body), "zh-hant") == []
    # a chapter's title, repeated by the theme in the sidebar, is prose (make check tests it)
    titled = _page('<nav aria-label="全書導覽"><a href="g.html">The graph under torch.compile</a></nav>')
    assert page_problems(titled, "zh-hant", {"The graph under torch.compile"}) == []
    assert page_problems(titled, "zh-hant") != []



def test_the_scan_reads_search_results_as_titles_and_leaves_their_excerpts():
    hit = ('<div id="search-results"><ol><li><a class="search-hit-link" href="a.html">{link}</a>'
           '<p class="search-hit-excerpt">the <mark>leaf</mark> tensor 叶张量</p></li></ol></div>')
    titles = {"計算圖", "葉張量與非葉張量", "訓練模式下的 nn.BatchNorm2d ：輸入"}
    assert page_problems(_page(hit.format(link="計算圖 › 葉張量與非葉張量")), "zh-hant", titles) == []
    # a heading with code in it: the page's text has a space where Pagefind's title has none
    assert page_problems(_page(hit.format(link="計算圖 › 訓練模式下的 nn.BatchNorm2d：輸入")), "zh-hant", titles) == []
    error = '錯誤訊息索引: <code class="notranslate">one of the variables needed</code>'
    assert page_problems(_page(hit.format(link=error)), "zh-hant", titles) == []
    # Wrong input: a result link that is not a heading, and an error message that is not marked as code.
    assert page_problems(_page(hit.format(link="Show more results")), "zh-hant", titles) == [
        "English <a> text: 'Show more results'"]
    assert page_problems(_page(hit.format(link="錯誤訊息索引: one of the variables")), "zh-hant", titles) != []


# The built site.

def _built_pages(site: Path, edition: str) -> list[Path]:
    pages = sorted((site / edition).glob("*.html"))
    assert {p.stem for p in pages} >= set(config.toc_docnames()) | {"search", "genindex"}, pages
    return pages


@pytest.mark.slow
@pytest.mark.parametrize("edition", TRANSLATED)
def test_every_page_of_each_translated_edition_speaks_its_language(site, edition):
    titles = edition_titles(site / edition)
    problems = []
    for page in _built_pages(site, edition):
        html = page.read_text(encoding="utf-8")
        problems += [f"{edition}/{page.name}: {p}" for p in page_problems(html, edition, titles)]
    assert problems == []


@pytest.mark.slow
@pytest.mark.parametrize("edition", TRANSLATED)
def test_the_scan_catches_a_planted_english_label_in_a_built_page(site, edition):
    titles = edition_titles(site / edition)
    html = (site / edition / "graph_basics.html").read_text(encoding="utf-8")
    assert page_problems(html, edition, titles) == []
    planted = html.replace('class="sidebar-toggle primary-toggle', 'aria-label="Open the menu" class="sidebar-toggle primary-toggle', 1)
    assert planted != html
    assert page_problems(planted, edition, titles) == ["English <button aria-label>: 'Open the menu'"]


# The pages as the browser shows them: words that scripts add after loading (the copy button's
# tooltip, the search page's results, the icons' titles) are scanned in the live document.

@pytest.fixture(scope="module")
def live(browser, origin):
    return browser, origin


SEARCH_WORD = {"zh-hant": "張量", "zh-hans": "张量"}


@pytest.mark.slow
@pytest.mark.parametrize("edition", TRANSLATED)
def test_what_scripts_add_is_in_the_edition_language_too(site, live, edition):
    browser, origin = live
    titles = edition_titles(site / edition)
    problems = []
    for path, ready in ((f"{edition}/distributed.html", "button.copybtn[data-tooltip]"),
                        (f"{edition}/variable.html", "button.toggle-button"),
                        (f"{edition}/search.html?q={SEARCH_WORD.get(edition, 'tensor')}", "#search-results li a")):
        page = browser.new_page(viewport={"width": 1366, "height": 900})
        page.goto(f"{origin}/{path}")
        page.wait_for_selector(ready, state="attached", timeout=20000)
        page.wait_for_load_state("networkidle")
        html = page.content()
        # planted: an English tooltip, as sphinx-copybutton wrote for zh-TW before the fix
        planted = html.replace("<body", '<body title="Copy to clipboard"', 1)
        assert page_problems(planted, edition, titles) != [], path
        problems += [f"{path}: {p}" for p in page_problems(html, edition, titles)]
        page.close()
    assert problems == []
