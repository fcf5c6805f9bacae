"""Inline code that names a PyTorch API links to PyTorch's documentation of the pinned release (issue 33).

The prose stays as written (`torch.autograd.grad`, `nn.Linear(4, 1)`, `.detach()`), in every edition:
a transform wraps each such inline code in a ``pending_xref`` for the Python domain, and Sphinx's
intersphinx resolves it from the inventory the repository ships (utils/book/pytorch_api.inv, written
from utils/book/pytorch_api.yml; nothing is fetched at build time). A name is linked at its first
appearance in each section, so a paragraph that repeats it is not a row of links; inline code in a
heading, a link, a code block or raw HTML is left alone. The nitpicky build fails on a reference
intersphinx cannot resolve, so every link the pages carry is a name of the inventory.
"""
from __future__ import annotations

from docutils import nodes
from sphinx import addnodes
from sphinx.transforms import SphinxTransform

from utils.book import pytorch_api
from utils.book.sphinx_ext.issue_links import ancestors

INVENTORY_NAME = "torch"
SKIP = (nodes.reference, nodes.title, nodes.subtitle, nodes.rubric, nodes.literal_block, nodes.raw,
        nodes.comment, addnodes.pending_xref, addnodes.toctree)


def link_literals(document: nodes.Node, linkable=pytorch_api.linkable) -> list[str]:
    """Wrap the first inline code of each section that names a listed API in a pending_xref
    (pytorch_api.FirstMentions, the rule the reader notebooks follow too); return the names linked,
    in document order."""
    linked, mentions = [], pytorch_api.FirstMentions(linkable)
    for literal in list(document.findall(nodes.literal)):
        section, skip = None, False
        for a in ancestors(literal):
            if isinstance(a, SKIP):
                skip = True
                break
            if section is None and isinstance(a, nodes.section):
                section = a
        # a reference must sit in running text (Sphinx's HTML writer asserts it)
        if skip or not isinstance(literal.parent, nodes.TextElement):
            continue
        mentions.section(id(section))
        name = mentions.link(literal.astext())
        if name is None:
            continue
        xref = addnodes.pending_xref("", refdomain="py", reftype="obj", reftarget=name, refexplicit=True,
                                     refwarn=True, classes=["book-api-link"])
        literal.replace_self(xref)
        xref += literal
        linked.append(name)
    return linked


class ApiLinks(SphinxTransform):
    default_priority = 810  # after issue_links (800), which leaves inline code alone

    def apply(self, **kwargs) -> None:
        link_literals(self.document)


def _mapping(app, config) -> None:
    """The shipped inventory, read from disk by intersphinx (an absolute path: no network)."""
    config.intersphinx_mapping = {**(config.intersphinx_mapping or {}),
                                  INVENTORY_NAME: (pytorch_api.docs_url(), str(pytorch_api.INVENTORY))}


def setup(app):
    app.setup_extension("sphinx.ext.intersphinx")
    app.connect("config-inited", _mapping, priority=400)  # before intersphinx normalizes it (800)
    app.add_transform(ApiLinks)
