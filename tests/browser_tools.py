"""What the browser tests share: Debian's Chromium, a quiet local server for a built site.

The fixtures `browser` (one Chromium for the whole run) and `origin` (the built site served on
localhost) are in conftest.py. In CI (CI=true) a missing Chromium is an error (`make test`
installs it); elsewhere the browser tests are skipped with a message saying how to install it.
"""
from __future__ import annotations

import functools
import http.server
import os
import shutil
import threading
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--disable-default-apps"]
INSTALL = "sudo apt-get install chromium fonts-wqy-microhei"


def require_chromium() -> str:
    """The Chromium executable; in CI its absence fails, elsewhere it skips the test."""
    if not CHROMIUM:
        if os.environ.get("CI") == "true":
            raise RuntimeError("CI=true but Chromium is missing: `make test` installs it (apt-get install chromium)")
        pytest.skip(f"Chromium is not installed: `{INSTALL}` to run the browser tests")
    return CHROMIUM


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(folder: Path):
    """(server, "http://127.0.0.1:PORT") serving ``folder``; call server.shutdown() when done."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def open_page(browser, url, viewport, **kw):
    """A new page at ``url`` with ``viewport``, once the network is idle."""
    page = browser.new_page(viewport=viewport, **kw)
    page.goto(url)
    page.wait_for_load_state("networkidle")
    return page


def open_pages(browser, urls, viewport, **kw):
    """open_page for each of ``urls``, the pages loading at once: each waits for half a second of
    network quiet, and together they wait once. The pages, in the order of ``urls``."""
    pages = []
    for url in urls:
        page = browser.new_page(viewport=viewport, **kw)
        page.goto(url, wait_until="commit")
        pages.append(page)
    for page in pages:
        page.wait_for_load_state("load")
        page.wait_for_load_state("networkidle")
    return pages


def evaluate_with_style(browser, url, viewport, css, script, arg=None, **kw):
    """What ``script`` returns on ``url`` once ``css`` is added to the page: how a check's test puts
    back the fault it guards against (the theme's style, a wrapped output) and sees the check fail."""
    page = open_page(browser, url, viewport, **kw)
    page.add_style_tag(content=css)
    try:
        return page.evaluate(script, arg)
    finally:
        page.close()
