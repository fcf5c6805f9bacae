"""Judges of the exercises of the chapter "Autograd across processes" (book/en/distributed.ipynb).

The facts they judge against come from the chapter's own two-process run
(passed in), so a judge cannot disagree with what the chapter printed.
"""
from __future__ import annotations

import inspect
from typing import Any, Callable, Mapping

import torch

from autograd_book.exercises.messages import Catalog, join

say = Catalog("distributed")


def make_judge_ex1(no_sync_calls: int) -> Callable[[Any], str | None]:
    """All-reduce calls of one step with 4 micro-batches, 3 of them inside no_sync.

    ``no_sync_calls`` is what the chapter measured for the no_sync pattern: the
    calls made by the backward passes outside ``no_sync`` (one per bucket).
    """
    def judge(answer: Any) -> str | None:
        if not isinstance(answer, int) or isinstance(answer, bool):
            return say("ex1.not_int")
        if answer == no_sync_calls:
            return None
        if answer == 4:
            return say("ex1.four")
        if answer == 3:
            return say("ex1.three")
        if answer == 0:
            return say("ex1.zero")
        return say("ex1.count")
    return judge


def make_judge_ex2(grads: Mapping[str, tuple[torch.Tensor, torch.Tensor]]) -> Callable[[Any], str | None]:
    """The set of patterns whose final gradients differ between the ranks, from the chapter's run."""
    drifting = {name for name, (g0, g1) in grads.items() if not torch.allclose(g0, g1)}

    def judge(answer: Any) -> str | None:
        answer = {answer} if isinstance(answer, str) else set(answer)
        unknown = answer - set(grads)
        if unknown:
            return say("ex2.unknown", names=sorted(unknown))
        extra, missing = answer - drifting, drifting - answer
        if "after_first_backward" in extra:
            return say("ex2.after_first_backward")
        if "grad_norm_penalty" in extra:
            return say("ex2.grad_norm_penalty")
        if extra:
            return say("ex2.equal", names=join(sorted(extra)))
        if missing:
            return say("ex2.missing", names=join(sorted(missing)))
        return None
    return judge


def judge_ex3(answer: Any) -> str | None:
    """The DistributedDataParallel keyword that makes reentrant checkpointing work: static_graph."""
    from torch.nn.parallel import DistributedDataParallel
    keywords = inspect.signature(DistributedDataParallel).parameters
    if not isinstance(answer, str):
        return say("ex3.not_string")
    if answer == "_set_static_graph":
        return say("ex3.private")
    if answer not in keywords:
        return say("ex3.no_keyword", answer=answer)
    if answer == "find_unused_parameters":
        return say("ex3.find_unused")
    if answer != "static_graph":
        return say("ex3.not_static", answer=answer)
    return None
