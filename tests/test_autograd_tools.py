import pytest
import torch

from utils import SavedTensorMeter, describe_graph, graph_nodes, saved_tensor_bytes, saved_tensors
from utils.autograd_tools import FREED


def small_graph():
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    w = torch.tensor([0.5, -1.0, 2.0])
    loss = (x * w).exp().sum()
    return x, w, loss


def test_saved_tensors_before_and_after_backward():
    x, w, loss = small_graph()
    exp = loss.grad_fn.next_functions[0][0]
    before = saved_tensors(exp)
    assert set(before) == {"result"}
    assert torch.allclose(before["result"], (x * w).exp())
    loss.backward()
    assert saved_tensors(exp) == {"result": FREED}


def test_saved_tensors_accepts_a_tensor_and_rejects_a_leaf():
    x, w, loss = small_graph()
    assert "self_sym_sizes" in saved_tensors(loss)
    with pytest.raises(ValueError, match="leaf"):
        saved_tensors(x)


def test_graph_nodes_lists_a_shared_node_once():
    a = torch.ones(2, requires_grad=True)
    b = a.exp()
    out = (b * b + a).sum()
    nodes = graph_nodes(out)
    names = [n.name for n in nodes]
    assert names.count("ExpBackward0") == 1
    assert names.count("AccumulateGrad") == 1
    mul = next(n for n in nodes if n.name == "MulBackward0")
    assert mul.children == [names.index("ExpBackward0")] * 2
    leaf = next(n for n in nodes if n.name == "AccumulateGrad")
    assert leaf.variable is a


def test_saved_tensor_bytes_counts_each_storage_once_and_honours_exclude():
    a = torch.ones(4, requires_grad=True)
    b = a.exp()           # saves its result b (16 bytes)
    out = (b * b).sum()   # saves b twice: the same storage
    assert saved_tensor_bytes(out) == 16
    x = torch.ones(8, requires_grad=True)
    y = (x * x).sum()     # saves x twice
    assert saved_tensor_bytes(y) == 32
    assert saved_tensor_bytes(y, exclude=[x]) == 0
    y.backward()
    assert saved_tensor_bytes(y) == 0


def test_describe_graph_text():
    x, w, loss = small_graph()
    assert describe_graph(loss, names={"x": x}) == (
        "SumBackward0  saves self_sym_sizes=(3,)\n"
        "└─ ExpBackward0  saves result=float32[3] (12 B)\n"
        "   └─ MulBackward0  saves other=float32[3] (12 B), self=None\n"
        "      └─ AccumulateGrad (x)"
    )
    loss.backward()
    assert "result=<freed>" in describe_graph(loss)


def test_describe_graph_marks_shared_nodes():
    a = torch.ones(2, requires_grad=True)
    b = a.exp()
    text = describe_graph((b * b).sum(), names={"a": a})
    assert "ExpBackward0 (shared, shown above)" in text
    assert text.count("AccumulateGrad (a)") == 1


def test_meter_counts_live_and_peak_bytes():
    x = torch.ones(10, requires_grad=True)
    with SavedTensorMeter() as meter:
        y = x.exp()       # saves its result: 40 bytes
        z = (y * x).sum()  # saves y (already counted) and x: 40 more
    assert meter.live_bytes == 80
    assert meter.peak_bytes == 80
    z.backward()
    assert meter.live_bytes == 0
    assert meter.peak_bytes == 80


def test_meter_keeps_retained_graph_until_last_backward():
    x = torch.ones(10, requires_grad=True)
    with SavedTensorMeter(exclude=[x]) as meter:
        loss = x.exp().sum()
    loss.backward(retain_graph=True)
    assert meter.live_bytes == 40
    loss.backward()
    assert meter.live_bytes == 0


def test_meter_releases_when_graph_is_dropped():
    x = torch.ones(10, requires_grad=True)
    with SavedTensorMeter(exclude=[x]) as meter:
        loss = x.exp().sum()
    assert meter.live_bytes == 40
    del loss
    assert meter.live_bytes == 0


def test_meter_does_not_change_gradients():
    x = torch.linspace(-1, 1, 5, requires_grad=True)
    with SavedTensorMeter():
        (x.sin() * x).sum().backward()
    expected = x.detach().cos() * x.detach() + x.detach().sin()
    assert torch.allclose(x.grad, expected)


def test_meter_keeps_double_backward_working():
    x = torch.tensor([0.5, 1.5], requires_grad=True)
    with SavedTensorMeter():
        y = x.exp().sum()
        (g,) = torch.autograd.grad(y, x, create_graph=True)
        (gg,) = torch.autograd.grad(g.sum(), x)
    assert torch.allclose(gg, x.detach().exp())


def _inplace_after_save(hooks):
    """y = x.exp() saves y; y.mul_(2) changes it before backward (autograd itself raises)."""
    x = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
    with hooks:
        y = x.exp()
    y.mul_(2)
    y.sum().backward()
    return x


def test_bare_hooks_lose_the_inplace_check_and_the_meter_restores_it():
    bare = torch.autograd.graph.saved_tensors_hooks(lambda t: t.detach(), lambda t: t)
    x = _inplace_after_save(bare)  # the typical wrong: silently twice the true gradient
    assert torch.allclose(x.grad, 4 * x.detach().exp())
    with pytest.raises(RuntimeError, match=r"modified by an inplace operation: \[torch.FloatTensor \[3\]\], "
                                           r"which is output 0 of Exp, is at version 1; expected version 0"):
        _inplace_after_save(SavedTensorMeter())


def test_meter_checks_excluded_parameters_too():
    w = torch.nn.Parameter(torch.ones(3))
    x = torch.ones(3, requires_grad=True)
    with SavedTensorMeter(exclude=[w]) as meter:
        loss = (x * w).sum()
    assert meter.live_bytes == 12  # x counted, w not
    with torch.no_grad():
        w.add_(1)  # an optimizer step between forward and backward
    with pytest.raises(RuntimeError, match=r"\[torch.FloatTensor \[3\]\] is at version 1; expected version 0"):
        loss.backward()


def test_meter_frees_a_dropped_graph_without_the_garbage_collector():
    import gc
    import weakref

    def survivors(pack):
        refs = []
        for _ in range(5):
            x = torch.ones(100, requires_grad=True)
            with torch.autograd.graph.saved_tensors_hooks(pack, lambda p: p) if callable(pack) else pack:
                y = x.exp()  # saves its own output
            refs.append(weakref.ref(y))
            del x, y
        gc.collect()
        return sum(r() is not None for r in refs)

    assert survivors(lambda t: t) == 5  # the identity pack hook: never freed, even by gc
    assert survivors(SavedTensorMeter()) == 0
