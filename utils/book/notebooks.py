"""Execute chapters and write their outputs back; the book's notebook conventions.

    python -m utils.book.notebooks execute book/en/graph_basics.ipynb   # one chapter
    python -m utils.book.notebooks execute                             # every English chapter
    python -m utils.book.notebooks check                               # conventions only

Execution is deterministic (fixed seeds in each chapter, PYTHONHASHSEED=0),
outputs are passed through the nbval sanitiser, tracebacks are cut to their
last line (no machine paths) and notebook metadata is reduced to a fixed
form, so re-running unchanged code leaves ``git diff`` empty. ``make
execute`` then syncs the translations (utils/book/editions/sync.py).
"""
from __future__ import annotations

import argparse
import ast
import configparser
import json
import os
import re
import sys
from functools import lru_cache
from pathlib import Path

import nbformat

from utils.book import config, package, yamlread
ROOT = Path(__file__).resolve().parents[2]
SANITIZE_FILE = ROOT / "tests" / "nbval_sanitize.cfg"
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
SETUP_TAG = "colab-setup"
IGNORE_OUTPUT_TAGS = {"nbval-ignore-output"}
RAISES_TAG = "raises-exception"
MACHINE_PATHS = re.compile(r"(/root/|/tmp/|/home/[^/\s]+/|/Users/|/work/|site-packages|\.venv/|[A-Z]:\\\\)")
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def load_sanitizers(path: Path = SANITIZE_FILE) -> list[tuple[re.Pattern, str]]:
    parser = configparser.ConfigParser()
    parser.read(path, encoding="utf-8")
    return [(re.compile(parser[s]["regex"]), parser[s].get("replace", "")) for s in parser.sections()]


def sanitize(text: str, rules: list[tuple[re.Pattern, str]] | None = None) -> str:
    for pattern, repl in rules if rules is not None else load_sanitizers():
        text = pattern.sub(repl, text)
    return text


def torch_release(root: Path = ROOT) -> str:
    """The torch release the stored outputs come from: the pin of requirements.txt."""
    return config.pins(root)["torch"]


def release_check_source(root: Path = ROOT, edition: str = config.SOURCE) -> str:
    """The lines of the setup cell that say, on another torch release, which release the stored
    outputs come from and which one is running (nothing on the pinned release), in the words of
    ``edition``'s ``labels.release_note`` (_config.yml; the book's own cell is English's)."""
    release = torch_release(root)
    note = config.labels(edition, root)["release_note"]
    return (
        "import torch\n"
        f"if torch.__version__.split(\"+\")[0] != \"{release}\":\n"
        f"    print({note!r}.format(stored=\"{release}\", running=torch.__version__))"
    )


def setup_cell_source(root: Path = ROOT) -> str:
    """The first code cell of every chapter, derived from the torch pin of requirements.txt. In the
    book's own environment the helpers (the package autograd_book, utils/book/package.py) are
    importable already; the reader notebooks replace this cell by one that carries them
    (utils/book/reader_notebooks.py) and keeps the release check."""
    return (
        "# The book's helpers are the package autograd_book: importable in the book's own environment;\n"
        "# the notebook a reader downloads carries them in this cell instead.\n"
        + release_check_source(root)
    )


def new_setup_cell(root: Path = ROOT):
    cell = nbformat.v4.new_code_cell(setup_cell_source(root))
    cell.id = "colab-setup"
    cell.metadata = {"tags": [SETUP_TAG, "remove-cell"]}
    return cell


def tags(cell) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def clean_outputs(cell, rules) -> None:
    """Sanitise a code cell's outputs in place: the form in which they are stored."""
    for out in cell.get("outputs", []):
        out.pop("metadata", None) if out.get("output_type") == "stream" else None
        if out.get("output_type") == "stream":
            out["text"] = sanitize(out["text"], rules)
        elif out.get("output_type") in {"execute_result", "display_data"}:
            data = out.get("data", {})
            for mime in list(data):
                if mime.startswith("text/") or mime.endswith("text/plain"):
                    value = data[mime]
                    value = "".join(value) if isinstance(value, list) else value
                    data[mime] = sanitize(value, rules)
        elif out.get("output_type") == "error":
            out["evalue"] = sanitize(out["evalue"], rules)
            # The last line of the traceback, as Python prints it: type and message, no frames.
            out["traceback"] = [f"{out['ename']}: {out['evalue']}"]


def normalise(nb) -> None:
    """Reduce notebook and cell metadata to the book's fixed form."""
    nb.metadata = {"kernelspec": dict(KERNELSPEC), "language_info": {"name": "python"}}
    rules = load_sanitizers()
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        cell.metadata.pop("collapsed", None)
        cell.metadata.pop("scrolled", None)
        if cell.cell_type == "code":
            merge_streams(cell)
            clean_outputs(cell, rules)


def merge_streams(cell) -> None:
    """Join consecutive outputs of the same stream: how a print is split into pieces depends
    on timing (a compile in between), so stored outputs keep one piece per stream run."""
    merged = []
    for out in cell.get("outputs", []):
        prev = merged[-1] if merged else None
        if (out.get("output_type") == "stream" and prev is not None and prev.get("output_type") == "stream"
                and prev.get("name") == out.get("name")):
            prev["text"] = "".join(prev["text"]) + "".join(out["text"])
        else:
            merged.append(out)
    cell["outputs"] = merged


def write_notebook(nb, path: Path) -> None:
    """Write ``nb`` exactly as Jupyter saves a notebook (nbformat), so that a
    diff reads line by line and re-saving in Jupyter changes nothing."""
    nb.nbformat, nb.nbformat_minor = 4, 5
    nbformat.write(nb, str(path))


def read_notebook(path: Path):
    """The notebook at ``path``, the caller's own copy to change. Parsed and validated once per
    distinct content: one ``editions check`` reads each notebook several times, and a test's
    copy of the book mostly holds the same texts."""
    return yamlread.tree_copy(_parsed(Path(path).read_text(encoding="utf-8")))


def peek_notebook(path: Path):
    """The notebook at ``path`` as read_notebook parses it, without the copy: shared by every caller,
    to read and never to change (the labels and headings of every page, read by several tools)."""
    return _parsed(Path(path).read_text(encoding="utf-8"))


@lru_cache(maxsize=128)
def _parsed(text: str):
    return nbformat.reads(text, as_version=4)


def execute(path: Path, timeout: int = 600) -> None:
    """Run every cell of a chapter in a fresh kernel and write the outputs back."""
    from nbclient import NotebookClient

    import tempfile

    from utils.book.editions import outputs

    nb = read_notebook(path)
    env_backup = dict(os.environ)
    os.environ["PYTHONHASHSEED"] = "0"
    os.environ.setdefault("BOOK_DEVICE", "cpu")
    # This checkout's utils/ (the package autograd_book), never the checkout's root: a kernel
    # must not find a module named utils (utils/book/package.py).
    os.environ.update(package.kernel_env(root=ROOT))
    logged: dict[int, list] = {}  # cell index -> the messages the kernel made while it ran
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "messages.jsonl"
        log.touch()
        os.environ[outputs.messages().LOG_VARIABLE] = str(log)

        def read_messages(cell, cell_index, **_):
            logged[cell_index] = outputs.read_log(log)
            log.write_text("", encoding="utf-8")

        try:
            client = NotebookClient(nb, timeout=timeout, kernel_name="python3", on_cell_executed=read_messages,
                                    resources={"metadata": {"path": str(path.parent)}})
            client.execute()
        finally:
            os.environ.clear()
            os.environ.update(env_backup)
    normalise(nb)
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "code":
            outputs.attach(cell, logged.get(i, []))  # the messages each edition's copy shows in its language
    write_notebook(nb, path)


# ---------------------------------------------------------------- conventions

def convention_problems(path: Path, root: Path = ROOT) -> list[str]:
    """What breaks the book's notebook conventions in one notebook, each naming file and cell."""
    rel = path.relative_to(root) if path.is_relative_to(root) else path
    nb = read_notebook(path)
    problems: list[str] = []
    code = [(i, c) for i, c in enumerate(nb.cells) if c.cell_type == "code"]
    if not nb.cells or nb.cells[0].cell_type != "markdown" or not nb.cells[0].source.lstrip().startswith("# "):
        problems.append(f"{rel}: cell 0 must be a markdown cell starting with the page title ('# ...')")
    if not code:
        return problems
    first_i, first = code[0]
    if first.source != setup_cell_source(root) or SETUP_TAG not in tags(first):
        problems.append(f"{rel}: cell {first_i}: the first code cell must be the Colab setup cell "
                        f"(tagged {SETUP_TAG!r}; run 'python -m utils.book.editions sync' to write it)")
    if len(code) > 1 and "choose_device()" not in code[1][1].source:
        problems.append(f"{rel}: cell {code[1][0]}: the second code cell must choose the device "
                        "('device = choose_device()')")
    if all(c.get("execution_count") is None for _, c in code[1:]) and len(code) > 1:
        # a translation is never executed: its English is, and execute copies the outputs over
        translated = rel.parts[:1] == ("book",) and len(rel.parts) > 2 and rel.parts[1] != config.SOURCE
        english = Path("book", config.SOURCE, *rel.parts[2:]) if translated else rel
        problems.append(f"{rel}: no code cell has been executed; run 'python -m utils.book.notebooks execute "
                        f"{english.as_posix()}'" + (" (it copies code and outputs into every translation)"
                                                    if translated else ""))
    for i, c in code:
        t = tags(c)
        if IGNORE_OUTPUT_TAGS & set(t) and "assert" not in c.source:
            problems.append(f"{rel}: cell {i} (id {c.get('id')}): it ignores its output, so it must assert "
                            "the claim it supports")
        has_error = any(o.get("output_type") == "error" for o in c.get("outputs", []))
        if has_error and RAISES_TAG not in t:
            problems.append(f"{rel}: cell {i} (id {c.get('id')}): stores an error but is not tagged {RAISES_TAG}")
        if RAISES_TAG in t and not has_error:
            problems.append(f"{rel}: cell {i} (id {c.get('id')}): tagged {RAISES_TAG} but stores no error")
        for o in c.get("outputs", []):
            if o.get("output_type") == "stream" and o.get("name") == "stderr":
                problems.append(f"{rel}: cell {i} (id {c.get('id')}): writes to stderr (a warning?); "
                                "catch it and print what the reader should see")
        found = MACHINE_PATHS.search(json.dumps(c.get("outputs", []), ensure_ascii=False))
        if found:
            problems.append(f"{rel}: cell {i} (id {c.get('id')}): an output shows a machine path ({found.group(0)})")
        if "execution" in c.metadata:
            problems.append(f"{rel}: cell {i} (id {c.get('id')}): execution timing metadata is stored")
        for line in package.old_imports(c.source):
            problems.append(f"{rel}: cell {i} (id {c.get('id')}): {line!r} imports the book's helpers as utils; "
                            "they are the package autograd_book: run 'python -m utils.book.package rewrite'")
        problems += glue_problems(c, f"{rel}: cell {i} (id {c.get('id')})")
        problems += figure_problems(c, f"{rel}: cell {i} (id {c.get('id')})")
    return problems


def figure_problems(cell, where: str) -> list[str]:
    """A figure is an SVG (sharp when a phone enlarges it; utils.svg_figures()) with alt text and a
    caption in its cell's metadata.mystnb, both translated with the prose, and a name (its id)."""
    images = [o.get("data", {}) for o in cell.get("outputs", [])
              if any(k.startswith("image/") for k in o.get("data", {}))]
    if not images:
        return []
    problems = []
    if not all("image/svg+xml" in data for data in images):
        problems.append(f"{where}: a figure stored without SVG; call svg_figures() in the chapter's imports cell")
    mystnb = cell.get("metadata", {}).get("mystnb", {})
    if not mystnb.get("image", {}).get("alt"):
        problems.append(f"{where}: a figure without alt text (metadata.mystnb.image.alt)")
    if not mystnb.get("figure", {}).get("caption"):
        problems.append(f"{where}: a figure without a caption (metadata.mystnb.figure.caption)")
    if not mystnb.get("figure", {}).get("name"):
        problems.append(f"{where}: a figure without a name (metadata.mystnb.figure.name), the stable id of its "
                        "permalink in every edition")
    return problems


GLUE_MIME_SUFFIX = "text/plain"


def stored_glue(cell) -> dict[str, str]:
    """The figures a code cell glued, as stored: name -> the text (without its quotes)."""
    glued = {}
    for out in cell.get("outputs", []):
        meta = out.get("metadata", {}).get("scrapbook")
        if meta:
            value = out.get("data", {}).get(meta["mime_prefix"] + GLUE_MIME_SUFFIX, "")
            value = "".join(value) if isinstance(value, list) else value
            try:
                value = ast.literal_eval(value)
            except (ValueError, SyntaxError):
                pass
            glued[meta["name"]] = str(value)
    return glued


def _glue_calls(source: str) -> list[ast.Call]:
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    return [node for node in ast.walk(tree) if isinstance(node, ast.Call)
            and getattr(node.func, "id", getattr(node.func, "attr", None)) in {"glue", "glue_measured"}]


def _argument(call: ast.Call, position: int, keyword: str):
    for kw in call.keywords:
        if kw.arg == keyword:
            return kw.value
    return call.args[position] if len(call.args) > position else None


def glue_problems(cell, where: str) -> list[str]:
    """A figure glued from a cell whose output nbval ignores is never compared, so such a cell
    may glue only measurements, with ``utils.measure.glue_measured`` and a literal band that the
    stored figure must lie in; a deterministic figure belongs in a cell nbval compares."""
    if not IGNORE_OUTPUT_TAGS & set(tags(cell)):
        return []
    problems, stored = [], stored_glue(cell)
    for call in _glue_calls(cell.source):
        name_node = _argument(call, 0, "name")
        name = name_node.value if isinstance(name_node, ast.Constant) else ast.unparse(name_node or call)
        if getattr(call.func, "id", getattr(call.func, "attr", None)) == "glue":
            problems.append(f"{where}: glues {name!r} in a cell whose output nbval ignores, so the stored "
                            "figure is never compared: glue deterministic figures from a cell nbval compares, "
                            "and measurements with glue_measured(name, value, text, within=(low, high))")
            continue
        try:
            low, high = ast.literal_eval(_argument(call, 3, "within"))
        except (ValueError, TypeError, SyntaxError):
            problems.append(f"{where}: glue_measured({name!r}, ...) needs a literal band within=(low, high)")
            continue
        if name not in stored:
            problems.append(f"{where}: glue_measured({name!r}, ...) has no stored figure; execute the chapter")
            continue
        try:
            value = float(stored[name].replace(",", "").rstrip("%"))
        except ValueError:
            problems.append(f"{where}: the stored figure {name!r} = {stored[name]!r} is not a number")
            continue
        if not low <= value <= high:
            problems.append(f"{where}: the stored figure {name!r} = {stored[name]} lies outside the band "
                            f"({low}, {high}) that its cell claims; re-execute the chapter instead of editing it")
    return problems


def english_notebooks(root: Path = ROOT) -> list[Path]:
    return sorted((root / "book" / config.SOURCE).glob("*.ipynb"))


def all_convention_problems(root: Path = ROOT) -> list[str]:
    """The convention problems of every notebook of every edition."""
    return [q for p in sorted((root / "book").rglob("*.ipynb")) if "_build" not in p.parts
            for q in convention_problems(p, root)]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("execute", help="re-execute English chapters and write outputs back (then run editions sync)")
    run.add_argument("paths", nargs="*", type=Path)
    sub.add_parser("check", help="check the notebook conventions of every edition")
    args = parser.parse_args(argv)
    if args.command == "execute":
        paths = [p.resolve() for p in args.paths] or english_notebooks()
        for p in paths:
            if p.parent.name != config.SOURCE:
                raise SystemExit(f"{p}: execute the English chapter; translations take its code and outputs")
            print(f"executing {p.relative_to(ROOT)}", flush=True)
            execute(p)
    else:
        problems = all_convention_problems()
        print("\n".join(problems) or "notebook conventions: ok")
        sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
