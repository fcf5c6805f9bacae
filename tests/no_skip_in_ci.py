"""In CI (CI=true) nothing may be skipped: a test that skips there fails instead, with its reason.

conftest.py imports the hook below, so it applies to every test of the run (unit tests, nbval
cells, browser and PDF tests): a missing tool (node, Chromium, xelatex) is then an error that
names what `make test` should have installed, never a silent gap.
"""
from __future__ import annotations

import os

import pytest


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if os.environ.get("CI") == "true" and report.skipped and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.outcome = "failed"
        report.longrepr = f"skipped in CI (CI=true), where nothing may be skipped: {reason}"
