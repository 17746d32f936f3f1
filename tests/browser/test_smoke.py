"""Proves the browser harness: a real JupyterLab, a real kernel, a real click."""

from pathlib import Path

import pytest

SMOKE = Path(__file__).with_name("smoke.ipynb")


@pytest.mark.browser
def test_button_click_changes_label(open_notebook, run_all, screenshot, console_messages):
    page = open_notebook(SMOKE)
    run_all(page)

    label = page.locator(".smoke-label").first
    button = page.locator("button.smoke-button").first
    label.wait_for(state="visible")
    assert "not clicked" in label.inner_text()

    button.click()
    page.wait_for_function(
        "() => document.querySelector('.smoke-label')?.textContent.includes('clicked!')"
        " && !document.querySelector('.smoke-label').textContent.includes('not')",
        timeout=20_000,
    )
    assert label.inner_text().strip() == "clicked!"

    shot = screenshot(page, "smoke_after_click")
    assert shot.stat().st_size > 0
    errors = [m for m in console_messages(page) if m.startswith("pageerror")]
    assert not errors, errors
