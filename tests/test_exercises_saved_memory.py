"""The judges of the saved_memory chapter measure, and reject the usual miscounts with a reason."""
import pytest
import torch
from torch import nn

from autograd_book.exercises.saved_memory import judge_ex1, make_judge_ex2, make_judge_ex3

from exercise_messages import every_message_in_every_edition  # noqa: F401  (a fixture)
from wrong_answers import Wrong, cases

pytestmark = pytest.mark.usefixtures("every_message_in_every_edition")  # each reason, in every edition


def test_ex1_judge():
    assert judge_ex1({"relu", "softmax", "tanh", "exp"}) is None
    assert "save their input" in judge_ex1({"relu", "softmax", "tanh", "exp", "square", "linear"})
    assert "also save their output" in judge_ex1({"relu", "softmax"})
    assert "not among" in judge_ex1({"sigmoidal"})


def test_ex1_reasons_give_each_operation_its_own_derivative():
    softmax_missing = judge_ex1({"relu", "tanh", "exp"})
    assert "softmax also saves its output" in softmax_missing
    assert "softmax: y * (g - (g * y).sum(dim))" in softmax_missing
    assert "1 - y**2" not in softmax_missing  # tanh's derivative, not softmax's
    tanh_missing = judge_ex1({"relu", "softmax", "exp"})
    assert "tanh: 1 - y**2" in tanh_missing and "softmax" not in tanh_missing
    square_extra = judge_ex1({"relu", "softmax", "tanh", "exp", "square"})
    assert "square saves its input" in square_extra and "square: 2x" in square_extra
    assert "Linear" not in square_extra


def test_ex2_judge_names_each_miscount():
    torch.manual_seed(0)
    net = nn.Sequential(nn.Linear(32, 128), nn.ReLU(), nn.Linear(128, 10))
    inputs = torch.randn(64, 32)
    judge = make_judge_ex2(net, inputs)
    right = 64 * 32 * 4 + 64 * 128 * 4
    assert judge(right) is None
    assert "same tensor" in judge(right + 64 * 128 * 4)
    assert "even when" in judge(64 * 128 * 4)
    assert "last Linear saves its input" in judge(right + 64 * 10 * 4)
    params = sum(p.numel() * 4 for p in net.parameters())
    assert "parameters are not counted" in judge(right + params)
    assert "int" in judge(float(right))


def _low_precision(dtype, params=(), keep_params=True):
    storages = {p.untyped_storage().data_ptr() for p in params}

    def pack(t):
        if keep_params and t.untyped_storage().data_ptr() in storages:
            return t
        return t.dtype, t.to(dtype)

    def unpack(packed):
        return packed if isinstance(packed, torch.Tensor) else packed[1].to(packed[0])
    return pack, unpack


def _ex3_setting():
    torch.manual_seed(0)
    model = nn.Sequential(*[nn.Sequential(nn.Linear(16, 64), nn.GELU(), nn.Linear(64, 16)) for _ in range(3)])
    batch = torch.randn(32, 16)

    def loss_of(out):
        return out.square().mean()

    from autograd_book.measure import peak_saved_bytes
    params = list(model.parameters())
    plain = peak_saved_bytes(lambda: loss_of(model(batch)).backward(), exclude=params)
    model.zero_grad()
    loss_of(model(batch)).backward()
    exact = [p.grad.clone() for p in params]
    return model, batch, loss_of, plain, exact


def test_ex3_judge_explains_each_rejection():
    model, batch, loss_of, plain, exact = _ex3_setting()
    judge = make_judge_ex3(model, batch, loss_of, plain, exact)
    params = list(model.parameters())
    assert judge(_low_precision(torch.float16, params)) is None
    assert "significant bits" in judge(_low_precision(torch.bfloat16, params))
    copies = judge(_low_precision(torch.float16, params, keep_params=False))
    assert "copies of parameters" in copies
    assert "keep" in judge((lambda t: t, lambda t: t))  # no saving at all
    assert "original dtype" in judge((lambda t: t.half(), lambda t: t)) or \
        "backward failed" in judge((lambda t: t.half(), lambda t: t))
    assert "pair" in judge(torch.float16)


def test_ex3_judge_names_low_precision_copies_only_when_the_hook_made_them():
    model, batch, loss_of, plain, exact = _ex3_setting()
    judge = make_judge_ex3(model, batch, loss_of, plain, exact)
    # save_on_cpu's pair packs a tuple (device, tensor); on a CPU the tensor is the parameter itself
    on_cpu = torch.autograd.graph.save_on_cpu()
    message = judge((on_cpu.pack_hook, on_cpu.unpack_hook))
    assert "keep" in message and "copies" not in message and "new tensors" not in message
    # pin_memory=True copies every saved tensor, parameters included, at full precision
    pinned = torch.autograd.graph.save_on_cpu(pin_memory=True)
    message = judge((pinned.pack_hook, pinned.unpack_hook))
    assert "stored parameters as new tensors" in message and "low-precision" not in message


# Exercise 3's typical wrong answers, on the model of the chapter's trade-offs section (its
# parameters are `params` there too); the page shows each code as written here.
EX3 = _ex3_setting()
EX3_NAMES = {"torch": torch, "params": list(EX3[0].parameters())}
WRONG_EX3 = [
    Wrong.run("""
        kept = {p.untyped_storage().data_ptr() for p in params}

        def pack(t):
            if t.untyped_storage().data_ptr() in kept:
                return t
            return t.dtype, t.to(torch.bfloat16)

        def unpack(packed):
            return packed if isinstance(packed, torch.Tensor) else packed[1].to(packed[0])

        answer_3 = (pack, unpack)
        """, "significant bits", EX3_NAMES, name="answer_3"),
    Wrong.run("""
        def pack(t):
            return t.dtype, t.to(torch.float16)

        def unpack(packed):
            return packed[1].to(packed[0])

        answer_3 = (pack, unpack)
        """, "copies of parameters", EX3_NAMES, name="answer_3"),
    Wrong.run("(lambda t: t, lambda t: t)", "keep", EX3_NAMES),
    Wrong.run("(lambda t: t.half(), lambda t: t)", "backward failed", EX3_NAMES),
    Wrong.run("torch.float16", "pair", EX3_NAMES),
]


@pytest.mark.parametrize("answer, reason", cases(WRONG_EX3))
def test_ex3_rejects_the_typical_wrong_answers(answer, reason):
    verdict = make_judge_ex3(*EX3)(answer)
    assert isinstance(verdict, str) and verdict and reason in verdict


# The typical wrong answers the site shows under each code exercise (tests/wrong_answers.py).
WRONG = {"mem-ex3": WRONG_EX3}
JUDGES = {"mem-ex3": lambda: make_judge_ex3(*EX3)}
