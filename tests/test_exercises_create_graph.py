"""The judges of the create_graph chapter reject the typical wrong answers, with a reason, and accept the solutions."""
import math

import pytest
import torch
from torch.autograd.function import once_differentiable

from autograd_book.exercises import create_graph as ex

from exercise_messages import every_message_in_every_edition  # noqa: F401  (a fixture)
from wrong_answers import Wrong, accepted, cases

pytestmark = pytest.mark.usefixtures("every_message_in_every_edition")  # each reason, in every edition


def test_ex1_accepts_the_fourth_derivative_and_names_lower_orders():
    x = torch.tensor(1.0, dtype=torch.float64, requires_grad=True)
    d = x * torch.sin(x)
    for order in range(4):
        d, = torch.autograd.grad(d, x, create_graph=order < 3)
    assert ex.judge_ex1(d.item()) is None
    assert "third derivative" in ex.judge_ex1(-3 * math.sin(1.0) - math.cos(1.0))
    assert "second derivative" in ex.judge_ex1(2 * math.cos(1.0) - math.sin(1.0))
    assert "tensor" in ex.judge_ex1(d)
    assert "not the fourth" in ex.judge_ex1(1.0)


def solution_hvp(f, w, v):
    w = w.detach().requires_grad_()
    g, = torch.autograd.grad(f(w), w, create_graph=True)
    return torch.autograd.grad(g @ v, w)[0]


def mutates_w(f, w, v):
    g, = torch.autograd.grad(f(w), w, create_graph=True)
    hv, = torch.autograd.grad(g @ v, w)
    with torch.no_grad():
        w -= 0.1 * hv  # a step in place
    return hv


def fills_grad(f, w, v):
    g, = torch.autograd.grad(f(w), w, create_graph=True)
    (g @ v).backward()
    return w.grad


def func_hessian(f, w, v):
    return torch.func.hessian(f)(w.detach()) @ v


def finite_differences(f, w, v, eps=1e-2):
    def grad_at(t):
        t = t.detach().requires_grad_()
        return torch.autograd.grad(f(t), t)[0]
    return (grad_at(w + eps * v) - grad_at(w - eps * v)) / (2 * eps)


def forgot_create_graph(f, w, v):
    w = w.detach().requires_grad_()
    g, = torch.autograd.grad(f(w), w)
    return g  # a gradient, not a product


def forgot_create_graph_second_call(f, w, v):
    w = w.detach().requires_grad_()
    g, = torch.autograd.grad(f(w), w)  # not recorded: the second call raises
    return torch.autograd.grad(g @ v, w)[0]


def through_data(f, w, v):
    w = w.data.requires_grad_()  # shares w's memory, not its version counter
    g, = torch.autograd.grad(f(w), w, create_graph=True)
    return torch.autograd.grad(g @ v, w)[0]


def hessian_row_by_row(f, w, v):
    w = w.detach().requires_grad_()
    g, = torch.autograd.grad(f(w), w, create_graph=True)
    rows = [torch.autograd.grad(g[i], w, retain_graph=True)[0] for i in range(len(w))]
    return torch.stack(rows) @ v  # right numbers, n + 1 calls


def functional_hvp(f, w, v):
    return torch.autograd.functional.hvp(f, w, v)[1]


def functional_vhp(f, w, v):
    return torch.autograd.functional.vhp(f, w, v)[1]


def functional_hessian(f, w, v):
    return torch.autograd.functional.hessian(f, w) @ v


def test_ex2_accepts_double_backward():
    assert ex.judge_ex2(solution_hvp) is None


def test_ex2_accepts_grad_imported_by_name():
    from torch.autograd import grad  # bound before the judge starts recording

    def by_name(f, w, v):
        w = w.detach().requires_grad_()
        g, = grad(f(w), w, create_graph=True)
        return grad(g @ v, w)[0]
    assert ex.judge_ex2(by_name) is None


WRONG_EX2 = [
    Wrong(forgot_create_graph, "create_graph=True"),
    Wrong(forgot_create_graph_second_call, "no call of torch.autograd.grad had create_graph=True"),
    Wrong(mutates_w, "changed w in place"),
    Wrong(fills_grad, "filled w.grad"),
    Wrong(through_data, "evaluates f at w.data"),
    Wrong(hessian_row_by_row, "called torch.autograd.grad 4 times: that builds the Hessian row by row"),
    Wrong(finite_differences, "evaluated f 2 times"),
    Wrong(functional_hvp, "lets torch.autograd.functional"),
    Wrong(func_hessian, "torch.func transform"),
    Wrong(lambda f, w, v: torch.autograd.grad(torch.autograd.grad(f(w), w)[0] @ v, w)[0], "create_graph=True"),
    Wrong(lambda f, w, v: torch.autograd.grad(f(w), w, create_graph=True)[0] @ v, "a second one through it"),
]


@pytest.mark.parametrize("answer, reason", cases(WRONG_EX2) + [
    (functional_vhp, "lets torch.autograd.functional"),
    (functional_hessian, "lets torch.autograd.functional"),
])
def test_ex2_rejects_answers_that_break_the_rules(answer, reason):
    verdict = ex.judge_ex2(answer)
    assert verdict is not None and reason in verdict


def gp_setup():
    torch.manual_seed(0)
    critic = torch.nn.Sequential(torch.nn.Linear(2, 16), torch.nn.Tanh(), torch.nn.Linear(16, 1))
    real, fake, mix = torch.randn(64, 2) + 2.0, torch.randn(64, 2), torch.rand(64, 1)

    def penalty(create_graph):
        between = (mix * real + (1 - mix) * fake).requires_grad_()
        grad_in, = torch.autograd.grad(critic(between).sum(), between, create_graph=create_graph)
        return ((grad_in.norm(dim=1) - 1) ** 2).mean()
    return critic, real, fake, mix, penalty


def test_ex3_accepts_the_penalty_gradient_and_names_the_usual_mistakes():
    critic, real, fake, mix, penalty = gp_setup()
    judge = ex.make_judge_ex3(critic, real, fake, mix)
    right, = torch.autograd.grad(penalty(create_graph=True), critic[0].weight)
    assert judge(right) is None
    assert "10 times" in judge(10 * right)
    critic.zero_grad()
    (critic(fake).mean() - critic(real).mean() + 10 * penalty(create_graph=True)).backward()
    assert "whole critic loss" in judge(critic[0].weight.grad)
    assert "contributed nothing" in judge(torch.zeros_like(right))
    assert "shape" in judge(right.T)
    assert "tensor" in judge(right.tolist())


class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x**3

    @staticmethod
    def backward(ctx, grad_out):
        x, = ctx.saved_tensors
        return grad_out * 3 * x**2


class DetachedCube(Cube):
    @staticmethod
    def backward(ctx, grad_out):
        x, = ctx.saved_tensors
        return grad_out * 3 * x.detach() ** 2


class OnceCube(Cube):
    @staticmethod
    @once_differentiable
    def backward(ctx, grad_out):
        x, = ctx.saved_tensors
        return grad_out * 3 * x**2


class CubeOnCtx(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.x = x  # right numbers, twice differentiable, but kept outside save_for_backward
        return x**3

    @staticmethod
    def backward(ctx, grad_out):
        return grad_out * 3 * ctx.x**2


class WrongFirstDerivative(Cube):
    @staticmethod
    def backward(ctx, grad_out):
        x, = ctx.saved_tensors
        return grad_out * x**2


def test_ex4_accepts_a_twice_differentiable_cube():
    assert ex.judge_ex4(Cube) is None


WRONG_EX4 = [
    Wrong(DetachedCube, "second derivative is wrong"),
    Wrong(OnceCube, "double backward fails (trying to differentiate twice a function that was marked with "
                    "@once_differentiable)"),
    Wrong(WrongFirstDerivative, "first derivative is wrong"),
    Wrong(CubeOnCtx, "ctx keeps tensors as attributes (ctx.x)"),
    Wrong(lambda x: x**3, "subclass of torch.autograd.Function"),
]


@pytest.mark.parametrize("answer, reason", cases(WRONG_EX4))
def test_ex4_rejects_functions_that_are_not_twice_differentiable(answer, reason):
    verdict = ex.judge_ex4(answer)
    assert verdict is not None and reason in verdict


# Exercise 3's typical wrong answers, computed on the chapter's critic (named as there).
critic, real, fake, mix, penalty = gp_setup()
WRONG_EX3 = [
    Wrong.run("10 * torch.autograd.grad(penalty(create_graph=True), critic[0].weight)[0]", "10 times",
              globals()),
    Wrong.run("""
        critic.zero_grad()
        (critic(fake).mean() - critic(real).mean() + 10 * penalty(create_graph=True)).backward()
        answer_3 = critic[0].weight.grad
        """, "whole critic loss", globals(), name="answer_3"),
    Wrong.run("torch.autograd.grad(penalty(create_graph=True), critic[0].weight)[0].T", "shape", globals()),
    Wrong.run("torch.autograd.grad(penalty(create_graph=True), critic[0].weight)[0].tolist()", "tensor", globals()),
    Wrong.run("torch.autograd.grad(penalty(create_graph=True), critic[0].weight)", "not tuple", globals()),
]


@pytest.mark.parametrize("answer, reason", cases(WRONG_EX3))
def test_ex3_rejects_the_typical_wrong_answers(answer, reason):
    verdict = ex.make_judge_ex3(critic, real, fake, mix)(answer)
    assert verdict is not None and reason in verdict


# The typical wrong answers the site shows under each code exercise (tests/wrong_answers.py).
WRONG = {"cg-ex2": WRONG_EX2, "cg-ex3": WRONG_EX3, "cg-ex4": WRONG_EX4}
# The forms of a one-line answer that the page's {answer-check} box recognises as right: each is run
# through the judge (tests/wrong_answers.py refuses one that it rejects), spelled as a reader types it.
ACCEPTED = {
    "cg-ex2": accepted([f"lambda f, w, v: torch.autograd.grad({product}, w)[0]" for product in (
        "torch.autograd.grad(f(w), w, create_graph=True)[0] @ v", "v @ torch.autograd.grad(f(w), w, create_graph=True)[0]",
        "torch.autograd.grad(f(w), w, create_graph=True)[0].dot(v)",
        "(torch.autograd.grad(f(w), w, create_graph=True)[0] * v).sum()")]
        + ["lambda f, w, v: torch.autograd.grad(torch.autograd.grad(f(w), w, create_graph=True)[0], w, grad_outputs=v)[0]"],
        globals()),
    "cg-ex3": accepted([f"torch.autograd.grad({loss}, {inputs})[0]" for loss in ("penalty(create_graph=True)", "penalty(True)")
                        for inputs in ("critic[0].weight", "[critic[0].weight]")]
                       + ["torch.autograd.grad(outputs=penalty(create_graph=True), inputs=critic[0].weight)[0]"], globals()),
}
JUDGES = {"cg-ex2": lambda: ex.judge_ex2, "cg-ex3": lambda: ex.make_judge_ex3(critic, real, fake, mix),
          "cg-ex4": lambda: ex.judge_ex4}
