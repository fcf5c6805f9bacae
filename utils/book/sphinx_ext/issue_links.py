"""Cited GitHub issues and pull requests become links (issue 33: "Nothing links out").

The prose cites them as GitHub writes them: "pytorch/pytorch issue #21469", "pull request #63831",
"facebookresearch/pytorch3d #864", "KupynOrest/DeblurGAN#91", "#13827" in a table, or as an address
("fixed with https://github.com/pytorch/pytorch/pull/3970"). A number is linked to the repository
named just before it ("OWNER/REPO#N", "OWNER/REPO [的] [issue|PR|pull request] #N"), and to
pytorch/pytorch otherwise (every unqualified number in the book is one of PyTorch's). GitHub sends
/issues/N to /pull/N for a pull request. Code, links and raw HTML are left alone. tests/test_issue_links.py plants each form.
"""
from __future__ import annotations

import re

from docutils import nodes
from sphinx.transforms import SphinxTransform
from sphinx.transforms.post_transforms import SphinxPostTransform

DEFAULT = "pytorch/pytorch"
REPO = r"[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+"
CITE = re.compile(
    # a GitHub address written out: the link is that address
    rf"(?P<url>https://github\.com/{REPO}/(?:issues|pull)/\d+)\b"
    # "OWNER/REPO#N", as GitHub writes a reference to another repository: all of it is the link
    rf"|\b(?P<jrepo>{REPO})#(?P<jnumber>\d{{1,6}})\b"
    # "OWNER/REPO [的] [issue|PR|pull request] #N" or a bare "#N": the number is the link
    rf"|(?:(?P<repo>\b{REPO})(?:\s*的)?\s+(?:(?:issues?|PRs?|pull requests?)\s+)?)?#(?P<number>\d{{2,6}})\b")
SKIP = (nodes.literal, nodes.literal_block, nodes.reference, nodes.raw, nodes.comment, nodes.FixedTextElement)


def issue_url(repo: str | None, number: str) -> str:
    return f"https://github.com/{repo or DEFAULT}/issues/{number}"


def linked(text: str) -> list[nodes.Node]:
    """``text`` as Text and reference nodes: each cited number a link, its words unchanged."""
    out, last = [], 0
    for m in CITE.finditer(text):
        if m.group("url"):
            start, label, uri = m.start(), m.group("url"), m.group("url")
        elif m.group("jrepo"):
            start, label, uri = m.start(), m.group(0), issue_url(m.group("jrepo"), m.group("jnumber"))
        else:
            repo = m.group("repo")
            if repo and ("." in repo.split("/")[1] and not re.search(r"[A-Za-z]", repo.split("/")[0])):
                repo = None  # "0.4/1.0" is not a repository
            start = m.start("number") - 1  # the '#'
            label, uri = f"#{m.group('number')}", issue_url(repo, m.group("number"))
        out.append(nodes.Text(text[last:start]))
        out.append(nodes.reference("", label, refuri=uri, classes=["book-issue-link"]))
        last = m.end()
    out.append(nodes.Text(text[last:]))
    return [n for n in out if not isinstance(n, nodes.Text) or n.astext()]


class IssueLinks(SphinxTransform):
    default_priority = 800

    def apply(self, **kwargs) -> None:
        for text in list(self.document.findall(nodes.Text)):
            parent = text.parent
            if parent is None or any(isinstance(a, SKIP) for a in ancestors(text)) or not CITE.search(text.astext()):
                continue
            parent.replace(text, linked(text.astext()))


def ancestors(node):
    """The node's parents, nearest first (api_links and answer_check use it too)."""
    node = node.parent
    while node is not None:
        yield node
        node = node.parent


class NoPlatformIcon(SphinxPostTransform):
    """A written-out address ("fixed with https://github.com/pytorch/pytorch/pull/3970") is a link
    whose text is its address: pydata-sphinx-theme's ShortenLinkTransform (priority 400) shortens
    its text to "pytorch/pytorch#3970", as the book writes one, and adds the class "github", whose
    a.github:before draws GitHub's logo in the Font Awesome Brands font: 118 kB of font loaded for
    one icon (issue 35: debugging weighed 1,052 kB, 934 kB without it). The book's other issue links
    have no icon; this one keeps the short text and loses the class."""
    default_priority = 401
    formats = ("html",)

    def run(self, **kwargs) -> None:
        for ref in self.document.findall(nodes.reference):
            if "book-issue-link" in ref["classes"]:
                ref["classes"] = [c for c in ref["classes"] if c not in ("github", "gitlab")]


def setup(app):
    app.add_transform(IssueLinks)
    app.add_post_transform(NoPlatformIcon)
