"""The lesson studio of the priests game in a real JupyterLab, by clicks (issue 27).

A teacher starts from a new 3-player game in the studio's notebook, places two priests by
clicks on the temple (a click on a priest chooses it, a click on a square puts it there),
lays a card with the lay tool (the card clicked in the hand of the player who lays next,
then a stair), records two rounds of moves on the board (cards laid by clicks, the order
chosen in the decision panel, a priest put back on a square), writes sentences, draws an
arrow and marks a stair, makes the first step a task and adds a quick check, checks the
lesson and saves it. The files read back: the scenario passes its checks, the lesson
proves. The script is presented with its marks; a learner opens the lesson's notebook, a
wrong move gets the teacher's sentence and the engine's reason, the right one is ticked.
axe-core finds nothing in any part of the studio. By the keyboard alone, at 1024x768: a
priest placed, a card laid, a move recorded with a sentence, saved.
"""

from __future__ import annotations

import time
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
    STUDIO,
    Teacher,
    add_quiz,
    feedback,
    learner_click,
    make_task,
    open_as_learner,
    prove,
    save_as,
    save_by_keys,
)

from mp_tutor.core.lessons import load_lesson
from mp_tutor.core.lessons.proof import prove as prove_lesson
from mp_tutor.core.scenarios import read_scenario, run_checks
from mp_tutor.priests.game import Game

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "priests" / "06-lesson-studio.ipynb"

#: the two rounds, as the teacher plays them on the board (a new 3-player game, shuffle 0:
#: Yellow holds the High Priest and has laid its 27 on the East stair; Red lays next)
ROUNDS = (
    ("card-49", "stair-north"),          # Red: its highest card pushes priest 4 south
    ("card-4", "stair-south"),           # Blue: its lowest pushes priest 1 out of the temple
    ("button.mp-order-tallest",),        # Yellow: the order of the moves (the decision panel)
    ("square-r3c0",),                    # Yellow: priest 1 back, next to its taken start square
    ("card-44", "stair-north"),          # round 2, face down: Red
    ("card-48", "stair-south"),          # Blue
    ("card-6", "stair-west"),            # Yellow
    ("button.mp-order-tallest",),        # Red chooses the order
)
MOVES = ["lay 49 north", "lay 4 south", "order tallest", "place 1 r3c0", "lay 44 north",
         "lay 48 south", "lay 6 west", "order tallest"]
SAID = {0: "Red lays its highest card on the North stair: it will move the tallest priest.",
        1: "Blue's 4 is the lowest card: it moves the smallest priest, out of the temple.",
        3: "Priest 1 cannot go back to its start square: Yellow puts it next to it.",
        7: "Priest 3 reaches the centre: on a moon card it takes one sun token."}
TASK = ("Red: lay the card that pushes priest 4 one square south.",
        "The highest card moves the tallest priest; a card on the North stair pushes south.",
        "Priest 4 moves with the highest card of the round: lay your 49 on the North stair.")
QUESTION = "How many points is priest 3 worth after these two rounds?"
ARROW = f"{BOARD} svg .mp-marks line[data-at='square-r2c1'][data-to='square-r3c1']"
PLACE_MARK = f"{BOARD} svg .mp-marks rect[data-at='stair-north']"


def _open_studio(open_notebook, run_all, viewport):
    page = open_notebook(NOTEBOOK, name="priests-studio.ipynb", viewport=viewport)
    run_all(page)
    page.locator(f"{BOARD} svg").first.wait_for(state="visible", timeout=90_000)
    page.evaluate(f"() => document.querySelector('{STUDIO}').scrollIntoView()")
    return page


def _named(page, place: str) -> str:
    """The accessible name of a place of the studio's board."""
    return str(page.locator(f"{BOARD} svg [data-target='{place}']").first.get_attribute(
        "aria-label"))


def build_position(t: Teacher) -> None:
    """Priest 4 on r2c1, priest 1 on r0c2, Yellow's 27 laid on the East stair: by clicks."""
    t.board("square-r2c1")        # the tool Priests has priest 4 chosen: it goes there
    assert "choose priest 1" in _named(t.page, "square-r3c1")
    t.board("square-r3c1")        # a click on priest 1 chooses it ...
    t.board("square-r0c2")        # ... and the next puts it on the square
    t.tool("Lay a card")
    assert _named(t.page, "card-27") == "Card 27: click it, then a free stair"
    t.board("card-27")            # a card of Yellow's hand (Yellow lays first) ...
    assert "lay card 27 here" in _named(t.page, "stair-east")
    t.board("stair-east")         # ... then a free stair


def record_two_rounds(t: Teacher) -> None:
    """The moves of the rest of round 1 and of round 2, on the board, as a learner plays."""
    t.mode("2 · Script")
    for clicks in ROUNDS:
        for place in clicks:
            if place.startswith("button"):
                t.click(f"{STUDIO} {place}")
            else:
                t.board(place)
    steps = f"{STUDIO} .mp-studio-steps select"
    t.page.wait_for_function(f"() => document.querySelector('{steps}')?.options.length === "
                             f"{len(MOVES)}", timeout=30_000)
    for i, text in SAID.items():
        t.choose(f"{STUDIO} .mp-studio-steps", index=i)
        t.type(f"{STUDIO} .mp-studio-say-text", text)


def draw_marks(t: Teacher) -> None:
    """On step 1: an arrow from priest 4's square to where it goes, and the stair marked."""
    t.choose(f"{STUDIO} .mp-studio-steps", index=0)
    t.click(f"{STUDIO} .mp-studio-draw")
    t.board("square-r2c1")
    t.board("square-r3c1")
    t.page.locator(ARROW).first.wait_for(state="attached", timeout=30_000)
    t.click(f"{STUDIO} .mp-studio-shape button:has-text('place')")
    t.board("stair-north")
    t.page.locator(PLACE_MARK).first.wait_for(state="attached", timeout=30_000)
    marks = t.page.locator(f"{STUDIO} .mp-studio-marks").first.inner_text()
    assert "arrow from square r2c1 to square r3c1" in marks and "North stair marked" in marks
    t.click(f"{STUDIO} .mp-studio-draw")   # drawing done


def axe(page, where: str, found: list, teacher: Teacher | None = None) -> None:
    """axe-core's violations in the studio, kept with where they were found (the teacher's
    clock stops meanwhile)."""
    began = time.perf_counter()
    found += [{**v, "where": where} for v in run_axe(page, STUDIO)]
    if teacher is not None:
        teacher.started += time.perf_counter() - began


@pytest.mark.browser
def test_a_teacher_builds_a_priests_lesson_by_clicks_and_a_learner_plays_it(
        open_notebook, run_all, screenshot, jupyter_server, console_messages):
    started = time.perf_counter()
    page = _open_studio(open_notebook, run_all, (1400, 900))
    violations: list = []
    axe(page, "position, priests", violations)
    t = Teacher(page)
    build_position(t)
    built = t.clicks, t.seconds()
    screenshot(page, "studio-priests-built")
    assert "Not possible" not in t.message()
    axe(page, "position, lay a card", violations, t)
    record_two_rounds(t)
    recorded = t.clicks, t.seconds()
    draw_marks(t)
    screenshot(page, "studio-priests-script")
    axe(page, "script", violations, t)

    make_task(t, 0, *TASK)
    said = add_quiz(t, len(MOVES), "priests.3.value", QUESTION)
    assert "the engine's answer is 2" in said, said
    proof = prove(t)
    assert "✔" in proof and "1 task" in proof and "1 quick check" in proof, proof
    screenshot(page, "studio-priests-lesson")
    axe(page, "lesson", violations, t)
    save_as(t, "two-rounds")
    saved = t.clicks, t.seconds()
    axe(page, "save", violations)
    print(f"\npriests studio, clicks and seconds: the position {built[0]}, {built[1]:.1f} s; "
          f"with two rounds and {len(SAID)} sentences {recorded[0]}, {recorded[1]:.1f} s; with "
          f"two marks, a task, a quick check, the proof, saved {saved[0]}, {saved[1]:.1f} s")

    # the files read back: the position, the script with its sentences and marks, its checks
    folder = Path(jupyter_server.root_dir)
    scenario = read_scenario(Game, folder / "two-rounds.toml")
    raw = scenario.raw
    assert raw["priests"]["4"]["square"] == "r2c1" and raw["priests"]["1"]["square"] == "r0c2"
    assert raw["scenario"]["laid"] == [{"card": 27, "stair": "east"}]
    assert [s.action for s in scenario.script] == MOVES
    assert {i: s.say for i, s in enumerate(scenario.script) if s.say} == SAID
    assert [(m.at, m.to) for m in scenario.script[0].marks] == [
        ("square-r2c1", "square-r3c1"), ("stair-north", "")]
    assert len(scenario.checks) == len(MOVES) and run_checks(scenario) == []
    lesson = load_lesson(folder / "two-rounds.lesson.toml")
    assert [list(task.solution) for task in lesson.tasks] == [MOVES[:1]]
    assert [(q.fact, q.expect) for q in lesson.quizzes] == [("priests.3.value", 2)]
    checked = prove_lesson(lesson, scenario)
    assert checked.ok and (checked.tasks, checked.quizzes) == (1, 1), str(checked)

    # presented: from the start, step 1 with its sentence and its marks
    t.click(f"{STUDIO} .mp-studio-present")
    page.locator(f"{BOARD}.mp-presenting").first.wait_for(timeout=30_000)
    page.wait_for_function("() => document.fullscreenElement?.matches('.mp-board')",
                           timeout=30_000)  # the whole screen, not a corner of the notebook
    assert page.locator(f"{BOARD} svg .mp-marks").count() == 0
    page.keyboard.press("ArrowRight")
    page.locator(ARROW).first.wait_for(state="attached", timeout=30_000)
    assert page.locator(PLACE_MARK).count() == 1
    assert SAID[0] in page.locator(f"{BOARD} .mp-present-text").first.inner_text()
    screenshot(page, "studio-priests-presented")

    # the learner: a wrong card, then the right one
    learner = open_as_learner(open_notebook, run_all, folder / "two-rounds.ipynb")
    learner_click(learner, "card-8")
    learner_click(learner, "stair-north")
    said = feedback(learner, TASK[2])
    assert "not this task" in said, said
    learner_click(learner, "card-49")
    learner_click(learner, "stair-north")
    wait_done(learner, 1)
    screenshot(learner, "studio-priests-learner")
    errors = page_errors(page, console_messages) + page_errors(learner, console_messages)
    assert not errors, errors
    assert not violations, violations
    print(f"the test took {time.perf_counter() - started:.0f} s")


@pytest.mark.browser
def test_the_priests_studio_by_the_keyboard_alone(open_notebook, run_all, screenshot,
                                                  jupyter_server):
    page = _open_studio(open_notebook, run_all, (1024, 768))
    violations: list = []
    axe(page, "position at 1024x768", violations)
    focus_board(page)
    arrow_to(page, "square-r2c1")
    press_synced(page, "Enter")           # priest 4 goes to r2c1
    tab_to_text(page, "Lay a card")
    press_synced(page, "Enter")
    back_to_board(page)
    arrow_to(page, "card-34")
    press_synced(page, "Enter")           # Yellow's 34 chosen ...
    arrow_to(page, "stair-north")
    press_synced(page, "Enter")           # ... and laid on the North stair
    axe(page, "lay a card at 1024x768", violations)
    tab_to_text(page, "2 · Script")
    press_synced(page, "Enter")
    back_to_board(page)
    arrow_to(page, "card-29")
    press_synced(page, "Enter")
    arrow_to(page, "stair-south")
    press_synced(page, "Enter")           # the first move: Red lays its 29 on the South stair
    tab_to(page, ".mp-studio-say-text textarea")
    page.keyboard.type("Red lays its 29 on the South stair.")
    page.keyboard.press("Tab")
    page.wait_for_timeout(300)
    axe(page, "script at 1024x768", violations)
    tab_to_text(page, "3 · Lesson", back=True)
    press_synced(page, "Enter")
    axe(page, "lesson at 1024x768", violations)
    try:
        save_by_keys(page, "by-keys-priests")
    finally:
        screenshot(page, "studio-priests-keys")
    axe(page, "save at 1024x768", violations)
    saved = read_scenario(Game, Path(jupyter_server.root_dir) / "by-keys-priests.toml")
    assert saved.raw["priests"]["4"]["square"] == "r2c1"
    assert saved.raw["scenario"]["laid"] == [{"card": 34, "stair": "north"}]
    assert [(s.action, s.say) for s in saved.script] == [
        ("lay 29 south", "Red lays its 29 on the South stair.")]
    assert run_checks(saved) == []
    assert not violations, violations
