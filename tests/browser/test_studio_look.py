"""(exploration) The studio in JupyterLab: screenshots."""
from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

@pytest.mark.browser
def test_look(open_notebook, run_all, screenshot, console_messages):
    page = open_notebook(ROOT / "notebooks" / "16-lesson-studio.ipynb", viewport=(1400, 900))
    run_all(page)
    page.locator(".mp-studio .mp-board svg").first.wait_for(state="visible", timeout=90_000)
    page.locator(".mp-studio").first.scroll_into_view_if_needed()
    page.wait_for_timeout(1500)
    screenshot(page, "studio-1400")
    page.set_viewport_size({"width": 1024, "height": 768})
    page.wait_for_timeout(1500)
    screenshot(page, "studio-1024")
    print(console_messages(page))
