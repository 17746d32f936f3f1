"""The round: turning up the sun/moon card, and the end of the round (the cards leave the game,
the High Priest passes on, or the game ends).

Owns the rule ids ``round.*``.

>>> from mp_tutor.priests import Game
>>> game = Game.new(players=4, seed=2)
>>> while game.state.round == 1:
...     _ = game.apply(game.legal_actions()[0])
>>> [e.kind for e in game.log[-3:]]
['round_ended', 'high_priest', 'round_began']
>>> print(game.log[-1].text)
Round 2: Yellow holds the High Priest and turns up a sun card, 'Nur der Hohe Priester verdeckt' (only the first player lays face down).
"""

from __future__ import annotations

from ..core.machine import Out
from .laying import round_steps
from .scoring import check_end
from .state import State
from .tables import PRINTED, STAIRS


def start_round(s: State, out: Out) -> None:
    """The first player turns up the next sun/moon card (round 1: the printed one); the
    players then lay their cards."""
    s.round += 1
    card = PRINTED if s.round == 1 else s.sun_moon_deck.pop(0)
    s.sun_moon = card
    s.sun_moon_played.append(card)
    out.event("round_began", s.first, "round.sun_moon", round=s.round, card=card,
              printed=card == PRINTED)
    s.queue.extend(round_steps(s))


def end_of_step(s: State, out: Out) -> None:
    """The queue is empty: the round is over (all priests moved and back in the temple)."""
    cards = [c for c in s.stairs if c is not None]
    s.removed.extend(cards)
    empty = len(STAIRS)
    s.stairs, s.open, s.laid_by = [None] * empty, [False] * empty, [None] * empty
    s.order = None
    out.event("round_ended", None, "round.cards_removed", round=s.round, cards=cards)
    if check_end(s, out):
        return
    s.first = (s.first + 1) % s.n
    out.event("high_priest", s.first, "round.high_priest")
    start_round(s, out)


def is_over(s: State) -> bool:
    return s.over


__all__ = ["end_of_step", "is_over", "start_round"]
