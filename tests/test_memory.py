import gc

import torch

from utils.memory import PackedBytesMeter


def identity_pair():
    return (lambda t: t), (lambda t: t)


def test_counts_saved_storage_once_and_releases_after_backward():
    x = torch.randn(10, 10, requires_grad=True)
    pack, unpack = identity_pair()
    with PackedBytesMeter(pack, unpack) as meter:
        y = x * x  # saves x twice (self and other): one storage
    assert meter.saved_count == 2
    assert meter.live_bytes == 400 == meter.peak_bytes
    assert meter.live_bytes_by_device == {"cpu": 400}
    y.sum().backward()
    assert meter.live_bytes == 0 and meter.peak_bytes == 400
    assert torch.allclose(x.grad, 2 * x.detach())


def test_counts_what_the_pack_hook_returns_not_the_input():
    x = torch.randn(100, requires_grad=True)
    pack = lambda t: t.to(torch.float16)  # noqa: E731
    unpack = lambda t: t.to(torch.float32)  # noqa: E731
    with PackedBytesMeter(pack, unpack) as meter:
        y = x.exp()  # saves its result, 100 float32, packed as float16
    assert meter.live_bytes == 200
    y.sum().backward()
    assert meter.live_bytes == 0
    assert torch.allclose(x.grad, x.detach().exp(), rtol=1e-3)
    assert not torch.equal(x.grad, x.detach().exp())  # the lower precision is real


def test_retain_graph_keeps_packed_and_deleting_graph_releases():
    x = torch.randn(50, requires_grad=True)
    pack, unpack = identity_pair()
    with PackedBytesMeter(pack, unpack) as meter:
        y = x.sin().sum()
    y.backward(retain_graph=True)
    assert meter.live_bytes == 200
    y.backward()
    assert meter.live_bytes == 0


def test_exclude_skips_unchanged_but_counts_copies():
    w = torch.randn(8, 8, requires_grad=True)
    x = torch.randn(4, 8, requires_grad=True)
    pack, unpack = identity_pair()
    with PackedBytesMeter(pack, unpack, exclude=[w]) as meter:
        out = x @ w  # saves x and w
    assert meter.saved_count == 2 and meter.live_bytes == 4 * 8 * 4
    del out
    gc.collect()
    assert meter.live_bytes == 0
    with PackedBytesMeter(lambda t: t.clone(), unpack, exclude=[w]) as meter:
        out = x @ w
    assert meter.live_bytes == 4 * 8 * 4 + 8 * 8 * 4  # the copy of w is new memory


def test_around_uses_existing_hooks_object():
    x = torch.randn(30, requires_grad=True)
    with PackedBytesMeter.around(torch.autograd.graph.save_on_cpu(pin_memory=False)) as meter:
        y = x.exp()
    # tensor.cpu() on a CPU tensor returns the tensor itself: the storage counted is y's own
    assert meter.live_bytes == 120
    assert list(meter._bytes) == [("cpu", y.untyped_storage().data_ptr())]
    with PackedBytesMeter.around(torch.autograd.graph.save_on_cpu(pin_memory=True)) as meter2:
        y2 = x.exp()
    # with pin_memory=True (no CUDA here) save_on_cpu copies into a fresh storage
    assert meter2.live_bytes == 120
    assert list(meter2._bytes) != [("cpu", y2.untyped_storage().data_ptr())]
    (y.sum() + y2.sum()).backward()
    assert meter.live_bytes == 0 and meter2.live_bytes == 0


def test_unpack_result_used_for_gradient():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    with PackedBytesMeter(lambda t: t * 0, lambda t: t):  # a wrong pack hook must change the gradient
        y = (x * x).sum()
    y.backward()
    assert torch.equal(x.grad, torch.zeros(2))


def test_unique_storage_bytes_counts_each_storage_once():
    from utils.memory import unique_storage_bytes
    a = torch.zeros(10)
    b = torch.zeros(4, dtype=torch.float64)
    weight = torch.zeros(3)
    assert unique_storage_bytes([a, a[2:], a.view(2, 5), b]) == 10 * 4 + 4 * 8
    assert unique_storage_bytes([a, weight], exclude=[weight]) == 40
    assert unique_storage_bytes([]) == 0


def test_meter_raises_autograd_error_when_a_saved_tensor_changed_in_place():
    import pytest

    for hooks in (torch.autograd.graph.save_on_cpu(), torch.autograd.graph.saved_tensors_hooks(
            lambda t: t.detach(), lambda t: t)):
        x = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
        with PackedBytesMeter.around(hooks):
            y = x.exp()
        y.mul_(2)  # bare, these hooks give twice the true gradient on a CPU
        with pytest.raises(RuntimeError, match="which is output 0 of Exp, is at version 1; expected version 0"):
            y.sum().backward()
        x = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
        with PackedBytesMeter.around(hooks):
            y = x.exp() * 2  # the same values without an in-place change: no error
        y.sum().backward()
        assert torch.allclose(x.grad, 2 * x.detach().exp())


def test_meter_keeps_no_moved_tensor_alive_for_its_check():
    import weakref

    x = torch.randn(100, requires_grad=True)
    a = x * 2
    with PackedBytesMeter(lambda t: t.clone(), lambda t: t) as meter:
        z = a.sin()  # saves a, packed as a clone
    ref = weakref.ref(a)
    del a
    assert ref() is None  # the meter's check holds a only weakly: the clone alone is kept
    assert meter.live_bytes == 400
    z.sum().backward()
    assert torch.allclose(x.grad, 2 * (2 * x.detach()).cos())
