"""Build the site: every edition as a book of its own, plus the landing page.

    python -m utils.book.build            # all editions into _build/html/
    python -m utils.book.build --edition en

Each edition gets a configuration derived from the top-level _config.yml
(its Sphinx language, its search language, its path for the launch buttons)
and the shared _toc.yml. Warnings are errors and references are nitpicky.
"""
from __future__ import annotations

import argparse
import copy
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import yaml

from utils.book import config, launch, offline, reader_notebooks, search

ANSI = re.compile(r"\x1b\[[0-9;]*m")
ROOT = Path(__file__).resolve().parents[2]


def edition_config(base: dict, key: str) -> dict:
    """The Jupyter Book configuration of one edition."""
    ed = base["editions"][key]
    cfg = copy.deepcopy(base)
    del cfg["editions"]
    cfg["title"] = ed["title"]
    cfg.setdefault("repository", {})["path_to_book"] = f"book/{key}"
    sphinx_cfg = cfg.setdefault("sphinx", {}).setdefault("config", {})
    sphinx_cfg["language"] = ed["language"]
    sphinx_cfg["book_edition"] = key
    if "search_language" in ed:
        sphinx_cfg["html_search_language"] = ed["search_language"]
    launch.configure(cfg, key)  # the Colab button: only where the repository is published (utils/book/launch.py)
    return cfg


def stock_config(base: dict, key: str) -> dict:
    """The same edition with Jupyter Book's stock settings: only what the content needs
    (the book's directives), none of the site's own changes (MathML instead of MathJax, no Thebe, favicon)."""
    cfg = edition_config(base, key)
    cfg["html"] = {}
    cfg["sphinx"] = {"extra_extensions": ["sphinx_exercise", "utils.book.sphinx_ext"], "config": {
        "language": cfg["sphinx"]["config"]["language"], "book_edition": "", "book_stock": True,
        # the content's own warnings that the book accepts (a traceback Pygments lexes in relaxed mode)
        "suppress_warnings": cfg["sphinx"]["config"].get("suppress_warnings", [])}}
    return cfg


# Jupyter Book run by this Python, never through the venv's console script: pip writes the absolute
# path of the Python it installed with into the script's first line, so a venv copied with its checkout
# (README: a fresh clone with a copied .venv) would run the original checkout's Python and its .pth.
JUPYTER_BOOK = [sys.executable, "-c", "import sys; from jupyter_book.cli.main import main; sys.exit(main())"]


def run_jupyter_book(key: str, cfg: dict, builder: str, work: Path, out: Path, root: Path = ROOT) -> None:
    """Run Jupyter Book on book/KEY with ``cfg`` and ``builder`` (html, latex) into ``work``,
    strictly: a warning fails it, with the lines that say why (the log: <out>/<builder>-KEY.log)."""
    cfg_dir = out / ("config" if builder == "html" else f"config-{builder}") / key
    cfg_dir.mkdir(parents=True, exist_ok=True)
    (cfg_dir / "_config.yml").write_text(yaml.safe_dump(cfg, allow_unicode=True, sort_keys=False), encoding="utf-8")
    shutil.copy(root / "_toc.yml", cfg_dir / "_toc.yml")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")]))
    cmd = [
        *JUPYTER_BOOK, "build", str(root / "book" / key),
        "--config", str(cfg_dir / "_config.yml"), "--toc", str(cfg_dir / "_toc.yml"),
        "--path-output", str(work), "--builder", builder,
        "--warningiserror", "--nitpick", "--keep-going",
    ]
    result = subprocess.run(cmd, env=env, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    log = ANSI.sub("", result.stdout)
    log_path = out / f"{'build' if builder == 'html' else builder}-{key}.log"
    log_path.write_text(log, encoding="utf-8")
    warnings = [line for line in log.splitlines() if "WARNING" in line or "ERROR" in line]
    if result.returncode != 0 or warnings:
        what = "the LaTeX build" if builder == "latex" else "the build"
        raise SystemExit(f"edition {key}: {what} failed; warnings count as errors "
                         f"(full log: {log_path}):\n" + "\n".join(warnings or log.splitlines()[-30:]))


def build_edition(key: str, root: Path = ROOT, out: Path | None = None, fresh: bool = False,
                  stock: bool = False) -> None:
    """Build one edition; ``fresh`` rebuilds every page (an incremental build
    does not repeat the warnings of pages that did not change)."""
    out = out or root / "_build"
    base = config.load(root)
    cfg = stock_config(base, key) if stock else edition_config(base, key)
    work = out / "editions" / key
    if fresh and work.exists():
        shutil.rmtree(work)
    run_jupyter_book(key, cfg, "html", work, out, root)
    target = out / "html" / key
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(work / "_build" / "html", target)
    if not stock:
        # The download (and Colab) button's file: the chapter as Jupyter shows it, not its MyST source.
        written = reader_notebooks.write_edition(key, target / "_sources", root)
        # ... and all of them as one zip, linked from the landing page.
        reader_notebooks.write_zip(key, written, target / reader_notebooks.zip_name(key, root))
        search.index_edition(target, key, root)  # Pagefind's index and the paste box's data


def vendor_assets(out: Path) -> None:
    """The landing page's icon, at the site root (the pages' math is MathML: no MathJax to copy)."""
    (out / "html" / "_vendor").mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "book" / "_static" / "favicon.svg", out / "html" / "_vendor" / "favicon.svg")


def publish_pdfs(out: Path) -> dict[str, str]:
    """Copy each edition's PDF that `make pdf` built (<out>/pdf/<key>.pdf) into the site, as
    <out>/html/pdf/<key>.pdf; returns {edition: its address from the landing page}."""
    found = {}
    for key in config.editions():
        source = out / "pdf" / f"{key}.pdf"
        if source.exists():
            (out / "html" / "pdf").mkdir(parents=True, exist_ok=True)
            shutil.copy(source, out / "html" / "pdf" / f"{key}.pdf")
            found[key] = f"pdf/{key}.pdf"
    return found


def landing_html(root: Path = ROOT, offline_zip: str | None = None, pdfs: dict[str, str] | None = None) -> str:
    """The landing page, from book/_templates/landing.html and the editions of _config.yml;
    ``offline_zip``: the file name of the zip of the whole site, to link to (none in the zip);
    ``pdfs``: {edition: address} of the PDFs built (`make pdf`), linked where there is one."""
    import jinja2

    pdfs = pdfs or {}
    editions = [{"key": key, **ed, "tagline": config.labels(key, root)["landing"].format(torch=config.pins(root)["torch"]),
                 "offline_zip": config.labels(key, root)["offline_zip"], "labels": config.labels(key, root),
                 "pdf": pdfs.get(key), "notebooks_zip": f"{key}/{reader_notebooks.zip_name(key, root)}"}
                for key, ed in config.editions(root).items()]
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(root / "book" / "_templates"), autoescape=True)
    return env.get_template("landing.html").render(
        editions=editions, source=editions[0], root_page=config.root_page(root), offline_zip=offline_zip) + "\n"


def build_landing(root: Path = ROOT, out: Path | None = None) -> None:
    out = out or root / "_build"
    (out / "html").mkdir(parents=True, exist_ok=True)
    vendor_assets(out)
    pdfs = publish_pdfs(out)
    (out / "html" / "index.html").write_text(landing_html(root, offline.zip_name(root), pdfs), encoding="utf-8")
    (out / "html" / ".nojekyll").write_text("")
    # Last: the whole site as one zip for reading offline (its landing page has no link to it).
    offline.write_zip(out / "html", landing_html(root, pdfs=pdfs), root)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--edition", action="append", help="build only this edition (repeatable)")
    args = parser.parse_args(argv)
    editions = args.edition or list(config.editions())
    start = time.perf_counter()
    for key in editions:
        build_edition(key)
    build_landing()
    print(f"Built {', '.join(editions)} in {time.perf_counter() - start:.1f} s: open _build/html/index.html")


if __name__ == "__main__":
    main()
