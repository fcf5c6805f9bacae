"""Issue 33: inline code naming a PyTorch API links to PyTorch's documentation of the pinned release.

utils/book/pytorch_api.yml lists the names, utils/book/pytorch_api.inv is the inventory intersphinx
reads (shipped, no network), utils/book/sphinx_ext/api_links.py makes the links. These tests import
torch (the book's tools do not): every listed name exists in the pinned torch and is of its role;
every link has the form of the pinned release's documentation; a wrong name or a link to another
release is rejected.
"""
from __future__ import annotations

import importlib
import inspect
import re
from collections import defaultdict

import pytest
import yaml
from docutils import nodes
from docutils.frontend import get_default_settings
from docutils.parsers.rst import Parser
from docutils.utils import new_document

from utils.book import config, pytorch_api
from utils.book.sphinx_ext.api_links import link_literals

DOCUMENTED_AS = re.compile(r"^generated/(?P<name>[\w.]+)\.html#(?P=name)$")


# ------------------------------------------------------------------ the check: a name in torch 2.13

def torch_object(name: str, modules_first: bool = False):
    """The object ``name`` is in the installed torch; LookupError when it has none. As code reads it
    (``torch.autograd.gradcheck`` is the function), or, with ``modules_first``, as Sphinx documents it
    (``torch.autograd.gradcheck.gradcheck``: the function in the module torch.autograd.gradcheck)."""
    parts = name.split(".")
    if modules_first:
        for i in range(len(parts), 0, -1):
            try:
                obj = importlib.import_module(".".join(parts[:i]))
            except ImportError:
                continue
            try:
                for part in parts[i:]:
                    obj = getattr(obj, part)
                return obj
            except AttributeError:
                break
    else:
        obj = importlib.import_module(parts[0])
        for i in range(1, len(parts)):
            try:
                obj = getattr(obj, parts[i])
                continue
            except AttributeError:
                pass
            try:
                obj = importlib.import_module(".".join(parts[: i + 1]))
            except ImportError:
                break
        else:
            return obj
    import torch
    raise LookupError(f"{name}: torch {torch.__version__} has no {name}")


def parent_object(name: str):
    return torch_object(name.rsplit(".", 1)[0])


ROLE_CHECKS = {
    "module": lambda name, obj: inspect.ismodule(obj),
    "class": lambda name, obj: inspect.isclass(obj),
    "function": lambda name, obj: callable(obj) and not inspect.isclass(obj) and inspect.ismodule(parent_object(name)),
    "method": lambda name, obj: callable(obj) and not inspect.isclass(obj) and inspect.isclass(parent_object(name)),
    "attribute": lambda name, obj: not callable(obj) and inspect.isclass(parent_object(name)),
}


def entry_problem(name: str, role: str, uri: str) -> str | None:
    """Why a listed name is wrong for the installed torch (None when it is right): it does not exist,
    is not of its role, or the name it is documented under is another object."""
    try:
        obj = torch_object(name)
    except LookupError as e:
        return str(e)
    if role not in ROLE_CHECKS or not ROLE_CHECKS[role](name, obj):
        return f"{name}: listed as a {role}, but it is a {type(obj).__name__}"
    other = DOCUMENTED_AS.match(uri)
    if other and other.group("name") != name:
        try:
            if torch_object(other.group("name"), modules_first=True) is not obj:
                return f"{name}: documented as {other.group('name')}, which is another object"
        except LookupError as e:
            return str(e)
    return None


def test_the_installed_torch_is_the_release_the_links_point_to():
    import torch

    assert torch.__version__.split("+")[0].startswith(pytorch_api.release() + ".")
    assert pytorch_api.docs_url() == f"https://docs.pytorch.org/docs/{pytorch_api.release()}/"
    assert pytorch_api.release() == ".".join(config.pins()["torch"].split(".")[:2])


def test_every_listed_name_exists_in_the_pinned_torch_as_its_role():
    problems = [p for p in (entry_problem(*e) for e in pytorch_api.entries()) if p]
    assert not problems, "\n".join(problems)
    assert len(pytorch_api.entries()) >= 100


def test_the_check_rejects_a_name_torch_does_not_have_or_of_another_role():
    assert "has no torch.autograd.gradd" in entry_problem("torch.autograd.gradd", "function", "generated/x.html")
    assert "has no torch.nn.Lineer" in entry_problem("torch.nn.Lineer", "class", "generated/x.html")
    assert "listed as a module" in entry_problem("torch.no_grad", "module", "autograd.html")
    assert "listed as a method" in entry_problem("torch.Tensor.grad", "method", "generated/torch.Tensor.grad.html")
    assert "listed as a function" in entry_problem("torch.Tensor.detach", "function", "generated/x.html")
    assert "another object" in entry_problem(
        "torch.inference_mode", "class", "generated/torch.autograd.grad_mode.no_grad.html#torch.autograd.grad_mode.no_grad")
    assert entry_problem("torch.inference_mode", "class",
                         "generated/torch.autograd.grad_mode.inference_mode.html#torch.autograd.grad_mode.inference_mode") is None


# ------------------------------------------------------------------ the form of a link

def test_the_links_the_book_writes_have_their_form():
    for url in ["https://docs.pytorch.org/docs/2.13/generated/torch.autograd.grad.html#torch.autograd.grad",
                "https://docs.pytorch.org/docs/2.13/checkpoint.html",
                "https://github.com/pytorch/pytorch/issues/21469",
                "https://github.com/pytorch/pytorch/pull/3970",
                "https://github.com/KupynOrest/DeblurGAN/issues/91"]:
        assert pytorch_api.link_problem(url) is None, url


@pytest.mark.parametrize("url, why", [
    ("https://docs.pytorch.org/docs/2.12/generated/torch.autograd.grad.html#torch.autograd.grad", "torch 2.13"),
    ("https://docs.pytorch.org/docs/stable/generated/torch.autograd.grad.html", "torch 2.13"),
    ("https://docs.pytorch.org/docs/main/notes/extending.func.html", "torch 2.13"),
    ("http://docs.pytorch.org/docs/2.13/generated/torch.autograd.grad.html", "not https"),
    ("https://pytorch.org/docs/2.13/autograd.html", "neither github.com nor"),
    ("https://docs.pytorch.org/docs/2.13/", "not a page"),
    ("https://github.com/pytorch/pytorch/blob/main/torch/autograd/graph.py", "not an issue or pull request"),
    ("https://github.com/pytorch/pytorch/issues/abc", "not an issue or pull request"),
])
def test_a_link_of_another_form_is_rejected(url, why):
    assert why in (pytorch_api.link_problem(url) or ""), url


def test_a_link_to_another_release_is_rejected_once_the_pin_moves(tmp_path):
    (tmp_path / "requirements.txt").write_text("torch" + "==2.14.0\n", encoding="utf-8")  # split: no pin in this file
    url = "https://docs.pytorch.org/docs/2.13/generated/torch.autograd.grad.html#torch.autograd.grad"
    assert "torch 2.14" in pytorch_api.link_problem(url, root=tmp_path)


# ------------------------------------------------------------------ the inventory

def test_the_shipped_inventory_is_written_from_the_list():
    assert pytorch_api.INVENTORY.read_bytes() == pytorch_api.inventory_bytes(), \
        "utils/book/pytorch_api.inv is stale: run python -m utils.book.pytorch_api"


def test_intersphinx_reads_the_inventory_as_links_of_the_pinned_release():
    """Through Sphinx's own reader (what intersphinx does with the file at build time)."""
    import posixpath

    from sphinx.util.inventory import InventoryFile

    with pytorch_api.INVENTORY.open("rb") as f:
        inv = InventoryFile.load(f, pytorch_api.docs_url(), posixpath.join)
    read = {name: (role.split(":")[1], item[2]) for role, items in inv.items() for name, item in items.items()}
    assert read == {name: (role, pytorch_api.docs_url() + uri) for name, role, uri in pytorch_api.entries()}
    for name, (role, url) in read.items():
        assert pytorch_api.link_problem(url) is None, (name, url)
        anchor = url.partition("#")[2]
        assert anchor in ("", name, f"module-{name}") or DOCUMENTED_AS.match(url.removeprefix(pytorch_api.docs_url())), url


def test_a_malformed_list_is_refused(tmp_path):
    def entries(data):
        path = tmp_path / f"api{len(list(tmp_path.iterdir()))}.yml"
        path.write_text(yaml.safe_dump(data), encoding="utf-8")
        return pytorch_api.entries(path)

    assert entries({"function": {"torch.autograd.grad": None}}) == [
        ("torch.autograd.grad", "function", "generated/torch.autograd.grad.html#torch.autograd.grad")]
    with pytest.raises(ValueError, match="not a public torch name"):
        entries({"function": {"torch._dynamo.reset": None}})
    with pytest.raises(ValueError, match="not a public torch name"):
        entries({"function": {"numpy.where": None}})
    with pytest.raises(ValueError, match="listed twice"):
        entries({"function": {"torch.cat": None}, "method": {"torch.cat": None}})
    with pytest.raises(ValueError, match="unknown section"):
        entries({"functions": {"torch.cat": None}})
    with pytest.raises(ValueError, match="not a place"):
        entries({"function": {"torch.cat": "https://example.com/torch.cat"}})


# ------------------------------------------------------------------ which inline code is a name

@pytest.mark.parametrize("code, name", [
    ("torch.autograd.grad", "torch.autograd.grad"),
    ("torch.autograd.grad(..., create_graph=True)", "torch.autograd.grad"),
    ("nn.Linear(4, 1)", "torch.nn.Linear"),
    ("F.silu", "torch.nn.functional.silu"),
    ("autograd.grad", "torch.autograd.grad"),
    (".detach()", "torch.Tensor.detach"),
    (".grad", "torch.Tensor.grad"),
    ("Tensor.retain_grad", "torch.Tensor.retain_grad"),
    ("ctx.save_for_backward(e)", "torch.autograd.function.FunctionCtx.save_for_backward"),
    ("retain_grad()", "torch.Tensor.retain_grad"),
    ("with torch.no_grad():", "torch.no_grad"),
    ("@torch.no_grad()", "torch.no_grad"),
    ("torch.inference_mode", "torch.inference_mode"),
])
def test_inline_code_that_names_a_listed_api(code, name):
    assert pytorch_api.linkable(code) == name


@pytest.mark.parametrize("code", [
    "torch.autograd.gradd", "x.grad", "loss.backward()", "backward()", "register_hook", "Tensor.cpp", ".ipynb",
    "torch._dynamo.reset", "torch.cuda.FloatTensor", ".data", "(x + 1).sum()", "retain_graph=True", "torch/autograd/graph.py",
])
def test_inline_code_that_is_no_listed_api_stays_code(code):
    assert pytorch_api.linkable(code) is None


def _doctree(rst: str):
    settings = get_default_settings(Parser)
    settings.report_level = 5
    document = new_document("test", settings)
    Parser().parse(rst, document)
    return document


def test_the_first_mention_in_each_section_links_and_headings_and_links_stay_code():
    document = _doctree("""
Title with ``torch.autograd.grad``
==================================

Call ``torch.autograd.grad(y, x)``, then ``torch.autograd.grad`` again, and ``x.grad``.
`a link <https://example.com>`_ and ``nn.Linear``.

Second ``torch.no_grad``
------------------------

Here ``torch.autograd.grad`` is new to the section.

::

    torch.autograd.grad(y, x)
""")
    assert link_literals(document) == ["torch.autograd.grad", "torch.nn.Linear", "torch.autograd.grad"]
    xrefs = [n for n in document.findall() if n.tagname == "pending_xref"]
    assert [x.astext() for x in xrefs] == ["torch.autograd.grad(y, x)", "nn.Linear", "torch.autograd.grad"]
    assert all(x["refdomain"] == "py" and x["reftype"] == "obj" for x in xrefs)
    assert not [t for t in document.findall(nodes.title) if any(c.tagname == "pending_xref" for c in t.findall())]


def test_the_first_mention_rule_links_each_name_once_per_section():
    """pytorch_api.FirstMentions, the one rule both the site and the reader notebooks follow."""
    rule = pytorch_api.FirstMentions()
    rule.section("a")
    assert [rule.link(c) for c in ("torch.autograd.grad(y, x)", "autograd.grad", "x.grad", "nn.Linear(4, 1)")] == [
        "torch.autograd.grad", None, None, "torch.nn.Linear"]  # a second mention, another spelling: not linked
    rule.section("a")  # the same section again (the site: another code of the same section node)
    assert rule.link("torch.autograd.grad") is None
    rule.section("b")
    assert rule.link("torch.autograd.grad") == "torch.autograd.grad"
    rule.section()  # no key: a heading of the reader notebooks, always a new section
    assert rule.link("torch.autograd.grad") == "torch.autograd.grad"
    rule.section()
    assert rule.link("torch.autograd.grad") == "torch.autograd.grad"
    assert pytorch_api.FirstMentions(linkable=lambda code: None).link("torch.autograd.grad") is None


def test_the_site_and_the_reader_notebooks_link_the_same_mentions():
    """The same MyST text through the site's transform (myst-parser's docutils reader) and through the
    reader notebooks' converter links the same codes: a code span that wraps a line, not the one in a
    heading or in a link's text, once per section, in a note too."""
    from docutils.core import publish_doctree
    from myst_parser.parsers.docutils_ import Parser as MystParser

    from utils.book import myst, reader_notebooks

    text = ("# Title `torch.autograd.grad`\n\nCall `torch.autograd.grad(y, x,\ncreate_graph=True)`, then "
            "`torch.autograd.grad` and [`nn.Linear` here](https://example.org), then `nn.Linear` and `x.grad`.\n\n"
            "```python\ntorch.no_grad()\n```\n\n## Next `torch.no_grad`\n\n`torch.autograd.grad` again, "
            "`autograd.grad` once more.\n\n:::{note}\n`torch.no_grad()` and `.detach()`.\n:::\n")
    doctree = publish_doctree(text, parser=MystParser(), settings_overrides={
        "myst_enable_extensions": list(myst.EXTENSIONS), "report_level": 5})
    site = link_literals(doctree)
    converted = reader_notebooks.Converter("en", "preface", {}, known={}).markdown(text)
    by_url = {pytorch_api.docs_url() + uri: name for name, _, uri in pytorch_api.entries()}
    reader = [by_url[url] for url in re.findall(r"\]\((https://docs\.pytorch\.org/[^)]+)\)", converted)]
    assert site == reader == ["torch.autograd.grad", "torch.nn.Linear", "torch.autograd.grad", "torch.no_grad",
                              "torch.Tensor.detach"], (site, reader)
    assert "[`torch.autograd.grad(y, x,\ncreate_graph=True)`](" in converted


# ------------------------------------------------------------------ the built site

def site_links(site) -> dict:
    """{edition: {page: {"api": [names], "issue": n}}} of the links out of each page's article;
    an outside link of another form is an AssertionError."""
    from bs4 import BeautifulSoup

    base = pytorch_api.docs_url()
    uri_name = {base + uri: name for name, _, uri in pytorch_api.entries()}
    out = defaultdict(dict)
    for key in config.editions():
        for page in sorted((site / key).glob("*.html")):
            soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
            found = {"api": [], "issue": 0}
            for a in soup.select("article a[href^='http']"):
                href = a["href"]
                if href.startswith("https://colab.research.google.com/"):
                    continue
                problem = pytorch_api.link_problem(href)
                assert problem is None, (key, page.name, problem)
                if href.startswith(base):
                    assert href in uri_name, (key, page.name, href, "not a link of the inventory")
                    assert "book-api-link" in a.get("class", []), (key, page.name, href)
                    found["api"].append(uri_name[href])
                else:
                    found["issue"] += 1
            out[key][page.stem] = found
    return out


@pytest.mark.slow
def test_the_site_links_the_apis_in_every_edition(site):
    links = site_links(site)
    en = links[config.SOURCE]
    assert sum(len(p["api"]) for p in en.values()) >= 300
    assert len({n for p in en.values() for n in p["api"]}) >= 80
    for key, pages in links.items():
        for page, found in pages.items():
            # every name English links, page by page (a translation may order a section's sentences
            # differently, and may write as code what English says in words: zh-hant's `autograd.Function`)
            assert set(en[page]["api"]) <= set(found["api"]), (key, page, set(en[page]["api"]) - set(found["api"]))
            assert found["issue"] >= en[page]["issue"] - 2, (key, page)
