"""Judges of the exercises of the chapter "Autograd across processes" (book/en/distributed.ipynb).

The facts they judge against come from the chapter's own two-process run
(passed in), so a judge cannot disagree with what the chapter printed.
"""
from __future__ import annotations

import inspect
from typing import Any, Callable, Mapping

import torch


def make_judge_ex1(no_sync_calls: int) -> Callable[[Any], str | None]:
    """All-reduce calls of one step with 4 micro-batches, 3 of them inside no_sync.

    ``no_sync_calls`` is what the chapter measured for the no_sync pattern: the
    calls made by the backward passes outside ``no_sync`` (one per bucket).
    """
    def judge(answer: Any) -> str | None:
        if not isinstance(answer, int) or isinstance(answer, bool):
            return "give a whole number"
        if answer == no_sync_calls:
            return None
        if answer == 4:
            return "inside no_sync no all-reduce happens: only the last backward, outside the block, averages"
        if answer == 3:
            return "it is the backward passes inside no_sync that skip the all-reduce, not the last one"
        if answer == 0:
            return "the last backward pass runs outside no_sync, and it averages the accumulated gradient"
        return "count the backward passes outside no_sync, times the buckets (one here)"
    return judge


def make_judge_ex2(grads: Mapping[str, tuple[torch.Tensor, torch.Tensor]]) -> Callable[[Any], str | None]:
    """The set of patterns whose final gradients differ between the ranks, from the chapter's run."""
    drifting = {name for name, (g0, g1) in grads.items() if not torch.allclose(g0, g1)}

    def judge(answer: Any) -> str | None:
        answer = {answer} if isinstance(answer, str) else set(answer)
        unknown = answer - set(grads)
        if unknown:
            return f"not pattern names of grads: {sorted(unknown)}"
        extra, missing = answer - drifting, drifting - answer
        if "after_first_backward" in extra:
            return "after_first_backward is the state after the first backward, which DDP averaged"
        if "grad_norm_penalty" in extra:
            return ("in grad_norm_penalty the ranks agree: each rank's penalty is local, but the final "
                    "backward averages the whole gradient; it differs from the single-process result, "
                    "not between ranks")
        if extra:
            return f"{', '.join(sorted(extra))}: the ranks end with equal gradients there"
        if missing:
            return f"{', '.join(sorted(missing))} also ends with different gradients on the two ranks"
        return None
    return judge


def judge_ex3(answer: Any) -> str | None:
    """The DistributedDataParallel keyword that makes reentrant checkpointing work: static_graph."""
    from torch.nn.parallel import DistributedDataParallel
    keywords = inspect.signature(DistributedDataParallel).parameters
    if not isinstance(answer, str):
        return "give the keyword's name as a string"
    if answer == "_set_static_graph":
        return "_set_static_graph() is the older private method; the constructor takes a keyword"
    if answer not in keywords:
        return f"DistributedDataParallel has no keyword {answer!r}"
    if answer == "find_unused_parameters":
        return ("find_unused_parameters=True is what makes reentrant checkpointing fail: DDP marks the "
                "checkpointed parameters unused, then ready a second time in backward")
    if answer != "static_graph":
        return f"{answer} does not tell DDP that the set of used parameters is the same in every iteration"
    return None
