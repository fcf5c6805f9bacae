"""Reader notebooks (utils/book/reader_notebooks.py): what Jupyter and Colab show of a chapter.

Every chapter of every edition converts with no MyST left, its code cells and outputs are the
source's, each solution is folded; planted markup the converter does not know fails. make test
converts every chapter (the [all] tests), make check a sample holding every kind of markup.
"""
# package-rewrite: skip  (this file names `utils` on purpose: `python -m utils.book.package rewrite` leaves it)
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
import yaml

from utils.book import config, myst, notebooks, reader_notebooks as rn, yamlread
from utils.book.editions import data, sync

ROOT = Path(__file__).resolve().parents[1]
EDITIONS = list(config.editions())


# The tests below open these chapters by name.
OPENED = ["graph_basics", "retain_graph"]


def sample(edition: str) -> list[str]:
    """The chapters the fast tier converts: OPENED, then, greedily, the fewest more whose markdown
    holds every kind of markup the edition's chapters hold (each element kind, role, directive and
    directive option, at each nesting), so that markup the converter mishandles still fails it
    (4 of 16 chapters per edition). make test converts every chapter."""
    kinds = {}
    for page in rn.chapters(edition):
        nb = notebooks.read_notebook(data.edition_pages(edition)[page])
        found = set()
        for e in (e for c in nb.cells if c.cell_type == "markdown" for e in myst.parse(c.source)):
            found.add((e.kind, e.name if e.kind in ("role", "directive") else "", tuple(e.inside)))
            if e.kind == "directive":
                found |= {("option", e.name, key) for key in (e.options or {})}
        kinds[page] = found
    chosen = [p for p in OPENED if p in kinds]
    missing = set().union(*kinds.values()).difference(*(kinds[p] for p in chosen))
    while missing:
        page = max(kinds, key=lambda p: len(kinds[p] & missing))
        chosen.append(page)
        missing -= kinds[page]
    return [p for p in rn.chapters(edition) if p in chosen]


@pytest.fixture(scope="module")
def reader_folder(tmp_path_factory):
    return tmp_path_factory.mktemp("reader"), {}  # the folder, and {(edition, page): path} written


@pytest.fixture(scope="module", params=[pytest.param("all", id="all", marks=pytest.mark.slow),
                                        pytest.param("sample", id="sample")])
def written(request, reader_folder):
    """{edition: [path of each reader notebook written]}: every chapter, as the build writes them
    (make test), or the sample (make check), which reuses what the first wrote."""
    out, done = reader_folder
    result = {}
    for key in EDITIONS:
        if request.param == "all":
            result[key] = rn.write_edition(key, out / key)
            done.update({(key, p.stem): p for p in result[key]})
            continue
        pages = sample(key)
        todo = [p for p in pages if (key, p) not in done]
        if todo:
            (out / key).mkdir(exist_ok=True)
            known = rn.targets(key)
            for page in todo:
                done[key, page] = out / key / f"{page}.ipynb"
                notebooks.write_notebook(rn.reader_notebook(key, page, known=known), done[key, page])
        result[key] = [done[key, p] for p in pages]
    return result


def every_chapter(written) -> bool:
    return all([p.stem for p in paths] == rn.chapters(key) for key, paths in written.items())


def _solution_code(nb) -> list[str]:
    """Sources of the code cells between solution-start and solution-end."""
    inside, code = False, []
    for cell in nb.cells:
        if cell.cell_type == "markdown" and rn.solution_start(cell.source):
            inside = True
        elif cell.cell_type == "markdown" and rn.solution_end(cell.source):
            inside = False
        elif inside and cell.cell_type == "code":
            code.append(cell.source)
    return code


def test_every_chapter_of_every_edition_has_a_reader_notebook_without_myst(written):
    for key, paths in written.items():
        assert [p.stem for p in paths] == [c for c in rn.chapters(key) if c in {p.stem for p in paths}], key
        assert len(rn.chapters(key)) >= 9 and set(OPENED) <= {p.stem for p in paths}, key
        in_sources = 0
        for path in paths:
            nb = nbformat.read(path, as_version=4)
            nbformat.validate(nb)
            assert rn.leftovers(nb) == [], path
            in_sources += len(rn.leftovers(notebooks.read_notebook(data.edition_pages(key)[path.stem])))
        assert in_sources > (100 if every_chapter(written) else 20), f"{key}: the sources have MyST, yet the check sees {in_sources} pieces"


def test_code_and_outputs_are_the_sources_and_solutions_are_folded(written):
    for key, paths in written.items():
        for path in paths:
            nb = nbformat.read(path, as_version=4)
            source = notebooks.read_notebook(data.edition_pages(key)[path.stem])
            folded = _solution_code(source)
            setup = notebooks.SETUP_TAG
            kept = [(rn.setup_source(source, key, path.stem) if setup in notebooks.tags(c) else c.source, c.outputs)
                    for c in source.cells if c.cell_type == "code" and c.source not in folded]
            assert [(c.source, c.outputs) for c in nb.cells if c.cell_type == "code"] == kept, path
            details = [c.source for c in nb.cells if c.cell_type == "markdown" and c.source.startswith("<details>")]
            exercises = sum(1 for c in source.cells if c.cell_type == "markdown" and rn.solution_start(c.source))
            assert len(details) == exercises, path
            for code in folded:  # each solution's code is in its fold, not in a code cell
                assert any(f"```python\n{code}\n```" in d for d in details), (path, code[:60])
            words = rn.words(key)
            headings = re.findall(rf"^### {re.escape(words['exercise'])} (\d+)$",
                                  "\n".join(c.source for c in nb.cells if c.cell_type == "markdown"), re.M)
            assert headings == [str(i + 1) for i in range(exercises)], path


def test_references_become_anchors_links_or_text(written):
    nb = nbformat.read(next(p for p in written["zh-hant"] if p.stem == "retain_graph"), as_version=4)
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    anchors = set(re.findall(r'<a id="([\w.:-]+)"></a>', text))
    links = re.findall(r"\]\(#([\w.:-]+)\)", text)
    assert links and set(links) <= anchors  # every in-notebook link has its anchor
    assert "練習 1" in text and "<summary>解答 練習 1</summary>" in text
    glued = notebooks.stored_glue(next(c for c in nb.cells if c.cell_type == "code" and notebooks.stored_glue(c)))
    assert any(value in text for value in glued.values())


def _one_cell_book(small_book: Path, markdown: str, baseurl: str = "") -> None:
    """The small book (tests/small_book.py) whose chapter ``demo`` ends with ``markdown``, and whose
    preface heads a section ``pre-why`` that the chapter may link to."""
    cfg_path = small_book / "_config.yml"
    cfg = yamlread.load(cfg_path.read_text(encoding="utf-8"))
    if baseurl:
        cfg.setdefault("html", {})["baseurl"] = baseurl
    cfg_path.write_text(yaml.safe_dump(cfg, allow_unicode=True, sort_keys=False), encoding="utf-8")
    config._load.cache_clear()  # read the changed settings
    preface = small_book / "book" / "en" / "preface.md"
    if "(pre-why)=" not in preface.read_text(encoding="utf-8"):
        preface.write_text(preface.read_text(encoding="utf-8") + "\n(pre-why)=\n## Why a graph\n\nBecause.\n",
                           encoding="utf-8")
    path = small_book / "book" / "en" / "demo.ipynb"
    nb = notebooks.read_notebook(path)
    nb.cells.append(nbformat.v4.new_markdown_cell(markdown))
    notebooks.write_notebook(nb, path)


def test_a_cross_reference_to_another_page_is_a_link_to_the_site_or_text(small_book):
    _one_cell_book(small_book, "See {ref}`pre-why` and {ref}`the loop <pre-why>`, {ref}`demo` here.")
    text = rn.reader_notebook("en", "demo", small_book).cells[-1].source
    assert rn.targets("en", small_book)["pre-why"] == ("preface", "Why a graph")
    assert text == "See Why a graph and the loop, [Under no_grad](#demo) here."
    _one_cell_book(small_book, "", baseurl="https://example.org/book/")
    nb = rn.reader_notebook("en", "demo", small_book)
    assert nb.cells[-2].source == "See [Why a graph](https://example.org/book/en/preface.html#pre-why) and " \
                                  "[the loop](https://example.org/book/en/preface.html#pre-why), [Under no_grad](#demo) here."


@pytest.mark.parametrize("markdown, says", [
    (":::{seealso}\nMore.\n:::", "directive {seealso}"),
    ("Read {doc}`preface`.", "role {doc}"),
    ("See {ref}`no-such-label`.", "unknown label"),
    ("Worth {glue:text}`no-such-figure` KiB.", "no cell glues"),
    (":::{exercise}\n:label: x-ex\nText.\n", "never closed"),
])
def test_markup_without_a_reader_form_fails(small_book, markdown, says):
    _one_cell_book(small_book, markdown)
    with pytest.raises(rn.ReaderNotebookError, match=re.escape(says)):
        rn.reader_notebook("en", "demo", small_book)


def test_the_leftover_check_sees_myst_but_not_code():
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell(s) for s in (
        "(a-label)=\n## Title", "See {ref}`a-label`.", ":::{exercise}\nText\n:::", "::::{solution-start} ex\n::::",
        ":class: dropdown")])
    assert len(rn.leftovers(nb)) == 5
    clean = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell(
        "`{ref}` is a role; `f\"{n}\"` too.\n\n```python\nprint(f\"{x}\")\n# :::{exercise}\n```")])
    assert rn.leftovers(clean) == []


def test_a_translated_reader_notebook_sets_its_edition_for_the_judges(written, monkeypatch, tmp_path):
    from autograd_book.exercises import messages
    monkeypatch.chdir(tmp_path)  # as on Colab: the folder is not named after an edition
    for key, paths in written.items():
        nb = nbformat.read(next(p for p in paths if p.stem == "graph_basics"), as_version=4)
        setup = next(c for c in nb.cells if c.cell_type == "code" and notebooks.SETUP_TAG in notebooks.tags(c))
        lines = [line for line in setup.source.splitlines() if "BOOK_EDITION" in line]
        monkeypatch.delenv("BOOK_EDITION", raising=False)
        try:
            exec("import os\n" + "\n".join(lines), {})
            assert messages.edition() == key and (lines == []) == (key == config.SOURCE)
        finally:
            os.environ.pop("BOOK_EDITION", None)


# ------------------------------------------------------------ the helpers each notebook carries

def test_a_reader_notebook_carries_the_helpers_its_chapter_needs_and_fetches_nothing():
    import base64
    import io
    import tarfile

    from utils.book import package

    nb = rn.reader_notebook("en", "retain_graph")
    setup = next(c for c in nb.cells if c.cell_type == "code")
    assert notebooks.SETUP_TAG in notebooks.tags(setup) and setup.metadata["cellView"] == "form"
    assert not re.search(r"subprocess|pip |git |urllib|https?://|\butils\.|import utils", setup.source)
    assert setup.source == rn.setup_source(notebooks.read_notebook(ROOT / "book" / "en" / "retain_graph.ipynb"),
                                           "en", "retain_graph")  # the same bytes at every build
    packed = base64.b64decode(re.search(r'BOOK_PAYLOAD = "([^"]+)"', setup.source).group(1))
    names = tarfile.open(fileobj=io.BytesIO(packed), mode="r:xz").getnames()
    assert "autograd_book/exercises/retain_graph.py" in names and "autograd_book/exercises/messages/retain_graph.json" in names
    assert "autograd_book/myst_nb_stand_in.py" in names and "autograd_book/exercises/messages/common.json" in names
    assert not any("pitfalls" in n or n.endswith(".yml") or "book/" in n.removeprefix("autograd_book/") for n in names)
    build = re.search(r"build ([0-9a-f]{12})", setup.source).group(1)
    import hashlib
    assert hashlib.sha256(packed).hexdigest()[:12] == build and f"autograd_book-{build}" in setup.source
    assert len(setup.source) < 60_000  # what the helpers add to the notebook (about 26-38 kB)
    assert "autograd_book/exercises/variable.py" not in package.closure("from autograd_book import describe_graph")


def test_each_edition_has_one_zip_of_its_reader_notebooks(written, tmp_path):
    import zipfile

    from utils.book import build

    for key, paths in written.items():
        target = rn.write_zip(key, paths, tmp_path / rn.zip_name(key))
        names = zipfile.ZipFile(target).namelist()
        assert names == [f"{target.stem}/{p.name}" for p in paths]
        assert len(names) == len(rn.chapters(key)) or not every_chapter(written)
        (tmp_path / "again").mkdir(exist_ok=True)
        again = rn.write_zip(key, paths, tmp_path / "again" / rn.zip_name(key))
        assert again.read_bytes() == target.read_bytes()  # no dates: the same bytes at every build
    landing = build.landing_html()
    for key in config.editions():
        assert f'href="{key}/{rn.zip_name(key)}" download' in landing
        assert config.labels(key)["notebooks_zip"] in landing


def test_inline_code_naming_a_pytorch_api_links_to_its_documentation_as_on_the_site():
    """Issue 33: as on the page, the first mention under each heading; headings, the text of links,
    code blocks and code that names no listed API are left alone."""
    from utils.book import pytorch_api

    grad = pytorch_api.docs_url() + "generated/torch.autograd.grad.html#torch.autograd.grad"
    linear = pytorch_api.docs_url() + "generated/torch.nn.Linear.html#torch.nn.Linear"
    c = rn.Converter("en", "preface", {}, known={})
    text = c.markdown("## Why `torch.autograd.grad`\n\nCall `torch.autograd.grad(y, x)`, then `torch.autograd.grad` "
                      "again and `x.grad`; [`nn.Linear` here](#x), then `nn.Linear`.\n\n```python\n"
                      "torch.autograd.grad(y, x)\n```\n\n### Next\n\n`torch.autograd.grad` once more.")
    assert text == (f"## Why `torch.autograd.grad`\n\nCall [`torch.autograd.grad(y, x)`]({grad}), then "
                    f"`torch.autograd.grad` again and `x.grad`; [`nn.Linear` here](#x), then [`nn.Linear`]({linear}).\n\n"
                    f"```python\ntorch.autograd.grad(y, x)\n```\n\n### Next\n\n[`torch.autograd.grad`]({grad}) once more.")
    assert pytorch_api.link_problem(grad) is None


def test_every_reader_notebook_links_pytorch_apis_of_the_pinned_release(written):
    from utils.book import pytorch_api

    for key, paths in written.items():
        urls = [u for p in paths for c in nbformat.read(p, as_version=4).cells if c.cell_type == "markdown"
                for u in re.findall(r"\]\((https://docs\.pytorch\.org/[^)\s]+)\)", c.source)]
        assert len(urls) >= (300 if every_chapter(written) else 30), (key, len(urls))
        assert [u for u in urls if pytorch_api.link_problem(u)] == [], key
