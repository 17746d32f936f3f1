"""The board comes back after a browser refresh, with the lesson's progress.

A learner who reloads the page (F5) while a chapter runs finds the live board and the
lesson panel as they left them: the tutor's JupyterLab extension runs the chapter's cells
again as it opens, and the lesson plays the learner's moves again from their progress store
(``scripts/tutor.sh`` keeps it, as the test's server does). Until then JupyterLab's widget
manager draws the widgets of the saved notebook from the kernel (``scripts/tutor.sh`` sets
JupyterLab's autosave to every 10 s; the test saves explicitly).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from harness import console_messages, wait_for_autorun
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from test_chapters import click, district, done_count, wait_done
from ui import settle

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


_WIDGET_OUTPUTS_JS = """() => Array.from(document.querySelectorAll('.jp-OutputArea-output'))
    .map(e => e.textContent.trim().slice(0, 60))
    .filter(t => /widget|error/i.test(t))"""


def wait_for_board(page, jupyter_server, screenshot, where: str, seconds: float = 60) -> None:
    """Wait for the board's picture; if it does not come, fail saying what the page shows
    (widget outputs still loading or in error, console lines, the server's last lines)."""
    try:
        page.locator(".mp-board .mp-picture svg").first.wait_for(state="visible", timeout=seconds * 1000)
    except PlaywrightTimeout:
        screenshot(page, "reload_failed_" + where.replace(" ", "_"))
        outputs = page.evaluate(_WIDGET_OUTPUTS_JS)
        console = "\n".join(console_messages(page)[-30:])
        log = jupyter_server.log()[-3000:]
        raise AssertionError(
            f"no board {where} within {seconds} s; widget outputs: {outputs}\n"
            f"console:\n{console}\nserver log:\n{log}"
        ) from None


@pytest.mark.browser
def test_board_and_progress_survive_a_reload(open_notebook, run_all, screenshot,
                                             wait_for_kernel_idle, lab_command,
                                             jupyter_server) -> None:
    page = open_notebook(NOTEBOOKS / "04-production.ipynb", name="reload-04-production.ipynb",
                         viewport=(1400, 900))
    run_all(page)
    wait_for_board(page, jupyter_server, screenshot, "before the reload")
    page.evaluate("() => document.querySelector('.mp-board').scrollIntoView()")
    settle(page, 300)
    click(page, district("coca_plantation"), "chapter 04 before the reload")
    wait_done(page, 1)

    lab_command(page, "docmanager:save")  # as JupyterLab's autosave does
    page.wait_for_timeout(1500)
    page.reload()
    # a whole JupyterLab start and the widgets fetched from the kernel: as long as a first
    # opening may take (open_notebook allows 90 s), and more on a busy CI machine
    wait_for_board(page, jupyter_server, screenshot, "after the reload", seconds=120)
    wait_for_autorun(page, "reload-04-production.ipynb")  # the cells run again as it opens
    wait_for_board(page, jupyter_server, screenshot, "after the cells ran again")
    wait_for_kernel_idle(page)
    wait_done(page, 1)  # the lesson panel, drawn again, still has task 1 done
    assert done_count(page) == 1
    assert page.locator(".mp-decision-panel").count() >= 1
    page.evaluate("() => document.querySelector('.mp-board').scrollIntoView()")
    settle(page, 300)
    screenshot(page, "chapter_04_after_reload")
    click(page, "button.mp-produce-confirm", "chapter 04 after the reload")  # still playable
    wait_done(page, 2)
