"""Figures on a phone (issue 24, item 3), in headless Chromium against the built site: every
figure of every edition is an SVG whose smallest label, drawn at the width the phone's column
gives the image, is still legible, with alt text and a caption in the edition's language (a tap
opening it at full size is tested in test_phone_browser.py).

The label is measured, not computed: the page fetches the figure's SVG, draws it in a box as wide
as the image is shown, and takes each text's tallest glyph (matplotlib writes text as glyph
outlines, one <use> per character, in a group text_N). The tallest glyph of a label is a capital,
a digit, an ascender or a bracket: at least about 0.7 of the font size. (A y-axis label is turned
a quarter turn: its glyphs' widths on screen are their heights.)
"""
import re

import pytest

from browser_tools import open_page, open_pages
from utils.book import config

PHONE = {"width": 390, "height": 844}
EDITIONS = list(config.editions())
FIGURE_CHAPTERS = ["graph_basics", "internals", "retain_graph", "saved_memory"]
HAN = re.compile(r"[\u4e00-\u9fff]")
SMALLEST_GLYPH_PX = 7.0  # a capital or digit 7 CSS px tall: a font of about 10 px

pytestmark = pytest.mark.slow

# A glyph's height on screen; for a label turned a quarter turn (a y-axis label), its width.
GLYPH_HEIGHT = """const glyphHeight = u => { const r = u.getBoundingClientRect();
  return u.closest('[transform*="rotate(-90"], [transform*="rotate(90"]') ? r.width : r.height; };"""

# Each figure of the page, its SVG drawn at ``scale`` times the width the page shows the image at.
MEASURE = """async (scale = 1) => {
  """ + GLYPH_HEIGHT + """
  const out = [];
  for (const img of document.querySelectorAll('article div.cell_output img')) {
    const text = await (await fetch(img.currentSrc || img.src)).text();
    const box = document.createElement('div');
    box.style.cssText = `position:absolute;left:0;top:0;width:${img.clientWidth * scale}px`;
    box.innerHTML = text.includes('<svg') ? text.slice(text.indexOf('<svg')) : '';
    const svg = box.querySelector('svg');
    let heights = [];
    if (svg) {
      svg.setAttribute('width', '100%');
      svg.removeAttribute('height');
      document.body.appendChild(box);
      heights = [...svg.querySelectorAll('g[id^="text_"]')]
        .map(g => Math.max(0, ...[...g.querySelectorAll('use')].map(glyphHeight)))
        .filter(h => h > 0);
      box.remove();
    }
    const caption = img.closest('figure') && img.closest('figure').querySelector('figcaption .caption-text');
    const body = getComputedStyle(document.querySelector('article p'));
    const captionStyle = caption ? getComputedStyle(caption) : null;
    out.push({src: img.getAttribute('src'), shown: img.clientWidth, natural: img.naturalWidth, svg: !!svg,
              labels: heights.length, smallest: heights.length ? Math.min(...heights) : 0,
              alt: img.alt, caption: caption ? caption.textContent : '',
              captionReads: !!captionStyle && captionStyle.color === body.color && Number(captionStyle.fontWeight) >= 400});
  }
  return out;
}"""


@pytest.mark.parametrize("name", FIGURE_CHAPTERS)
def test_figure_labels_are_legible_on_a_phone(browser, origin, name):
    pages = open_pages(browser, [f"{origin}/{key}/{name}.html" for key in EDITIONS], PHONE)
    measured = [page.evaluate(MEASURE) for page in pages]
    for page in pages:
        page.close()
    for key, figures in zip(EDITIONS, measured):
        assert figures, f"{key}/{name}: no figure found"
        for f in figures:
            where = f"{key}/{name}: {f['src']}"
            assert f["svg"], f"{where}: not an SVG (a PNG blurs when a phone enlarges it)"
            assert f["shown"] <= PHONE["width"] and f["labels"] >= 4, (where, f)
            assert f["smallest"] >= SMALLEST_GLYPH_PX, (
                f"{where}: at {f['shown']} px wide its smallest label is {f['smallest']:.1f} px tall "
                f"(at least {SMALLEST_GLYPH_PX} px): draw it narrower or with larger text")
            assert f["alt"] and f["caption"], f"{where}: a figure needs alt text and a caption"
            assert f["captionReads"], f"{where}: the caption is not at the body text's colour and weight"
            in_chinese = bool(HAN.search(f["caption"])) and bool(HAN.search(f["alt"]))
            assert in_chinese == key.startswith("zh"), f"{where}: caption or alt text not in the edition's language"


def test_the_old_side_by_side_drawing_would_fail(browser, origin):
    """The check rejects what issue 24 found: the side-by-side drawing of 1,090 px, shrunk to the
    phone's column, had labels about 3 px tall."""
    page = open_page(browser, f"{origin}/en/graph_basics.html", PHONE)
    smallest = page.evaluate(MEASURE, 450 / 1090)[0]["smallest"]  # today's drawing at the old one's scale
    page.close()
    assert smallest < SMALLEST_GLYPH_PX, smallest  # about 3.7 px: rejected
