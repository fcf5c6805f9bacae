"""Build-time figures of the site, measured in one run.

    python -m utils.book.bench_site

1. A fresh build of all three editions (what CI and `make book` on a clean
   clone do), timed.
2. An incremental rebuild of one edition after editing one markdown cell, in
   a throw-away copy of the sources, timed against a fresh build of that
   edition in the same copy.
The page weights (per edition, ours against a stock build: bytes per page, the heaviest page, the
preface, the pages loading MathJax) and load times come from the browser tests
(tests/test_site_browser.py, `make bench` runs them first), which write _build/browser-report.json.
"""
from __future__ import annotations

import json
import shutil
import tempfile
import time
from pathlib import Path

from utils.book import build, config, notebooks

ROOT = Path(__file__).resolve().parents[2]


def timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def copy_sources(dest: Path) -> None:
    for name in ("_config.yml", "_toc.yml"):
        shutil.copy(ROOT / name, dest / name)
    shutil.copytree(ROOT / "book", dest / "book")
    shutil.copytree(ROOT / "utils", dest / "utils", ignore=shutil.ignore_patterns("__pycache__"))


def main() -> None:
    editions = list(config.editions())
    full = timed(lambda: [build.build_edition(k, fresh=True) for k in editions] and build.build_landing())
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        copy_sources(root)
        fresh_en = timed(lambda: build.build_edition(config.SOURCE, root=root, fresh=True))
        path = root / "book" / config.SOURCE / "graph_basics.ipynb"
        nb = notebooks.read_notebook(path)
        cell = next(c for c in nb.cells[1:] if c.cell_type == "markdown")
        cell.source += "\n\nOne more sentence."
        notebooks.write_notebook(nb, path)
        incremental_en = timed(lambda: build.build_edition(config.SOURCE, root=root))
    figures = {"full_build_three_editions_s": round(full, 1), "fresh_build_en_s": round(fresh_en, 1),
               "incremental_rebuild_en_after_one_markdown_cell_s": round(incremental_en, 1),
               "incremental_over_fresh": round(incremental_en / fresh_en, 2)}
    report = ROOT / "_build" / "browser-report.json"
    if report.exists():
        data = json.loads(report.read_text(encoding="utf-8"))
        figures["page_weight"] = data.get("weight")
        figures["load_ms"] = data.get("load_ms")
    print(json.dumps(figures, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
