"""The tests' JavaScript, run under node as `node -e SCRIPT` with INPUT on its stdin would run it, in
one node process per test process (tests/node_eval.js: each script in a worker thread of its own,
with fresh modules and its own event loop). Starting node for each script cost about 0.1 CPU-s
a start, and the fast tier ran 84 of them; a worker costs about a third of that."""
from __future__ import annotations

import atexit
import json
import shutil
import subprocess
from pathlib import Path

NODE = shutil.which("node")
SERVER = Path(__file__).with_name("node_eval.js")
_server: subprocess.Popen | None = None


def _stop() -> None:
    if _server is not None and _server.poll() is None:
        _server.stdin.close()
        _server.wait(timeout=30)
        _server.stdout.close()


def run(script: str, input: str | None = None) -> str:
    """What ``script`` writes to its stdout; CalledProcessError (with its stderr) when it exits
    with another code than 0 or throws, as ``subprocess.run(..., check=True)`` raises."""
    global _server
    if _server is None or _server.poll() is not None:
        _server = subprocess.Popen([NODE, str(SERVER)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                   text=True, encoding="utf-8")
        atexit.register(_stop)
    _server.stdin.write(json.dumps({"script": script, "input": input}) + "\n")
    _server.stdin.flush()
    reply = json.loads(_server.stdout.readline())
    if reply["code"] != 0:
        raise subprocess.CalledProcessError(reply["code"], [NODE, "-e", script], reply["out"], reply["err"])
    return reply["out"]
