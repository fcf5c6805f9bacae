"""What the editions are made of: each edition's pages, the data files (book/errors.yml,
book/glossary.yml, book/search_keywords.yml, the judges' message catalogs) and the stamp (the hash
of the English text a translation follows).

Every tool that needs the glossary or the error index reads it here (the Sphinx directives,
the search index, the checks); this module imports no other part of the editions package.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from utils.book import config, yamlread

ROOT = config.ROOT
SOURCE = config.SOURCE
# The judges' message catalogs (utils/autograd_book/exercises/messages.py reads them), relative to the root.
MESSAGE_CATALOGS = "utils/autograd_book/exercises/messages"
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
    # libyaml, refusing a key written twice in one mapping (utils/book/yamlread.py): YAML would
    # otherwise keep the last one without a word, silently dropping half of an entry.
    return yamlread.load(text)


@lru_cache(maxsize=512)
def parsed_version(text: str):
    """One committed version of a data file, parsed once per process (callers only read it; a stale
    stamp reads every version of errors.yml in the history)."""
    return yamlread.load(text)


def load_data(name: str, root: Path = ROOT) -> dict:
    """book/NAME (errors.yml, glossary.yml), parsed once per distinct content (a test's copy of
    the book holds the same texts); a key that appears twice in an entry is an error. The caller
    gets its own copy."""
    return yamlread.tree_copy(_parsed((Path(root) / "book" / name).read_text(encoding="utf-8")))


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


def preferred(form: str) -> str:
    """The end of an avoided-term message: the term's own form, when it has one (a wording of the
    glossary's ``wordings`` has none: the sentence is said another way)."""
    return f"; write {form!r}" if form else "; say it another way (a wording to avoid has no one replacement)"


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


@dataclass(frozen=True)
class DataFile:
    """A YAML file of translated entries, each stamped per edition (``translated_from: {EDITION:
    HASH}``). ``name``: how restamp and the messages call it (errors.yml, search_keywords.yml,
    messages/variable.yml); ``path``: relative to the root; ``group``: the top-level key holding the
    entries (None: the entries are the top level); ``key``: the field naming an entry in a list
    (None: the entries are a mapping, named by their key); ``within``: the field holding the texts
    per language (None: the entry itself; dotted for a field within a field: ``historical.source``);
    ``stamps_within``: whether the ``translated_from`` stamps sit inside that field's mapping (a
    term's definition) rather than on the entry itself; ``optional``: only some entries have that
    field (those without its first part are not checked)."""
    name: str
    path: str
    group: str | None
    key: str | None = None
    within: str | None = None
    stamps_within: bool = False
    optional: bool = False

    def entries(self, data) -> list[tuple[str, dict]]:
        """(key, entry) of every entry of the parsed file ``data`` (ruamel's or plain dicts)."""
        items = data.get(self.group) if self.group else data
        if self.key is None:
            return list((items or {}).items())
        return [(e[self.key], e) for e in items or []]

    def texts(self, entry: dict) -> dict:
        if not self.within:
            return entry
        found = entry
        for part in self.within.split("."):
            found = found.get(part) if isinstance(found, dict) else None
        return found if isinstance(found, dict) else {}

    def applies(self, entry: dict) -> bool:
        """Whether ``entry`` should have this file's texts (an optional field's first part is there)."""
        return not self.optional or self.within.split(".")[0] in entry

    def stamp_holder(self, entry: dict) -> dict:
        """The mapping whose ``translated_from`` holds an entry's stamps (the entry, or its definition)."""
        return self.texts(entry) if self.stamps_within else entry

    def english(self, entry: dict) -> str:
        """The English text an entry's translations follow (its stamp is this text's hash)."""
        return self.texts(entry).get(SOURCE) or ""

    def translation(self, entry: dict, edition: str) -> str | None:
        return self.texts(entry).get(edition)

    def load(self, root: Path = ROOT) -> list[tuple[str, dict]]:
        return self.entries(yamlread.tree_copy(_parsed((Path(root) / self.path).read_text(encoding="utf-8"))))


ERRORS = DataFile("errors.yml", "book/errors.yml", "errors", key="id", within="summary")
# A historical wording's source (historical.source): where it is cited, said in each edition's words,
# stamped inside the mapping (``restamp errors.yml --cell ID`` stamps an entry's summary and source).
HISTORY = DataFile("errors.yml", "book/errors.yml", "errors", key="id", within="historical.source",
                   stamps_within=True, optional=True)


@dataclass(frozen=True)
class CaseLines(DataFile):
    """errors.yml's cases: the line of each case in every edition, stamped on the case and named
    ``ID/SECTION``; ``restamp errors.yml --cell ID`` stamps an entry's summary, source and case lines."""

    def entries(self, data) -> list[tuple[str, dict]]:
        return [(f"{e['id']}/{c['section']}", c) for e in data.get(self.group) or [] for c in e.get("cases") or []]


CASES = CaseLines("errors.yml", "book/errors.yml", "errors")
GLOSSARY = DataFile("glossary.yml", "book/glossary.yml", "terms", key="en")
# A term's one-line definition for readers: glossary.yml's ``definition: {en, EDITION..., translated_from}``,
# stamped inside the definition with the hash of its English sentence. It shares glossary.yml's name,
# so ``restamp glossary.yml --cell TERM`` stamps a term's forms and its definition together.
DEFINITIONS = DataFile("glossary.yml", "book/glossary.yml", "terms", key="en", within="definition",
                       stamps_within=True)
KEYWORDS = DataFile("search_keywords.yml", "book/search_keywords.yml", "sections")
DATA_FILES = {f.name: f for f in (ERRORS, GLOSSARY, KEYWORDS)}


def catalog(module: str) -> DataFile:
    """The message catalog of a judge module (``common`` for the verdict lines)."""
    return DataFile(f"messages/{module}.yml", f"{MESSAGE_CATALOGS}/{module}.yml", None)


def data_files(name: str, root: Path = ROOT) -> list[DataFile]:
    """Every kind of stamped entry the file restamp calls ``name`` holds (glossary.yml: its terms'
    forms and their definitions)."""
    found = data_file(name, root)
    return ([] if found is None else [found, DEFINITIONS] if found is GLOSSARY
            else [found, HISTORY, CASES] if found is ERRORS else [found])


def data_file(name: str, root: Path = ROOT) -> DataFile | None:
    """The data file restamp and the checks call ``name`` (errors.yml, messages/variable.yml...)."""
    if name in DATA_FILES:
        return DATA_FILES[name]
    if name.startswith("messages/") and name.endswith(".yml"):
        found = catalog(name.removeprefix("messages/").removesuffix(".yml"))
        return found if (Path(root) / found.path).exists() else None
    return None


def stamped_files(root: Path = ROOT) -> list[DataFile]:
    """Every data file of translated entries: book/*.yml's and every message catalog."""
    return [*DATA_FILES.values(), *(catalog(p.stem) for p in sorted((Path(root) / MESSAGE_CATALOGS).glob("*.yml")))]


def _spec(kind: str | DataFile) -> DataFile:
    return kind if isinstance(kind, DataFile) else DATA_FILES[f"{kind}.yml"]


def entry_key(kind: str | DataFile, entry: dict) -> str:
    """What names an entry of a list-shaped data file: an error's id, a term's English wording."""
    return entry[_spec(kind).key]


def entry_english(kind: str | DataFile, entry: dict) -> str:
    """The English text an entry's translations follow (its stamp is this text's hash)."""
    return _spec(kind).english(entry)


def entry_translation(kind: str | DataFile, entry: dict, edition: str) -> str | None:
    return _spec(kind).translation(entry, edition)
