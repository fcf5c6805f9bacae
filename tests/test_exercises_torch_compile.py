"""The judges of the torch_compile chapter reject the typical wrong answers, with a reason."""
import pytest
import torch
from torch.func import functional_call

from utils.exercises.torch_compile import make_judge_ex1, make_judge_ex2, penalty_eager


@pytest.fixture(scope="module")
def setup():
    torch.manual_seed(0)
    critic = torch.nn.Sequential(torch.nn.Linear(2, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1))
    real, fake, mix = torch.randn(16, 2), torch.randn(16, 2), torch.rand(16, 1)
    return critic, real, fake, mix


def _between(real, fake, mix):
    return mix * real + (1 - mix) * fake


def solution_1(critic, compiled_critic, real, fake, mix):
    return (compiled_critic(fake).mean() - compiled_critic(real).mean()
            + 10 * penalty_eager(critic, _between(real, fake, mix)))


def compiled_everywhere(critic, compiled_critic, real, fake, mix):
    return (compiled_critic(fake).mean() - compiled_critic(real).mean()
            + 10 * penalty_eager(compiled_critic, _between(real, fake, mix)))


def nothing_compiled(critic, compiled_critic, real, fake, mix):
    return critic(fake).mean() - critic(real).mean() + 10 * penalty_eager(critic, _between(real, fake, mix))


def without_create_graph(critic, compiled_critic, real, fake, mix):
    between = _between(real, fake, mix).requires_grad_()
    grad_in, = torch.autograd.grad(critic(between).sum(), between)  # a constant for autograd
    return compiled_critic(fake).mean() - compiled_critic(real).mean() + 10 * ((grad_in.norm(dim=1) - 1) ** 2).mean()


def test_judge_ex1(setup):
    critic, real, fake, mix = setup
    torch._dynamo.reset()
    judge = make_judge_ex1(critic, torch.compile(critic, backend="aot_eager"), real, fake, mix)
    assert judge(solution_1) is None
    assert "double-backward error" in judge(compiled_everywhere)
    assert "no CompiledFunctionBackward" in judge(nothing_compiled)
    assert "create_graph" in judge(without_create_graph)
    assert "function" in judge(3.0)


def solution_2_factory(critic):
    def solution_2(params, between):
        grad_in = torch.func.grad(lambda pts: functional_call(critic, params, (pts,)).sum())(between)
        return ((grad_in.norm(dim=1) - 1) ** 2).mean()
    return solution_2


def test_judge_ex2(setup):
    critic, real, fake, mix = setup
    judge = make_judge_ex2(critic, real, fake, mix)

    def with_autograd_grad(params, between):
        between = between.requires_grad_()
        grad_in, = torch.autograd.grad(functional_call(critic, params, (between,)).sum(), between,
                                       create_graph=True)
        return ((grad_in.norm(dim=1) - 1) ** 2).mean()

    def detached_params(params, between):
        frozen = {k: v.detach() for k, v in params.items()}
        grad_in = torch.func.grad(lambda pts: functional_call(critic, frozen, (pts,)).sum())(between)
        return ((grad_in.norm(dim=1) - 1) ** 2).mean()

    def no_minus_one(params, between):
        grad_in = torch.func.grad(lambda pts: functional_call(critic, params, (pts,)).sum())(between)
        return (grad_in.norm(dim=1) ** 2).mean()

    assert judge(solution_2_factory(critic)) is None
    assert "graph" in judge(with_autograd_grad) and "one compiled region" in judge(with_autograd_grad)
    with pytest.raises(ValueError, match="no graph"):
        judge(detached_params)
    assert "differ from the eager reference" in judge(no_minus_one)
    assert "function" in judge(None or 1)
