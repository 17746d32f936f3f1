"""The installed tutor as a course (issue 29, points 3 and 4), in a real JupyterLab with the
tutor's own extension and progress store, as ``scripts/tutor.sh`` starts it.

A learner lands on the course page (``course.ipynb``, ``fr/course.ipynb``), which runs by
itself; its link opens chapter 04, which runs by itself too (no Run All) with its board in
view; a task played by clicking is ticked on the course page when the learner comes back to
it; the chapter closed and its kernel stopped, then opened again from the course page with the
keyboard (a new kernel), shows its board and the task ticked, without Run All; the chapter
done, the course page ticks it and goes on with chapter 05; *Start afresh* on the course page
brings the chapter back to its start. In English at 1024x768 and in French at 1400x900;
screenshots of the course page at both sizes go to ``test-artifacts/installed_course_*.png``.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from axe import run_axe
from harness import console_messages, screenshot, wait_for_autorun
from test_chapters import district, done_count, wait_done

from mp_tutor.core.lessons.course import course_page

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
CURRENT = ".jp-NotebookPanel:not(.lm-mod-hidden)"
BOARD = f"{CURRENT} .mp-board .mp-picture svg"
#: the course page's words this test reads, in each language (the catalogs' translations)
WORDS = {"en": {"start": "Start with chapter 00", "go_on": "Go on with chapter", "done": "done",
                "tasks": "1 of 3 tasks done", "back": "Welcome back", "afresh": "starts afresh"},
         "fr": {"start": "Commencer par le chapitre 00", "go_on": "Continuer avec le chapitre",
                "done": "fait", "tasks": "1 tâche(s) faite(s) sur 3", "back": "Bon retour",
                "afresh": "repartira de zéro"}}
OTHER_SIZE = {(1024, 768): (1400, 900), (1400, 900): (1024, 768)}
#: a notebook's kernel (its id), the panels open and the kernels running
STATE_JS = """(path) => {
  const app = window.jupyterapp;
  const w = Array.from(app.shell.widgets('main')).find(w => w.context && w.context.path === path);
  const s = w && w.sessionContext && w.sessionContext.session;
  return {kernel: s && s.kernel ? s.kernel.id : null,
          kernels: Array.from(app.serviceManager.kernels.running()).length,
          current: app.shell.currentWidget && app.shell.currentWidget.context
            ? app.shell.currentWidget.context.path : null};
}"""
#: close a notebook as a learner who is done with it: saved, its kernel stopped, its tab closed
CLOSE_JS = """async (path) => {
  const app = window.jupyterapp;
  const w = Array.from(app.shell.widgets('main')).find(w => w.context && w.context.path === path);
  await w.context.save();
  await w.sessionContext.shutdown();
  w.dispose();
}"""
#: the texts of the current notebook's outputs that say a widget is missing
MISSING_JS = f"""() => Array.from(document.querySelectorAll('{CURRENT} .jp-OutputArea-output'))
  .map(e => e.textContent.trim()).filter(t => /Loading widget|Error displaying widget|Model not found/.test(t))"""


def page_errors(page: Any) -> list[str]:
    return [m for m in console_messages(page) if m.startswith("pageerror")]


def chapter_row(lang: str, chapter: str = "04") -> str:
    return f".mp-course li[data-key='princes/{lang}/{chapter}']"


def wait_row(page: Any, lang: str, state: str) -> None:
    """Wait until the course page shows chapter 04 in ``state`` (done, started, todo): it reads
    the learner's store again when it changes."""
    page.wait_for_function(
        "([sel, state]) => { const li = document.querySelector(sel);"
        " return li && li.classList.contains(state); }",
        arg=[chapter_row(lang), state], timeout=30_000)


def show_page(page: Any, path: str) -> None:
    """Bring an open notebook to the front (its tab)."""
    page.evaluate("(path) => { window.jupyterapp.commands.execute('docmanager:open', {path}); }",
                  path)
    page.wait_for_function("(path) => window.jupyterapp.shell.currentWidget?.context?.path === path",
                           arg=path, timeout=30_000)


def opened(page: Any, path: str) -> None:
    """Wait until ``path`` is the current notebook, has run by itself and shows its board."""
    page.wait_for_function("(path) => window.jupyterapp.shell.currentWidget?.context?.path === path",
                           arg=path, timeout=60_000)
    wait_for_autorun(page, path, timeout=240)
    page.locator(BOARD).first.wait_for(state="visible", timeout=60_000)


def show_me(page: Any, times: int) -> None:
    """Press the lesson's *Show me* ``times`` times, each time until a task is ticked."""
    for _ in range(times):
        before = done_count(page)
        page.locator(f"{CURRENT} button.mp-lesson-show").first.click()
        wait_done(page, before + 1, timeout=60_000)


def shots(page: Any, name: str, size: tuple[int, int]) -> None:
    """The course page at the test's size and at the other one."""
    screenshot(page, f"{name}_{size[0]}x{size[1]}")
    other = OTHER_SIZE[size]
    page.set_viewport_size({"width": other[0], "height": other[1]})
    page.wait_for_timeout(400)
    screenshot(page, f"{name}_{other[0]}x{other[1]}")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.wait_for_timeout(400)


@pytest.mark.browser
@pytest.mark.parametrize(("lang", "size"), [("en", (1024, 768)), ("fr", (1400, 900))])
def test_the_course_page_a_chapter_reopened_and_started_afresh(
        lang: str, size: tuple[int, int], open_notebook, jupyter_server) -> None:
    words = WORDS[lang]
    folder = "" if lang == "en" else f"{lang}/"
    chapter = f"{folder}04-production.ipynb"
    dest = jupyter_server.root_dir / chapter
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(NOTEBOOKS / chapter, dest)  # the learner's copies, as tutor.sh makes them
    course = course_page(lang)

    # the learner lands on the course page, which has run by itself: nothing done yet
    page = open_notebook(NOTEBOOKS / course, name=course, viewport=size)
    page.locator(chapter_row(lang)).wait_for(timeout=60_000)
    assert page.evaluate("() => window.jupyterapp.shell.leftCollapsed")
    assert page.locator(".mp-course li.done, .mp-course li.started").count() == 0
    assert words["start"] in page.locator(".mp-course a.go-on").first.inner_text()
    assert page.locator(".mp-course").first.get_attribute("lang") == lang
    screenshot(page, f"installed_course_{lang}_new_{size[0]}x{size[1]}")
    violations = run_axe(page, ".mp-course")
    assert not violations, violations

    # its link opens chapter 04 here, which runs by itself, its board in view
    page.locator(f"{chapter_row(lang)} a").click()
    opened(page, chapter)
    box = page.locator(BOARD).first.bounding_box()
    assert box and 0 <= box["y"] < 300 and box["y"] + box["height"] <= size[1], box
    page.locator(district("coca_plantation")).first.click()
    wait_done(page, 1)
    first_kernel = page.evaluate(STATE_JS, chapter)["kernel"]
    assert first_kernel

    # back on the course page: the chapter is started, 1 task of 3
    show_page(page, course)
    wait_row(page, lang, "started")
    assert words["tasks"] in page.locator(chapter_row(lang)).inner_text()
    assert "04" in page.locator(".mp-course a.go-on").first.inner_text()

    # the chapter closed (its kernel stopped), then opened again with the keyboard
    page.evaluate(CLOSE_JS, chapter)
    page.wait_for_function("() => Array.from(window.jupyterapp.serviceManager.kernels.running())"
                           ".length === 1", timeout=30_000)  # the course page's
    go_on = page.locator(".mp-course a.go-on").first
    assert words["go_on"] in go_on.inner_text() and go_on.get_attribute("data-mp-open") == chapter
    go_on.focus()
    page.keyboard.press("Enter")
    opened(page, chapter)
    state = page.evaluate(STATE_JS, chapter)
    assert state["kernel"] and state["kernel"] != first_kernel, state  # a new kernel
    assert done_count(page) == 1  # the task is ticked, without Run All
    assert words["back"] in page.locator(f"{CURRENT} .mp-lesson-feedback").first.inner_text()
    assert not page.evaluate(MISSING_JS), page.evaluate(MISSING_JS)
    screenshot(page, f"installed_course_{lang}_04_reopened_{size[0]}x{size[1]}")

    # the chapter done: the course page ticks it and goes on with 05
    show_me(page, 2)
    saved = json.loads(jupyter_server.progress_path.read_text("utf-8"))
    assert saved["chapters"][f"princes/{lang}/04"]["complete"] is True
    show_page(page, course)
    wait_row(page, lang, "done")
    row = page.locator(chapter_row(lang))
    assert row.locator(".mark").inner_text() == "✔" and words["done"] in row.inner_text()
    go_on = page.locator(".mp-course a.go-on").first
    assert "05" in go_on.inner_text()
    assert go_on.get_attribute("data-mp-open") == f"{folder}05-temples.ipynb"
    row.scroll_into_view_if_needed()
    shots(page, f"installed_course_{lang}_04_done", size)

    # Start afresh (the chapter's tab closed first, as the page asks): back to its start
    page.evaluate(CLOSE_JS, chapter)
    page.once("dialog", lambda dialog: dialog.accept())
    row.locator("button.afresh").click()
    wait_row(page, lang, "todo")
    assert words["afresh"] in page.locator(".mp-course .status").inner_text()
    assert "04" in page.locator(".mp-course a.go-on").first.inner_text()
    assert f"princes/{lang}/04" not in json.loads(
        jupyter_server.progress_path.read_text("utf-8"))["chapters"]
    shots(page, f"installed_course_{lang}_afresh", size)
    page.locator(f"{chapter_row(lang)} a").click()
    opened(page, chapter)
    assert done_count(page) == 0
    assert words["back"] not in page.locator(f"{CURRENT} .mp-lesson-feedback").first.inner_text()
    assert not page_errors(page), page_errors(page)
