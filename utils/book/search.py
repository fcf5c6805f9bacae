"""The book's search: one Pagefind index per edition, and the data of the paste-your-error box.

utils/book/build.py calls ``index_edition`` after each edition's build. It

- writes ``_static/search/errors.js``: every wording of book/errors.yml with the edition's links to
  its error index entry and to the section that explains it (the paste box and the search page
  match a pasted message against it with book/_static/search/errormatch.js);
- indexes the built pages with Pagefind's extended build (it segments Chinese, at index time and
  in the browser) into ``_pagefind/``. Pagefind reads each page as the search should see it, not
  as it is on disk: each section's heading carries the section's label as its id (Pagefind makes a
  sub-result of every heading with an id; Sphinx puts the ids on <section>), each error index entry
  is a heading of its own, and a section's entry of book/search_keywords.yml (the words readers
  type) is added to it. The pages on disk are not changed.

    python -m utils.book.search _build/html/en    # index one built edition again
"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import yaml

from utils.book import config
from utils.book.editions.data import load_errors

ROOT = Path(__file__).resolve().parents[2]
KEYWORDS = ROOT / "book" / "search_keywords.yml"
HEADINGS = ["h1", "h2", "h3", "h4", "h5", "h6"]
# What the search does not read: the switcher, heading permalinks, the contents lists, the search
# page itself, and the setup cell at the top of each chapter (imports, not prose).
EXCLUDE = [".edition-switcher", ".headerlink", ".toctree-wrapper", "nav", ".bd-search-container",
           ".book-search", ".error-paste"]


def load_keywords(path: Path = KEYWORDS) -> dict:
    """{label: {edition: sentence}} from book/search_keywords.yml."""
    data = yaml.safe_load(path.read_text(encoding="utf-8")) if path.exists() else {}
    return data.get("sections", {}) or {}


def label_index(site: Path) -> dict[str, tuple[str, str]]:
    """{id: (page, heading text of the section it names)} of every id in the built pages of an edition."""
    from bs4 import BeautifulSoup

    found = {}
    for page in sorted(site.glob("*.html")):
        soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
        article = soup.select_one("article.bd-article")
        if article is None:
            continue
        for el in article.select("[id]"):
            section = el if el.name == "section" else el.find_parent("section")
            heading = section.find(HEADINGS) if section else None
            title = heading.get_text(" ", strip=True).rstrip("#").strip() if heading else ""
            found.setdefault(el["id"], (page.stem, title))
    return found


def errors_data(edition: str, labels: dict[str, tuple[str, str]], root: Path = ROOT) -> list[dict]:
    """Every wording of errors.yml with the edition's links (relative to a page of the edition)."""
    out = []
    for entry in load_errors(root):
        anchor = f"error-{entry['id']}"
        if anchor not in labels:
            raise RuntimeError(f"search: the error index of {edition} has no entry #{anchor}")
        if entry["section"] not in labels:
            raise RuntimeError(f"search: errors.yml entry {entry['id']}: no section labelled {entry['section']!r} in {edition}")
        page, title = labels[entry["section"]]
        out.append({"id": entry["id"], "message": entry["message"], "historical": "historical" in entry,
                    "summary": entry["summary"].get(edition, entry["summary"][config.SOURCE]),
                    "entry": f"{labels[anchor][0]}.html#{anchor}",
                    "section": f"{page}.html#{entry['section']}", "section_title": title})
    return out


def errors_script(data: list[dict]) -> str:
    return ("/* Written by utils/book/search.py from book/errors.yml: the paste box's wordings and links. */\n"
            "window.BOOK_ERRORS = " + json.dumps(data, ensure_ascii=False, separators=(",", ":")) + ";\n")


def page_for_index(text: str, edition: str, keywords: dict, lang: str | None = None) -> str:
    """The page as Pagefind should read it (see the module's docstring); ``lang``: the edition's
    hreflang (by default, from the book's _config.yml)."""
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(text, "html.parser")
    article = soup.select_one("article.bd-article")
    if article is None:
        return str(soup)
    article["data-pagefind-body"] = ""
    for selector in EXCLUDE:
        for el in article.select(selector):
            el["data-pagefind-ignore"] = "all"
    # The chapter's setup cell (before its first section) is imports, not something to find.
    top = article.find("section")
    if top is not None:
        for cell in top.find_all("div", class_="cell", recursive=False):
            cell["data-pagefind-ignore"] = "all"
    # A Chinese edition's glossary also shows the other script's column: its readers should not
    # get excerpts in the script they do not read (the English column stays: readers type it).
    own = lang or config.editions()[edition]["hreflang"]
    for cell in article.select(".book-glossary [lang]"):
        if cell["lang"] not in (own, "en") and edition != config.SOURCE:
            cell["data-pagefind-ignore"] = "all"
    for code in article.select("div.cell_input"):
        code["data-pagefind-weight"] = "0.5"
    for section in article.find_all("section"):
        heading = section.find(HEADINGS, recursive=False)
        if heading is None:
            continue
        # The section's label (an empty <span id> before the heading) or else its own id.
        label = next((s["id"] for s in section.find_all("span", recursive=False)
                      if s.get("id") and not s.get_text(strip=True)), section.get("id"))
        if label:
            heading["id"] = label
        sentence = keywords.get(label, {}).get(edition)
        if sentence:
            extra = soup.new_tag("p")
            extra.string = sentence
            sub = section.find("section", recursive=False)
            (sub.insert_before(extra) if sub else section.append(extra))
    for entry in article.select("div.error-entry[id]"):
        message = entry.select_one("p.error-message")
        if message is not None:
            message.name = "h3"
            message["id"] = entry["id"]
    return str(soup)


def _index(site: Path, pages: dict[str, str], language: str) -> None:
    """Pagefind's command (the extended binary of pagefind[extended]) over the pages as the search
    reads them, written to a temporary folder. Not its Python API: that one's service can be shut
    down before the last file is written (a truncated pagefind-entry.json was seen here)."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        for name, content in pages.items():
            (Path(tmp) / name).write_text(content, encoding="utf-8")
        target = site / "_pagefind"
        if target.exists():
            shutil.rmtree(target)
        result = subprocess.run(
            [sys.executable, "-m", "pagefind", "--site", tmp, "--output-path", str(target),
             "--force-language", language, "--include-characters", "_@.", "--quiet"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if result.returncode != 0 or not (target / "pagefind-entry.json").stat().st_size:
            raise RuntimeError(f"search: Pagefind failed on {site}:\n{result.stdout}")


def index_edition(site: Path, edition: str, root: Path = ROOT) -> None:
    """Index one built edition (``site``: _build/html/EDITION) and write its paste-box data."""
    for stale in ("searchindex.js", "_static/searchtools.js", "_static/language_data.js"):
        (site / stale).unlink(missing_ok=True)  # Sphinx's search: one search system only
    labels = label_index(site)
    target = site / "_static" / "search"
    target.mkdir(parents=True, exist_ok=True)
    (target / "errors.js").write_text(errors_script(errors_data(edition, labels, root)), encoding="utf-8")
    keywords = load_keywords(root / "book" / "search_keywords.yml")
    hreflang = config.editions(root)[edition]["hreflang"]
    pages = {page.name: page_for_index(page.read_text(encoding="utf-8"), edition, keywords, hreflang)
             for page in sorted(site.glob("*.html")) if page.stem not in {"search", "genindex"}}
    language = hreflang.split("-")[0].lower()
    _index(site, pages, language)
    # Pagefind's ready-made interfaces are not used (book/_static/search/search.js is the interface).
    for unused in (site / "_pagefind").glob("pagefind-*"):
        if "ui" in unused.name or unused.name == "pagefind-highlight.js":
            unused.unlink()


if __name__ == "__main__":
    folder = Path(sys.argv[1])
    index_edition(folder, folder.name)
