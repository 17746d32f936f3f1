"""Every decision of the priests game lists its legal actions with a ``fast_legal`` equal to
its candidates that pass the check (same actions, same order).

The rollout mode lists legal actions with ``fast_legal`` only, so this keeps it playing the
same rules: on thousands of positions of random and schemer games (2, 3 and 4 players) and
on positions pushed to the edges (odd hands, stairs taken at random, priests anywhere or out,
returning priests beside crowded start squares). Also: ``State.copy`` copies every field.
"""

from __future__ import annotations

import random

from machine_checks import agree, without_fast_legal

from mp_tutor.core.machine import Step
from mp_tutor.core.table import observe
from mp_tutor.priests import Game
from mp_tutor.priests.bots import RandomBot, SchemerBot
from mp_tutor.priests.engine import MACHINE
from mp_tutor.priests.state import Kind, State
from mp_tutor.priests.tables import CARDS, HEIGHTS, PRIESTS, SQUARES, STAIRS, START

BOTS = (RandomBot, SchemerBot)


def positions(games: int = 30) -> list[State]:
    """States of bot games (2-4 players), at every decision point."""
    out = []
    for i in range(games):
        game = Game.new(players=2 + i % 3, seed=300 + i, history=False)
        bot = BOTS[i % 2](seed=i)
        while not game.over:
            out.append(game.state.copy())
            game.apply(bot.choose(observe(game)))
    return out


POSITIONS = positions()


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


def test_every_decision_has_a_fast_legal() -> None:
    assert not without_fast_legal(MACHINE)


def test_fast_legal_equals_checked_candidates_in_bot_games() -> None:
    assert len(POSITIONS) > 1000
    kinds = {agree(MACHINE, s) for s in POSITIONS}
    assert {Kind.LAY, Kind.ORDER, Kind.RETURN_PRIEST} <= kinds


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


def test_state_copy_copies_every_field_independently() -> None:
    s = POSITIONS[len(POSITIONS) // 2]
    before = s.to_dict()
    c = s.copy()
    assert all(hasattr(c, k) for k in State.FIELDS.names) and c.to_dict() == s.to_dict() and c == s
    for k in State.FIELDS.names:
        value = getattr(c, k)
        if isinstance(value, list):
            assert value is not getattr(s, k), k
            if value and isinstance(value[0], list):
                assert value[0] is not getattr(s, k)[0], k
    c.hands[0].append(99)
    c.slots[0].append((1,))
    c.queue.pop()
    assert c.to_dict() != before and s.to_dict() == before
