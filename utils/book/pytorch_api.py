"""The PyTorch names the prose links to PyTorch's documentation, and the forms of the book's outside links.

utils/book/pytorch_api.yml lists each name with its role and where the documentation of the pinned
release describes it; this module turns that list into a Sphinx inventory (objects.inv, written with
sphobjinv) shipped as utils/book/pytorch_api.inv, which the site's intersphinx reads from disk, and
into the answer to "which name does this inline code mean?" (``linkable``). No torch here:
tests/test_api_links.py imports torch and checks that every listed name exists in the pinned torch.

    python -m utils.book.pytorch_api          # rewrite utils/book/pytorch_api.inv from the YAML
    python -m utils.book.pytorch_api --check  # exit 1 when the shipped inventory is stale
"""
from __future__ import annotations

import argparse
import re
import sys
from functools import lru_cache
from pathlib import Path
from urllib.parse import urlsplit


from utils.book import config, yamlread

HERE = Path(__file__).resolve().parent
DATA = HERE / "pytorch_api.yml"
INVENTORY = HERE / "pytorch_api.inv"
ROLES = ("module", "class", "function", "method", "attribute")
DOCS_HOST = "docs.pytorch.org"
# What inline code may hold around a name: a decorator's @, "with ... :", and a call's arguments.
CODE = re.compile(r"^(?:@|with\s+)?(?P<name>\.?[A-Za-z_][\w.]*?)(?:\((?P<args>.*)\))?:?$")
ISSUE = re.compile(r"^https://github\.com/[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+/(?:issues|pull)/\d+$")


def release(root: Path = config.ROOT) -> str:
    """The pinned torch's major.minor ("2.13"), the version in the documentation's URLs."""
    return ".".join(config.pins(root)["torch"].split(".")[:2])


def docs_url(root: Path = config.ROOT) -> str:
    """The base URL of the pinned release's documentation."""
    return f"https://{DOCS_HOST}/docs/{release(root)}/"


@lru_cache(maxsize=None)
def _load(path: Path) -> dict:
    return yamlread.load(path.read_text(encoding="utf-8"))


def uri(name: str, role: str, where: str | None) -> str:
    """Where ``name`` is documented, relative to the documentation's base URL (see the YAML's header)."""
    if not where:
        return f"generated/{name}.html#{name}"
    if where.startswith("="):
        return f"generated/{where[1:]}.html#{where[1:]}"
    if "#" in where:
        return where.rstrip("#")
    return f"{where}#{'module-' if role == 'module' else ''}{name}"


def entries(path: Path = DATA) -> list[tuple[str, str, str]]:
    """(name, role, uri) of every listed name, in the file's order; a malformed file is refused."""
    data, out, seen = _load(path), [], set()
    unknown = set(data) - {*ROLES, "prefixes", "bare"}
    if unknown:
        raise ValueError(f"{path.name}: unknown section(s) {sorted(unknown)}; the roles are {', '.join(ROLES)}")
    for role in ROLES:
        for name, where in (data.get(role) or {}).items():
            if not re.fullmatch(r"torch(\.[A-Za-z_]\w*)*", name) or any(p.startswith("_") for p in name.split(".")):
                raise ValueError(f"{path.name}: {name!r} is not a public torch name")
            if name in seen:
                raise ValueError(f"{path.name}: {name} is listed twice")
            seen.add(name)
            if where is not None and not re.fullmatch(r"=torch[\w.]*|[\w./-]+\.html(#[\w.:-]*)?", str(where)):
                raise ValueError(f"{path.name}: {name}: {where!r} is not a place in the documentation")
            out.append((name, role, uri(name, role, where)))
    return out


@lru_cache(maxsize=None)  # as _load: linkable asks for every inline code of every page
def names(path: Path = DATA) -> frozenset[str]:
    return frozenset(n for n, _, _ in entries(path))


def linkable(code: str, path: Path = DATA) -> str | None:
    """The listed name that inline ``code`` shows (``nn.Linear(4, 1)`` -> torch.nn.Linear), or None."""
    m = CODE.match(code.strip())
    if not m:
        return None
    name, data, known = m.group("name"), _load(path), names(path)
    if name in known:
        return name
    if name in (data.get("bare") or {}):
        return data["bare"][name]
    for prefix in sorted(data.get("prefixes") or {}, key=len, reverse=True):
        if name.startswith(prefix) and name != prefix:
            full = data["prefixes"][prefix] + name[len(prefix):]
            return full if full in known else None
    return None


class FirstMentions:
    """The rule both the site and the reader notebooks follow: inline code that names a listed API
    links at its first mention in each section, so a paragraph that repeats a name is not a row of
    links. Fed in document order: :meth:`section` where a section starts (the site: the section node
    the code is in; the reader notebooks: each heading), then :meth:`link` for each inline code that
    may link (not in a heading, a link or a code block: the caller knows its markup)."""

    def __init__(self, linkable=linkable):
        self.linkable, self.key, self.seen = linkable, None, set()

    def section(self, key=None) -> None:
        """A section starts; ``key`` names it (the same key again continues it; None: always a new one)."""
        if key is None or key != self.key:
            self.key, self.seen = key, set()

    def link(self, code: str) -> str | None:
        """The name inline ``code`` links to, or None: it names no listed API, or one its section linked."""
        name = self.linkable(code)
        if name is None or name in self.seen:
            return None
        self.seen.add(name)
        return name


def link_problem(url: str, root: Path = config.ROOT) -> str | None:
    """Why ``url`` is not a link the book writes (None when it is one): an issue or pull request
    on GitHub, or a page of the documentation of the pinned torch release over https."""
    parts = urlsplit(url)
    if parts.scheme != "https":
        return f"{url}: not https"
    if parts.netloc == "github.com":
        return None if ISSUE.match(url) else f"{url}: not an issue or pull request (github.com/OWNER/REPO/issues/N)"
    if parts.netloc != DOCS_HOST:
        return f"{url}: neither github.com nor {DOCS_HOST}"
    want = f"/docs/{release(root)}/"
    if not parts.path.startswith(want):
        return f"{url}: not the documentation of torch {release(root)} ({want})"
    if not parts.path.endswith(".html") or parts.query:
        return f"{url}: not a page of the documentation"
    return None


def inventory_bytes(path: Path = DATA, root: Path = config.ROOT) -> bytes:
    """The zlib-compressed objects.inv of the listed names (sphobjinv: Sphinx's own format)."""
    import sphobjinv as soi

    inv = soi.Inventory()
    inv.project, inv.version = "PyTorch", release(root)
    for name, role, where in entries(path):
        inv.objects.append(soi.DataObjStr(name=name, domain="py", role=role, priority="1", uri=where, dispname="-"))
    return soi.compress(inv.data_file(contract=True))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when the shipped inventory is stale")
    args = parser.parse_args(argv)
    data = inventory_bytes()
    if args.check:
        if INVENTORY.read_bytes() != data:
            print(f"{INVENTORY.relative_to(config.ROOT)} is stale: run python -m utils.book.pytorch_api", file=sys.stderr)
            return 1
        return 0
    INVENTORY.write_bytes(data)
    print(f"wrote {INVENTORY.relative_to(config.ROOT)}: {len(entries())} names, {docs_url()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
