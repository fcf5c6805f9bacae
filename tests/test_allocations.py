import torch

from autograd_book.allocations import AllocationTracker, peak_allocated_bytes


def test_counts_new_storages_once_and_sees_them_freed():
    with AllocationTracker() as tracker:
        a = torch.ones(1000)          # 4000 bytes
        view = a[:10]                 # a view: no new memory
        a.mul_(2)                     # in place: no new memory
        b = a * 2                     # 4000 bytes
    assert tracker.peak_bytes == 8000 and tracker.live_bytes == 8000
    assert tracker.allocations == 2
    del b
    assert tracker.live_bytes == 4000
    del a
    assert tracker.live_bytes == 4000  # the view still holds the storage
    del view
    assert tracker.live_bytes == 0 and tracker.peak_bytes == 8000


def test_peak_is_reached_inside_and_ignores_earlier_tensors():
    before = torch.ones(10_000)  # existed already: not counted

    def step():
        tmp = before * 3        # 40000 bytes, freed at the end of step
        return tmp.sum()        # 4 bytes

    assert peak_allocated_bytes(step) == 40_004


def test_sees_backward_allocations_and_the_freed_saved_tensors():
    x = torch.ones(1000, requires_grad=True)
    with AllocationTracker() as tracker:
        loss = x.exp().sum()  # exp saves its 4000-byte result
        held = tracker.live_bytes
        loss.backward()       # allocates the gradient buffers, then frees the saved result
    assert held == 4004       # the saved result and the loss
    assert tracker.peak_bytes >= held + 4000
    del loss
    assert tracker.live_bytes == 4000  # only x.grad is left


def test_retain_graph_raises_the_peak_of_a_two_loss_step():
    torch.manual_seed(0)
    body = torch.nn.Sequential(torch.nn.Linear(16, 64), torch.nn.ReLU(), torch.nn.Linear(64, 64), torch.nn.ReLU())
    head_a, head_b = torch.nn.Linear(64, 1), torch.nn.Linear(64, 1)
    data = torch.randn(64, 16)

    def losses():
        h = body(data)
        return head_a(h).square().mean(), head_b(h).square().mean()

    def retain():
        loss1, loss2 = losses()
        loss1.backward(retain_graph=True)
        loss2.backward()

    def summed():
        loss1, loss2 = losses()
        (loss1 + loss2).backward()

    peaks = []
    for fn in (retain, summed):
        for p in [*body.parameters(), *head_a.parameters(), *head_b.parameters()]:
            p.grad = None
        peaks.append(peak_allocated_bytes(fn))
    assert peaks[0] > peaks[1]
