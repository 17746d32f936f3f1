"""Chapters 00, 04 and 14 in a real JupyterLab, by clicking only, at two window sizes.

Each run opens the chapter's notebook (JupyterLab's file browser open, as it is by default),
runs all cells as a learner does, and then does the tasks by clicking the board, the
decision panel and the lesson's buttons. It checks what a learner sees: district names at
least 12 px high, learner text in a proportional font that never breaks inside words, no
overlapping names, badges, pieces or tags on the map, the decision panel in view after each
click, the lesson panel in step after Undo and Redo. Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

import pytest
from ui import click_synced as click
from ui import overlaps, settle, text_sizes

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
CHAPTERS = {"00": "00-start-here.ipynb", "04": "04-production.ipynb", "14": "14-full-game.ipynb"}
VIEWPORTS = [(1024, 768), (1400, 900)]
DONE = ".mp-lesson-task.done"


def done_count(page: Any) -> int:
    return page.locator(DONE).count()


def wait_done(page: Any, n: int, timeout: float = 30_000) -> None:
    page.wait_for_function(f"() => document.querySelectorAll('{DONE}').length === {n}",
                           timeout=timeout)


def check_view(page: Any, where: str, widths: list[tuple[str, Any]]) -> None:
    """Text sizes, fonts and no overlaps, as seen now."""
    sizes = text_sizes(page)
    assert len({label for label, _, _ in sizes["names"]}) == 15, where
    small = [(n, round(px, 1)) for _, n, px in sizes["names"] if px < 12]
    assert not small, f"{where}: district names under 12 px: {small}"
    for text, px, family, word_break, wrap in sizes["learner"]:
        assert px >= 12, f"{where}: {text!r} is {px} px"
        assert "mono" not in family.lower(), f"{where}: {text!r} in {family}"
        assert word_break != "break-all" and wrap != "anywhere", f"{where}: {text!r} breaks words"
    found = overlaps(page)
    assert found["count"] >= 45 and not found["bad"], f"{where}: overlaps {found['bad'][:5]}"
    widths.append((where, found["count"]))


def district(name: str) -> str:
    """A district's name on the map (where a learner clicks; the whole region is clickable)."""
    return f".mp-board .mp-picture [data-label='{name}'] .mp-dname"


def undo_redo_in_step(page: Any, tasks_before: int, where: str) -> None:
    """Undo re-opens the last task (the lesson panel follows); Redo ticks it again."""
    click(page, ".mp-board button.mp-undo", where)
    wait_done(page, tasks_before - 1)
    feedback = page.locator(".mp-lesson-feedback").first
    with contextlib.suppress(Exception):  # the feedback may follow the task list a moment later
        page.wait_for_function("() => (document.querySelector('.mp-lesson-feedback') || {})"
                               ".innerText?.includes('Taken back')", timeout=10_000)
    assert "Taken back" in feedback.inner_text(), where
    current = page.locator(".mp-lesson-task.current").first.inner_text()
    assert current.lstrip("➜ ").startswith(f"{tasks_before}.")
    redo = page.locator(".mp-board button.mp-redo").first
    assert redo.is_enabled() and redo.get_attribute("title").startswith("Play again")
    click(page, ".mp-board button.mp-redo", where)
    wait_done(page, tasks_before)


def play_00(page: Any, where: str, shot: Any) -> None:
    click(page, district("corn_terraces"), where)
    wait_done(page, 1)
    shot("play")
    click(page, "button.mp-produce-confirm", where)
    wait_done(page, 2)
    undo_redo_in_step(page, 2, where)
    click(page, district("llamas_meadow"), where)
    click(page, "button.mp-produce-confirm", where)
    wait_done(page, 3)


def play_04(page: Any, where: str, shot: Any) -> None:
    click(page, district("coca_plantation"), where)
    wait_done(page, 1)
    shot("play")
    click(page, "button.mp-produce-confirm", where)
    wait_done(page, 2)
    undo_redo_in_step(page, 2, where)
    click(page, "button.mp-produce-confirm", where)  # Yellow: 1
    click(page, "button.mp-produce-confirm", where)  # Red: 2
    wait_done(page, 3)


def play_14(page: Any, where: str, shot: Any) -> None:
    click(page, district("corn_terraces"), where)  # the first Inca: a farmer
    wait_done(page, 1)
    click(page, district("corn_terraces"), where)  # the Prince's first turn, anywhere
    wait_done(page, 2)
    shot("play")
    undo_redo_in_step(page, 2, where)
    page.locator("button.mp-lesson-show").first.click()  # Show me: until the first night
    wait_done(page, 3)
    assert page.locator(".mp-board").first.get_attribute("data-revision")
    page.locator("button.mp-lesson-show").first.click()  # Show me: to the end
    wait_done(page, 4, timeout=60_000)
    table = page.locator(".mp-decision-panel table.mp-scores").first
    table.wait_for(state="visible", timeout=30_000)
    heads = table.locator("th").all_inner_texts()
    assert len(heads) == 7 and all(h.strip() for h in heads), heads


PLAYS = {"00": play_00, "04": play_04, "14": play_14}


@pytest.mark.browser
@pytest.mark.parametrize("viewport", VIEWPORTS, ids=lambda v: f"{v[0]}x{v[1]}")
@pytest.mark.parametrize("chapter", sorted(CHAPTERS))
def test_chapter_by_clicking(chapter: str, viewport: tuple[int, int], open_notebook, run_all,
                             screenshot, console_messages, lab_command) -> None:
    page = open_notebook(NOTEBOOKS / CHAPTERS[chapter], viewport=viewport)
    if not page.locator(".jp-FileBrowser").first.is_visible():  # another test closed it
        lab_command(page, "application:toggle-left-area")
    page.locator(".jp-FileBrowser").first.wait_for(state="visible")  # open, as by default
    run_all(page)
    page.locator(".mp-board .mp-picture svg").first.wait_for(state="visible", timeout=60_000)
    page.evaluate("() => document.querySelector('.mp-board').scrollIntoView()")
    settle(page, 300)
    where = f"chapter {chapter} at {viewport[0]}x{viewport[1]}"
    name = f"chapter_{chapter}_{viewport[0]}x{viewport[1]}"
    widths: list[tuple[str, Any]] = []
    check_view(page, where, widths)
    screenshot(page, f"{name}_start")
    assert done_count(page) == 0

    PLAYS[chapter](page, where, lambda label: screenshot(page, f"{name}_{label}"))
    page.locator(".mp-lesson-side").first.scroll_into_view_if_needed()
    assert "All tasks done" in page.locator(".mp-lesson-side").first.inner_text()
    page.evaluate("() => document.querySelector('.mp-board').scrollIntoView()")
    settle(page, 300)
    check_view(page, f"{where}, done", widths)
    screenshot(page, f"{name}_done")
    if chapter == "04" and viewport == VIEWPORTS[-1]:  # a third width, for the overlaps
        page.set_viewport_size({"width": 1920, "height": 1080})
        settle(page, 500)
        check_view(page, f"{where} resized to 1920x1080", widths)
        screenshot(page, "chapter_04_1920x1080_done")
    errors = [m for m in console_messages(page) if m.startswith("pageerror")]
    assert not errors, errors
