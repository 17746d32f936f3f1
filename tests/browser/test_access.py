"""Keyboard, screen-reader and projector use of the board in a real JupyterLab (issue 18).

axe-core (pinned, from npm: ``axe.py``) finds no violation of any impact in the widgets of
chapters 00, 04, 14, 15, priests 01 and French 04 at 1024x768 (file browser open), 1280x720
and 1400x900. The first tasks of chapter 04 and of priests chapter 01 are done with the
keyboard alone: Tab to the board, arrow keys to the target, Enter; the focus stays on the
board after every redraw, the polite live region announces the move, a refusal goes to the
assertive one. The map's top moves at most 8 px when a banner appears. The presentation
fits 1280x720, the arrow keys work at once after pressing Present, Escape leaves.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from axe import run_axe
from keys import (
    FOCUSED,
    PICTURE,
    arrow_to,
    focus_board,
    map_top,
    open_chapter,
    press_synced,
    tab_to,
)
from ui import settle

AXE_CHAPTERS = {"00": "00-start-here.ipynb", "04": "04-production.ipynb",
                "14": "14-full-game.ipynb", "15": "15-for-teachers.ipynb",
                "priests-01": "priests/01-laying.ipynb", "fr-04": "fr/04-production.ipynb"}
VIEWPORTS = [(1024, 768), (1280, 720), (1400, 900)]


def no_violations(page: Any, where: str) -> None:
    found = run_axe(page, ".mp-tutor")
    assert not found, f"{where}: {found[:3]}"


@pytest.mark.browser
@pytest.mark.parametrize("chapter", sorted(AXE_CHAPTERS))
def test_axe_finds_nothing(chapter: str, open_notebook, run_all, lab_command, screenshot,
                           console_messages) -> None:
    page = open_chapter(open_notebook, AXE_CHAPTERS[chapter], f"axe-{chapter}.ipynb",
                        VIEWPORTS[0], run_all, lab_command)
    for width, height in VIEWPORTS:
        page.set_viewport_size({"width": width, "height": height})
        settle(page, 500)
        page.evaluate("() => document.querySelector('.mp-board').scrollIntoView()")
        no_violations(page, f"chapter {chapter} at {width}x{height}")
        if chapter in ("04", "priests-01"):
            screenshot(page, f"access_{chapter}_{width}x{height}")
    errors = [m for m in console_messages(page) if m.startswith("pageerror")]
    assert not errors, errors


@pytest.mark.browser
def test_chapter_04_with_the_keyboard_only(open_notebook, run_all, lab_command, screenshot,
                                           console_messages) -> None:
    page = open_chapter(open_notebook, AXE_CHAPTERS["04"], "keys-04.ipynb", VIEWPORTS[0], run_all,
                        lab_command)
    focus_board(page)
    cells = page.locator(".jp-Notebook .jp-Cell").count()
    # the board's keys are the board's: JupyterLab's shortcuts (d d deletes a cell, b adds one,
    # l numbers the lines) do not act on the notebook while the focus is on the board
    for key in ("d", "d", "d", "d", "l", "l"):
        page.keyboard.press(key)
    settle(page, 300)
    assert page.locator(".jp-Notebook .jp-Cell").count() == cells, "a notebook shortcut acted"
    assert page.evaluate(FOCUSED), "the board's keys moved the focus away"
    assert page.evaluate("() => { const r = document.activeElement.getBoundingClientRect(); "
                         "return r.bottom > 0 && r.top < innerHeight; }"), "the focus is out of sight"
    top = map_top(page)
    # a refusal (nothing to redo) is a banner: the map holds still, the alert says why
    page.keyboard.press("r")
    page.locator(".mp-board .mp-error").first.wait_for(state="visible")
    assert abs(map_top(page) - top) <= 8
    page.wait_for_function("() => document.querySelector('.mp-board .mp-alarm').textContent.includes('redo')")
    page.keyboard.press("Escape")
    page.locator(".mp-board .mp-error").first.wait_for(state="hidden")
    assert page.evaluate(FOCUSED)
    # a move that costs a llama asks first: the question is a banner too
    arrow_to(page, "temple_of_the_sun")
    top = map_top(page)  # the map scrolls to show the place the focus is on: from there
    page.keyboard.press("Enter")
    page.locator(".mp-board .mp-ask").first.wait_for(state="visible")
    assert abs(map_top(page) - top) <= 8
    screenshot(page, "access_04_ask")
    page.keyboard.press("Escape")
    page.locator(".mp-board .mp-ask").first.wait_for(state="hidden")
    assert page.evaluate(FOCUSED) == "temple_of_the_sun"
    # the first task: the Prince to the Coca Plantation, with the arrow keys and Enter
    arrow_to(page, "coca_plantation")
    press_synced(page, "Enter")
    page.wait_for_function("() => document.querySelectorAll('.mp-lesson-task.done').length === 1")
    assert page.evaluate(FOCUSED), "the focus left the board after the redraw"
    # the move and the task it did, said as one announcement a moment after the redraw
    page.wait_for_function("() => document.querySelector('.mp-board .mp-say').textContent.includes('Task 1 done')")
    said = page.locator(".mp-board .mp-say").first.text_content()
    assert "Coca Plantation" in said, said
    # the reading keys: the pending decision and the goods
    page.keyboard.press("p")
    assert "how many" in page.locator(".mp-board .mp-say").first.text_content()
    page.keyboard.press("g")
    assert "coca" in page.locator(".mp-board .mp-say").first.text_content()
    # "?" lists the keys; Escape closes the list
    page.keyboard.press("?")
    keys = page.locator(".mp-board .mp-keys").first
    keys.wait_for(state="visible")
    assert "undo" in keys.inner_text()
    page.keyboard.press("Escape")
    keys.wait_for(state="hidden")
    # the second task: the decision panel's Produce button, reached with Tab
    tab_to(page, ".mp-decision-panel button.mp-produce-confirm")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelectorAll('.mp-lesson-task.done').length === 2")
    errors = [m for m in console_messages(page) if m.startswith("pageerror")]
    assert not errors, errors


@pytest.mark.browser
def test_priests_01_with_the_keyboard_only(open_notebook, run_all, lab_command,
                                           console_messages) -> None:
    page = open_chapter(open_notebook, AXE_CHAPTERS["priests-01"], "keys-priests-01.ipynb",
                        VIEWPORTS[2], run_all, lab_command)
    focus_board(page)
    arrow_to(page, "card-44")
    press_synced(page, "Enter")
    assert page.evaluate(FOCUSED) == "card-44", "the focus left the picked card"
    arrow_to(page, "stair-north")
    press_synced(page, "Enter")
    page.wait_for_function("() => document.querySelectorAll('.mp-lesson-task.done').length === 1")
    assert page.evaluate(FOCUSED), "the focus left the board after the redraw"
    page.wait_for_function("() => document.querySelector('.mp-board .mp-say').textContent.includes('Task 1 done')")
    assert "North" in page.locator(".mp-board .mp-say").first.text_content()
    page.keyboard.press("d")
    described = page.locator(".mp-board .mp-described").first
    described.wait_for(state="visible")
    assert "North stair" in described.inner_text()
    errors = [m for m in console_messages(page) if m.startswith("pageerror")]
    assert not errors, errors


@pytest.mark.browser
def test_presentation_fits_1280x720_with_the_arrow_keys(open_notebook, run_all, screenshot,
                                                         console_messages) -> None:
    page = open_notebook(Path(__file__).with_name("present.ipynb"), name="access-present.ipynb",
                         viewport=(1280, 720))
    run_all(page)
    page.locator(f"{PICTURE} svg").first.wait_for(state="visible")
    page.locator(".mp-board button.mp-present-button").first.click()
    page.keyboard.press("ArrowRight")  # at once: no click on the board first
    page.wait_for_function("() => document.querySelector('.mp-present-count')?.textContent.includes('1 of 3')")
    settle(page, 400)
    screenshot(page, "access_present_1280x720")
    box = page.evaluate(f"""() => {{
        const b = document.querySelector('.mp-board').getBoundingClientRect();
        const s = document.querySelector('{PICTURE} svg').getBoundingClientRect();
        const names = Array.from(document.querySelectorAll('{PICTURE} .mp-dname')).map(t =>
            parseFloat(getComputedStyle(t).fontSize) * t.ownerSVGElement.getScreenCTM().a);
        return {{board: [b.left, b.top, b.right, b.bottom], svg: [s.left, s.top, s.right, s.bottom],
                 smallest: Math.min(...names), lab: !!document.querySelector('#jp-top-panel') &&
                 document.elementFromPoint(20, 20)?.closest('.mp-board') !== null}}; }}""")
    assert box["board"] == [0, 0, 1280, 720], box
    assert box["svg"][0] >= 0 and box["svg"][1] >= 0 and box["svg"][2] <= 1280.5 and box["svg"][3] <= 720.5, box
    assert box["smallest"] >= 18, box
    assert box["lab"], "the notebook shows through the presentation"
    # the focus taken back by JupyterLab's notebook (as its click handling may do): the arrow
    # keys still step the presentation, and the notebook's own shortcuts do not act under it
    cells = page.locator(".jp-Notebook .jp-Cell").count()
    page.evaluate("() => document.querySelector('.jp-Notebook').focus()")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('.mp-present-count')?.textContent.includes('2 of 3')")
    page.keyboard.press("b")  # JupyterLab: insert a cell below, in command mode
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('.mp-present-count')?.textContent.includes('3 of 3')")
    assert page.locator(".jp-Notebook .jp-Cell").count() == cells, "a notebook shortcut acted"
    settle(page, 300)
    assert page.locator(f"{PICTURE} [data-target]").count() == 0  # the position only
    assert page.locator(f"{PICTURE} .mp-tag").count() == 0
    screenshot(page, "access_present_last")
    page.keyboard.press("Escape")
    page.locator(".mp-board .mp-present").first.wait_for(state="hidden")
    errors = [m for m in console_messages(page) if m.startswith("pageerror")]
    assert not errors, errors
