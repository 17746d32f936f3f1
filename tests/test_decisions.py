"""The Princes' decisions list their legal actions with a ``fast_legal`` equal to their
checked candidates on positions pushed to the edges (empty bank, full or empty market
columns, no corn, many goods); the same on bot games is ``tests/test_protocol.py``'s, for
every game.
"""

from __future__ import annotations

import random

from machine_checks import agree, bot_positions

from mp_tutor.princes.engine import MACHINE
from mp_tutor.princes.state import Kind, State

POSITIONS = bot_positions("princes")


def edge(s: State, rng: random.Random) -> State:
    """A copy of ``s`` pushed to the edges of what the checks refuse."""
    s = s.copy()
    for p in range(s.n):
        s.goods[p] = [rng.choice((0, 1, 2, 3, 5, 9, 14)) for _ in s.goods[p]]
        s.supply[p] = rng.choice((0, 1, 2, s.supply[p]))
    s.bank = [s.bank[0]] + [rng.choice((0, 0, 1, 2, 20)) for _ in s.bank[1:]]
    s.market = [rng.choice((0, 1, 3, 4)) for _ in s.market]
    s.rows = [rng.choice((0, 1, r)) for r in s.rows]
    return s


def test_fast_legal_equals_checked_candidates_at_the_edges() -> None:
    rng = random.Random(7)
    kinds = set()
    for s in rng.sample(POSITIONS, 2500):
        kinds.add(agree(MACHINE, edge(s, rng)))
    assert {Kind.TRADE, Kind.ACQUIRE, Kind.SET_UP_INCAS, Kind.SUN_CLOCK_GOODS} <= kinds
