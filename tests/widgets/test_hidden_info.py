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
    assert a.board.viewer == 0
    assert synced_states(a) == synced_states(b)


def test_a_seated_lesson_hides_the_bots_cards() -> None:
    lesson, twin = LessonPanel("14"), LessonPanel("14")
    s = twin.game.state
    s.hands[1][0], s.deck[0] = s.deck[0], s.hands[1][0]
    twin.game._initial = s.copy()
    twin.game._touch()
    for panel in (lesson, twin):
        panel.board.set_game(panel.game)  # the same re-syncs on both
    assert lesson.game.state.hands[1] != twin.game.state.hands[1]
    assert synced_states(lesson.tutor) == synced_states(twin.tutor)
