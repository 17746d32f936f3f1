"""The priests game's chapters: the six chapters and their settings, the chapters' own
standards (every wrong move names its rule, every quiz states its answer, the prose names no
engine identifier, squares are explained before they are used, every lesson scenario is
used, every notebook cell has its output), the claims of chapters 03 to 05, and the lesson
panel. What every game's chapters must do is ``tests/test_protocol_lessons.py``'s."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from lesson_checks import (
    assert_notebook_deterministic,
)
from mp_tutor.widgets.lesson_panel import LessonPanel

from mp_tutor.core.i18n import clause
from mp_tutor.core.lessons import LessonRun, chapters_of, find_chapter
from mp_tutor.core.lessons.notebooks import notebook_dir
from mp_tutor.priests import GAME, Game, load_scenario
from mp_tutor.priests.scenario import CHAPTER_SCENARIO_DIR

ROOT = Path(__file__).resolve().parents[2]
CHAPTERS = chapters_of("priests")
IDS = sorted(CHAPTERS)
NOTEBOOKS = ROOT / "notebooks" / "priests"


def test_the_six_chapters_are_there() -> None:
    assert IDS == ["00", "01", "02", "03", "04", "05"]
    assert GAME.notebook_dir == "notebooks/priests" and notebook_dir(GAME) == NOTEBOOKS
    assert GAME.chapter_dir == ROOT / "mp_tutor" / "priests" / "chapters"
    assert GAME.colours == ("Blue", "Yellow", "Red", "Green")
    assert find_chapter(3, "priests") is find_chapter("03-tokens", GAME) is CHAPTERS["03"]
    assert CHAPTERS["05"].seat == "Blue" and CHAPTERS["05"].bots == "schemer"
    assert CHAPTERS["05"].auto_steps and any(t.by_bot for t in CHAPTERS["05"].tasks)


def test_every_wrong_move_names_its_rule_and_every_quiz_states_its_answer() -> None:
    for ch in CHAPTERS.values():
        assert all(t.mistake_rule for t in ch.tasks if t.mistake), ch.id
        assert all(q.expect is not None for q in ch.quizzes), ch.id


def _prose(ch) -> list[str]:
    texts = [ch.title, ch.summary, ch.recap]
    texts += [t.instruction + " " + t.hint + " " + t.done for t in ch.tasks]
    texts += [q.question + " " + q.reveal for q in ch.quizzes]
    texts += [c["md"] for c in ch.cells if "md" in c]
    return texts


_CODE = re.compile(r"```.*?```|`[^`]*`", re.S)
_ENGINE_WORDS = re.compile(r"\b[a-z]+_[a-z_]+\b|\b(?:pending|facts|options)\.|\[\[")


@pytest.mark.parametrize("cid", IDS)
def test_prose_names_no_engine_identifier(cid: str) -> None:
    # Code spans may show what to type; the sentences themselves are plain words.
    for text in _prose(CHAPTERS[cid]):
        plain = _CODE.sub("", text)
        assert not _ENGINE_WORDS.findall(plain), _ENGINE_WORDS.findall(plain)


def test_squares_are_explained_before_they_are_used() -> None:
    square = re.compile(r"\br[0-4]c[0-4]\b")
    assert "r0c0 is the north-west corner" in CHAPTERS["00"].summary
    for cid in IDS:
        for text in _prose(CHAPTERS[cid]):
            for name in square.findall(text):
                assert name in {f"r{r}c{c}" for r in range(5) for c in range(5)}


def test_every_lesson_scenario_is_used_by_a_chapter() -> None:
    used = {ch.start.scenario for ch in CHAPTERS.values()}
    assert {p.stem for p in CHAPTER_SCENARIO_DIR.glob("*.toml")} <= used


def test_facts_for_lessons() -> None:
    game = load_scenario("temple-tour")
    facts = game.facts()
    assert facts["temple"] == {"size": 5, "centre": "r2c2", "sun_squares": [
        "r0c1", "r0c3", "r1c0", "r1c4", "r3c0", "r3c4", "r4c1", "r4c3"]}
    assert [pl["laid"] for pl in facts["player"]] == [0, 0, 0, 0]
    for a in ("lay 45 south", "lay 38 east", "lay 27 west"):
        game.apply(a)
    facts = game.facts()
    assert [pl["laid"] for pl in facts["player"]] == [1, 1, 1, 0]
    assert all(st["moves"] is None for st in facts["stairs"].values())  # one stair still free
    game.apply("lay 16 north")
    moves = {name: st["moves"] for name, st in game.facts()["stairs"].items()}
    assert moves == {"south": 4, "east": 3, "west": 2, "north": 1}
    two = Game.new(players=2, seed=3)
    while two.pending.kind == "lay":
        two.apply(two.legal_actions()[0])
    assert [pl["laid"] for pl in two.facts()["player"]] == [2, 2]


def test_return_beside_start_refusal_lists_the_choices() -> None:
    fb = LessonRun(CHAPTERS["03"]).mistake("place")
    assert "not next to the start square r1c3 of priest 3" in fb.text
    assert "choose one of r1c2, r1c4 and r2c3" in fb.text


def test_order_decides_chapter_04() -> None:
    # The chapter's claim: tallest first in round 7 gives priest 4 nothing, and Green wins.
    ch = CHAPTERS["04"]
    game = ch.new_game()
    for a in ("lay 50 east", "lay 40 north", "lay 30 south", "lay 20 west", "order tallest",
              "lay 3 east", "lay 33 west", "lay 18 south", "lay 47 north", "order tallest"):
        game.apply(a)
    assert game.outcome().winners == (3,)
    solved = LessonRun(ch).solved().game
    assert solved.outcome().winners == (0,)
    assert [e.rule for e in solved.log if e.kind == "tie"] == ["score.tiebreak"]


def test_full_game_chapter_hides_the_bots_cards() -> None:
    run = LessonRun(CHAPTERS["05"])
    view = run.game.view(0)
    assert view["player"][0]["priests"] == [4, 3]
    assert all(pl["hand"] is None and pl["priest_card"] is None for pl in view["player"][1:])
    assert run.act("lay 48 south").ok
    assert run.game.pending.player == 0 and run.game.pending.kind == "order"


def test_the_notebooks_list_every_chapter_and_show_every_output() -> None:
    readme = (NOTEBOOKS / "README.md").read_text("utf-8")
    for ch in CHAPTERS.values():
        assert f"({ch.name}.ipynb)" in readme
        assert_notebook_deterministic(NOTEBOOKS / f"{ch.name}.ipynb", 4, every_cell_output=True)


# ---------------------------------------------------------------------------------------------
# the lesson panel (kernel side): the notebooks' LessonPanel("NN", game="priests")


def test_panel_without_board_ticks_explains_and_reveals() -> None:
    lesson = LessonPanel("02", game="priests", board=False)
    assert repr(lesson) == "Chapter 02, “How the cards move the priests”: 0 of 4 tasks done"
    fb = lesson.act("lay 49 west")  # legal, but not the task: not played
    assert fb.kind == "off_task" and not lesson.game.history
    assert clause(lesson.run.hint()) in lesson.feedback_html.value
    lesson.move_input.value = "lay 49 east"
    lesson.play_button.click()
    assert lesson.run.done == [True, False, False, False]
    fb = lesson.act("lay 37 east")
    assert fb.kind == "illegal" and fb.rule == "lay.free_stair"
    assert "lay.free_stair" in lesson.feedback_html.value
    lesson.show_button.click()
    assert lesson.run.done == [True, True, False, False]
    lesson.undo_button.click()
    assert lesson.run.done == [True, False, False, False]
    box = lesson.quiz("where")
    box.answer_input.value = "r1c2"
    box.reveal_button.click()
    assert "Not quite" in box.result.value and "On r1c0" in box.result.value
    box.answer_input.value = "r1c0"
    box.reveal_button.click()
    assert "Right" in box.result.value
    lesson.restart_button.click()
    assert not any(lesson.run.done) and not lesson.game.history


def test_panel_full_game_bots_answer_at_once() -> None:
    lesson = LessonPanel("05", game="priests", board=False)
    fb = lesson.act("lay 23 north")
    assert fb.ok and lesson.run.done == [True, False, False, False]
    assert lesson.game.pending.player == 0 and lesson.game.pending.kind == "order"
    said = [e.player for e in fb.events if e.kind == "laid"]
    assert said == [0, 1, 2, 3]
