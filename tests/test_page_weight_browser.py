"""Inline code without Sphinx's span per word looks the same (utils/book/sphinx_ext/page_weight.py):
the small book's zh-Hant chapter, with short, spaced, hyphenated and long inline code in Chinese
prose and a code block, built twice (with the patch, and with it turned off in that copy's tools),
drawn by Chromium at a desktop's and a phone's width: each piece of inline code on the same lines at
the same places (long inline code wraps alike on the phone), the pixels alike but for anti-aliasing."""
import re
from pathlib import Path

import pytest

from utils.book import build

pytestmark = pytest.mark.slow

PROSE = ("在 `torch.autograd.graph.saved_tensors_hooks(pack_hook, unpack_hook)` 之下呼叫 "
         "`loss.backward(retain_graph=True)` 兩次；`x = y  +  z` 與 `a-long-hyphenated-name-that-wraps` 之後，"
         "`torch.nn.parallel.DistributedDataParallel.register_comm_hook` 是很長的一段程式碼，"
         "`backward()` 與 `x.grad` 則很短。")


def built_page(root: Path, out: Path, patched: bool) -> Path:
    import small_book

    small_book.make_site(root)
    if not patched:  # this copy's tools write Sphinx's span per word again
        tools = root / "utils" / "book" / "sphinx_ext" / "page_weight.py"
        tools.write_text(tools.read_text(encoding="utf-8") + "\n\ndef plain_inline_code_html(body):\n    return body\n", encoding="utf-8")
    small_book.edit_prose(root, "zh-hant", text=PROSE)
    build.build_edition("zh-hant", root=root, out=out, fresh=True)
    return out / "html"


@pytest.fixture(scope="module")
def two_sites(tmp_path_factory):
    from browser_tools import serve

    base = tmp_path_factory.mktemp("weight")
    sites = {patched: built_page(base / f"book-{patched}", base / f"out-{patched}", patched) for patched in (True, False)}
    servers = {patched: serve(site) for patched, site in sites.items()}
    yield {patched: (sites[patched], url) for patched, (_, url) in servers.items()}
    for server, _ in servers.values():
        server.shutdown()


def test_the_patch_drops_the_spans_and_the_bytes(two_sites):
    new = (two_sites[True][0] / "zh-hant" / "demo.html").read_text(encoding="utf-8")
    old = (two_sites[False][0] / "zh-hant" / "demo.html").read_text(encoding="utf-8")
    article = lambda html: html[html.index("<article"):html.index("</article>")]  # noqa: E731
    assert article(old).count('<span class="pre">') >= 12 and '<span class="pre">' not in article(new)
    assert re.sub(r"<[^>]+>", "", article(new)) == re.sub(r"<[^>]+>", "", article(old))
    assert len(new) < len(old)


RECTS = """els => els.map(e => Array.from(e.getClientRects(), r => [r.x, r.y, r.width, r.height]))"""


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 900}, {"width": 390, "height": 844}], ids=["desktop", "phone"])
def test_inline_code_looks_the_same(browser, two_sites, viewport):
    """Each piece of inline code takes the same lines at the same places (a long one wraps on a phone,
    at the same character), and the paragraph is drawn alike but for text shaped a fraction of a pixel
    apart (a word is no longer a text run of its own): anti-aliasing, no glyph a whole pixel away."""
    from io import BytesIO

    from PIL import Image, ImageChops

    shots, rects = {}, {}
    for patched, (_, url) in two_sites.items():
        page = browser.new_page(viewport=viewport)
        page.goto(f"{url}/zh-hant/demo.html")
        page.wait_for_load_state("networkidle")
        prose = page.locator("article p", has=page.locator("code.literal"))
        shots[patched] = Image.open(BytesIO(prose.screenshot(animations="disabled"))).convert("L")
        rects[patched] = prose.locator("code.literal").evaluate_all(RECTS)
        page.close()
    assert len(rects[True]) == len(rects[False]) == 7
    for new, old in zip(rects[True], rects[False]):
        assert len(new) == len(old), (new, old)  # the same number of lines
        assert all(abs(a - b) <= 1.0 for n, o in zip(new, old) for a, b in zip(n, o)), (new, old)
    if viewport["width"] < 500:
        assert max(len(r) for r in rects[True]) >= 2  # on a phone the long inline code wraps
    assert shots[True].size == shots[False].size
    assert ImageChops.difference(shots[True], shots[False]).getextrema()[1] <= 96


def test_code_blocks_are_written_alike(two_sites):
    """Code blocks: the same HTML with the patch and without (it touches inline code only)."""
    blocks = {patched: re.findall(r'<div class="highlight"><pre>.*?</pre></div>',
                                  (site / "zh-hant" / "demo.html").read_text(encoding="utf-8"), re.S)
              for patched, (site, _) in two_sites.items()}
    assert len(blocks[True]) >= 3 and blocks[True] == blocks[False]
