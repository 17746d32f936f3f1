"""The parts of the real-browser harness that know no server: shared by the JupyterLab
tests (``tests/browser/``) and the classroom-site tests (``tests/site/``).

Headless Debian chromium through Playwright (never ``playwright install``); the skip/fail
rule (a missing tool skips a test locally and fails it under ``CI=true``); JupyterLab
commands run in the page (``window.jupyterapp``); waiting for the kernel; Run All;
screenshots into ``test-artifacts/``; the console lines of a page.
"""

from __future__ import annotations

import atexit
import contextlib
import importlib.util
import os
import shutil
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO_ROOT / "test-artifacts"

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


# ---------------------------------------------------------------------------------------------
# skip / fail rules


def _chromium_path() -> str | None:
    env = os.environ.get("CHROMIUM")
    if env:
        return env if Path(env).exists() else None
    if Path("/usr/bin/chromium").exists():
        return "/usr/bin/chromium"
    return shutil.which("chromium")


def missing_reason(modules: tuple[str, ...] = ("playwright", "jupyterlab")) -> str | None:
    """What a browser test lacks (chromium, Python packages), or None."""
    missing = []
    if _chromium_path() is None:
        missing.append("chromium (/usr/bin/chromium; install with: apt-get install chromium)")
    for mod, pkg in ((m, m) for m in modules):
        if importlib.util.find_spec(mod) is None:
            missing.append(f"the {pkg} package (pip install -e '.[test]')")
    if missing:
        return "browser test needs " + " and ".join(missing)
    return None


def skip_or_fail(reason: str):
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} [CI=true, so this is a failure]", pytrace=False)
    pytest.skip(reason)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


_PLAYWRIGHT: list[Any] = []


def playwright() -> Any:
    """The one Playwright of this process (a second ``sync_playwright()`` in the same thread
    fails, so the JupyterLab tests and the site tests share it); stopped at exit."""
    if not _PLAYWRIGHT:
        from playwright.sync_api import sync_playwright  # here: skipped before when absent

        _PLAYWRIGHT.append(sync_playwright().start())
        atexit.register(_PLAYWRIGHT[0].stop)
    return _PLAYWRIGHT[0]


@contextmanager
def launched_browser(args: list[str] | None = None) -> Iterator[Any]:
    """Headless chromium (``CHROMIUM`` overrides the path), closed afterwards."""
    b = playwright().chromium.launch(executable_path=_chromium_path(),
                                     args=CHROMIUM_ARGS + (args or []))
    try:
        yield b
    finally:
        b.close()


_CONSOLE: dict[int, list[str]] = {}


def console_messages(page) -> list[str]:
    """Browser console lines of a page opened by ``open_notebook`` (``"type: text"``)."""
    return _CONSOLE.setdefault(id(page), [])


def watch_console(page) -> list[str]:
    """Record a page's console lines and uncaught errors (``console_messages(page)``)."""
    log = console_messages(page)
    page.on("console", lambda m: log.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: log.append(f"pageerror: {e}"))
    return log


def forget_console(page) -> None:
    _CONSOLE.pop(id(page), None)


def close_contexts(contexts: list) -> None:
    """Close browser contexts a fixture opened (and forget their pages' console lines)."""
    for ctx in contexts:
        with contextlib.suppress(Exception):
            for p in ctx.pages:
                forget_console(p)
            ctx.close()


def lab_command(page, command_id: str, args: dict | None = None):
    """Execute a JupyterLab command in the page and return its (JSON-able) result."""
    return page.evaluate(
        """async ([id, args]) => {
            const app = window.jupyterapp;
            if (!app) throw new Error('window.jupyterapp missing (expose_app_in_browser)');
            if (!app.commands.hasCommand(id)) throw new Error('unknown command ' + id);
            const r = await app.commands.execute(id, args || {});
            try { return JSON.parse(JSON.stringify(r ?? null)); } catch (e) { return null; }
        }""",
        [command_id, args],
    )


_KERNEL_STATE_JS = """() => {
    const app = window.jupyterapp;
    const w = app && app.shell.currentWidget;
    if (!w || !w.sessionContext || !w.content) return 'no-notebook';
    const ctx = w.sessionContext;
    if (ctx.isDisposed || !ctx.isReady) return 'starting';
    const k = ctx.session && ctx.session.kernel;
    if (!k) return 'no-kernel';
    const busyPrompt = Array.from(w.node.querySelectorAll('.jp-InputPrompt'))
        .some(n => n.textContent.includes('[*]'));
    if (busyPrompt) return 'running';
    return k.status;
}"""


def wait_for_kernel_idle(page, timeout: float = 60) -> None:
    """Wait until the current notebook's kernel is idle and no cell is queued/running."""
    deadline = time.monotonic() + timeout
    state = None
    idle_since = None
    while time.monotonic() < deadline:
        state = page.evaluate(_KERNEL_STATE_JS)
        if state == "idle":
            # idle must hold for a moment (between queued cells the kernel flickers idle)
            idle_since = idle_since or time.monotonic()
            if time.monotonic() - idle_since >= 0.5:
                return
        else:
            idle_since = None
        page.wait_for_timeout(100)
    raise TimeoutError(f"kernel not idle after {timeout} s (last state: {state})")


def wait_for_autorun(page, path: str, timeout: float = 240) -> None:
    """Wait until the tutor's JupyterLab extension (``labextension/``) has run the notebook
    ``path`` as it opened, if it is a page of the course (a chapter or the course page: it
    marks the notebook's panel); then the kernel is idle again."""
    page.wait_for_function(
        """(path) => {
          const panel = Array.from(document.querySelectorAll('.jp-NotebookPanel'))
            .find(p => p.dataset.mpPage === path);
          const app = window.jupyterapp, w = app && app.shell.currentWidget;
          const meta = w && w.context && w.context.model && w.context.model.getMetadata
            ? w.context.model.getMetadata('mp_tutor') : null;
          const runs = !!(meta && (meta.chapter || meta.page === 'course'));
          return (panel && panel.dataset.mpAutorun === 'done') || (w && w.context
            && w.context.path === path && !runs);
        }""", arg=path, timeout=timeout * 1000)
    wait_for_kernel_idle(page, timeout=timeout)


#: runs ``code`` in the current notebook's kernel; resolves to what it printed (and an error's
#: name and value)
_EXECUTE_JS = """async ([code, silent]) => {
  const k = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = k.requestExecute({code, silent});
  let out = '';
  future.onIOPub = (msg) => {
    if (msg.header.msg_type === 'stream') out += msg.content.text;
    if (msg.header.msg_type === 'error') out += msg.content.ename + ': ' + msg.content.evalue;
  };
  await future.done;
  return out;
}"""


def run_in_kernel(page, code: str, silent: bool = False) -> str:
    """Run ``code`` in the kernel of the notebook shown in ``page`` (not as a cell: nothing
    is added to the notebook; ``silent``: not counted in its history either); return what it
    printed, and an error's ``name: value`` if it raised."""
    return page.evaluate(_EXECUTE_JS, [code, silent])


def clear_all(page) -> None:
    """Clear every output of the current notebook (``editmenu:clear-all``)."""
    lab_command(page, "editmenu:clear-all")


def run_all(page, timeout: float = 120, clear: bool = True) -> None:
    """Clear outputs (unless ``clear=False``), run all cells, wait for the kernel to be idle."""
    wait_for_kernel_idle(page, timeout=timeout)
    if clear:
        clear_all(page)
    # runmenu:run-all resolves once the cells are *queued*; wait for the execution after.
    lab_command(page, "runmenu:run-all")
    page.wait_for_timeout(200)
    wait_for_kernel_idle(page, timeout=timeout)


def screenshot(page, name: str, full_page: bool = False) -> Path:
    """Save ``test-artifacts/<name>.png`` at the repo root and return its path."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / (name if name.endswith(".png") else f"{name}.png")
    page.screenshot(path=str(path), full_page=full_page)
    return path
