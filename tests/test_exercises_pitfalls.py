"""The judges of the pitfalls exercises (chapter training_loops) reject the wrong answers the chapter names, with a reason."""
import pytest
import torch
from torch import nn

from autograd_book.exercises.pitfalls import judge_ex1, judge_ex2, judge_ex3, judge_ex4, judge_ex5

from exercise_messages import every_message_in_every_edition  # noqa: F401  (a fixture)
from wrong_answers import Wrong, accepted, verdict_of

pytestmark = pytest.mark.usefixtures("every_message_in_every_edition")  # each reason, in every edition


def _ex1_loop(requires_grad, retain_graph=False, as_float=True, target_inside=False):
    def train():
        x = torch.linspace(-1, 1, 16, requires_grad=requires_grad)
        target = torch.sin(x)
        w = torch.zeros(1, requires_grad=True)
        optimizer = torch.optim.SGD([w], lr=0.5)
        losses = []
        for _ in range(10):
            optimizer.zero_grad()
            t = torch.sin(x) if target_inside else target
            loss = ((w * x - t) ** 2).mean()
            loss.backward(retain_graph=retain_graph)
            optimizer.step()
            losses.append(loss.item() if as_float else loss)
        return losses
    return train


def test_ex1_accepts_the_fix():
    assert judge_ex1(_ex1_loop(requires_grad=False)) is None


def test_ex1_rejects_the_retain_graph_hack():
    reason = judge_ex1(_ex1_loop(requires_grad=True, retain_graph=True))
    assert reason and "retain_graph" in reason


def test_ex1_rejects_a_target_recomputed_from_data_that_requires_grad():
    reason = judge_ex1(_ex1_loop(requires_grad=True, target_inside=True))
    assert reason and "reaches x besides w" in reason


def test_ex1_rejects_losses_kept_as_tensors():
    reason = judge_ex1(_ex1_loop(requires_grad=False, as_float=False))
    assert reason and "float" in reason


def test_ex1_rejects_other_training():
    def train():
        return [float(i) for i in range(10, 0, -1)]
    assert "differ" in judge_ex1(train)


def _ex1_with_autograd_grad(requires_grad, retain_graph, grad=torch.autograd.grad):
    """Exercise 1's loop with torch.autograd.grad for the gradient (``grad`` as the reader imported it)."""
    def train():
        x = torch.linspace(-1, 1, 16, requires_grad=requires_grad)
        target = torch.sin(x)  # still outside the loop
        w = torch.zeros(1, requires_grad=True)
        optimizer = torch.optim.SGD([w], lr=0.5)
        losses = []
        for _ in range(10):
            optimizer.zero_grad()
            loss = ((w * x - target) ** 2).mean()
            w.grad, = grad(loss, w, retain_graph=retain_graph)
            optimizer.step()
            losses.append(loss.item())
        return losses
    return train


def test_ex1_rejects_autograd_grad_with_retain_graph():
    reason = judge_ex1(_ex1_with_autograd_grad(requires_grad=True, retain_graph=True))
    assert reason and "torch.autograd.grad(..., retain_graph=True)" in reason


def test_ex1_rejects_autograd_grad_imported_by_name_with_retain_graph():
    from torch.autograd import grad  # bound before the judge starts recording
    reason = judge_ex1(_ex1_with_autograd_grad(requires_grad=True, retain_graph=True, grad=grad))
    assert reason and "retain_graph=True" in reason


def test_ex1_accepts_autograd_grad_once_the_data_has_no_graph():
    assert judge_ex1(_ex1_with_autograd_grad(requires_grad=False, retain_graph=False)) is None


def test_ex2_judge():
    assert judge_ex2(lambda s: (s[0].detach(), s[1].detach())) is None
    assert judge_ex2(lambda s: tuple(t.detach().clone() for t in s)) is None
    assert "detach" in judge_ex2(lambda s: (s[0].detach(), s[1]))  # c still carries the graph
    assert "grad_fn" in judge_ex2(lambda s: s)
    fresh = judge_ex2(lambda s: tuple(torch.zeros_like(t).requires_grad_() for t in s))
    assert "values changed" in fresh
    assert "pair" in judge_ex2(lambda s: s[0].detach())


def test_ex2_rejects_data():
    reason = judge_ex2(lambda s: (s[0].data, s[1].data))
    assert reason and ".data" in reason and "version counter" in reason and "detach()" in reason


def test_ex2_accepts_a_detached_state_that_requires_grad():
    """The statement asks that no chunk's backward reach into the previous one: a new leaf stops it there.

    (retain_graph's exercise 2 judges the same answer the same way.)
    """
    assert judge_ex2(lambda s: tuple(t.detach().requires_grad_() for t in s)) is None


def _ex3_train(zero_grad=True, item_inside=True, item_at_end=False):
    def train(model, optimizer, batches):
        total = 0.0
        for inputs, target in batches:
            if zero_grad:
                optimizer.zero_grad()
            loss = nn.functional.mse_loss(model(inputs), target)
            loss.backward()
            optimizer.step()
            total += loss.item() if item_inside else loss
        average = total / len(batches)
        return average.item() if item_at_end else average
    return train


def test_ex3_accepts_the_fix():
    assert judge_ex3(_ex3_train()) is None


def test_ex3_rejects_a_tensor_total_with_item_only_at_the_end():
    reason = judge_ex3(_ex3_train(item_inside=False, item_at_end=True))
    assert reason and "total += loss" in reason


def test_ex3_rejects_the_missing_zero_grad():
    reason = judge_ex3(_ex3_train(zero_grad=False))
    assert reason and "zero_grad" in reason and "sum of all gradients" in reason


def test_ex3_rejects_zero_grad_between_backward_and_step():
    def train(model, optimizer, batches):
        total = 0.0
        for inputs, target in batches:
            loss = nn.functional.mse_loss(model(inputs), target)
            loss.backward()
            optimizer.zero_grad()  # clears what backward just computed
            optimizer.step()
            total += loss.item()
        return total / len(batches)
    reason = judge_ex3(train)
    assert reason and "found no gradient in 5 of its calls" in reason
    assert "between backward() and step()" in reason and "sum of all gradients" not in reason


def test_ex3_rejects_the_original_loop():
    assert judge_ex3(_ex3_train(zero_grad=False, item_inside=False)) is not None


def test_ex3_rejects_a_list_of_loss_tensors():
    def train(model, optimizer, batches):
        losses = []
        for inputs, target in batches:
            optimizer.zero_grad()
            loss = nn.functional.mse_loss(model(inputs), target)
            loss.backward()
            optimizer.step()
            losses.append(loss)
        return sum(v.item() for v in losses) / len(losses)
    assert "alive" in judge_ex3(train)


# ---------------------------------------------------------------- exercise 4: an in-place step on a leaf

def _step_no_grad(w, lr):
    with torch.no_grad():
        w -= lr * w.grad
    w.grad = None


def test_ex4_accepts_no_grad_and_zeroed_grad():
    assert judge_ex4(_step_no_grad) is None

    def zeroing(w, lr):
        with torch.no_grad():
            w.sub_(lr * w.grad)
        w.grad.zero_()
    assert judge_ex4(zeroing) is None


def test_ex4_rejects_the_update_with_grad_mode_on():
    def step(w, lr):
        w -= lr * w.grad
    reason = judge_ex4(step)
    assert reason and "torch.no_grad()" in reason and "grad mode on" in reason


def test_ex4_rejects_data():
    def step(w, lr):
        w.data -= lr * w.grad
        w.grad = None
    reason = judge_ex4(step)
    assert reason and ".data" in reason and "version counter" in reason


def test_ex4_rejects_a_new_tensor_or_a_clone():
    def rebinding(w, lr):
        w = w - lr * w.grad  # a new, local tensor
    def cloned(w, lr):
        w = w.detach().clone()
        with torch.no_grad():
            w -= 0.1 * torch.ones_like(w)
    for step in (rebinding, cloned):
        reason = judge_ex4(step)
        assert reason and "did not get the step" in reason


def test_ex4_rejects_a_kept_gradient_and_a_lost_requires_grad():
    def keeps_grad(w, lr):
        with torch.no_grad():
            w -= lr * w.grad
    assert "still there" in judge_ex4(keeps_grad)

    def unfreezes_nothing(w, lr):
        w.requires_grad_(False)
        w -= lr * w.grad
        w.grad = None
    assert "no longer requires grad" in judge_ex4(unfreezes_nothing)


# ---------------------------------------------------------------- exercise 5: actor-critic

def _ex5_update(detach=True, retain_graph=False, clone=False, both_backward_first=False):
    def update(actor, critic, actor_opt, critic_opt, states, actions, returns):
        log_probs = torch.distributions.Categorical(logits=actor(states)).log_prob(actions)
        advantage = returns - critic(states).squeeze(1)
        critic_loss = advantage.pow(2).mean()
        weight = advantage.detach() if detach else advantage.clone() if clone else advantage
        actor_loss = -(log_probs * weight).mean()
        critic_opt.zero_grad()
        actor_opt.zero_grad()
        if both_backward_first:
            critic_loss.backward(retain_graph=not detach)  # without detach the actor's pass needs the graph
            actor_loss.backward()
            critic_opt.step()
            actor_opt.step()
            return
        critic_loss.backward(retain_graph=retain_graph)
        critic_opt.step()
        actor_loss.backward()
        actor_opt.step()
    return update


def test_ex5_accepts_the_detached_advantage():
    assert judge_ex5(_ex5_update()) is None
    assert judge_ex5(_ex5_update(both_backward_first=True)) is None  # both gradients first, then both steps


def test_ex5_rejects_retain_graph_as_the_fix():
    reason = judge_ex5(_ex5_update(detach=False, retain_graph=True))
    assert reason and "retain_graph=True keeps the critic's saved tensors" in reason


def test_ex5_rejects_a_clone_instead_of_detach():
    reason = judge_ex5(_ex5_update(detach=False, clone=True, retain_graph=True))
    assert reason and "detach the advantage" in reason
    reason = judge_ex5(_ex5_update(detach=False, clone=True))
    assert reason and "detach the advantage" in reason


def test_ex5_rejects_both_backward_passes_before_the_steps_without_detach():
    reason = judge_ex5(_ex5_update(detach=False, both_backward_first=True))
    assert reason and "sent gradient into the critic" in reason


def test_ex5_rejects_a_leftover_retain_graph():
    reason = judge_ex5(_ex5_update(retain_graph=True))
    assert reason and "still passes retain_graph=True" in reason


def test_ex5_rejects_an_advantage_from_the_updated_critic():
    def update(actor, critic, actor_opt, critic_opt, states, actions, returns):
        critic_opt.zero_grad()
        (returns - critic(states).squeeze(1)).pow(2).mean().backward()
        critic_opt.step()
        advantage = (returns - critic(states).squeeze(1)).detach()  # after the step: another advantage
        actor_opt.zero_grad()
        (-(torch.distributions.Categorical(logits=actor(states)).log_prob(actions) * advantage).mean()).backward()
        actor_opt.step()
    reason = judge_ex5(update)
    assert reason and "actor's update differs" in reason


def test_ex4_rejects_a_step_that_ignores_lr():
    def fixed_rate(w, lr):
        with torch.no_grad():
            w -= 0.1 * w.grad  # the example's rate, not the lr it was given
        w.grad = None
    reason = judge_ex4(fixed_rate)
    assert reason and "changed in place, but not by lr * w.grad" in reason
    assert "did not get the step" not in reason  # w did change: the message must not say otherwise


def test_ex5_rejects_an_update_without_zero_grad():
    def update(actor, critic, actor_opt, critic_opt, states, actions, returns):
        log_probs = torch.distributions.Categorical(logits=actor(states)).log_prob(actions)
        advantage = returns - critic(states).squeeze(1)
        advantage.pow(2).mean().backward()  # adds to the previous iteration's gradients
        critic_opt.step()
        (-(log_probs * advantage.detach()).mean()).backward()
        actor_opt.step()
    reason = judge_ex5(update)
    assert reason and "zero_grad()" in reason


# ---------------------------------------------------------------- the answers issue 31 found misjudged

def _ex1_target_without_graph(how):
    """Exercise 1 with the target detached (or made under no_grad) while x still requires grad."""
    def train():
        x = torch.linspace(-1, 1, 16, requires_grad=True)
        if how == "detach":
            target = torch.sin(x).detach()
        else:
            with torch.no_grad():
                target = torch.sin(x)
        w = torch.zeros(1, requires_grad=True)
        optimizer = torch.optim.SGD([w], lr=0.5)
        losses = []
        for _ in range(10):
            optimizer.zero_grad()
            loss = ((w * x - target) ** 2).mean()
            loss.backward()
            optimizer.step()
            losses.append(loss.item())
        return losses
    return train


@pytest.mark.parametrize("how", ["detach", "no_grad"])
def test_ex1_names_w_times_x_for_a_target_without_graph(how):
    reason = judge_ex1(_ex1_target_without_graph(how))
    assert reason and "w * x is recorded" in reason and "even with the target detached" in reason
    assert "target must be computed" not in reason  # the target is fine here: x is what reaches the graph


def test_ex3_rejects_retain_graph_even_with_item():
    def train(model, optimizer, batches):
        total = 0.0
        for inputs, target in batches:
            optimizer.zero_grad()
            loss = nn.functional.mse_loss(model(inputs), target)
            loss.backward(retain_graph=True)  # not needed: one backward per graph
            optimizer.step()
            total += loss.item()
        return total / len(batches)
    reason = judge_ex3(train)
    assert reason and "retain_graph=True" in reason and "nothing needs to be kept" in reason


def test_ex5_rejects_data_for_the_advantage():
    def update(actor, critic, actor_opt, critic_opt, states, actions, returns):
        log_probs = torch.distributions.Categorical(logits=actor(states)).log_prob(actions)
        advantage = returns - critic(states).squeeze(1)
        critic_opt.zero_grad()
        advantage.pow(2).mean().backward()
        critic_opt.step()
        actor_opt.zero_grad()
        (-(log_probs * advantage.data).mean()).backward()  # right values, no version counter shared
        actor_opt.step()
    reason = judge_ex5(update)
    assert reason and "reads .data" in reason and "detach()" in reason


def test_ex5_leftover_message_does_not_claim_a_detach_that_never_happened():
    def update(actor, critic, actor_opt, critic_opt, states, actions, returns):
        log_probs = torch.distributions.Categorical(logits=actor(states)).log_prob(actions)
        prediction = critic(states).squeeze(1)
        with torch.no_grad():
            constant = returns - prediction  # a constant advantage without detach()
        critic_opt.zero_grad()
        (returns - prediction).pow(2).mean().backward(retain_graph=True)  # left over
        critic_opt.step()
        actor_opt.zero_grad()
        (-(log_probs * constant).mean()).backward()
        actor_opt.step()
    reason = judge_ex5(update)
    assert reason and "does not need" in reason and "with the advantage detached" not in reason


def test_the_data_probe_is_removed_after_the_judge():
    judge_ex5(_ex5_update())
    assert "data" not in torch.Tensor.__dict__


# ---------------------------------------------------------------- the typical wrong answers the site shows
# Under each exercise, folded (tests/wrong_answers.py): each a whole answer as a reader writes it.

def ex1_retain_graph():
    x = torch.linspace(-1, 1, 16, requires_grad=True)
    target = torch.sin(x)
    w = torch.zeros(1, requires_grad=True)
    optimizer = torch.optim.SGD([w], lr=0.5)
    losses = []
    for step in range(10):
        optimizer.zero_grad()
        loss = ((w * x - target) ** 2).mean()
        loss.backward(retain_graph=True)
        optimizer.step()
        losses.append(loss.item())
    return losses


def ex1_target_in_the_loop():
    x = torch.linspace(-1, 1, 16, requires_grad=True)
    w = torch.zeros(1, requires_grad=True)
    optimizer = torch.optim.SGD([w], lr=0.5)
    losses = []
    for step in range(10):
        optimizer.zero_grad()
        loss = ((w * x - torch.sin(x)) ** 2).mean()
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    return losses


def ex1_losses_as_tensors():
    x = torch.linspace(-1, 1, 16)
    target = torch.sin(x)
    w = torch.zeros(1, requires_grad=True)
    optimizer = torch.optim.SGD([w], lr=0.5)
    losses = []
    for step in range(10):
        optimizer.zero_grad()
        loss = ((w * x - target) ** 2).mean()
        loss.backward()
        optimizer.step()
        losses.append(loss)
    return losses


def ex3_no_zero_grad(model, optimizer, batches):
    total = 0.0
    for inputs, target in batches:
        loss = nn.functional.mse_loss(model(inputs), target)
        loss.backward()
        optimizer.step()
        total += loss.item()
    return total / len(batches)


def ex3_item_at_the_end(model, optimizer, batches):
    total = 0
    for inputs, target in batches:
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(inputs), target)
        loss.backward()
        optimizer.step()
        total += loss
    return (total / len(batches)).item()


def ex3_zero_grad_after_backward(model, optimizer, batches):
    total = 0.0
    for inputs, target in batches:
        loss = nn.functional.mse_loss(model(inputs), target)
        loss.backward()
        optimizer.zero_grad()
        optimizer.step()
        total += loss.item()
    return total / len(batches)


def ex3_a_list_of_losses(model, optimizer, batches):
    losses = []
    for inputs, target in batches:
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(inputs), target)
        loss.backward()
        optimizer.step()
        losses.append(loss)
    return sum(v.item() for v in losses) / len(losses)


def ex4_grad_mode_on(w, lr):
    w -= lr * w.grad
    w.grad = None


def ex4_through_data(w, lr):
    w.data -= lr * w.grad
    w.grad = None


def ex4_a_new_tensor(w, lr):
    w = w - lr * w.grad
    w.grad = None


def ex4_keeps_the_gradient(w, lr):
    with torch.no_grad():
        w -= lr * w.grad


def ex5_retain_graph(actor, critic, actor_opt, critic_opt, states, actions, returns):
    log_probs = torch.distributions.Categorical(logits=actor(states)).log_prob(actions)
    advantage = returns - critic(states).squeeze(1)
    critic_opt.zero_grad()
    advantage.pow(2).mean().backward(retain_graph=True)
    critic_opt.step()
    actor_opt.zero_grad()
    (-(log_probs * advantage).mean()).backward()
    actor_opt.step()


def ex5_clone(actor, critic, actor_opt, critic_opt, states, actions, returns):
    log_probs = torch.distributions.Categorical(logits=actor(states)).log_prob(actions)
    advantage = returns - critic(states).squeeze(1)
    critic_opt.zero_grad()
    advantage.pow(2).mean().backward(retain_graph=True)
    critic_opt.step()
    actor_opt.zero_grad()
    (-(log_probs * advantage.clone()).mean()).backward()
    actor_opt.step()


def ex5_both_backward_first(actor, critic, actor_opt, critic_opt, states, actions, returns):
    log_probs = torch.distributions.Categorical(logits=actor(states)).log_prob(actions)
    advantage = returns - critic(states).squeeze(1)
    critic_opt.zero_grad()
    actor_opt.zero_grad()
    advantage.pow(2).mean().backward(retain_graph=True)
    (-(log_probs * advantage).mean()).backward()
    critic_opt.step()
    actor_opt.step()


def ex5_advantage_after_the_step(actor, critic, actor_opt, critic_opt, states, actions, returns):
    critic_opt.zero_grad()
    (returns - critic(states).squeeze(1)).pow(2).mean().backward()
    critic_opt.step()
    advantage = (returns - critic(states).squeeze(1)).detach()
    actor_opt.zero_grad()
    (-(torch.distributions.Categorical(logits=actor(states)).log_prob(actions) * advantage).mean()).backward()
    actor_opt.step()


def ex5_through_data(actor, critic, actor_opt, critic_opt, states, actions, returns):
    log_probs = torch.distributions.Categorical(logits=actor(states)).log_prob(actions)
    advantage = returns - critic(states).squeeze(1)
    critic_opt.zero_grad()
    advantage.pow(2).mean().backward()
    critic_opt.step()
    actor_opt.zero_grad()
    (-(log_probs * advantage.data).mean()).backward()
    actor_opt.step()


WRONG = {
    "pit-ex1": [Wrong(ex1_retain_graph, "retain_graph"), Wrong(ex1_target_in_the_loop, "reaches x besides w"),
                Wrong(ex1_losses_as_tensors, "float")],
    "pit-ex2": [Wrong(lambda state: state, "grad_fn"), Wrong(lambda state: (state[0].detach(), state[1]), "detach"),
                Wrong(lambda state: tuple(torch.zeros_like(t).requires_grad_() for t in state), "values changed"),
                Wrong(lambda state: (state[0].data, state[1].data), "version counter"),
                Wrong(lambda state: [t.detach() for t in state], "pair"),  # a list: nn.LSTM takes a tuple
                Wrong(lambda state: state.detach(), "'tuple' object has no attribute 'detach'")],
    "pit-ex3": [Wrong(ex3_no_zero_grad, "zero_grad"), Wrong(ex3_item_at_the_end, "total += loss"),
                Wrong(ex3_zero_grad_after_backward, "between backward() and step()"),
                Wrong(ex3_a_list_of_losses, "alive")],
    "pit-ex4": [Wrong(ex4_grad_mode_on, "torch.no_grad()"), Wrong(ex4_through_data, "version counter"),
                Wrong(ex4_a_new_tensor, "did not get the step"), Wrong(ex4_keeps_the_gradient, "still there")],
    "pit-ex5": [Wrong(ex5_retain_graph, "retain_graph=True keeps the critic's saved tensors"),
                Wrong(ex5_clone, "detach the advantage"), Wrong(ex5_both_backward_first, "sent gradient into the critic"),
                Wrong(ex5_advantage_after_the_step, "actor's update differs"), Wrong(ex5_through_data, "reads .data")],
}
JUDGES = {"pit-ex1": lambda: judge_ex1, "pit-ex2": lambda: judge_ex2, "pit-ex3": lambda: judge_ex3,
          "pit-ex4": lambda: judge_ex4, "pit-ex5": lambda: judge_ex5}
# The forms of a one-line answer that the page's {answer-check} box recognises as right: each is run
# through the judge (tests/wrong_answers.py refuses one that it rejects), spelled as a reader types it.
ACCEPTED = {"pit-ex2": accepted(["lambda state: (state[0].detach(), state[1].detach())",
                                 "lambda state: (state[0].detach().clone(), state[1].detach().clone())",
                                 "lambda state: tuple(t.detach() for t in state)",
                                 "lambda state: tuple(t.detach().clone() for t in state)",
                                 "lambda state: tuple(t.detach().requires_grad_() for t in state)",
                                 "lambda state: tuple(map(torch.Tensor.detach, state))"], globals())}


@pytest.mark.parametrize("label, answer, reason", [(label, *w.case()) for label, table in WRONG.items() for w in table])
def test_the_typical_wrong_answers_are_rejected(label, answer, reason):
    verdict = verdict_of(JUDGES[label](), answer)  # state.detach() on the tuple raises
    assert isinstance(verdict, str) and reason in verdict, verdict
