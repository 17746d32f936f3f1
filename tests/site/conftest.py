"""Fixtures of the classroom-site tests: the site built by ``bash scripts/site.sh``, served on
127.0.0.1, and chapters opened from it in headless chromium (the harness of
``tests/browser/harness.py``, shared with the JupyterLab tests).

``site_dir`` (session) builds the site (the script skips the build when its inputs have not
changed) under a lock, so that test workers never build at once. ``site_url`` serves it with
``scripts/lite/serve.py`` on a free port. ``open_chapter(path)`` opens a notebook of the
site in a fresh browser context (an empty cache and browser storage: a learner's first
visit), records every request the page and its workers start, and waits for the kernel.

Missing tools (chromium, playwright, python3, npm, node) skip these tests, and fail them under
``CI=true``, as for the other browser tests.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "browser"))  # the shared harness

from chapters import Chapter, open_in_site  # noqa: E402
from harness import (  # noqa: E402
    REPO_ROOT,
    close_contexts,
    free_port,
    launched_browser,
    missing_reason,
    skip_or_fail,
)

SITE = REPO_ROOT / "site"


def build_site() -> Path:
    """``bash scripts/site.sh``: builds ``site/`` or says it is up to date (one build at a
    time: the script holds a lock)."""
    proc = subprocess.run(["bash", "scripts/site.sh"], cwd=REPO_ROOT, capture_output=True,
                          text=True, timeout=1500)
    if proc.returncode == 3:  # a tool is missing (one line says which)
        skip_or_fail(proc.stderr.strip())
    if proc.returncode != 0:
        pytest.fail(f"bash scripts/site.sh failed ({proc.returncode}):\n"
                    f"{(proc.stdout + proc.stderr)[-4000:]}", pytrace=False)
    return SITE


@pytest.fixture(scope="session")
def site_dir() -> Path:
    reason = missing_reason(("playwright",))
    if reason:
        skip_or_fail(reason)
    for tool in ("python3", "npm", "node"):
        if shutil.which(tool) is None:
            skip_or_fail(f"the site build needs {tool}")
    return build_site()


@pytest.fixture(scope="session")
def site_url(site_dir: Path, tmp_path_factory) -> str:
    port = free_port()
    log = tmp_path_factory.mktemp("site-server") / "serve.log"
    with log.open("wb") as out:
        proc = subprocess.Popen([sys.executable, str(REPO_ROOT / "scripts/lite/serve.py"),
                                 str(site_dir), str(port)], stdout=out, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(f"{url}/index.html", timeout=2).close()
            break
        except (urllib.error.URLError, OSError):
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                pytest.fail(f"the site server did not start:\n{log.read_text()}", pytrace=False)
            time.sleep(0.2)
    try:
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.fixture(scope="session")
def site_browser(site_url: str):
    with launched_browser() as b:
        yield b


@pytest.fixture
def open_chapter(site_url: str, site_browser):
    """``open_chapter("fr/priests/01-laying.ipynb") -> Chapter``, its kernel idle (unless
    ``kernel=False``); ``context``: open it in that browser context (its storage) instead of
    a fresh one."""
    contexts = []

    def _open(path: str, *, viewport=(1400, 900), timeout: float = 240,
              context: Any = None, kernel: bool = True) -> Chapter:
        ctx = context or site_browser.new_context(
            viewport={"width": viewport[0], "height": viewport[1]})
        if context is None:
            contexts.append(ctx)
        return open_in_site(ctx, site_url, path, timeout=timeout, kernel=kernel)

    yield _open
    close_contexts(contexts)
