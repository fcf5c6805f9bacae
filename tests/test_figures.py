"""svg_figures(): a figure leaves the kernel as SVG (the page) and PNG (the PDF), byte for byte
the same on every run, so nbval can compare the SVG and a re-execution changes no stored output."""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from IPython.core.interactiveshell import InteractiveShell  # noqa: E402

from autograd_book.figures import SVG_SALT, svg_figures  # noqa: E402


def _formats(fig) -> dict:
    data, _ = InteractiveShell.instance().display_formatter.format(fig)
    return data


def test_a_figure_is_shown_as_svg_and_png_the_same_on_every_run():
    svg_figures()
    assert matplotlib.rcParams["svg.hashsalt"] == SVG_SALT
    runs = []
    for _ in range(2):
        fig, ax = plt.subplots(figsize=(3, 2))
        ax.plot([1, 2, 4], label="retain_graph=True")
        ax.legend()
        runs.append(_formats(fig))
        plt.close(fig)
    assert {"image/svg+xml", "image/png"} <= set(runs[0])
    assert runs[0]["image/svg+xml"] == runs[1]["image/svg+xml"] and runs[0]["image/png"] == runs[1]["image/png"]
    assert "<dc:date>" not in runs[0]["image/svg+xml"]


def test_without_the_salt_two_runs_differ():
    """What svg_figures() prevents: matplotlib's default SVG ids are random."""
    svg_figures()
    matplotlib.rcParams["svg.hashsalt"] = None
    try:
        runs = []
        for _ in range(2):
            fig, ax = plt.subplots(figsize=(3, 2))
            ax.plot([1, 2, 4])
            ax.set_clip_on(True)
            runs.append(_formats(fig)["image/svg+xml"])
            plt.close(fig)
        assert runs[0] != runs[1]
    finally:
        svg_figures()
