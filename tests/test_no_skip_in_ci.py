"""The CI guard: a skip fails the run when CI=true, and stays a skip elsewhere."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent

PLANTED = """
import shutil
import pytest

def test_needs_a_tool_that_is_missing():
    if shutil.which("no-such-tool-here") is None:
        pytest.skip("no-such-tool-here is not installed")

@pytest.mark.xfail(reason="an expected failure is not a skip")
def test_expected_failure():
    assert False
"""


def _run(tmp_path: Path, ci: str) -> subprocess.CompletedProcess:
    (tmp_path / "conftest.py").write_text("from no_skip_in_ci import pytest_runtest_makereport  # noqa: F401\n")
    (tmp_path / "test_planted.py").write_text(PLANTED)
    env = {**os.environ, "CI": ci, "PYTHONPATH": str(TESTS)}
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "addopts=",
                           str(tmp_path)], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120)


@pytest.mark.slow
@pytest.mark.parametrize("ci,expected", [("true", "1 failed, 1 xfailed"), ("", "1 skipped, 1 xfailed")])
def test_a_skip_fails_only_in_ci(tmp_path, ci, expected):
    result = _run(tmp_path, ci)
    assert expected in result.stdout, result.stdout[-1500:]
    if ci == "true":
        assert "where nothing may be skipped" in result.stdout and "no-such-tool-here is not installed" in result.stdout


@pytest.mark.parametrize("ci,expected", [("true", "1 failed, 1 xfailed"), ("", "1 skipped, 1 xfailed")])
def test_a_skip_fails_only_in_ci_in_this_process(tmp_path, monkeypatch, capsys, ci, expected):
    """The fast tier's form of the test above (two new pytest processes, 1.5 CPU-s): the same planted
    files, run by pytest.main in this process."""
    (tmp_path / "conftest.py").write_text("from no_skip_in_ci import pytest_runtest_makereport  # noqa: F401\n")
    (tmp_path / f"test_planted_{ci or 'local'}.py").write_text(PLANTED)
    monkeypatch.setenv("CI", ci)
    monkeypatch.chdir(tmp_path)
    # Without the unraisable-exception plugin in the inner run, as pytester's inline runs (the outer run's
    # plugin still watches): at its end it calls gc.collect() five times over this whole process's
    # objects, about 0.3 CPU-s a run.
    pytest.main(["-q", "-p", "no:cacheprovider", "-p", "no:xdist", "-p", "no:unraisableexception", "-o", "addopts=",
                 "--import-mode=importlib",
                 "--rootdir", str(tmp_path), str(tmp_path)])
    out = capsys.readouterr().out
    assert expected in out, out[-1500:]
    if ci == "true":
        assert "where nothing may be skipped" in out and "no-such-tool-here is not installed" in out
