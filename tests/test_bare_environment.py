"""The reader notebooks run where a reader opens them: a bare environment (a venv with torch,
ipykernel and matplotlib only: no checkout, no myst-nb, no PyYAML), an empty folder, no network.

Every chapter of every edition: its setup cell unpacks the helpers it carries, its imports cell
runs and every name it imports resolves, with nothing from the checkout. One whole English
chapter and one whole Chinese chapter run to the end in a Jupyter kernel there, their outputs as
stored (the judges' verdicts in the edition's language). A planted network call, a planted
import of the checkout and a setup cell that no longer carries the package each fail. A
reader's own module named ``utils`` keeps working beside the book's helpers.
(tests/bare_environment.py builds the environment; see its docstring.)
"""
# package-rewrite: skip  (this file names `utils` on purpose: `python -m utils.book.package rewrite` leaves it)
import re

import pytest

import bare_environment as bare
from utils.book import config, notebooks, reader_notebooks as rn

pytestmark = pytest.mark.slow  # a venv, kernels: not in make check

WHOLE = [("en", "graph_basics"), ("zh-hant", "variable")]
CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(scope="module")
def bare_python(tmp_path_factory):
    return bare.make_bare_venv(tmp_path_factory.mktemp("bare") / "venv")


@pytest.fixture(scope="module")
def reader():
    """{(edition, chapter): its reader notebook}, every chapter of every edition."""
    out = {}
    for key in config.editions():
        known = rn.targets(key)
        for page in rn.chapters(key):
            out[key, page] = rn.reader_notebook(key, page, known=known)
    return out


PROBE = ("import importlib.util\n"
         "for name in ('yaml', 'myst_nb', 'nbformat', 'nbclient', 'autograd_book', 'utils'):\n"
         "    assert importlib.util.find_spec(name) is None, name\n"
         "import torch, matplotlib, ipykernel, IPython")
NETWORK = "import socket\nsocket.create_connection(('192.0.2.1', 80), timeout=5)"  # TEST-NET-1, never routed


def test_every_reader_notebook_sets_up_and_imports_offline(bare_python, reader, tmp_path):
    """One bare process: the environment is bare and offline, then every notebook in turn."""
    jobs = [{"name": "bare", "setup": PROBE, "imports_cell": "", "imports": [], "probe": True},
            {"name": "offline", "setup": NETWORK, "imports_cell": "", "imports": [], "probe": True}]
    jobs += [bare.job(nb, f"{key}/{page}") for (key, page), nb in reader.items()]
    assert len(jobs) >= 2 + 3 * 11 and all(job["imports"] for job in jobs[3:])
    problems = bare.run_imports(bare_python, jobs, tmp_path / "empty")
    assert len(problems) == 1 and problems[0].startswith("offline: setup cell") and "OSError" in problems[0], problems


@pytest.mark.parametrize("edition,page", WHOLE)
def test_a_whole_chapter_runs_offline_as_stored(bare_python, reader, tmp_path, edition, page):
    nb = reader[edition, page]
    run = bare.run_notebook(bare_python, bare.copy_clean(nb), tmp_path / "empty")
    rules = notebooks.load_sanitizers()
    failed, verdicts = [], 0
    for stored, got in zip(nb.cells, run.cells):
        if stored.cell_type != "code":
            continue
        errors = [o for o in got.outputs if o.get("output_type") == "error"]
        if errors and notebooks.RAISES_TAG not in notebooks.tags(stored):
            failed.append(f"{stored.get('id')}: {errors[0].get('ename')}: {errors[0].get('evalue')}")
        if notebooks.RAISES_TAG in notebooks.tags(stored) and not errors:
            failed.append(f"{stored.get('id')}: raised nothing")
        want, text = (notebooks.sanitize(bare.stream_text(c), rules) for c in (stored, got))
        if "check(" in stored.source and edition != config.SOURCE:
            verdicts += 1  # the stored outputs are English's; here the judges speak the edition's language
            if not CJK.search(text):
                failed.append(f"{stored.get('id')}: a verdict not in {edition}: {text[:80]!r}")
        elif "nbval-ignore-output" not in notebooks.tags(stored) and want != text:
            failed.append(f"{stored.get('id')}: printed {text[:120]!r}, stored {want[:120]!r}")
    assert failed == []
    assert edition == config.SOURCE or verdicts > 0


def test_planted_faults_fail(bare_python, reader, tmp_path):
    """A setup cell without the package, a network call, an import of the checkout: each is
    reported (one bare process; the checkout's import last, as it leaves modules behind)."""
    chapter = reader["en", "graph_basics"]
    no_package, network, checkout = (bare.job(chapter, name) for name in ("no-package", "network", "checkout"))
    no_package["setup"] = notebooks.setup_cell_source()  # the book's own cell: nothing packed in it
    network["setup"] += "\nimport urllib.request\nurllib.request.urlopen('https://pypi.org/simple/myst-nb/', timeout=10)"
    checkout["setup"] += f"\nimport sys\nsys.path.append({str(bare.ROOT)!r})"
    checkout["imports"].append("from utils.book import config")
    problems = bare.run_imports(bare_python, [no_package, network, checkout], tmp_path / "empty")
    assert [p.split(":")[0] for p in problems][:2] == ["no-package", "network"], problems
    assert "ModuleNotFoundError" in problems[0] and re.search(r"network refused|URLError|OSError", problems[1])
    assert any(p.startswith("checkout:") and "from the checkout" in p for p in problems), problems


def test_a_readers_own_utils_keeps_working(bare_python, reader, tmp_path):
    """A reader whose project has a utils module, imported before the chapter's setup cell."""
    folder = tmp_path / "project"
    folder.mkdir()
    (folder / "utils.py").write_text("def hello():\n    return 'mine'\n", encoding="utf-8")
    job = bare.job(reader["zh-hans", "retain_graph"], "zh-hans/retain_graph")
    job["setup"] = "import utils\n" + job["setup"]
    job["imports"].append("import utils\nassert utils.hello() == 'mine', utils.__file__")
    assert bare.run_imports(bare_python, [job], folder) == []
