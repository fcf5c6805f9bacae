"""How the book's figures leave a notebook: SVG for the web page, PNG for the PDF.

An SVG stays sharp at any zoom, so a reader on a phone can enlarge a drawing
(the page opens it at full size on a tap); the LaTeX build takes the PNG.
The SVG's date is left out and its element ids are salted with a fixed
string, so a re-run writes the same bytes and nbval can compare the figure.
"""
from __future__ import annotations

SVG_SALT = "autograd-graph-book"


def svg_figures() -> None:
    """Show every later figure of this kernel as SVG and PNG, the same bytes on every run."""
    import matplotlib
    from matplotlib_inline.backend_inline import set_matplotlib_formats

    matplotlib.rcParams["svg.hashsalt"] = SVG_SALT
    set_matplotlib_formats("svg", "png", bbox_inches="tight", metadata={"Date": None})
