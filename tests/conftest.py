# package-rewrite: skip  (this file names `utils` on purpose: `python -m utils.book.package rewrite` leaves it)
import os
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import utils  # noqa: E402,F401  (puts this checkout's utils/, the package autograd_book, first on sys.path)
from utils.book import package  # noqa: E402

# The tests set the path they test: nbval's kernels (and any subprocess) import this checkout's
# autograd_book, whatever the venv's .pth points to; no kernel finds a module named utils.
os.environ.update(package.kernel_env(root=ROOT))

from no_skip_in_ci import pytest_runtest_makereport  # noqa: E402,F401  (a hook: no skip passes in CI)

# `make check` runs its tests in two pytest processes side by side (`--part torch-free` and
# `--part rest`), not in pytest-xdist workers, each of which imports and collects every file
# (torch included: 3.7 CPU-s a worker) and imports torch._dynamo at its first optimizer. The
# torch-free part collects only these files, which import no torch, about half of the fast tier's
# work; the rest part every other file (a new file goes there unless listed here). A torch-free
# run that imports torch fails and names the test that did: take its file out of this list.
TORCH_FREE = {
    "test_anchors.py", "test_bare_environment.py", "test_bare_source.py", "test_build.py",
    "test_checker_rules.py", "test_colab.py", "test_cuda_review.py", "test_editions.py",
    "test_error_index.py", "test_fast_paths.py", "test_figures.py", "test_figures_browser.py", "test_glossary.py",
    "test_issue_links.py", "test_leadins.py", "test_mutation.py", "test_myst.py", "test_no_skip_in_ci.py",
    "test_node_run.py", "test_page_weight.py", "test_page_weight_browser.py", "test_pdf.py", "test_phone_browser.py",
    "test_reader_notebooks.py", "test_reading_browser.py", "test_real_questions.py", "test_refs.py", "test_search.py",
    "test_search_browser.py", "test_site_browser.py", "test_sphinx_patches.py", "test_stamps.py",
    "test_tool_modules.py", "test_typography_browser.py", "test_ui_strings.py", "test_verbs.py",
}
TESTS = Path(__file__).resolve().parent


def pytest_addoption(parser):
    parser.addoption("--part", choices=("torch-free", "rest"), default=None,
                     help="make check's halves: only the files of TORCH_FREE (tests/conftest.py), or only the others")


def pytest_ignore_collect(collection_path, config):
    part = config.getoption("part")
    if part is None or collection_path.is_dir():
        return None
    listed = collection_path.parent == TESTS and collection_path.name in TORCH_FREE
    if part == "torch-free":
        return True if not listed else None
    return True if listed else None


class _TorchWatch:
    """In the torch-free part: the test (or the file being collected) that first imports torch."""

    def __init__(self):
        self.now, self.first = "startup", None

    def find_spec(self, name, path=None, target=None):
        if self.first is None and name.split(".")[0] == "torch":
            self.first = self.now
        return None


_watch = _TorchWatch()


def pytest_configure(config):
    if config.getoption("part") == "torch-free" and "torch" not in sys.modules:
        sys.meta_path.insert(0, _watch)


def pytest_collectstart(collector):
    _watch.now = f"collecting {collector.nodeid}"


def pytest_runtest_setup(item):
    _watch.now = item.nodeid


def pytest_sessionfinish(session):
    if session.config.getoption("part") == "torch-free" and ("torch" in sys.modules or _watch.first):
        session.config.pluginmanager.get_plugin("terminalreporter").write_line(
            f"\nThe torch-free part imported torch ({_watch.first or 'before the tests'}): take its file out of "
            "TORCH_FREE in tests/conftest.py (make check then runs it in the other part)", red=True, bold=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


@pytest.fixture
def book_copy(tmp_path: Path) -> Path:
    """A throw-away copy of the book's sources, to plant bad input in."""
    dest = tmp_path / "repo"
    dest.mkdir()
    for name in ("_config.yml", "_toc.yml", "pytest.ini", "requirements.txt"):
        shutil.copy(ROOT / name, dest / name)
    shutil.copytree(ROOT / "book", dest / "book", ignore=shutil.ignore_patterns("_build", ".ipynb_checkpoints"))
    shutil.copytree(ROOT / "utils", dest / "utils", ignore=shutil.ignore_patterns("__pycache__"))
    (dest / "tests").mkdir()
    shutil.copy(ROOT / "tests" / "nbval_sanitize.cfg", dest / "tests" / "nbval_sanitize.cfg")
    return dest


def build_site(out: Path) -> Path:
    from utils.book import build, config

    for key in config.editions():
        build.build_edition(key, out=out, fresh=True)
    build.build_landing(out=out)
    return out / "html"


@pytest.fixture(scope="session")
def site(tmp_path_factory, worker_id) -> Path:
    """The whole site, built fresh once per test run into a temporary folder (warnings are
    errors: a warning fails here). Nothing is written to the repository's _build/. Under
    pytest-xdist the first worker that needs it builds it while holding a lock in the run's
    shared temporary folder; the others wait and use it."""
    from filelock import FileLock

    base = tmp_path_factory.getbasetemp()
    shared = base.parent if worker_id != "master" else base
    out, done = shared / "site", shared / "site.built"
    with FileLock(str(shared / "site.lock")):
        if not done.exists():
            build_site(out)
            done.write_text("built\n", encoding="utf-8")
    return out / "html"


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium (Debian's) for every browser test of the run."""
    from browser_tools import ARGS, require_chromium
    from playwright.sync_api import sync_playwright

    chromium = require_chromium()
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium, args=ARGS)
        yield b
        b.close()


PHONE = {"width": 390, "height": 844}


@pytest.fixture
def phone_page(browser):
    """A new Chromium page at a phone's size (390x844), closed after the test."""
    page = browser.new_page(viewport=PHONE)
    yield page
    page.close()


@pytest.fixture(scope="session")
def one_page_site(tmp_path_factory):
    """``one_page_site(markdown)``: the URL of ``markdown`` built as the one page of a Sphinx project
    with the book's extension (sphinx-exercise and colon fences too), in zh-Hant (``edition``,
    ``language`` for another), warnings as errors, and served on localhost for the session: the
    browser tests of one directive (tests/test_exercises_browser.py, tests/test_reading_browser.py)."""
    import subprocess

    from browser_tools import serve

    servers = []

    def build(markdown: str, edition: str = "zh-hant", language: str = "zh_TW") -> str:
        src = tmp_path_factory.mktemp("page")
        (src / "conf.py").write_text('extensions = ["myst_parser", "sphinx_exercise", "utils.book.sphinx_ext"]\n'
                                     'myst_enable_extensions = ["colon_fence"]\n'
                                     f'book_edition = "{edition}"\nlanguage = "{language}"\n', encoding="utf-8")
        (src / "index.md").write_text(markdown, encoding="utf-8")
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        subprocess.run([sys.executable, "-m", "sphinx", "-W", "-q", "-b", "html", str(src), str(src / "_build")],
                       check=True, env=env)
        server, url = serve(src / "_build")
        servers.append(server)
        return f"{url}/index.html"

    yield build
    for server in servers:
        server.shutdown()


@pytest.fixture(scope="session")
def origin(site):
    """The built site, served on localhost."""
    from browser_tools import serve

    server, url = serve(site)
    yield url
    server.shutdown()


def pytest_collection_modifyitems(config, items):
    """nbval's cells execute a whole chapter: they belong to the slow tier, so that
    `pytest -m "not slow"` (and `make check`) runs no notebook. Then the files are put in the
    order `make test` hands them to its workers (see run_order)."""
    for item in items:
        if str(item.fspath).endswith(".ipynb"):
            item.add_marker(pytest.mark.slow)
    items[:] = run_order(items)


def run_order(items: list) -> list:
    """The items, whole files longest first (the tests of a file keep their order).

    `make test` gives each worker a file at a time, in this order (pytest-xdist's --dist loadfile
    --no-loadscope-reorder; by default it would order files by their number of tests, which left
    the PDF build and the page loads for the end while the other worker idled). First the file
    that builds the PDFs, which needs no site: one worker builds them while the other builds the
    site. Then the files that use the site (browser tests), then the notebooks (nbval, and the
    reader notebooks in a bare environment), then the
    unit tests, short ones that fill the gaps at the end. Within each kind, more tests first."""
    def kind(item) -> int:
        names = getattr(item, "fixturenames", ())
        if "pdfs" in names:
            return 0
        if "site" in names:
            return 1
        if "bare_python" in names:  # tests/test_bare_environment.py: a venv and kernels, like nbval
            return 2
        return 2 if item.nodeid.split("::")[0].endswith(".ipynb") else 3

    files: dict[str, list] = {}
    for item in items:
        files.setdefault(item.nodeid.split("::")[0], []).append(item)
    rank = {name: (min(kind(i) for i in its), -len(its)) for name, its in files.items()}
    return [item for name in sorted(files, key=rank.__getitem__) for item in files[name]]


@pytest.fixture
def small_book(tmp_path: Path) -> Path:
    """A small synthetic book, every translation current (tests/small_book.py)."""
    import small_book as book

    return book.make(tmp_path / "small")


def pytest_collection_finish(session):
    """What collection imported (pytest, torch, torch._dynamo, sympy, nbformat: about a million
    objects) is moved out of the garbage collector's sight (gc.freeze): each full collection, an
    automatic one or the gc.collect() the doctor and the memory tests call after every step, then
    walks only what the tests themselves made. Frozen objects are never freed, and a test's own
    garbage is found as before."""
    import gc

    gc.collect()
    gc.freeze()
