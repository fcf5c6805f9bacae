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


# ------------------------------------------------------------ planted inputs, one construct each (no book text)

def _conv(edition="en", glue=None, url=""):
    known = {"here": ("demo", "Here"), "there": ("other", "There"), "bare": ("demo", None)}
    c = rn.Converter(edition, "demo", glue or {}, known=known)
    c.url = url
    return c


def test_each_role_has_its_reader_form_and_an_unknown_one_fails():
    c = _conv(glue={"n": "1234.5678", "w": "'word'", "ns:n": "2.25"}, url="https://example.org/b")
    assert c.inline("{glue:text}`ns:n:.1f`") == "2.2"  # the format is what follows the last colon
    assert c.inline("{ref}`here` {ref}`own <there>` {math}`x^2` {glue:text}`n:.1f` {glue}`n`", api_links=False) == \
        "[Here](#here) [own](https://example.org/b/en/other.html#there) $x^2$ 1234.6 1234.5678"
    assert _conv().inline("{ref}`there`") == "There"  # no site: the title as text
    assert c.inline("(a-b)=\n## A") == '<a id="a-b"></a>\n## A'
    assert c.inline("[p](other.ipynb#sec) [q](page.md) [r](x.txt)") == \
        "[p](https://example.org/b/en/other.html#sec) [q](https://example.org/b/en/page.html) [r](x.txt)"
    for markdown, says in [("{ref}`bare`", "heads no section"), ("{glue:text}`w:.1f`", "cannot be formatted"),
                           ("{glue:text}`gone`", "no cell glues"), ("{numref}`here`", "role {numref}")]:
        with pytest.raises(rn.ReaderNotebookError, match=re.escape(says)):
            c.inline(markdown)


def test_each_directive_has_its_reader_form():
    c = _conv("zh-hant")
    text = c.markdown("Intro.\n\n:::{exercise} The {ref}`here` one\n:label: ex-a\nDo it.\n:::\n\n"
                      ":::{exercise}\nAgain.\n:::\n\n:::{answer-check} q\n:kind: choice\na: one\nb: {math}`y`\n:::\n\n"
                      ":::{answer-check} n\n:kind: number\n:::\n\n:::{note}\nA note.\n\nTwo.\n:::\n\n"
                      ":::{admonition} Own `title`\nBody.\n:::\n\n:::{warning}\nCareful.\n:::\n\n```python\nx = 1\n```\nEnd.")
    assert text == ('Intro.\n\n<a id="ex-a"></a>\n### 練習 1 (The [Here](#here) one)\n\nDo it.\n\n\n### 練習 2\n\n'
                    'Again.\n\n\n- **a**: one\n- **b**: $y$\n\n\n\n\n> **備註**\n>\n> A note.\n>\n> Two.\n\n\n'
                    '> **Own `title`**\n>\n> Body.\n\n\n> **Warning**\n>\n> Careful.\n\n\n```python\nx = 1\n```\nEnd.')
    for markdown, says in [(":::{answer-check} q\nno colon\n:::", "'key: text'"), (":::{seealso}\nx\n:::", "{seealso}"),
                           ("Text.\n\n```python\nx = 1\n", "never closed: '```python'")]:
        with pytest.raises(rn.ReaderNotebookError, match=re.escape(says)):
            c.markdown(markdown)


def test_blocks_split_at_the_top_level_fences_and_directives_only():
    c = _conv()
    assert c.blocks("a\n\n~~~\ncode\n~~~\nb\n:::{note}\n```\ninner\n```\n:::") == [
        ("text", "a\n"), ("code", "~~~\ncode\n~~~"), ("text", "b"),
        ("directive", ("note", "", {}, "```\ninner\n```"))]
    assert c.blocks("```\nx\n```") == [("code", "```\nx\n```")]
    assert c.blocks("\n```\nx\n```") == [("text", ""), ("code", "```\nx\n```")]  # a fence on the second line


def test_a_folded_solution_shows_each_output_as_text_or_image():
    out = nbformat.v4.new_output
    cell = nbformat.v4.new_code_cell("f()", outputs=[
        out("stream", name="stdout", text="\x1b[31mred\x1b[0m ```\n"),
        out("error", ename="E", evalue="e", traceback=["\x1b[1mTraceback\x1b[0m", "E: e"]),
        out("execute_result", data={"text/plain": ["4", "2"]}, execution_count=1),
        out("display_data", data={"text/plain": "glued"}, metadata={"scrapbook": {"name": "g"}}),
        out("display_data", data={"image/svg+xml": "<svg/>", "text/plain": "  "}),
        out("display_data", data={"image/png": "iVBO\n"}),
        out("stream", name="stdout", text="   \n")])
    assert rn.folded_code(cell).split("\n\n") == [
        "```python\nf()\n```", "````text\nred ```\n````", "```text\nTraceback\nE: e\n```", "```text\n42\n```",
        "![](data:image/svg+xml;base64,PHN2Zy8+)", "![](data:image/png;base64,iVBO)"]


def test_a_solution_opens_and_closes_with_its_own_directives_only():
    assert rn.solution_start("::::{solution-start} ex-a\n:class: dropdown\n::::") == "ex-a"
    assert rn.solution_start("[a link](#x) first\n\n::::{solution-start} ex-a\n::::") is None
    assert rn.solution_start("::::{solution-start}\n::::") is None
    assert rn.solution_start("::::{solution-end}\n::::") is None and rn.solution_end("::::{solution-end}\n::::")
    assert not rn.solution_end("Text.\n\n::::{solution-end}\n::::")


def _chapter_cells(small_book, *sources):
    path = small_book / "book" / "en" / "demo.ipynb"
    nb = notebooks.read_notebook(path)
    nb.cells += [nbformat.v4.new_markdown_cell(s) if isinstance(s, str) else s for s in sources]
    notebooks.write_notebook(nb, path)


def test_a_solution_is_folded_under_its_exercise_s_number_and_targets_number_the_exercises(small_book, monkeypatch):
    monkeypatch.setattr(rn, "setup_source", lambda nb, edition, page, root: f"# setup {edition} {page}")  # packing: above
    glued = nbformat.v4.new_code_cell("glue('n', 3)", outputs=[nbformat.v4.new_output(
        "display_data", data={"application/papermill.record/text/plain": ["3", "0"]},
        metadata={"scrapbook": {"name": "n", "mime_prefix": "application/papermill.record/"}})])
    _chapter_cells(small_book, "(no-title)=\nText.", ":::{exercise}\nNo label.\n:::", ":::{exercise}\n:label: ex-a\nA.\n:::", glued,
                   ":::{exercise}\n:label: ex-b\nB {glue:text}`n`.\n:::",
                   "::::{solution-start} ex-b\n::::", "Why.", nbformat.v4.new_code_cell("1"), "::::{solution-end}\n::::")
    assert rn.chapters("en", small_book) == ["demo"]  # the preface is a page, not a notebook
    known = rn.targets("en", small_book)
    assert known["ex-a"] == ("demo", "Exercise 2") and known["ex-b"] == ("demo", "Exercise 3")  # all are counted
    assert known["no-title"] == ("demo", None) and known["demo"] == ("demo", "Under no_grad")
    nb = rn.reader_notebook("en", "demo", small_book)
    assert nb.cells[-2].source.endswith("### Exercise 3\n\nB 30.")
    assert nb.cells[-1].id == "solution-ex-b" and nb.cells[-1].source == (
        "<details>\n<summary>Solution to Exercise 3</summary>\n\nWhy.\n\n```python\n1\n```\n\n</details>")
    assert "translation" not in nb.cells[-2].metadata and nb.metadata["colab"] == {"provenance": []}
    [setup] = [c for c in nb.cells if c.cell_type == "code" and notebooks.SETUP_TAG in notebooks.tags(c)]
    assert setup.source == "# setup en demo" and setup.metadata["cellView"] == "form"
    assert [c.source for c in nb.cells if c.cell_type == "code"][-1] == "glue('n', 3)"  # the solution's code is folded


@pytest.mark.parametrize("sources, says", [
    (["::::{solution-end}\n::::"], "solution-end without solution-start"),
    (["::::{solution-start} nowhere\n::::", "::::{solution-end}\n::::"], "which is no exercise above it"),
    (["::::{solution-start} ex-a\n::::"], "is never ended"),
])
def test_a_solution_out_of_place_fails(small_book, sources, says):
    _chapter_cells(small_book, ":::{exercise}\n:label: ex-a\nA.\n:::", *sources)
    with pytest.raises(rn.ReaderNotebookError, match=re.escape(says)):
        rn.reader_notebook("en", "demo", small_book)


def test_the_zip_holds_each_notebook_under_one_folder_with_fixed_dates_and_modes(tmp_path):
    import zipfile
    import zlib

    a, b = tmp_path / "a.ipynb", tmp_path / "b.ipynb"
    a.write_text("{}"), b.write_text("{ }")
    target = rn.write_zip("en", [a, b], tmp_path / "book-en-notebooks.zip")
    with zipfile.ZipFile(target) as zf:
        infos = zf.infolist()
        assert [i.filename for i in infos] == ["book-en-notebooks/a.ipynb", "book-en-notebooks/b.ipynb"]
        assert {(i.date_time, i.external_attr >> 16, i.compress_type) for i in infos} == {
            ((1980, 1, 1, 0, 0, 0), 0o644, zipfile.ZIP_DEFLATED)}
        assert zf.read("book-en-notebooks/b.ipynb") == b"{ }"
    # at level 9: zipfile gives an entry written from a ZipInfo the default level (6) unless told
    text = ("".join(f"cell {i}: {i * i % 97} " * (i % 7 + 1) for i in range(3000))).encode()
    a.write_bytes(text)
    rn.write_zip("en", [a], target)
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    assert zipfile.ZipFile(target).infolist()[0].compress_size == len(deflate.compress(text) + deflate.flush())


def test_the_command_writes_the_editions_named_or_every_edition(tmp_path, monkeypatch, capsys):
    calls = []
    monkeypatch.setattr(rn, "write_edition", lambda edition, out: calls.append((edition, out)) or [out / "a.ipynb"])
    rn.main([str(tmp_path), "--edition", "zh-hans"])
    assert calls == [("zh-hans", tmp_path / "zh-hans")]
    rn.main([str(tmp_path)])
    assert [e for e, _ in calls[1:]] == list(config.editions()) and "Wrote 1 reader" in capsys.readouterr().err


def test_the_setup_cell_packs_for_the_chapter_s_own_code_and_says_whether_it_is_translated(monkeypatch):
    from utils.book import package

    seen = []
    monkeypatch.setattr(package, "reader_setup_source", lambda code, edition, check, page, helpers, translated:
                        seen.append((code, edition, page, translated)) or "")
    setup = nbformat.v4.new_code_cell("import autograd_book")
    setup.metadata["tags"] = [notebooks.SETUP_TAG]
    nb = nbformat.v4.new_notebook(cells=[setup, nbformat.v4.new_markdown_cell("x = 0"), nbformat.v4.new_code_cell("x = 1"),
                                         nbformat.v4.new_code_cell("y = 2")])
    rn.setup_source(nb, "en", "demo")
    rn.setup_source(nb, "zh-hant", "demo")
    assert seen == [("x = 1\ny = 2", "en", "demo", False), ("x = 1\ny = 2", "zh-hant", "demo", True)]


def test_a_leftover_is_named_by_its_cell_and_its_first_line():
    cell = nbformat.v4.new_markdown_cell(":::{exercise}\nText\n:::\n\n:class: stray")
    cell.id = "c1"
    assert rn.leftovers(nbformat.v4.new_notebook(cells=[cell, nbformat.v4.new_code_cell("{ref}`x`")])) == [
        "c1: ':::{exercise}'", "c1: ':class:'"]
