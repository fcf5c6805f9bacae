"""The site: all three editions build with zero warnings, and the pages are what readers need."""
import re
from functools import lru_cache
from html.parser import HTMLParser
from pathlib import Path

import pytest

from utils.book import build, config, notebooks
from utils.book.editions import data

ROOT = Path(__file__).resolve().parents[1]
EDITIONS = config.editions()
HAN = re.compile(r"[\u4e00-\u9fff]")


class Assets(HTMLParser):
    """Collects what a page loads (scripts, styles, images, icons), not where it links to."""

    def __init__(self):
        super().__init__()
        self.loaded, self.images, self.alternates, self.lang = [], [], {}, None
        self.links, self.ids = [], set()

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"])
        if tag == "a" and a.get("href"):
            self.links.append(a["href"])
        if tag == "html":
            self.lang = a.get("lang")
        if tag in {"script", "img", "iframe", "source", "video", "audio"} and a.get("src"):
            self.loaded.append(a["src"])
        if tag == "img":
            self.images.append(a)
        if tag == "link":
            rel = a.get("rel", "")
            if rel == "alternate" and a.get("hreflang"):
                self.alternates[a["hreflang"]] = a["href"]
            elif a.get("href") and rel in {"stylesheet", "icon", "preload", "modulepreload", "shortcut icon"}:
                self.loaded.append(a["href"])


@lru_cache(maxsize=None)  # the built site does not change during a run: each page is parsed once
def parse(path: Path) -> Assets:
    p = Assets()
    p.feed(path.read_text(encoding="utf-8"))
    return p


def pages(site, key):
    return [site / key / f"{name}.html" for name in config.toc_docnames()]


@pytest.mark.slow
def test_every_page_exists_in_every_edition(site):
    for key in EDITIONS:
        for page in pages(site, key):
            assert page.exists(), page


@pytest.mark.slow
def test_pages_load_nothing_from_another_origin(site):
    for page in sorted(site.rglob("*.html")):
        for url in parse(page).loaded:
            assert not re.match(r"^(https?:)?//", url), f"{page.relative_to(site)} loads {url}"
    assert not (site / "_vendor" / "mathjax").exists()  # math is MathML (issue 33): nothing to serve


@pytest.mark.slow
def test_each_edition_has_its_language_switcher_and_alternates(site):
    for key, ed in EDITIONS.items():
        for page in pages(site, key):
            p = parse(page)
            assert p.lang == ed["language"].replace("_", "-"), page
            assert set(p.alternates) == {e["hreflang"] for e in EDITIONS.values()}, page
            for other_key, other in EDITIONS.items():
                target = (page.parent / p.alternates[other["hreflang"]]).resolve()
                assert target == (site / other_key / page.name).resolve(), (page, target)
            html = page.read_text(encoding="utf-8")
            assert 'class="edition-switcher"' in html, page
            nav = html[html.index('class="edition-switcher"'):html.index("</nav>", html.index('class="edition-switcher"'))]
            links = dict((lang, href) for href, lang in re.findall(r'<a href="([^"]+)" hreflang="([^"]+)"', nav))
            assert set(links) == {e["hreflang"] for k, e in EDITIONS.items() if k != key}, page
            for other_key, other in EDITIONS.items():  # the switcher's links, what the browser test clicks
                if other_key != key:
                    assert (page.parent / links[other["hreflang"]]).resolve() == (site / other_key / page.name).resolve()


@pytest.mark.slow
def test_the_download_button_serves_the_reader_notebook_and_colab_follows_the_setting(site):
    """The download button links _sources/NAME.ipynb, which the build replaces by the reader
    notebook (utils/book/reader_notebooks.py); the Colab button appears only once the repository
    is published (utils/book/launch.py; tests/test_colab.py checks each link's form)."""
    from utils.book import launch, reader_notebooks

    for key in EDITIONS:
        for name, path in data.edition_pages(key).items():
            if path.suffix != ".ipynb":
                continue
            html = (site / key / f"{name}.html").read_text(encoding="utf-8")
            assert f'href="_sources/{name}.ipynb"' in html, (key, name)
            served = notebooks.read_notebook(site / key / "_sources" / f"{name}.ipynb")
            assert reader_notebooks.leftovers(served) == [], (key, name)
            colab = launch.colab_url(key, name)
            assert (colab in html) if colab else ("colab.research.google.com" not in html), (key, name)


@pytest.mark.slow
def test_images_have_alt_text_and_setup_cell_is_hidden(site):
    for key in EDITIONS:
        for page in pages(site, key):
            for img in parse(page).images:
                assert img.get("alt"), f"{page.relative_to(site)}: an image has no alt text ({img.get('src')})"
            assert "google.colab" not in page.read_text(encoding="utf-8"), page


@pytest.mark.slow
def test_glossary_page_renders_the_data_file(site):
    terms = data.load_glossary()
    for key in EDITIONS:
        html = (site / key / "glossary.html").read_text(encoding="utf-8")
        for term in terms:
            assert term["zh-hant"].split("（")[0] in html and term["zh-hans"].split("（")[0] in html


@pytest.mark.slow
def test_glossary_columns_carry_their_language(site):
    for key in EDITIONS:
        html = (site / key / "glossary.html").read_text(encoding="utf-8")
        for ed in EDITIONS.values():
            assert html.count(f'lang="{ed["hreflang"]}"') >= len(data.load_glossary()), (key, ed["hreflang"])
        has_avoid = any(t.get("avoid", {}).get(key) for t in data.load_glossary())
        assert (config.labels(key)["glossary_avoid"] in html) == has_avoid, key


@pytest.fixture
def small_site(tmp_path):
    """The small synthetic book (tests/small_book.py), ready to build as a site: a build of one edition
    takes seconds, and following a README workflow in the live book cannot change what it holds."""
    import small_book

    return small_book.make_site(tmp_path / "small")


@pytest.mark.slow
def test_a_fourth_edition_gets_switcher_entries_and_its_own_labels(small_site, tmp_path):
    from test_editions import add_fourth_edition

    add_fourth_edition(small_site)
    build.build_edition("ja", root=small_site, out=tmp_path / "out", fresh=True)
    html = (tmp_path / "out" / "html" / "ja" / "errors.html").read_text(encoding="utf-8")
    assert 'aria-label="他の言語で読む"' in html and "<strong aria-current=\"page\" lang=\"ja\">日本語</strong>" in html
    editions = config.editions(small_site)
    assert list(editions) == ["en", "zh-hant", "zh-hans", "ja"]
    for key, ed in editions.items():
        assert f'href="../{key}/errors.html"' in html and f'hreflang="{ed["hreflang"]}"' in html
    assert "解説: " in html  # the error index's own words, from the edition's labels
    landing = build.landing_html(small_site)
    assert 'href="ja/preface.html"' in landing and "日本語" in landing


@pytest.mark.slow
def test_landing_page_links_every_edition(site):
    html = (site / "index.html").read_text(encoding="utf-8")
    for key, ed in EDITIONS.items():
        assert f'href="{key}/preface.html"' in html and ed["name"] in html


@pytest.mark.slow
def test_a_broken_cross_reference_fails_the_build(small_site, tmp_path):
    path = small_site / "book" / "zh-hant" / "demo.ipynb"
    nb = notebooks.read_notebook(path)
    i = next(i for i, c in enumerate(nb.cells) if i > 0 and c.cell_type == "markdown")
    nb.cells[i].source += "\n\n參見 {ref}`no-such-label`。"
    notebooks.write_notebook(nb, path)
    with pytest.raises(SystemExit) as failure:
        build.build_edition("zh-hant", root=small_site, out=tmp_path, fresh=True)
    message = str(failure.value)
    assert "demo" in message and "no-such-label" in message


@pytest.mark.slow
def test_every_internal_link_and_anchor_resolves(site):
    parsed = {page: parse(page) for page in site.rglob("*.html")}
    broken = []
    for page, p in parsed.items():
        for href in p.links:
            if re.match(r"^[a-z]+:", href) or href.startswith("//"):
                continue  # another origin (the Colab and repository buttons) or mailto:
            path, _, anchor = href.partition("#")
            target = (page.parent / path).resolve() if path else page
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                broken.append(f"{page.relative_to(site)}: {href} (no such file)")
            elif anchor and target.suffix == ".html" and anchor not in parsed[target].ids:
                broken.append(f"{page.relative_to(site)}: {href} (no such anchor)")
    assert broken == []


@pytest.mark.slow
def test_error_index_page_lists_every_message_with_its_section(site):
    import html as htmllib

    for key in EDITIONS:
        page = site / key / "errors.html"
        text = htmllib.unescape(page.read_text(encoding="utf-8"))
        p = parse(page)
        for entry in data.load_errors():
            assert entry["message"] in text, (key, entry["id"])
            assert f"error-{entry['id']}" in p.ids, (key, entry["id"])
            assert entry["summary"][key] in text, (key, entry["id"])
        # every "explained in" link points into a chapter of the same edition
        chapter_links = [h for h in p.links if ".html#" in h and not h.startswith("http")]
        assert len(chapter_links) >= len(data.load_errors())


@pytest.mark.slow
def test_error_index_says_which_case_each_section_explains(site):
    """An error with cases lists them as the paste box does: each case's line in the edition's
    language, then the link to its section, in errors.yml's order (section, cases, see_also)."""
    from bs4 import BeautifulSoup

    with_cases = [e for e in data.load_errors() if e.get("cases")]
    assert with_cases
    for key in EDITIONS:
        soup = BeautifulSoup((site / key / "errors.html").read_text(encoding="utf-8"), "html.parser")
        for entry in data.load_errors():
            box = soup.find(id=f"error-{entry['id']}")
            items = box.select("ul.error-cases > li")
            wanted = data.error_cases(entry, key)
            if entry not in with_cases:
                assert not items, (key, entry["id"])
                continue
            assert len(items) == len(wanted), (key, entry["id"])
            for li, (label, line) in zip(items, wanted):
                shown = li.select_one(".error-case-line")
                assert (shown.get_text() if shown else "") == line, (key, entry["id"], label)
                assert li.find("a")["href"].split("#")[1] == label, (key, entry["id"], label)


@pytest.mark.slow
def test_error_index_is_a_page_to_scan(site):
    """Issue 33: each entry a heading with a permalink, under a heading per group, the groups in the
    page's contents column, the paste box before the first group."""
    from bs4 import BeautifulSoup

    for key in EDITIONS:
        soup = BeautifulSoup((site / key / "errors.html").read_text(encoding="utf-8"), "html.parser")
        groups = soup.select("article section.error-group")
        assert len(groups) >= 6, key
        for group in groups:
            assert group.find("h2", recursive=False).select_one("a.headerlink"), (key, group["id"])
        entries = soup.select("article section.error-entry")
        assert len(entries) == len(data.load_errors()), key
        for entry in entries:
            h3 = entry.find("h3", recursive=False)
            assert h3 and h3.select_one(f'a.headerlink[href="#{entry["id"]}"]'), (key, entry["id"])
        contents = [a["href"] for a in soup.select(".bd-sidebar-secondary nav a")]
        assert all(f'#{g["id"]}' in contents for g in groups), (key, contents)
        paste = soup.select_one("article form.error-paste")
        assert paste and paste.find_next("section", class_="error-group") is groups[0], key


@pytest.mark.slow
def test_no_page_loads_mathjax_and_math_is_mathml(site):
    """Issue 33: MathJax (1.16 MB of tex-chtml.js and its fonts) was loaded by every chapter and by
    the preface, which has no math. The math is MathML now, written at build time
    (utils/book/sphinx_ext/page_weight.py): no page names MathJax, and each formula is a <math>."""
    for key in EDITIONS:
        for page in pages(site, key):
            html = page.read_text(encoding="utf-8")
            assert not re.search(r"tex-chtml|window\.MathJax|mathjax[^_]", html, re.I), page
        create_graph = (site / key / "create_graph.html").read_text(encoding="utf-8")
        assert create_graph.count("<math ") >= 50 and not re.search(r"<m[io]>\\[A-Za-z]", create_graph), key


@pytest.mark.slow
def test_no_table_has_an_empty_header_cell(site):
    """Issue 33 item 9: retain_graph's table comparing the two flags had an empty corner <th>, which
    a screen reader announces as a nameless column header. Every header cell has a text."""
    from bs4 import BeautifulSoup

    empty = []
    for key in EDITIONS:
        for page in pages(site, key):
            soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
            empty += [(key, page.stem, th.find_parent("table").find("tr").get_text(" | ", strip=True)[:60])
                      for th in soup.select("article th") if not th.get_text(strip=True)]
    assert not empty, empty


@pytest.mark.slow
def test_exercises_are_numbered_per_chapter_as_their_check_cells_say(site):
    """Issue 33: the page's "Exercise N" is the N of the check cell below it (check("Exercise N", ...)),
    in every chapter of every edition (they were numbered across the book: 15, 16, 17 in internals)."""
    import re

    from bs4 import BeautifulSoup

    from utils.book import notebooks

    checked = 0
    for key in EDITIONS:
        for path in sorted((ROOT / "book" / key).glob("*.ipynb")):
            said = [int(n) for c in notebooks.read_notebook(path).cells if c.cell_type == "code"
                    for n in re.findall(r'check\(\s*"Exercise (\d+)"', c.source)]
            soup = BeautifulSoup((site / key / f"{path.stem}.html").read_text(encoding="utf-8"), "html.parser")
            shown = [int(re.search(r"\d+", s.get_text()).group()) for s in
                     soup.select("div.exercise p.admonition-title span.caption-number")]
            assert shown == sorted(set(said)), (key, path.stem, shown, said)
            # each solution's title in the edition's word order ("練習 1 的解答", not "解答 練習 1")
            words = re.escape(config.labels(key)["solution_title"]).replace(re.escape("{exercise}"), r"\S+ \d+")
            for title in soup.select("div.solution p.admonition-title"):
                assert re.fullmatch(words, " ".join(title.get_text().split())), (key, path.stem, title.get_text())
            checked += len(shown)
    assert checked >= 3 * 25


def test_exercise_numbers_restart_in_each_chapter():
    from types import SimpleNamespace

    from utils.book.sphinx_ext.exercise_numbers import per_chapter

    env = SimpleNamespace(toc_fignumbers={"a": {"exercise": {"a-ex1": (1,), "a-ex2": (2,)}, "figure": {"f": (7,)}},
                                          "b": {"exercise": {"b-ex2": (4,), "b-ex1": (3,)}}})
    assert per_chapter(None, env) == ["b"]
    assert env.toc_fignumbers["b"]["exercise"] == {"b-ex1": (1,), "b-ex2": (2,)}
    assert env.toc_fignumbers["a"]["figure"] == {"f": (7,)}  # other figure types keep their numbers


@pytest.mark.slow
def test_cited_issues_link_out_and_every_outside_link_has_a_known_form(site):
    """Issue 33: each cited issue or pull request is a link (utils/book/sphinx_ext/issue_links.py); every
    link to another origin in an article is one of the forms the book writes (utils.book.pytorch_api.
    link_problem: an issue or pull request on GitHub, a page of the pinned release's documentation)."""
    from bs4 import BeautifulSoup

    from utils.book.pytorch_api import link_problem

    for key in EDITIONS:
        issue_links = 0
        for page in sorted((site / key).glob("*.html")):
            soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
            for a in soup.select("article a[href^='http']"):
                if not a["href"].startswith("https://colab.research.google.com/"):
                    assert link_problem(a["href"]) is None, (key, page.name, link_problem(a["href"]))
                issue_links += "book-issue-link" in a.get("class", [])
        assert issue_links >= 40, (key, issue_links)


def test_solution_titles_follow_the_editions_word_order():
    """Issue 33: sphinx-exercise writes "Solution to" + a link " Exercise 1", which in Chinese read
    "解答 練習 1"; the edition's solution_title label orders it ("練習 1 的解答")."""
    from docutils import nodes

    from utils.book import config
    from utils.book.sphinx_ext.exercise_numbers import solution_title_in_order

    def library_title(word, exercise):  # what sphinx-exercise 1.2.1's resolve_solution_title builds
        title = nodes.title()
        title += nodes.Text(word)
        link = nodes.reference(refuri="#rg-ex1")
        link += nodes.Text(f" {exercise} 1")
        title += link
        return title

    title = library_title("解答", "練習")
    solution_title_in_order(title, config.labels("zh-hant")["solution_title"])
    assert title.astext() == "練習 1 的解答"
    assert isinstance(title.children[0], nodes.reference) and title.children[0]["refuri"] == "#rg-ex1"
    title = library_title("Solution to", "Exercise")
    solution_title_in_order(title, config.labels("en")["solution_title"])
    assert title.astext() == "Solution to Exercise 1"
    # a solution with a title of its own (two texts, no link) is left as written
    own = nodes.title()
    own += nodes.Text("Hint")
    own += nodes.Text(" two")
    solution_title_in_order(own, "{exercise} 的解答")
    assert own.astext() == "Hint two"
    # a label without the {exercise} slot would drop the link: refused, the title kept
    title = library_title("解答", "练习")
    solution_title_in_order(title, "解答")
    assert title.astext() == "解答 练习 1"


def test_jupyter_book_runs_under_this_python_not_the_venvs_script(tmp_path, monkeypatch):
    """A venv copied with its checkout keeps console scripts whose first line names the original
    venv's Python (and so its autograd_book.pth, the other checkout's utils/): the build runs
    Jupyter Book with sys.executable instead."""
    import importlib
    import subprocess
    import sys
    from types import SimpleNamespace

    ran = []
    monkeypatch.setattr(subprocess, "run", lambda cmd, **kw: ran.append((cmd, kw)) or SimpleNamespace(returncode=0, stdout=""))
    build.run_jupyter_book("en", {"title": "t"}, "html", tmp_path / "work", tmp_path / "out")
    (cmd, kw), = ran
    assert cmd[:2] == [sys.executable, "-c"] and cmd[3:5] == ["build", str(config.ROOT / "book" / "en")]
    assert not any(part.endswith("jupyter-book") for part in cmd)
    assert kw["env"]["PYTHONPATH"].split(":")[0] == str(config.ROOT)
    assert callable(importlib.import_module("jupyter_book.cli.main").main)
