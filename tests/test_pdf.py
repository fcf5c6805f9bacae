"""Paper: the whole-book PDF of every edition (xelatex), and the site printed from a browser.

In CI (CI=true) these run: `make test` installs the Debian packages (make latex) and Chromium.
Elsewhere, without them, the tests that need them are skipped and say how to install them.
"""
import os
import shutil
import subprocess
import time
import zlib
from pathlib import Path

import pytest

from browser_tools import CHROMIUM
from utils.book import config, pdf

ROOT = Path(__file__).resolve().parents[1]
EDITIONS = list(config.editions())


def needs(missing: list[str], what: str, install: str):
    if missing and os.environ.get("CI") == "true":
        raise RuntimeError(f"CI=true but {what} is missing ({' '.join(missing)}): `make test` installs it")
    return pytest.mark.skipif(bool(missing), reason=f"{what} is missing: {install}")


needs_latex = needs(pdf.missing_packages(), "LaTeX for the PDF",
                    "sudo apt-get install --no-install-recommends " + " ".join(pdf.missing_packages()))
needs_chromium = needs([] if CHROMIUM else ["chromium"], "Chromium", "sudo apt-get install chromium")


# ------------------------------------------------------------ the checks, fed wrong input

def test_missing_glyphs_and_overflowing_lines_are_problems(tmp_path):
    log = ("Missing character: There is no 龘 (U+9F98) in font FreeSerif/OT:script=latn;!\n"
           "Overfull \\hbox (412.3pt too wide) in paragraph at lines 10--10\n"
           "Overfull \\hbox (4.7pt too wide) in paragraph at lines 12--12\n")
    assert pdf.MISSING_CHARACTER.findall(log) == [log.splitlines()[0]]
    assert pdf.overfull_lines(log) == [log.splitlines()[1]]


def test_a_log_that_asks_for_another_run_is_a_problem():
    """latexmk stops after two runs (LATEXMK_RC): a last run that still asks for one is a problem."""
    settled = ("Package: rerunfilecheck 2022-07-10 v1.10 Rerun checks for auxiliary files (HO)\n"
               "Package rerunfilecheck Info: File `book.out' has not changed.\n")
    asks = ["LaTeX Warning: Label(s) may have changed. Rerun to get cross-references right.",
            "Package hyperref Warning: Rerun to get /PageLabels entry.",
            "(rerunfilecheck)                Rerun to get outlines right",
            "LaTeX Warning: Hook 'shipout/lastpage' executed on wrong page (642 not 646). Rerun to correct this."]
    assert pdf.RERUN.findall(settled) == []
    assert [m.strip() for m in pdf.RERUN.findall(settled + "\n".join(asks) + "\n")] == asks
    undefined = "LaTeX Warning: Hyper reference `errors:error-backward-twice' on page 591 undefined on input line 9."
    assert pdf.UNDEFINED_REFERENCE.findall(settled + undefined + "\n") == [undefined]


def test_the_table_of_contents_must_be_headed_in_the_edition_language():
    page = "自動微分的計算圖：保留與釋放\n\n本書作者群\n\n{}\n\n1\n\n本書涵蓋的內容\n"
    assert pdf.contents_heading_problems("zh-hant", page.format("目錄")) == []
    assert pdf.contents_heading_problems("zh-hant", page.format("Contents")) == [
        "the table of contents is not headed '目錄'", "the table of contents is headed 'Contents'"]
    assert pdf.contents_heading_problems("zh-hant", page.format("CONTENTS")) == [
        "the table of contents is not headed '目錄'", "the table of contents is headed 'Contents'"]
    assert pdf.contents_heading_problems("en", page.format("CONTENTS")) == []  # as Sphinx's style prints it
    assert pdf.contents_heading_problems("en", page.format("")) == ["the table of contents is not headed 'Contents'"]


def test_pdffonts_output_is_read_column_by_column():
    text = ("name                                 type              encoding         emb sub uni object ID\n"
            "------------------------------------ ----------------- ---------------- --- --- --- ---------\n"
            "ABCDEF+FreeSerif-Identity-H          CID Type 0C       Identity-H       yes yes yes     21  0\n"
            "Helvetica                            Type 1            WinAnsi          no  no  no      7  0\n")
    assert pdf.parse_pdffonts(text) == [("ABCDEF+FreeSerif-Identity-H", True), ("Helvetica", False)]


def test_chapter_titles_are_read_in_each_edition():
    titles = pdf.chapter_titles("zh-hant")
    assert titles["book"] == config.editions()["zh-hant"]["title"]
    assert len(titles) == len(set(titles.values())) >= 9
    assert all("`" not in t for t in titles.values())


# ------------------------------------------------------------ two xelatex runs, page labels of the run itself

@pytest.mark.skipif(shutil.which("perl") is None, reason="latexmk's patterns are Perl's: perl is missing")
def test_latexmk_ignores_only_the_aux_lines_that_change_no_page():
    """LATEXMK_RC's pattern, as latexmk (Perl) reads it from its rc file: the page labels and the page
    count are ignored when latexmk compares the .aux of two runs; labels, the table of contents and
    anything else still make it run xelatex again."""
    script = (pdf.LATEXMK_RC + "while (my $line = <STDIN>) { print(($line =~ /$hash_calc_ignore_pattern{'aux'}/)"
              " ? 'ignored ' : 'kept ', $line) }\n")
    lines = ["\\HyPL@Entry{8<</S/D>>}", "\\gdef \\@abspage@last{646}", "\\gdef\\@abspage@last{646}",
             "\\newlabel{x}{{4.1}{9}{Tensors}{section.4.1}{}}", "\\@writefile{toc}{\\contentsline {chapter}{x}{3}{chapter.1}}",
             "\\providecommand*\\HyPL@Entry[1]{}", "\\gdef \\@abspage@lastpage{1}", " \\HyPL@Entry{4<</S/D>>}"]
    out = subprocess.run(["perl", "-e", script], input="\n".join(lines) + "\n", capture_output=True, text=True,
                         check=True).stdout.splitlines()
    assert out == [f"{'ignored' if n < 3 else 'kept'} {line}" for n, line in enumerate(lines)]


def test_latexmk_runs_are_counted_from_its_output():
    log = ("Run number 1 of rule 'xelatex'\nRun number 1 of rule 'makeindex book.idx'\n"
           "Run number 2 of rule 'xelatex'\nRun number 1 of rule 'xdvipdfmx'\n")
    assert pdf.xelatex_runs(log) == 2
    assert pdf.xelatex_runs(log + "Run number 3 of rule 'xelatex'\n") == 3


def test_page_labels_are_read_from_compressed_streams_and_must_match_the_printed_numbers():
    """A PDF whose page labels came from a stale .aux (the first run's, with an empty table of
    contents) calls a page of the table of contents "1": that is a problem; the right labels are not."""
    catalog = b"<</PageLabels<</Nums[0<</S/D>>2<</S/r>>8<</S/D>>]>>/Type/Catalog>>"
    data = b"%PDF-1.5\n1 0 obj <</Length 9 /Filter/FlateDecode>>stream\n" + zlib.compress(catalog) + b"\nendstream\n"
    assert pdf.page_labels(data) == [(0, "D"), (2, "r"), (8, "D")]
    assert pdf.page_labels(catalog) == [(0, "D"), (2, "r"), (8, "D")]
    assert pdf.page_labels(b"%PDF-1.5 no labels") == []
    pages = {4: "  6.1 What create_graph=True records . . . 75\n\n  iii\n", 8: "\n  The book\n text\n CONTENTS   1\n\n",
             9: "The book\n2     CONTENTS\n"}
    assert pdf.folio_problems([(0, "D"), (2, "r"), (8, "D")], pages.__getitem__) == []
    assert pdf.folio_problems([(0, "D"), (2, "r"), (4, "D")], pages.__getitem__) == [
        "the page labels call page 5 '1', but it does not print 1 as its number"]
    assert pdf.folio_problems([(0, "D")], pages.__getitem__) == [
        "no arabic page numbering after the roman front matter in the page labels [(0, 'D')]"]


# ------------------------------------------------------------ xelatex only for inputs it has not seen

def test_xelatex_runs_again_for_any_changed_input_and_only_then(tmp_path, monkeypatch):
    """build_pdf's cache: the same LaTeX sources and toolchain give the stored PDF without xelatex;
    a changed byte of any file Sphinx wrote, a new file, or another toolchain runs xelatex again."""
    files = {"book.tex": "\\date{Dec 05, 2026} ...", "sphinx.sty": "style", "images/a.png": "png"}
    toolchain = ["texlive-xetex 2022"]
    runs = []

    def sphinx(key, cfg, builder, work, out, root):
        for name, text in files.items():
            (work / "_build" / "latex" / name).parent.mkdir(parents=True, exist_ok=True)
            (work / "_build" / "latex" / name).write_text(text, encoding="utf-8")

    real_run = subprocess.run

    def run(cmd, *args, cwd=None, **kwargs):
        if cmd[:2] != ["make", "all-pdf"]:
            return real_run(cmd, *args, cwd=cwd, **kwargs)
        runs.append(cmd)
        (Path(cwd) / "book.pdf").write_text(f"pdf of {sorted(files.items())}", encoding="utf-8")
        (Path(cwd) / "book.log").write_text("log", encoding="utf-8")
        return subprocess.CompletedProcess(cmd, 0, "")

    monkeypatch.setattr(pdf, "missing_packages", lambda: [])
    monkeypatch.setattr(pdf.build, "run_jupyter_book", sphinx)
    monkeypatch.setattr(pdf.subprocess, "run", run)
    monkeypatch.setattr(pdf, "toolchain", lambda: toolchain[0])
    cache = tmp_path / "cache"

    def build(n_runs: int, cache=cache) -> str:
        path = pdf.build_pdf("en", out=tmp_path / "out", cache=cache)
        assert len(runs) == n_runs and path.with_suffix(".log").read_text(encoding="utf-8") == "log"
        text = path.read_text(encoding="utf-8")
        assert text == f"pdf of {sorted(files.items())}"  # never the PDF of other inputs
        return text

    build(1)
    build(1)  # nothing changed: the stored PDF
    files["book.tex"] = "\\date{Dec 06, 2026} ..."  # another day (the title page's date)
    build(2)
    files["sphinx.sty"] = "style!"
    build(3)
    files["images/b.png"] = "png"
    build(4)
    toolchain[0] = "texlive-xetex 2023"
    build(5)
    build(5)
    build(6, cache=None)  # without a cache xelatex always runs
    assert sorted(p.name for p in cache.iterdir() if p.name.endswith(".partial")) == []


# ------------------------------------------------------------ the PDFs

@pytest.fixture(scope="module")
def pdfs(tmp_path_factory):
    out = tmp_path_factory.mktemp("pdf")
    built = {}
    for key in EDITIONS:
        start = time.perf_counter()
        path = pdf.build_pdf(key, out=out)
        built[key] = path
        print(f"\n{key}: {pdf.page_count(path)} pages, built in {time.perf_counter() - start:.0f} s")
    return built


@pytest.mark.slow
@needs_latex
@pytest.mark.parametrize("key", EDITIONS)
def test_pdf_has_pages_embedded_fonts_and_every_title_in_its_script(pdfs, key):
    path = pdfs[key]
    assert pdf.page_count(path) >= 60
    # latexmk stops after two xelatex runs (pdf.LATEXMK_RC, and the preamble's page labels and links
    # to undefined references: _config.yml); a third costs ~40 CPU-s an edition. (The page labels
    # themselves, a rerun asked for and an undefined reference are pdf.problems.)
    assert pdf.xelatex_runs(path.with_suffix(".latexmk.log").read_text(encoding="utf-8")) == 2
    assert pdf.fonts(path) and all(embedded for _name, embedded in pdf.fonts(path))
    log = path.with_suffix(".log").read_text(encoding="utf-8", errors="replace")
    assert pdf.problems(key, path, log) == []


@pytest.mark.slow
@needs_latex
def test_the_title_check_fails_on_another_editions_pdf(pdfs):
    found = pdf.problems("zh-hans", pdfs["en"], "")
    assert sum("is not in the text" in p for p in found) >= 8, found


# ------------------------------------------------------------ printing a page of the site

# A4 at 96 px/in, less Chromium's default print margins.
A4_CONTENT_WIDTH = 718
CLIPPED = """() => {
  const blocks = [...document.querySelectorAll('article div.highlight pre, article .cell_output pre')];
  const width = document.documentElement.clientWidth;
  return [blocks.length, blocks.filter(el => {
    const r = el.getBoundingClientRect();
    return el.scrollWidth > el.clientWidth + 1 || r.right > width + 1 || r.height < 2
      || getComputedStyle(el).visibility === 'hidden';
  }).length];
}"""


@pytest.fixture(scope="module")
def printed(browser, origin):
    # One tab for every page printed: a new tab per page cost three times the browser's CPU.
    page = browser.new_page(viewport={"width": A4_CONTENT_WIDTH, "height": 1000})

    def count(key: str, page_name: str, without_print_css: bool = False) -> tuple[int, int]:
        """(code and output blocks, those clipped or hidden) of a page as printed on A4."""
        page.emulate_media(media="screen")  # loaded on screen, then printed, as a reader does
        page.goto(f"{origin}/{key}/{page_name}.html", wait_until="load")
        if without_print_css:
            page.evaluate("() => document.querySelectorAll('link[media=print]').forEach(l => l.remove())")
        page.emulate_media(media="print")
        page.evaluate("() => window.dispatchEvent(new Event('beforeprint'))")
        return tuple(page.evaluate(CLIPPED))

    yield count
    page.close()


@pytest.mark.slow
@needs_chromium
def test_printing_clips_nothing_and_opens_hidden_cells(printed):
    from utils.book import config

    total = 0
    for key in EDITIONS:
        for name in config.toc_docnames():
            blocks, clipped = printed(key, name)
            assert clipped == 0, (key, name, clipped, blocks)
            total += blocks
    assert total > 100


@pytest.mark.slow
@needs_chromium
def test_without_the_print_stylesheet_blocks_are_clipped(printed):
    blocks, clipped = printed("en", "retain_graph", without_print_css=True)
    assert clipped > 0, blocks
