"""The lesson studio in a real JupyterLab, by clicks: a teacher rebuilds the rulebook's
production example from a new game, records its moves with sentences and saves it (the
file passes the shipped scenario's checks); turns step 1 into a task, saves the lesson, and a
learner plays it: a wrong move gets the teacher's sentence and the engine's reason, the right
one is ticked."""

from __future__ import annotations

from pathlib import Path

import pytest
from axe import run_axe
from keys import (
    arrow_to,
    back_to_board,
    focus_board,
    page_errors,
    press_synced,
    tab_to,
    tab_to_text,
    wait_done,
)
from studio_flow import (
    BOARD,
    SENTENCES,
    STUDIO,
    Teacher,
    build_production_example,
    feedback,
    learner_click,
    make_task,
    open_as_learner,
    record_production,
    save_as,
    save_by_keys,
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
    make_task(t, 0, "Send Blue's Prince to the Coca Plantation.", "It borders the Central Plaza.",
              "Think of the bonus lying there.")
    save_as(t, "my-production")
    lesson = folder / "my-production.lesson.toml"
    assert lesson.is_file() and (folder / "my-production.ipynb").is_file()

    # the learner: the lesson's own notebook, as a learner opens it
    learner = open_as_learner(open_notebook, run_all, folder / "my-production.ipynb")
    learner_click(learner, "house_of_priests")
    said = feedback(learner, "Think of the bonus lying there.")
    assert "not this task" in said or "Not allowed" in said
    learner_click(learner, "coca_plantation")
    wait_done(learner, 1)
    screenshot(learner, "studio-learner")
    errors = page_errors(page, console_messages) + page_errors(learner, console_messages)
    assert not errors, errors


@pytest.mark.browser
def test_the_studio_by_the_keyboard_alone(open_notebook, run_all, screenshot, jupyter_server):
    page = _open_studio(open_notebook, run_all, viewport=(1280, 720))
    focus_board(page)
    tab_to_text(page, "Incas")          # the tool: a click on the board adds an Inca
    press_synced(page, "Enter")
    back_to_board(page)
    arrow_to(page, "corn_terraces")
    press_synced(page, "Enter")          # Blue's Inca in the Corn Terraces
    tab_to_text(page, "2 · Script")
    press_synced(page, "Enter")
    back_to_board(page)
    arrow_to(page, "corn_terraces")
    press_synced(page, "Enter")          # the first move: the Prince placed there
    tab_to(page, ".mp-studio-say-text textarea")
    page.keyboard.type("The first Prince comes to the terraces.")
    page.keyboard.press("Tab")
    page.wait_for_timeout(300)
    try:
        save_by_keys(page, "by-keys")
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
