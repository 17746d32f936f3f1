"""Checks every game's decision machine must pass (shared by the games' test files).

The rollout mode lists legal actions with each decision's ``fast_legal`` only; these
helpers compare it with the candidates that pass the decision's check, and play whole bot
games checking every action (:func:`play_checked`).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

from mp_tutor.core.machine import Machine
from mp_tutor.core.registry import GameInfo, get_game
from mp_tutor.core.rules import IllegalAction
from mp_tutor.core.table import Observation, observe


def bots(info: GameInfo) -> list[Callable[..., Any]]:
    """The game's bots but the search (too slow to play hundreds of games)."""
    return [cls for name, cls in sorted(info.bots.items()) if name != "strong"]


def variant_options(info: GameInfo, i: int) -> dict[str, str]:
    """The readings of the game's variants for the ``i``-th of a series of games: the
    rulings (the defaults) for ``i = 0``, then each other reading in turn.

    >>> variant_options(get_game("priests"), 1)
    {'move_order': 'pairing', 'two_players': 'draw'}
    """
    return {name: readings[i % len(readings)] for name, readings in info.variants.items()}


@cache
def bot_positions(name: str, at_least: int = 2500) -> list[Any]:
    """States of the game's bot games (every player count, every bot but the search, the
    rulings and each variant's other readings), at every decision point: at least
    ``at_least`` of them."""
    info = get_game(name)
    kinds = bots(info)
    out: list[Any] = []
    i = 0
    each = len(info.players) * len(kinds)
    while len(out) < at_least or i < each * 2:
        game = info.new(players=info.players[i % len(info.players)], seed=300 + i, history=False,
                        **variant_options(info, i // each))
        bot = kinds[i % len(kinds)](seed=i)
        while not game.over:
            out.append(game.state.copy())
            game.apply(bot.choose(observe(game)))
        i += 1
    return out


def agree(machine: Machine, s: Any) -> str | None:
    """The kind of the decision pending in ``s`` after asserting that its ``fast_legal``
    equals its checked candidates (same actions, same order); None if nobody decides."""
    step = machine.front(s)
    if step is None:
        return None
    d = machine.decisions[step.kind]
    if d.internal:
        return None
    fast = d.fast_legal(s, step.player, step.payload)  # type: ignore[misc]
    slow = machine.checked_candidates(s, d, step)
    assert fast == slow, f"{step}: fast {fast} != checked {slow}"
    return str(step.kind)


def without_fast_legal(machine: Machine) -> list[str]:
    """The decisions a person can face that have no ``fast_legal`` (should be none)."""
    return [str(k) for k, d in machine.decisions.items()
            if not d.internal and d.fast_legal is None]


def probe_refusals(illegal: Callable[[Any, random.Random], list[Any]], game: Any,
                   rng: random.Random) -> None:
    """The actions ``illegal(game, rng)`` (a fuzzing kit's: illegal now) are explained and
    refused, and change nothing."""
    before = game.state.to_dict()
    log_len = len(game.log)
    for action in illegal(game, rng):
        assert game.explain(action) is not None, action
        with pytest.raises(IllegalAction):
            game.apply(action)
    assert game.state.to_dict() == before and len(game.log) == log_len


def play_checked(info: GameInfo, players: int, seed: int, bot_cls: Callable[..., Any],
                 illegal: Callable[[Any, random.Random], list[Any]] = lambda game, rng: [],
                 *, fast_legal: bool = False, **options: Any) -> Any:
    """A whole game of ``bot_cls(seed)`` bots (``options`` go to ``new``: a game's variants),
    checked at every action: the notation of legal actions parses back, the ``illegal``
    probes are refused and change nothing, every invariant holds after the action, undo
    and redo now and then (and with ``fast_legal``, each decision's ``fast_legal`` equals
    its checked candidates). The finished game is returned."""
    game = info.new(players=players, seed=seed, **options)
    player_bot = bot_cls(seed)
    rng = random.Random(seed)
    steps = 0
    while not game.over:
        legal = game.legal_actions()
        assert len(legal) >= 1, f"no legal action for {game.pending}"
        if fast_legal:
            agree(game.machine, game.state)
        for a in rng.sample(list(legal), min(2, len(legal))):  # the notation parses back
            assert str(a) == a.notation() and game.parse_action(str(a)) == a
        probe_refusals(illegal, game, rng)
        before = game.state.to_dict()
        action = player_bot.choose(observe(game))
        game.apply(action, player=game.pending.player)
        steps += 1
        bad = info.game.invariants(game.state)
        assert not bad, f"{players}p seed {seed} {options} after {action}: {bad}"
        if rng.random() < 0.1:
            after = game.state.to_dict()
            assert game.undo() and game.state.to_dict() == before
            assert game.redo() and game.state.to_dict() == after
        assert steps < 5000
    return game


def assert_rollout_in_lockstep(game_type: Any, players: int, seed: int, bot_cls: type,
                               look: Any = lambda game: game, **options: Any) -> tuple[Any, Any]:
    """Play one game twice, in the full engine and in the rollout mode, with twin bots
    (``bot.choose(look(game))``): the same legal actions, the same choices, the same states
    and every invariant kept after each action; the two games, over, are returned.
    ``options`` go to ``new`` (a game's variants)."""
    full = game_type.new(players=players, seed=seed, **options)
    fast = game_type.new(players=players, seed=seed, fast=True, **options)
    bot, twin = bot_cls(seed), bot_cls(seed)
    while not full.over:
        legal = fast.legal_actions()
        assert list(legal) == list(full.legal_actions())
        assert fast.pending == full.pending
        action = bot.choose(look(full))
        assert twin.choose(look(fast)) == action
        full.apply(action)
        assert fast.apply(legal[list(legal).index(action)]) == []
        bad = game_type.invariants(fast.state)
        assert not bad, f"{players}p seed {seed} after {action}: {bad}"
        assert fast.state.to_dict() == full.state.to_dict()
    assert fast.over and fast.log == [] and fast.history == []
    assert fast.outcome() == full.outcome()
    return full, fast


def assert_bot_sees_only_an_observation(game: Any, bot_type: Any, swap_hidden: Any) -> None:
    """``bot_type(seed=2, iterations=30)`` chooses the same legal action from a plain JSON
    copy of the decider's view (no way back to the game) and after a swap of the cards
    hidden from the decider."""
    p = game.decider
    real = observe(game)
    view = json.loads(json.dumps(game.view(p)))
    detached = Observation(p, real.legal, type(game), lambda: view, lambda: real.pending,
                           list(game.log))
    choice = bot_type(seed=2, iterations=30).choose(detached)
    assert choice in real.legal
    assert bot_type(seed=2, iterations=30).choose(observe(swap_hidden(game, p))) == choice


def assert_json_and_undo_round_trips(game: Any, bot: Any, steps: int) -> None:
    """Play ``steps`` bot moves on ``game`` (a new game; fewer if it ends): after each one a JSON round trip
    gives the same state and save; then undo goes back through every state, redo forward
    again, and a game with undone moves keeps its redo stack through JSON."""
    states = [game.state.to_dict()]
    for _ in range(steps):
        if game.over:
            break
        game.apply(bot.choose(game))
        states.append(game.state.to_dict())
        copy = type(game).from_json(game.to_json())
        assert copy.state.to_dict() == game.state.to_dict()
        assert copy.to_json() == game.to_json()
    for expected in reversed(states[:-1]):
        assert game.undo() and game.state.to_dict() == expected
    assert not game.undo()
    for expected in states[1:]:
        assert game.redo() and game.state.to_dict() == expected
    assert not game.redo()
    game.undo()
    game.undo()
    again = type(game).from_json(game.to_json())
    assert again.can_redo and again.redo() and again.redo()
    assert again.state.to_dict() == states[-1]
