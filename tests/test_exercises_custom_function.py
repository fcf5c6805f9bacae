"""The judges of the custom Function chapter reject the typical wrong answers, with a reason, and accept the solutions."""
import gc
import weakref

import pytest
import torch
from torch.autograd.function import once_differentiable

from autograd_book.exercises import custom_function as ex

from exercise_messages import every_message_in_every_edition  # noqa: F401  (a fixture)
from wrong_answers import Wrong, cases

pytestmark = pytest.mark.usefixtures("every_message_in_every_edition")  # each reason, in every edition


# Exercise 1: 2 * exp(x), what backward needs saved with save_for_backward.

class ScaledExp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        out = 2 * x.exp()
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx, grad_out):
        out, = ctx.saved_tensors
        return grad_out * out


class ScaledExpSavesInput(ScaledExp):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return 2 * x.exp()

    @staticmethod
    def backward(ctx, grad_out):
        x, = ctx.saved_tensors
        return grad_out * 2 * x.exp()


class KeepsOutputOnCtx(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.out = 2 * x.exp()
        return ctx.out

    @staticmethod
    def backward(ctx, grad_out):
        return grad_out * ctx.out


class KeepsIntermediateOnCtx(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.e = x.exp()
        return 2 * ctx.e

    @staticmethod
    def backward(ctx, grad_out):
        return grad_out * 2 * ctx.e


class SavesAndKeeps(ScaledExp):
    @staticmethod
    def forward(ctx, x):
        out = 2 * x.exp()
        ctx.save_for_backward(out)
        ctx.out = out  # "just in case"
        return out


class KeepsListOnCtx(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.cache = [x.exp()]
        return 2 * ctx.cache[0]

    @staticmethod
    def backward(ctx, grad_out):
        return grad_out * 2 * ctx.cache[0]


class WrongGradient(ScaledExp):
    @staticmethod
    def backward(ctx, grad_out):
        out, = ctx.saved_tensors
        return grad_out * out / 2


def test_ex1_accepts_save_for_backward_of_the_output_or_the_input():
    assert ex.judge_ex1(ScaledExp) is None
    assert ex.judge_ex1(ScaledExpSavesInput) is None


class ScaledExpWatched(ScaledExp):
    outputs = []  # weak references to every output forward creates

    @staticmethod
    def forward(ctx, x):
        out = 2 * x.exp()
        ScaledExpWatched.outputs.append(weakref.ref(out))
        ctx.save_for_backward(out)
        return out


def test_ex1_frees_every_output_it_creates():
    # An identity pack hook in the judge would make each output it saved hold its own node: a cycle
    # through C++ that no gc.collect() frees.
    ScaledExpWatched.outputs.clear()
    assert ex.judge_ex1(ScaledExpWatched) is None
    gc.collect()
    assert ScaledExpWatched.outputs
    assert [ref() is None for ref in ScaledExpWatched.outputs] == [True] * len(ScaledExpWatched.outputs)


def test_ex1_rejects_tensors_kept_on_ctx():
    for wrong in (KeepsOutputOnCtx, KeepsIntermediateOnCtx, SavesAndKeeps, KeepsListOnCtx):
        verdict = ex.judge_ex1(wrong)
        assert verdict is not None and "ctx." in verdict, (wrong.__name__, verdict)


def test_ex1_rejects_a_wrong_gradient_and_non_classes():
    assert "gradient is wrong" in ex.judge_ex1(WrongGradient)
    assert "subclass" in ex.judge_ex1("ScaledExp")
    assert "subclass" in ex.judge_ex1(lambda x: 2 * x.exp())


# Exercise 2: SiLU, twice differentiable.

class SiLURecompute(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * torch.sigmoid(x)

    @staticmethod
    def backward(ctx, grad_out):
        x, = ctx.saved_tensors
        s = torch.sigmoid(x)
        return grad_out * (s + x * s * (1 - s))


class SiLUSavesIntermediate(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        s = torch.sigmoid(x)
        ctx.save_for_backward(x, s)
        return x * s

    @staticmethod
    def backward(ctx, grad_out):
        x, s = ctx.saved_tensors
        return grad_out * (s + x * s * (1 - s))


class SiLUOnce(SiLURecompute):
    @staticmethod
    @once_differentiable
    def backward(ctx, grad_out):
        x, = ctx.saved_tensors
        s = torch.sigmoid(x)
        return grad_out * (s + x * s * (1 - s))


class SiLUDetached(SiLURecompute):
    @staticmethod
    def backward(ctx, grad_out):
        x, = ctx.saved_tensors
        s = torch.sigmoid(x.detach())
        return grad_out * (s + x * s * (1 - s))


class SiLUOnCtx(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.x = x
        return x * torch.sigmoid(x)

    @staticmethod
    def backward(ctx, grad_out):
        s = torch.sigmoid(ctx.x)
        return grad_out * (s + ctx.x * s * (1 - s))


class SiLUWrongFirst(SiLURecompute):
    @staticmethod
    def backward(ctx, grad_out):
        x, = ctx.saved_tensors
        return grad_out * torch.sigmoid(x)


class SiLUReturnsIntermediate(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        s = torch.sigmoid(x)
        ctx.save_for_backward(x, s)
        return x * s, s

    @staticmethod
    def backward(ctx, grad_out, grad_s):
        x, s = ctx.saved_tensors
        return grad_out * (s + x * s * (1 - s)) + grad_s * s * (1 - s)


def test_ex2_accepts_recomputing_or_returning_the_intermediate():
    assert ex.judge_ex2(SiLURecompute) is None
    assert ex.judge_ex2(SiLUReturnsIntermediate) is None


def test_ex2_rejects_a_saved_intermediate_and_a_detached_backward_as_silently_wrong():
    for wrong in (SiLUSavesIntermediate, SiLUDetached):
        verdict = ex.judge_ex2(wrong)
        assert verdict is not None and "wrong second derivative" in verdict, (wrong.__name__, verdict)


def test_ex2_rejects_once_differentiable_ctx_attributes_and_a_wrong_first_derivative():
    verdict = ex.judge_ex2(SiLUOnce)
    assert verdict is not None and "marked @once_differentiable" in verdict
    assert "ctx.x" in ex.judge_ex2(SiLUOnCtx)
    assert "first derivative" in ex.judge_ex2(SiLUWrongFirst)


# Exercise 3: multiply by 2 in place.

class DoubleInPlace(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        x.mul_(2)
        ctx.mark_dirty(x)
        return x

    @staticmethod
    def backward(ctx, grad_out):
        return grad_out * 2


class ForgetsMarkDirty(DoubleInPlace):
    @staticmethod
    def forward(ctx, x):
        return x.mul_(2)


class OutOfPlace(DoubleInPlace):
    @staticmethod
    def forward(ctx, x):
        return x * 2


class WrongBackward(DoubleInPlace):
    @staticmethod
    def backward(ctx, grad_out):
        return grad_out


def test_ex3_accepts_mark_dirty():
    assert ex.judge_ex3(DoubleInPlace) is None


def test_ex3_rejects_the_typical_wrong_fixes():
    assert "mark_dirty" in ex.judge_ex3(ForgetsMarkDirty)
    assert "in place" in ex.judge_ex3(OutOfPlace)
    assert "not 2" in ex.judge_ex3(WrongBackward)
    assert "subclass" in ex.judge_ex3(DoubleInPlace.apply)


class KeepsDictOnCtx(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.cache = {"e": x.exp()}  # a tensor inside a dict is still kept on ctx
        return 2 * ctx.cache["e"]

    @staticmethod
    def backward(ctx, grad):
        return grad * 2 * ctx.cache["e"]


class _Holder:
    def __init__(self, tensor):
        self.tensor = tensor


class KeepsObjectOnCtx(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.holder = _Holder(x.exp())
        return 2 * ctx.holder.tensor

    @staticmethod
    def backward(ctx, grad):
        return grad * 2 * ctx.holder.tensor


@pytest.mark.parametrize("wrong", [KeepsDictOnCtx, KeepsObjectOnCtx])
def test_ex1_rejects_a_tensor_in_a_dict_or_object_on_ctx(wrong):
    verdict = ex.judge_ex1(wrong)
    assert verdict is not None and "ctx." in verdict


# The typical wrong answers the site shows under each code exercise (tests/wrong_answers.py).
WRONG_EX1 = [
    Wrong(KeepsOutputOnCtx, "ctx."),
    Wrong(SavesAndKeeps, "ctx."),
    Wrong(KeepsListOnCtx, "ctx."),
    Wrong(WrongGradient, "gradient is wrong"),
    Wrong(lambda x: 2 * x.exp(), "subclass"),
]
WRONG_EX2 = [
    Wrong(SiLUSavesIntermediate, "wrong second derivative"),
    Wrong(SiLUDetached, "wrong second derivative"),
    Wrong(SiLUOnce, "marked @once_differentiable"),
    Wrong(SiLUOnCtx, "ctx.x"),
    Wrong(SiLUWrongFirst, "first derivative"),
]
WRONG_EX3 = [
    Wrong(ForgetsMarkDirty, "mark_dirty"),
    Wrong(OutOfPlace, "in place"),
    Wrong(WrongBackward, "not 2"),
]
WRONG = {"cf-ex1": WRONG_EX1, "cf-ex2": WRONG_EX2, "cf-ex3": WRONG_EX3}
JUDGES = {"cf-ex1": lambda: ex.judge_ex1, "cf-ex2": lambda: ex.judge_ex2, "cf-ex3": lambda: ex.judge_ex3}


@pytest.mark.parametrize("label, answer, reason", [(label, *w.case()) for label, table in WRONG.items() for w in table])
def test_the_typical_wrong_answers_are_rejected(label, answer, reason):
    verdict = JUDGES[label]()(answer)
    assert isinstance(verdict, str) and reason in verdict, verdict
