"""The SVG charts (used where bqplot cannot be imported) in a real JupyterLab: shown under the
board as pictures with a text alternative, and following a click and an undo."""

from __future__ import annotations

from pathlib import Path

import pytest

NOTEBOOK = Path(__file__).with_name("svg_charts.ipynb")
SCOUTS = ".mp-chart-scouts svg[role='img'] .mp-chart-series"


def _scout_points(page) -> int:
    """How many values the first Scout line of the chart shows."""
    return page.evaluate(
        f"() => (document.querySelector(\"{SCOUTS}\")?.dataset.values || '').split(' ').length")


@pytest.mark.browser
def test_svg_charts_show_and_follow_the_game(open_notebook, run_all, screenshot,
                                             console_messages):
    page = open_notebook(NOTEBOOK, viewport=(1400, 1500))
    run_all(page)
    for chart in ("points", "rescue", "scouts"):
        page.locator(f".mp-chart-{chart} svg[role='img']").first.wait_for(state="attached",
                                                                          timeout=60_000)
    scouts = page.locator(".mp-chart-scouts svg[role='img']").first
    assert scouts.get_attribute("aria-label").startswith("Scouts on the Incatrail. After 3 moves")
    assert "No points yet" in page.locator(".mp-chart:has(.mp-chart-rescue) .mp-chart-legend"
                                           ).first.inner_text()
    assert page.locator(".mp-chart-points .mp-category").all_text_contents() == [  # Blue's view
        "Blue", "Yellow (cards hidden)", "Red (cards hidden)"]
    assert _scout_points(page) == 4  # the setup and the three Incas placed

    page.locator(".mp-board svg [data-district='coca_plantation']").first.click()
    page.wait_for_function(f"() => (document.querySelector(\"{SCOUTS}\")?.dataset.values || '')"
                           ".split(' ').length === 5", timeout=20_000)
    page.locator(".mp-board button.mp-undo").first.click()
    page.wait_for_function(f"() => (document.querySelector(\"{SCOUTS}\")?.dataset.values || '')"
                           ".split(' ').length === 4", timeout=20_000)

    page.locator(".mp-charts").first.scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    assert screenshot(page, "svg_charts").stat().st_size > 10_000
    errors = [m for m in console_messages(page) if m.startswith("pageerror")]
    assert not errors, errors
