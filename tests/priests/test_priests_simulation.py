"""Random-play simulations of the priests game for 2, 3 and 4 players, with every invariant
checked after every action: the 20 tokens and the 50 cards conserved, one priest per square,
at most 5 slots, a legal action for every pending decision, illegal probes that change
nothing, undo/redo, JSON round trips and replays from the seed."""

from __future__ import annotations

import json
import random

import pytest
from machine_checks import assert_json_and_undo_round_trips, assert_rollout_in_lockstep

from mp_tutor.core.rules import IllegalAction
from mp_tutor.core.table import observe
from mp_tutor.priests import Game
from mp_tutor.priests.actions import Lay, Order, Place
from mp_tutor.priests.bots import RandomBot, SchemerBot, play_out
from mp_tutor.priests.engine import MACHINE
from mp_tutor.priests.invariants import check_invariants
from mp_tutor.priests.tables import CARDS, SQUARE_NAMES, STAIRS

SEEDS = 25


def probes(game: Game, rng: random.Random) -> list:
    """Actions that are illegal now: the wrong kind, a card not in hand, a taken stair..."""
    s = game.state
    kind = game.pending.kind
    out: list = [Order("tallest")] if kind != "order" else [Lay(1, "north")]
    p = game.pending.player
    if kind == "lay_drawn":  # only the card drawn: a hand card is refused
        out.append(Lay(s.hands[p][0], game.pending.options["stairs"][0]))
    if kind == "lay":
        hand = s.hands[p]
        out.append(Lay(next(c for c in CARDS if c not in hand), STAIRS[rng.randrange(4)]))
        taken = [st for j, st in enumerate(STAIRS) if s.stairs[j] is not None]
        if taken:
            out.append(Lay(hand[0], taken[0]))
        wrong = "hidden" if game.pending.options["face"] == "open" else "open"
        out.append(Lay(hand[0], game.pending.options["stairs"][0], wrong))
    if kind == "return_priest":
        h = game.state.queue[0].payload
        out.append(Place(h, SQUARE_NAMES[12]))
    return out


def check_fast_legal(game: Game) -> None:
    """The fast listing of legal actions equals the candidates that pass the check."""
    step = MACHINE.front(game.state)
    if step is None:
        return
    d = MACHINE.decisions[step.kind]
    fast = MACHINE.legal(game.state)
    slow = MACHINE.checked_candidates(game.state, d, step)
    assert fast == slow, (step, fast, slow)


def play_checked(players: int, seed: int, bot_cls: type = RandomBot, **options: str) -> Game:
    """A whole game of ``bot_cls`` bots (``options``: the variants of ``Game.new``), every
    invariant, the fast listing of legal actions, illegal probes, undo and redo checked after
    every action."""
    game = Game.new(players=players, seed=seed, **options)
    bot = bot_cls(seed)
    rng = random.Random(seed)
    steps = 0
    while not game.over:
        legal = game.legal_actions()
        assert len(legal) >= 1, f"no legal action for {game.pending}"
        check_fast_legal(game)
        for a in legal:  # notation parses back, and str() is the notation
            assert str(a) == a.notation() and Game.parse_action(str(a)) == a
        before = game.state.to_dict()
        log_len = len(game.log)
        for probe in probes(game, rng):
            assert game.explain(probe) is not None, probe
            with pytest.raises(IllegalAction):
                game.apply(probe)
        assert game.state.to_dict() == before and len(game.log) == log_len
        player = game.pending.player
        action = bot.choose(observe(game))
        game.apply(action, player=player)
        steps += 1
        bad = check_invariants(game.state)
        assert not bad, f"{players}p seed {seed} after {action}: {bad}"
        if rng.random() < 0.15:
            after = game.state.to_dict()
            assert game.undo() and game.state.to_dict() == before
            assert game.redo() and game.state.to_dict() == after
        assert steps < 500
    return game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant(players: int) -> None:
    for seed in range(SEEDS):
        game = play_checked(players, seed)
        out = game.outcome()
        assert out is not None and len(out.scores) == players and out.winners
        again = Game.from_json(game.to_json())
        assert again.state.to_dict() == game.state.to_dict()
        assert [e.text for e in again.log] == [e.text for e in game.log]
        replay = Game.new(players=players, seed=seed)
        for a in game.history:
            replay.apply(a)
        assert replay.state.to_dict() == game.state.to_dict()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_schemer_games_keep_every_invariant(players: int) -> None:
    for seed in range(4):
        play_checked(players, 100 + seed, SchemerBot)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("bot_cls", [RandomBot, SchemerBot])
def test_rollout_mode_plays_the_same_games(players: int, bot_cls: type) -> None:
    """The rollout mode (no history, no events, fast_legal, trusted actions) keeps every
    invariant and plays exactly the games of the full engine, action for action."""
    for seed in range(6):
        full, _ = assert_rollout_in_lockstep(Game, players, seed, bot_cls, observe)
        # an illegal action is still refused in the rollout mode, and changes nothing
        again = Game.new(players=players, seed=seed, fast=True)
        before = again.state.to_dict()
        with pytest.raises(IllegalAction):
            again.apply(Order("tallest"))
        with pytest.raises(IllegalAction):
            again.apply(Lay(next(c for c in range(1, 51) if c not in again.state.hands[
                again.decider]), "north"))
        assert again.state.to_dict() == before
        # a rollout copy of a position in the middle plays on like the full game
        mid = Game.new(players=players, seed=seed)
        for a in full.history[: len(full.history) // 2]:
            mid.apply(a)
        copy = mid.rollout()
        for a in full.history[len(full.history) // 2:]:
            copy.apply(a)
        assert copy.state.to_dict() == full.state.to_dict()


def test_json_round_trip_mid_game_and_undo_everything() -> None:
    assert_json_and_undo_round_trips(Game.new(players=3, seed=99), RandomBot(99), 25)



def test_from_json_refuses_bad_saves_naming_the_field() -> None:
    game = Game.new(players=2, seed=1)
    game.apply(game.legal_actions()[0])
    text = game.to_json()
    with pytest.raises(ValueError, match="format"):
        Game.from_json('{"format": "mp-tutor-game", "version": 1}')
    data = json.loads(text)
    data["state"]["round"] = 2
    with pytest.raises(ValueError, match="state"):
        Game.from_json(json.dumps(data))
    data = json.loads(text)
    data["actions"][0] = {"action": "Lay", "card": 99, "stair": "north"}
    with pytest.raises(ValueError, match=r"actions\[0\]"):
        Game.from_json(json.dumps(data))
    data = json.loads(text)
    data["initial"]["slots"][0] = [[10]]  # a sun token taken before the lower ones
    data["initial"]["sun_left"].remove(10)
    with pytest.raises(ValueError, match="initial: not a possible position: .*lowest"):
        Game.from_json(json.dumps(data))


def test_games_are_deterministic_from_the_seed() -> None:
    a, b = Game.new(players=4, seed=5), Game.new(players=4, seed=5)
    play_out(a, RandomBot(1))
    play_out(b, RandomBot(1))
    assert a.to_json() == b.to_json()
    c = Game.new(players=4, seed=6)
    assert c.state.to_dict() != Game.new(players=4, seed=5).state.to_dict()


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
