"""Colab and downloaded notebooks: the setup cell (derived from the torch pin) says which torch
release the stored outputs come from when another one runs, every setup cell follows the pin, the
Colab button appears only when the book is published, and no page carries Thebe or Binder
settings. The reader notebooks themselves, which carry the package, are tested in
tests/test_reader_notebooks.py and tests/test_bare_environment.py."""
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from utils.book import config, launch, notebooks, yamlread
from utils.book.editions import data

ROOT = Path(__file__).resolve().parents[1]
CHAPTER = "graph_basics"


def run_release_check(release: str) -> str:
    """The setup cell's release check run against a stand-in torch whose version is ``release``."""
    code = ("import sys, types\n"
            f"sys.modules['torch'] = types.SimpleNamespace(__version__={release!r})\n"
            + notebooks.setup_cell_source())
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_the_setup_cell_names_both_releases_only_when_they_differ():
    pinned = config.pins()["torch"]
    assert run_release_check(pinned) == "" and run_release_check(pinned + "+cu128") == ""
    said = run_release_check("2.5.1+cu121")
    assert f"come from torch {pinned}" in said and "this is torch 2.5.1+cu121" in said


def test_a_translated_reader_notebook_names_the_releases_in_its_language():
    from utils.book import reader_notebooks as rn

    pinned = config.pins()["torch"]
    for key in config.translations():
        check = notebooks.release_check_source(edition=key)
        assert check in next(c.source for c in rn.reader_notebook(key, "preface").cells if c.cell_type == "code")
        code = "import sys, types\nsys.modules['torch'] = types.SimpleNamespace(__version__='2.5.1')\n" + check
        said = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60).stdout
        assert f"torch {pinned}" in said and "torch 2.5.1" in said and re.search(r"[\u4e00-\u9fff]", said), (key, said)


def test_the_setup_cell_follows_the_torch_pin(small_book):
    req = small_book / "requirements.txt"
    req.write_text(re.sub(r"^torch==\S+", "torch" + "==9.9.9", req.read_text(encoding="utf-8"), flags=re.M), encoding="utf-8")
    config._pins.cache_clear()  # the small book's pins were read when it was made
    assert '"9.9.9"' in notebooks.setup_cell_source(small_book)
    stale = [p for p in (small_book / "book").rglob("*.ipynb")
             if any("Colab setup cell" in q for q in notebooks.convention_problems(p, small_book))]
    assert len(stale) == len(list((small_book / "book").rglob("*.ipynb"))) > 0


def test_no_setup_cell_fetches_anything():
    for key in config.editions():
        for name, path in data.edition_pages(key).items():
            if path.suffix == ".ipynb":
                first = next(c for c in notebooks.read_notebook(path).cells if c.cell_type == "code")
                assert not re.search(r"subprocess|pip|git|urllib|http|utils", first.source), path


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


def test_a_published_repository_gets_colab_buttons_that_open_the_reader_notebooks(small_book):
    from utils.book import build

    chapter = "demo"  # the small book's (tests/small_book.py)
    cfg_path = small_book / "_config.yml"
    cfg = yamlread.load(cfg_path.read_text(encoding="utf-8"))
    cfg["repository"].update(url="https://github.com/someone/their-book", published=True, site_branch="pages")
    cfg_path.write_text(yaml.safe_dump(cfg, allow_unicode=True, sort_keys=False), encoding="utf-8")
    config._load.cache_clear()  # the small book's settings were read when it was made
    for key in config.editions(small_book):
        derived = build.edition_config(config.load(small_book), key)
        repo, colab = derived["repository"], derived["launch_buttons"]["colab_url"]
        # sphinx-book-theme 1.3.0 (header_buttons/launch.py) writes this address from those settings:
        themes = f"{colab}/github/someone/their-book/blob/{repo['branch']}/{repo['path_to_book']}/{chapter}.ipynb"
        want = f"https://colab.research.google.com/github/someone/their-book/blob/pages/{key}/_sources/{chapter}.ipynb"
        assert themes == launch.colab_url(key, chapter, small_book) == want
    cfg["repository"]["url"] = "https://gitlab.com/someone/their-book"
    cfg_path.write_text(yaml.safe_dump(cfg, allow_unicode=True, sort_keys=False), encoding="utf-8")
    config._load.cache_clear()
    with pytest.raises(SystemExit, match="not a GitHub repository"):
        build.edition_config(config.load(small_book), "en")


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


def test_the_preface_says_how_to_run_a_chapter_today():
    """Download, open in Jupyter or upload to Colab; the Colab button only once published; no rocket."""
    for key in config.editions():
        nb = notebooks.read_notebook(data.edition_pages(key)["preface"])
        text = next(c.source for c in nb.cells if c.get("id") == "how-to-read")
        assert all(word in text for word in ("`.ipynb`", "zip", "Colab", "Jupyter", "`autograd_book`")), key
        assert not re.search(r"rocket|火箭|git clone|myst-nb", text, re.I), key
