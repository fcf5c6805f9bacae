"""Reading the site in Chromium at 1366x900 and 390x844: navigation, wrapped outputs, the
switcher keeping the reader's place, contrast, dark mode, keyboard focus, the answer check,
the icon subset. Screenshots go to _build/screenshots/reading-*.png for a person to look at.
"""
import textwrap
from pathlib import Path

import pytest

from browser_tools import evaluate_with_style, open_page, open_pages
from utils.book import config

ROOT = Path(__file__).resolve().parents[1]
SHOTS = ROOT / "_build" / "screenshots"
PHONE, DESKTOP = {"width": 390, "height": 844}, {"width": 1366, "height": 900}
EDITIONS = list(config.editions())

pytestmark = pytest.mark.slow




def test_menu_and_page_contents_open_and_close_on_a_phone(browser, origin):
    page = open_page(browser, f"{origin}/en/retain_graph.html", PHONE)
    for button, dialog in ((".primary-toggle", "#pst-primary-sidebar-modal"),
                           (".secondary-toggle", "#pst-secondary-sidebar-modal")):
        page.locator(f"{button}:visible").click()
        page.wait_for_function(f"document.querySelector('{dialog}').open")
        assert page.locator(f"{dialog} a").first.is_visible(), dialog
        page.keyboard.press("Escape")
        page.wait_for_function(f"!document.querySelector('{dialog}').open")
    page.close()


def test_menu_hides_and_shows_the_sidebar_on_desktop(browser, origin):
    page = open_page(browser, f"{origin}/en/retain_graph.html", DESKTOP)
    sidebar = page.locator("#pst-primary-sidebar")
    assert sidebar.is_visible()
    assert page.locator("#pst-secondary-sidebar nav.page-toc a").first.is_visible()  # page contents, always shown
    page.locator(".primary-toggle:visible").click()
    page.wait_for_function("getComputedStyle(document.querySelector('#pst-primary-sidebar')).visibility === 'hidden'")
    page.locator(".primary-toggle:visible").click()
    page.wait_for_function("getComputedStyle(document.querySelector('#pst-primary-sidebar')).visibility === 'visible'")
    page.close()


# Outputs whose columns line up (pre.book-columns, book.js) scroll in their block instead (tests/test_phone_browser.py).
OVERFLOWING = """() => [...document.querySelectorAll('div.cell_output pre:not(.book-columns), div.output pre:not(.book-columns), div.highlight-text pre')]
  .filter(p => p.scrollWidth > p.clientWidth + 1).map(p => p.textContent.slice(0, 60))"""


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1366", "390"])
def test_no_output_is_wider_than_its_box(browser, origin, viewport):
    pages = open_pages(browser, [f"{origin}/{key}/retain_graph.html" for key in EDITIONS], viewport)
    for key, page in zip(EDITIONS, pages):
        assert page.locator("div.output.traceback pre").count() > 0
        assert page.locator("div.highlight-text pre").count() > 0  # the error quoted at the top
        assert page.evaluate(OVERFLOWING) == [], key
        page.close()


def test_the_overflow_check_sees_an_unwrapped_output(browser, origin):
    assert evaluate_with_style(browser, f"{origin}/en/retain_graph.html", PHONE,
                               "div.cell_output pre, div.output pre, div.highlight-text pre "
                               "{ white-space: pre !important; overflow-x: auto !important }", OVERFLOWING) != []


def test_switcher_keeps_the_section(browser, origin):
    page = open_page(browser, f"{origin}/en/retain_graph.html", DESKTOP)
    label = page.evaluate("[...document.querySelectorAll('article section[id]')]"
                          ".filter(s => s.querySelector(':scope > h2, :scope > h3'))[2].id")
    # Instant scrolls: a smooth one (a wheel) can still be moving when the next step starts.
    page.evaluate(f"document.getElementById('{label}').querySelector(':scope > h2, :scope > h3')"
                  ".scrollIntoView({behavior: 'instant'})")
    page.evaluate("window.scrollBy({top: 200, behavior: 'instant'})")  # a little way into the section
    link = page.locator('nav.edition-switcher a[hreflang="zh-Hant"]')
    kept = f"document.querySelector('nav.edition-switcher a[hreflang=\"zh-Hant\"]').hash === '#{label}'"
    page.wait_for_function(kept)
    page.evaluate("window.scrollTo({top: 0, behavior: 'instant'})")  # back up to the switcher, as a reader would
    page.evaluate("new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    assert page.evaluate(kept)  # the place is kept once the switcher is in view again
    link.click()
    page.wait_for_load_state("load")
    assert page.url.endswith(f"/zh-hant/retain_graph.html#{label}")
    page.wait_for_function(f"Math.abs(document.getElementById('{label}').getBoundingClientRect().top) < 200")
    page.close()


CONTRAST = """() => {
  const rgb = c => c.match(/[\\d.]+/g).map(Number);
  const lum = c => { const v = rgb(c).slice(0, 3).map(x => { x /= 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; });
                     return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; };
  return [...document.querySelectorAll('nav.edition-switcher a, nav.edition-switcher strong, nav.edition-switcher span')].map(a => {
    let el = a, bg = 'rgba(0, 0, 0, 0)';
    while (el && (bg = getComputedStyle(el).backgroundColor) && rgb(bg)[3] === 0) el = el.parentElement;
    const [l1, l2] = [lum(getComputedStyle(a).color), lum(el ? bg : 'rgb(255,255,255)')].sort((x, y) => y - x);
    return (l1 + 0.05) / (l2 + 0.05);
  });
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_dark_mode_follows_the_system_and_the_switcher_meets_aa(browser, origin, scheme):
    pages = open_pages(browser, [f"{origin}/{key}/graph_basics.html" for key in EDITIONS], DESKTOP, color_scheme=scheme)
    for key, page in zip(EDITIONS, pages):
        assert page.evaluate("document.documentElement.dataset.theme") == scheme
        ratios = page.evaluate(CONTRAST)
        assert ratios and min(ratios) >= 4.5, (key, scheme, ratios)
        page.close()


def test_every_header_button_shows_keyboard_focus(browser, origin):
    page = open_page(browser, f"{origin}/en/retain_graph.html", DESKTOP)
    buttons = page.locator(".bd-header-article button:visible, .bd-header-article .btn:visible")
    assert buttons.count() >= 3
    seen = 0
    page.locator("nav.edition-switcher a").first.focus()
    for _ in range(40):  # tab from the page's top through the header buttons
        page.keyboard.press("Shift+Tab")
        info = page.evaluate("""() => { const e = document.activeElement; const s = getComputedStyle(e);
            return {header: !!e.closest('.bd-header-article'), outline: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0,
                    text: e.getAttribute('aria-label') || e.title || e.className}; }""")
        if info["header"]:
            seen += 1
            assert info["outline"], info
    assert seen >= 3
    page.close()


def test_icons_come_from_the_small_subset(browser, origin, site):
    assert (site / "en" / "_static" / "scripts" / "fontawesome.js").stat().st_size < 20_000
    page = open_page(browser, f"{origin}/en/retain_graph.html", DESKTOP)
    page.wait_for_function("document.querySelectorAll('svg.svg-inline--fa').length > 5")
    assert page.evaluate("document.querySelectorAll('i.fa-solid, span.fa-solid').length") == 0
    assert page.locator(".theme-switch-button svg.svg-inline--fa:visible").count() == 1  # attributes kept (data-mode)
    page.close()


ANSWER_PAGE = textwrap.dedent("""\
    # Answers

    ```{answer-check}
    :answer: b
    a: the graph
    b: the saved tensors
    ```

    ```{answer-check}
    :kind: number
    :answer: 4096
    :tolerance: 0.5
    ```

    ```{answer-check}
    :kind: number
    :answer: -1.3197
    :tolerance: 0.0001
    ```
    """)


@pytest.fixture(scope="module")
def answer_page(one_page_site):
    """A one-page Sphinx project with the {answer-check} directive, in zh-Hant."""
    return one_page_site(ANSWER_PAGE)


def test_answer_check_says_right_or_wrong_in_the_edition_language(phone_page, answer_page):
    words = config.labels("zh-hant")
    page = phone_page
    page.goto(answer_page)
    page.wait_for_load_state("networkidle")
    choice, number = page.locator(".answer-check").nth(0), page.locator(".answer-check").nth(1)
    assert choice.locator("button").inner_text() == words["answer_check"]
    choice.locator("button").click()
    assert choice.locator("output").inner_text() == words["answer_empty"]
    choice.locator("input[value=a]").check()
    choice.locator("button").click()
    assert choice.locator("output").inner_text() == words["answer_wrong"]
    choice.locator("input[value=b]").check()
    choice.locator("button").click()
    assert choice.locator("output").inner_text() == words["answer_right"]
    number.locator("input").fill("4,096")
    number.locator("button").click()
    assert number.locator("output").inner_text() == words["answer_right"]
    number.locator("input").fill("4097")
    number.locator("button").click()
    assert number.locator("output").inner_text() == words["answer_wrong"]
    # Issue 33: the forms people type, how close is close enough, and trailing junk.
    digits = page.locator(".answer-check").nth(2)
    assert digits.locator(".answer-check-tolerance").inner_text() == words["answer_tolerance"].format(tolerance="0.0001")
    verdicts = {}
    for typed in ["\u22121.3197", "-1,3197", "- 1.3197", "-1.31975", "-1.32", "-1.4", "-1.3197x", "3,", "4 096", ""]:
        box = number if typed == "4 096" else digits
        box.locator("input").fill(typed)
        box.locator("button").click()
        verdicts[typed] = box.locator("output").inner_text()
    close = words["answer_close"].format(tolerance="0.0001")
    assert verdicts == {"\u22121.3197": words["answer_right"], "-1,3197": words["answer_right"],
                        "- 1.3197": words["answer_right"], "-1.31975": words["answer_right"], "-1.32": close,
                        "-1.4": words["answer_wrong"], "-1.3197x": words["answer_nan"], "3,": words["answer_nan"],
                        "4 096": words["answer_right"], "": words["answer_empty"]}, verdicts
    number.locator("input").fill("4,")  # a comma that is neither a thousands separator nor a decimal mark
    number.locator("button").click()
    assert number.locator("output").inner_text() == words["answer_nan"]


def test_reading_screenshots(browser, origin):
    """For a person to look at: every edition, desktop and phone, light and dark, menu open."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for name, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        for scheme in ("light", "dark"):
            pages = open_pages(browser, [f"{origin}/{key}/retain_graph.html" for key in EDITIONS], viewport,
                               color_scheme=scheme)
            for key, page in zip(EDITIONS, pages):
                page.evaluate("document.querySelector('div.output.traceback').scrollIntoView()")
                page.screenshot(path=str(SHOTS / f"reading-{key}-{name}-{scheme}.png"))
                if name == "phone" and scheme == "light":
                    page.locator(".primary-toggle:visible").click()
                    page.wait_for_function("document.querySelector('#pst-primary-sidebar-modal').open")
                    page.screenshot(path=str(SHOTS / f"reading-{key}-phone-menu.png"))
                page.close()
    assert len(list(SHOTS.glob("reading-*.png"))) >= 5 * len(EDITIONS)
