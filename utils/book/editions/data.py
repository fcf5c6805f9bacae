"""What the editions are made of: each edition's pages, the data files (book/errors.yml,
book/glossary.yml) and the stamp (the hash of the English text a translation follows).

Every tool that needs the glossary or the error index reads it here (the Sphinx directives,
the search index, the checks); this module imports no other part of the editions package.
"""
from __future__ import annotations

import copy
import hashlib
import re
from functools import lru_cache
from pathlib import Path

from ruamel.yaml import YAML

from utils.book import config

ROOT = config.ROOT
SOURCE = config.SOURCE
DATA_FILES = ("errors.yml", "glossary.yml")
# A translated Markdown page's first line: the hash of the English page it translates.
MD_STAMP = re.compile(r"^<!-- translation-source: ([0-9a-f]+) -->\n")


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def edition_pages(edition: str, root: Path = ROOT) -> dict[str, Path]:
    """{docname: path} of the pages (.ipynb, .md) of book/EDITION, without _ and . folders."""
    folder = root / "book" / edition
    pages = {}
    for p in sorted(folder.rglob("*")):
        if p.suffix in {".ipynb", ".md"} and not any(part.startswith(("_", ".")) for part in p.relative_to(folder).parts):
            pages[p.relative_to(folder).with_suffix("").as_posix()] = p
    return pages


@lru_cache(maxsize=16)
def _parsed(text: str) -> dict:
    # ruamel.yaml refuses a key written twice in one mapping (DuplicateKeyError): YAML would
    # otherwise keep the last one without a word, silently dropping half of an entry.
    return YAML(typ="safe", pure=True).load(text)


def load_data(name: str, root: Path = ROOT) -> dict:
    """book/NAME (errors.yml, glossary.yml), parsed once per distinct content (a test's copy of
    the book holds the same texts); a key that appears twice in an entry is an error. The caller
    gets its own copy."""
    return copy.deepcopy(_parsed((Path(root) / "book" / name).read_text(encoding="utf-8")))


def load_glossary(root: Path = ROOT) -> list[dict]:
    return load_data("glossary.yml", root)["terms"]


def load_errors(root: Path = ROOT) -> list[dict]:
    return load_data("errors.yml", root)["errors"]


def load_wordings(root: Path = ROOT) -> list[dict]:
    """glossary.yml's ``wordings``: phrases that are not terms (a literal rendering, a passive) which an
    edition avoids. The term checks apply their ``avoid`` lists like a term's; the glossary page does
    not show them."""
    return load_data("glossary.yml", root).get("wordings") or []


def avoided_terms(glossary: list[dict], edition: str,
                  wordings: list[dict] = ()) -> list[tuple[str, str, str]]:
    """(wording, English term, the term's own form in ``edition``) of every wording the glossary (its
    terms, then its ``wordings``, which have no form) says ``edition`` avoids."""
    return [(w, t["en"], (t.get(edition) or "").split("（")[0].strip())
            for t in [*glossary, *wordings] for w in (t.get("avoid") or {}).get(edition, [])]


def uses_avoided(text: str, word: str, form: str = "") -> bool:
    """Whether ``text`` uses the avoided ``word``. A word that is part of its own term's form (算法
    inside 演算法) counts only outside that form."""
    if form and word in form:
        text = text.replace(form, "\0")
    return word in text


def error_cases(entry: dict, edition: str) -> list[tuple[str, str]]:
    """(label, line) of every section that explains a case of an errors.yml entry: its ``section``
    first, then its ``cases`` (each with the edition's line saying which case it is), then the
    labels of ``see_also`` that ``cases`` does not give a line for (with an empty line)."""
    lines = {c["section"]: c.get(edition) or c.get(config.SOURCE, "") for c in entry.get("cases") or []}
    order = [entry["section"], *lines, *entry.get("see_also", [])]
    return [(label, lines.get(label, "")) for i, label in enumerate(order) if label not in order[:i]]


# The kinds of stamped data entries: an error's summary ("errors"), a term's form ("glossary") and a
# term's one-line definition ("definitions": glossary.yml's ``definition: {en, EDITION..., translated_from}``,
# stamped inside the definition with the hash of its English sentence).
def data_file(kind: str) -> str:
    return "glossary.yml" if kind == "definitions" else f"{kind}.yml"


def data_kinds(name: str) -> tuple[str, ...]:
    """The kinds of stamped entries a data file holds (glossary.yml: its terms and their definitions)."""
    return ("glossary", "definitions") if name == "glossary.yml" else (name.removesuffix(".yml"),)


def entry_key(kind: str, entry: dict) -> str:
    """What names an entry of a data file: an error's id, a term's English wording."""
    return entry["id"] if kind == "errors" else entry["en"]


def entry_english(kind: str, entry: dict) -> str:
    """The English text an entry's translations follow (its stamp is this text's hash)."""
    if kind == "definitions":
        return (entry.get("definition") or {}).get(SOURCE, "")
    return entry["summary"][SOURCE] if kind == "errors" else entry[SOURCE]


def entry_translation(kind: str, entry: dict, edition: str) -> str | None:
    if kind == "definitions":
        return (entry.get("definition") or {}).get(edition)
    return (entry.get("summary") or {}).get(edition) if kind == "errors" else entry.get(edition)


def stamp_holder(kind: str, entry: dict) -> dict:
    """The mapping whose ``translated_from`` holds an entry's stamps (a definition's own)."""
    return (entry.get("definition") or {}) if kind == "definitions" else entry


def entries(kind: str, root: Path = ROOT) -> list[dict]:
    return load_errors(root) if kind == "errors" else load_glossary(root)
