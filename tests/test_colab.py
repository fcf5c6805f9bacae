"""Colab and downloaded notebooks: the setup cell fetches utils wherever it is missing, the
repository URL comes from _config.yml only, and no page carries Thebe or Binder settings."""
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import yaml

from utils.book import config, launch, notebooks
from utils.book.editions import data

ROOT = Path(__file__).resolve().parents[1]
CHAPTER = "graph_basics"

# Runs a setup cell the way a fresh kernel would: without the book's checkout on sys.path
# (the venv's .pth file puts it there), optionally with a stand-in google.colab module,
# then runs the chapter's own import lines and reports where utils came from.
RUNNER = textwrap.dedent("""
    import importlib.util, os, sys, types
    checkout, where, setup_file, imports_file = sys.argv[1:5]
    sys.path = [p for p in sys.path if os.path.realpath(p or os.getcwd()) != os.path.realpath(checkout)]
    assert importlib.util.find_spec("utils") is None, "utils is importable before the setup cell"
    if where == "colab":
        google, colab = types.ModuleType("google"), types.ModuleType("google.colab")
        google.colab = colab
        sys.modules.update({"google": google, "google.colab": colab})
    exec(open(setup_file).read())
    exec(open(imports_file).read())
    import utils
    print("UTILS", os.path.realpath(utils.__file__))
""")


def chapter_imports(name: str) -> str:
    """The import lines of every code cell of an English chapter but the setup cell."""
    nb = notebooks.read_notebook(ROOT / "book" / "en" / f"{name}.ipynb")
    code = [c for c in nb.cells if c.cell_type == "code"][1:]
    return "\n".join(line for c in code for line in c.source.splitlines()
                     if re.match(r"(import|from) \S+", line))


def remote_repository(tmp_path: Path) -> Path:
    """A local git repository holding the book's utils/ on branch main: the 'GitHub' of the test."""
    remote = tmp_path / "remote" / "autograd-graph-book"
    import shutil

    shutil.copytree(ROOT / "utils", remote / "utils", ignore=shutil.ignore_patterns("__pycache__"))
    git = ["git", "-c", "user.name=test", "-c", "user.email=test@example.invalid"]
    subprocess.run(["git", "init", "-q", "-b", "main", str(remote)], check=True)
    subprocess.run(git + ["-C", str(remote), "add", "-A"], check=True)
    subprocess.run(git + ["-C", str(remote), "commit", "-q", "-m", "utils"], check=True)
    return remote


def point_config_at(book_copy: Path, url: str) -> None:
    cfg_path = book_copy / "_config.yml"
    cfg = yaml.safe_load(cfg_path.read_text(encoding="utf-8"))
    cfg["repository"]["url"] = url
    cfg_path.write_text(yaml.safe_dump(cfg, allow_unicode=True, sort_keys=False), encoding="utf-8")
    shutil_requirements = ROOT / "requirements.txt"
    (book_copy / "requirements.txt").write_text(shutil_requirements.read_text(encoding="utf-8"), encoding="utf-8")


def run_setup_cell(book_copy: Path, tmp_path: Path, where: str) -> subprocess.CompletedProcess:
    work = tmp_path / f"kernel-{where}"
    work.mkdir()
    (work / "setup.py").write_text(notebooks.setup_cell_source(book_copy), encoding="utf-8")
    (work / "imports.py").write_text(chapter_imports(CHAPTER), encoding="utf-8")
    (work / "runner.py").write_text(RUNNER, encoding="utf-8")
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    return subprocess.run([sys.executable, "runner.py", str(ROOT), where, "setup.py", "imports.py"],
                          cwd=work, env=env, capture_output=True, text=True, timeout=300)


@pytest.mark.slow  # runs a chapter in a subprocess (a clone, a kernel)
@pytest.mark.parametrize("where", ["colab", "downloaded"])
def test_setup_cell_fetches_utils_and_the_chapter_imports_work(book_copy, tmp_path, where):
    remote = remote_repository(tmp_path)
    point_config_at(book_copy, f"file://{remote}")
    result = run_setup_cell(book_copy, tmp_path, where)
    assert result.returncode == 0, result.stderr[-3000:]
    clone = tmp_path / f"kernel-{where}" / "autograd-graph-book"
    assert f"UTILS {clone.resolve() / 'utils' / '__init__.py'}" in result.stdout, result.stdout
    assert "from utils import" in chapter_imports(CHAPTER)


def test_setup_cell_fails_when_the_repository_is_wrong(book_copy, tmp_path):
    point_config_at(book_copy, f"file://{tmp_path / 'no-such-repository'}")
    result = run_setup_cell(book_copy, tmp_path, "colab")
    assert result.returncode != 0 and "CalledProcessError" in result.stderr


def test_setup_cell_does_nothing_in_a_checkout(tmp_path):
    """In the book's own checkout utils is importable: no clone, no pip."""
    source = notebooks.setup_cell_source()
    result = subprocess.run([sys.executable, "-c", source], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert not (ROOT / "autograd-graph-book").exists()


def test_setup_cell_and_its_pin_come_from_the_config():
    url, branch = config.repository()
    source = notebooks.setup_cell_source()
    assert url in source and f'"--branch", "{branch}"' in source
    assert config.pin("myst-nb") in source
    assert not re.search(r"myst-nb==(?!" + re.escape(config.pins()["myst-nb"]) + ")", source)


def test_every_setup_cell_names_the_repository():
    url, _ = config.repository()
    for key in config.editions():
        for name, path in data.edition_pages(key).items():
            if path.suffix == ".ipynb":
                first = next(c for c in notebooks.read_notebook(path).cells if c.cell_type == "code")
                assert url in first.source, path


def test_a_changed_repository_url_flags_every_setup_cell(book_copy):
    point_config_at(book_copy, "https://github.com/someone-else/another-book")
    stale = [p for p in (book_copy / "book").rglob("*.ipynb")
             if any("Colab setup cell" in q for q in notebooks.convention_problems(p, book_copy))]
    assert len(stale) == len(list((book_copy / "book").rglob("*.ipynb"))) > 0


# ------------------------------------------------------------ the built pages

def colab_links(html: str) -> list[str]:
    return re.findall(r'href="(https://colab\.research\.google\.com[^"]*)"', html)


def thebe_or_binder(html: str) -> list[str]:
    return re.findall(r"[^\n]{0,40}(?:thebe|binder)[^\n]{0,40}", html, re.I)


def test_the_page_checks_see_a_colab_link_and_thebe():
    page = '<a href="https://colab.research.google.com/github/executablebooks/jupyter-book/blob/master/x.ipynb">'
    assert colab_links(page)
    assert thebe_or_binder('<script type="text/x-thebe-config">{binderOptions: {}}</script>')


def test_no_colab_button_until_the_repository_is_published():
    """repository.published is false while repository.url is a placeholder: the theme gets no colab_url."""
    from utils.book import build

    base = config.load()
    assert launch.published(base) is False, "published: true needs the site on the repository's site_branch"
    for key in config.editions():
        cfg = build.edition_config(base, key)
        assert "colab_url" not in cfg["launch_buttons"] and "published" not in cfg["repository"], key
        assert launch.colab_url(key, CHAPTER) is None


def test_a_published_repository_gets_colab_buttons_that_open_the_reader_notebooks(book_copy):
    from utils.book import build

    cfg_path = book_copy / "_config.yml"
    cfg = yaml.safe_load(cfg_path.read_text(encoding="utf-8"))
    cfg["repository"].update(url="https://github.com/someone/their-book", published=True, site_branch="pages")
    cfg_path.write_text(yaml.safe_dump(cfg, allow_unicode=True, sort_keys=False), encoding="utf-8")
    for key in config.editions():
        derived = build.edition_config(config.load(book_copy), key)
        repo, colab = derived["repository"], derived["launch_buttons"]["colab_url"]
        # sphinx-book-theme 1.3.0 (header_buttons/launch.py) writes this address from those settings:
        themes = f"{colab}/github/someone/their-book/blob/{repo['branch']}/{repo['path_to_book']}/{CHAPTER}.ipynb"
        want = f"https://colab.research.google.com/github/someone/their-book/blob/pages/{key}/_sources/{CHAPTER}.ipynb"
        assert themes == launch.colab_url(key, CHAPTER, book_copy) == want
    cfg["repository"]["url"] = "https://gitlab.com/someone/their-book"
    cfg_path.write_text(yaml.safe_dump(cfg, allow_unicode=True, sort_keys=False), encoding="utf-8")
    config._load.cache_clear()
    with pytest.raises(SystemExit, match="not a GitHub repository"):
        build.edition_config(config.load(book_copy), "en")


@pytest.mark.slow
def test_launch_links_match_the_setting_and_no_page_has_thebe(site):
    """No Colab link while the repository is not published; once it is, each one opens its page's
    reader notebook (utils/book/launch.py). The download button serves the reader notebook."""
    from utils.book import reader_notebooks

    for page in site.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        edition = page.relative_to(site).parts[0]
        want = [launch.colab_url(edition, page.stem)] if launch.published(config.load()) and \
            (site / edition / "_sources" / f"{page.stem}.ipynb").exists() else []
        assert colab_links(html) == want, page
        assert thebe_or_binder(html) == [], page
    for key in config.editions():
        for name in reader_notebooks.chapters(key):
            nb = notebooks.read_notebook(site / key / "_sources" / f"{name}.ipynb")
            assert reader_notebooks.leftovers(nb) == [] and "colab" in nb.metadata, (key, name)
