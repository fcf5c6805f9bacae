"""The judge of the gradients chapter accepts the PGD loop of the input-gradient section and rejects
each trap of that section with its reason."""
import pytest
import torch
from torch.nn import functional as F

from autograd_book.exercises.gradients import ex1_model, ex1_reference, judge_ex1

from exercise_messages import every_message_in_every_edition  # noqa: F401  (a fixture)
from wrong_answers import Wrong, cases

pytestmark = pytest.mark.usefixtures("every_message_in_every_edition")  # each reason, in every edition


def _pgd(start=lambda clean: clean.clone(), gradient=None, finish=lambda x: x.detach(), project=True, sign=True):
    """The loop of the chapter, with one of its steps replaced."""
    def answer(model, clean, label, eps, step_size, steps):
        adversarial = start(clean)
        for _ in range(steps):
            adversarial.requires_grad_()
            loss = F.cross_entropy(model(adversarial), label)
            grad = gradient(loss, adversarial) if gradient else torch.autograd.grad(loss, adversarial)[0]
            with torch.no_grad():
                adversarial = adversarial + step_size * (grad.sign() if sign else grad)
                if project:
                    adversarial = torch.min(torch.max(adversarial, clean - eps), clean + eps).clamp(0, 1)
        return finish(adversarial)
    return answer


def _backward_into_x(loss, x):
    loss.backward()  # also fills the parameters' .grad
    return x.grad


def test_the_reference_moves_the_image_and_raises_the_loss():
    model = ex1_model()
    clean, label = torch.rand(1, 3, 8, 8), torch.tensor([2])
    adversarial = ex1_reference(model, clean, label)
    with torch.no_grad():
        assert F.cross_entropy(model(adversarial), label) > F.cross_entropy(model(clean), label)
    assert not torch.equal(adversarial, clean) and adversarial.is_leaf and not adversarial.requires_grad


def test_ex1_accepts_the_loop_of_the_chapter():
    assert judge_ex1(_pgd()) is None


def test_ex1_accepts_a_detached_copy_and_frozen_parameters():
    def answer(model, clean, label, eps, step_size, steps):
        model.requires_grad_(False)
        try:
            return _pgd(start=lambda c: c.detach().clone(), gradient=_backward_into_x)(model, clean, label, eps, step_size, steps)
        finally:
            model.requires_grad_(True)
    assert judge_ex1(answer) is None


def test_ex1_rejects_the_in_place_fgsm_step():
    def answer(model, clean, label, eps, step_size, steps):
        x = clean.clone().requires_grad_()
        F.cross_entropy(model(x), label).backward()
        x += step_size * x.grad.sign()
        return x.detach()
    assert "in place" in judge_ex1(answer)


def test_ex1_rejects_the_out_of_place_step_that_reads_a_non_leaf_grad():
    def answer(model, clean, label, eps, step_size, steps):
        x = clean.clone().requires_grad_()
        for _ in range(steps):
            F.cross_entropy(model(x), label).backward()
            x = x + step_size * x.grad.sign()
        return x.detach()
    with pytest.warns(UserWarning, match="not a leaf"):
        assert "non-leaf" in judge_ex1(answer)


def test_ex1_rejects_gradients_left_in_the_parameters():
    assert "parameters" in judge_ex1(_pgd(gradient=_backward_into_x))


def test_ex1_rejects_changing_the_callers_image():
    assert "caller" in judge_ex1(_pgd(start=lambda clean: clean))


def test_ex1_rejects_a_result_with_a_graph_and_other_results():
    assert "detach" in judge_ex1(_pgd(finish=lambda x: x.requires_grad_()))
    assert "tensor" in judge_ex1(lambda *args: None)


def test_ex1_rejects_a_missing_projection_and_a_step_without_sign():
    assert "eps-ball" in judge_ex1(_pgd(project=False))
    assert "PGD" in judge_ex1(_pgd(sign=False))


# The typical wrong answers the site shows under the exercise (tests/wrong_answers.py): the traps of
# the input-gradient section, each a whole answer as a reader writes it.
def fgsm_in_place(model, clean, label, eps, step_size, steps):
    x = clean.clone().requires_grad_()
    F.cross_entropy(model(x), label).backward()
    x += step_size * x.grad.sign()
    return x.detach()


def backward_fills_the_parameters(model, clean, label, eps, step_size, steps):
    adversarial = clean.clone()
    for _ in range(steps):
        adversarial.requires_grad_()
        F.cross_entropy(model(adversarial), label).backward()
        with torch.no_grad():
            adversarial = adversarial + step_size * adversarial.grad.sign()
            adversarial = torch.min(torch.max(adversarial, clean - eps), clean + eps).clamp(0, 1)
    return adversarial.detach()


def starts_from_the_callers_image(model, clean, label, eps, step_size, steps):
    adversarial = clean
    for _ in range(steps):
        adversarial.requires_grad_()
        grad, = torch.autograd.grad(F.cross_entropy(model(adversarial), label), adversarial)
        with torch.no_grad():
            adversarial = adversarial + step_size * grad.sign()
            adversarial = torch.min(torch.max(adversarial, clean - eps), clean + eps).clamp(0, 1)
    return adversarial.detach()


def no_projection(model, clean, label, eps, step_size, steps):
    adversarial = clean.clone()
    for _ in range(steps):
        adversarial.requires_grad_()
        grad, = torch.autograd.grad(F.cross_entropy(model(adversarial), label), adversarial)
        with torch.no_grad():
            adversarial = adversarial + step_size * grad.sign()
    return adversarial.detach()


def returns_a_graph(model, clean, label, eps, step_size, steps):
    adversarial = clean.clone()
    for _ in range(steps):
        adversarial.requires_grad_()
        grad, = torch.autograd.grad(F.cross_entropy(model(adversarial), label), adversarial)
        adversarial = adversarial + step_size * grad.sign()
        adversarial = torch.min(torch.max(adversarial, clean - eps), clean + eps).clamp(0, 1)
    return adversarial


WRONG_EX1 = [
    Wrong(fgsm_in_place, "in place"),
    Wrong(backward_fills_the_parameters, "parameters"),
    Wrong(starts_from_the_callers_image, "caller"),
    Wrong(no_projection, "eps-ball"),
    Wrong(returns_a_graph, "detach"),
]


@pytest.mark.parametrize("answer, reason", cases(WRONG_EX1))
def test_ex1_rejects_the_typical_wrong_answers(answer, reason):
    verdict = judge_ex1(answer)
    assert isinstance(verdict, str) and reason in verdict, verdict


WRONG = {"grad-ex1": WRONG_EX1}
JUDGES = {"grad-ex1": lambda: judge_ex1}
