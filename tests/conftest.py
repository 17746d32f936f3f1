"""Shared pytest configuration for mp-tutor's tests."""

import os

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

