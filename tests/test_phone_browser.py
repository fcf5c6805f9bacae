"""The site on a phone, offline and on paper (issue 24), in headless Chromium against the built site:
wide tables and aligned outputs scroll in their block with a visible cue, drawers close after a
tap, tap targets are at least 44 px, copy buttons have names, the footer and the exercise links
read well, the search dialog's icon leaves the query alone, the landing page follows dark mode and
its paste box gives the summary; the unzipped offline copy says how to search (and serve.py makes
the search work); a printed chapter leaves no heading alone at a page foot.
"""
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from browser_tools import evaluate_with_style, open_page, open_pages
from utils.book import build, config, offline

ROOT = Path(__file__).resolve().parents[1]
PHONE, DESKTOP = {"width": 390, "height": 844}, {"width": 1366, "height": 900}
EDITIONS = list(config.editions())

pytestmark = pytest.mark.slow




WIDE_TABLES = """() => [...document.querySelectorAll('article table')].filter(t => t.scrollWidth > t.closest('article').clientWidth)
  .map(t => { const wrap = t.closest('.book-scroll'), box = wrap && wrap.querySelector('.book-scroll-box');
    return {scrolls: !!box && box.scrollWidth > box.clientWidth + 1 && getComputedStyle(box).overflowX === 'auto',
            cue: !!wrap && getComputedStyle(wrap, '::after').opacity === '1'}; })"""


@pytest.mark.parametrize("name", ["retain_graph", "glossary"])
def test_wide_tables_scroll_in_their_block_with_a_cue_on_a_phone(browser, origin, name):
    pages = open_pages(browser, [f"{origin}/{key}/{name}.html" for key in EDITIONS], PHONE)
    for key, page in zip(EDITIONS, pages):
        # The glossary's translators' table is folded (<details>): opened, it scrolls like any table.
        page.evaluate("() => document.querySelectorAll('details.glossary-translators').forEach(d => { d.open = true; })")
        try:  # the shade fades in (a 0.15 s transition)
            page.wait_for_function(f"({WIDE_TABLES})().every(t => t.scrolls && t.cue)", timeout=5000)
        except Exception:
            pass  # the assertion below says what is wrong
        tables = page.evaluate(WIDE_TABLES)
        assert tables and all(t["scrolls"] and t["cue"] for t in tables), (key, name, tables)
        # Scrolled to its end, the right shade goes and the left one shows.
        page.evaluate("() => { const b = document.querySelector('.book-scroll-box'); b.scrollLeft = b.scrollWidth; }")
        page.wait_for_function("() => { const w = document.querySelector('.book-scroll'); return getComputedStyle(w, '::after').opacity === '0'"
                               " && getComputedStyle(w, '::before').opacity === '1'; }")
        page.close()


def test_the_cue_check_sees_a_table_without_a_cue(browser, origin):
    tables = evaluate_with_style(browser, f"{origin}/en/retain_graph.html", PHONE,
                                 ".book-scroll::after { opacity: 0 !important; transition: none !important }", WIDE_TABLES)
    assert not all(t["cue"] for t in tables)


# Issue 33 item 9: a table keeps its header row in view on a phone. The table's box is put in the
# middle of the screen and scrolled to its last row: that row and the first header cell are both on
# screen and on top (nothing covers them). Before, the box scrolled only sideways: a tall table's
# header row was far above its last row, off the screen.
STICKY_HEADERS = """() => [...document.querySelectorAll('article table')].filter(t => t.querySelector('thead th') && t.tBodies[0] && t.tBodies[0].rows.length >= 3)
  .map(t => { const box = t.closest('.book-scroll-box') || t.parentElement, rows = t.tBodies[0].rows, last = rows[rows.length - 1];
    box.scrollIntoView({block: 'center', behavior: 'instant'});
    box.scrollTop = box.scrollHeight;
    const shown = e => { const r = e.getBoundingClientRect(), hit = document.elementFromPoint(Math.max(r.left + 8, 1), r.top + r.height / 2);
                         return r.top >= 0 && r.bottom <= innerHeight && !!hit && e.contains(hit); };
    return {header: t.querySelector('thead th').textContent.slice(0, 30), tall: t.offsetHeight > innerHeight,
            headerShown: shown(t.querySelector('thead th')), lastRowShown: shown(last.cells[0])}; })"""


@pytest.mark.parametrize("name", ["retain_graph", "glossary"])
def test_a_tall_table_keeps_its_header_row_in_view_on_a_phone(browser, origin, name):
    pages = open_pages(browser, [f"{origin}/{key}/{name}.html" for key in EDITIONS], PHONE)
    for key, page in zip(EDITIONS, pages):
        page.evaluate("() => document.querySelectorAll('details').forEach(d => { d.open = true; })")
        tables = page.evaluate(STICKY_HEADERS)
        assert any(t["tall"] for t in tables), (key, name, tables)  # the case that matters is there
        assert tables and all(t["headerShown"] and t["lastRowShown"] for t in tables), (key, name, tables)
        page.close()


def test_the_header_check_sees_a_header_that_scrolls_away(browser, origin):
    tables = evaluate_with_style(browser, f"{origin}/en/retain_graph.html", PHONE,
                                 ".book-scroll-box { max-height: none !important; overflow-y: visible !important }"
                                 " .book-scroll-box th { position: static !important }", STICKY_HEADERS)
    assert not all(t["headerShown"] for t in tables), tables


# Issue 33 item 9: search results on a phone. The first ten results: each apart from the one before
# by a rule, the text using most of the column, the matched words marked without padding that makes
# lines uneven, nothing wider than the phone. Before: no rule between results, 294 of 326 px.
SEARCH_HITS = """() => { const hits = [...document.querySelectorAll('ol.search-hits > li:not([hidden])')].slice(0, 10), art = document.querySelector('#book-search').getBoundingClientRect();
  const ex = hits.map(h => h.querySelector('.search-hit-excerpt')).filter(Boolean);
  const mark = document.querySelector('ol.search-hits mark'), ms = mark && getComputedStyle(mark);
  return {n: hits.length, container: Math.round(art.width),
    textWidth: Math.min(...hits.map(h => Math.round(h.getBoundingClientRect().width))),
    separated: hits.slice(1).every(h => parseFloat(getComputedStyle(h).borderTopWidth) >= 1),
    gap: Math.min(...hits.slice(1).map((h, i) => Math.round(h.getBoundingClientRect().top - hits[i].getBoundingClientRect().bottom))),
    markPadX: ms && parseFloat(ms.paddingLeft), excerptFont: ex.length && getComputedStyle(ex[0]).fontSize,
    overflow: document.documentElement.scrollWidth > innerWidth}; }"""
PHONE_QUERIES = {"en": "retain_graph backward twice", "zh-hant": "第二次 反向傳播", "zh-hans": "第二次 反向传播"}


def _search_pages(browser, origin):
    pages = open_pages(browser, [f"{origin}/{key}/search.html?q={PHONE_QUERIES[key]}" for key in EDITIONS], PHONE)
    for page in pages:
        page.wait_for_function("document.getElementById('search-results').dataset.state === 'done'", timeout=30000)
    return pages


def test_search_results_read_well_on_a_phone(browser, origin):
    for key, page in zip(EDITIONS, _search_pages(browser, origin)):
        hits = page.evaluate(SEARCH_HITS)
        assert hits["n"] == 10 and not hits["overflow"], (key, hits)
        assert hits["separated"] and hits["textWidth"] >= 0.92 * hits["container"] and hits["markPadX"] <= 2, (key, hits)
        page.close()


def test_the_search_check_sees_results_run_together(browser, origin):
    page = open_page(browser, f"{origin}/en/search.html?q={PHONE_QUERIES['en']}", PHONE)
    page.wait_for_function("document.getElementById('search-results').dataset.state === 'done'", timeout=30000)
    page.add_style_tag(content=".book-search ol.search-hits > li { border-top: 0 !important }")
    assert not page.evaluate(SEARCH_HITS)["separated"]
    page.close()


# An output whose lines line up: every text line of it takes one line on screen.
COLUMNS_KEPT = """() => [...document.querySelectorAll('div.cell_output pre')]
  .filter(p => p.textContent.split('\\n').filter(l => /\\S {2,}\\S/.test(l)).length >= 2 && !p.closest('.traceback'))
  .map(p => { const lh = parseFloat(getComputedStyle(p).lineHeight), lines = p.textContent.replace(/\\n$/, '').split('\\n').length;
              const pad = parseFloat(getComputedStyle(p).paddingTop) + parseFloat(getComputedStyle(p).paddingBottom);
              return {kept: Math.round((p.clientHeight - pad) / lh) <= lines, text: p.textContent.slice(0, 40)}; })"""


def test_aligned_outputs_keep_their_columns_on_a_phone(browser, origin):
    where = [(key, name) for key in EDITIONS for name in ("retain_graph", "graph_basics")]
    for (key, name), page in zip(where, open_pages(browser, [f"{origin}/{k}/{n}.html" for k, n in where], PHONE)):
        outputs = page.evaluate(COLUMNS_KEPT)
        assert len(outputs) >= 2 and all(o["kept"] for o in outputs), (key, name, [o for o in outputs if not o["kept"]])
        page.close()


def test_the_columns_check_sees_wrapped_columns(browser, origin):
    outputs = evaluate_with_style(browser, f"{origin}/en/retain_graph.html", PHONE,
                                  "div.cell_output pre.book-columns { white-space: pre-wrap !important }", COLUMNS_KEPT)
    assert not all(o["kept"] for o in outputs)


# Issue 33: no page wider than the phone. The widest element of the page, as the browser lays it out
# (what makes a page pan sideways), and what sticks out: tag, class and the start of its text.
PAGE_WIDTH = """() => { const w = document.documentElement.scrollWidth, vw = window.innerWidth;
  const out = w <= vw ? [] : [...document.querySelectorAll('article *')].filter(e => e.getBoundingClientRect().right > vw + 1
      && !e.closest('.book-scroll-box, .pst-scrollable-table-container, mjx-container, div.cell_output pre.book-columns'))
    .slice(-3).map(e => e.tagName + '.' + e.className + ': ' + (e.textContent || '').slice(0, 50));
  return {width: w, viewport: vw, out}; }"""
PAGES = sorted(p.stem for p in (ROOT / "book" / "en").iterdir() if p.suffix in {".ipynb", ".md"})


def test_no_page_is_wider_than_a_phone(browser, origin):
    wide = []
    for key in EDITIONS:
        pages = open_pages(browser, [f"{origin}/{key}/{name}.html" for name in PAGES], PHONE)
        for name, page in zip(PAGES, pages):
            measured = page.evaluate(PAGE_WIDTH)
            if measured["width"] > measured["viewport"]:
                wide.append((key, name, measured))
            page.close()
    assert not wide, wide


def test_the_width_check_sees_unwrapped_inline_code(browser, origin):
    measured = evaluate_with_style(browser, f"{origin}/en/saved_memory.html", PHONE,
                                   "article code { overflow-wrap: normal !important; white-space: nowrap !important }", PAGE_WIDTH)
    assert measured["width"] > measured["viewport"], measured


# Code you would type keeps its lines: a code input wider than its box scrolls in it, with the cue.
CODE_INPUTS = """() => [...document.querySelectorAll('div.cell_input div.highlight pre')].filter(p => p.scrollWidth > p.clientWidth + 1)
  .map(p => ({cue: !!p.closest('.book-scroll') && getComputedStyle(p.closest('.book-scroll'), '::after').opacity === '1',
              scrolls: getComputedStyle(p).overflowX === 'auto'}))"""


def test_wide_code_inputs_scroll_with_a_cue_on_a_phone(browser, origin):
    page = open_page(browser, f"{origin}/en/retain_graph.html", PHONE)
    try:
        page.wait_for_function(f"({CODE_INPUTS})().every(c => c.cue)", timeout=5000)
    except Exception:
        pass  # the assertion says what is wrong
    inputs = page.evaluate(CODE_INPUTS)
    page.close()
    assert len(inputs) >= 10 and all(c["cue"] and c["scrolls"] for c in inputs), inputs


def test_the_code_cue_check_sees_a_code_input_without_a_cue(browser, origin):
    inputs = evaluate_with_style(browser, f"{origin}/en/retain_graph.html", PHONE,
                                 ".book-scroll::after { opacity: 0 !important; transition: none !important }", CODE_INPUTS)
    assert inputs and not all(c["cue"] for c in inputs)

@pytest.mark.parametrize("toggle, dialog", [(".secondary-toggle", "#pst-secondary-sidebar-modal"),
                                            (".primary-toggle", "#pst-primary-sidebar-modal")])
def test_a_drawer_closes_after_a_tap_on_one_of_its_links(browser, origin, toggle, dialog):
    page = open_page(browser, f"{origin}/en/retain_graph.html", PHONE)
    page.locator(f"{toggle}:visible").click()
    page.wait_for_function(f"document.querySelector('{dialog}').open")
    link = page.locator(f"{dialog} a[href*='#']:visible, {dialog} a.current:visible").first
    link.click()
    page.wait_for_function(f"!document.querySelector('{dialog}').open")
    assert page.locator(f"{dialog} a").first.is_hidden()
    page.close()


# Issue 33: a figure opens in place, wider than it was in the column, and zooms on a second tap.
FIGURE_SHOWN = """() => { const d = document.querySelector('dialog.book-figure-dialog'), i = d && d.querySelector('img');
  return d ? {open: d.open, width: i.getBoundingClientRect().width, viewport: window.innerWidth,
              url: location.href, focus: document.activeElement.className} : {open: false}; }"""


def _open_figure(page):
    column = page.evaluate("() => document.querySelector('div.cell_output img').clientWidth")
    page.locator("div.cell_output img").first.click()
    page.wait_for_function("() => { const d = document.querySelector('dialog.book-figure-dialog'); return d && d.open"
                           " && d.querySelector('img').complete; }", polling=100)
    return column, page.evaluate(FIGURE_SHOWN)


def test_a_figure_opens_in_place_on_a_tap_and_zooms(browser, origin):
    pages = open_pages(browser, [f"{origin}/{key}/graph_basics.html" for key in EDITIONS], PHONE)
    for key, page in zip(EDITIONS, pages):
        url = page.url
        column, shown = _open_figure(page)
        assert shown["url"] == url and shown["width"] >= shown["viewport"] - 1 > column, (key, column, shown)
        assert shown["focus"] == "book-figure-close", (key, shown)
        page.locator("dialog.book-figure-dialog img").click()
        zoomed = page.evaluate(FIGURE_SHOWN)
        assert zoomed["width"] >= 2 * shown["width"] - 2, (key, shown, zoomed)
        page.keyboard.press("Escape")
        page.wait_for_function("() => !document.querySelector('dialog.book-figure-dialog').open")
        assert page.evaluate("document.activeElement.className") == "book-figure-open", key
        page.close()


def test_a_figure_opens_from_the_keyboard_on_a_desktop(browser, origin):
    page = open_page(browser, f"{origin}/en/graph_basics.html", DESKTOP)
    page.locator("a.book-figure-open").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('dialog.book-figure-dialog')?.open")
    page.keyboard.press("Enter")  # the focus is on the close button
    page.wait_for_function("() => !document.querySelector('dialog.book-figure-dialog').open")
    page.close()


def test_the_figure_check_sees_a_figure_shown_smaller(browser, origin):
    page = open_page(browser, f"{origin}/en/graph_basics.html", PHONE)
    page.add_style_tag(content=".book-figure-pane img { width: 40% !important }")
    column, shown = _open_figure(page)
    page.close()
    assert not shown["width"] >= shown["viewport"] - 1 > column


TAP_TARGETS = """() => [...document.querySelectorAll('.bd-header-article button, .bd-header-article .btn, nav.edition-switcher a')]
  .filter(e => e.offsetParent).map(e => { const r = e.getBoundingClientRect(); return [Math.round(r.width), Math.round(r.height), e.className || e.textContent]; })"""


def test_tap_targets_are_at_least_44_px_on_a_phone(browser, origin):
    pages = open_pages(browser, [f"{origin}/{key}/retain_graph.html" for key in EDITIONS], PHONE)
    for key, page in zip(EDITIONS, pages):
        targets = page.evaluate(TAP_TARGETS)
        assert len(targets) >= 6 and all(w >= 44 and h >= 44 for w, h, _ in targets), (key, targets)
        page.close()


def test_copy_buttons_have_a_name_in_the_edition_language(browser, origin):
    pages = open_pages(browser, [f"{origin}/{key}/graph_basics.html" for key in EDITIONS], DESKTOP)
    for key, page in zip(EDITIONS, pages):
        page.wait_for_function("document.querySelectorAll('button.copybtn').length > 0")
        names = page.evaluate("[...document.querySelectorAll('button.copybtn')].map(b => b.getAttribute('aria-label') || '')")
        assert len(names) >= 5 and all(names), key
        assert all(re.search(r"[\u4e00-\u9fff]", n) for n in names) if key != "en" else all(re.search("[A-Za-z]", n) for n in names)
        page.close()


CONTRAST = """(selector) => {
  const rgba = c => { const v = c.match(/[\\d.]+/g).map(Number); return v.length === 3 ? v.concat(1) : v; };
  const lum = v => { const w = v.slice(0, 3).map(x => { x /= 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; });
                     return 0.2126 * w[0] + 0.7152 * w[1] + 0.0722 * w[2]; };
  // The background under an element: its ancestors' colours composited, page colour last.
  const under = e => { const layers = []; for (let el = e; el; el = el.parentElement) layers.push(rgba(getComputedStyle(el).backgroundColor));
    layers.push(rgba(getComputedStyle(document.documentElement).backgroundColor)); let c = [255, 255, 255];
    layers.filter(l => l[3] > 0).reverse().forEach(l => { c = c.map((x, i) => l[i] * l[3] + x * (1 - l[3])); }); return c; };
  return [...document.querySelectorAll(selector)].filter(a => a.offsetParent).map(a => {
    const [l1, l2] = [lum(rgba(getComputedStyle(a).color)), lum(under(a))].sort((x, y) => y - x);
    return +((l1 + 0.05) / (l2 + 0.05)).toFixed(2); });
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_links_in_exercise_boxes_meet_aa(browser, origin, scheme):
    page = open_page(browser, f"{origin}/en/retain_graph.html", DESKTOP, color_scheme=scheme)
    ratios = page.evaluate(CONTRAST, "div.admonition.exercise p a")
    assert ratios and min(ratios) >= 4.5, ratios
    page.close()


def test_the_contrast_check_sees_the_themes_link_colour(browser, origin):
    contrasts = evaluate_with_style(browser, f"{origin}/en/retain_graph.html", DESKTOP,
                                    "div.admonition.exercise a { color: rgb(23, 109, 232) !important }",  # the theme's
                                    CONTRAST, "div.admonition.exercise p a", color_scheme="light")
    assert min(contrasts) < 4.5


def test_the_footer_names_the_authors_in_the_edition_language(browser, origin):
    pages = open_pages(browser, [f"{origin}/{key}/preface.html" for key in EDITIONS], DESKTOP)
    for key, page in zip(EDITIONS, pages):
        footer = page.locator(".bd-footer-content").inner_text().strip()
        assert footer == f"© {config.load()['copyright']} {config.labels(key)['author']}", (key, footer)
        page.close()


def test_the_search_dialogs_icon_does_not_cover_the_query(browser, origin):
    page = open_page(browser, f"{origin}/en/retain_graph.html", DESKTOP)
    page.locator(".search-button__button:visible").first.click()
    page.wait_for_function("document.querySelector('#pst-search-dialog').open")
    gap = page.evaluate("""() => { const f = document.querySelector('#pst-search-dialog form.bd-search');
        const icon = f.querySelector('svg'), input = f.querySelector('input');
        return input.getBoundingClientRect().left + parseFloat(getComputedStyle(input).paddingLeft) - icon.getBoundingClientRect().right; }""")
    assert gap >= 0, gap
    page.close()


def test_the_landing_page_follows_dark_mode_and_its_paste_box_gives_the_summary(browser, origin):
    page = open_page(browser, f"{origin}/index.html", DESKTOP, color_scheme="dark")
    assert min(page.evaluate(CONTRAST, "h1, p.lead, ul.editions strong, ul.editions span, label")) >= 4.5
    bg = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert sum(map(int, re.findall(r"\d+", bg)[:3])) < 150, bg
    page.fill("#error-paste-text", "RuntimeError: Trying to backward through the graph a second time (or directly "
                                   "access saved tensors after they have already been freed).")
    page.click("form.error-paste button")
    page.wait_for_function("document.querySelector('.error-paste-result').dataset.state === 'done'")
    from utils.book.editions import data

    found = page.evaluate("document.querySelector('.error-paste-result').dataset.found")
    summary = next(e["summary"]["en"] for e in data.load_errors() if e["id"] == found)
    assert page.locator(".error-paste-summary").inner_text().strip() == summary.strip()
    page.close()


@pytest.mark.parametrize("locale, edition", [("zh-TW", "zh-hant"), ("zh-CN", "zh-hans"), ("en-GB", "en")])
def test_the_landing_pages_paste_box_answers_in_the_readers_language(browser, origin, locale, edition):
    """The landing page serves every edition: its paste box says the summary, the case lines and its
    words in the edition of the browser's language (and links every edition)."""
    page = open_page(browser, f"{origin}/index.html", DESKTOP, locale=locale)
    page.fill("#error-paste-text", "RuntimeError: Trying to backward through the graph a second time (or directly "
                                   "access saved tensors after they have already been freed).")
    page.click("form.error-paste button")
    page.wait_for_function("document.querySelector('.error-paste-result').dataset.state === 'done'")
    from utils.book import config
    from utils.book.editions import data

    found = page.evaluate("document.querySelector('.error-paste-result').dataset.found")
    entry = next(e for e in data.load_errors() if e["id"] == found)
    assert page.locator(".error-paste-summary").inner_text().strip() == entry["summary"][edition].strip()
    labels = config.labels(edition)
    assert page.locator(".error-paste-explained").inner_text().strip() == labels["error_explained"] + labels["colon"].strip()
    lines = [c.get(edition) for c in entry.get("cases") or [] if c.get(edition)]
    assert page.locator(".error-paste-line").first.inner_text().strip() in [line.strip() for line in lines]
    page.close()


# ------------------------------------------------------------ the offline copy

@pytest.fixture(scope="module")
def unzipped(site, tmp_path_factory):
    folder = tmp_path_factory.mktemp("offline")
    with zipfile.ZipFile(site / offline.zip_name()) as zf:
        zf.extractall(folder)
    return folder / offline.zip_name().removesuffix(".zip")


def test_search_opened_from_a_file_says_how_to_read_the_copy_with_search(browser, unzipped):
    for key in EDITIONS:
        page = browser.new_page(viewport=PHONE)
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto((unzipped / key / "search.html").as_uri() + "?q=retain_graph")
        page.wait_for_function("document.querySelector('#search-results').dataset.state === 'offline'")
        text = page.locator("#search-results").inner_text()
        assert config.labels(key)["search_offline"] in text and "python3 serve.py" in text, (key, text)
        assert "file:" not in text and str(unzipped) not in text and "Error" not in text, (key, text)
        assert errors == [], errors
        page.close()
    assert (unzipped / "serve.py").exists()


def test_serve_py_from_the_zip_makes_the_search_work(browser, unzipped):
    server = subprocess.Popen([sys.executable, "serve.py", "0", "--no-browser"], cwd=unzipped,
                              stdout=subprocess.PIPE, text=True)
    try:
        url = re.search(r"http://\S+", server.stdout.readline()).group(0).removesuffix("index.html")
        page = open_page(browser, f"{url}en/search.html?q=saved%20tensors", DESKTOP)
        page.wait_for_function("document.querySelector('#search-results').dataset.state === 'done'", timeout=20000)
        assert page.locator("#search-results a").count() > 3, page.locator("#search-results").inner_text()
        page.close()
    finally:
        server.terminate()
        server.wait(10)


# ------------------------------------------------------------ paper

def test_the_landing_page_links_each_edition_pdf_that_was_built(tmp_path):
    (tmp_path / "pdf").mkdir()
    (tmp_path / "pdf" / "zh-hant.pdf").write_bytes(b"%PDF-1.5\n")
    pdfs = build.publish_pdfs(tmp_path)
    assert pdfs == {"zh-hant": "pdf/zh-hant.pdf"} and (tmp_path / "html" / "pdf" / "zh-hant.pdf").exists()
    html = build.landing_html(pdfs=pdfs)
    assert f'<a href="pdf/zh-hant.pdf" hreflang="zh-Hant" lang="zh-Hant">{config.labels("zh-hant")["pdf_link"]}</a>' in html
    assert "pdf/en.pdf" not in html and "pdf/" not in build.landing_html()


def headings_at_page_foot(pdf: Path, headings: list[str]) -> list[int]:
    """Pages (1-based) whose last line of text is a heading of the page."""
    pages = int(re.search(r"Pages:\s+(\d+)", subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout).group(1))
    alone = []
    for i in range(1, pages + 1):
        text = subprocess.run(["pdftotext", "-f", str(i), "-l", str(i), "-layout", str(pdf), "-"],
                              capture_output=True, text=True).stdout
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        last = lines[-1] if lines else ""
        if last and any(h == last or (len(last) > 15 and h.startswith(last)) for h in headings):
            alone.append(i)
    return alone


@pytest.mark.parametrize("key", EDITIONS)
def test_printing_leaves_no_heading_alone_at_a_page_foot(browser, origin, tmp_path, key):
    import shutil

    if not shutil.which("pdftotext"):
        pytest.skip("poppler-utils is not installed (`make latex` installs it)")
    page = open_page(browser, f"{origin}/{key}/retain_graph.html", DESKTOP)
    page.emulate_media(media="print")
    page.evaluate("() => window.dispatchEvent(new Event('beforeprint'))")
    headings = page.evaluate("[...document.querySelectorAll('article h1, article h2, article h3, article h4')]"
                             ".map(h => h.innerText.replace(/[#¶]/g, '').trim())")
    # A code block kept whole (break-inside: avoid on it or a box around it) left its empty frame at a page foot.
    unbreakable = page.evaluate("""() => [...document.querySelectorAll('article pre')].filter(p => {
        for (let e = p; e && e.tagName !== 'ARTICLE'; e = e.parentElement) if (getComputedStyle(e).breakInside.startsWith('avoid')) return true;
        return false; }).length""")
    assert unbreakable == 0
    page.pdf(path=str(tmp_path / "page.pdf"), format="A4")
    page.close()
    assert headings_at_page_foot(tmp_path / "page.pdf", headings) == []
