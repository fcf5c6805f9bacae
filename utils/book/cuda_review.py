"""The CUDA review (.ci/cuda-review.md, issue 31): what each code cell of the English chapters does
differently on a GPU, and how the book handles it.

The review is a Markdown table, one row per cell or group of cells: ``| chapter | cells | what
differs on CUDA | how it is handled |``, the cells named by their ids in backquotes. Every code cell
whose code calls a device-sensitive API (``SENSITIVE``) must be named in a row of its chapter, so a new
or renamed cell cannot slip past the review; a row that names a cell the chapter no longer has is
reported too. .ci/cuda-validate.sh runs the chapters on a GPU; this check runs everywhere.
"""
from __future__ import annotations

import re
from pathlib import Path

from utils.book import config, notebooks

REVIEW = Path(".ci") / "cuda-review.md"
SENSITIVE = re.compile(
    r"cuda|\bdevice\b|memory_allocated|memory_reserved|max_memory|memory_stats|mem_get_info|empty_cache"
    r"|synchronize|pin_memory|save_on_cpu|cudnn|tf32|matmul_precision|autocast|GradScaler|deterministic"
    r"|inductor|compare_times|peak_allocated_bytes|\.cpu\(\)|\.numpy\(\)")
ROW = re.compile(r"^\|\s*([A-Za-z0-9_-]+)\s*\|([^|]*)\|")
CELL_ID = re.compile(r"`([A-Za-z0-9_-]+)`")


def sensitive_cells(root: Path = config.ROOT) -> dict[tuple[str, str], str]:
    """(chapter, cell id) -> the first device-sensitive name its code uses, for every English code cell."""
    found = {}
    for path in notebooks.english_notebooks(root):
        for cell in notebooks.read_notebook(path).cells:
            if cell.cell_type == "code" and (m := SENSITIVE.search(cell.source)):
                found[(path.stem, cell.get("id"))] = m.group(0)
    return found


def reviewed_cells(root: Path = config.ROOT) -> set[tuple[str, str]]:
    """(chapter, cell id) of every cell the review's table names."""
    path = root / REVIEW
    if not path.exists():
        return set()
    named = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        if (m := ROW.match(line)) and m.group(1) not in ("chapter",):
            named |= {(m.group(1), cell) for cell in CELL_ID.findall(m.group(2))}
    return named


def review_problems(root: Path = config.ROOT) -> list[str]:
    """A device-sensitive cell the review does not name, and a named cell that does not exist."""
    if not (root / REVIEW).exists():
        return [f"{REVIEW}: missing"]
    named = reviewed_cells(root)
    existing = {(path.stem, c.get("id")) for path in notebooks.english_notebooks(root)
                for c in notebooks.read_notebook(path).cells if c.cell_type == "code"}
    problems = [f"book/en/{chapter}.ipynb: cell {cell!r} uses {api!r} but {REVIEW} does not name it: add it "
                "to the row that says what differs on CUDA and how it is handled (or a new row)"
                for (chapter, cell), api in sorted(sensitive_cells(root).items()) if (chapter, cell) not in named]
    problems += [f"{REVIEW}: names cell {cell!r} of {chapter}, which has no such code cell"
                 for chapter, cell in sorted(named - existing)]
    return problems


def sanitizer_problems(text: str) -> list[str]:
    """Rules of tests/nbval_sanitize.cfg that nbval does not read as the book's writer does.

    nbval finds its rules with ``^regex: (.*)$\\n^replace: (.*)$`` (nbval.plugin.get_sanitize_patterns):
    an empty replacement written ``replace:`` without the space is skipped there, while configparser
    (utils/book/notebooks.load_sanitizers) reads it; the rule then works when outputs are written back
    but not when a GPU run is compared."""
    import configparser

    parser = configparser.ConfigParser()
    parser.read_string(text)
    written = [(parser[s]["regex"], parser[s].get("replace", "")) for s in parser.sections()]
    compared = re.findall(r"^regex: (.*)$\n^replace: (.*)$", text, flags=re.MULTILINE)
    return [f"tests/nbval_sanitize.cfg: [{section}] is not read by nbval (write 'regex: ...' and then "
            "'replace: ...' with a space after the colon, even for an empty replacement)"
            for section, rule in zip(parser.sections(), written) if rule not in compared]
