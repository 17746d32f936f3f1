"""The board comes back after a browser refresh, with the lesson's progress.

A learner who reloads the page (F5) while a chapter runs finds the live board and the
lesson panel as they left them: the widgets live in the kernel, and JupyterLab's widget
manager draws them again from it once the notebook is saved (``scripts/tutor.sh`` sets
JupyterLab's autosave to every 10 s; the test saves explicitly).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_chapters import click, district, done_count, wait_done
from ui import settle

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


@pytest.mark.browser
def test_board_and_progress_survive_a_reload(open_notebook, run_all, screenshot,
                                             wait_for_kernel_idle, lab_command) -> None:
    page = open_notebook(NOTEBOOKS / "04-production.ipynb", name="reload-04-production.ipynb",
                         viewport=(1400, 900))
    run_all(page)
    page.locator(".mp-board .mp-picture svg").first.wait_for(state="visible", timeout=60_000)
    page.evaluate("() => document.querySelector('.mp-board').scrollIntoView()")
    settle(page, 300)
    click(page, district("coca_plantation"), "chapter 04 before the reload")
    wait_done(page, 1)

    lab_command(page, "docmanager:save")  # as JupyterLab's autosave does
    page.wait_for_timeout(1500)
    page.reload()
    page.locator(".mp-board .mp-picture svg").first.wait_for(state="visible", timeout=60_000)
    wait_for_kernel_idle(page)
    wait_done(page, 1)  # the lesson panel, drawn again from the kernel, still has task 1 done
    assert done_count(page) == 1
    assert page.locator(".mp-decision-panel").count() >= 1
    page.evaluate("() => document.querySelector('.mp-board').scrollIntoView()")
    settle(page, 300)
    screenshot(page, "chapter_04_after_reload")
    click(page, "button.mp-produce-confirm", "chapter 04 after the reload")  # still playable
    wait_done(page, 2)
