"""Hidden information by construction: a seated viewer receives nothing of others' hands.

Another player's hidden card is swapped with a deck card; every synced trait of every
widget a seated learner's browser receives (board, side boards, decision panel, log,
charts with their marks and axes) must stay the same. The same swap seen from the
teacher's view changes what is sent, so the test can tell.
"""

from __future__ import annotations

import pytest
from mp_tutor.widgets import LessonPanel, Tutor
from widget_state import synced_states

from mp_tutor import Game
from mp_tutor.coach import shutdown
from mp_tutor.princes.bots import RandomBot


def start_game(swap: int | None = None) -> Game:
    """3 players, the first Incas placed; ``swap``: that player's card was swapped with the
    top card of the deck from the start (the same public history, another hidden card)."""
    game = Game.new(players=3, seed=1)
    if swap is not None:
        for s in (game.state, game._initial):
            s.hands[swap][0], s.deck[0] = s.deck[0], s.hands[swap][0]
        game._touch()
    for prof in ("coca_planter", "coca_planter", "potter"):
        game.apply(f"inca {prof}")
    return game


def swapped(game: Game, player: int) -> Game:
    """The game of ``start_game()`` with ``player``'s hidden card swapped."""
    assert len(game.history) == 3
    return start_game(swap=player)


def play(tutor: Tutor) -> None:
    tutor.click("coca_plantation")  # Blue's first turn, then Blue's production decision


@pytest.mark.parametrize("other", [1, 2])
def test_swapping_a_hidden_card_changes_nothing_a_seat_receives(other: int) -> None:
    game = start_game()
    twin = swapped(game, other)
    assert game.state.hands[other] != twin.state.hands[other]
    a = Tutor(game, seat=0, bots={})
    b = Tutor(twin, seat=0, bots={})
    assert synced_states(a) == synced_states(b)
    play(a)
    play(b)
    assert a.panel.kind == "produce"
    assert synced_states(a) == synced_states(b)


def test_the_teacher_view_does_show_the_swap() -> None:
    game = start_game()
    twin = swapped(game, 1)
    a, b = Tutor(game, viewer=None), Tutor(twin, viewer=None)
    assert synced_states(a) != synced_states(b)


def test_pass_and_play_hides_the_hands_of_the_seats_not_deciding() -> None:
    game = start_game()
    twin = swapped(game, 2)
    a, b = Tutor(game), Tutor(twin)  # hot-seat: the view of the player who decides (Blue)
    assert a.board.snapshot.viewer == 0
    assert synced_states(a) == synced_states(b)


def test_a_seated_lesson_hides_the_bots_cards() -> None:
    lesson, twin = LessonPanel("14", game="princes"), LessonPanel("14", game="princes")
    s = twin.game.state
    s.hands[1][0], s.deck[0] = s.deck[0], s.hands[1][0]
    twin.game._initial = s.copy()
    twin.game._touch()
    for panel in (lesson, twin):
        panel.board.set_game(panel.game)  # the same re-syncs on both
    assert lesson.game.state.hands[1] != twin.game.state.hands[1]
    assert synced_states(lesson.tutor) == synced_states(twin.tutor)


@pytest.mark.parametrize("other", [1, 2])
def test_the_coach_tells_a_seat_nothing_of_the_hidden_cards(other: int) -> None:
    """Hint, "what did that cost?" and "why?" on a bot's move, with fixed playouts: what a
    seated learner receives is the same whatever the bots' hidden cards are."""
    game = start_game()
    twin = swapped(game, other)
    coach = {"iterations": 16, "workers": 1}
    tutors = [Tutor(g, seat=0, bots={1: RandomBot(1), 2: RandomBot(2)}, coach_options=coach)
              for g in (game, twin)]
    try:
        for tutor in tutors:
            assert tutor.board.hint() is not None  # no event loop here: it waits
        assert tutors[0].board.coach_box["state"] == "ready" and tutors[0].board.hint_target
        assert synced_states(tutors[0]) == synced_states(tutors[1])
        for tutor in tutors:
            play(tutor)
            assert tutor.act("produce 1"), tutor.error  # then Yellow's and Red's bots play
            board = tutor.board
            for e in board.snapshot.log:
                if e.coach == "why":
                    board.coach.why(e.i)
            board.coach.cost()
            board.hint()
        notes = tutors[0].board.notes
        assert sum(n["kind"] == "why" and n["state"] == "ready" for n in notes.values()) >= 2
        assert synced_states(tutors[0]) == synced_states(tutors[1])
    finally:
        shutdown()
