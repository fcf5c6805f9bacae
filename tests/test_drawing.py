import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import torch  # noqa: E402

from autograd_book import draw_graph  # noqa: E402
from autograd_book.drawing import graph_layout  # noqa: E402


def test_layout_puts_every_child_below_its_parent():
    # 0 -> 1 -> 3, 0 -> 2 -> 3, 0 -> 3: node 3 must sit below both 1 and 2
    children = [[1, 2, 3], [3], [3], []]
    pos = graph_layout(children)
    for parent, kids in enumerate(children):
        for kid in kids:
            assert pos[kid][1] < pos[parent][1]
    assert pos[1][1] == pos[2][1]
    assert pos[1][0] != pos[2][0]


def test_draw_graph_draws_one_box_per_node_and_marks_freed():
    a = torch.ones(2, requires_grad=True)
    out = (a * 3).exp().sum()
    fig = draw_graph(out, names={"a": a}, title="t")
    texts = [t.get_text() for t in fig.axes[0].texts if t.get_text()]  # arrows are empty texts
    assert len(texts) == 4
    assert any("AccumulateGrad" in t and "variable = a" in t for t in texts)
    assert not any("<freed>" in t for t in texts)
    plt.close(fig)
    out.backward()
    fig = draw_graph(out, names={"a": a})
    texts = fig.axes[0].texts
    freed = [t for t in texts if "<freed>" in t.get_text()]
    assert len(freed) == 2  # ExpBackward0's result and MulBackward0's other
    red = matplotlib.colors.to_rgba("#fde2e2")
    assert all(t.get_bbox_patch().get_facecolor() == red for t in freed)
    plt.close(fig)


def test_mark_freed_values_keeps_the_node_colour_and_reddens_only_the_values():
    from autograd_book.drawing import FREED_COLOUR

    a = torch.ones(2, requires_grad=True)
    out = (a * 3).exp().sum()
    out.backward()
    fig = draw_graph(out, names={"a": a}, mark_freed="values")
    texts = [t for t in fig.axes[0].texts if t.get_text().strip()]
    red_box = matplotlib.colors.to_rgba("#fde2e2")
    boxes = [t for t in texts if t.get_bbox_patch() is not None]
    assert len(boxes) == 4 and not any(t.get_bbox_patch().get_facecolor() == red_box for t in boxes)
    freed_texts = [t for t in texts if "<freed>" in t.get_text()]
    assert len(freed_texts) == 2  # ExpBackward0's result and MulBackward0's other, in red, without a box
    assert all(t.get_bbox_patch() is None and matplotlib.colors.to_hex(t.get_color()) == FREED_COLOUR
               for t in freed_texts)
    assert all("<freed>" not in t.get_text() for t in boxes)
    plt.close(fig)
    try:
        draw_graph(out, mark_freed="nodes")
    except ValueError as exc:
        assert "mark_freed" in str(exc)
    else:
        raise AssertionError("an unknown mark_freed must be refused")


def test_sequence_numbers_and_versions_are_drawn_and_follow_the_graph():
    a = torch.ones(2, requires_grad=True)
    b = a.exp()
    out = (b * a).sum()
    fig = draw_graph(out, names={"a": a}, sequence_nr=True, versions=True, fontsize=13)
    texts = [t.get_text() for t in fig.axes[0].texts if t.get_text()]
    assert len(texts) == 4
    # relative to the graph's first node: exp 0, mul 1, sum 2; AccumulateGrad is the maximum
    assert any("ExpBackward0" in t and "seq_nr 0" in t and "result = float32[2] (8 B) v0" in t for t in texts)
    assert any("MulBackward0" in t and "seq_nr 1" in t for t in texts)
    assert any("SumBackward0" in t and "seq_nr 2" in t for t in texts)
    assert any("AccumulateGrad" in t and "seq_nr max" in t and "variable = a v0" in t for t in texts)
    assert all(t.get_fontsize() == 13 for t in fig.axes[0].texts if t.get_text())
    width_13 = fig.get_size_inches()[0]
    plt.close(fig)
    with torch.no_grad():
        a.add_(1)  # bumps a's version, which MulBackward0 saved
    fig = draw_graph(b, names={"a": a}, versions=True)
    texts = [t.get_text() for t in fig.axes[0].texts if t.get_text()]
    assert any("variable = a v1" in t for t in texts) and not any("seq_nr" in t for t in texts)
    assert fig.get_size_inches()[0] < width_13  # the default font (11) is smaller, and so is the figure
    plt.close(fig)


def test_a_drawing_writes_only_code_names_and_symbols_and_its_arrows_join_the_boxes():
    """One picture serves every edition: no English word but code names. Each arrow starts at its
    parent's box and ends at its child's, however tall the boxes (11-point text, three lines)."""
    import re

    x = torch.ones(3, requires_grad=True)
    loss = x.exp().sin().sum()
    loss.backward()
    fig = draw_graph(loss, names={"x": x}, title="↓ loss.backward()", mark_freed="values",
                     sequence_nr=True, versions=True)
    ax = fig.axes[0]
    words = set(re.findall(r"[A-Za-z_][A-Za-z_0-9]*", " ".join(t.get_text() for t in ax.texts) + ax.get_title()))
    code_names = {"SumBackward0", "SinBackward0", "ExpBackward0", "AccumulateGrad", "self_sym_sizes", "self",
                  "result", "variable", "x", "seq_nr", "max", "freed", "loss", "backward", "v0"}
    assert words <= code_names, words - code_names
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    boxes = [t for t in ax.texts if t.get_bbox_patch() is not None]
    arrows = [c for c in ax.get_children() if getattr(c, "arrow_patch", None) is not None]
    assert len(arrows) == 3
    frames = [b.get_bbox_patch().get_window_extent(renderer) for b in boxes]
    for arrow in arrows:
        path = arrow.arrow_patch.get_path().vertices  # display coordinates, from parent to child
        top, bottom = path[:, 1].max(), path[:, 1].min()
        assert any(abs(top - f.y0) < 4 for f in frames) and any(abs(bottom - f.y1) < 4 for f in frames), (top, bottom)
        assert top - bottom > 10  # a visible arrow, not one hidden under the boxes
    plt.close(fig)
