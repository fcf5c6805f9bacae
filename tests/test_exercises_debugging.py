"""The judge of the debugging chapter accepts the Grad-CAM recipe and rejects each trap of the
module-hooks section with its reason."""
import pytest
import torch

from autograd_book.exercises.debugging import ex1_model, ex1_reference, judge_ex1

from exercise_messages import every_message_in_every_edition  # noqa: F401  (a fixture)
from wrong_answers import Wrong, cases

pytestmark = pytest.mark.usefixtures("every_message_in_every_edition")  # each reason, in every edition


def _forward_hook_answer(make_input=lambda image: image.detach().requires_grad_(), keep=lambda t: t.detach().clone(),
                         remove=True):
    """The recipe of the chapter, with one of its steps replaced."""
    def answer(model, layer, image, class_index):
        store = {}

        def forward_hook(module, args, output):
            store["activation"] = keep(output)
            output.register_hook(lambda grad: store.update(gradient=grad))

        handle = layer.register_forward_hook(forward_hook)
        try:
            model(make_input(image))[0, class_index].backward()
        finally:
            if remove:
                handle.remove()
        return store["activation"], store["gradient"]
    return answer


def test_the_reference_is_the_gradient_for_the_layer_output():
    model = ex1_model()
    image = torch.randn(1, 3, 8, 8)
    activation, gradient = ex1_reference(model, image, 1)
    assert activation.shape == gradient.shape == (1, 4, 8, 8) and (activation < 0).any()


def test_ex1_accepts_the_recipe():
    assert judge_ex1(_forward_hook_answer()) is None


def test_ex1_accepts_a_clone_that_requires_grad():
    assert judge_ex1(_forward_hook_answer(make_input=lambda image: image.clone().requires_grad_())) is None


def test_ex1_rejects_an_image_that_does_not_require_grad():
    assert "frozen" in judge_ex1(_forward_hook_answer(make_input=lambda image: image))


def test_ex1_rejects_changing_the_callers_image():
    assert "image" in judge_ex1(_forward_hook_answer(make_input=lambda image: image.requires_grad_()))


def test_ex1_rejects_a_hook_left_registered():
    assert "remove" in judge_ex1(_forward_hook_answer(remove=False))


def test_ex1_rejects_an_activation_that_keeps_its_graph():
    assert "graph" in judge_ex1(_forward_hook_answer(keep=lambda t: t))


def test_ex1_rejects_detach_without_a_copy():
    assert "clone" in judge_ex1(_forward_hook_answer(keep=lambda t: t.detach()))


def test_ex1_rejects_a_full_backward_hook_before_an_inplace_relu():
    def answer(model, layer, image, class_index):
        store = {}
        layer.register_full_backward_hook(lambda module, grad_input, grad_output: store.update(gradient=grad_output[0]))
        model(image.detach().requires_grad_())[0, class_index].backward()
        return None, store["gradient"]
    assert "in-place" in judge_ex1(answer)


def test_ex1_rejects_the_old_hooks_grad_input():
    def answer(model, layer, image, class_index):
        store = {}
        layer.register_forward_hook(lambda module, args, output: store.update(activation=output.detach().clone()))
        handles = [layer.register_backward_hook(lambda module, grad_input, grad_output: store.update(gradient=grad_input[0]))]
        try:
            model(image.detach().requires_grad_())[0, class_index].backward()
        finally:
            for h in handles:
                h.remove()
            layer._forward_hooks.clear()
        return store["activation"], store["gradient"]
    with pytest.warns(FutureWarning):
        reason = judge_ex1(answer)
    assert "register_backward_hook" in reason


def test_ex1_the_old_hook_never_fires_on_a_frozen_layer():
    def answer(model, layer, image, class_index):
        store = {}
        handle = layer.register_backward_hook(lambda module, grad_input, grad_output: store.update(gradient=grad_output[0]))
        try:
            model(image)[0, class_index].backward()
        finally:
            handle.remove()
        return torch.zeros(1), store["gradient"]
    with pytest.raises(KeyError):  # the check reports the exception the reader's code raised
        judge_ex1(answer)


def test_ex1_rejects_other_results():
    assert "pair" in judge_ex1(lambda model, layer, image, class_index: None)
    assert "output" in judge_ex1(lambda model, layer, image, class_index: (torch.zeros(1, 4, 8, 8), torch.zeros(1, 4, 8, 8)))


# The typical wrong answers the site shows under the exercise (tests/wrong_answers.py): the traps of
# the module-hooks section, each a whole answer as a reader writes it.
def image_that_does_not_require_grad(model, layer, image, class_index):
    store = {}

    def forward_hook(module, args, output):
        store["activation"] = output.detach().clone()
        output.register_hook(lambda grad: store.update(gradient=grad))

    handle = layer.register_forward_hook(forward_hook)
    try:
        model(image)[0, class_index].backward()
    finally:
        handle.remove()
    return store["activation"], store["gradient"]


def hook_left_registered(model, layer, image, class_index):
    store = {}

    def forward_hook(module, args, output):
        store["activation"] = output.detach().clone()
        output.register_hook(lambda grad: store.update(gradient=grad))

    layer.register_forward_hook(forward_hook)
    model(image.detach().requires_grad_())[0, class_index].backward()
    return store["activation"], store["gradient"]


def activation_with_its_graph(model, layer, image, class_index):
    store = {}

    def forward_hook(module, args, output):
        store["activation"] = output
        output.register_hook(lambda grad: store.update(gradient=grad))

    handle = layer.register_forward_hook(forward_hook)
    try:
        model(image.detach().requires_grad_())[0, class_index].backward()
    finally:
        handle.remove()
    return store["activation"], store["gradient"]


def detach_without_a_copy(model, layer, image, class_index):
    store = {}

    def forward_hook(module, args, output):
        store["activation"] = output.detach()
        output.register_hook(lambda grad: store.update(gradient=grad))

    handle = layer.register_forward_hook(forward_hook)
    try:
        model(image.detach().requires_grad_())[0, class_index].backward()
    finally:
        handle.remove()
    return store["activation"], store["gradient"]


def full_backward_hook(model, layer, image, class_index):
    store = {}
    handle = layer.register_full_backward_hook(
        lambda module, grad_input, grad_output: store.update(gradient=grad_output[0]))
    try:
        model(image.detach().requires_grad_())[0, class_index].backward()
    finally:
        handle.remove()
    return None, store["gradient"]


WRONG_EX1 = [
    Wrong(image_that_does_not_require_grad, "frozen"),
    Wrong(hook_left_registered, "remove"),
    Wrong(activation_with_its_graph, "graph"),
    Wrong(detach_without_a_copy, "clone"),
    Wrong(full_backward_hook, "in-place"),
]


@pytest.mark.parametrize("answer, reason", cases(WRONG_EX1))
def test_ex1_rejects_the_typical_wrong_answers(answer, reason):
    verdict = judge_ex1(answer)
    assert isinstance(verdict, str) and reason in verdict, verdict


WRONG = {"dbg-ex1": WRONG_EX1}
JUDGES = {"dbg-ex1": lambda: judge_ex1}
