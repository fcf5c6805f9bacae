"""The judges of the distributed chapter reject the wrong answers, with a reason."""
import pytest
import torch

from autograd_book.exercises.distributed import judge_ex3, make_judge_ex1, make_judge_ex2

from exercise_messages import every_message_in_every_edition  # noqa: F401  (a fixture)

pytestmark = pytest.mark.usefixtures("every_message_in_every_edition")  # each reason, in every edition


def test_ex1_judge():
    judge = make_judge_ex1(no_sync_calls=1)
    assert judge(1) is None
    for wrong, word in ((4, "inside no_sync"), (3, "inside no_sync"), (0, "outside"), (2, "bucket"),
                        ("1", "whole")):
        reason = judge(wrong)
        assert reason and word in reason, (wrong, reason)


def test_ex2_judge():
    same, other = torch.zeros(3), torch.ones(3)
    grads = {"retain_graph": (same, other), "after_first_backward": (same, same),
             "summed": (same, same), "grad_norm_penalty": (same, same)}
    judge = make_judge_ex2(grads)
    assert judge({"retain_graph"}) is None
    assert "averaged" in judge({"retain_graph", "after_first_backward"})
    assert "ranks agree" in judge({"retain_graph", "grad_norm_penalty"})
    assert "equal gradients" in judge({"retain_graph", "summed"})
    assert "also ends" in judge(set())
    assert "not pattern names" in judge({"penalty_typo"})


def test_ex3_judge():
    assert judge_ex3("static_graph") is None
    assert "find_unused_parameters" in judge_ex3("find_unused_parameters")
    assert "private" in judge_ex3("_set_static_graph")
    assert "no keyword" in judge_ex3("use_reentrant")
    assert "does not tell" in judge_ex3("broadcast_buffers")
    assert "string" in judge_ex3(True)
