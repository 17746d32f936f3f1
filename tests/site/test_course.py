"""The classroom site as a course (issue 29), in headless chromium: chapters of the same name
in two languages each get their kernel, following "Next" links leaves one chapter and one
kernel running, a chapter done, closed and opened again shows its progress (and the course
page ticks it), a chapter opens and runs with its board in view at 1024x768, and a French
chapter shows JupyterLab in French. Screenshots go to ``test-artifacts/site_course_*.png``.
"""

from __future__ import annotations

from typing import Any

import pytest
from harness import console_messages, run_all, screenshot, wait_for_autorun

BOARD = ".mp-board .mp-picture svg"
CURRENT = ".jp-NotebookPanel:not(.lm-mod-hidden)"
#: the current notebook: its path, its session's path, its kernel's id and status
CURRENT_JS = """() => {
  const w = window.jupyterapp.shell.currentWidget;
  const s = w && w.sessionContext && w.sessionContext.session;
  return {path: w && w.context ? w.context.path : null, session: s ? s.path : null,
          kernel: s && s.kernel ? s.kernel.id : null, status: s && s.kernel ? s.kernel.status : null};
}"""
RUNNING_JS = """() => {
  const m = window.jupyterapp.serviceManager;
  return {sessions: Array.from(m.sessions.running()).map(s => s.path),
          kernels: Array.from(m.kernels.running()).length,
          panels: Array.from(window.jupyterapp.shell.widgets('main'))
            .filter(w => w.context).map(w => w.context.path)};
}"""
#: the learner's progress file as the kernel wrote it into the browser's storage
PROGRESS_JS = """async () => {
  try {
    const m = await window.jupyterapp.serviceManager.contents.get('.mp-tutor/progress.json',
                                                                  {content: true});
    const text = m.format === 'base64'
      ? new TextDecoder().decode(Uint8Array.from(atob(m.content), c => c.charCodeAt(0)))
      : (typeof m.content === 'string' ? m.content : JSON.stringify(m.content));
    return JSON.parse(text);
  } catch (e) { return null; }
}"""


def page_errors(page: Any) -> list[str]:
    return [m for m in console_messages(page) if m.startswith("pageerror")]


def board_of(page: Any) -> Any:
    board = page.locator(f"{CURRENT} {BOARD}").first
    board.wait_for(state="visible", timeout=60_000)
    return board


def open_in_app(page: Any, path: str) -> None:
    """Open another notebook in the same JupyterLab (as a link or the file browser does)."""
    page.evaluate("(path) => { window.jupyterapp.commands.execute('docmanager:open', {path}); }",
                  path)
    wait_for_autorun(page, path)


def show_me(page: Any, times: int) -> None:
    """Press the lesson's *Show me* ``times`` times, each time until a task is ticked."""
    tasks = page.locator(f"{CURRENT} .mp-lesson-task.done")
    for _ in range(times):
        done = tasks.count()
        page.locator(f"{CURRENT} button.mp-lesson-show").first.click()
        page.wait_for_function(
            f"(n) => document.querySelectorAll('{CURRENT} .mp-lesson-task.done').length > n",
            arg=done, timeout=60_000)


@pytest.mark.browser
def test_same_named_chapters_in_two_languages_each_get_a_kernel_and_a_board(open_chapter) -> None:
    """04-production.ipynb then fr/04-production.ipynb in one JupyterLab: JupyterLite 0.8.6
    gave the second the first one's session (found by file name) and it stayed
    "Initializing"; the site's session manager finds sessions by path."""
    chapter = open_chapter("04-production.ipynb", viewport=(1024, 768))
    page = chapter.page
    board_of(page)
    english = page.evaluate(CURRENT_JS)
    assert english["session"] == "04-production.ipynb" and english["kernel"], english
    open_in_app(page, "fr/04-production.ipynb")
    board_of(page)
    french = page.evaluate(CURRENT_JS)
    assert french["path"] == french["session"] == "fr/04-production.ipynb", french
    assert french["kernel"] and french["kernel"] != english["kernel"]
    assert french["status"] == "idle"
    assert "Les quartiers de Production" in page.locator(f"{CURRENT} .mp-lesson-side").first.inner_text()
    screenshot(page, "site_course_fr04_after_en04")
    assert not page_errors(page), page_errors(page)


@pytest.mark.browser
def test_following_three_next_links_leaves_one_chapter_and_one_kernel(open_chapter) -> None:
    chapter = open_chapter("00-start-here.ipynb", viewport=(1024, 768))
    page = chapter.page
    for name in ("01-overview.ipynb", "02-setting-up.ipynb", "03-moving.ipynb"):
        link = page.locator(f"{CURRENT} .jp-RenderedMarkdown a[href$='{name}']").last
        link.scroll_into_view_if_needed()
        link.click()
        wait_for_autorun(page, name)
    board_of(page)
    page.wait_for_function(f"() => ({RUNNING_JS})().kernels === 1", timeout=60_000)
    running = page.evaluate(RUNNING_JS)
    assert running == {"sessions": ["03-moving.ipynb"], "kernels": 1,
                       "panels": ["03-moving.ipynb"]}, running
    screenshot(page, "site_course_after_three_next_links")
    assert not page_errors(page), page_errors(page)


@pytest.mark.browser
def test_a_chapter_done_closed_and_reopened_shows_its_progress_and_board(
        open_chapter, site_url: str, site_browser) -> None:
    ctx = site_browser.new_context(viewport={"width": 1024, "height": 768})
    try:
        page = open_chapter("04-production.ipynb", context=ctx).page
        board_of(page)
        show_me(page, 3)
        page.wait_for_function(f"async () => {{ const p = await ({PROGRESS_JS})(); return p && "
                               "p.chapters['princes/en/04'] && "
                               "p.chapters['princes/en/04'].complete; }", timeout=30_000)
        page.wait_for_timeout(1500)  # the browser's storage has the file
        page.close()

        course = ctx.new_page()
        course.goto(f"{site_url}/")  # the site's address opens the course
        item = course.locator("li[data-key='princes/en/04']")
        item.wait_for(timeout=30_000)
        course.wait_for_function("() => document.querySelector(\"li[data-key='princes/en/04']\")"
                                 ".classList.contains('done')", timeout=30_000)
        go_on = course.locator("a.go-on").first
        assert "05" in go_on.inner_text() and go_on.get_attribute("href").endswith(
            "05-temples.ipynb")
        screenshot(course, "site_course_page_04_done")
        course.close()

        again = open_chapter("04-production.ipynb", context=ctx).page
        board_of(again)
        assert again.locator(f"{CURRENT} .mp-lesson-task.done").count() == 3
        assert "Welcome back" in again.locator(f"{CURRENT} .mp-lesson-feedback").first.inner_text()
        screenshot(again, "site_course_04_reopened")
        assert not page_errors(again), page_errors(again)
        again.close()

        # Start afresh on the course page: the chapter opens at its start
        course = ctx.new_page()
        course.goto(f"{site_url}/course/?lang=en")
        course.on("dialog", lambda dialog: dialog.accept())
        course.locator("li[data-key='princes/en/04'] button.afresh").click()
        course.wait_for_function("() => !document.querySelector(\"li[data-key='princes/en/04']\")"
                                 ".classList.contains('done')", timeout=30_000)
        assert "04" in course.locator("a.go-on").first.inner_text()
        course.close()
        fresh = open_chapter("04-production.ipynb", context=ctx).page
        board_of(fresh)
        assert fresh.locator(f"{CURRENT} .mp-lesson-task.done").count() == 0
        assert not page_errors(fresh), page_errors(fresh)
    finally:
        ctx.close()


@pytest.mark.browser
def test_after_run_all_the_board_is_in_view_at_1024x768(open_chapter) -> None:
    chapter = open_chapter("04-production.ipynb", viewport=(1024, 768))
    page = chapter.page
    assert page.evaluate("() => window.jupyterapp.shell.leftCollapsed")  # room for the board
    run_all(page, timeout=240)
    board = board_of(page)
    page.wait_for_timeout(500)
    box = board.bounding_box()
    assert box and 0 <= box["y"] < 300 and box["y"] + box["height"] <= 768, box
    task = page.locator(f"{CURRENT} .mp-lesson-task").first.bounding_box()
    assert task and 0 <= task["y"] < 768 and task["x"] + task["width"] <= 1024, task
    screenshot(page, "site_course_04_run_all_1024")


@pytest.mark.browser
@pytest.mark.parametrize(("path", "menu"), [("fr/04-production.ipynb", "Fichier"),
                                            ("nl/priests/01-laying.ipynb", "Bestand")])
def test_a_chapter_shows_jupyterlab_in_its_language(open_chapter, path: str, menu: str) -> None:
    page = open_chapter(path).page
    assert page.locator(".lm-MenuBar-itemLabel").first.inner_text() == menu
    screenshot(page, f"site_course_menu_{menu.lower()}")
    assert not page_errors(page), page_errors(page)
