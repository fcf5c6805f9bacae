"""Judges of the exercises of the chapter "Gradients that are zero, missing, or need extra work"
(book/en/gradients.ipynb).

Exercise 1 (a PGD attack without side effects) runs the reader's function on a small
classifier whose parameters require grad, as a model in training does, and compares its
result with the loop of the input-gradient section. It rejects each trap of that section:
the in-place update of a leaf, gradients left in the model's parameters, a changed
caller's image, a result that still holds a graph, and a step outside the eps-ball.
"""
from __future__ import annotations

from typing import Callable

import torch
from torch import nn
from torch.nn import functional as F

from autograd_book.exercises.messages import Catalog

say = Catalog("gradients")

EPS, STEP_SIZE, STEPS = 0.03, 0.01, 3


def ex1_model(device: torch.device | str = "cpu") -> nn.Sequential:
    """A small image classifier in eval() mode; its parameters require grad."""
    torch.manual_seed(0)
    return nn.Sequential(nn.Conv2d(3, 4, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(),
                         nn.Linear(4, 5)).to(device).eval()


def ex1_reference(model: nn.Module, clean: torch.Tensor, label: torch.Tensor,
                  eps: float = EPS, step_size: float = STEP_SIZE, steps: int = STEPS) -> torch.Tensor:
    """The loop of the chapter: sign steps on a fresh leaf, projected on the eps-ball and [0, 1]."""
    adversarial = clean.clone()
    for _ in range(steps):
        adversarial.requires_grad_()
        gradient, = torch.autograd.grad(F.cross_entropy(model(adversarial), label), adversarial)
        with torch.no_grad():
            adversarial = adversarial + step_size * gradient.sign()
            adversarial = torch.min(torch.max(adversarial, clean - eps), clean + eps).clamp(0, 1)
    return adversarial.detach()


def judge_ex1(answer: Callable, device: torch.device | str = "cpu") -> str | None:
    """``answer(model, clean, label, eps, step_size, steps)`` must return the PGD adversarial image."""
    model = ex1_model(device)
    torch.manual_seed(1)
    clean = torch.rand(1, 3, 8, 8).to(device)
    label = torch.tensor([2], device=device)
    clean_before = clean.clone()
    try:
        result = answer(model, clean, label, EPS, STEP_SIZE, STEPS)
    except RuntimeError as err:
        if "leaf Variable that requires grad" in str(err):
            return say("ex1.leaf_inplace")
        raise
    except AttributeError as err:
        if "'NoneType' object has no attribute" in str(err):
            return say("ex1.non_leaf_grad")
        raise
    if any(p.grad is not None for p in model.parameters()):
        return say("ex1.parameter_grads")
    if clean.requires_grad or not torch.equal(clean, clean_before):
        return say("ex1.image_changed")
    if not isinstance(result, torch.Tensor) or result.shape != clean.shape:
        return say("ex1.tensor")
    if result.requires_grad or result.grad_fn is not None:
        return say("ex1.result_graph")
    if (result - clean).abs().max() > EPS + 1e-6 or result.min() < 0 or result.max() > 1:
        return say("ex1.outside_ball")
    if not torch.allclose(result, ex1_reference(model, clean, label), atol=1e-6):
        return say("ex1.wrong_result")
    return None
