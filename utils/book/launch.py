"""The Colab button and the download button: where they lead.

Both serve a chapter's reader notebook (utils/book/reader_notebooks.py): the build writes it over
the copy of the source that the download button links (``<edition>/_sources/<page>.ipynb``), and
the Colab button opens that same file from GitHub, in the branch the built site is published
from (``repository.site_branch``, GitHub Pages' ``gh-pages`` by default):

    https://colab.research.google.com/github/ORG/REPO/blob/SITE_BRANCH/EDITION/_sources/PAGE.ipynb

While ``repository.published`` is false (the repository URL is still a placeholder, or the site
is not published from a branch of it), no Colab button is shown: it would open an error page.
"""
from __future__ import annotations

from pathlib import Path

from utils.book import config

ROOT = Path(__file__).resolve().parents[2]
OUR_KEYS = ("published", "site_branch")  # ours, not Jupyter Book's: taken out of the edition's configuration


def published(cfg: dict) -> bool:
    """``repository.published`` of a configuration (the whole _config.yml, or one derived from it)."""
    return bool(cfg.get("repository", {}).get("published", False))


def site_branch(cfg: dict) -> str:
    return cfg.get("repository", {}).get("site_branch", "gh-pages")


def github_repo(url: str) -> str:
    """ORG/REPO of a GitHub URL."""
    if "github.com/" not in url:
        raise SystemExit(f"repository.published is true but {url} is not a GitHub repository: Colab opens GitHub only")
    return url.rstrip("/").removesuffix(".git").split("github.com/", 1)[1]


def colab_url(edition: str, page: str, root: Path = ROOT) -> str | None:
    """The Colab button's address for ``page`` of ``edition``; None while none is shown."""
    cfg = config.load(root)
    if not published(cfg):
        return None
    base = cfg["launch_buttons"]["colab_url"].rstrip("/")
    return f"{base}/github/{github_repo(cfg['repository']['url'])}/blob/{site_branch(cfg)}/{edition}/_sources/{page}.ipynb"


def configure(cfg: dict, edition: str) -> dict:
    """Set the launch buttons of one edition's Jupyter Book configuration ``cfg`` (a copy of
    _config.yml; changed in place and returned)."""
    on, branch = published(cfg), site_branch(cfg)
    repo = cfg.setdefault("repository", {})
    for key in OUR_KEYS:
        repo.pop(key, None)
    buttons = cfg.setdefault("launch_buttons", {})
    if not on:
        buttons.pop("colab_url", None)  # no Colab button: the repository is not published
        return cfg
    github_repo(repo.get("url", ""))
    # sphinx-book-theme writes colab_url/github/ORG/REPO/blob/{branch}/{path_to_book}/{page}.ipynb
    repo["branch"] = branch
    repo["path_to_book"] = f"{edition}/_sources"
    return cfg
