import pytest

import torch

from autograd_book.exercises import check, verdict
from autograd_book.measure import cuda_peak_bytes, peak_saved_bytes


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


def test_compare_times_gives_ratios_to_the_baseline_and_restores_threads(monkeypatch):
    """A fake clock that only the variants advance: the ratios are exact, whatever the machine's load."""
    from autograd_book import measure
    now = [0.0]
    monkeypatch.setattr(measure.time, "perf_counter", lambda: now[0])

    def takes(seconds):
        def run():
            now[0] += seconds
        return run

    slow_rounds = iter([0.002] * 3 + [0.05] * 3)  # two bursts of "load" on the baseline: the median ignores them
    threads = torch.get_num_threads()
    ratios = measure.compare_times({"short": lambda: takes(next(slow_rounds, 0.002))(), "long": takes(0.008)},
                                   baseline="short", rounds=7, warmup=1)
    assert ratios["short"] == 1.0
    assert ratios["long"] == pytest.approx(4.0)
    assert torch.get_num_threads() == threads
    seconds = measure.compare_times({"a": takes(0.003), "b": takes(0.001)}, rounds=3, warmup=0)
    assert seconds == pytest.approx({"a": 0.003, "b": 0.001})


def test_compare_times_pins_threads_while_timing():
    from autograd_book.measure import compare_times
    seen = []
    before = torch.get_num_threads()
    torch.set_num_threads(2)  # make test and make check run torch with one thread: pinning must show
    try:
        compare_times({"a": lambda: seen.append(torch.get_num_threads())}, rounds=2, warmup=0, threads=1)
        assert torch.get_num_threads() == 2
    finally:
        torch.set_num_threads(before)
    assert seen == [1, 1]


def test_compare_times_rejects_an_unknown_baseline():
    import pytest
    from autograd_book.measure import compare_times
    with pytest.raises(KeyError):
        compare_times({"a": lambda: None}, baseline="b")
