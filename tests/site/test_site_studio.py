"""The lesson studio in the classroom site (issue 27): a teacher opens the studio's notebook in
the browser, builds a position by clicks, records a move, saves: the files go to the browser's
own storage (the site's file browser lists them, and a new page of the site reads them back),
and the links download them."""

from __future__ import annotations

import base64

import pytest
from chapters import cell_errors, shown_or_fail
from harness import console_messages, run_all, screenshot
from studio_flow import STUDIO, Teacher, save_as

from mp_tutor.core.registry import get_game
from mp_tutor.core.scenarios import read_scenario

STORED_JS = """async (name) => {
  const m = await window.jupyterapp.serviceManager.contents.get(name, {content: true});
  return [m.format, m.content]; }"""


def stored(page, name: str) -> str:
    """A file's text as the site's storage holds it (text, or base64 for a file type it
    does not know)."""
    fmt, content = page.evaluate(STORED_JS, name)
    return base64.b64decode(content).decode("utf-8") if fmt == "base64" else content


@pytest.mark.browser
def test_the_studio_saves_into_the_browser_and_downloads(site_browser, open_chapter,
                                                         tmp_path) -> None:
    ctx = site_browser.new_context(viewport={"width": 1400, "height": 900}, accept_downloads=True)
    try:
        chapter = open_chapter("16-lesson-studio.ipynb", context=ctx)
        page = chapter.page
        run_all(page, timeout=240)
        assert not cell_errors(chapter), cell_errors(chapter)
        shown_or_fail(chapter, f"{STUDIO} .mp-board svg", "the studio's board")
        t = Teacher(page)
        t.tool("Incas")
        t.board("coca_plantation")                    # a Blue Inca in the Coca Plantation
        t.mode("2 · Script")
        t.board("coca_plantation")                    # the first Prince placed there
        save_as(t, "in-the-site")
        screenshot(page, "site_studio_saved")
        kept = stored(page, "in-the-site.toml")
        assert "coca_plantation" in kept and "[[script]]" in kept, kept[:300]
        with page.expect_download() as got:
            page.locator(f"{STUDIO} a.mp-studio-download").first.click()
        download = got.value
        path = tmp_path / download.suggested_filename
        download.save_as(path)
        assert path.name == "in-the-site.toml" and path.read_text("utf-8") == kept
        scenario = read_scenario(get_game("princes").game, path)
        assert scenario.raw["players"]["Blue"]["incas"] == {"coca_plantation": 1}
        assert [s.action for s in scenario.script] == ["move coca_plantation"]
        errors = [m for m in console_messages(page) if m.startswith("pageerror")]
        assert not errors, errors
        assert not chapter.foreign_requests(), chapter.foreign_requests()[:10]
    finally:
        ctx.close()
