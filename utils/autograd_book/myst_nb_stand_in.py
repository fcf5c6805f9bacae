"""What a chapter uses of myst-nb, where myst-nb is not installed (a reader notebook on Colab or in
a plain Jupyter): ``from myst_nb import glue``.

On the site, ``glue(name, value)`` stores a value for the prose to show ({glue:text}); a reader
notebook has that value written into its prose already (utils/book/reader_notebooks.py), so here
``glue`` only shows the value where myst-nb would (``display=True``). The setup cell of a reader
notebook registers this module as ``myst_nb`` only when no real myst-nb is importable.
"""
from __future__ import annotations

from typing import Any


def glue(name: str, variable: Any, display: bool = True) -> None:
    """Show ``variable`` when ``display`` is true, as myst-nb does; store nothing."""
    if display:
        from IPython.display import display as show

        show(variable)
