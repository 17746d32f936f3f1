"""Presentation mode for a projector: one button, large type, the script's narration, arrows."""

from __future__ import annotations

from pathlib import Path

import pytest
from ui import settle, text_sizes

NOTEBOOK = Path(__file__).with_name("present.ipynb")


def counter(page) -> str:
    return page.locator(".mp-board .mp-present-count").first.inner_text()


@pytest.mark.browser
def test_present_a_scenario_with_the_arrow_keys(open_notebook, run_all, screenshot,
                                                console_messages) -> None:
    page = open_notebook(NOTEBOOK, viewport=(1400, 900))
    run_all(page)
    page.locator(".mp-board .mp-picture svg").first.wait_for(state="visible")
    normal = max(px for _, _, px in text_sizes(page)["names"])
    page.locator(".mp-board button.mp-present-button").first.click()
    page.locator(".mp-board .mp-present").first.wait_for(state="visible")
    assert "step 0 of 3" in counter(page)
    assert "Virgin" in page.locator(".mp-board .mp-present-text").first.inner_text()
    settle(page, 400)
    # full width (the side column is hidden) and large type
    assert page.locator(".mp-decision-panel").first.is_hidden()
    width = page.evaluate("() => document.querySelector('.mp-board').getBoundingClientRect().width")
    assert width > 800
    assert max(px for _, _, px in text_sizes(page)["names"]) > normal
    assert float(page.evaluate("() => parseFloat(getComputedStyle("
                               "document.querySelector('.mp-present-text')).fontSize)")) >= 20
    page.locator(".mp-board").first.focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('.mp-present-count').textContent.includes('1 of 3')")
    assert "temple stones" in page.locator(".mp-board .mp-present-text").first.inner_text()
    screenshot(page, "present_step1")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('.mp-present-count').textContent.includes('2 of 3')")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("() => document.querySelector('.mp-present-count').textContent.includes('1 of 3')")
    page.locator(".mp-board button.mp-exit").first.click()
    page.locator(".mp-board .mp-present").first.wait_for(state="hidden")
    assert page.locator(".mp-decision-panel").first.is_visible()
    errors = [m for m in console_messages(page) if m.startswith("pageerror")]
    assert not errors, errors
