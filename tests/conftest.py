"""Shared pytest configuration for mp-tutor's tests."""

# The browser harness's notebooks are opened by the browser tests themselves; nbval must not
# also run them when pytest is given --nbval-lax.
collect_ignore_glob = ["browser/*.ipynb"]
