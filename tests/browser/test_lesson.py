"""The production chapter (04) in a real JupyterLab: do its tasks by clicking, see them ticked.

Run all cells, make a wrong move (the engine's rule id and the task's hint appear in the lesson
panel), click the Coca Plantation on the board (task 1 ticked), answer the three production
decisions in the panel (tasks 2 and 3 ticked), and save a screenshot.
"""

from pathlib import Path

import pytest

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "04-production.ipynb"
DONE = ".mp-lesson-task.done"


def _wait_done(page, n: int, timeout: float = 20_000) -> None:
    page.wait_for_function(
        f"() => document.querySelectorAll('{DONE}').length >= {n}", timeout=timeout
    )


def _type_move(page, move: str) -> None:
    """Type a move in the visible typed-move box (the lesson panel's or the Tutor's) and play it."""
    own = page.locator(".mp-lesson-move input").first
    if own.is_visible():
        own.fill(move)
        page.locator(".mp-lesson-play").first.click()
    else:
        page.locator(".mp-action-text input").first.fill(move)
        page.locator(".mp-action-play").first.click()


def _produce(page, move: str) -> None:
    """Answer a production decision: the decision panel's Produce button if shown, else type it."""
    button = page.locator(".mp-produce-confirm").first
    if button.count() and button.is_visible():
        count = page.locator(".mp-produce-count input").first
        count.fill(move.split()[1])
        button.click()
    else:
        _type_move(page, move)


@pytest.mark.browser
def test_production_chapter_by_clicking(open_notebook, run_all, screenshot, console_messages):
    page = open_notebook(NOTEBOOK)
    run_all(page)
    panel = page.locator(".mp-lesson-panel").first
    panel.wait_for(state="visible")
    board = page.locator(".mp-board").first
    board.wait_for(state="visible")
    assert page.locator(DONE).count() == 0
    assert page.locator(".mp-lesson-task.current").count() == 1
    panel.scroll_into_view_if_needed()

    # Task 1 by clicking the district on the board.
    page.locator(".mp-board [data-district='coca_plantation']").first.click()
    _wait_done(page, 1)

    # A wrong move: the engine refuses it; the panel shows its rule id and the task's hint.
    _type_move(page, "produce 2")
    page.wait_for_function(
        "() => (document.querySelector('.mp-lesson-feedback')?.textContent || '')"
        ".includes('produce.limit')",
        timeout=20_000,
    )
    feedback = page.locator(".mp-lesson-feedback").first.inner_text()
    assert "Hint:" in feedback and "at most 1" in feedback

    # Tasks 2 and 3: the decisions of Blue, then Yellow and Red, answered in the panel.
    _produce(page, "produce 1")
    _wait_done(page, 2)
    _produce(page, "produce 1")
    _produce(page, "produce 2")
    _wait_done(page, 3)
    assert "All tasks done" in panel.inner_text()
    assert page.locator(".mp-lesson-task.current").count() == 0

    panel.scroll_into_view_if_needed()
    shot = screenshot(page, "lesson_04_production_done")
    assert shot.stat().st_size > 0
    errors = [m for m in console_messages(page) if m.startswith("pageerror")]
    assert not errors, errors
