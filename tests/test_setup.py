import random

import pytest
import torch

from autograd_book import choose_device, seed_everything


def test_choose_device_follows_availability(monkeypatch):
    monkeypatch.delenv("BOOK_DEVICE", raising=False)
    expected = "cuda" if torch.cuda.is_available() else "cpu"
    assert choose_device().type == expected


def test_book_device_overrides(monkeypatch):
    monkeypatch.setenv("BOOK_DEVICE", "cpu")
    assert choose_device() == torch.device("cpu")


def test_asking_for_missing_cuda_fails_loudly(monkeypatch):
    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    monkeypatch.setenv("BOOK_DEVICE", "cuda")
    with pytest.raises(RuntimeError, match="no GPU"):
        choose_device()


def test_unknown_device_is_refused(monkeypatch):
    monkeypatch.setenv("BOOK_DEVICE", "tpu")
    with pytest.raises(ValueError):
        choose_device()


def test_seed_everything_repeats_numbers():
    seed_everything(3)
    first = (random.random(), torch.randn(4))
    seed_everything(3)
    second = (random.random(), torch.randn(4))
    assert first[0] == second[0]
    assert torch.equal(first[1], second[1])
    seed_everything(4)
    assert not torch.equal(first[1], torch.randn(4))
