"""Training steps as readers write them, for the doctor's tests: the book's broken examples (each
with the diagnosis it must get) and correct steps (which must get a clean report). Each factory
builds fresh models and returns (step, args)."""
from __future__ import annotations

import torch
from torch import nn

DEVICE = torch.device("cpu")


def target_outside_loop():
    """training_loops: a target computed once, from inputs that require grad (pit-target-outside-loop)."""
    x = torch.linspace(0, 1, 8, requires_grad=True)
    y = 1 + 2 * x
    w = torch.zeros(1, requires_grad=True)
    optimizer = torch.optim.SGD([w], lr=0.5)

    def train_step():
        optimizer.zero_grad()
        loss = ((w * x - y) ** 2).mean()
        loss.backward()
        optimizer.step()
    return train_step, ()


class CharModel:
    """training_loops: an LSTM whose hidden state is carried from batch to batch (pit-hidden-state)."""

    def __init__(self, detach: bool, retain_graph: bool = False):
        torch.manual_seed(0)
        self.lstm, self.head = nn.LSTM(2, 4, batch_first=True), nn.Linear(4, 1)
        self.optimizer = torch.optim.SGD([*self.lstm.parameters(), *self.head.parameters()], lr=0.1)
        self.state = (torch.zeros(1, 1, 4), torch.zeros(1, 1, 4))
        self.detach, self.retain_graph = detach, retain_graph
        self.batches = torch.randn(8, 1, 3, 2), torch.randn(8, 1, 3, 1)
        self.n = 0

    def train_step(self):
        chunk, target = self.batches[0][self.n], self.batches[1][self.n]
        self.n += 1
        if self.detach:
            self.state = tuple(s.detach() for s in self.state)
        out, self.state = self.lstm(chunk, self.state)
        loss = ((self.head(out) - target) ** 2).mean()
        self.optimizer.zero_grad()
        loss.backward(retain_graph=self.retain_graph)
        self.optimizer.step()


def hidden_state(detach=False, retain_graph=False):
    model = CharModel(detach, retain_graph)
    return model.train_step, ()


running_loss = 0.0


def running_loss_step(item=False):
    """training_loops: running_loss += loss (pit-running-loss); a global, as in a notebook."""
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(16, 16), nn.ReLU(), nn.Linear(16, 1))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    batches = [(torch.randn(8, 16), torch.randn(8, 1)) for _ in range(5)]
    globals()["running_loss"] = 0.0

    def train_step(inputs, target):
        global running_loss
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(inputs), target)
        loss.backward()
        optimizer.step()
        running_loss += loss.item() if item else loss
    return train_step, batches[0]


def gan(pattern: str):
    """retain_graph / pitfalls: the seed GAN step. ``pattern``: "through" (D(fake) through G, one
    backward each: backward twice), "step-between" (retain_graph=True, opt_d.step(), then the
    generator's backward: the in-place error), "fixed" (D(fake.detach()))."""
    torch.manual_seed(0)
    G = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 1))
    D = nn.Sequential(nn.Linear(1, 16), nn.LeakyReLU(0.2), nn.Linear(16, 1))
    opt_g, opt_d = torch.optim.SGD(G.parameters(), lr=0.01), torch.optim.SGD(D.parameters(), lr=0.01)
    real, z = 3.0 + 0.5 * torch.randn(64, 1), torch.randn(64, 4)

    def train_step():
        fake = G(z)
        fake_out = D(fake.detach() if pattern == "fixed" else fake)
        d_loss = 1 - torch.sigmoid(D(real)).mean() + torch.sigmoid(fake_out).mean()
        opt_d.zero_grad()
        d_loss.backward(retain_graph=pattern == "step-between")
        opt_d.step()
        g_out = D(fake) if pattern == "fixed" else fake_out
        g_loss = -torch.sigmoid(g_out).mean()
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()
    return train_step, ()


def retain_unused():
    """pitfalls: retain_graph=True that nothing uses (pit-retain-graph)."""
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(8, 32), nn.Tanh(), nn.Linear(32, 1))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    x, y = torch.randn(16, 8), torch.randn(16, 1)

    def train_step():
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward(retain_graph=True)
        optimizer.step()
    return train_step, ()


def unused_head(cause: str):
    """pitfalls (pit-grad-none): a parameter that requires grad and gets no gradient."""
    torch.manual_seed(0)
    model = nn.ModuleDict({"body": nn.Linear(3, 3), "head": nn.Linear(3, 1), "aux": nn.Linear(3, 1)})
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    x = torch.randn(4, 3)

    def train_step():
        optimizer.zero_grad()
        if cause == "no_grad":
            with torch.no_grad():
                features = model["body"](x)
        else:
            features = model["body"](x)
        loss = model["head"](features).sum()
        if cause == "not_in_loss":
            model["aux"](features)  # computed, never added to the loss
        if cause == "fixed":
            loss = loss + model["aux"](features).sum()
        loss.backward()
        optimizer.step()
    return train_step, ()


def inplace_saved():
    """pitfalls: an in-place change to a tensor saved for backward (pit-inplace-saved)."""
    torch.manual_seed(0)
    layer = nn.Linear(4, 4)
    optimizer = torch.optim.SGD(layer.parameters(), lr=0.1)
    x = torch.randn(2, 4)

    def train_step():
        optimizer.zero_grad()
        h = torch.sigmoid(layer(x))  # sigmoid saves its result
        h.mul_(2)                     # and this changes it
        h.sum().backward()
        optimizer.step()
    return train_step, ()


def classifier_step():
    """A correct step: a classifier with BatchNorm and dropout, zero_grad at the end."""
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(10, 32), nn.BatchNorm1d(32), nn.ReLU(), nn.Dropout(0.1), nn.Linear(32, 3))
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    inputs, labels = torch.randn(16, 10), torch.randint(0, 3, (16,))
    history = []

    def train_step(inputs, labels):
        loss = nn.functional.cross_entropy(model(inputs), labels)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        history.append(loss.item())
    return train_step, (inputs, labels)


def kept_outputs():
    """A step that keeps every iteration's output (with its graph) where doctor cannot name it."""
    torch.manual_seed(0)
    model = nn.Linear(8, 8)
    x = torch.randn(4, 8)

    def evaluate_step(kept=[]):  # noqa: B006 - the hiding place: a default argument
        kept.append(torch.tanh(model(x)))
    return evaluate_step, ()


def no_backward():
    """An evaluation step: no backward, nothing to judge about gradients."""
    model = nn.Linear(8, 1)
    x = torch.randn(4, 8)

    def evaluate_step():
        with torch.no_grad():
            model(x)
    return evaluate_step, ()


def two_losses_retained():
    """A correct step: two losses over a shared body, the first backward retains the graph the second uses."""
    torch.manual_seed(0)
    body, head_a, head_b = nn.Linear(6, 6), nn.Linear(6, 1), nn.Linear(6, 1)
    optimizer = torch.optim.SGD([*body.parameters(), *head_a.parameters(), *head_b.parameters()], lr=0.1)
    x = torch.randn(5, 6)

    def train_step():
        optimizer.zero_grad()
        features = torch.relu(body(x))
        head_a(features).pow(2).mean().backward(retain_graph=True)
        head_b(features).abs().mean().backward()
        optimizer.step()
    return train_step, ()


def gradient_penalty():
    """A correct step: a critic trained with a gradient penalty (autograd.grad with create_graph=True)."""
    torch.manual_seed(0)
    critic = nn.Sequential(nn.Linear(2, 16), nn.Tanh(), nn.Linear(16, 1))
    optimizer = torch.optim.Adam(critic.parameters(), lr=1e-3)
    real, fake = torch.randn(8, 2), torch.randn(8, 2)

    def train_step():
        optimizer.zero_grad()
        mix = (0.5 * real + 0.5 * fake).requires_grad_()
        grad, = torch.autograd.grad(critic(mix).sum(), mix, create_graph=True)
        loss = critic(fake).mean() - critic(real).mean() + 10 * ((grad.norm(dim=1) - 1) ** 2).mean()
        loss.backward()
        optimizer.step()
    return train_step, ()


def batchnorm_twice():
    """A correct step: a BatchNorm network run on two batches before one backward (its running
    statistics change in place between the two forwards; autograd does not check them)."""
    torch.manual_seed(0)
    D = nn.Sequential(nn.Linear(2, 8), nn.BatchNorm1d(8), nn.ReLU(), nn.Linear(8, 1))
    optimizer = torch.optim.SGD(D.parameters(), lr=0.1)
    a, b = torch.randn(6, 2), torch.randn(6, 2)

    def train_step():
        optimizer.zero_grad()
        loss = D(a).mean() - D(b).mean()
        loss.backward()
        optimizer.step()
    return train_step, ()
