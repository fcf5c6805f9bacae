"""How stable the book's glued figures are: re-execute chapters under load and print each figure's spread.

    python -m utils.book.bench_figures                      # every English chapter, 3 runs
    python -m utils.book.bench_figures book/en/retain_graph.ipynb --runs 3 --load 2

Each run executes a copy of the chapter (nothing in the repository is
written) while ``--load`` busy processes keep the cores occupied, as on a
shared CI machine. Every figure a chapter glues into its prose (myst-nb
``glue``) is read from the stored notebook and from each run; the table gives
the stored value, each run's value and the largest deviation from the stored
value. The book's goal: every glued number within 20 % of its stored value.
Exit status 1 when a numeric figure misses that goal.
"""
from __future__ import annotations

import argparse
import ast
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from utils.book import notebooks

ROOT = notebooks.ROOT
GOAL = 0.20


def glued(nb) -> dict[str, str]:
    """{name: text} of every value glued in a notebook's outputs."""
    found = {}
    for cell in nb.cells:
        for out in cell.get("outputs", []) if cell.cell_type == "code" else []:
            meta = out.get("metadata", {}).get("scrapbook")
            if meta:
                text = out.get("data", {}).get(meta.get("mime_prefix", "") + "text/plain", "")
                found[meta["name"]] = "".join(text) if isinstance(text, list) else text
    return found


def as_number(text: str) -> float | None:
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return None
    if isinstance(value, str):
        try:
            value = float(value.replace(",", "").rstrip("x%"))
        except ValueError:
            return None
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def spread(stored: float, values: list[float]) -> float:
    """The largest relative deviation of ``values`` from ``stored``."""
    if stored == 0:
        return 0.0 if all(v == 0 for v in values) else float("inf")
    return max(abs(v - stored) / abs(stored) for v in values)


def busy(n: int) -> list[subprocess.Popen]:
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(n)]


def run_copy(path: Path) -> dict[str, str]:
    """Execute a copy of the chapter (in a temporary folder next to nothing of the repository)."""
    nb = notebooks.read_notebook(path)
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / path.name
        notebooks.write_notebook(nb, copy)
        notebooks.execute(copy)
        return glued(notebooks.read_notebook(copy))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="*", type=Path)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--load", type=int, default=os.cpu_count() or 2, help="busy background processes")
    args = parser.parse_args(argv)
    paths = [p.resolve() for p in args.paths] or [p for p in notebooks.english_notebooks() if glued(notebooks.read_notebook(p))]
    rows, failed = [], []
    load = busy(args.load)
    try:
        for path in paths:
            stored = glued(notebooks.read_notebook(path))
            runs = []
            for r in range(args.runs):
                start = time.perf_counter()
                runs.append(run_copy(path))
                print(f"{path.name}: run {r + 1} in {time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
            for name, text in stored.items():
                value = as_number(text)
                seen = [as_number(run.get(name, "nan")) for run in runs]
                if value is None or any(v is None for v in seen):
                    rows.append((path.stem, name, text, " ".join(run.get(name, "?") for run in runs), "-"))
                    continue
                s = spread(value, seen)
                rows.append((path.stem, name, f"{value:g}", " ".join(f"{v:g}" for v in seen), f"{100 * s:.0f} %"))
                if s > GOAL:
                    failed.append(name)
    finally:
        for p in load:
            p.kill()
    width = [max(len(str(r[i])) for r in rows + [("chapter", "figure", "stored", "runs", "spread")]) for i in range(5)]
    for r in [("chapter", "figure", "stored", "runs", "spread")] + rows:
        print("  ".join(str(c).ljust(w) for c, w in zip(r, width)))
    print(f"{len(rows)} glued figures, {args.runs} runs each with {args.load} busy processes; "
          f"beyond +-{GOAL:.0%}: {', '.join(failed) or 'none'}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
