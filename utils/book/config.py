"""The book's settings, read once: _config.yml (editions, repository), _toc.yml (page order) and
requirements.txt (versions).

Every other tool asks this module; nothing else reads those two files.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from utils.book import yamlread

ROOT = Path(__file__).resolve().parents[2]
SOURCE = "en"  # the edition every other one translates
PIN = re.compile(r"^([A-Za-z0-9_.\-\[\]]+)==([^\s;#]+)")


@lru_cache(maxsize=None)
def _load(root: Path) -> dict:
    return yamlread.load((root / "_config.yml").read_text(encoding="utf-8"))


@lru_cache(maxsize=None)
def _resolved(root: Path) -> Path:
    return root.resolve()  # a system call per part: the checks ask for the settings thousands of times


def load(root: Path = ROOT) -> dict:
    """The whole _config.yml (cached per root; tests that change a copy use another root)."""
    return _load(_resolved(Path(root)))


def editions(root: Path = ROOT) -> dict[str, dict]:
    return load(root)["editions"]


def translations(root: Path = ROOT) -> list[str]:
    """The translated editions the checks hold to every rule (a draft is not one of them)."""
    return [k for k, e in editions(root).items() if k != SOURCE and not e.get("draft")]


def drafts(root: Path = ROOT) -> list[str]:
    """The editions marked ``draft: true``: built and kept in step (sync), reported as progress
    (``editions check``), not yet held to the translation checks."""
    return [k for k, e in editions(root).items() if k != SOURCE and e.get("draft")]


def labels(edition: str, root: Path = ROOT) -> dict[str, str]:
    """The UI words of ``edition`` (switcher, glossary, error index), falling back to English's."""
    eds = editions(root)
    return {**eds[SOURCE].get("labels", {}), **eds[edition].get("labels", {})}


def repository(root: Path = ROOT) -> tuple[str, str]:
    repo = load(root)["repository"]
    return repo["url"], repo.get("branch", "main")


def repository_name(root: Path = ROOT) -> str:
    """The repository's name, the last part of its URL (the folder a clone of it makes)."""
    return repository(root)[0].rstrip("/").rsplit("/", 1)[-1].removesuffix(".git")


@lru_cache(maxsize=None)
def _pins(root: Path) -> dict[str, str]:
    pins = {}
    for line in (root / "requirements.txt").read_text(encoding="utf-8").splitlines():
        m = PIN.match(line.strip())
        if m:
            pins[re.sub(r"\[.*\]", "", m.group(1)).lower()] = m.group(2)
    return pins


def pins(root: Path = ROOT) -> dict[str, str]:
    """{package: version} of every pin in requirements.txt, the one place versions are written."""
    return _pins(Path(root).resolve())


def pin(package: str, root: Path = ROOT) -> str:
    """``package==version`` as requirements.txt pins it."""
    return f"{package}=={pins(root)[package.lower()]}"


def toc_docnames(root: Path = ROOT) -> list[str]:
    """Every page of the book in _toc.yml's order, its root first (the only reader of _toc.yml)."""
    toc = yamlread.load((root / "_toc.yml").read_text(encoding="utf-8"))
    names = [toc["root"]]

    def walk(entries):
        for entry in entries or []:
            if "file" in entry:
                names.append(entry["file"])
            walk(entry.get("sections"))

    walk(toc.get("chapters"))
    for part in toc.get("parts", []):
        walk(part.get("chapters"))
    return names


def root_page(root: Path = ROOT) -> str:
    """The first page of every edition (_toc.yml's root)."""
    return toc_docnames(root)[0]
