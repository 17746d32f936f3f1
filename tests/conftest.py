"""Shared pytest configuration for mp-tutor's tests."""

import asyncio
import os
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

# scripts/test.sh passes --doctest-modules (for mp_tutor) and --nbval-lax (for notebooks/) to
# one pytest run, and both flags apply to everything collected, so:
# - conftest.py files are not collected as doctest modules: tests/conftest.py and
#   tests/browser/conftest.py share a basename and re-importing one for doctests clashes;
# - the browser harness's notebooks are opened by the browser tests themselves; nbval must
#   not also run them.
# (fnmatch's "*" also matches "/", so "*conftest.py" covers every conftest under tests/.)
collect_ignore_glob = ["*conftest.py", "browser/*.ipynb"]

# Property-based tests (tests/test_fuzz_*.py, each property run once per game): "ci" is
# derandomized (a fixed seed: the same examples on every run) with few examples, so the whole
# fuzz suite stays near 20 s; "long" is for a run by hand:
# HYPOTHESIS_PROFILE=long pytest tests/test_fuzz_*.py tests/priests/test_priests_fuzz.py
_QUIET = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]
settings.register_profile("ci", derandomize=True, max_examples=60, deadline=None, database=None,
                          print_blob=True, suppress_health_check=_QUIET)
settings.register_profile("long", max_examples=3000, deadline=None, database=None,
                          print_blob=True, suppress_health_check=_QUIET)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))



@pytest.fixture(autouse=True)
def _no_event_loop_left_by_playwright(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test that is not a browser test sees no running event loop, as in a script.

    The browser tests keep one Playwright per process (``tests/browser/harness.py``); its sync
    API leaves its asyncio loop marked as running in this thread, so a widget test run after
    them on the same worker would find a "running" loop that never runs its callbacks (the
    board's listeners, deferred after a browser's message, would never be told) and
    ``asyncio.run()`` would refuse to start.
    """
    leaked = None if request.node.get_closest_marker("browser") else asyncio._get_running_loop()
    if leaked is None:
        yield
        return
    asyncio._set_running_loop(None)
    try:
        yield
    finally:
        asyncio._set_running_loop(leaked)
