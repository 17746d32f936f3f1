"""Invariants that hold after every action: nothing is created or lost.

>>> from mp_tutor import Game
>>> check_invariants(Game.new(players=5, seed=2).state)
[]
"""

from __future__ import annotations

from .data import CARDS, DATA, DISTRICT_IDS, DISTRICTS, GOODS, PRIESTS
from .state import Kind, Phase, State
from .tables import BONUS_CAP, GOOD_COUNT, PRIEST_KINDS, PRODUCTION, TEMPLES, TILE_IDS, TRAIL_LENGTH


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
        if kind == Kind.RETURN_CARDS:
            cards += list(payload)
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
    return bad


__all__ = ["check_invariants"]
