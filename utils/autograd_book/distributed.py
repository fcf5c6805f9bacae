"""Run a function in several processes with torch.distributed (gloo, CPU, one machine).

    from autograd_book.distributed import launch, WorkerError, WorkerTimeout
    results = launch(worker, world_size=2, timeout=60)   # [rank 0's return value, rank 1's, ...]

``worker(rank, world_size, *args)`` runs in each process after
``torch.distributed.init_process_group("gloo")`` and before
``destroy_process_group()``; it must be importable (defined in a module, not in
a notebook cell), because each process gets it by its module name. Its return
value must be picklable; plain floats, lists, strings and dicts are best.

The processes are started with "forkserver" where the platform has it (Linux,
macOS), else with "spawn". Both give a process with none of the caller's state
(no notebook variables, no tensors, no CUDA context); the forkserver is one
fresh interpreter that imports torch once (``set_forkserver_preload``: torch,
torch.distributed, and torch._dynamo, which DDP's constructor imports), and each
worker is a fork of it, so a launch does not pay those imports twice. Workers
inherit the caller's environment as it is at the launch: when ``os.environ``
changed since the forkserver started (``TORCH_DISTRIBUTED_DEBUG`` set or
removed), the launcher starts a new forkserver first, since variables that
torch reads once per process must be seen at its import.

The launcher never hangs: after ``timeout`` seconds it kills every worker and
raises :class:`WorkerTimeout`. When a worker raises, the others are stopped and
:class:`WorkerError` names the rank and carries the worker's exception type and
message, with file paths removed. The rendezvous is a free TCP port on
127.0.0.1, found at run time.

The workers that the chapter "Autograd across processes" runs are lesson code
and live in :mod:`autograd_book.lessons.ddp_scenarios`; this module is only the
instrument that starts them.
"""
from __future__ import annotations

import atexit
import datetime
import multiprocessing
import multiprocessing.forkserver
import multiprocessing.connection
import os
import pickle
import re
import socket
import time
import tempfile
import traceback
from contextlib import contextmanager
from typing import Any, Callable, Iterator

import torch
import torch.distributed as dist

MASTER_ADDR = "127.0.0.1"
_PORT_IN_USE = re.compile(r"address already in use|EADDRINUSE|errno: 98", re.IGNORECASE)
# An absolute path (POSIX or Windows) of at least two parts; only its last part is kept.
_LOG_PREFIX = re.compile(r"^(?:\[rank\d+\]:)?\[[IWEF]\d{4} [\d:.]+ (?:\d+ )?([\w.]+:\d+)\] ")
_PATH = re.compile(r"(?<![\w:/.])(?:[A-Za-z]:)?(?:[\\/][\w.+~-]+){2,}[\\/]?")


class WorkerError(RuntimeError):
    """A worker process raised (or died): which ranks, and the exception's type, message and traceback.

    ``ranks`` lists every rank that raised the same exception as the first
    failing one; ``rank`` is the lowest of them; the traceback is the first
    failing one's, paths removed.
    """

    def __init__(self, ranks: int | list[int], exc_type: str, message: str, traceback_text: str = ""):
        self.ranks = [ranks] if isinstance(ranks, int) else list(ranks)
        self.rank, self.exc_type, self.message, self.traceback = self.ranks[0], exc_type, message, traceback_text
        super().__init__(f"{_ranks(self.ranks)} raised {exc_type}: {message}")


class WorkerTimeout(TimeoutError):
    """Some workers did not finish in time; all were killed. ``ranks`` lists the unfinished ones."""

    def __init__(self, ranks: list[int], timeout: float, pids: list[int]):
        self.ranks, self.timeout, self.pids = ranks, timeout, pids
        super().__init__(f"{_ranks(ranks)} did not finish within {timeout:g} s; all workers were stopped")


def _ranks(ranks: list[int]) -> str:
    return f"rank {ranks[0]}" if len(ranks) == 1 else "ranks " + ", ".join(str(r) for r in ranks)


def strip_paths(text: str) -> str:
    """Replace every absolute file path in ``text`` by its last part (``/a/b/c.py`` -> ``c.py``)."""
    return _PATH.sub(lambda m: re.split(r"[\\/]", m.group(0).rstrip("/\\"))[-1], text)


def free_port(host: str = MASTER_ADDR) -> int:
    """A TCP port on ``host`` that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def _loopback_interface() -> str | None:
    try:
        names = [name for _, name in socket.if_nameindex()]
    except (OSError, AttributeError):  # pragma: no cover - platforms without if_nameindex
        return None
    return next((n for n in ("lo", "lo0") if n in names), None)


@contextmanager
def capture_stderr() -> Iterator[list[str]]:
    """Collect what is written to file descriptor 2 (C++ log lines included) into the yielded list.

    Each line has its log prefix removed (``[rank0]:[W1202 18:40:53.005 reducer.cpp:399] ``
    becomes ``reducer.cpp:399: ``), so it prints the same on every run.
    """
    lines: list[str] = []
    with tempfile.TemporaryFile(mode="w+b") as sink:
        saved = os.dup(2)
        try:
            os.dup2(sink.fileno(), 2)
            yield lines
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            sink.seek(0)
            text = sink.read().decode("utf-8", "replace")
            lines.extend(_LOG_PREFIX.sub(r"\1: ", line) for line in strip_paths(text).splitlines() if line.strip())


def _entry(rank: int, world_size: int, port: int, timeout: float, worker: Callable,
           args: tuple, conn) -> None:
    """What each worker process runs: join the group, call the worker, send back its outcome."""
    # The worker's own output (C++ log lines too) must not reach the caller's cell: keep it in a file.
    log = tempfile.TemporaryFile(mode="w+b")
    os.dup2(log.fileno(), 1)
    os.dup2(log.fileno(), 2)
    os.environ.update(MASTER_ADDR=MASTER_ADDR, MASTER_PORT=str(port), RANK=str(rank),
                      WORLD_SIZE=str(world_size))
    loopback = _loopback_interface()
    if loopback is not None:
        os.environ.setdefault("GLOO_SOCKET_IFNAME", loopback)  # gloo talks over 127.0.0.1 only
    torch.set_num_threads(1)  # world_size processes share the machine's cores
    try:
        try:
            dist.init_process_group("gloo", rank=rank, world_size=world_size,
                                    timeout=datetime.timedelta(seconds=timeout + 30))
            result = worker(rank, world_size, *args)
            payload = pickle.dumps(("ok", result))  # plain pickle: tensors are copied, not shared
        except BaseException as exc:  # report everything, KeyboardInterrupt included
            payload = pickle.dumps(("error", type(exc).__name__, strip_paths(str(exc)),
                                    strip_paths("".join(traceback.format_exception(exc))), time.time()))
            conn.send_bytes(payload)  # before leaving the group, so this rank's error arrives first
            payload = None
        finally:
            if dist.is_initialized():
                dist.destroy_process_group()
        if payload is not None:
            conn.send_bytes(payload)
    finally:
        conn.close()


def _stop(processes) -> None:
    processes = [p for p in processes if p.pid is not None]  # started ones only
    for p in processes:
        if p.is_alive():
            p.terminate()
    deadline = time.monotonic() + 2.0
    for p in processes:
        p.join(max(0.0, deadline - time.monotonic()))
        if p.is_alive():
            p.kill()
            p.join()


# What the forkserver imports once; every worker is a fork of it (see the module's docstring).
# DistributedDataParallel.__init__ imports torch._dynamo (several seconds); preloaded, no worker pays it.
PRELOAD = ["torch", "torch.distributed", "torch.nn.parallel", "torch._dynamo", "autograd_book.distributed"]
_server_env: dict[str, str] | None = None  # os.environ when this module last (re)started the forkserver


def _stop_forkserver() -> None:
    """Stop the forkserver (and wait for it), if one runs; the next forkserver launch starts a new one."""
    global _server_env
    server = multiprocessing.forkserver._forkserver
    if getattr(server, "_forkserver_pid", None) is not None:
        server._stop()
    _server_env = None


def start_method() -> str:
    """The start method `launch` uses here: "forkserver" where available, else "spawn"."""
    methods = multiprocessing.get_all_start_methods()
    has_stop = hasattr(multiprocessing.forkserver._forkserver, "_stop")
    return "forkserver" if "forkserver" in methods and has_stop else "spawn"


def _context():
    """The multiprocessing context for a launch, with a forkserver that has the caller's environment."""
    global _server_env
    method = start_method()
    if method == "forkserver":
        env = dict(os.environ)
        if env != _server_env:  # first launch, or the environment changed since the server started
            _stop_forkserver()  # also one someone else started, with other preloads or environment
            multiprocessing.set_forkserver_preload(PRELOAD)
            multiprocessing.forkserver.ensure_running()
            _server_env = env
    return multiprocessing.get_context(method)


atexit.register(_stop_forkserver)  # reap it, so no stray process outlives the caller


def _run_once(worker: Callable, args: tuple, world_size: int, timeout: float, grace: float) -> list[Any]:
    ctx = _context()
    port = free_port()
    pipes = [ctx.Pipe(duplex=False) for _ in range(world_size)]
    processes = [ctx.Process(target=_entry, args=(rank, world_size, port, timeout, worker, args, send),
                             daemon=True, name=f"rank-{rank}")
                 for rank, (_, send) in enumerate(pipes)]
    outcomes: dict[int, tuple] = {}
    first_error_at = 0.0
    try:
        for p in processes:
            p.start()
        for _, send in pipes:
            send.close()  # the parent keeps only the reading ends
        receivers = {recv: rank for rank, (recv, _) in enumerate(pipes)}
        deadline = time.monotonic() + timeout
        while len(outcomes) < world_size:
            errors = [r for r, o in outcomes.items() if o[0] != "ok"]
            limit = deadline if not errors else min(deadline, first_error_at + grace)
            remaining = limit - time.monotonic()
            if remaining <= 0:
                break
            ready = multiprocessing.connection.wait(list(receivers), timeout=remaining)
            for recv in ready:
                rank = receivers.pop(recv)
                try:
                    outcomes[rank] = pickle.loads(recv.recv_bytes())
                except EOFError:  # the process died without a word (killed, segfault, os._exit)
                    processes[rank].join(1.0)
                    outcomes[rank] = ("error", "ProcessExit", f"exited with code {processes[rank].exitcode} "
                                      "before returning a result", "", time.time())
                if outcomes[rank][0] != "ok" and not any(o[0] != "ok" for r, o in outcomes.items() if r != rank):
                    first_error_at = time.monotonic()
        errors = {r: o for r, o in outcomes.items() if o[0] != "ok"}
        if errors:
            # The first failure is the cause; later ones are often "connection closed by peer".
            first = min(errors, key=lambda r: (errors[r][4], r))
            _, exc_type, message, tb, _ = errors[first]
            same = sorted(r for r, o in errors.items() if o[1:3] == (exc_type, message))
            raise WorkerError(same, exc_type, message, tb)
        if len(outcomes) < world_size:
            pids = [p.pid for p in processes]
            _stop(processes)
            raise WorkerTimeout(sorted(set(range(world_size)) - set(outcomes)), timeout, pids)
        for p in processes:
            p.join(10.0)
        return [outcomes[rank][1] for rank in range(world_size)]
    finally:
        _stop(processes)
        for recv, _ in pipes:
            recv.close()


def launch(worker: Callable, *args: Any, world_size: int = 2, timeout: float = 60.0,
           grace: float = 3.0) -> list[Any]:
    """Run ``worker(rank, world_size, *args)`` in ``world_size`` gloo processes; return their results by rank.

    Raises :class:`WorkerError` for the earliest failure, naming every rank that
    raised the same exception (the others get ``grace`` seconds to report,
    then are killed), :class:`WorkerTimeout` when
    not every rank returned within ``timeout`` seconds, and ValueError when
    ``worker`` cannot be imported by a worker process.
    """
    module, name = getattr(worker, "__module__", None), getattr(worker, "__qualname__", "")
    if module in (None, "__main__") or "<" in name:
        raise ValueError(f"{name or worker!r} must be a module-level function of an importable module "
                         "(not defined in a notebook cell or as a lambda): spawned processes import it")
    for attempt in range(3):
        try:
            return _run_once(worker, args, world_size, timeout, grace)
        except WorkerError as exc:  # another program took the free port between the check and the bind
            if attempt == 2 or not _PORT_IN_USE.search(exc.message):
                raise
    raise AssertionError("unreachable")  # pragma: no cover
