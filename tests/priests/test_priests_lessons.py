"""The priests game's chapters: every task is solvable through the engine, in order; every
wrong move is explained by the engine with the expected rule id and the task's hint; every
quiz answer is computed by the engine and matches what the chapter states; every cited rule id
exists; the lesson scenarios pass their checks; the notebooks match the chapter files and
their committed outputs are deterministic."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from lesson_checks import (
    assert_notebook_deterministic,
    assert_tasks_solved_in_order,
    assert_wrong_moves_explained,
)
from mp_tutor.widgets.lesson_panel import LessonPanel

from mp_tutor.core.i18n import clause
from mp_tutor.core.lessons import LessonRun, chapters_of, compute_quiz, find_chapter
from mp_tutor.core.lessons.notebooks import check, notebook_dir
from mp_tutor.core.scenarios import run_checks
from mp_tutor.priests import GAME, RULES, Game, load_scenario
from mp_tutor.priests.scenario import CHAPTER_SCENARIO_DIR, read_scenario

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


@pytest.mark.parametrize("cid", IDS)
def test_tasks_solved_in_order(cid: str) -> None:
    assert_tasks_solved_in_order(CHAPTERS[cid])


@pytest.mark.parametrize("cid", IDS)
def test_wrong_moves_explained_with_rule_and_hint(cid: str) -> None:
    assert_wrong_moves_explained(CHAPTERS[cid], RULES, rule_required=True)


@pytest.mark.parametrize("cid", IDS)
def test_quizzes_answered_by_the_engine(cid: str) -> None:
    ch = CHAPTERS[cid]
    assert ch.quizzes, f"chapter {cid} has no quick check"
    for q in ch.quizzes:
        r = compute_quiz(ch, q)
        assert q.expect is not None, f"{q.id}: the chapter states no answer"
        assert str(r.answer) == str(q.expect), f"{q.id}: engine {r.answer}, chapter {q.expect}"
        if q.choices:
            assert str(r.answer) in q.choices
        else:
            assert isinstance(r.answer, int) and r.answer == q.expect
        assert r.check(r.answer) and not r.check("999")
        assert "{answer}" in q.reveal and str(r.answer) in r.text
    assert LessonRun(ch).check_answers().startswith("✔")


_RULE_REF = re.compile(r"`([a-z0-9_]+\.[a-z0-9_]+)`")


def _prose(ch) -> list[str]:
    texts = [ch.title, ch.summary, ch.recap]
    texts += [t.instruction + " " + t.hint + " " + t.done for t in ch.tasks]
    texts += [q.question + " " + q.reveal for q in ch.quizzes]
    texts += [c["md"] for c in ch.cells if "md" in c]
    return texts


@pytest.mark.parametrize("cid", IDS)
def test_cited_rule_ids_exist(cid: str) -> None:
    ch = CHAPTERS[cid]
    assert ch.rules and ch.section and ch.summary and ch.recap
    cited = set(ch.cited_rules())
    for text in _prose(ch):
        cited |= set(_RULE_REF.findall(text))
    assert not sorted(r for r in cited if r not in RULES)
    for words in ch.lookup:
        assert RULES.lookup(words), f"lookup({words!r}) finds nothing"


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


@pytest.mark.parametrize("path", sorted(CHAPTER_SCENARIO_DIR.glob("*.toml")), ids=lambda p: p.stem)
def test_lesson_scenarios_valid_and_checked(path: Path) -> None:
    sc = read_scenario(path)
    assert sc.title and sc.rulebook and sc.description and sc.checks
    assert run_checks(sc) == []
    # lesson scenarios stay out of the game's own scenario list
    assert path.stem not in GAME.scenario_names()


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


def test_notebooks_match_chapter_files() -> None:
    assert check(GAME) == []
    assert sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb")) == [c.name for c in CHAPTERS.values()]
    readme = (NOTEBOOKS / "README.md").read_text("utf-8")
    for ch in CHAPTERS.values():
        assert f"({ch.name}.ipynb)" in readme


@pytest.mark.parametrize("cid", IDS)
def test_committed_notebook_outputs_are_deterministic(cid: str) -> None:
    nb = assert_notebook_deterministic(NOTEBOOKS / f"{CHAPTERS[cid].name}.ipynb", 4,
                                       every_cell_output=True)
    board = next(c for c in nb["cells"] if c["id"] == f"c{cid}-board")
    assert f'LessonPanel("{cid}", game="priests")' in "".join(board["source"])


# ---------------------------------------------------------------------------------------------
# the lesson panel (kernel side): the notebooks' LessonPanel("NN", game="priests")


def test_panel_without_board_ticks_explains_and_reveals() -> None:
    lesson = LessonPanel("02", game="priests", board=False)
    assert repr(lesson) == ("LessonPanel(chapter 02 'How the cards move the priests': "
                            "0/4 tasks done)")
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


def test_panel_shows_the_temple_board_and_proves_every_chapter() -> None:
    for cid in IDS:
        lesson = LessonPanel(cid, game="priests")
        assert lesson.board is not None and lesson.board_error is None
        assert 'class="mp-pr-board"' in lesson.board.svg
        assert lesson.prove().startswith("✔ All")
        assert not any(lesson.run.done)


def test_panel_full_game_bots_answer_at_once() -> None:
    lesson = LessonPanel("05", game="priests", board=False)
    fb = lesson.act("lay 23 north")
    assert fb.ok and lesson.run.done == [True, False, False, False]
    assert lesson.game.pending.player == 0 and lesson.game.pending.kind == "order"
    said = [e.player for e in fb.events if e.kind == "laid"]
    assert said == [0, 1, 2, 3]
