"""Invariants that hold after every action: nothing is created or lost, and the rule
states are ones play can reach (the pending decisions fit the phase and the Princes, the
Sun Tile goes with the third moon tile, every hand holds a card, ...).

>>> from mp_tutor import Game
>>> check_invariants(Game.new(players=5, seed=2).state)
[]
"""

from __future__ import annotations

from typing import Any

from .data import CARDS, DATA, DISTRICT_IDS, DISTRICTS, GOODS, PRIESTS
from .state import Kind, Phase, State
from .tables import (
    BONUS_CAP,
    DAY_END_AT,
    DISTRICT_INDEX,
    GOOD_COUNT,
    MAIN_TEMPLE,
    PRIEST_KINDS,
    PRODUCTION,
    SUN_CLOCK,
    TEMPLE_PRIEST,
    TEMPLES,
    TILE_IDS,
    TRAIL_LENGTH,
)

#: the district the current player's Prince is in while a decision of this kind is queued
_DISTRICT_OF: dict[str, Any] = {
    Kind.PRODUCE: lambda payload: payload,
    Kind.SET_UP_INCAS: lambda payload: payload,
    Kind.ACQUIRE: lambda payload: payload,
    Kind.SACRIFICE: lambda payload: next(t for t, k in TEMPLE_PRIEST.items() if k == payload),
    Kind.OFFER: lambda _payload: MAIN_TEMPLE,
    Kind.TRADE: lambda _payload: DISTRICT_INDEX["central_plaza"],
    Kind.SUN_CLOCK: lambda _payload: SUN_CLOCK,
}


def check_invariants(s: State) -> list[str]:
    """Every broken invariant of ``s`` as a sentence (empty when all hold)."""
    bad: list[str] = []
    n = s.n
    for gi in range(1, GOOD_COUNT):
        g = GOODS[gi]
        on_board = sum(s.bonus[d] for d in PRODUCTION if DISTRICTS[DISTRICT_IDS[d]].good == g)
        total = s.bank[gi] + sum(s.goods[p][gi] for p in range(n)) + s.market[gi - 1] + on_board
        if total != DATA.bank[g]:
            bad.append(f"{g}: {total} in the game, should be {DATA.bank[g]}")
        if s.bank[gi] < 0:
            bad.append(f"bank {g} negative")
    for p in range(n):
        if any(x < 0 for x in s.goods[p]):
            bad.append(f"player {p} has negative goods {s.goods[p]}")
        incas = s.supply[p] + sum(s.incas[p])
        if incas != DATA.incas_per_player[n] or s.supply[p] < 0 or min(s.incas[p]) < 0:
            bad.append(f"player {p}: {incas} Incas, should be {DATA.incas_per_player[n]}")
        if not 0 <= s.scouts[p] < TRAIL_LENGTH:
            bad.append(f"player {p}: scout off the trail at {s.scouts[p]}")
        if any(s.incas[p][d] for d in range(len(DISTRICT_IDS))
               if d not in PRODUCTION and DISTRICT_IDS[d] != "sun_clock"):
            bad.append(f"player {p}: Incas outside the production districts and the Sun Clock")
    cards = list(s.deck) + [c for h in s.hands for c in h]
    for kind, _p, payload in s.queue:
        if kind == Kind.RETURN_CARDS and isinstance(payload, tuple):
            cards += payload
    if sorted(cards) != sorted(CARDS):
        bad.append(f"cards: {len(cards)} cards ({len(set(cards))} different), "
                   f"should be the {len(CARDS)}")
    for i, k in enumerate(PRIEST_KINDS):
        total = s.rows[i] + sum(s.priests[p][i] for p in range(n))
        if total != PRIESTS[k].count or s.rows[i] < 0:
            bad.append(f"{k}: {total} cards, should be {PRIESTS[k].count}")
    stones = s.stones + sum(s.bonus[t] for t in TEMPLES)
    if stones != DATA.temple_stones:
        bad.append(f"temple stones: {stones}, should be {DATA.temple_stones}")
    if any(b > BONUS_CAP for b in s.bonus):
        bad.append(f"a district holds more than {BONUS_CAP} bonus units")
    if any(s.bonus[d] for d in range(len(DISTRICT_IDS)) if d not in PRODUCTION and d not in TEMPLES):
        bad.append("bonus units lie outside the production districts and temples")
    tiles = list(s.moon_board) + [t for h in s.moon_held for t in h]
    if sorted(tiles) != sorted(TILE_IDS):
        bad.append(f"moon tiles: {len(tiles)} tiles, should be the {len(TILE_IDS)}")
    if s.phase is not Phase.OVER and not s.queue:
        bad.append("no pending decision but the game is not over")
    if s.phase is Phase.OVER and s.ending is None:
        bad.append("the game is over without an ending")
    return bad + rule_states(s)


def rule_states(s: State) -> list[str]:  # noqa: C901 - one short test per rule
    """Every rule state of ``s`` that play cannot reach, as a sentence (rule id in brackets)."""
    bad: list[str] = []
    n = s.n
    if s.phase is Phase.OVER:
        if s.queue:
            bad.append("decisions are pending after the end of the game")
        return bad
    kinds = [str(step.kind) for step in s.queue]
    if s.phase is Phase.SETUP:
        if any(k != Kind.PLACE_INCA for k in kinds):
            bad.append("only first Incas are placed during the setup [setup.first_inca]")
        if any(p is not None for p in s.prince) or s.sun_tile is not None:
            bad.append("no Prince or Sun Tile is on the board during the setup [move.first_turn]")
    elif Kind.PLACE_INCA in kinds:
        bad.append("first Incas are placed during the setup only [setup.first_inca]")
    if s.phase is Phase.DAY and Kind.NIGHT in kinds:
        bad.append("a night step is pending during the day [day.end]")
    for kind, p, payload in s.queue:
        if kind == Kind.TURN and (s.phase is not Phase.DAY or p != s.current):
            bad.append(f"a turn is pending for player {p}, but player {s.current} is the "
                       "current player [move.adjacent]")
        if kind in _DISTRICT_OF and s.phase is Phase.DAY:
            where = _DISTRICT_OF[kind](payload)
            if s.prince[s.current] != where:
                bad.append(f"a {kind} decision is pending, but the current player's Prince is "
                           f"not in district {where} [district.bonus]")
    if any(not hand for hand in s.hands):
        bad.append("a player has no Sacrifice Card: every hand keeps at least one [setup.cards]")
    if any(len(s.hands[p]) > 1 + s.laps[p] for p in range(n)):
        bad.append("a player has more cards than the one dealt and one per summit reached "
                   "[trail.summit]")
    returning = sum(len(pl) for kind, _p, pl in s.queue
                    if kind == Kind.RETURN_CARDS and isinstance(pl, tuple))
    if s.end_flag is None and not s.deck and not returning:
        bad.append("the deck is empty but the game is not ending [end.cards]")
    if s.end_flag is None and any(s.summit_vp):
        bad.append("summit VP are scored only once the deck is empty [end.empty_deck_vp]")
    if s.phase is Phase.DAY:
        taken = len(TILE_IDS) - len(s.moon_board)
        if s.sun_tile is None:
            if s.last_turns is not None:
                bad.append("last turns are counted only once the Sun Tile is taken [day.last_turns]")
            if taken >= DAY_END_AT:
                bad.append(f"{taken} moon tiles are taken but nobody holds the Sun Tile [day.end]")
        else:
            last = s.last_turns
            at_start = bool(s.queue) and s.queue[0].kind == Kind.TURN  # no tile taken yet
            if last is None or not 1 <= last <= n - at_start:
                bad.append(f"with the Sun Tile taken, 1 to {n - at_start} turns are left "
                           "[day.last_turns]")
            elif s.current != (s.sun_tile + n - last) % n:
                bad.append(f"with {last} last turns left after the Sun Tile holder's, it is not "
                           f"player {s.current}'s turn [day.last_turns]")
            elif not DAY_END_AT <= taken <= DAY_END_AT + n - last - at_start:
                bad.append(f"{taken} moon tiles are taken, but the Sun Tile came with tile number "
                           f"{DAY_END_AT} and {n - last} turns have followed [day.end]")
            if not s.moon_held[s.sun_tile]:
                bad.append("the Sun Tile holder took a moon tile with it [day.end]")
    return bad


__all__ = ["check_invariants", "rule_states"]
