"""Chapter 01 of the priests game in a real JupyterLab, by clicking only, at two window sizes.

The run opens ``notebooks/priests/01-laying.ipynb`` (JupyterLab's file browser open, as it
is by default), runs all cells as a learner does, and does the four tasks by clicking: a
card of the hand, then a stair (the engine lays it face up or face down as the sun/moon card
says), the order button of the decision panel, and again cards and stairs. On the way it
checks what a learner sees: the temple's text large enough, nothing overlapping on the
temple, the decision panel in view after each click, a refused click explained with its
rule, the lesson panel in step after Undo and Redo. Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from ui import click_synced as click
from ui import overlaps, settle

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "priests" / "01-laying.ipynb"
VIEWPORTS = [(1024, 768), (1400, 900)]
DONE = ".mp-lesson-task.done"
PICTURE = ".mp-board .mp-picture svg.mp-pr-board"
#: what is drawn on the temple and beside it, which must never overlap one another
TEMPLE_ITEMS = ", ".join(f"{PICTURE} {sel}" for sel in (
    ".mp-pr-label", ".mp-pr-priest", ".mp-pr-chip", ".mp-pr-stair > .mp-pr-card",
    ".mp-pr-stair > .mp-pr-back", ".mp-pr-coord", ".mp-pr-hand-card", ".mp-pr-deck",
    ".mp-pr-token", ".mp-pr-h", ".mp-pr-prompt", ".mp-pr-priest-card", ".mp-pr-value"))

SIZES_JS = """(sel) => {
  const out = [];
  for (const t of document.querySelectorAll(sel + ' text')) {
    if (!t.getClientRects().length || !t.textContent.trim()) continue;
    const scale = t.ownerSVGElement.getScreenCTM().a;
    out.push([t.textContent.trim().slice(0, 30), parseFloat(getComputedStyle(t).fontSize) * scale]);
  }
  return out;
}"""


def done_count(page: Any) -> int:
    return page.locator(DONE).count()


def wait_done(page: Any, n: int, timeout: float = 30_000) -> None:
    page.wait_for_function(f"() => document.querySelectorAll('{DONE}').length === {n}",
                           timeout=timeout)


def check_view(page: Any, where: str) -> None:
    """The temple's words at least 10 px high on the screen, and no overlaps."""
    sizes = page.evaluate(SIZES_JS, PICTURE)
    assert len(sizes) > 60, where
    small = [(s, round(px, 1)) for s, px in sizes if px < 10]
    assert not small, f"{where}: text under 10 px: {small[:8]}"
    found = overlaps(page, TEMPLE_ITEMS)
    assert found["count"] >= 40 and not found["bad"], f"{where}: overlaps {found['bad'][:5]}"


def card(n: int) -> str:
    return f"{PICTURE} [data-target='card-{n}']"


def stair(name: str) -> str:
    return f"{PICTURE} [data-target='stair-{name}']"


def lay(page: Any, n: int, name: str, where: str) -> None:
    """The two clicks: a card of the hand, then a stair."""
    click(page, card(n), where)
    page.locator(f"{PICTURE} .mp-pr-selected[data-hand-card='{n}']").wait_for()
    click(page, stair(name), where)


def refusals(page: Any, where: str) -> None:
    """A stair clicked before a card, and a stair that holds a card: refused, with the rule."""
    click(page, stair("east"), where)
    error = page.locator(".mp-board .mp-error").first
    error.wait_for(state="visible")
    assert "lay.turn" in error.inner_text() and "First choose the card" in error.inner_text()
    click(page, card(12), where)
    click(page, stair("north"), where)
    page.wait_for_function("() => document.querySelector('.mp-board .mp-error')"
                           ".innerText.includes('lay.free_stair')")
    assert page.locator(f"{PICTURE} .mp-pr-selected[data-hand-card='12']").count() == 1  # kept


def undo_redo_in_step(page: Any, tasks_before: int, where: str) -> None:
    """Undo re-opens the last task (the lesson panel follows); Redo ticks it again."""
    click(page, ".mp-board button.mp-undo", where)
    wait_done(page, tasks_before - 1)
    # the task list and the feedback are two widgets: the feedback may arrive a moment later
    page.wait_for_function("() => document.querySelector('.mp-lesson-feedback')"
                           ".innerText.includes('Taken back')")
    click(page, ".mp-board button.mp-redo", where)
    wait_done(page, tasks_before)


@pytest.mark.browser
@pytest.mark.parametrize("viewport", VIEWPORTS, ids=lambda v: f"{v[0]}x{v[1]}")
def test_priests_chapter_01_by_clicking(viewport: tuple[int, int], open_notebook, run_all,
                                         screenshot, console_messages, lab_command) -> None:
    page = open_notebook(NOTEBOOK, name="priests-01-laying.ipynb", viewport=viewport)
    if not page.locator(".jp-FileBrowser").first.is_visible():  # another test closed it
        lab_command(page, "application:toggle-left-area")
    page.locator(".jp-FileBrowser").first.wait_for(state="visible")  # open, as by default
    run_all(page)
    page.locator(PICTURE).first.wait_for(state="visible", timeout=60_000)
    page.evaluate("() => document.querySelector('.mp-board').scrollIntoView()")
    settle(page, 300)
    where = f"priests chapter 01 at {viewport[0]}x{viewport[1]}"
    name = f"priests_01_{viewport[0]}x{viewport[1]}"
    screenshot(page, f"{name}_start")
    check_view(page, where)
    assert done_count(page) == 0

    # task 1: Blue's 44 on the North stair, face down (the sun/moon card says so)
    click(page, card(44), where)
    assert page.locator(".mp-decision-panel .mp-card-44.mod-primary").count() == 1
    screenshot(page, f"{name}_picked")
    click(page, stair("north"), where)
    wait_done(page, 1)
    north = page.locator(f"{PICTURE} [data-stair='north']").first
    assert north.get_attribute("data-laid") == "true" and north.get_attribute("data-open") == "false"
    check_view(page, f"{where}, a card face down")

    # task 2: Yellow's 12 east and Red's 30 south, face up; the draw pile fills the West stair
    refusals(page, where)
    screenshot(page, f"{name}_refused")
    click(page, stair("east"), where)  # 12 is still picked
    lay(page, 30, "south", where)
    wait_done(page, 2)
    assert page.locator(f"{PICTURE} [data-stair='west'][data-laid='true']").count() == 1
    page.locator(".mp-decision-panel .mp-order-tallest").first.wait_for(state="visible")
    assert page.locator(".mp-decision-panel table.mp-order-preview tr").count() == 5  # per priest
    screenshot(page, f"{name}_order")
    undo_redo_in_step(page, 2, where)

    # task 3: the order of the moves, in the decision panel
    click(page, ".mp-decision-panel .mp-order-tallest", where)
    wait_done(page, 3)

    # task 4: round 3, by clicking cards and stairs again
    lay(page, 22, "north", where)
    lay(page, 23, "east", where)
    lay(page, 21, "south", where)
    wait_done(page, 4)
    page.locator(".mp-lesson-side").first.scroll_into_view_if_needed()
    assert "All tasks done" in page.locator(".mp-lesson-side").first.inner_text()
    page.evaluate("() => document.querySelector('.mp-board').scrollIntoView()")
    settle(page, 300)
    check_view(page, f"{where}, done")
    screenshot(page, f"{name}_done")
    errors = [m for m in console_messages(page) if m.startswith("pageerror")]
    assert not errors, errors


@pytest.mark.browser
def test_priests_chapter_01_in_french_fits(open_notebook, run_all, screenshot, console_messages
                                           ) -> None:
    """The French notebook at the smaller size: its longer words fit, and a click lays a card."""
    page = open_notebook(NOTEBOOK.parents[1] / "fr" / "priests" / "01-laying.ipynb",
                         name="priests-fr-01-laying.ipynb", viewport=(1024, 768))
    run_all(page)
    page.locator(PICTURE).first.wait_for(state="visible", timeout=60_000)
    page.evaluate("() => document.querySelector('.mp-board').scrollIntoView()")
    settle(page, 300)
    where = "priests chapter 01 in French at 1024x768"
    assert "Tour 2 sur 9" in page.locator(PICTURE).first.inner_html()
    check_view(page, where)
    lay(page, 44, "north", where)
    wait_done(page, 1)
    screenshot(page, "priests_01_fr_1024x768_laid")
    check_view(page, f"{where}, a card face down")
    errors = [m for m in console_messages(page) if m.startswith("pageerror")]
    assert not errors, errors
