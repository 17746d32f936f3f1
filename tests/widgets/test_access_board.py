"""The board's ``access`` trait (issue 18): the position in words of the board's own view,
the last events for the live region, the keys; a presentation draws no click target."""

from __future__ import annotations

import base64
import json

from mp_tutor.widgets import Board, LessonPanel

from mp_tutor import Game, load_scenario
from mp_tutor.priests import Game as PriestsGame
from mp_tutor.priests.describe import describe as describe_priests
from mp_tutor.princes.describe import describe as describe_princes


def test_the_description_is_the_boards_own_view() -> None:
    game = Game.new(players=3, seed=1)
    board = Board(game, seat=0)
    assert board.access["description"] == describe_princes(game.view(0)).to_dict()
    assert "(hidden)" in " ".join(board.access["description"]["sections"][1][1])
    json.dumps(board.access)  # what the browser receives


def test_events_follow_the_moves_and_undo() -> None:
    board = Board(Game.new(players=3, seed=1))
    first = board.access["events"][-1][0]
    assert board.act("inca coca_planter")
    events = board.access["events"]
    assert events[-1][0] > first and "Coca" in events[-1][1]
    assert board.undo()
    assert board.access["events"][-1][0] == first


def test_the_priests_board_describes_its_seat_only() -> None:
    game = PriestsGame.new(players=3, seed=1)
    board = Board(game, seat=1)
    d = board.access["description"]
    assert d == describe_priests(game.view(1)).to_dict()
    assert d["goods"].startswith("Yellow: 4 cards in hand: ")
    assert "Blue: 4 cards in hand (hidden)" in " ".join(dict(d["sections"])["Players"])


def test_the_keys_and_words_are_in_the_language() -> None:
    board = Board(Game.new(players=2, seed=1), language="fr")
    try:
        keys = dict(board.access["keys"])
        assert keys["u"] == "défaire" and board.access["words"]["describe"] == "Décrire"
        assert board.access["description"]["summary"].startswith("Jour ")
    finally:
        board.set_language("en")


def test_a_presentation_shows_the_position_only() -> None:
    board = Board(load_scenario("temple-of-the-sun"))
    assert board.snapshot.targets  # the learner's board has targets
    assert board.present()
    while board.presenter.forward():
        pass
    assert board.presentation["step"] == board.presentation["steps"]
    assert board.snapshot.targets == {} and "data-target" not in board.svg and "mp-tag" not in board.svg
    board.presenter.exit()
    assert board.snapshot.targets


def test_a_task_done_is_told_to_a_screen_reader_in_the_chapters_language() -> None:
    """Issue 28.6: the board's ``news`` says the tasks a move completed (its events are the
    board's own), without the check mark; the last task adds that all are done."""
    lesson = LessonPanel("04", game="princes")
    assert lesson.board is not None and lesson.board.news == {}
    lesson.act("move coca_plantation")
    news = lesson.board.news
    assert news["text"].startswith("Task 1 done: send Blue's Prince") and "✔" not in news["text"]
    assert "Blue moves" not in news["text"]  # the events: the board says them
    lesson.board.undo()  # taken back: nothing to tell (the board says "Taken back.")
    assert lesson.board.news == news
    lesson.act("move coca_plantation")
    lesson.act("produce 1")
    assert lesson.board.news["n"] == news["n"] + 2
    assert lesson.board.news["text"].startswith("Task 2 done: let Blue's coca planter produce")
    try:
        fr = LessonPanel("04", game="princes", language="fr")
        assert fr.board is not None
        fr.act("move coca_plantation")
        assert fr.board.news["text"].startswith("Tâche 1 faite")
    finally:
        lesson.set_language("en")


def test_a_games_picture_in_a_notebook_is_one_named_image() -> None:
    """Issue 28.13: JupyterLab shows an SVG output as an ``<img>`` without alt; the HTML form
    (which it prefers) is the same picture as an ``<img>`` with the picture's title for alt
    (an SVG put in the page as it is would restyle its other pictures)."""
    for game, alt in ((Game.new(players=3, seed=1), 'alt="The city of Machu Picchu"'),
                      (PriestsGame.new(players=3, seed=1), 'alt="The temple of Machu Picchu, round 1"')):
        html = game._repr_html_()
        assert html is not None and html.startswith(f"<img {alt} ")
        data = html.split("base64,", 1)[1].split('"', 1)[0]
        assert base64.b64decode(data).decode() == game._repr_svg_()
