"""The Princes' chapters as a learner plays them: off-task and unreadable moves, the lesson
following a board, listeners, walkthroughs, chapter lookups and malformed chapter files, and
the lesson panel. What every game's chapters must do (tasks solved in order, wrong moves
explained, quizzes computed, rule ids, notebooks) is ``tests/test_protocol_lessons.py``'s."""

from __future__ import annotations

import pytest

from mp_tutor.core.i18n import clause, set_language
from mp_tutor.core.lessons import LessonError, LessonRun, chapters_of, find_chapter
from mp_tutor.core.lessons import load_chapter as _load_chapter
from mp_tutor.core.lessons import load_chapter_text as _load_chapter_text
from mp_tutor.princes import GAME

CHAPTERS = chapters_of("princes")


def chapter(key):
    return find_chapter(key, "princes")


def load_chapter_text(label, text):
    return _load_chapter_text(label, text, GAME)


IDS = sorted(CHAPTERS)
EXPECTED = [f"{i:02d}" for i in range(16)]


def test_all_chapters_present():
    assert IDS == EXPECTED


def test_off_task_move_is_not_played():
    run = LessonRun(chapter("04"))
    before = run.game.state.to_dict()
    fb = run.act("move potters_quarter")
    assert fb.kind == "off_task" and not fb.ok
    assert "Potter's Quarter" in fb.text and clause(run.hint()) in fb.text
    assert run.game.state.to_dict() == before and not run.game.can_undo


def test_unparsable_action_is_explained():
    run = LessonRun(chapter("04"))
    fb = run.act("fly coca_plantation")
    assert fb.kind == "illegal" and fb.rule == "engine.unknown"


def test_observe_ticks_actions_applied_outside():
    # A board widget applies actions to run.game itself and then calls observe().
    run = LessonRun(chapter("04"))
    run.game.apply("move coca_plantation")
    assert [t.id for _, t in run.observe()] == ["enter"]
    run.game.apply("produce 1")
    run.game.undo()  # taken back before observe: the produce events are gone
    assert run.observe() == []
    run.game.apply("produce 1")
    assert [t.id for _, t in run.observe()] == ["blue"]


def test_listeners_hear_every_change():
    run = LessonRun(chapter("04"))
    heard = []
    run.listeners.append(lambda r: heard.append(r.feedback.kind if r.feedback else None))
    run.act("move central_plaza")
    run.act("move coca_plantation")
    assert heard == ["illegal", "applied"]


def test_walkthrough_leaves_live_game_alone():
    run = LessonRun(chapter("04"))
    text = run.walkthrough()
    assert text.count("✔ done") == 3
    assert not run.game.history and not any(run.done)


def test_chapter_lookup_by_number_name_and_slug():
    assert chapter(4) is chapter("04") is chapter("04-production") is chapter("production")
    with pytest.raises(KeyError):
        chapter("99")


def test_a_chapter_is_found_by_reading_its_own_file_only(tmp_path, monkeypatch):
    # the first cell of every chapter finds it: only its file is read, by its name; a broken
    # other file does not stop it, and the errors of the chapter's own file stay as they were
    import dataclasses

    import mp_tutor.core.lessons as lessons

    folder = GAME.chapter_dir
    for name in ("04-production.toml", "05-temples.toml"):
        (tmp_path / name).write_bytes((folder / name).read_bytes())
    (tmp_path / "06-broken.toml").write_text("[chapter\n", "utf-8")
    info = dataclasses.replace(GAME, chapter_dir=tmp_path)
    read = []
    monkeypatch.setattr(lessons, "load_chapter", lambda path, *a: read.append(path.name)
                        or _load_chapter(path, *a))
    ch = find_chapter("04", info)
    assert (ch.id, ch.title, read) == ("04", CHAPTERS["04"].title, ["04-production.toml"])
    assert find_chapter("temples", info).id == "05" and find_chapter(4, info) is ch
    with pytest.raises(LessonError, match="06-broken.toml"):
        find_chapter("06", info)
    # misnamed: the same error as every chapter read together gives
    (tmp_path / "07-wrong.toml").write_bytes((folder / "07-priests-and-virgins.toml").read_bytes()
                                              .replace(b'slug = "priests-and-virgins"', b'slug = "right"'))
    with pytest.raises(LessonError, match="file should be named 07-right.toml"):
        find_chapter("07", info)
    # two files for one id: the error of the whole folder
    (tmp_path / "05-again.toml").write_bytes((folder / "05-temples.toml").read_bytes())
    with pytest.raises(LessonError, match="file should be named 05-temples.toml"):
        find_chapter("05", info)


def test_chapter_ids_are_those_of_the_chapters_read():
    from mp_tutor.core.lessons import chapter_ids

    for game in ("princes", "priests"):
        for lang in ("en", "fr", "nl"):
            assert chapter_ids(game, lang) == list(chapters_of(game, lang)), (game, lang)


def test_malformed_chapter_names_the_field():
    text = """
[chapter]
id = "98"
slug = "bad"
title = "Bad"
scenario = "coca-plantation-production"
rules = ["no.such.rule"]
[[task]]
id = "t"
instruction = "x"
hint = "y"
solution = ["move coca_plantation"]
goal = [{ event = "moved" }]
"""
    with pytest.raises(LessonError, match="chapter.rules"):
        load_chapter_text("bad.toml", text)
    with pytest.raises(LessonError, match=r"task\[0\].solution\[0\]"):
        load_chapter_text(
            "bad.toml",
            text.replace('["no.such.rule"]', "[]").replace("move coca_plantation", "fly away"),
        )


# ---------------------------------------------------------------------------------------------
# the lesson panel (kernel side)


def test_panel_without_board_ticks_and_explains():
    from mp_tutor.widgets.lesson_panel import LessonPanel

    lesson = LessonPanel("04", game="princes", board=False)
    assert repr(lesson) == "Chapter 04, “Production districts”: 0 of 3 tasks done"
    fb = lesson.act("produce 2")
    assert fb.kind == "illegal" and fb.rule == "engine.turn"
    assert "Hint:" in lesson.feedback_html.value and "engine.turn" in lesson.feedback_html.value
    lesson.move_input.value = "move coca_plantation"
    lesson.play_button.click()
    assert lesson.move_input.value == ""
    assert lesson.tasks_html.value.count("mp-lesson-task done") == 1
    lesson.show_button.click()  # Show me: task 2
    assert lesson.run.done == [True, True, False]
    lesson.undo_button.click()
    assert lesson.run.done == [True, False, False]  # the undone task is open again
    lesson.restart_button.click()
    assert lesson.run.done == [False, False, False] and not lesson.game.history


def test_quiz_box_reveals_the_engine_answer():
    from mp_tutor.widgets.lesson_panel import LessonPanel

    lesson = LessonPanel("05", game="princes", board=False)
    box = lesson.quiz("yellow_steps")
    box.answer_input.value = "6"
    box.reveal_button.click()
    assert "Not quite" in box.result.value and "7 steps" in box.result.value
    box.answer_input.value = "7"
    box.reveal_button.click()
    assert "Right" in box.result.value
    assert lesson.quiz("yellow_steps") is box
    choice = LessonPanel("11", game="princes", board=False).quiz("first")
    assert choice.reveal("Blue").answer == "Blue"


def _panel_with_board(cid):
    from mp_tutor.widgets.lesson_panel import LessonPanel

    lesson = LessonPanel(cid, game="princes")
    if lesson.board is None:
        pytest.skip(f"no board widget: {lesson.board_error}")
    return lesson


def test_panel_follows_board_clicks():
    lesson = _panel_with_board("04")
    board = lesson.board
    assert board.click("coca_plantation")
    assert lesson.run.done == [True, False, False]
    assert "✔ Task 1 done" in lesson.feedback_html.value
    # an illegal click: the board's error becomes the panel's feedback, with the hint
    assert not board.click("main_temple")
    assert lesson.run.feedback.kind == "illegal" and lesson.run.feedback.rule == "engine.turn"
    assert clause(lesson.run.hint()) in lesson.feedback_html.value
    # a legal answer that is not the task is refused before it is applied
    assert not board.act("produce 0")
    assert lesson.run.feedback.kind == "off_task" and len(lesson.game.history) == 1
    assert lesson.game.pending.player == 0 and lesson.game.pending.kind == "produce"
    for move in ("produce 1", "produce 1", "produce 2"):
        assert lesson.act(move).ok
    assert lesson.run.complete


def test_copies_play_the_bots_even_when_the_live_run_does_not():
    # A board plays the bots of the live game; copies (solution, mistakes) play their own.
    run = LessonRun(chapter("14"), autoplay=False)
    assert run.game.pending.player == 0  # Blue places first (seed 4)
    assert "✔ done" in run.walkthrough()
    assert run.solved().complete


@pytest.mark.parametrize("cid", ["04", "14"])
def test_panel_walkthrough_plays_the_board_and_restarts(cid):
    lesson = _panel_with_board(cid)
    text = lesson.walkthrough()
    assert text.count("✔ done") == len(lesson.chapter.tasks) and "✘" not in text
    assert text.endswith("the board is back where it was.")
    assert not any(lesson.run.done) and lesson.board.game is lesson.game
    assert not [a for a in lesson.game.history if a.notation().startswith("move")]


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ("seven", "Seven", " seven ")), ("fr", ("sept", "SEPT")), ("nl", ("zeven", "Zeven"))])
def test_a_quiz_answer_in_words_of_the_chapter_language_is_right(lang, words):
    """Issue 19: "two" was marked wrong where 2 is right."""
    from mp_tutor.widgets.lesson_panel import LessonPanel

    lesson = LessonPanel("05", game="princes", board=False, language=lang)
    try:
        box = lesson.quiz("yellow_steps")  # the engine's answer: 7
        for word in words:
            assert box.reveal(word) and "right" in box.result._dom_classes, (lang, word)
        for wrong in ("six", "six", "zes", "seventy", "7 steps"):
            box.reveal(wrong)
            assert "wrong" in box.result._dom_classes, (lang, wrong)
    finally:
        set_language("en")
