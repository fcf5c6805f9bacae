"""The whole book as one PDF per edition: Sphinx's LaTeX builder, xelatex, CJK fonts from Debian.

    python -m utils.book.pdf                  # every edition into _build/pdf/<edition>.pdf
    python -m utils.book.pdf --edition zh-hant

Each edition is built with the configuration the site uses (utils/book/build.py) and the
``latex:`` settings of _config.yml; then latexmk runs xelatex. The PDF is checked: xelatex
printed no "Missing character" (a glyph no font has, which would be a box on paper), every
font is embedded, and the title of every chapter can be extracted from the text, in the
edition's own script. ``make pdf`` installs the Debian packages below when CI=true.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
import time
import zlib
from pathlib import Path

from utils.book import build, config
from utils.book.editions.data import edition_pages

ROOT = Path(__file__).resolve().parents[2]
# What the PDF needs, all Debian packages (make pdf installs them in CI).
# texlive-lang-chinese: xeCJK needs its ctexhook.sty; texlive-fonts-recommended: hyperref's pzdr.
DEBIAN_PACKAGES = ("texlive-xetex", "texlive-lang-chinese", "texlive-fonts-recommended", "latexmk",
                   "fonts-freefont-otf", "fonts-dejavu-core", "fonts-wqy-microhei", "poppler-utils")
TOOLS = ("xelatex", "latexmk", "pdfinfo", "pdffonts", "pdftotext")
MISSING_CHARACTER = re.compile(r"^Missing character: There is no .*$", re.M)
# A warning that the last xelatex run did not settle (references, outlines, page labels, the kernel's
# last-page hook): latexmk stopped too early, the PDF shows what the run before computed.
RERUN = re.compile(r"^.*Rerun to (?:get|correct)\b.*$", re.M)
# A reference the last run could not resolve (the preamble links it to "undefined": _config.yml).
# (TeX wraps its log at 79 characters: the warning's first line.)
UNDEFINED_REFERENCE = re.compile(r"^.*Hyper reference `.*$", re.M)
OVERFULL = re.compile(r"^Overfull \\hbox \(([\d.]+)pt too wide\).*$", re.M)
CACHE = ROOT / "_build" / "cache" / "pdf"  # xelatex's PDF and log by the hash of its inputs (build_pdf)
STORED = ("book.pdf", "book.log", "latexmk.log")  # what build_pdf keeps in the cache
OVERFULL_LIMIT_PT = 20.0  # narrow table columns stick out by up to ~11 pt; nothing else may
# Added to Sphinx's latexmkrc: latexmk runs xelatex again while a file it reads changed, the .aux
# included. Two lines of the .aux change from the first run to the second without changing a
# page (once the preamble keeps undefined references linked, _config.yml): hyperref's page labels (\HyPL@Entry: the first run's table of contents is empty, so page 1
# comes four pages early), which the book's preamble (_config.yml) takes from the current run
# instead, and the page count (\@abspage@last), which only the kernel's shipout/lastpage hook reads
# and nothing in the book fills. Ignoring them, latexmk stops after two xelatex runs, not three
# (the second run's .xdv is byte for byte the third's; en: 646 pages, ~40 CPU-s a run).
LATEXMK_RC = (r"""$hash_calc_ignore_pattern{'aux'} = '^\\\\(?:HyPL\@Entry|gdef ?\\\\\@abspage\@last)\{';"""
              "\n")
XELATEX_RUN = re.compile(r"^Run number \d+ of rule '(?:xe|pdf)?latex'", re.M)
PAGE_LABELS = re.compile(rb"/PageLabels\s*<<\s*/Nums\s*\[(.*?)\]\s*>>", re.S)


def missing_tools() -> list[str]:
    return [tool for tool in TOOLS if shutil.which(tool) is None]


def missing_packages() -> list[str]:
    """The Debian packages of DEBIAN_PACKAGES that are not installed (make latex installs them)."""
    if shutil.which("dpkg-query") is None:  # not Debian: judge by the tools alone
        return list(DEBIAN_PACKAGES) if missing_tools() else []
    return [p for p in DEBIAN_PACKAGES if "install ok installed" not in subprocess.run(
        ["dpkg-query", "-W", "-f=${Status}", p], capture_output=True, text=True).stdout]


def build_pdf(key: str, root: Path = ROOT, out: Path | None = None, cache: Path | None = CACHE) -> Path:
    """Build the PDF of one edition into <out>/pdf/<key>.pdf; the LaTeX sources and the
    xelatex log stay in <out>/latex/<key>/.

    Sphinx always writes the LaTeX sources afresh (its warnings fail the build); xelatex, the
    slow part (latexmk runs it twice: LATEXMK_RC), is skipped when ``cache`` holds the PDF, log
    and latexmk's output of the very same inputs: the key (:func:`latex_key`) hashes every file Sphinx wrote, the
    date on the title page included, and the versions of TeX and the fonts. ``cache=None``
    always runs xelatex."""
    out = out or root / "_build"
    if missing_packages():
        raise SystemExit(f"the PDF needs Debian packages: sudo apt-get install --no-install-recommends "
                         f"{' '.join(missing_packages())} (or: BOOK_INSTALL_LATEX=1 make pdf)")
    work = out / "latex" / key
    if work.exists():
        shutil.rmtree(work)
    build.run_jupyter_book(key, build.edition_config(config.load(root), key), "latex", work, out, root)
    tex_dir = work / "_build" / "latex"
    with open(tex_dir / "latexmkrc", "a", encoding="utf-8") as rc:
        rc.write("\n" + LATEXMK_RC)
    cached = None if cache is None else cache / latex_key(tex_dir)
    if cached is not None and all((cached / name).exists() for name in STORED):
        tex_dir = cached  # the same LaTeX sources, TeX and fonts: xelatex would write the same PDF
    else:
        # Sphinx's own Makefile and latexmkrc (plus LATEXMK_RC): latexmk runs xelatex until the references settle.
        # -xelatex (the Makefile's own advice, "for faster builds"): each pass writes only the .xdv
        # (xelatex --no-pdf), and xdvipdfmx -E, the driver xelatex would call on every pass, makes
        # the PDF once at the end.
        result = subprocess.run(["make", "all-pdf", "LATEXMKOPTS=-xelatex -interaction=nonstopmode -halt-on-error"],
                                cwd=tex_dir, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if result.returncode != 0:
            raise SystemExit(f"edition {key}: xelatex failed (log: {tex_dir / 'book.log'}):\n"
                             + "\n".join(result.stdout.splitlines()[-30:]))
        (tex_dir / "latexmk.log").write_text(result.stdout, encoding="utf-8")
        if cached is not None:
            partial = cached.with_name(cached.name + f".{os.getpid()}.partial")
            partial.mkdir(parents=True, exist_ok=True)
            for name in STORED:
                shutil.copy(tex_dir / name, partial / name)
            if cached.exists():  # another worker stored the same inputs meanwhile
                shutil.rmtree(partial)
            else:
                partial.replace(cached)
    target = out / "pdf" / f"{key}.pdf"
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(tex_dir / "book.pdf", target)
    shutil.copy(tex_dir / "book.log", target.with_suffix(".log"))
    shutil.copy(tex_dir / "latexmk.log", target.with_suffix(".latexmk.log"))
    return target


def xelatex_runs(latexmk_log: str) -> int:
    """How many times latexmk ran xelatex (its output: "Run number N of rule 'xelatex'")."""
    return len(XELATEX_RUN.findall(latexmk_log))


def page_labels(data: bytes) -> list[tuple[int, str]]:
    """(index of the first page, style) of each range of the PDF's /PageLabels (style D: 1, 2, ...;
    r: i, ii, ...), read from the PDF's bytes, its compressed object streams included."""
    chunks = [data]
    for m in re.finditer(rb"stream\r?\n", data):
        try:
            chunks.append(zlib.decompressobj().decompress(data[m.end():m.end() + 2_000_000]))
        except zlib.error:
            pass
    for chunk in chunks:
        found = PAGE_LABELS.search(chunk)
        if found:
            return [(int(i), style.decode()) for i, style in re.findall(rb"(\d+)\s*<<[^>]*?/S\s*/(\w)", found.group(1))]
    return []


def folio_problems(labels: list[tuple[int, str]], page_text) -> list[str]:
    """The page where the arabic numbering starts after the roman front matter (the table of
    contents) must print "1" as its page number (first or last line: the header or the footer):
    page labels from a stale .aux put it on a page of the table of contents. ``page_text(i)``:
    the text of the page with index i."""
    starts = [i for n, (i, style) in enumerate(labels) if style == "D" and n and labels[n - 1][1] == "r"]
    if not starts:
        return [f"no arabic page numbering after the roman front matter in the page labels {labels}"]
    lines = [line.split() for line in page_text(starts[0]).splitlines() if line.strip()]
    if not lines or "1" not in (lines[0][:1] + lines[0][-1:] + lines[-1][:1] + lines[-1][-1:]):
        return [f"the page labels call page {starts[0] + 1} '1', but it does not print 1 as its number"]
    return []


def toolchain() -> str:
    """What xelatex's output depends on besides the LaTeX sources: the versions of the Debian
    packages of DEBIAN_PACKAGES (TeX Live, its Chinese support, the fonts) and of the tools."""
    if shutil.which("dpkg-query"):
        versions = subprocess.run(["dpkg-query", "-W", "-f=${Package} ${Version}\\n", *DEBIAN_PACKAGES],
                                  capture_output=True, text=True).stdout
    else:
        versions = ""
    tools = [subprocess.run([tool, "--version"], capture_output=True, text=True).stdout.splitlines()[:1]
             for tool in ("xelatex", "latexmk") if shutil.which(tool)]
    # fontspec finds the fonts by name among all the system's fonts: every font file and version.
    fonts = (subprocess.run(["fc-list", "--format=%{file} %{fontversion}\\n"], capture_output=True, text=True).stdout
             if shutil.which("fc-list") else "")
    return versions + repr(tools) + "".join(sorted(fonts.splitlines(keepends=True)))


def latex_key(tex_dir: Path) -> str:
    """A hash of every input of xelatex: every file Sphinx wrote into ``tex_dir`` (the .tex with its
    date, the style files, the images, the Makefile and latexmkrc: path and bytes) and the toolchain."""
    digest = hashlib.sha256(toolchain().encode())
    for path in sorted(p for p in tex_dir.rglob("*") if p.is_file()):
        digest.update(str(path.relative_to(tex_dir)).encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:32]


def chapter_titles(key: str, root: Path = ROOT) -> dict[str, str]:
    """{page: title} of the book (the edition's title) and of every chapter, in _toc.yml order,
    from its '# ' heading without Markdown. (Sphinx's LaTeX writer prints the book's title in
    place of the root page's heading.)"""
    titles, pages = {"book": config.editions(root)[key]["title"]}, edition_pages(key, root)
    for name in config.toc_docnames(root)[1:]:
        path = pages[name]
        if path.suffix == ".ipynb":
            import nbformat

            text = nbformat.read(path, as_version=4).cells[0].source
        else:
            text = path.read_text(encoding="utf-8")
        heading = next(line for line in text.splitlines() if line.startswith("# "))
        titles[name] = re.sub(r"[`*]", "", heading[2:]).strip()
    return titles


def page_count(pdf: Path) -> int:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    return int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))


def fonts(pdf: Path) -> list[tuple[str, bool]]:
    """(name, embedded) of every font of the PDF, from pdffonts."""
    return parse_pdffonts(subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout)


def parse_pdffonts(text: str) -> list[tuple[str, bool]]:
    # Columns: name type encoding emb sub uni object ID; the name has no spaces, the type may.
    return [(line.split()[0], line.split()[-5] == "yes") for line in text.splitlines()[2:] if line.strip()]


def text_of(pdf: Path) -> str:
    return subprocess.run(["pdftotext", "-enc", "UTF-8", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout


def _squeeze(text: str) -> str:
    """Text without white space, hyphenation or underscores (pdftotext breaks lines where the
    page did; titles are compared without their Markdown)."""
    return re.sub(r"-?\s+|_", "", text)


def overfull_lines(log: str, limit_pt: float = OVERFULL_LIMIT_PT) -> list[str]:
    """Lines of the xelatex log where something sticks out of the page by more than limit_pt
    (an output line that did not wrap sticks out by hundreds of points)."""
    return [m.group(0) for m in OVERFULL.finditer(log) if float(m.group(1)) > limit_pt]


def contents_heading_problems(key: str, text: str, root: Path = ROOT) -> list[str]:
    """The table of contents is headed in the edition's language (labels.contents in _config.yml)."""
    name = config.labels(key, root)["contents"]
    head = text[:3000]  # the title page and the start of the table of contents
    # Sphinx's LaTeX style sets the heading in capitals (CONTENTS): compared without case.
    found = [] if name.casefold() in head.casefold() else [f"the table of contents is not headed {name!r}"]
    english = config.labels(config.SOURCE, root)["contents"]
    if name != english and re.search(rf"^{english}$", head, re.M | re.I):
        found.append(f"the table of contents is headed {english!r}")
    return found


def problems(key: str, pdf: Path, log: str, root: Path = ROOT) -> list[str]:
    """What is wrong with the PDF of one edition, each problem one line."""
    found = [f"{pdf.name}: {m.group(0)}" for m in MISSING_CHARACTER.finditer(log)]
    found += [f"{pdf.name}: sticks out of the page: {line}" for line in overfull_lines(log)]
    found += [f"{pdf.name}: xelatex's last run asks for another: {m.group(0).strip()}" for m in RERUN.finditer(log)]
    found += [f"{pdf.name}: {m.group(0).strip()}" for m in UNDEFINED_REFERENCE.finditer(log)]
    found += [f"{pdf.name}: the font {name} is not embedded" for name, embedded in fonts(pdf) if not embedded]
    plain = text_of(pdf)
    text = _squeeze(plain)
    found += [f"{pdf.name}: the title of {name} ({title!r}) is not in the text"
              for name, title in chapter_titles(key, root).items() if _squeeze(title) not in text]
    found += [f"{pdf.name}: {line}" for line in contents_heading_problems(key, plain, root)]
    found += [f"{pdf.name}: {line}" for line in folio_problems(
        page_labels(pdf.read_bytes()), lambda i: subprocess.run(
            ["pdftotext", "-layout", "-enc", "UTF-8", "-f", str(i + 1), "-l", str(i + 1), str(pdf), "-"],
            capture_output=True, text=True, check=True).stdout)]
    script = config.editions(root)[key].get("script")
    if script and not re.search(script["letters"], text):
        found.append(f"{pdf.name}: no text in the edition's script ({script['letters']})")
    return found


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--edition", action="append", help="build only this edition (repeatable)")
    parser.add_argument("--missing-packages", action="store_true",
                        help="print the Debian packages the PDF needs that are not installed, and stop")
    args = parser.parse_args(argv)
    if args.missing_packages:
        print(" ".join(missing_packages()))
        return
    failed = []
    for key in args.edition or list(config.editions()):
        start = time.perf_counter()
        pdf = build_pdf(key)
        found = problems(key, pdf, pdf.with_suffix(".log").read_text(encoding="utf-8", errors="replace"))
        print(f"{pdf.relative_to(ROOT)}: {page_count(pdf)} pages, {pdf.stat().st_size / 1e6:.1f} MB, "
              f"built in {time.perf_counter() - start:.0f} s" + "".join(f"\n  {p}" for p in found), flush=True)
        failed += found
    if (ROOT / "_build" / "html" / "index.html").exists():  # the site is built: its landing page links the PDFs
        from utils.book import build

        build.build_landing()
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
