"""Random-play simulations for 2-5 players with invariants checked after every action."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from machine_checks import assert_json_and_undo_round_trips, assert_rollout_in_lockstep

from mp_tutor import Game, IllegalAction
from mp_tutor.actions import Continue, Move, Produce, Stay, Trade
from mp_tutor.bots import BuilderBot, EagerBot, RandomBot
from mp_tutor.invariants import check_invariants

SEEDS = 8


def illegal_probes(game: Game, rng: random.Random) -> list:
    """Actions that are illegal now (the wrong kind, or a wrong value)."""
    kind = game.pending.kind
    probes = [Continue()] if kind != "night" else [Produce(1)]
    if kind == "turn":
        p = game.pending.player
        cur = game.state.prince[p]
        if cur is not None:
            from mp_tutor.data import DISTRICT_IDS

            probes.append(Move(DISTRICT_IDS[cur]))
        taken = [t for h in game.state.moon_held for t in h]
        if taken:
            probes.append(Stay(taken[0]))
    if kind == "trade":
        probes.append(Trade(buy=(("llama", 99),)))
    if kind == "produce":
        probes.append(Produce(99))
    return probes


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("bot_cls", [RandomBot, EagerBot, BuilderBot])
def test_random_games_keep_every_invariant(players: int, bot_cls: type) -> None:
    endings: Counter[str] = Counter()
    for seed in range(SEEDS):
        game = Game.new(players=players, seed=seed)
        bot = bot_cls(seed)
        rng = random.Random(seed)
        steps = 0
        while not game.over:
            pending = game.pending
            legal = game.legal_actions()
            assert len(legal) >= 1, f"no legal action for {pending}"
            # illegal actions change nothing
            before = game.state.to_dict()
            log_len = len(game.log)
            for probe in illegal_probes(game, rng):
                assert game.explain(probe) is not None
                with pytest.raises(IllegalAction):
                    game.apply(probe)
            assert game.state.to_dict() == before and len(game.log) == log_len
            action = bot.choose(game)
            game.apply(action, player=pending.player)
            steps += 1
            bad = check_invariants(game.state)
            assert not bad, f"seed {seed} after {action}: {bad}"
            # undo / redo round trip
            if rng.random() < 0.1:
                after = game.state.to_dict()
                assert game.undo()
                assert game.state.to_dict() == before
                assert game.redo()
                assert game.state.to_dict() == after
            assert steps < 5000
        out = game.outcome()
        assert out is not None and len(out.scores) == players
        assert out.winners and all(1 <= sc.rank <= players for sc in out.scores)
        endings[out.ending] += 1
        # JSON round trip of the finished game
        again = Game.from_json(game.to_json())
        assert again.state.to_dict() == game.state.to_dict()
        assert [e.text for e in again.log] == [e.text for e in game.log]
        # replay from the seed gives the same game
        replay = Game.new(players=players, seed=seed)
        for a in game.history:
            replay.apply(a)
        assert replay.state.to_dict() == game.state.to_dict()
    assert sum(endings.values()) == SEEDS


def test_json_round_trip_mid_game_and_undo_everything() -> None:
    assert_json_and_undo_round_trips(Game.new(players=4, seed=99), EagerBot(99), 120)



def test_from_json_rejects_bad_files() -> None:
    game = Game.new(players=2, seed=1)
    game.apply("inca farmer")
    text = game.to_json()
    with pytest.raises(ValueError, match="format"):
        Game.from_json('{"format": "something else"}')
    with pytest.raises(ValueError, match="not JSON"):
        Game.from_json("{nope")
    data = json.loads(text)
    data["state"]["day"] += 1
    with pytest.raises(ValueError, match="state"):
        Game.from_json(json.dumps(data))
    data = json.loads(text)
    data["actions"][0] = {"action": "Produce", "count": 5}
    with pytest.raises(ValueError, match=r"actions\[0\]"):
        Game.from_json(json.dumps(data))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("bot_cls", [RandomBot, EagerBot, BuilderBot])
def test_rollout_mode_plays_the_same_games(players: int, bot_cls: type) -> None:
    """The rollout mode (no history, no events, fast_legal, trusted actions) keeps every
    invariant and plays exactly the games of the full engine, action for action."""
    for seed in range(2):
        assert_rollout_in_lockstep(Game, players, seed, bot_cls)
        # an illegal action is still refused in the rollout mode
        copy = Game.new(players=players, seed=seed, fast=True)
        with pytest.raises(IllegalAction):
            copy.apply(Continue())
