"""Shared pytest configuration for mp-tutor's tests."""

# scripts/test.sh passes --doctest-modules (for mp_tutor) and --nbval-lax (for notebooks/) to
# one pytest run, and both flags apply to everything collected, so:
# - conftest.py files are not collected as doctest modules: tests/conftest.py and
#   tests/browser/conftest.py share a basename and re-importing one for doctests clashes;
# - the browser harness's notebooks are opened by the browser tests themselves; nbval must
#   not also run them.
# (fnmatch's "*" also matches "/", so "*conftest.py" covers every conftest under tests/.)
collect_ignore_glob = ["*conftest.py", "browser/*.ipynb"]
