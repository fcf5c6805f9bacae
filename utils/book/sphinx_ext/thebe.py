"""Jupyter Book 1.0.4 always loads sphinx-thebe; the book has no live code. Its event handlers
are taken off, and the Thebe assets it adds to pages are dropped."""
from __future__ import annotations

# The versions this patch was written for (tests/test_sphinx_patches.py).
PATCHED = {"jupyter-book": "1.0.4.post1", "sphinx-thebe": "0.3.1", "sphinx": "7.4.7"}


def _is_thebe(asset) -> bool:
    text = f"{getattr(asset, 'filename', '') or ''} {getattr(asset, 'attributes', {}).get('body', '')}"
    return "thebe" in text.lower()


def drop_thebe(app, pagename, templatename, context, doctree):
    """The book has no live-code cells: drop Thebe's scripts, which Jupyter Book
    1.0.4 includes twice (a console error) and which point at a CDN."""
    if app.config.book_stock:
        return
    for key in ("script_files", "css_files"):
        if key in context:
            context[key] = [a for a in context[key] if not _is_thebe(a)]



def disconnect_thebe(app, config):
    """Jupyter Book 1.0.4 always loads sphinx_thebe, which writes into every page a Thebe
    configuration naming an unrelated Binder repository (binder-examples/...) and adds its
    scripts. The book has no live code: take sphinx_thebe's event handlers off before the
    build starts (tests/test_colab.py checks that no page mentions Thebe or Binder)."""
    if config.book_stock:
        return
    for listeners in app.events.listeners.values():
        for listener in list(listeners):
            if getattr(listener.handler, "__module__", "") == "sphinx_thebe":
                app.disconnect(listener.id)

