"""The launcher of utils/autograd_book/distributed.py: results come back, failures are named, hangs are stopped."""
import multiprocessing
import os
import time

import pytest

import sys

import autograd_book.distributed as launcher
from autograd_book.distributed import WorkerError, WorkerTimeout, capture_stderr, launch, strip_paths
from autograd_book.lessons.ddp_scenarios import all_reduce_rank, environment_of_rank, raise_on_rank, sleep_on_rank


@pytest.mark.slow  # spawns worker processes that import torch
def test_all_reduce_across_two_ranks_returns_each_rank_result():
    results = launch(all_reduce_rank, world_size=2, timeout=60)
    assert results == [{"rank": 0, "world_size": 2, "sum": 3.0}, {"rank": 1, "world_size": 2, "sum": 3.0}]
    assert multiprocessing.active_children() == []


@pytest.mark.slow  # spawns worker processes that import torch
def test_a_raising_worker_is_named_with_its_exception():
    start = time.monotonic()
    with pytest.raises(WorkerError) as info:
        launch(raise_on_rank, 1, world_size=2, timeout=60)
    err = info.value
    # Rank 0's secondary failure (its peer left the all_reduce) must not hide the cause.
    assert str(err) == "rank 1 raised ValueError: bad batch on rank 1"
    assert (err.rank, err.exc_type, err.message) == (1, "ValueError", "bad batch on rank 1")
    assert "raise_on_rank" in err.traceback and "/" not in err.traceback.replace("//", "")
    assert time.monotonic() - start < 40  # the waiting rank was stopped, not left to gloo's timeout
    assert multiprocessing.active_children() == []


@pytest.mark.slow  # spawns worker processes that import torch
def test_a_hanging_worker_times_out_and_leaves_no_process():
    start = time.monotonic()
    with pytest.raises(WorkerTimeout) as info:
        launch(sleep_on_rank, world_size=2, timeout=3)
    elapsed = time.monotonic() - start
    assert str(info.value) == "ranks 0, 1 did not finish within 3 s; all workers were stopped"
    assert 3 <= elapsed < 15
    assert multiprocessing.active_children() == []
    for pid in info.value.pids:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)


@pytest.mark.slow  # starts a forkserver that imports torch
@pytest.mark.skipif(sys.platform != "linux", reason="forkserver is Linux's (and macOS's) start method")
def test_workers_are_forks_of_one_preloaded_forkserver_that_follows_the_environment():
    assert launcher.start_method() == "forkserver"
    name = "AUTOGRAD_BOOK_LAUNCH_TEST"
    os.environ.pop(name, None)
    first = launch(environment_of_rank, name)
    server = first[0]["parent"]
    # Both ranks are children of one server process, not of this one, and it preloaded torch.
    assert [r["parent"] for r in first] == [server, server] and server != os.getpid()
    assert multiprocessing.forkserver._forkserver._preload_modules == launcher.PRELOAD
    assert [r["dynamo"] for r in first] == [True, True]  # imported once by the server, not per worker
    assert [r[name] for r in first] == [None, None]
    again = launch(environment_of_rank, name)
    assert [r["parent"] for r in again] == [server, server]  # same environment: the server is reused
    os.environ[name] = "set after the server started"
    try:
        changed = launch(environment_of_rank, name)
    finally:
        del os.environ[name]
    # A variable set in the caller after the server started reaches the workers (as with "spawn"),
    # through a new server that imported torch with it.
    assert [r[name] for r in changed] == ["set after the server started"] * 2
    assert changed[0]["parent"] != server
    with pytest.raises(ProcessLookupError):  # the old server was stopped and reaped
        os.kill(server, 0)
    removed = launch(environment_of_rank, name)
    assert [r[name] for r in removed] == [None, None]
    assert multiprocessing.active_children() == []


def test_functions_a_spawned_process_cannot_import_are_refused():
    with pytest.raises(ValueError, match="module-level function"):
        launch(lambda rank, world_size: rank)


def test_strip_paths_keeps_file_names_and_urls():
    text = 'File "/home/me/.venv/lib/x.py", line 3 (at /__w/pytorch/torch/csrc/reducer.cpp:335) see https://github.com/pytorch/pytorch/issues/1'
    assert strip_paths(text) == 'File "x.py", line 3 (at reducer.cpp:335) see https://github.com/pytorch/pytorch/issues/1'


def test_capture_stderr_takes_fd_2_and_drops_log_prefixes():
    with capture_stderr() as lines:
        os.write(2, b"[rank0]:[W1202 18:40:53.004827130 reducer.cpp:399] careful\nplain line\n")
    assert lines == ["reducer.cpp:399: careful", "plain line"]
