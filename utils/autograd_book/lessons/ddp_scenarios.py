"""The workers of the chapter "Autograd across processes" (book/en/distributed.ipynb).

Each worker runs as ``worker(rank, world_size)`` in two processes started by
:func:`autograd_book.distributed.launch`, inside one gloo process group on the CPU.
Every rank builds the same small network (same seed) and draws its own shard
of data; the chapter rebuilds both shards in one process for the reference
it compares against.
"""
from __future__ import annotations

import re
import time
import warnings
from contextlib import nullcontext
from typing import Any, Callable

import torch
import torch.distributed as dist
from torch.nn.functional import mse_loss

from autograd_book.distributed import capture_stderr, strip_paths

# ------------------------------------------------------------ the launcher's demos


def all_reduce_rank(rank: int, world_size: int) -> dict:
    """Each rank contributes ``rank + 1``; every rank gets back the sum."""
    t = torch.tensor([float(rank + 1)])
    dist.all_reduce(t)  # default op: SUM
    return {"rank": rank, "world_size": world_size, "sum": t.item()}


def raise_on_rank(rank: int, world_size: int, failing_rank: int = 1) -> dict:
    """Rank ``failing_rank`` raises a ValueError; the others wait in a collective that never completes."""
    if rank == failing_rank:
        raise ValueError(f"bad batch on rank {rank}")
    t = torch.ones(1)
    dist.all_reduce(t)  # would wait for the failing rank forever; the launcher stops it
    return {"rank": rank}


def sleep_on_rank(rank: int, world_size: int, seconds: float = 3600.0, sleeping_rank: int = 1) -> dict:
    """Rank ``sleeping_rank`` sleeps; the others wait for it in a collective."""
    if rank == sleeping_rank:
        time.sleep(seconds)
    t = torch.ones(1)
    dist.all_reduce(t)
    return {"rank": rank, "sum": t.item()}


def environment_of_rank(rank: int, world_size: int, name: str) -> dict:
    """What this rank sees of the environment variable ``name``, its parent's process id, and whether
    torch._dynamo (which DDP's constructor imports) was already imported when the worker started."""
    import os
    import sys
    return {"rank": rank, name: os.environ.get(name), "parent": os.getppid(), "dynamo": "torch._dynamo" in sys.modules}


# ------------------------------------------------------------ model, data, losses


def make_model() -> torch.nn.Module:
    """The network every scenario trains: 49 parameters, identical on every rank."""
    torch.manual_seed(0)
    return torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1))


def shard(rank: int, rows: int = 6) -> tuple[torch.Tensor, torch.Tensor]:
    """Rank ``rank``'s inputs (rows x 4) and targets (rows x 1)."""
    g = torch.Generator().manual_seed(100 + rank)
    return torch.randn(rows, 4, generator=g), torch.randn(rows, 1, generator=g)


def two_losses(out: torch.Tensor, y: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """A fit term and a small regulariser on the output, from one forward pass."""
    return mse_loss(out, y), 0.1 * out.pow(2).mean()


def gradient_penalty(model: Callable, x: torch.Tensor) -> torch.Tensor:
    """Mean of (|d out / d x| - 1)^2 over the rows: a WGAN-GP style penalty on the inputs."""
    x = x.detach().requires_grad_()
    (grad_x,) = torch.autograd.grad(model(x).sum(), x, create_graph=True)  # inputs only: no reducer hook
    return (grad_x.norm(dim=1) - 1).pow(2).mean()


def grad_norm_penalty(loss: torch.Tensor, params: list[torch.Tensor]) -> torch.Tensor:
    """The squared norm of d loss / d params, differentiable (the inner step of MAML has the same shape)."""
    grads = torch.autograd.grad(loss, params, create_graph=True)  # parameter gradients, kept in the graph
    return sum(g.pow(2).sum() for g in grads)


def averaged_grad_norm_penalty(loss: torch.Tensor, params: list[torch.Tensor], recorded: bool) -> torch.Tensor:
    """grad_norm_penalty of the gradient averaged over the processes, averaged in one of two ways."""
    import torch.distributed._functional_collectives as funcol  # what torch 2.13 recommends for this

    grads = torch.autograd.grad(loss, params, create_graph=True)
    world_size = torch.distributed.get_world_size()
    if recorded:  # a new tensor with a grad_fn: its backward all-reduces the incoming gradient
        grads = [funcol.all_reduce(g, "sum", torch.distributed.group.WORLD) / world_size for g in grads]
    else:  # in place and outside autograd: g holds the average, its graph is still the local one
        for g in grads:
            torch.distributed.all_reduce(g)
            g.div_(world_size)
    return sum(g.pow(2).sum() for g in grads)


class CheckpointedNet(torch.nn.Module):
    """make_model() with its second half under torch.utils.checkpoint."""

    def __init__(self, use_reentrant: bool):
        super().__init__()
        self.net, self.use_reentrant = make_model(), use_reentrant

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        hidden = self.net[0](x)
        return torch.utils.checkpoint.checkpoint(self.net[1:], hidden, use_reentrant=self.use_reentrant)


class TwoHeadNet(torch.nn.Module):
    """A shared trunk and two heads: 58 parameters, identical on every rank.

    ``forward`` returns both heads' outputs; with ``run_head2=False`` it returns
    head 1's output alone and head 2 takes no part in forward (a branch not taken).
    """

    def __init__(self, run_head2: bool = True):
        super().__init__()
        torch.manual_seed(0)
        self.trunk = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Tanh())
        self.head1, self.head2 = torch.nn.Linear(8, 1), torch.nn.Linear(8, 1)
        self.run_head2 = run_head2

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, ...]:
        h = self.trunk(x)
        return (self.head1(h), self.head2(h)) if self.run_head2 else (self.head1(h),)


class TinyGenerator(torch.nn.Module):
    """A mapping network to latents w, then a synthesis layer; returns the image and w (return_latents)."""

    def __init__(self):
        super().__init__()
        torch.manual_seed(3)
        self.mapping, self.synthesis = torch.nn.Linear(4, 4), torch.nn.Linear(4, 8)

    def forward(self, z: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        w = torch.tanh(self.mapping(z))
        return self.synthesis(w), w


def path_penalty(image: torch.Tensor, latents: torch.Tensor, noise: torch.Tensor, **grad_kwargs) -> torch.Tensor | None:
    """StyleGAN2's path-length penalty, simplified: (|d(image . noise)/dw| - 1)^2, averaged over rows."""
    (grad,) = torch.autograd.grad((image * noise).sum(), latents, create_graph=True, **grad_kwargs)
    return None if grad is None else (grad.norm(dim=1) - 1).pow(2).mean()


def flat_grad(module: torch.nn.Module) -> list[float]:
    """All parameter gradients of ``module`` as one flat list."""
    return torch.cat([p.grad.reshape(-1) for p in module.parameters()]).tolist()


def _counting_allreduce(counter: list[int], bucket):
    counter[0] += 1
    from torch.distributed.algorithms.ddp_comm_hooks.default_hooks import allreduce_hook
    return allreduce_hook(None, bucket)


# ------------------------------------------------------------ the scenarios


def ddp_backward_patterns(rank: int, world_size: int) -> dict:
    """Every pattern of the chapter that runs: gradients (or messages) per pattern, on this rank."""
    from torch.nn.parallel import DistributedDataParallel as DDP

    x, y = shard(rank)
    results: dict[str, Any] = {}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")

        # Two losses, two backward passes, retain_graph=True on the first.
        ddp = DDP(make_model())
        loss1, loss2 = two_losses(ddp(x), y)
        loss1.backward(retain_graph=True)
        results["after_first_backward"] = flat_grad(ddp)
        loss2.backward()
        results["retain_graph"] = flat_grad(ddp)

        # Fix: one backward pass over the summed loss.
        ddp = DDP(make_model())
        loss1, loss2 = two_losses(ddp(x), y)
        (loss1 + loss2).backward()
        results["summed"] = flat_grad(ddp)

        # Two heads: one backward over the summed loss (two backward passes raise, see ddp_two_heads_retain_graph).
        ddp = DDP(TwoHeadNet())
        out1, out2 = ddp(x)
        (mse_loss(out1, y) + mse_loss(out2, y)).backward()
        results["two_heads_summed"] = flat_grad(ddp)

        # Head 2 gets no gradient, three steps each: the ways that let DDP finish every reduction.
        for name, kwargs in (("unused_find", {"find_unused_parameters": True}),
                             ("unused_static", {"static_graph": True}), ("unused_frozen", {})):
            net = TwoHeadNet(run_head2=name != "unused_static")  # static_graph: head 2 not run at all
            if name == "unused_frozen":
                net.head2.requires_grad_(False)  # before DDP is built: DDP leaves it out
            ddp = DDP(net, **kwargs)
            for _ in range(3):
                ddp.zero_grad()
                mse_loss(ddp(x)[0], y).backward()
            results[name] = flat_grad(net.trunk) + flat_grad(net.head1)

        # static_graph=True with head 2's output returned and left out of the loss.
        net = TwoHeadNet()
        ddp = DDP(net, static_graph=True)
        steps: dict[str, Any] = {}
        try:
            for step in (1, 2, 3):
                ddp.zero_grad()
                mse_loss(ddp(x)[0], y).backward()
                steps[f"step {step}"] = flat_grad(net.trunk) + flat_grad(net.head1)
        except RuntimeError as exc:
            text = str(exc)
            steps[f"step {step}"] = text.split(". ")[0] + "."
            steps["why"] = [line.strip() for line in text.splitlines()  # what the reducer says it expected
                            if "first iteration" in line or line.startswith("Parameter indices")]
        results["unused_static_output"] = steps
        net = TwoHeadNet()
        ddp = DDP(net)
        net.head2.requires_grad_(False)  # after DDP is built: DDP still waits for head2
        try:
            for _ in range(2):
                out1, out2 = ddp(x)
                (mse_loss(out1, y) + mse_loss(out2, y)).backward()
            results["unused_frozen_after"] = "no error"
        except RuntimeError as exc:
            results["unused_frozen_after"] = str(exc).split(". ")[0] + "."

        # Gradient accumulation over two micro-batches, with and without no_sync.
        for name in ("accumulate", "no_sync"):
            ddp, calls = DDP(make_model()), [0]
            ddp.register_comm_hook(calls, _counting_allreduce)
            first = ddp.no_sync() if name == "no_sync" else nullcontext()
            with first:  # no all-reduce inside no_sync: gradients only accumulate locally
                mse_loss(ddp(x[:3]), y[:3]).div(2).backward()
            mse_loss(ddp(x[3:]), y[3:]).div(2).backward()
            results[name] = flat_grad(ddp)
            results[name + "_allreduce_calls"] = calls[0]

        # Reentrant checkpointing: static_graph=True; non-reentrant checkpointing with find_unused_parameters.
        ddp = DDP(CheckpointedNet(use_reentrant=True), static_graph=True)
        mse_loss(ddp(x), y).backward()
        results["static_graph"] = flat_grad(ddp)
        ddp = DDP(CheckpointedNet(use_reentrant=False), find_unused_parameters=True)
        mse_loss(ddp(x), y).backward()
        results["non_reentrant"] = flat_grad(ddp)

        # A gradient penalty: autograd.grad(create_graph=True) on the inputs, then one ordinary backward.
        ddp = DDP(make_model())
        (mse_loss(ddp(x), y) + gradient_penalty(ddp, x)).backward()
        results["penalty"] = flat_grad(ddp)

        # A penalty on the parameter gradients: autograd.grad(create_graph=True) on the parameters.
        ddp = DDP(make_model())
        loss = mse_loss(ddp(x), y)
        (loss + grad_norm_penalty(loss, list(ddp.parameters()))).backward()
        results["grad_norm_penalty"] = flat_grad(ddp)

        # The same penalty on the averaged gradient: all_reduce in place, or recorded by autograd.
        for name, recorded in (("penalty_all_reduce_in_place", False), ("penalty_all_reduce_recorded", True)):
            ddp = DDP(make_model())
            loss = mse_loss(ddp(x), y)
            (loss + averaged_grad_norm_penalty(loss, list(ddp.parameters()), recorded)).backward()
            results[name] = flat_grad(ddp)

        # The path-length penalty on the w that DDP's forward returned, first iteration.
        z, noise = torch.randn(3, 4, generator=torch.Generator().manual_seed(rank)), torch.ones(3, 8)
        for name, kwargs in (("path_penalty_default", {}), ("path_penalty_find_unused", {"find_unused_parameters": True}),
                             ("path_penalty_static_graph", {"static_graph": True})):
            ddp = DDP(TinyGenerator(), **kwargs)
            image, w = ddp(z)
            try:
                path_penalty(image, w, noise).backward()
                results[name] = "runs"
            except RuntimeError as exc:
                results[name] = str(exc).split(". Set")[0] + "."

        # backward(create_graph=True) on the parameters goes through DDP's reducer.
        ddp = DDP(make_model())
        with capture_stderr() as logged:
            try:
                mse_loss(ddp(x), y).backward(create_graph=True)
                results["create_graph_backward"] = "no error"
            except RuntimeError as exc:
                results["create_graph_backward"] = f"{type(exc).__name__}: {exc}"
        results["create_graph_log"] = sorted(set(logged))
    results["warnings"] = sorted({strip_paths(str(w.message).splitlines()[0]) for w in caught})
    return results


def ddp_reentrant_checkpoint_unused(rank: int, world_size: int) -> None:
    """Reentrant checkpointing plus find_unused_parameters=True: raises 'marked as ready twice'."""
    from torch.nn.parallel import DistributedDataParallel as DDP

    x, y = shard(rank)
    ddp = DDP(CheckpointedNet(use_reentrant=True), find_unused_parameters=True)
    mse_loss(ddp(x), y).backward()


def ddp_create_graph_backward_frames(rank: int, world_size: int) -> list[str]:
    """backward(create_graph=True), run with TORCH_SHOW_CPP_STACKTRACES=1: where the error was thrown, then DDP's frames."""
    from torch.nn.parallel import DistributedDataParallel as DDP

    x, y = shard(rank)
    ddp = DDP(make_model())
    try:
        with capture_stderr():  # the reducer's warning is shown by ddp_backward_patterns
            mse_loss(ddp(x), y).backward(create_graph=True)
        return []
    except RuntimeError as exc:
        text = str(exc)
    thrown_in = re.search(r"Exception raised from (\w+)", text)
    frames = [thrown_in.group(1)] if thrown_in else []
    for name in re.findall(r"c10d::Reducer::\w+", text):  # innermost first
        if name not in frames and name != "c10d::Reducer::Reducer":  # skip the constructor that made the hook
            frames.append(name)
    return frames


def ddp_two_heads_retain_graph(rank: int, world_size: int, then_forward: bool = False) -> list[str]:
    """Two heads, loss1.backward(retain_graph=True) then loss2.backward(): the second pass raises.

    With ``then_forward`` the error is caught and the next step's forward runs on the
    same DDP module; the last line of each message is returned (the build's source line removed).
    """
    from torch.nn.parallel import DistributedDataParallel as DDP

    x, y = shard(rank)
    ddp = DDP(TwoHeadNet())
    out1, out2 = ddp(x)
    loss1, loss2 = mse_loss(out1, y), mse_loss(out2, y)
    loss1.backward(retain_graph=True)  # reaches the trunk and head1, not head2
    if not then_forward:
        loss2.backward()  # the trunk's parameters are marked ready a second time
    messages = []
    for step in (loss2.backward, lambda: ddp(x)):
        try:
            step()
        except RuntimeError as exc:
            messages.append(re.sub(r' at "[^"]*":\d+', "", str(exc).strip()).splitlines()[-1])
    return messages


def ddp_unused_head(rank: int, world_size: int, steps: int = 2) -> None:
    """Two heads, a loss that uses head1 only, default DDP: the second step's forward raises."""
    from torch.nn.parallel import DistributedDataParallel as DDP

    x, y = shard(rank)
    ddp = DDP(TwoHeadNet())
    try:
        for _ in range(steps):
            out1, _ = ddp(x)  # head2's output is computed and left out of the loss
            mse_loss(out1, y).backward()
    except RuntimeError:
        if rank == 0:  # every rank raises it, naming itself; rank 0's report is the one shown
            raise


def ddp_two_forwards_batchnorm(rank: int, world_size: int) -> dict:
    """Two forward passes through a DDP model with BatchNorm (buffers broadcast before each), one backward."""
    from torch.nn.parallel import DistributedDataParallel as DDP

    torch.manual_seed(0)
    ddp = DDP(torch.nn.Sequential(torch.nn.Linear(4, 2), torch.nn.BatchNorm1d(2)))  # broadcast_buffers: default
    real, fake = shard(rank)[0], shard(rank + world_size)[0]
    running_mean = ddp.module[1].running_mean
    versions = [running_mean._version]
    loss = ddp(real).pow(2).mean()
    versions.append(running_mean._version)
    loss = loss + ddp(fake).pow(2).mean()  # the second forward broadcasts rank 0's buffers again
    versions.append(running_mean._version)
    loss.backward()
    return {"versions": versions, "grad": ddp.module[0].weight.grad is not None}


def ddp_no_sync_forward_only(rank: int, world_size: int) -> dict:
    """Only the forward inside ``no_sync()``, the backward outside it: is the gradient all-reduced?"""
    from torch.nn.parallel import DistributedDataParallel as DDP

    x, y = shard(rank)
    ddp, calls = DDP(make_model()), [0]
    ddp.register_comm_hook(calls, _counting_allreduce)
    with ddp.no_sync():
        loss = mse_loss(ddp(x), y)  # the forward decides whether the next backward all-reduces
    loss.backward()  # outside the block
    return {"allreduce_calls": calls[0], "grad": flat_grad(ddp)}


class PointwiseConvNet(torch.nn.Module):
    """One 1x1 convolution: its weight has the shape [4, 3, 1, 1], like the weights in the warnings readers post."""

    def __init__(self) -> None:
        super().__init__()
        torch.manual_seed(0)
        self.conv = torch.nn.Conv2d(3, 4, kernel_size=1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.conv(x)


def ddp_grad_strides(rank: int, world_size: int, channels_last: str = "never", threads: int = 1) -> dict:
    """One DDP step on a channels_last image, the weights made channels_last "never", "before DDP" or "after DDP"."""
    from torch.nn.parallel import DistributedDataParallel as DDP

    torch.set_num_threads(threads)  # on the CPU the thread count picks the convolution kernel
    net = PointwiseConvNet()
    if channels_last == "before DDP":
        net = net.to(memory_format=torch.channels_last)
    ddp = DDP(net)  # DDP lays out its buckets with the strides the parameters have now
    bucket_strides = net.conv.weight.stride()
    if channels_last == "after DDP":
        net.to(memory_format=torch.channels_last)
    x = torch.randn(2, 3, 5, 5, generator=torch.Generator().manual_seed(rank))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        ddp(x.contiguous(memory_format=torch.channels_last)).pow(2).mean().backward()
    grad = net.conv.weight.grad
    return {
        "warnings": [strip_paths(str(w.message)).split(" (Triggered")[0] for w in caught],
        "weight_strides": net.conv.weight.stride(),
        "bucket_strides": bucket_strides,
        "grad_strides": grad.stride(),
        "grad_is_contiguous": grad.is_contiguous(),
        "grad": flat_grad(net),
    }


def ddp_skipped_collective(rank: int, world_size: int, every_rank: bool = False) -> dict:
    """A loss that averages its positive count over the ranks, as detection losses do; rank 1 has no positives."""
    from torch.nn.parallel import DistributedDataParallel as DDP

    x, y = shard(rank)
    ddp = DDP(make_model())
    loss = mse_loss(ddp(x), y)
    num_pos = torch.tensor(float(rank == 0))  # rank 1's batch has no positive sample
    if every_rank or num_pos > 0:  # without every_rank, rank 1 skips this collective
        dist.all_reduce(num_pos)
        loss = loss / num_pos.clamp(min=1)
    loss.backward()  # DDP's all-reduce of the gradients: one more collective
    return {"grad": flat_grad(ddp)}


def ddp_uneven_batches(rank: int, world_size: int, join: bool = False) -> dict:
    """Rank 0 gets 3 batches, rank 1 gets 2 (an epoch split unevenly); with join=True the loop runs under ddp.join()."""
    from contextlib import nullcontext

    from torch.nn.parallel import DistributedDataParallel as DDP

    ddp = DDP(make_model())
    batches = [shard(rank + 2 * step) for step in range(3 - rank)]  # rank 1 runs out one batch early
    with ddp.join() if join else nullcontext():  # join: a rank that ran out shadows the others' all-reduces
        for x, y in batches:
            mse_loss(ddp(x), y).backward()  # DDP's all-reduce of the gradients
    return {"steps": len(batches)}


def frozen_features() -> torch.nn.Module:
    """A frozen feature extractor (a VGG in a perceptual loss, in small): no parameter requires grad."""
    torch.manual_seed(1)
    return torch.nn.Sequential(torch.nn.Linear(1, 8), torch.nn.ReLU()).requires_grad_(False)


def ddp_frozen_features(rank: int, world_size: int, wrap_frozen: bool = True) -> dict:
    """A perceptual loss: ``wrap_frozen`` wraps the frozen extractor in DDP too (the constructor refuses it);
    otherwise DDP wraps only the trained model and each rank runs the extractor as it is."""
    from torch.nn.parallel import DistributedDataParallel as DDP

    model, features = DDP(make_model()), frozen_features()
    if wrap_frozen:
        features = DDP(features)  # raises: nothing in it requires grad
    x, y = shard(rank)
    mse_loss(features(model(x)), features(y)).backward()  # compares features of output and target
    return {"grad": flat_grad(model.module), "extractor grads": [p.grad for p in features.parameters()]}


def ddp_unused_grad(rank: int, world_size: int, steps: int = 3) -> dict:
    """find_unused_parameters=True, head 2 never run: its .grad after backward, and whether SGD with momentum and weight decay moves it."""
    from torch.nn.parallel import DistributedDataParallel as DDP

    x, y = shard(rank)
    net = TwoHeadNet(run_head2=False)
    ddp = DDP(net, find_unused_parameters=True)
    optimizer = torch.optim.SGD(ddp.parameters(), lr=0.1, momentum=0.9, weight_decay=0.01)
    before = net.head2.weight.detach().clone()
    grads = []
    for _ in range(steps):
        optimizer.zero_grad()
        mse_loss(ddp(x)[0], y).backward()
        grads.append(net.head2.weight.grad)
        optimizer.step()
    return {"head2_grads": grads, "head2_moved": not torch.equal(before, net.head2.weight)}


class RunningStat(torch.nn.Module):
    """A linear layer and one running statistic kept three ways: a frozen parameter, a buffer, a plain attribute."""

    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(2, 1)
        self.frozen = torch.nn.Parameter(torch.zeros(1), requires_grad=False)
        self.register_buffer("buffer", torch.zeros(1))
        self.plain = torch.zeros(1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.linear(x) + self.frozen + self.buffer + self.plain


def ddp_state_kinds(rank: int, world_size: int, forward_sync_buffers: bool = True) -> dict:
    """Each rank adds its own number (rank + 1) to the three statistics under no_grad, then runs a forward pass:
    what each rank holds afterwards."""
    from torch.nn.parallel import DistributedDataParallel as DDP

    torch.manual_seed(0)
    net = RunningStat()
    ddp = DDP(net, forward_sync_buffers=forward_sync_buffers)  # True: rank 0's buffers copied before each forward
    with torch.no_grad():
        for stat in (net.frozen, net.buffer, net.plain):
            stat.add_(rank + 1)  # this rank's own update, as from its own batch
    ddp(torch.ones(1, 2)).sum().backward()  # the next step's forward
    return {kind: getattr(net, kind).item() for kind in ("frozen", "buffer", "plain")}
