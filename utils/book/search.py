"""The book's search: one Pagefind index per edition, and the data of the paste-your-error box.

utils/book/build.py calls ``index_edition`` after each edition's build. It

- writes ``_static/search/errors.js``: every wording of book/errors.yml with the edition's links to
  its error index entry and to the section that explains it (the paste box and the search page
  match a pasted message against it with book/_static/search/errormatch.js);
- indexes the built pages with Pagefind's extended build (it segments Chinese, at index time and
  in the browser) into ``_pagefind/``, one Pagefind document per section (a result is the section
  that answers, ``page.html#label``, titled "page › heading"; each error index entry is one too).
  A section's document holds its heading (weighted most), its entry of book/search_keywords.yml
  (the words readers type), the errors of book/errors.yml that it explains with the line that says
  which case of the error it is, and its own text (not its subsections'). The pages on disk are
  not changed.

    python -m utils.book.search _build/html/en    # index one built edition again
"""
from __future__ import annotations

import functools
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path


from utils.book import config, yamlread
from utils.book.editions.data import avoided_terms, error_cases, load_errors, load_glossary, load_wordings, text_hash, uses_avoided
from utils.book.editions.error_index import english_labels
from utils.book.editions.prose import wrong_script_chars

ROOT = Path(__file__).resolve().parents[2]
KEYWORDS = ROOT / "book" / "search_keywords.yml"
HEADINGS = ["h1", "h2", "h3", "h4", "h5", "h6"]
# What the search does not read: the switcher, heading permalinks, the contents lists, the search
# page itself, and the setup cell at the top of each chapter (imports, not prose).
# The folded wrong answers under an exercise quote error messages too: a pasted error is to find the
# section that explains it, not an exercise's verdict.
EXCLUDE = [".edition-switcher", ".headerlink", ".toctree-wrapper", "nav", ".bd-search-container",
           ".book-search", ".error-paste", ".wrong-answers"]


def load_keywords(path: Path = KEYWORDS) -> dict:
    """{label: {edition: sentence}} from book/search_keywords.yml (a page's name for the top of that
    page), without the entries' translation stamps."""
    data = yamlread.load(path.read_text(encoding="utf-8")) if path.exists() else {}
    return {label: {k: v for k, v in entry.items() if k != "translated_from"}
            for label, entry in (data.get("sections") or {}).items()}


def parsed_pages(site: Path) -> dict:
    """{page: its parsed HTML} of the built pages of an edition (html.parser is slow: each page is
    parsed once for the whole index)."""
    from bs4 import BeautifulSoup

    return {page: BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser") for page in sorted(site.glob("*.html"))}


def label_index(site: Path, soups: dict | None = None) -> dict[str, tuple[str, str]]:
    """{id: (page, heading text of the section it names)} of every id in the built pages of an edition."""
    found = {}
    for page, soup in (soups or parsed_pages(site)).items():
        article = soup.select_one("article.bd-article")
        if article is None:
            continue
        for el in article.select("[id]"):
            section = el if el.name == "section" else el.find_parent("section")
            heading = section.find(HEADINGS) if section else None
            title = heading.get_text(" ", strip=True).rstrip("#").strip() if heading else ""
            found.setdefault(el["id"], (page.stem, title))
    return found




def routing_problems(root: Path = ROOT) -> list[str]:
    """errors.yml's ``cases``: each names an English section once, has a line in every edition, in
    the edition's script and terms, and records the hash of the English line it translates."""
    problems, labels = [], english_labels(root)
    glossary, wordings = load_glossary(root), load_wordings(root)
    for entry in load_errors(root):
        where = f"book/errors.yml: entry {entry['id']!r}"
        seen = set()
        for case in entry.get("cases") or []:
            label = case.get("section")
            at = f"{where}, case {label!r}"
            if label not in labels:
                problems.append(f"{at}: not a label of any English chapter")
            if label in seen:
                problems.append(f"{at}: listed twice")
            seen.add(label)
            english = case.get(config.SOURCE, "")
            for edition in [config.SOURCE, *config.translations(root)]:  # not a draft edition's
                line = case.get(edition, "")
                if len(line) < 10:
                    problems.append(f"{at}: no {edition} line")
                    continue
                if edition == config.SOURCE:
                    continue
                if (case.get("translated_from") or {}).get(edition) != text_hash(english):
                    problems.append(f"{at}: the {edition} line does not translate the current English "
                                    f"(translated_from: {edition}: \"{text_hash(english)}\" once it does)")
                bad = wrong_script_chars(line, edition, root)
                if bad:
                    problems.append(f"{at}: the {edition} line uses {''.join(bad)}")
                for word, term, form in avoided_terms(glossary, edition, wordings):
                    if uses_avoided(line, word, form):
                        problems.append(f"{at}: the {edition} line says {word!r} (book/glossary.yml: {term!r})")
    return problems


def errors_data(edition: str, labels: dict[str, tuple[str, str]], root: Path = ROOT,
                titles: dict[str, str] | None = None) -> list[dict]:
    """Every wording of errors.yml with the edition's links (relative to a page of the edition):
    its index entry and every section that explains a case of it (``cases``, the main one first)."""
    out, titles = [], titles or {}
    entries = load_errors(root)
    for entry in entries:
        anchor = f"error-{entry['id']}"
        if anchor not in labels:
            raise RuntimeError(f"search: the error index of {edition} has no entry #{anchor}")
        found = []
        # An older wording of a message is explained where today's is: its own section first, then the
        # cases of today's wording (the GAN case of "buffers have already been freed" is rg-gan's).
        current = today_of(entry, entries)
        listed = list(error_cases(entry, edition))
        if current is not None:
            listed += [case for case in error_cases(current, edition) if case[0] not in {l for l, _ in listed}]
        for label, line in listed:
            if label not in labels:
                raise RuntimeError(f"search: errors.yml entry {entry['id']}: no section labelled {label!r} in {edition}")
            page, title = labels[label]
            found.append({"section": f"{page}.html#{label}", "title": title, "page_title": titles.get(page, ""),
                          "line": line})
        out.append({"id": entry["id"], "message": entry["message"], "historical": "historical" in entry,
                    **({"tail": entry["tail"]} if entry.get("tail") else {}),
                    **({"varies": entry["varies"]} if entry.get("varies") else {}),  # errormatch.js applies them
                    "summary": entry["summary"].get(edition, entry["summary"][config.SOURCE]),
                    "entry": f"{labels[anchor][0]}.html#{anchor}",
                    "section": found[0]["section"], "section_title": found[0]["title"], "cases": found})
    return out


def today_of(entry: dict, entries: list[dict]) -> dict | None:
    """For a historical wording, the entry of today's wording of the same message: the current
    (not historical) entry whose wording starts with the same first clause ("Trying to backward
    through the graph a second time"), its articles aside; None for a current wording or one without
    a successor. utils/book/explain_data.py lists the same cases for ``explain``."""
    if "historical" not in entry:
        return None
    def first(message: str) -> str:  # its words, without the articles (0.1 said "the graph second time")
        clause = re.split(r"[,.;:(]", message, maxsplit=1)[0].lower()
        return " ".join(w for w in re.findall(r"\w+", clause) if w not in {"a", "an", "the"})
    head = first(entry["message"])
    return next((e for e in entries if "historical" not in e and len(head) >= 20 and first(e["message"]) == head), None)


def page_titles(site: Path, soups: dict | None = None) -> dict[str, str]:
    """{page: its title (the text of its first heading)} of the built pages of an edition."""
    titles = {}
    for page, soup in (soups or parsed_pages(site)).items():
        heading = soup.select_one("article.bd-article h1")
        if heading is not None:
            titles[page.stem] = heading_text(heading)
    return titles


def errors_script(data: list[dict]) -> str:
    return ("/* Written by utils/book/search.py from book/errors.yml: the paste box's wordings and links. */\n"
            "window.BOOK_ERRORS = " + json.dumps(data, ensure_ascii=False, separators=(",", ":")) + ";\n")


# What a section's document weighs (Pagefind's data-pagefind-weight; its text is 1): its heading
# says most about what it answers; then the words readers type for it and the cases of errors it
# explains; its code least.
WEIGHTS = {"heading": 7.0, "keywords": 5.0, "case": 2.0, "message": 1.0, "code": 0.5}


def prepared_article(text, edition: str, lang: str | None = None):
    """The page's article with what the search does not read marked, or None for a page without one.
    ``text``: the page's HTML, or the page parsed (then marked in place)."""
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(text, "html.parser") if isinstance(text, str) else text
    article = soup.select_one("article.bd-article")
    if article is None:
        return None
    for el in article.select(", ".join(EXCLUDE)):  # one pass over the article for all of them
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
        code["data-pagefind-weight"] = str(WEIGHTS["code"])
    return article


def heading_text(heading) -> str:
    return heading.get_text(" ", strip=True).rstrip("#¶").strip()


def _document(lang: str, url: str, title: str, parts: list[tuple[str, str, float | None]], body,
              keywords: str = "") -> str:
    """One Pagefind document: meta (shown, and ranked by Pagefind's meta weights) and the searched
    parts, then ``body``'s nodes. ``keywords``: the section's sentence of book/search_keywords.yml,
    also as meta (rank.js weighs the query's words in it, as in the heading)."""
    import html as h

    meta = (f'<span data-pagefind-meta="title">{h.escape(title)}</span>'
            f'<span data-pagefind-meta="href">{h.escape(url)}</span>')
    if keywords:
        meta += f'<span data-pagefind-meta="keywords">{h.escape(keywords)}</span>'
    searched = "".join(f'<{tag}{"" if w is None else f" data-pagefind-weight={chr(34)}{w}{chr(34)}"}>{h.escape(t)}</{tag}>'
                       for tag, t, w in parts if t)
    return (f'<!DOCTYPE html><html lang="{h.escape(lang)}"><head><meta charset="utf-8"><title>{h.escape(title)}</title>'
            f'</head><body>{meta}<main data-pagefind-body>{searched}{body}</main></body></html>')


def section_documents(text, page: str, edition: str, keywords: dict, routes: dict | None = None,
                      lang: str | None = None) -> dict[str, str]:
    """The Pagefind documents of one built page: {file name: html}, one per section with a heading
    and one per error index entry. ``keywords``: load_keywords(); ``routes``: {label: [(error
    message, the line saying which case of it the section explains)]}; ``lang``: the edition's
    hreflang (by default, from the book's _config.yml). ``text``: as for prepared_article."""
    lang = lang or config.editions()[edition]["hreflang"]
    article = prepared_article(text, edition, lang)
    if article is None:
        return {}
    routes = routes or {}
    docs = {}
    top = article.find("section")
    page_title = heading_text(top.find(HEADINGS)) if top is not None and top.find(HEADINGS) else page
    for n, section in enumerate(article.find_all("section")):
        heading = section.find(HEADINGS, recursive=False)
        if heading is None or not section.get("id") or _is_entry(section) or "error-group" in (section.get("class") or []):
            continue  # the error index's entries are documents of their own (below); its groups only hold them
        label = section["id"]
        title = heading_text(heading)
        top_of_page = section is top
        # The words readers type for the section (for the top of a page: the page's own entry).
        said = keywords.get(label) or (keywords.get(page) if top_of_page else None) or {}
        parts = [("h2", title, WEIGHTS["heading"]), ("p", said.get(edition, ""), WEIGHTS["keywords"])]
        for message, line in routes.get(label, []):
            parts += [("p", line, WEIGHTS["case"]), ("p", message, WEIGHTS["message"])]
        url = f"{page}.html" if top_of_page else f"{page}.html#{label}"
        docs[f"{page}--{n:03d}.html"] = _document(lang, url, page_title if top_of_page else f"{page_title} › {title}",
                                                  parts, _own_html(section, heading), said.get(edition, ""))
    for n, entry in enumerate(article.select(".error-entry[id]")):
        message = entry.select_one("p.error-message")
        if message is None:
            continue
        text_ = message.get_text(" ", strip=True)
        message.decompose()
        parts = [("h2", text_, WEIGHTS["heading"])]
        docs[f"{page}--error-{n:03d}.html"] = _document(lang, f"{page}.html#{entry['id']}", text_, parts,
                                                        "".join(str(c) for c in entry.children))
    return docs


def _own_html(section, heading) -> str:
    """The HTML of a section's own content: without its heading, its subsections and its error index
    entries (each a document of its own). Only a child that holds an entry is copied, to cut it out."""
    import copy

    out = []
    for child in section.children:
        if child is heading or child.name == "section" or _is_entry(child):
            continue
        if child.name and child.select_one(".error-entry[id]") is not None:
            child = copy.copy(child)
            for entry in child.select(".error-entry[id]"):
                entry.decompose()
        out.append(str(child))
    return "".join(out)


def _is_entry(el) -> bool:
    return el.name in ("div", "section") and "error-entry" in (el.get("class") or []) and el.has_attr("id")


def routes(edition: str, root: Path = ROOT) -> dict[str, list[tuple[str, str]]]:
    """{label: [(error message, the edition's line for the case the section explains)]}."""
    found: dict[str, list[tuple[str, str]]] = {}
    for entry in load_errors(root):
        for label, line in error_cases(entry, edition):
            found.setdefault(label, []).append((entry["message"], line))
    return found


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


CJK_WORD = re.compile(r"^[\u3400-\u9fff]{2,}$")


@functools.lru_cache(maxsize=None)
def regional_words(count: int = 20000) -> tuple:
    """The words that mainland and Taiwan usage write differently, not only in other characters: OpenCC's
    phrase conversion (s2twp: 内存 -> 記憶體, 代码 -> 程式碼, 批量 -> 批次) against its character conversion
    (s2tw: 內存, 代碼, 批量), over the ``count`` most frequent words of jieba's dictionary (the words a
    query is cut into). Each item: (Simplified word, its characters converted, its Taiwan form, that
    form's characters converted back: 執行 -> 执行, where the Simplified word was 运行)."""
    # Kept in _build/cache/search/ under a hash of every input: jieba's dictionary, OpenCC's version and
    # conversion tables, ``count`` and this function's source (about 1 CPU-s a process otherwise).
    key = _regional_key(count)
    kept = REGIONAL_CACHE / f"regional-words-{key}.json"
    try:
        return tuple(tuple(row) for row in json.loads(kept.read_text(encoding="utf-8")))
    except (OSError, ValueError, TypeError):
        pass
    rows = _regional_words(count)
    try:
        kept.parent.mkdir(parents=True, exist_ok=True)
        partial = kept.with_name(f"{kept.name}.{os.getpid()}.partial")
        partial.write_text(json.dumps(rows, ensure_ascii=False), encoding="utf-8")
        partial.replace(kept)
    except OSError:
        pass
    return rows


REGIONAL_CACHE = ROOT / "_build" / "cache" / "search"


def _regional_inputs():
    """The files regional_words reads besides its own source: jieba's dictionary and OpenCC's tables."""
    import jieba
    import opencc

    tables = sorted(p for p in Path(opencc.__file__).parent.rglob("*") if p.suffix in (".json", ".ocd2", ".txt"))
    return [Path(jieba.__file__).parent / "dict.txt", *tables]


def _regional_key(count: int) -> str:
    import hashlib
    import inspect
    from importlib import metadata

    digest = hashlib.sha256(f"{count} {metadata.version('opencc')} {metadata.version('jieba')}\0".encode())
    digest.update(inspect.getsource(_regional_words).encode())
    for path in _regional_inputs():
        digest.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:24]


def _regional_words(count: int) -> tuple:
    import jieba
    import opencc

    rows = []
    with open(Path(jieba.__file__).parent / "dict.txt", encoding="utf-8") as lines:
        for line in lines:
            word, freq = line.split(" ")[:2]
            if CJK_WORD.match(word):
                rows.append((-int(freq), word))
    words = [w for _, w in sorted(rows)[:count]]
    joined = "\n".join(words)
    chars = opencc.OpenCC("s2tw").convert(joined).split("\n")
    taiwan = opencc.OpenCC("s2twp").convert(joined).split("\n")
    kept = [(w, c, t) for w, c, t in zip(words, chars, taiwan) if c != t]
    back = opencc.OpenCC("t2s").convert("\n".join(t for _, _, t in kept)).split("\n")
    return tuple((w, c, t, b) for (w, c, t), b in zip(kept, back))


def regional_phrases(edition: str, text: str, words: tuple | None = None) -> dict:
    """What a query written in the other region's words becomes in this edition: in zh-hant, 内存 (and
    內存) -> 記憶體; in zh-hans, 記憶體 -> 内存; kept only where this edition's text (``text``) has the
    target and lacks what the character conversion alone would give (a word it uses is never rewritten)."""
    phrases = {}
    for simplified, chars, taiwan, back in (regional_words() if words is None else words):
        if edition == "zh-hant" and taiwan in text and chars not in text:
            phrases[simplified] = phrases[chars] = taiwan
        elif edition == "zh-hans" and simplified in text and back not in text:
            phrases[taiwan] = simplified
    return phrases


def query_words(texts: list[str], edition: str, root: Path = ROOT) -> dict:
    """What the search page needs to read a query the way the index was built, from the edition's own
    text: its Latin words (for a suggestion when a typed word is in none: "retian"), and, for a Chinese
    edition, its words as jieba segments them (the query is cut where the index was) and the other
    script's characters and terms mapped to this edition's (OpenCC's character conversion, the
    glossary's terms and their avoided forms), so that 葉子張量 finds 叶子张量 in the Simplified edition."""
    import html as h

    flat = [h.unescape(re.sub(r"<[^>]+>", " ", t)) for t in texts]
    latin = sorted({w for t in flat for w in re.findall(r"[a-z][a-z0-9_]{3,}", t.lower())})
    data = {"latin": latin}
    pair = (config.editions(root)[edition].get("script") or {}).get("opencc")
    if not pair:
        return data
    import jieba
    import opencc

    glossary = load_glossary(root)
    jieba.setLogLevel(60)
    # jieba's own dictionary, as Pagefind's Chinese segmenter (jieba's) cut the pages: a query cut at
    # other places (a glossary term kept whole) finds words the index does not hold.
    data["words"] = sorted({w for t in flat for w in jieba.lcut(t) if CJK_WORD.match(w)})
    # The other script's characters, each as OpenCC converts it into this edition's script (the first
    # of the edition's pair: s2tw for zh-Hant, t2s for zh-Hans, which takes 為 and 爲 alike to 为),
    # kept where the result is a character this edition's text has: a few hundred, not thousands.
    into = opencc.OpenCC(pair[0])
    chars = "".join(chr(i) for i in range(0x4E00, 0x9FA6))
    mine = set("".join(flat))
    data["chars"] = {c: o for c, o in zip(chars, into.convert(chars)) if o != c and o in mine}
    # The other region's words (OpenCC's phrase conversion), then the glossary's terms: the other edition's
    # form (and what this edition avoids) -> this edition's, which overrule OpenCC's where both have one.
    phrases = regional_phrases(edition, "".join(flat))
    for term in glossary:
        target = term.get(edition)
        # A term as the edition writes it in running text (GPU 記憶體), not a form with a gloss in brackets.
        if not target or not re.match(r"^[\w\u3400-\u9fff ]+$", target) or not re.search(r"[\u3400-\u9fff]", target):
            continue
        for key in ("zh-hant", "zh-hans"):
            if key != edition and term.get(key) and term[key] != target and CJK_WORD.match(term[key]):
                phrases[term[key]] = target
        for avoided in (term.get("avoid") or {}).get(edition, []) or []:
            if avoided != target and CJK_WORD.match(avoided):
                phrases[avoided] = target
    data["phrases"] = phrases
    return data


def words_script(data: dict) -> str:
    return ("/* Written by utils/book/search.py from the edition's own text: how the search reads a query. */\n"
            "window.BOOK_SEARCH_WORDS = " + json.dumps(data, ensure_ascii=False, separators=(",", ":")) + ";\n")


def index_edition(site: Path, edition: str, root: Path = ROOT, keywords: dict | None = None) -> None:
    """Index one built edition (``site``: _build/html/EDITION) and write its paste-box data.
    ``keywords``: the sentences of readers' words to index (load_keywords(); by default book/search_keywords.yml's;
    ``{}`` indexes the book's own text only, as tests/test_real_questions.py --no-keywords measures it)."""
    for stale in ("searchindex.js", "_static/searchtools.js", "_static/language_data.js"):
        (site / stale).unlink(missing_ok=True)  # Sphinx's search: one search system only
    soups = parsed_pages(site)
    labels = label_index(site, soups)
    target = site / "_static" / "search"
    target.mkdir(parents=True, exist_ok=True)
    (target / "errors.js").write_text(errors_script(errors_data(edition, labels, root, page_titles(site, soups))),
                                      encoding="utf-8")
    if keywords is None:
        keywords = load_keywords(root / "book" / "search_keywords.yml")
    hreflang = config.editions(root)[edition]["hreflang"]
    explained = routes(edition, root)
    pages = {}
    for page, soup in soups.items():  # marked in place: read for the labels and titles first
        if page.stem not in {"search", "genindex"}:
            pages.update(section_documents(soup, page.stem, edition, keywords, explained, hreflang))
    language = hreflang.split("-")[0].lower()
    _index(site, pages, language)
    (target / "words.js").write_text(words_script(query_words(list(pages.values()), edition, root)), encoding="utf-8")
    # Pagefind's ready-made interfaces are not used (book/_static/search/search.js is the interface).
    for unused in (site / "_pagefind").glob("pagefind-*"):
        if "ui" in unused.name or unused.name == "pagefind-highlight.js":
            unused.unlink()


if __name__ == "__main__":
    folder = Path(sys.argv[1])
    index_edition(folder, folder.name)
