"""Measure what executing each notebook once saves, against executing all three editions.

    python -m utils.book.bench_validation

Runs nbval on book/en alone (what `make test` does) and on all three editions,
in one run, and prints both times and their ratio.
"""
from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def nbval_seconds(folders: list[str]) -> float:
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "addopts=", "--nbval",
           "--nbval-current-env", "--nbval-sanitize-with", "tests/nbval_sanitize.cfg", *folders]
    start = time.perf_counter()
    result = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(result.stdout[-3000:])
    return elapsed


def main() -> None:
    once = nbval_seconds(["book/en"])
    every = nbval_seconds(["book/en", "book/zh-hant", "book/zh-hans"])
    print(f"nbval on English only: {once:.1f} s; on all three editions: {every:.1f} s; "
          f"saved {every - once:.1f} s ({every / once:.2f}x)")


if __name__ == "__main__":
    main()
