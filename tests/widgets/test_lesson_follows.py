"""The lesson panel follows the game (undo, redo, restart) and judges moves before they are played."""

from __future__ import annotations

from mp_tutor.widgets import LessonPanel


def test_lesson_follows_undo_redo_and_restart() -> None:
    lesson = LessonPanel("04", game="princes")
    board = lesson.board
    assert board.click("coca_plantation") and lesson.run.done == [True, False, False]
    assert board.act("produce 1") and lesson.run.done == [True, True, False]
    assert "Task 2 done" in lesson.feedback_html.value
    assert board.undo()
    assert lesson.run.done == [True, False, False]
    assert "Taken back" in lesson.feedback_html.value
    assert "mp-lesson-task current" in lesson.tasks_html.value
    assert board.controls["redo"] and board.controls["redo_tip"] == "Play again: produce 1"
    assert board.redo() and lesson.run.done == [True, True, False]
    lesson.restart()
    assert lesson.run.done == [False, False, False] and board.game is lesson.game
    assert not lesson.game.history and lesson.feedback_html.value == ""


def test_an_off_task_move_is_refused_before_it_is_applied() -> None:
    lesson = LessonPanel("04", game="princes")
    board = lesson.board
    before = lesson.game.to_json()
    assert not board.click("royal_palace")  # legal, but not the task
    assert lesson.game.to_json() == before and not lesson.game.can_redo
    assert board.error["kind"] == "off_task" and not board.controls["redo"]
    assert "move royal_palace" not in board.error["message"]  # words, not notation
    assert lesson.run.feedback.kind == "off_task"


def test_show_me_plays_the_next_task_only() -> None:
    lesson = LessonPanel("14", game="princes")
    lesson.solve()
    lesson.solve()
    assert lesson.run.done == [True, True, False, False]
    lesson.solve()  # "play on until the first night": not the whole game
    assert lesson.run.done == [True, True, True, False] and not lesson.game.over
    assert lesson.show_button.tooltip.startswith("Play the next task for me: play to the end")


def test_one_undo_button_and_words_in_the_controls() -> None:
    lesson = LessonPanel("00", game="princes")
    assert lesson.undo_button.layout.display == "none"  # the board has the one Undo
    assert not lesson.board.controls["redo"] and not lesson.board.controls["next"]
    assert lesson.board.controls["next_tip"].startswith("Nothing to play automatically")


def test_feedback_names_what_was_played_in_the_canonical_notation() -> None:
    lesson = LessonPanel("04", game="princes")
    fb = lesson.act("move coca_plantation")
    assert fb.ok and fb.action == "move coca_plantation" and fb.ticked
    assert "  > move coca_plantation" in "\n".join(lesson.walkthrough().splitlines()[:3])


def test_the_language_menu_reads_the_chapter_again_and_keeps_the_game() -> None:
    from mp_tutor.core.i18n import get_language, set_language

    lesson = LessonPanel("04", game="princes")
    try:
        assert lesson.act("move coca_plantation").ok
        quiz = lesson.quiz(lesson.chapter.quizzes[0].id)
        english = quiz.question.value
        log_before = len(lesson.game.log)
        lesson.board._handle_custom_msg({"type": "language", "language": "fr"}, [])
        assert get_language() == "fr" and lesson.board.controls["language"] == "fr"
        assert "Les quartiers de Production" in lesson.header.value
        assert "Envoyez le Prince de Bleu" in lesson.tasks_html.value
        assert quiz.question.value != english and "Combien" in quiz.question.value
        assert "produisent" in lesson.tutor.panel.header.value
        assert len(lesson.game.log) == log_before and sum(lesson.run.done) == 1
        lesson.set_language("nl")
        assert "De productiewijken" in lesson.header.value
        assert lesson.board.controls["language"] == "nl"
        # a language the tutor does not have is refused on the board, nothing changes
        lesson.board._handle_custom_msg({"type": "language", "language": "xx"}, [])
        assert get_language() == "nl" and lesson.board.error
        assert lesson.act("produce 1").ok and sum(lesson.run.done) == 2
    finally:
        set_language("en")
