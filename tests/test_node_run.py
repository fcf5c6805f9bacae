"""tests/node_run.py runs each script as `node -e SCRIPT` with INPUT on its stdin would: its input,
its output, its own globals and modules, and a failure raised as subprocess.run(check=True) raises."""
import subprocess

import pytest

import node_run


@pytest.fixture(autouse=True)
def _node():
    if node_run.NODE is None:
        pytest.skip("node is not installed")


def test_a_script_reads_its_input_and_writes_its_output():
    script = "process.stdout.write(JSON.stringify(JSON.parse(require('fs').readFileSync(0, 'utf8')).map(x => x * 2)))"
    assert node_run.run(script, "[1, 2]") == "[2,4]"
    assert node_run.run("process.stdout.write('<' + require('fs').readFileSync(0, 'utf8') + '>')") == "<>"


def test_a_script_ends_when_its_promises_have_settled_and_shares_nothing_with_the_one_before():
    late = "(async () => { await new Promise((r) => setTimeout(r, 20)); process.stdout.write('late'); })()"
    assert node_run.run(late) == "late"
    node_run.run("globalThis.seen = 1; require('fs').seen = 1;")
    assert node_run.run("process.stdout.write(typeof globalThis.seen + ' ' + typeof require('fs').seen)") == "undefined undefined"


@pytest.mark.parametrize("script", ["throw new Error('planted')",
                                    "(async () => { throw new Error('planted'); })().catch((e) => { console.error(e.message); process.exit(1); });",
                                    "Promise.reject(new Error('planted'))"])
def test_a_failing_script_raises_with_its_message(script):
    with pytest.raises(subprocess.CalledProcessError) as failed:
        node_run.run(script)
    assert failed.value.returncode != 0 and "planted" in failed.value.stderr
    assert node_run.run("process.stdout.write('next')") == "next"  # the runner goes on
