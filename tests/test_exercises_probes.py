"""The judges' shared probes see every backward pass, however it was started, and tell .data from detach()."""
import numpy as np
import pytest
import torch
from torch.autograd import backward as backward_by_name
from torch.autograd import grad as grad_by_name

from autograd_book.exercises.probes import bypasses_version_counter, leaves_reached, recorded_engine_calls


def f(t):
    return (t.sin() * t.roll(1)).sum()


def test_every_way_of_starting_a_backward_pass_is_recorded():
    w = torch.tensor([0.2, -0.5, 1.0], requires_grad=True)
    with recorded_engine_calls() as calls:
        f(w).backward()
        torch.autograd.backward(f(w), retain_graph=True)
        backward_by_name(f(w))
        torch.autograd.grad(f(w), w)
        grad_by_name(f(w), w, create_graph=True)
    assert [c.kind for c in calls] == ["backward"] * 3 + ["grad"] * 2
    assert [c.retain_graph for c in calls] == [False, True, False, False, True]  # create_graph implies it
    assert [c.create_graph for c in calls] == [False] * 4 + [True]
    assert all(c.via is None for c in calls)
    assert torch.autograd._engine_run_backward is torch.autograd.graph._engine_run_backward  # restored


def test_calls_made_by_torch_autograd_functional_are_marked():
    w, v = torch.tensor([0.2, -0.5, 1.0], requires_grad=True), torch.ones(3)
    with recorded_engine_calls() as calls:
        torch.autograd.functional.hvp(f, w, v)
    assert calls and all(c.via == "torch.autograd.functional" for c in calls)


def test_outputs_are_held_weakly_and_leaves_found_at_call_time():
    x, w = torch.ones(3, requires_grad=True), torch.ones(1, requires_grad=True)
    seen = []
    with recorded_engine_calls(on_call=seen.append) as calls:
        loss = (w * x.sin()).sum()
        loss.backward()
        assert seen == calls and calls[0].outputs[0] is loss
        del loss
    assert calls[0].outputs == (None,)  # the record kept no graph alive
    assert {id(t) for t in calls[0].leaves} == {id(x), id(w)}
    assert {id(t) for t in leaves_reached((w * 2).sum())} == {id(w)}


def test_the_real_function_is_restored_after_an_error():
    real = torch.autograd._engine_run_backward
    with pytest.raises(RuntimeError):
        with recorded_engine_calls():
            raise RuntimeError("a wrong answer")
    assert torch.autograd._engine_run_backward is real


def test_data_and_numpy_round_trips_bypass_the_version_counter_detach_and_copies_do_not():
    h = torch.tanh(torch.randn(2, 3, requires_grad=True))
    assert bypasses_version_counter(h.data, h)
    assert bypasses_version_counter(h.data.view(3, 2), h)
    assert bypasses_version_counter(torch.from_numpy(h.detach().numpy()), h)
    assert not bypasses_version_counter(h.detach(), h)
    assert not bypasses_version_counter(h.detach().requires_grad_(), h)
    assert not bypasses_version_counter(h.detach().clone(), h)
    assert not bypasses_version_counter(torch.tensor(np.array(h.tolist())), h)
    assert not bypasses_version_counter([1.0], h)


def test_data_reads_records_the_answers_reads_only_and_leaves_tensors_as_they_were():
    from autograd_book.exercises.probes import data_reads
    w = torch.ones(3, requires_grad=True)
    with data_reads() as reads:
        values = w.data  # the answer's own read
        torch.optim.SGD([w], lr=0.1)  # library code: not recorded even if it reads .data
        w.data = torch.zeros(3)  # assignment still works through the probe
    assert len(reads) == 1 and reads[0] == __file__
    assert torch.equal(values, torch.ones(3)) and torch.equal(w.detach(), torch.zeros(3))
    assert "data" not in torch.Tensor.__dict__
    w.data  # the descriptor of TensorBase again: nothing recorded after the block
    assert len(reads) == 1
