"""Draw a backward graph with matplotlib: nodes, edges and what each node saved."""
from __future__ import annotations

from typing import Any, Mapping

import torch

from autograd_book.autograd_tools import FREED, format_value, graph_nodes


SEQUENCE_NR_MAX = 2**64 - 1  # AccumulateGrad's sequence number (UINT64_MAX), so it runs as soon as it is ready
# Every word a drawing writes is a code name (node and attribute names, `variable`, `seq_nr`) or a
# symbol the caption explains (B, v0, <freed>), so one picture serves every edition of the book.
FREED_COLOUR = "#c62828"  # the text of saved values that backward() freed (mark_freed="values")


def _depths(children: list[list[int]]) -> list[int]:
    """Longest distance from the root, so every edge points one or more rows down."""
    depth = [0] * len(children)
    changed = True
    while changed:
        changed = False
        for parent, kids in enumerate(children):
            for kid in kids:
                if depth[kid] < depth[parent] + 1:
                    depth[kid] = depth[parent] + 1
                    changed = True
    return depth


def graph_layout(children: list[list[int]]) -> list[tuple[float, float]]:
    """(x, y) of each node: the root on top, one row per depth, rows centred."""
    depth = _depths(children)
    rows: dict[int, list[int]] = {}
    for i, d in enumerate(depth):
        rows.setdefault(d, []).append(i)
    pos = [(0.0, 0.0)] * len(children)
    for d, members in rows.items():
        for k, i in enumerate(members):
            pos[i] = (k - (len(members) - 1) / 2, -float(d))
    return pos


def draw_graph(
    root: torch.Tensor | Any,
    names: Mapping[str, torch.Tensor] | None = None,
    title: str | None = None,
    ax: Any = None,
    mark_freed: str = "box",
    sequence_nr: bool = False,
    versions: bool = False,
    fontsize: float = 11,
):
    """Draw the graph behind ``root`` and return the matplotlib Figure.

    Each box names a node and lists its saved values; saved values that
    backward() has freed read ``<freed>``. ``mark_freed="box"`` paints the
    whole box of such a node red; ``mark_freed="values"`` keeps the node's
    box in its usual colour and writes only the freed values in red, which
    says what backward() releases: the saved values, not the node. Leaves
    named in ``names`` label their ``AccumulateGrad`` box (``variable = a``,
    after the node's ``.variable``).

    ``sequence_nr=True`` adds each node's sequence number, counted from the
    smallest in the graph (``seq_nr 0``; ``AccumulateGrad`` reads
    ``seq_nr max``: its number is the largest an unsigned 64-bit integer holds).
    ``versions=True`` adds the version counter of each named leaf and of
    each saved tensor (``v1``). ``fontsize`` sets the text size in points;
    the figure grows with it (11 points, the default, stays legible when a
    one-column drawing is shrunk to a phone's width).
    """
    if mark_freed not in ("box", "values"):
        raise ValueError(f"mark_freed is 'box' or 'values', not {mark_freed!r}")
    import matplotlib.pyplot as plt

    labels = {id(t): label for label, t in (names or {}).items()}
    nodes = graph_nodes(root)
    ordinary = [g.node._sequence_nr() for g in nodes if g.node._sequence_nr() != SEQUENCE_NR_MAX]
    first = min(ordinary) if ordinary else 0
    scale = fontsize / 11
    pos = graph_layout([g.children for g in nodes])
    width = max(x for x, _ in pos) - min(x for x, _ in pos) + 1
    height = -min(y for _, y in pos) + 1
    if ax is None:
        fig, ax = plt.subplots(figsize=(max(3.0, 2.6 * width) * scale, max(2.0, 1.2 * height) * scale))
    else:
        fig = ax.figure
    boxes = {}
    for g in nodes:
        x, y = pos[g.index]
        head = g.name
        if g.variable is not None:
            name = labels.get(id(g.variable))
            leaf = "variable" + (f" = {name}" if name else "")
            if versions:
                leaf += f" v{g.variable._version}"
            head += f"\n{leaf}"
        if sequence_nr:
            seq = g.node._sequence_nr()
            head += "\nseq_nr max" if seq == SEQUENCE_NR_MAX else f"\nseq_nr {seq - first}"
        saved_lines = [f"{k} = {format_value(v)}" + (f" v{v._version}" if versions and isinstance(v, torch.Tensor) else "")
                       for k, v in g.saved.items()]
        freed = any(v is FREED for v in g.saved.values())
        text = head + ("\n" + "\n".join(saved_lines) if saved_lines else "")
        node_face = "#e3f2e1" if g.variable is not None else "#e4ecf7"
        if mark_freed == "box" or not freed:
            face = "#fde2e2" if freed else node_face
            boxes[g.index] = ax.text(x, y, text, ha="center", va="center", fontsize=fontsize, family="monospace",
                                     bbox=dict(boxstyle="round,pad=0.4", facecolor=face, edgecolor="#333333"))
            continue
        # Two texts with the same lines, padded to one width in a monospace font, so they
        # line up: the box with everything but the freed values, and the freed values in red.
        lines = text.split("\n")
        width_chars = max(len(line) for line in lines)
        is_freed = [False] * (len(lines) - len(saved_lines)) + [v is FREED for v in g.saved.values()]
        blank = " " * width_chars
        kept = "\n".join(blank if f else line.ljust(width_chars) for line, f in zip(lines, is_freed))
        gone = "\n".join(line.ljust(width_chars) if f else blank for line, f in zip(lines, is_freed))
        boxes[g.index] = ax.text(x, y, kept, ha="center", va="center", fontsize=fontsize, family="monospace",
                                 bbox=dict(boxstyle="round,pad=0.4", facecolor=node_face, edgecolor="#333333"))
        ax.text(x, y, gone, ha="center", va="center", fontsize=fontsize, family="monospace",
                color=FREED_COLOUR, fontweight="bold")
    # Each arrow runs from the bottom of a node's box to the top of the next one's, whatever the
    # boxes' sizes (positions relative to the text, measured when drawn; shrunk by the box's padding).
    gap = 0.4 * fontsize + 1
    for g in nodes:
        for c in g.children:
            ax.annotate("", xy=(0.5, 1), xycoords=boxes[c], xytext=(0.5, 0), textcoords=boxes[g.index],
                        arrowprops=dict(arrowstyle="->", color="#555555", shrinkA=gap, shrinkB=gap))
    ax.set_xlim(min(x for x, _ in pos) - 0.7, max(x for x, _ in pos) + 0.7)
    ax.set_ylim(min(y for _, y in pos) - 0.6, 0.6)
    ax.axis("off")
    if title:
        ax.set_title(title, family="monospace", fontsize=fontsize + 1)  # code, such as "↓ out.backward()"
    return fig
