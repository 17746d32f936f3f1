"""The live board in a real JupyterLab: click the SVG, decide in a panel, undo, screenshot."""

from __future__ import annotations

from pathlib import Path

import pytest

NOTEBOOK = Path(__file__).with_name("board.ipynb")

BOARD = ".mp-board"
COCA = f"{BOARD} svg [data-district='coca_plantation']"
BLUE_COCA = ".mp-sideview [data-goods='0-coca']"


def _log_total(page) -> int:
    return int(page.locator(BOARD).first.get_attribute("data-log-total") or 0)


def _blue_coca(page) -> int:
    return int(page.locator(BLUE_COCA).first.get_attribute("data-count") or -1)


def _wait(page, js: str, timeout: float = 20_000) -> None:
    page.wait_for_function(js, timeout=timeout)


def _log_text(page) -> str:
    return page.locator(".mp-logview .mp-log").first.inner_text()


@pytest.mark.browser
def test_board_click_decide_undo(open_notebook, run_all, screenshot, console_messages, lab_command):
    page = open_notebook(NOTEBOOK, viewport=(1400, 1500))
    run_all(page)

    coca = page.locator(COCA).first
    try:
        coca.wait_for(state="visible", timeout=60_000)
    except Exception:
        screenshot(page, "board_not_shown")
        outputs = page.locator(".jp-OutputArea").all_inner_texts()
        pytest.fail(f"no board: outputs={outputs!r} console={console_messages(page)!r}")
    assert "Blue" in page.locator(f"{BOARD} .mp-status").first.inner_text()
    # first turn: every district is a free target
    assert page.locator(f"{BOARD} svg .mp-district.mp-target").count() == 15
    assert page.locator(f"{BOARD} svg .mp-note").first.text_content().startswith("Map reconstructed")
    assert _blue_coca(page) == 1
    events = _log_total(page)

    # 1. click a district on the SVG: the Prince moves, takes the bonus, the log says so
    coca.click()
    _wait(page, f"() => Number(document.querySelector('{BOARD}').dataset.logTotal) > {events}")
    _wait(page, "() => !!document.querySelector(\".mp-board svg [data-label='coca_plantation'] [data-prince='0']\")")
    _wait(page, f"() => document.querySelector(\"{BLUE_COCA}\").dataset.count === '2'")
    assert "Blue moves the Prince to the Coca Plantation" in _log_text(page)
    assert "district.bonus" in _log_text(page)
    events_after_move = _log_total(page)

    # 2. the production decision through its panel (Blue: 1 Inca, produce 1)
    produce = page.locator("button.mp-produce-confirm").first
    produce.wait_for(state="visible")
    assert "Coca Plantation" in page.locator(".mp-decision-panel").first.inner_text()
    produce.click()
    _wait(page, f"() => document.querySelector(\"{BLUE_COCA}\").dataset.count === '3'")
    _wait(page, f"() => Number(document.querySelector('{BOARD}').dataset.logTotal) > {events_after_move}")
    assert "Blue pays 1 corn and produces 1 coca" in _log_text(page)
    # now it is Yellow's production (hot-seat): the panel says whose decision it is
    _wait(page, "() => (document.querySelector('.mp-decision-panel')?.textContent || '')"
                ".includes('Yellow')")

    # an illegal attempt: the engine's explanation with its rule id, nothing changes
    box = page.locator(".mp-action-text input").first
    box.fill("produce 4")
    page.locator("button.mp-action-play").first.click()
    _wait(page, f"() => !document.querySelector('{BOARD} .mp-error').hidden")
    assert "produce.limit" in page.locator(f"{BOARD} .mp-error").first.inner_text()
    assert _blue_coca(page) == 3

    # 3. undo: the production is taken back, on the board and in the log
    page.locator(f"{BOARD} button.mp-undo").first.click()
    _wait(page, f"() => document.querySelector(\"{BLUE_COCA}\").dataset.count === '2'")
    _wait(page, f"() => Number(document.querySelector('{BOARD}').dataset.logTotal) === {events_after_move}")
    assert "produces 1 coca" not in _log_text(page)
    assert page.locator(f"{BOARD} button.mp-redo").first.is_enabled()
    _wait(page, "() => !!document.querySelector('button.mp-produce-confirm')")

    # the charts (bqplot) are drawn under the board and follow the game
    for chart in ("points", "rescue", "scouts"):
        page.locator(f".mp-chart-{chart} svg").first.wait_for(state="attached")

    lab_command(page, "application:toggle-left-area")  # more room for the board
    page.wait_for_timeout(500)
    page.locator(BOARD).first.scroll_into_view_if_needed()
    shot = screenshot(page, "board")
    assert shot.stat().st_size > 10_000
    page.locator(".mp-charts").first.scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    screenshot(page, "board_charts")
    lab_command(page, "application:toggle-left-area")  # as it was, for the next tests
    errors = [m for m in console_messages(page) if m.startswith("pageerror")]
    assert not errors, errors
