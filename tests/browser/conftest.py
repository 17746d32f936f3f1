"""Real-browser JupyterLab test harness (Playwright sync API + Debian's chromium).

The parts that know no server (chromium, the skip/fail rule, commands, waiting for the
kernel, Run All, screenshots, console lines) are in ``harness.py``, shared with the classroom
site's tests (``tests/site/``); this file adds the JupyterLab server and the fixtures.

Fixtures (use them as test arguments; mark browser tests with ``@pytest.mark.browser``):

``jupyter_server`` (session) -> ``JupyterServer``
    A JupyterLab server on 127.0.0.1 at a free port, started once per test session with
    ``--allow-root --no-browser``, a random token, ``--LabApp.expose_app_in_browser=True``
    (so ``window.jupyterapp`` exists in the page) and its own temporary root dir, config dir,
    runtime dir, workspaces dir and user-settings dir (the settings dir holds
    ``notification.jupyterlab-settings`` with ``fetchNews: "false"``, which is what stops the
    "Would you like to get notified about official Jupyter news?" pop-up). As
    ``scripts/tutor.sh`` does, the learner's progress is kept (``MP_TUTOR_PROGRESS``, in
    ``root_dir/.mp-tutor/progress.json``: ``progress_path``), and JupyterLab loads the tutor's
    own extension (``labextension/``), installed into ``.venv`` by ``scripts/_venv.sh`` for
    both: a chapter or the course page runs its cells as it opens. Attributes:
    ``url`` (``http://127.0.0.1:PORT``), ``token``, ``port``, ``root_dir`` (Path),
    ``log_path`` (server output), ``lab_url(path)`` (the ``/lab/tree/<path>?token=..`` URL).
    It is shut down (``POST /api/shutdown``, then terminate) when the session ends.

``browser`` (session) -> ``playwright.sync_api.Browser``
    Headless ``/usr/bin/chromium`` (``CHROMIUM`` env var overrides the path).

``open_notebook(src_path, *, name=None, viewport=(1400, 900)) -> Page``  (function fixture)
    Copies the notebook into ``jupyter_server.root_dir`` (so autosave never touches the
    committed file; ``name`` renames the copy), opens it in a new page in a fresh JupyterLab
    workspace (so what other tests left open is not restored), waits until the
    notebook is shown, its cells run if it is a page of the course (the tutor's extension
    runs them as it opens: ``wait_for_autorun``) and its kernel is idle. Each test starts as
    a new learner: the progress file is removed before it. After the test its pages are
    closed and the server's kernels shut down.
    Browser console messages of a page: ``console_messages(page) -> list[str]`` (each
    ``"type: text"``, page errors as ``"pageerror: ..."``).

Plain helpers (also available as fixtures of the same name, which is the easy way to reach
them from a test module):

``lab_command(page, command_id, args=None)``
    Runs a JupyterLab command: ``window.jupyterapp.commands.execute(id, args)``.
``wait_for_kernel_idle(page, timeout=60)``
    Waits until the current notebook's kernel reports ``idle`` and no cell shows ``[*]``.
``clear_all(page)``
    ``editmenu:clear-all`` (clears every output of the current notebook).
``run_all(page, timeout=120, clear=True)``
    ``clear_all`` (unless ``clear=False``), ``runmenu:run-all``, then ``wait_for_kernel_idle``.
``screenshot(page, name) -> Path``
    Saves ``test-artifacts/<name>.png`` at the repository root (git-ignored) and returns it.

Skip rules: if chromium or the ``playwright``/``jupyterlab`` packages are missing, the
tests using these fixtures are skipped with the reason, except when the environment variable
``CI`` is ``true``: then they fail with it.

Example::

    @pytest.mark.browser
    def test_board(open_notebook, run_all, screenshot):
        page = open_notebook(Path("notebooks/01_board.ipynb"))
        run_all(page)
        page.locator(".mp-board").wait_for()
        screenshot(page, "board")
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from harness import (
    REPO_ROOT,
    clear_all,
    close_contexts,
    console_messages,
    free_port,
    lab_command,
    launched_browser,
    missing_reason,
    run_all,
    screenshot,
    skip_or_fail,
    wait_for_autorun,
    wait_for_kernel_idle,
    watch_console,
)

# ---------------------------------------------------------------------------------------------
# the JupyterLab server


@dataclass
class JupyterServer:
    port: int
    token: str
    root_dir: Path
    log_path: Path
    proc: subprocess.Popen | None = field(default=None, repr=False)

    @property
    def progress_path(self) -> Path:
        """The learner's progress file of this server's kernels (``MP_TUTOR_PROGRESS``)."""
        return self.root_dir / ".mp-tutor" / "progress.json"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def lab_url(self, path: str = "", workspace: str | None = None) -> str:
        """The URL of ``path`` in JupyterLab; ``workspace``: a fresh named workspace (so the
        tabs and panels another page left open are not restored)."""
        path = path.lstrip("/")
        base = f"{self.url}/lab/workspaces/{workspace}" if workspace else f"{self.url}/lab"
        return f"{base}/tree/{path}?token={self.token}" if path else f"{base}?token={self.token}"

    def api(self, path: str, method: str = "GET", timeout: float = 5) -> bytes:
        req = urllib.request.Request(
            f"{self.url}/api/{path.lstrip('/')}",
            method=method,
            headers={"Authorization": f"token {self.token}"},
        )
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return resp.read()

    def shutdown_kernels(self) -> int:
        """Shut down every session and kernel of this server; return how many kernels were
        running. A test's notebooks keep their kernels after the page closes; without this,
        one worker's server held 40 kernels (3 GB) by the end of the browser tests."""
        try:
            sessions = json.loads(self.api("sessions"))
            kernels = json.loads(self.api("kernels"))
        except (OSError, ValueError):
            return 0
        for path in [f"sessions/{s['id']}" for s in sessions] + [
            f"kernels/{k['id']}" for k in kernels
        ]:
            with contextlib.suppress(OSError):  # a session's kernel is gone with it (404)
                self.api(path, method="DELETE", timeout=15)
        return len(kernels)

    def log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except OSError:
            return ""


def _write_lab_settings(settings_dir: Path) -> None:
    """User settings that keep pop-ups away from screenshots and clicks."""
    files = {
        # "Would you like to get notified about official Jupyter news?" is shown while
        # fetchNews is "none" (the default); "false" answers it. (--LabApp.news_url=None only
        # empties the server's feed; it does not stop the question.)
        "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
            "fetchNews": "false",
            "checkForUpdates": False,
        },
    }
    for rel, data in files.items():
        p = settings_dir / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(json.dumps(data, indent=2))


def _start_server(base: Path) -> JupyterServer:
    root = base / "root"
    for sub in ("root", "settings", "workspaces", "config", "runtime"):
        (base / sub).mkdir(parents=True, exist_ok=True)
    _write_lab_settings(base / "settings")
    env = dict(os.environ)
    env.update(
        JUPYTERLAB_SETTINGS_DIR=str(base / "settings"),
        JUPYTERLAB_WORKSPACES_DIR=str(base / "workspaces"),
        JUPYTER_CONFIG_DIR=str(base / "config"),
        JUPYTER_RUNTIME_DIR=str(base / "runtime"),
        PYTHONUNBUFFERED="1",
        # the learner's progress, kept as scripts/tutor.sh keeps it (in the notebooks' folder)
        MP_TUTOR_PROGRESS=str(root / ".mp-tutor" / "progress.json"),
    )
    server = JupyterServer(
        port=free_port(),
        token=secrets.token_hex(16),
        root_dir=root,
        log_path=base / "jupyterlab.log",
    )
    cmd = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        "--allow-root",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={server.port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={server.token}",
        f"--ServerApp.root_dir={root}",
        "--LabApp.expose_app_in_browser=True",
        "--LabApp.news_url=None",
        "--ServerApp.terminals_enabled=False",
    ]
    log = server.log_path.open("wb")
    server.proc = subprocess.Popen(
        cmd, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL
    )
    log.close()
    deadline = time.monotonic() + 90
    while True:
        if server.proc.poll() is not None:
            raise RuntimeError(
                f"JupyterLab exited with {server.proc.returncode}:\n{server.log()[-4000:]}"
            )
        try:
            server.api("status", timeout=2)
            break
        except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
            if time.monotonic() > deadline:
                _stop_server(server)
                raise RuntimeError(
                    f"JupyterLab did not answer within 90 s:\n{server.log()[-4000:]}"
                ) from None
            time.sleep(0.25)
    return server


def _stop_server(server: JupyterServer) -> None:
    proc = server.proc
    if proc is None or proc.poll() is not None:
        return
    with contextlib.suppress(Exception):
        server.api("shutdown", method="POST", timeout=5)
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


@pytest.fixture(scope="session")
def jupyter_server(tmp_path_factory):
    reason = missing_reason()
    if reason:
        skip_or_fail(reason)
    server = _start_server(tmp_path_factory.mktemp("jupyterlab"))
    try:
        yield server
    finally:
        _stop_server(server)


# ---------------------------------------------------------------------------------------------
# the browser


@pytest.fixture(scope="session")
def browser():
    reason = missing_reason()
    if reason:
        skip_or_fail(reason)
    with launched_browser() as b:
        yield b


@pytest.fixture
def open_notebook(jupyter_server, browser):
    contexts = []
    # a new learner: nothing kept from the tests before (one test at a time per server)
    with contextlib.suppress(FileNotFoundError):
        jupyter_server.progress_path.unlink()

    def _open(src_path, *, name: str | None = None, viewport=(1400, 900), timeout: float = 90):
        src = Path(src_path)
        if not src.is_absolute():
            src = REPO_ROOT / src
        dest_name = name or src.name
        dest = jupyter_server.root_dir / dest_name
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, dest)
        ctx = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
        contexts.append(ctx)
        page = ctx.new_page()
        page.set_default_timeout(timeout * 1000)
        watch_console(page)
        page.goto(jupyter_server.lab_url(dest_name, workspace=f"test-{secrets.token_hex(4)}"))
        page.wait_for_function("() => !!window.jupyterapp", timeout=timeout * 1000)
        page.evaluate("() => window.jupyterapp.restored")
        page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook").first.wait_for(
            state="visible"
        )
        page.evaluate("async () => { const w = window.jupyterapp.shell.currentWidget;"
                      " if (w && w.context) await w.context.ready; }")
        wait_for_autorun(page, dest_name, timeout=max(timeout, 120))
        return page

    yield _open
    close_contexts(contexts)
    jupyter_server.shutdown_kernels()  # one test at a time per server: all are this test's


# helpers as fixtures (same names), so test modules need not import this conftest


def _helper_fixture(fn):
    @pytest.fixture(name=fn.__name__)
    def _fixture():
        return fn

    _fixture.__doc__ = fn.__doc__
    return _fixture


lab_command_fixture = _helper_fixture(lab_command)
wait_for_kernel_idle_fixture = _helper_fixture(wait_for_kernel_idle)
clear_all_fixture = _helper_fixture(clear_all)
run_all_fixture = _helper_fixture(run_all)
screenshot_fixture = _helper_fixture(screenshot)
console_messages_fixture = _helper_fixture(console_messages)
