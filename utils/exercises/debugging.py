"""Judges of the exercises of the chapter "Debugging gradients" (book/en/debugging.ipynb).

Exercise 1 (the two tensors of Grad-CAM) runs the reader's function on a model
with the traps of the module-hooks section at once: the layers up to the hooked
one are frozen, the image does not require grad, and the hooked layer is
followed by an in-place ReLU. The answer is compared with the layer's output and
gradient computed without any hook.
"""
from __future__ import annotations

from typing import Callable

import torch
from torch import nn

from utils.exercises.messages import Catalog

say = Catalog("debugging")


def ex1_model(device: torch.device | str = "cpu") -> nn.Sequential:
    """A small CNN whose layer 2 is followed by an in-place ReLU, with layers 0 to 3 frozen."""
    torch.manual_seed(0)
    model = nn.Sequential(
        nn.Conv2d(3, 4, 3, padding=1), nn.ReLU(inplace=True),
        nn.Conv2d(4, 4, 3, padding=1), nn.ReLU(inplace=True),  # layer 2, then an in-place ReLU
        nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(4, 3),
    ).to(device)
    model[:4].requires_grad_(False)  # a frozen backbone: only the head trains
    return model


def ex1_reference(model: nn.Sequential, image: torch.Tensor, class_index: int) -> tuple[torch.Tensor, torch.Tensor]:
    """Layer 2's output, and the gradient of the class score with respect to it, computed without hooks."""
    with torch.no_grad():
        activation = model[2](model[1](model[0](image.clone())))
    leaf = activation.clone().requires_grad_()
    score = model[4:](model[3](leaf.clone()))[0, class_index]
    gradient, = torch.autograd.grad(score, leaf)
    return activation, gradient


def _hooks_on(layer: nn.Module) -> int:
    return sum(len(hooks) for hooks in (layer._forward_hooks, layer._forward_pre_hooks,
                                        layer._backward_hooks, layer._backward_pre_hooks))


def judge_ex1(answer: Callable, device: torch.device | str = "cpu") -> str | None:
    """``answer(model, layer, image, class_index)`` must return (activation, gradient) of ``layer``."""
    model = ex1_model(device)
    layer = model[2]
    torch.manual_seed(1)
    image = torch.randn(1, 3, 8, 8).to(device)
    image_before = image.clone()
    try:
        result = answer(model, layer, image, 1)
    except RuntimeError as err:
        if "BackwardHookFunction" in str(err):
            return say("ex1.full_hook_inplace")
        if "doesn't require gradient" in str(err) or "does not require grad" in str(err):
            return say("ex1.no_graph")
        raise
    if _hooks_on(layer):
        return say("ex1.hook_left")
    if image.requires_grad or not torch.equal(image, image_before):
        return say("ex1.image_changed")
    if not (isinstance(result, tuple) and len(result) == 2 and all(isinstance(t, torch.Tensor) for t in result)):
        return say("ex1.pair")
    activation, gradient = result
    if activation.requires_grad:
        return say("ex1.activation_graph")
    reference_activation, reference_gradient = ex1_reference(model, image, 1)
    if activation.shape != reference_activation.shape or not torch.allclose(activation, reference_activation, atol=1e-6):
        if activation.shape == reference_activation.shape and torch.allclose(activation, reference_activation.relu(), atol=1e-6):
            return say("ex1.shared_memory")
        return say("ex1.wrong_activation")
    if gradient.shape != reference_gradient.shape or not torch.allclose(gradient, reference_gradient, atol=1e-6):
        return say("ex1.wrong_gradient")
    return None
