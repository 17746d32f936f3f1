"""The lesson studio in a real JupyterLab, by clicks: a teacher rebuilds the rulebook's
production example from a new game, records its moves with sentences and saves it (the
file passes the shipped scenario's checks); turns step 1 into a task, saves the lesson, and a
learner plays it: a wrong move gets the teacher's sentence and the engine's reason, the right
one is ticked."""

from __future__ import annotations

from pathlib import Path

import pytest
from axe import run_axe
from keys import FOCUSED, arrow_to, focus_board, tab_to
from studio_flow import (
    BOARD,
    SENTENCES,
    STUDIO,
    Teacher,
    build_production_example,
    record_production,
    revision,
    save_as,
    wait_revision,
)

from mp_tutor.core.registry import get_game
from mp_tutor.core.scenarios import read_scenario, run_checks

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "16-lesson-studio.ipynb"


def _open_studio(open_notebook, run_all, viewport=(1400, 900)):
    page = open_notebook(NOTEBOOK, viewport=viewport)
    run_all(page)
    page.locator(f"{BOARD} svg").first.wait_for(state="visible", timeout=90_000)
    return page


@pytest.mark.browser
def test_a_teacher_builds_records_saves_and_a_learner_plays(open_notebook, run_all, screenshot,
                                                           jupyter_server, console_messages):
    page = _open_studio(open_notebook, run_all)
    t = Teacher(page)
    build_production_example(t)
    built = t.clicks, t.seconds()
    screenshot(page, "studio-built")
    assert "Not possible" not in t.message()
    record_production(t)
    save_as(t, "my-production")
    screenshot(page, "studio-saved")
    folder = Path(jupyter_server.root_dir)
    saved = folder / "my-production.toml"
    assert saved.is_file(), list(folder.iterdir())
    info = get_game("princes")
    mine = read_scenario(info.game, saved)
    assert [s.action for s in mine.script] == ["move coca_plantation", "produce 1", "produce 1",
                                               "produce 2"]
    assert [s.say for s in mine.script] == list(SENTENCES)
    assert run_checks(mine) == []  # its own checks, written from the engine
    mine.checks = info.read_scenario("coca-plantation-production").checks
    assert run_checks(mine) == []  # and the rulebook example's
    print(f"\nrebuilt the production example in {built[0]} clicks, {built[1]:.1f} s")
    assert built[0] < 40

    # step 1 becomes a task with a hint and a sentence for wrong moves
    t.mode("3 · Lesson")
    t.choose(f"{STUDIO} .mp-studio-task-step", index=0, board_changes=False)
    t.type(f"{STUDIO} .mp-studio-task-instruction", "Send Blue's Prince to the Coca Plantation.")
    t.type(f"{STUDIO} .mp-studio-task-hint", "It borders the Central Plaza.")
    t.type(f"{STUDIO} .mp-studio-task-wrong", "Think of the bonus lying there.")
    t.click(f"{STUDIO} .mp-studio-make-task")
    save_as(t, "my-production")
    lesson = folder / "my-production.lesson.toml"
    assert lesson.is_file() and (folder / "my-production.ipynb").is_file()

    # the learner: the lesson's own notebook, as a learner opens it
    learner = open_notebook(folder / "my-production.ipynb", name="learner.ipynb")
    run_all(learner)
    learner.locator(".mp-lesson .mp-board svg").first.wait_for(state="visible", timeout=90_000)
    learner.locator(".mp-board svg [data-target='house_of_priests']").first.click(force=True)
    learner.wait_for_function("() => (document.querySelector('.mp-lesson-feedback')?.textContent"
                              " || '').includes('Think of the bonus')", timeout=30_000)
    feedback = learner.locator(".mp-lesson-feedback").first.inner_text()
    assert "Think of the bonus lying there." in feedback
    assert "not this task" in feedback or "Not allowed" in feedback
    learner.locator(".mp-board svg [data-target='coca_plantation']").first.click(force=True)
    learner.wait_for_function("() => !!document.querySelector('.mp-lesson-task.done')",
                              timeout=30_000)
    screenshot(learner, "studio-learner")
    errors = [m for m in console_messages(page) + console_messages(learner)
              if m.startswith("pageerror")]
    assert not errors, errors


TEXT_FOCUSED = "(t) => (document.activeElement?.textContent || '').trim() === t"


def _tab_to_text(page, text: str, limit: int = 120, back: bool = False) -> None:
    """Tab (or Shift+Tab) until the focused control reads ``text``."""
    for _ in range(limit):
        if page.evaluate(TEXT_FOCUSED, text):
            return
        page.keyboard.press("Shift+Tab" if back else "Tab")
    raise AssertionError(f"Tab never reaches {text!r}")


def _back_to_board(page) -> None:
    """Shift+Tab from the studio's panel back to the board's picture."""
    for _ in range(120):
        if page.evaluate(FOCUSED):
            return
        page.keyboard.press("Shift+Tab")
    raise AssertionError("Shift+Tab does not reach the board's picture")


def _press(page, key: str) -> None:
    before = revision(page)
    page.keyboard.press(key)
    wait_revision(page, before)
    page.wait_for_timeout(300)


@pytest.mark.browser
def test_the_studio_by_the_keyboard_alone(open_notebook, run_all, screenshot, jupyter_server):
    page = _open_studio(open_notebook, run_all, viewport=(1280, 720))
    focus_board(page)
    _tab_to_text(page, "Incas")          # the tool: a click on the board adds an Inca
    _press(page, "Enter")
    _back_to_board(page)
    arrow_to(page, "corn_terraces")
    _press(page, "Enter")                # Blue's Inca in the Corn Terraces
    _tab_to_text(page, "2 · Script")
    _press(page, "Enter")
    _back_to_board(page)
    arrow_to(page, "corn_terraces")
    _press(page, "Enter")                # the first move: the Prince placed there
    tab_to(page, ".mp-studio-say-text textarea")
    page.keyboard.type("The first Prince comes to the terraces.")
    page.keyboard.press("Tab")
    page.wait_for_timeout(300)
    _tab_to_text(page, "4 · Save", back=True)
    page.keyboard.press("Enter")
    tab_to(page, ".mp-studio-name input")
    page.keyboard.type("by-keys")
    _tab_to_text(page, "Save")
    page.keyboard.press("Enter")
    try:
        page.wait_for_function("() => (document.querySelector('.mp-studio-result')?.textContent"
                               " || '').includes('by-keys')", timeout=30_000)
    finally:
        screenshot(page, "studio-keys")
    saved = read_scenario(get_game("princes").game, Path(jupyter_server.root_dir) / "by-keys.toml")
    assert saved.raw["players"]["Blue"]["incas"] == {"corn_terraces": 1}
    assert [(s.action, s.say) for s in saved.script] == [
        ("move corn_terraces", "The first Prince comes to the terraces.")]


@pytest.mark.browser
@pytest.mark.parametrize("viewport", [(1024, 768), (1400, 900)])
def test_axe_finds_nothing_in_the_studio(viewport, open_notebook, run_all, screenshot):
    page = _open_studio(open_notebook, run_all, viewport=viewport)
    t = Teacher(page)
    found = run_axe(page, ".mp-studio")
    t.mode("2 · Script")
    t.board("coca_plantation")
    t.click(f"{STUDIO} .mp-studio-draw", board_changes=True)
    found += run_axe(page, ".mp-studio")
    for label in ("3 · Lesson", "4 · Save"):
        t.mode(label)
        found += run_axe(page, ".mp-studio")
    screenshot(page, f"studio-axe-{viewport[0]}")
    assert not found, found


@pytest.mark.browser
def test_marks_drawn_by_clicks_are_presented(open_notebook, run_all, screenshot):
    page = _open_studio(open_notebook, run_all)
    t = Teacher(page)
    build_production_example(t)
    record_production(t)
    t.choose(f"{STUDIO} .mp-studio-steps", index=0)
    t.click(f"{STUDIO} .mp-studio-draw")          # draw on step 1: an arrow, then a place
    t.board("central_plaza")
    t.board("coca_plantation")
    arrow = f"{BOARD} svg .mp-marks line[data-at='central_plaza'][data-to='coca_plantation']"
    page.locator(arrow).first.wait_for(state="attached", timeout=30_000)
    t.click(f"{STUDIO} .mp-studio-shape button:has-text('place')", board_changes=True)
    t.board("coca_plantation")
    page.locator(f"{BOARD} svg .mp-marks rect[data-at='coca_plantation']").first.wait_for(
        state="attached", timeout=30_000)
    assert "arrow from Central Plaza to Coca Plantation" in page.locator(
        f"{STUDIO} .mp-studio-marks").first.inner_text()
    screenshot(page, "studio-marks")
    # presented: the script from its start, step 1 with its marks and its sentence
    t.mode("4 · Save")
    t.click(f"{STUDIO} .mp-studio-present")
    page.locator(f"{BOARD}.mp-presenting").first.wait_for(timeout=30_000)
    assert page.locator(f"{BOARD} svg .mp-marks").count() == 0   # the start: no marks yet
    page.keyboard.press("ArrowRight")
    page.locator(arrow).first.wait_for(state="attached", timeout=30_000)
    assert SENTENCES[0] in page.locator(f"{BOARD} .mp-present-text").first.inner_text()
    screenshot(page, "studio-presented")
    page.keyboard.press("ArrowRight")
    page.wait_for_function(f"() => !document.querySelector(\"{arrow}\")", timeout=30_000)
