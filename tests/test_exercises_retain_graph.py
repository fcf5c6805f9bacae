import pytest
import torch
import torch.nn.functional as F

from autograd_book.exercises.retain_graph import judge_ex1, judge_ex2, judge_ex3, make_judge_ex4

from exercise_messages import every_message_in_every_edition  # noqa: F401  (a fixture)
from wrong_answers import Wrong, accepted, cases, verdict_of

pytestmark = pytest.mark.usefixtures("every_message_in_every_edition")  # each reason, in every edition


def rejected(reason, *words):
    assert isinstance(reason, str) and reason, "a wrong answer must be rejected with a reason"
    for word in words:
        assert word in reason, (word, reason)


def test_ex1_accepts_the_solution_and_rejects_wrong_sets():
    assert judge_ex1({"x + 1", "x - 2", "x.view(3, 1)"}) is None
    rejected(judge_ex1({"x + 1", "x - 2", "x.view(3, 1)", "x * 4"}), "saves the wrapped number 4")
    rejected(judge_ex1({"x + 1", "x.exp()", "x - 2", "x.view(3, 1)"}), "saves its result")
    rejected(judge_ex1({"x + 1"}), "saves no tensor")
    rejected(judge_ex1({"x / 2"}), "not one of the losses")
    rejected(judge_ex1("x + 1"), "set of names")


WRONG_EX2 = [
    Wrong(lambda hidden: hidden, "grad_fn"),
    Wrong(lambda hidden: hidden.clone(), "grad_fn"),
    Wrong(lambda hidden: torch.zeros_like(hidden), "changed the values"),  # pitfalls' wrong fix 2
    Wrong(lambda hidden: hidden.data, "version counter"),
    Wrong(lambda hidden: hidden.requires_grad_(False), "only change requires_grad flags of leaf"),
]


def test_ex2_accepts_detach_and_rejects_the_wrong_fixes():
    assert judge_ex2(lambda h: h.detach()) is None
    assert judge_ex2(lambda h: h.detach().clone()) is None
    rejected(judge_ex2(lambda h: torch.zeros_like(h)), "changed the values", "reset")
    rejected(judge_ex2(lambda h: torch.zeros_like(h).requires_grad_()), "changed the values")
    rejected(judge_ex2(lambda h: h * 1.0), "grad_fn")
    rejected(judge_ex2(None if False else 3), "function")


@pytest.mark.parametrize("answer, reason", cases(WRONG_EX2))
def test_ex2_rejects_the_typical_wrong_answers(answer, reason):
    rejected(verdict_of(judge_ex2, answer), reason)  # requires_grad_(False) on a non-leaf raises


def test_ex2_rejects_data():
    rejected(judge_ex2(lambda h: h.data), ".data", "version counter", "detach()")


def test_ex2_accepts_a_detached_state_that_requires_grad():
    """The statement asks for no saved tensors held between iterations: a new leaf holds none.

    (pitfalls' exercise 2 judges the same answer the same way.)
    """
    assert judge_ex2(lambda h: h.detach().requires_grad_()) is None


WRONG_EX3 = [
    Wrong(lambda fake: fake, "reached the generator"),
    Wrong(lambda fake: fake.clone(), "reached the generator"),
    Wrong(lambda fake: torch.randn_like(fake), "generator's samples"),
    Wrong(lambda fake: fake.data, "version counter"),
    Wrong(lambda fake: fake.requires_grad_(False), "only change requires_grad flags of leaf"),
]


@pytest.mark.parametrize("answer, reason", cases(WRONG_EX3))
def test_ex3_rejects_the_typical_wrong_answers(answer, reason):
    rejected(verdict_of(judge_ex3, answer), reason)


def test_ex3_accepts_detach_and_rejects_substitutes():
    assert judge_ex3(lambda fake: fake.detach()) is None
    for wrong in (torch.zeros_like, torch.ones_like, torch.randn_like):
        rejected(judge_ex3(wrong), "generator's samples")


def test_ex3_rejects_data():
    rejected(judge_ex3(lambda fake: fake.data), ".data", "version counter", "fake.detach()")


def make_setup():
    torch.manual_seed(0)
    body = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU())
    head_a, head_b = torch.nn.Linear(16, 1), torch.nn.Linear(16, 3)
    params = [*body.parameters(), *head_a.parameters(), *head_b.parameters()]
    data, target_a, target_b = torch.randn(32, 8), torch.randn(32, 1), torch.randint(0, 3, (32,))

    def two_losses():
        h = body(data)
        return F.mse_loss(head_a(h), target_a), F.cross_entropy(head_b(h), target_b)

    return two_losses, params


def test_ex4_checks_the_rule_not_only_the_values():
    two_losses, params = make_setup()
    judge = make_judge_ex4(two_losses, params)
    assert judge(lambda l1, l2: torch.autograd.grad([l1, l2], params)) is None
    assert judge(lambda l1, l2: torch.autograd.grad((l1, l2), params)) is None
    # the summed loss: right values, but not the call the exercise asks for
    rejected(judge(lambda l1, l2: torch.autograd.grad(l1 + l2, params)), "two losses")

    def two_calls(l1, l2):
        g1 = torch.autograd.grad(l1, params, retain_graph=True, allow_unused=True)
        g2 = torch.autograd.grad(l2, params, allow_unused=True)
        return [a if b is None else (b if a is None else a + b) for a, b in zip(g1, g2)]

    rejected(judge(two_calls), "2 times")
    rejected(judge(lambda l1, l2: torch.autograd.grad([l1, l2], params, retain_graph=True)), "kept the graph")

    def with_backward(l1, l2):
        (l1 + l2).backward()
        return [p.grad for p in params]

    rejected(judge(with_backward), "0 times")
    rejected(judge(lambda l1, l2: torch.autograd.grad([l1, l2], params[:2])), "differ")
    rejected(judge([1, 2]), "function")


def test_ex4_accepts_grad_imported_by_name():
    from torch.autograd import grad  # bound before the judge starts recording
    two_losses, params = make_setup()
    judge = make_judge_ex4(two_losses, params)
    assert judge(lambda l1, l2: grad([l1, l2], params)) is None
    rejected(judge(lambda l1, l2: grad([l1, l2], params, retain_graph=True)), "kept the graph")
    rejected(judge(lambda l1, l2: grad(l1 + l2, params)), "two losses")


def test_ex4_accepts_the_losses_in_either_order():
    """[loss2, loss1] is the same single pass (the gradients add up); one loss twice is not both losses."""
    two_losses, params = make_setup()
    judge = make_judge_ex4(two_losses, params)
    assert judge(lambda l1, l2: torch.autograd.grad([l2, l1], params)) is None
    rejected(judge(lambda l1, l2: torch.autograd.grad([l1, l1], params, allow_unused=True)), "two losses")


# The typical wrong answers the site shows under each code exercise (tests/wrong_answers.py), for
# exercise 4 on the network of the chapter, named as there.
two_losses, mlp_params = make_setup()


def two_calls(loss1, loss2):
    g1 = torch.autograd.grad(loss1, mlp_params, retain_graph=True, allow_unused=True)
    g2 = torch.autograd.grad(loss2, mlp_params, allow_unused=True)
    return [a if b is None else (b if a is None else a + b) for a, b in zip(g1, g2)]


def with_backward(loss1, loss2):
    (loss1 + loss2).backward()
    return [p.grad for p in mlp_params]


WRONG_EX4 = [
    Wrong(lambda loss1, loss2: torch.autograd.grad(loss1 + loss2, mlp_params), "two losses"),
    Wrong(two_calls, "2 times"),
    Wrong(lambda loss1, loss2: torch.autograd.grad([loss1, loss2], mlp_params, retain_graph=True), "kept the graph"),
    Wrong(with_backward, "0 times"),
]


@pytest.mark.parametrize("answer, reason", cases(WRONG_EX4))
def test_ex4_rejects_the_typical_wrong_answers(answer, reason):
    for p in mlp_params:
        p.grad = None
    rejected(make_judge_ex4(two_losses, mlp_params)(answer), reason)


WRONG = {"rg-ex2": WRONG_EX2, "rg-ex3": WRONG_EX3, "rg-ex4": WRONG_EX4}
JUDGES = {"rg-ex2": lambda: judge_ex2, "rg-ex3": lambda: judge_ex3,
          "rg-ex4": lambda: make_judge_ex4(two_losses, mlp_params)}
# The forms of a one-line answer that the page's {answer-check} box recognises as right: each is run
# through the judge (tests/wrong_answers.py refuses one that it rejects), spelled as a reader types it.
ACCEPTED = {
    "rg-ex2": accepted([f"lambda hidden: hidden.{cut}" for cut in
                        ("detach()", "detach().clone()", "clone().detach()", "detach().requires_grad_()", "detach_()")], globals()),
    "rg-ex3": accepted([f"lambda fake: fake.{cut}" for cut in ("detach()", "detach().clone()", "clone().detach()", "detach_()")],
                       globals()),
    "rg-ex4": accepted([f"lambda loss1, loss2: torch.autograd.grad({outputs}, mlp_params{more})"
                        for outputs in ("[loss1, loss2]", "(loss1, loss2)", "[loss2, loss1]", "(loss2, loss1)")
                        for more in ("", ", allow_unused=True")]
                       + ["lambda loss1, loss2: torch.autograd.grad(outputs=[loss1, loss2], inputs=mlp_params)"], globals()),
}
