"""Every decision's ``fast_legal`` equals its candidates that pass the check.

The rollout mode lists legal actions with ``fast_legal`` only, so this is what keeps it
playing the same rules: the two lists must be equal (same actions, same order) on
thousands of positions from bot games, and on positions pushed to the edges (empty bank,
full or empty market columns, no corn, many goods).
"""

from __future__ import annotations

import random

import pytest
from machine_checks import agree, without_fast_legal

from mp_tutor import Game
from mp_tutor.bots import BuilderBot, EagerBot, RandomBot
from mp_tutor.core.registry import get_game, known_games
from mp_tutor.princes.engine import MACHINE
from mp_tutor.princes.state import Kind, State

BOTS = (RandomBot, EagerBot, BuilderBot)


def positions(games: int = 18) -> list[State]:
    """States of bot games (2-5 players, learning variant too), every decision point."""
    out = []
    for i in range(games):
        game = Game.new(players=2 + i % 4, seed=100 + i, learning=i % 5 == 0, history=False)
        bot = BOTS[i % 3](seed=i)
        while not game.over:
            out.append(game.state.copy())
            game.apply(bot.choose(game))
    return out


POSITIONS = positions()


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


def test_every_decision_has_a_fast_legal() -> None:
    assert not without_fast_legal(MACHINE)


def test_fast_legal_equals_checked_candidates_in_bot_games() -> None:
    assert len(POSITIONS) > 3000
    kinds = {agree(MACHINE, s) for s in POSITIONS}
    assert {Kind.TURN, Kind.TRADE, Kind.PRODUCE, Kind.ACQUIRE, Kind.SET_UP_INCAS, Kind.OFFER,
            Kind.SACRIFICE, Kind.RETURN_CARDS, Kind.NIGHT, Kind.PLACE_INCA} <= kinds


def test_fast_legal_equals_checked_candidates_at_the_edges() -> None:
    rng = random.Random(7)
    kinds = set()
    for s in rng.sample(POSITIONS, 2500):
        kinds.add(agree(MACHINE, edge(s, rng)))
    assert {Kind.TRADE, Kind.ACQUIRE, Kind.SET_UP_INCAS, Kind.SUN_CLOCK_GOODS} <= kinds


@pytest.mark.parametrize("name", known_games())
def test_every_game_lists_legal_actions_like_its_checks(name: str) -> None:
    """For any game of the tutor: the listed actions are exactly the checked candidates."""
    info = get_game(name)
    game = info.new(players=info.players[0], seed=3, history=False)
    machine = game.machine
    rng = random.Random(3)
    while not game.over:
        step = machine.front(game.state)
        d = machine.decisions[step.kind]
        assert list(game.legal_actions()) == machine.checked_candidates(game.state, d, step)
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])


def test_state_copy_copies_every_field_independently() -> None:
    s = POSITIONS[len(POSITIONS) // 2]
    c = s.copy()
    assert all(hasattr(c, k) for k in State.FIELDS.names) and c.to_dict() == s.to_dict()
    for k in State.FIELDS.names:
        value = getattr(c, k)
        if isinstance(value, list):
            assert value is not getattr(s, k), k
            if value and isinstance(value[0], list):
                assert value[0] is not getattr(s, k)[0], k
