"""The keyboard as a learner without a mouse uses it on the board (shared by the access tests).

Tab reaches the board's picture from the toolbar's last button; the arrow keys go from one
click target to the next in their direction; Enter clicks; Tab goes on to the decision
panel's controls. ``open_chapter`` opens a chapter's notebook with JupyterLab's file browser
open, runs it and brings the board's top to the top of the view.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ui import revision, settle, wait_revision

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
PICTURE = ".mp-board .mp-picture"
FOCUSED = """() => { const a = document.activeElement;
  return a && a.closest('.mp-picture') ? (a.dataset.target || 'picture') : null; }"""
DONE = ".mp-lesson-task.done"
#: the focus on a place of the map (as the arrow keys put it there)
FOCUS_PLACE = """(place) => place === 'picture' ? document.querySelector('.mp-picture').focus()
  : document.querySelector(`.mp-picture [data-target='${place}'][tabindex]`).focus()"""


def open_chapter(page_opener, path: str, name: str, viewport, run_all, lab_command) -> Any:
    """A chapter's notebook (``path`` under notebooks/), run, the board's top at the view's top."""
    page = page_opener(NOTEBOOKS / path, name=name, viewport=viewport)
    if not page.locator(".jp-FileBrowser").first.is_visible():
        lab_command(page, "application:toggle-left-area")
    page.locator(".jp-FileBrowser").first.wait_for(state="visible")
    run_all(page)
    page.locator(f"{PICTURE} svg").first.wait_for(state="visible", timeout=60_000)
    page.evaluate("() => document.querySelector('.mp-board').scrollIntoView()")
    settle(page, 400)
    return page


def focus_board(page: Any) -> None:
    """Tab to the board's picture from the last button of its toolbar (past the buttons of a
    banner shown above the picture)."""
    page.locator(".mp-board button.mp-keys-button").first.focus()
    for _ in range(4):
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED):
            return
    raise AssertionError("Tab does not reach the board's picture")


def arrow_path(page: Any, target: str, limit: int = 25) -> tuple[str, tuple[str, ...]]:
    """The fewest arrow keys from the focused place of the map to ``target`` (found by trying
    each key from each place reached, as a learner exploring the map would): ``(the place
    they start from, the keys)``; the focus is back where it was."""
    start = page.evaluate(FOCUSED)
    way: dict[str, tuple[str, ...]] = {start: ()}
    todo = [start]
    while todo and target not in way:
        place = todo.pop(0)
        for key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"):
            page.evaluate(FOCUS_PLACE, place)
            page.keyboard.press(key)
            now = page.evaluate(FOCUSED)
            if now and now not in way:
                way[now] = (*way[place], key)
                todo.append(now)
    assert target in way and len(way[target]) <= limit, f"the arrow keys do not reach {target}"
    page.evaluate(FOCUS_PLACE, start)
    return start, way[target]


def arrow_to(page: Any, target: str, limit: int = 25) -> None:
    """The arrow keys, from the focused place of the map to ``target`` (the fewest)."""
    _start, keys = arrow_path(page, target, limit)
    for key in keys:
        page.keyboard.press(key)
    assert page.evaluate(FOCUSED) == target, f"the arrow keys do not reach {target}"


def press_synced(page: Any, key: str) -> None:
    """Press ``key`` and wait for the board's redraw."""
    before = revision(page)
    page.keyboard.press(key)
    wait_revision(page, before)
    settle(page, 300)


def tab_to(page: Any, selector: str, limit: int = 60) -> None:
    """Tab until the focus is on an element matching ``selector``."""
    for _ in range(limit):
        if page.evaluate("(s) => !!document.activeElement?.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reaches {selector}")


TEXT_FOCUSED = "(t) => (document.activeElement?.textContent || '').trim() === t"


def tab_to_text(page: Any, text: str, limit: int = 120, back: bool = False) -> None:
    """Tab (or Shift+Tab) until the focused control reads ``text``."""
    for _ in range(limit):
        if page.evaluate(TEXT_FOCUSED, text):
            return
        page.keyboard.press("Shift+Tab" if back else "Tab")
    raise AssertionError(f"Tab never reaches {text!r}")


def back_to_board(page: Any, limit: int = 120) -> None:
    """Shift+Tab from a panel beside the board back to the board's picture."""
    for _ in range(limit):
        if page.evaluate(FOCUSED):
            return
        page.keyboard.press("Shift+Tab")
    raise AssertionError("Shift+Tab does not reach the board's picture")


def map_top(page: Any) -> float:
    """The map's top on the screen (px)."""
    return page.evaluate(f"() => document.querySelector('{PICTURE} svg').getBoundingClientRect().top")


def wait_done(page: Any, n: int, timeout: float = 30_000) -> None:
    """Wait until ``n`` tasks of the lesson are ticked."""
    page.wait_for_function(f"() => document.querySelectorAll('{DONE}').length === {n}",
                           timeout=timeout)


def page_errors(page: Any, console_messages: Any) -> list[str]:
    return [m for m in console_messages(page) if m.startswith("pageerror")]


__all__ = ["FOCUSED", "FOCUS_PLACE", "NOTEBOOKS", "PICTURE", "TEXT_FOCUSED", "arrow_path",
           "arrow_to", "back_to_board", "focus_board", "map_top", "open_chapter", "page_errors",
           "press_synced", "tab_to", "tab_to_text", "wait_done"]
