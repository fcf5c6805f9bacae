"""Stable section anchors (utils/book/sphinx_ext/anchors.py): every section of every edition has the id the
English edition gives it (its label, or the English heading's slug), never a position (``id3``)."""
import json
import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from utils.book import config
from utils.book.sphinx_ext import anchors
from utils.book.editions.error_index import english_labels

ROOT = Path(__file__).resolve().parents[1]
GENERATED = re.compile(r"^id\d+$")


def notebook(tmp_path: Path, *markdown: str) -> Path:
    path = tmp_path / "x.ipynb"
    cells = [{"cell_type": "markdown", "metadata": {}, "source": m} for m in markdown]
    path.write_text(json.dumps({"cells": cells}), encoding="utf-8")
    return path


def test_english_sections_reads_labels_and_slugs(tmp_path):
    nb = notebook(tmp_path, "# The `retain_graph` book\n\n(rg-x)=\n## Two losses\n\n```python\n# not a heading\n```\n",
                  "### A [linked](https://x.org) {term}`leaf` heading\n\n(rg-y)=\n\nText.\n\n## After text")
    # A label followed by text, not a heading, labels nothing.
    assert anchors.english_sections(nb) == ["the-retain-graph-book", "rg-x", "a-linked-leaf-heading", "after-text"]


def test_the_labelled_sections_of_the_english_chapters_are_found():
    found = set()
    for nb in (ROOT / "book" / "en").glob("*.ipynb"):
        found |= set(anchors.english_sections(nb))
    assert len(found & english_labels()) >= 100
    assert {"rg-gan", "pit-step-between-backwards", "pit-inplace-saved"} <= found


def section_ids(soup: BeautifulSoup) -> list[str]:
    article = soup.select_one("article.bd-article")
    if article is None:  # a redirect page
        return []
    return [s["id"] for s in article.find_all("section") if s.find(re.compile("^h[1-6]$"), recursive=False)]


@pytest.mark.slow
def test_sections_have_the_same_ids_in_every_edition(site):
    names = sorted(p.name for p in (site / "en").glob("*.html") if p.stem not in ("search", "genindex"))
    # Each page parsed once (html.parser is slow: this test parsed every page twice or three times).
    soups = {(edition, name): BeautifulSoup((site / edition / name).read_text(encoding="utf-8"), "html.parser")
             for edition in config.editions() for name in names}
    english = {name: section_ids(soups[config.SOURCE, name]) for name in names}
    labels = english_labels()
    assert sum(i in labels for ids in english.values() for i in ids) >= 100
    for edition in config.editions():
        for name, ids in english.items():
            soup = soups[edition, name]
            theirs = section_ids(soup)
            assert theirs == ids, (edition, name)
            assert not [i for i in theirs if GENERATED.match(i)], (edition, name)
            # The contents and the heading permalinks link to the same ids.
            local = {a["href"][1:] for a in soup.select("a.headerlink, nav.bd-toc a, .bd-toc-nav a") if a.get("href", "").startswith("#")}
            assert not [h for h in local if GENERATED.match(h)], (edition, name, local)
