"""The priests game's decisions list their legal actions with a ``fast_legal`` equal to
their checked candidates on positions pushed to the edges (odd hands, stairs taken at
random, priests anywhere or out, returning priests beside crowded start squares); the same
on bot games is ``tests/test_protocol.py``'s, for every game.
"""

from __future__ import annotations

import random

from machine_checks import agree, bot_positions

from mp_tutor.core.machine import Step
from mp_tutor.priests.engine import MACHINE
from mp_tutor.priests.state import Kind, State
from mp_tutor.priests.tables import CARDS, HEIGHTS, PRIESTS, SQUARES, STAIRS, START

POSITIONS = bot_positions("priests")


def edge(s: State, rng: random.Random) -> State:
    """A copy of ``s`` pushed to the edges of what the checks refuse."""
    s = s.copy()
    cards = list(CARDS)
    rng.shuffle(cards)
    for p in range(s.n):
        s.hands[p] = sorted(cards.pop() for _ in range(rng.choice((0, 1, 2, 4, 4))))
    for j in range(len(STAIRS)):
        taken = rng.random() < 0.4
        s.stairs[j] = cards.pop() if taken else None
        s.laid_by[j] = rng.randrange(s.n) if taken else None
        s.open[j] = taken and rng.random() < 0.5
    squares = rng.sample(range(SQUARES), PRIESTS)
    s.pos = [q if rng.random() < 0.85 else None for q in squares]
    kind = rng.choice((Kind.LAY, Kind.LAY, Kind.ORDER, Kind.RETURN_PRIEST))
    if kind == Kind.RETURN_PRIEST:
        i = rng.randrange(PRIESTS)
        s.pos[i] = None
        others = [k for k in range(PRIESTS) if k != i]
        if rng.random() < 0.8:  # its start square taken, and maybe squares next to it
            s.pos[others[0]] = START[i]
        for k in others[1:]:
            if rng.random() < 0.5:
                s.pos[k] = rng.choice([q for q in range(SQUARES) if q not in s.pos])
        s.queue = [Step(Kind.RETURN_PRIEST, s.first, HEIGHTS[i])] + s.queue[1:]
    else:
        s.queue = [Step(kind, rng.randrange(s.n))] + s.queue[1:]
    return s


def test_fast_legal_equals_checked_candidates_at_the_edges() -> None:
    rng = random.Random(7)
    kinds: dict[str | None, int] = {}
    empty = 0
    for s in rng.choices(POSITIONS, k=3000):
        e = edge(s, rng)
        kind = agree(MACHINE, e)
        kinds[kind] = kinds.get(kind, 0) + 1
        empty += not MACHINE.legal(e)
    assert min(kinds[k] for k in (Kind.LAY, Kind.ORDER, Kind.RETURN_PRIEST)) > 300
    assert empty > 50  # positions where the checks refuse every candidate
