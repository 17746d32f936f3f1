"""The priests game's own simulations: a save whose first position play cannot reach is
refused, and the schemer bot wins more often than random bots. Random and bot games of
every player count, with every invariant checked after every action, undo/redo, JSON round
trips, replays and the rollout mode, are ``tests/test_protocol.py``'s, for every game."""

from __future__ import annotations

import json

import pytest

from mp_tutor.priests import Game
from mp_tutor.priests.bots import RandomBot, SchemerBot, play_out


def test_a_save_whose_first_position_play_cannot_reach_is_refused() -> None:
    game = Game.new(players=2, seed=1)
    game.apply(game.legal_actions()[0])
    data = json.loads(game.to_json())
    data["initial"]["slots"][0] = [[10]]  # a sun token taken before the lower ones
    data["initial"]["sun_left"].remove(10)
    with pytest.raises(ValueError, match="initial: not a possible position: .*lowest"):
        Game.from_json(json.dumps(data))


def test_schemer_beats_random_more_often_than_not() -> None:
    """A weak strength check: the schemer's share of wins against three random bots."""
    wins = 0
    games = 60
    for seed in range(games):
        game = Game.new(players=4, seed=seed, history=False)
        seat = seed % 4
        bots = {p: (SchemerBot(seed) if p == seat else RandomBot(seed * 10 + p)) for p in range(4)}
        play_out(game, bots)
        out = game.outcome()
        assert out is not None
        wins += seat in out.winners
    assert wins > games // 4, wins
