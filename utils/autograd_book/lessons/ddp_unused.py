"""Workers of the section ``ddp-unused`` (book/en/distributed.ipynb) for a DDP model built
with ``find_unused_parameters=True``: what that flag handles on this torch, and the loop that
still breaks it (a backward per loss).

Each runs as ``worker(rank, world_size)`` in two gloo processes started by
:func:`autograd_book.distributed.launch`; the network and the data are those of
:mod:`autograd_book.lessons.ddp_scenarios` (``TwoHeadNet``, ``shard``).
"""
from __future__ import annotations

from typing import Any

import torch
from torch.nn.functional import mse_loss

from autograd_book.lessons.ddp_scenarios import TwoHeadNet, flat_grad, shard


def extra_forward_step(ddp: torch.nn.Module, x: torch.Tensor, y: torch.Tensor, extra: str) -> None:
    """One training step that also runs the model on other inputs for a pseudo-label, three ways.

    ``extra``: "ddp" (a recording forward through the DDP module, its output detached),
    "no_grad" (the same forward under torch.no_grad()) or "module" (through ddp.module, around DDP).
    """
    ddp.zero_grad()
    if extra == "no_grad":
        with torch.no_grad():
            pseudo_label = ddp(x + 1)[1]
    elif extra == "module":
        pseudo_label = ddp.module(x + 1)[1].detach()
    else:
        pseudo_label = ddp(x + 1)[1].detach()  # a forward whose output gets no backward
    out1, out2 = ddp(x)
    (mse_loss(out1, y) + mse_loss(out2, pseudo_label)).backward()


def ddp_find_unused_patterns(rank: int, world_size: int) -> dict[str, Any]:
    """find_unused_parameters=True, two steps each: the patterns that run; flat gradients per pattern."""
    from torch.nn.parallel import DistributedDataParallel as DDP

    x, y = shard(rank)
    results: dict[str, Any] = {}
    for extra in ("ddp", "no_grad", "module"):
        ddp = DDP(TwoHeadNet(), find_unused_parameters=True)
        for _ in range(2):
            extra_forward_step(ddp, x, y, extra)
        results["extra_forward_" + extra] = flat_grad(ddp)

    # A backward per loss, without zero_grad between steps: no error.
    ddp = DDP(TwoHeadNet(), find_unused_parameters=True)
    for _ in range(2):
        out1, out2 = ddp(x)
        mse_loss(out1, y).backward(retain_graph=True)
        mse_loss(out2, y).backward()
    results["backward_per_loss_accumulated"] = flat_grad(ddp)

    # Fix: one backward of the summed loss.
    ddp = DDP(TwoHeadNet(), find_unused_parameters=True)
    for _ in range(2):
        ddp.zero_grad()
        out1, out2 = ddp(x)
        (mse_loss(out1, y) + mse_loss(out2, y)).backward()
    results["summed"] = flat_grad(ddp)
    return results


def ddp_backward_per_loss(rank: int, world_size: int) -> None:
    """find_unused_parameters=True, one forward and a backward per loss, zero_grad each step: step 2 raises."""
    from torch.nn.parallel import DistributedDataParallel as DDP

    x, y = shard(rank)
    ddp = DDP(TwoHeadNet(), find_unused_parameters=True)
    for _ in range(2):
        ddp.zero_grad()
        out1, out2 = ddp(x)
        mse_loss(out1, y).backward(retain_graph=True)  # head 2 is marked ready here, with no gradient
        mse_loss(out2, y).backward()  # after the reduction: neither averaged nor checked


def ddp_backward_inputs(rank: int, world_size: int) -> None:
    """find_unused_parameters=True, backward(inputs=head 1's parameters): the next forward raises."""
    from torch.nn.parallel import DistributedDataParallel as DDP

    x, y = shard(rank)
    net = TwoHeadNet()
    ddp = DDP(net, find_unused_parameters=True)
    try:
        for _ in range(2):
            out1, out2 = ddp(x)
            (mse_loss(out1, y) + mse_loss(out2, y)).backward(inputs=list(net.head1.parameters()))
    except RuntimeError:
        if rank == 0:  # every rank raises it, naming itself; rank 0's report is the one shown
            raise


def ddp_flag_without_unused(rank: int, world_size: int, head2_steps: tuple[bool, ...] = (True, False, True)) -> dict[str, Any]:
    """find_unused_parameters=True, a first step that uses every parameter, then head 2 skipped in some steps.

    Returns the reducer's warnings (C++ log lines and Python warnings, paths removed), whether
    each step's gradients were averaged (rank 0's flat gradient, to compare with rank 1's), and
    ``head2_steps``, the branch taken at each step.
    """
    import warnings

    from torch.nn.parallel import DistributedDataParallel as DDP

    from autograd_book.distributed import capture_stderr, strip_paths

    x, y = shard(rank)
    net = TwoHeadNet()
    ddp = DDP(net, find_unused_parameters=True)
    grads = []
    with capture_stderr() as logged, warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for run_head2 in head2_steps:
            net.run_head2 = run_head2  # flow control: head 2 runs in some steps only
            ddp.zero_grad()
            sum(mse_loss(out, y) for out in ddp(x)).backward()
            grads.append(flat_grad(net.trunk) + flat_grad(net.head1))
    said = [strip_paths(str(w.message)) for w in caught] + logged
    return {"warnings": [line for line in said if "find_unused_parameters=True was specified" in line],
            "grads": grads, "head2_steps": list(head2_steps)}


def ddp_one_step_unused(rank: int, world_size: int) -> dict[str, Any]:
    """Default DDP, a module that ``forward`` never runs (head 2), ONE step: what each rank's gradients are.

    Returns rank's flat gradient of the used parameters (trunk, head 1) after the backward, the same
    gradient computed by this rank alone without DDP, whether head 2 has a ``.grad``, and the used
    parameters after one SGD step (flat).
    """
    from torch.nn.parallel import DistributedDataParallel as DDP

    x, y = shard(rank)
    local = TwoHeadNet(run_head2=False)  # the same weights, no DDP: this rank's own gradient
    mse_loss(local(x)[0], y).backward()
    used = lambda net: [*net.trunk.parameters(), *net.head1.parameters()]  # noqa: E731
    ddp = DDP(TwoHeadNet(run_head2=False))  # default: find_unused_parameters=False
    optimizer = torch.optim.SGD(ddp.parameters(), lr=0.1)
    mse_loss(ddp(x)[0], y).backward()  # raises nothing
    grad = torch.cat([p.grad.reshape(-1) for p in used(ddp.module)]).tolist()
    optimizer.step()
    return {"grad": grad,
            "local_grad": torch.cat([p.grad.reshape(-1) for p in used(local)]).tolist(),
            "head2_grad_is_none": all(p.grad is None for p in ddp.module.head2.parameters()),
            "weights_after_step": torch.cat([p.detach().reshape(-1) for p in used(ddp.module)]).tolist()}


class TinyGAN(torch.nn.Module):
    """A generator and a discriminator in one module, as in a LightningModule that holds both."""

    def __init__(self):
        super().__init__()
        torch.manual_seed(0)
        self.generator, self.discriminator = torch.nn.Linear(4, 4), torch.nn.Linear(4, 1)

    def forward(self, z: torch.Tensor, real: torch.Tensor, phase: str) -> torch.Tensor:
        fake = self.generator(z)
        if phase == "g":  # the generator's loss goes through the (frozen) discriminator
            return -self.discriminator(fake).mean()
        return self.discriminator(fake.detach()).mean() - self.discriminator(real).mean()


def gan_batch(rank: int) -> tuple[torch.Tensor, torch.Tensor]:
    """Rank ``rank``'s noise and real samples (6 x 4 each)."""
    g = torch.Generator().manual_seed(200 + rank)
    return torch.randn(6, 4, generator=g), torch.randn(6, 4, generator=g)


def train_gan_toggled(gan: TinyGAN, loss_of_phase, iterations: int = 2) -> None:
    """Iterations of (generator step, discriminator step), each freezing the other network as
    Lightning's toggle_optimizer does, and unfreezing it afterwards as untoggle_optimizer does."""
    opt_g = torch.optim.SGD(gan.generator.parameters(), lr=0.1)
    opt_d = torch.optim.SGD(gan.discriminator.parameters(), lr=0.1)
    for _ in range(iterations):
        for phase, opt, other in (("g", opt_g, gan.discriminator), ("d", opt_d, gan.generator)):
            other.requires_grad_(False)  # toggle_optimizer(opt): the other optimizer's parameters
            opt.zero_grad()
            loss_of_phase(phase).backward()
            opt.step()
            other.requires_grad_(True)  # untoggle_optimizer(opt)


def ddp_gan_toggled(rank: int, world_size: int, find_unused_parameters: bool = False) -> dict[str, Any]:
    """One DDP around both networks of a GAN, each phase freezing the other network: the error, or the weights."""
    from torch.nn.parallel import DistributedDataParallel as DDP

    z, real = gan_batch(rank)
    gan = TinyGAN()
    ddp = DDP(gan, find_unused_parameters=find_unused_parameters)
    try:
        train_gan_toggled(gan, lambda phase: ddp(z, real, phase))
    except RuntimeError as exc:
        return {"error": str(exc).splitlines()[0], "weights": None}
    return {"error": None, "weights": torch.cat([p.detach().reshape(-1) for p in gan.parameters()]).tolist()}


def ddp_separate_networks(rank: int, world_size: int) -> dict[str, str]:
    """G and C, each under its own default DDP (wangchi95/CF-Font#30 in small); two steps per way of using C.

    C is a TwoHeadNet; each step runs C's forward on G's output and backpropagates one loss.
    "one_head": the loss uses C's head 1 only; "no_head": it uses neither (C gets no gradient at all);
    "both_heads": it uses both; "no_grad": C runs under torch.no_grad() (its output only read);
    "find_unused": "one_head" with C's DDP built with find_unused_parameters=True.
    Returns "runs" or the first line of the error.
    """
    from torch.nn.parallel import DistributedDataParallel as DDP

    x, _ = shard(rank)
    outcomes = {}
    for way in ("one_head", "no_head", "both_heads", "no_grad", "find_unused"):
        torch.manual_seed(0)
        g = DDP(torch.nn.Linear(4, 4))
        c = DDP(TwoHeadNet(), find_unused_parameters=(way == "find_unused"))
        try:
            for _ in range(2):
                fake = g(x)
                if way == "no_grad":
                    with torch.no_grad():
                        out1, out2 = c(fake)
                else:
                    out1, out2 = c(fake)  # C's forward: its reducer now waits for C's parameters
                used = {"no_head": [], "both_heads": [out1, out2]}.get(way, [out1])
                (fake.pow(2).mean() + sum(out.pow(2).mean() for out in used)).backward()
            outcomes[way] = "runs"
        except RuntimeError as exc:
            outcomes[way] = str(exc).splitlines()[0]
    return outcomes
