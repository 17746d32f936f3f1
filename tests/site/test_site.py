"""The classroom site (``bash scripts/site.sh``) in headless chromium, as a learner uses it.

Each test opens a chapter of the built site in a fresh browser (nothing cached, nothing
stored), runs all its cells, and checks what a learner would see: no error output in any
cell (a failure names the chapter, the cell and its first line), the board, and what the
chapter is for: chapter 04's first task done by clicking the board, the French priests'
chapter 01 in French, the charts of chapter 13, Coach's hint in the full game. Every request
the page (and its workers) makes goes to the site's own server on 127.0.0.1, and the page
has no uncaught error. The reset page puts a learner's changed copy back as shipped.
Screenshots go to ``test-artifacts/site_*.png``.
"""

from __future__ import annotations

from typing import Any

import pytest
from chapters import cell_errors, shown_or_fail
from harness import console_messages, lab_command, run_all, screenshot
from ui import click_synced

BOARD = ".mp-board .mp-picture svg"
HINT_READY = ".mp-board .mp-coach-hint[data-state='ready'] .mp-coach-reason"

def run_chapter(open_chapter: Any, path: str) -> Any:
    """Open a chapter in a fresh browser, Run All, then: no error output in any cell, the
    board shown. Returns the chapter."""
    chapter = open_chapter(path)
    page = chapter.page
    run_all(page, timeout=240)
    bad = cell_errors(chapter)
    assert not bad, "\n".join(bad)
    shown_or_fail(chapter, BOARD, "the board")
    page.evaluate("() => document.querySelector('.mp-board').scrollIntoView()")
    page.wait_for_timeout(300)
    return chapter


def check_clean(chapter: Any, shot: str) -> None:
    """A screenshot; only the site's own server was asked for anything; no uncaught error
    in the page."""
    screenshot(chapter.page, shot)
    assert not chapter.foreign_requests(), f"{chapter.path}: {chapter.foreign_requests()[:10]}"
    assert len(chapter.requests) > 50, chapter.requests  # the recorder saw the page load
    errors = [m for m in console_messages(chapter.page) if m.startswith("pageerror")]
    assert not errors, f"{chapter.path}: {errors}"


@pytest.mark.browser
def test_chapter_04_in_english_by_clicking_the_board(open_chapter) -> None:
    chapter = run_chapter(open_chapter, "04-production.ipynb")
    page = chapter.page
    assert page.locator(".mp-lesson-task.done").count() == 0
    click_synced(page, ".mp-board .mp-picture [data-label='coca_plantation'] .mp-dname",
                 "site chapter 04")
    page.wait_for_function("() => document.querySelectorAll('.mp-lesson-task.done').length === 1",
                           timeout=30_000)
    assert page.locator(".mp-lesson-task.done").first.inner_text().lstrip("✓✔☑ ").startswith("1.")
    check_clean(chapter, "site_04_task1")


@pytest.mark.browser
def test_priests_chapter_01_in_french(open_chapter) -> None:
    chapter = run_chapter(open_chapter, "fr/priests/01-laying.ipynb")
    side = chapter.page.locator(".mp-lesson-side").first.inner_text()
    assert "Poser les cartes" in side, side[:300]  # the chapter's French title
    assert chapter.page.locator(".mp-board select.mp-language").first.input_value() == "fr"
    check_clean(chapter, "site_fr_priests_01")


@pytest.mark.browser
def test_the_charts_of_chapter_13_show(open_chapter) -> None:
    chapter = run_chapter(open_chapter, "13-scoring.ipynb")
    page = chapter.page
    shown_or_fail(chapter, ".mp-charts .mp-chart svg", "the charts", timeout=30_000)
    charts = page.locator(".mp-charts .mp-chart svg")
    sizes = [c.bounding_box() for c in charts.all()]
    assert sizes and all(b and b["width"] > 100 and b["height"] > 50 for b in sizes), sizes
    page.locator(".mp-charts").first.scroll_into_view_if_needed()
    check_clean(chapter, "site_13_charts")


@pytest.mark.browser
def test_coach_hint_in_the_full_game(open_chapter) -> None:
    chapter = run_chapter(open_chapter, "14-full-game.ipynb")
    page = chapter.page
    hint = page.locator(".mp-board button.mp-hint").first
    assert hint.is_visible() and hint.is_enabled()
    hint.click()
    shown_or_fail(chapter, HINT_READY, "Coach's hint with its reasons")
    box = page.locator(".mp-board .mp-coach-hint").first
    assert box.locator(".mp-coach-move").first.inner_text().strip()
    reasons = box.locator(".mp-coach-reason")
    assert reasons.count() >= 1 and box.locator(".mp-coach-reason .mp-rule").count() >= 1
    page.evaluate("() => document.querySelector('.mp-board').scrollIntoView()")
    check_clean(chapter, "site_14_hint")


MARK = "# a learner's own line"
SOURCES_JS = """() => window.jupyterapp.shell.currentWidget.content.model.cells.length"""


@pytest.mark.browser
def test_the_reset_page_puts_a_changed_chapter_back(open_chapter, site_url: str,
                                                    site_browser) -> None:
    """A learner's saved copy wins over the shipped chapter until the reset page removes it."""
    ctx = site_browser.new_context(viewport={"width": 1200, "height": 800})
    try:
        chapter = open_chapter("00-start-here.ipynb", context=ctx, kernel=False)
        page = chapter.page
        shipped = page.evaluate(SOURCES_JS)
        lab_command(page, "notebook:insert-cell-below")
        lab_command(page, "docmanager:save")
        page.wait_for_timeout(500)
        page.close()
        again = open_chapter("00-start-here.ipynb", context=ctx, kernel=False).page
        assert again.evaluate(SOURCES_JS) == shipped + 1  # the learner's copy
        again.close()

        reset = ctx.new_page()
        reset.goto(f"{site_url}/reset/?lang=en")
        item = reset.locator("input.copy[value='00-start-here.ipynb']")
        item.wait_for(timeout=20_000)
        assert reset.locator("#reset").is_disabled()
        item.check()
        reset.locator("#reset").click()
        reset.locator("#status").filter(has_text="Done: 1 chapter").wait_for(timeout=20_000)
        assert reset.locator("input.copy").count() == 0
        screenshot(reset, "site_reset_done")
        reset.close()

        back = open_chapter("00-start-here.ipynb", context=ctx, kernel=False).page
        assert back.evaluate(SOURCES_JS) == shipped  # the shipped version again
    finally:
        ctx.close()
