import time

import torch

from utils.exercises import check, verdict
from utils.measure import cuda_peak_bytes, peak_saved_bytes, time_call


def test_time_call_measures_the_call():
    fast = time_call(lambda: None, repeat=5, warmup=1)
    slow = time_call(lambda: time.sleep(0.01), repeat=5, warmup=1)
    assert 0 <= fast < slow
    assert slow >= 0.009


def test_peak_saved_bytes_sees_forward_and_backward():
    x = torch.ones(100, requires_grad=True)

    def step():
        loss = (x.exp() * 2).sin().sum()  # exp saves its result, sin its input: 400 + 400 bytes
        loss.backward()

    assert peak_saved_bytes(step, exclude=[x]) == 800


def test_cuda_peak_bytes_is_none_on_cpu():
    assert cuda_peak_bytes(lambda: torch.ones(3), "cpu") is None


def test_check_prints_each_verdict(capsys):
    assert not verdict("Exercise 1", None, lambda a: a == 2, "Hint.")
    assert not verdict("Exercise 1", 3, lambda a: a == 2, "Hint.")
    assert verdict("Exercise 1", 2, lambda a: a == 2, "Hint.")
    assert not verdict("Exercise 1", "x", lambda a: a + 1, "Hint.")
    assert check("Exercise 1", 2, lambda a: a == 2, "Hint.") is None
    assert not verdict("Exercise 1", 3, lambda a: None if a == 2 else "It must be two", "Hint.")
    assert verdict("Exercise 1", 2, lambda a: None if a == 2 else "It must be two", "Hint.")
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Exercise 1: not answered yet. Hint."
    assert out[1] == "Exercise 1: not yet. Hint."
    assert out[2] == "Exercise 1: correct."
    assert out[3].startswith("Exercise 1: not yet (TypeError")
    assert out[4] == "Exercise 1: correct."
    assert out[5] == "Exercise 1: not yet. It must be two. Hint."
    assert out[6] == "Exercise 1: correct."


def test_compare_times_gives_ratios_to_the_baseline_and_restores_threads():
    from utils.measure import compare_times
    threads = torch.get_num_threads()
    ratios = compare_times({"short": lambda: time.sleep(0.002), "long": lambda: time.sleep(0.008)},
                           baseline="short", rounds=5, warmup=1)
    assert ratios["short"] == 1.0
    assert 2.5 < ratios["long"] < 6  # 4x by construction; sleep overshoots a little
    assert torch.get_num_threads() == threads


def test_compare_times_pins_threads_while_timing():
    from utils.measure import compare_times
    seen = []
    compare_times({"a": lambda: seen.append(torch.get_num_threads())}, rounds=2, warmup=0, threads=1)
    assert seen == [1, 1]


def test_compare_times_rejects_an_unknown_baseline():
    import pytest
    from utils.measure import compare_times
    with pytest.raises(KeyError):
        compare_times({"a": lambda: None}, baseline="b")
