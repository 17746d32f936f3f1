"""Small defects of issue 19 that only a browser shows: clicks on places that are not targets
now, the "How many" box, the typed-move box, a confirmation whose move is refused.

The kernel side of each is tested in ``tests/widgets/``; here the browser's own behaviour is
checked (what a click on the picture sends, what a number box does with a number above its
maximum, what the inputs show).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from ui import settle

NOTEBOOK = Path(__file__).with_name("defects.ipynb")


def _wait(page, js: str, timeout: float = 20_000) -> None:
    page.wait_for_function(js, timeout=timeout)


def _error(root) -> str:
    err = root.locator(".mp-board .mp-error").first
    err.wait_for(state="visible", timeout=20_000)
    return err.inner_text()


@pytest.mark.browser
def test_small_defects_in_the_browser(open_notebook, run_all, screenshot, console_messages) -> None:
    page = open_notebook(NOTEBOOK, viewport=(1400, 1600))
    run_all(page)
    first = page.locator(".mp-tutor").nth(0)
    first.locator(".mp-board svg [data-district='coca_plantation']").first.wait_for(
        state="visible", timeout=60_000)
    panel = first.locator(".mp-decision-panel").first

    # the first placement cites the first-turn ruling, not move.adjacent
    assert "ruling.first_turn" in panel.locator(".mp-panel-header").inner_text()

    # a move typed but not played is gone once the decision changed (a click on the board)
    box = panel.locator(".mp-action-text input").first
    box.fill("move potters_quarter")
    first.locator(".mp-board svg [data-target='coca_plantation']").first.click()
    first.locator("button.mp-produce-confirm").first.wait_for(state="visible")
    _wait(page, "() => document.querySelector('.mp-tutor .mp-action-text input').value === ''")

    # a click on another district while the panel asks a question: the board says why
    spot = first.locator(".mp-board svg [data-spot='main_temple']").first
    assert spot.count() == 1 and first.locator(".mp-board svg [data-target='main_temple']").count() == 0
    spot.click()
    said = _error(first)
    assert "Coca Plantation" in said and "engine.turn" in said
    first.locator(".mp-board button.mp-dismiss").first.click()

    # "How many": 2 where Blue has one Inca stays 2, and the note says why (the engine's rule)
    count = first.locator(".mp-produce-count input").first
    count.fill("2")
    count.press("Enter")
    note = first.locator(".mp-count-note .mp-count-why").first
    note.wait_for(state="visible", timeout=20_000)
    assert "produce.limit" in note.inner_text()
    settle(page, 300)
    assert count.input_value() == "2"
    count.fill("1")
    count.press("Enter")
    _wait(page, "() => !document.querySelector('.mp-tutor .mp-count-why')")

    # a llama move the lesson refuses: its confirmation closes, the refusal says why
    llama = page.locator(".mp-tutor").nth(1)
    llama.scroll_into_view_if_needed()
    llama.locator(".mp-board svg [data-label='condor_temple'] .mp-dname").first.click()
    ask = llama.locator(".mp-board .mp-ask").first
    ask.wait_for(state="visible", timeout=20_000)
    ask.locator("button.mp-ask-act").first.click()
    assert "costs a llama" in _error(llama)
    ask.wait_for(state="hidden", timeout=20_000)
    screenshot(page, "defects")
    errors = [m for m in console_messages(page) if m.startswith("pageerror")]
    assert not errors, errors
