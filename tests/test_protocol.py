"""The game protocol, checked once for every game of the tutor (a new game gets it for free).

For each registered game (``mp_tutor.core.registry.known_games()``), with its own bots (all
but the search bot) and its fuzzing kit's probes (``tests/fuzz_<game>.py``: actions that are
illegal now): every decision lists its legal actions with a ``fast_legal`` equal to its
checked candidates; a state's copy copies every field; bot games of every player count keep
every invariant, refuse illegal actions without changing anything, undo and redo, replay
from their seed and read back from JSON; the rollout mode plays the same games; a save names
the field that is wrong; the shipped scenarios pass their checks and a saved position reads
back. Each game's own rules are tested in its own files.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fuzzing import FUZZERS
from machine_checks import (
    agree,
    assert_json_and_undo_round_trips,
    assert_rollout_in_lockstep,
    bot_positions,
    bots,
    play_checked,
    probe_refusals,
    without_fast_legal,
)

from mp_tutor.core.registry import get_game, known_games
from mp_tutor.core.scenarios import run_checks
from mp_tutor.core.table import observe, play_out

GAMES = known_games()
#: how many bot games each simulation plays for a game, over its player counts and bots
SIMULATED = 96
IN_LOCKSTEP = 36


def cases(total: int) -> list[Any]:
    """``(game, players, bot)`` for every game, player count and bot, and how many seeds
    each one plays so that a game plays about ``total`` games in all."""
    out = []
    for name in GAMES:
        info = get_game(name)
        kinds = bots(info)
        seeds = max(2, total // (len(info.players) * len(kinds)))
        out += [pytest.param(name, n, i, seeds, id=f"{name}-{n}p-{cls.__name__}")
                for n in info.players for i, cls in enumerate(kinds)]
    return out


@pytest.mark.parametrize("name", GAMES)
def test_every_decision_has_a_fast_legal(name: str) -> None:
    assert not without_fast_legal(get_game(name).game.machine)


@pytest.mark.parametrize("name", GAMES)
def test_fast_legal_equals_checked_candidates_in_bot_games(name: str) -> None:
    machine = get_game(name).game.machine
    found = bot_positions(name)
    kinds = {agree(machine, s) for s in found}
    assert kinds >= FUZZERS[name].decisions - {"game_over"}


@pytest.mark.parametrize("name", GAMES)
def test_legal_actions_are_the_checked_candidates_in_random_games(name: str) -> None:
    """The listed actions (``fast_legal``) are exactly the checked candidates, all game long."""
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


@pytest.mark.parametrize("name", GAMES)
def test_state_copy_copies_every_field_independently(name: str) -> None:
    s = bot_positions(name)[len(bot_positions(name)) // 2]
    before = s.to_dict()
    c = s.copy()
    names = type(s).FIELDS.names
    assert all(hasattr(c, k) for k in names) and c.to_dict() == before and c == s
    for k in names:
        value = getattr(c, k)
        if isinstance(value, list):
            assert value is not getattr(s, k), k
            if value and isinstance(value[0], list):
                assert value[0] is not getattr(s, k)[0], k
                value[0] += value[0][-1:]  # a change of the copy ...
    c.queue.pop()
    assert c.to_dict() != before and s.to_dict() == before  # ... leaves the original alone


@pytest.mark.parametrize(("name", "players", "bot", "seeds"), cases(SIMULATED))
def test_bot_games_keep_every_invariant(name: str, players: int, bot: int, seeds: int) -> None:
    """Every action keeps the invariants; illegal probes change nothing; undo and redo;
    the finished game reads back from JSON and replays from its seed."""
    info, kit = get_game(name), FUZZERS[name]
    for seed in range(seeds):
        game = play_checked(info, players, seed, bots(info)[bot], kit.illegal)
        out = game.outcome()
        assert out is not None and len(out.scores) == players and out.winners
        assert all(1 <= sc.rank <= players for sc in out.scores)
        again = type(game).from_json(game.to_json())
        assert again.state.to_dict() == game.state.to_dict()
        assert [e.text for e in again.log] == [e.text for e in game.log]
        replay = info.new(players=players, seed=seed)
        for a in game.history:
            replay.apply(a)
        assert replay.state.to_dict() == game.state.to_dict()


@pytest.mark.parametrize(("name", "players", "bot", "seeds"), cases(IN_LOCKSTEP))
def test_rollout_mode_plays_the_same_games(name: str, players: int, bot: int, seeds: int) -> None:
    """The rollout mode (no history, no events, fast_legal, trusted actions) keeps every
    invariant and plays exactly the games of the full engine, action for action; it still
    refuses an illegal action, and a rollout copy made mid-game plays on like the game."""
    info, kit = get_game(name), FUZZERS[name]
    for seed in range(seeds):
        full, _ = assert_rollout_in_lockstep(info.game, players, seed, bots(info)[bot], observe)
        again = info.new(players=players, seed=seed, fast=True)
        probe_refusals(kit.illegal, again, random.Random(seed))
        mid = info.new(players=players, seed=seed)
        for a in full.history[: len(full.history) // 2]:
            mid.apply(a)
        copy = mid.rollout()
        for a in full.history[len(full.history) // 2:]:
            copy.apply(a)
        assert copy.state.to_dict() == full.state.to_dict()


@pytest.mark.parametrize("name", GAMES)
def test_json_round_trip_mid_game_and_undo_everything(name: str) -> None:
    info = get_game(name)
    game = info.new(players=info.players[-1], seed=99)
    assert_json_and_undo_round_trips(game, bots(info)[0](99), 60)


@pytest.mark.parametrize("name", GAMES)
def test_from_json_refuses_bad_saves_naming_the_field(name: str) -> None:
    info, kit = get_game(name), FUZZERS[name]
    game = info.new(players=info.players[0], seed=1)
    game.apply(game.legal_actions()[0])
    text = game.to_json()
    other = next(get_game(g).game.FORMAT for g in GAMES if g != name) if len(GAMES) > 1 else "x"
    with pytest.raises(ValueError, match="format"):
        type(game).from_json(json.dumps({"format": other, "version": 1}))
    with pytest.raises(ValueError, match="not JSON"):
        type(game).from_json("{nope")
    data = json.loads(text)
    data["state"]["seed"] += 1
    with pytest.raises(ValueError, match="state"):
        type(game).from_json(json.dumps(data))
    start = info.new(players=info.players[0], seed=1)
    refused = next(a for a in kit.illegal(start, random.Random(1)) if start.explain(a))
    data = json.loads(text)
    data["actions"][0] = refused.to_json()
    with pytest.raises(ValueError, match=r"actions\[0\]"):
        type(game).from_json(json.dumps(data))


@pytest.mark.parametrize("name", GAMES)
def test_games_are_deterministic_from_the_seed(name: str) -> None:
    info = get_game(name)
    random_bot = info.bots["random"]
    n = info.players[-1]
    a, b = info.new(players=n, seed=5), info.new(players=n, seed=5)
    play_out(a, random_bot(1))
    play_out(b, random_bot(1))
    assert a.to_json() == b.to_json()
    assert info.new(players=n, seed=6).state.to_dict() != info.new(players=n, seed=5).state.to_dict()


@pytest.mark.parametrize(("name", "scenario"), [
    pytest.param(name, sc, id=f"{name}-{sc}") for name in GAMES
    for sc in get_game(name).scenario_names()])
def test_shipped_scenarios_explain_themselves_and_pass_their_checks(name: str, scenario: str
                                                                    ) -> None:
    """A shipped scenario has a title of its own, a rulebook section, a description, a
    script that plays through the public API, and checks that cover the whole script and
    hold; a presentation steps through it and back; saved
    at its start, it reads back to the same position and the same text."""
    info = get_game(name)
    sc = info.read_scenario(scenario)
    assert sc.name == scenario and sc.title and sc.title != scenario
    assert sc.rulebook and len(sc.description) > 50
    assert sc.script and sc.checks and max(c.get("after", 0) for c in sc.checks) == len(sc.script)
    assert run_checks(sc) == []
    game = sc.build()
    assert game.scenario is sc
    for step in sc.script:
        assert step.action in game.legal_actions(), f"{step.action!r}: {game.explain(step.action)}"
        assert game.apply(step.action), f"{step.action!r} produced no events"
    show = info.scenarios.presentation(scenario)
    while not show.done:
        show.next()
    assert show.game.state == game.state
    while show.back():
        pass
    assert show.game.state == sc.build().state
    start = sc.build()
    text = info.scenarios.text(start, "again", "saved at the start")
    again = info.read_scenario("again.toml", text=text)
    assert again.title == "again" and again.build().pending == start.pending
    assert list(again.build().legal_actions()) == list(start.legal_actions())
    assert info.scenarios.text(again.build(), "again", "saved at the start") == text


@pytest.mark.parametrize("name", GAMES)
def test_a_saved_position_reads_back(name: str) -> None:
    """At each position a scenario can be saved at, its file reads back to a position that
    saves to the same file, with the same decision pending and the same legal actions."""
    info = get_game(name)
    saved = 0
    for n in info.players:
        game = info.new(players=n, seed=n)
        rng = random.Random(n)
        while not game.over and saved < 12 * n:
            try:
                text = info.scenarios.text(game, "again", "saved mid-game")
            except ValueError:
                text = None
            if text is not None:
                again = info.read_scenario("saved.toml", text=text).build()
                assert info.scenarios.text(again, "again", "saved mid-game") == text
                assert again.pending == game.pending
                assert list(again.legal_actions()) == list(game.legal_actions())
                saved += 1
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
    assert saved >= 5


@pytest.mark.parametrize("name", GAMES)
def test_the_game_is_registered(name: str) -> None:
    info = get_game(name)
    assert info.name == name == info.game.name and info.game.rules is info.rules
    assert info.colours == info.game.colours and len(info.colours) >= max(info.players)
    game = info.new(players=info.players[0], seed=1)
    assert game.players == info.players[0] and info.svg is not None
    assert info.svg(game.view(None)).startswith("<svg") and repr(game).startswith("<Game ")
    assert info.chapter_dir.is_dir() and info.scenario_names()
    assert {"random", "strong"} <= set(info.bots) and info.coach is not None
