"""The judges of the Variable chapter reject the typical wrong answers, with a reason, and accept the solutions."""
import pytest
import torch

from autograd_book.exercises import variable as ex

from exercise_messages import every_message_in_every_edition  # noqa: F401  (a fixture)
from wrong_answers import Wrong, accepted, cases, verdict_of

pytestmark = pytest.mark.usefixtures("every_message_in_every_edition")  # each reason, in every edition


def test_ex1_accepts_no_grad():
    assert ex.judge_ex1(torch.no_grad) is None


@pytest.mark.parametrize("answer, reason", [
    (torch.inference_mode, "inference tensors"),
    (torch.enable_grad, "graph was recorded"),
    (torch.no_grad(), "instance"),
    (torch.set_grad_enabled, "needs a flag"),
    ("no_grad", "context manager itself"),
])
def test_ex1_rejects_other_modes(answer, reason):
    verdict = ex.judge_ex1(answer)
    assert verdict is not None and reason in verdict


def test_ex2_accepts_an_out_of_place_clamp():
    assert ex.judge_ex2_full(lambda grad: grad.clamp(-1.0, 1.0)) is None


WRONG_EX2 = [
    Wrong(lambda grad: grad.clamp_(-1.0, 1.0), "in place"),
    Wrong(lambda grad: None, "not clipped"),
    Wrong(lambda grad: grad.clamp(-2.0, 2.0), "not [-1.0, 0.5, 1.0]"),
    Wrong(lambda grad: grad.clamp(-1), "not [-1.0, 0.5, 1.0]"),  # the lower bound only
    Wrong(lambda grad: torch.nn.utils.clip_grad_norm_(grad, 1.0), "changed the size"),  # clips a norm, returns it
]


@pytest.mark.parametrize("answer, reason", cases(WRONG_EX2))
def test_ex2_rejects_wrong_hooks(answer, reason):
    verdict = verdict_of(ex.judge_ex2_full, answer)  # a hook that returns a scalar makes the backward raise
    assert verdict is not None and reason in verdict


def clone_then_add(t, box):
    def hook(grad):
        box["grad"] = grad.clone() if "grad" not in box else box["grad"] + grad
    t.register_hook(hook)


def store_then_add_in_place(t, box):
    def hook(grad):
        if "grad" not in box:
            box["grad"] = grad  # no clone: box now shares the engine's tensor
        else:
            box["grad"] += grad
    t.register_hook(hook)


def overwrite(t, box):
    def hook(grad):
        box["grad"] = grad.clone()
    t.register_hook(hook)


def doubles_the_flow(t, box):
    def hook(grad):
        box["grad"] = grad.clone() if "grad" not in box else box["grad"] + grad
        return grad * 2
    t.register_hook(hook)


def test_ex3_accepts_clone_then_add():
    assert ex.judge_ex3(clone_then_add) is None


WRONG_EX3 = [
    Wrong(store_then_add_in_place, "store a clone"),
    Wrong(overwrite, "the second must add"),
    Wrong(doubles_the_flow, "flowed on to x changed"),
    Wrong(lambda t, box: None, "never set"),
]


@pytest.mark.parametrize("answer, reason", cases(WRONG_EX3))
def test_ex3_rejects_wrong_hooks(answer, reason):
    verdict = ex.judge_ex3(answer)
    assert verdict is not None and reason in verdict


def test_ex4_accepts_the_forward_ad_tangent():
    assert ex.judge_ex4(ex.forward_ad_solution()) is None


@pytest.mark.parametrize("answer, reason", [
    (36.0, "f(x) itself"),
    (3.0, "one component of the gradient"),
    (torch.tensor(-24.0), "not a tensor"),
    (-24, "Python float"),
    (1.5, "not the derivative"),
])
def test_ex4_rejects_wrong_values(answer, reason):
    verdict = ex.judge_ex4(answer)
    assert verdict is not None and reason in verdict


# The typical wrong answers the site shows under each code exercise (tests/wrong_answers.py).
WRONG = {"var-ex2": WRONG_EX2, "var-ex3": WRONG_EX3}
JUDGES = {"var-ex2": lambda: ex.judge_ex2_full, "var-ex3": lambda: ex.judge_ex3}
# The forms of a one-line answer that the page's {answer-check} box recognises as right: each is run
# through the judge (tests/wrong_answers.py refuses one that it rejects), spelled as a reader types it.
ACCEPTED = {"var-ex2": accepted([f"lambda grad: {call}" for bounds in ("-1, 1", "-1.0, 1.0", "min=-1, max=1", "min=-1.0, max=1.0")
                                 for call in (f"grad.clamp({bounds})", f"torch.clamp(grad, {bounds})",
                                              f"grad.clip({bounds})", f"torch.clip(grad, {bounds})")]
                                + ["lambda grad: torch.nn.functional.hardtanh(grad)"], globals())}
