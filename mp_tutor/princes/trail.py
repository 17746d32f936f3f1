"""The Incatrail: Scouts, the Granary and the Llama Stable, the summit and its cards.

Owns the rule ids ``trail.*`` and the rulings on trail payments, several summits in one
move and the empty deck.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ..core.i18n import Msg, t, tn
from ..core.machine import Decision, Out
from ..core.rules import Illegal
from ..core.views import Options
from .actions import ReturnCards
from .bank import pay_player
from .data import RULES
from .state import Ending, Kind, State
from .tables import CORN, LLAMA, TRAIL, TRAIL_LENGTH
from .text import colour

GRANARY = TRAIL["granary"]
STABLE = TRAIL["stable"]


def move_scout(s: State, p: int, steps: int, out: Out) -> None:
    """Advance ``p``'s Scout; rewards are due at the end of the turn, summits draw at once."""
    if steps <= 0:
        return
    pos = s.scouts[p]
    end = pos + steps
    s.scouts[p] = end % TRAIL_LENGTH
    out.event("scout_moved", p, None, **{"from": pos, "to": s.scouts[p], "steps": steps})
    for k in range(pos + 1, end + 1):  # in trail order
        field = k % TRAIL_LENGTH
        if field == GRANARY:
            s.due[p][0] += TRAIL["granary_corn"]
            out.event("passed_granary", p, "trail.granary")
        elif field == STABLE:
            s.due[p][1] += TRAIL["stable_llama"]
            out.event("passed_stable", p, "trail.stable")
        elif field == 0:
            s.laps[p] += 1
            out.event("reached_summit", p, "trail.summit")
            out.then(Kind.DRAW, p)


def pay_dues(s: State, out: Out) -> None:
    """End of a turn (or night step): the trail's corn and llamas are paid."""
    for p in range(s.n):
        corn, llama = s.due[p]
        if corn or llama:
            s.due[p] = [0, 0]
            got = {}
            if corn:
                got["corn"] = pay_player(s, p, CORN, corn, out)
            if llama:
                got["llama"] = pay_player(s, p, LLAMA, llama, out)
            out.event("trail_paid", p, "trail.end_of_turn", goods=got)


def _draw(s: State, p: int, _payload: Any, _a: Any, out: Out) -> None:
    if not s.deck:
        s.summit_vp[p] += TRAIL["empty_deck_vp"]
        out.event("summit_vp", p, "end.empty_deck_vp")
        return
    if len(s.deck) == 1:
        s.hands[p].append(s.deck.pop(0))
        s.hands[p].sort()
        out.event("claimed_card", p, "trail.summit_short")
        s.end_flag = s.end_flag or Ending.RESCUE_CARDS
        return
    k = min(TRAIL["summit_draw"], len(s.deck))
    drawn = tuple(s.deck[:k])
    del s.deck[:k]
    out.event("drew_cards", p, "trail.summit" if k == TRAIL["summit_draw"] else "trail.summit_short",
              count=k)
    out.then(Kind.RETURN_CARDS, p, drawn)


@lru_cache(maxsize=4096)
def _returns(pool: tuple[int, ...], k: int) -> tuple[ReturnCards, ...]:
    return tuple(ReturnCards(c) for c in itertools.combinations(pool, k))


def _return_candidates(s: State, p: int, drawn: tuple[int, ...]) -> tuple[ReturnCards, ...]:
    return _returns(tuple(sorted(set(s.hands[p]) | set(drawn))), len(drawn) - 1)


def _check_return(s: State, p: int, drawn: tuple[int, ...], a: ReturnCards) -> Illegal | None:
    need = len(drawn) - 1
    pool = set(s.hands[p]) | set(drawn)
    if len(set(a.cards)) != len(a.cards) or not set(a.cards) <= pool:
        return RULES.illegal("trail.summit", t(
            "Return cards from your hand and the drawn cards: {cards}.",
            cards=", ".join(map(str, sorted(pool)))))
    if len(a.cards) != need:
        return RULES.illegal("trail.summit_short" if need < 2 else "trail.summit",
                             tn("Return exactly {n} card.", "Return exactly {n} cards.", need))
    return None


def _do_return(s: State, p: int, drawn: tuple[int, ...], a: ReturnCards, out: Out) -> None:
    pool = s.hands[p] + list(drawn)
    for c in a.cards:
        pool.remove(c)
    s.hands[p] = sorted(pool)
    s.deck.extend(a.cards)
    # which cards went back is secret: events are public, so only counts here
    out.event("returned_cards", p, "trail.summit", count=len(a.cards), hand=len(s.hands[p]))


def _return_prompt(s: State, p: int, drawn: tuple[int, ...]) -> Msg:
    return tn("{who}: you reached the summit; return {n} card to the bottom of the deck.",
              "{who}: you reached the summit; return {n} cards to the bottom of the deck.",
              len(drawn) - 1, who=colour(p))


DRAW = Decision(Kind.DRAW, "trail.summit", internal=True, effect=_draw)
@dataclass(frozen=True)
class ReturnCardsOptions(Options):
    """At the summit: how many cards were drawn, and how many go back (``to_return``)."""

    drawn: int
    to_return: int = field(metadata={"json": "return"})


RETURN_CARDS = Decision(
    Kind.RETURN_CARDS, "trail.summit", (ReturnCards,), _return_candidates, _check_return,
    _do_return, _return_prompt,
    options=lambda s, p, drawn, legal: ReturnCardsOptions(len(drawn), len(drawn) - 1),
    auto_single=True, fast_legal=lambda s, p, drawn: list(_return_candidates(s, p, drawn)))

__all__ = ["DRAW", "RETURN_CARDS", "ReturnCardsOptions", "move_scout", "pay_dues"]
