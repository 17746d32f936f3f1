"""Checks every game's decision machine must pass (shared by the games' test files).

The rollout mode lists legal actions with each decision's ``fast_legal`` only; these
helpers compare it with the candidates that pass the decision's check.
"""

from __future__ import annotations

from typing import Any

from mp_tutor.core.machine import Machine


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
    import json

    from mp_tutor.core.table import Observation, observe

    p = game.decider
    real = observe(game)
    view = json.loads(json.dumps(game.view(p)))
    detached = Observation(p, real.legal, type(game), lambda: view, lambda: real.pending,
                           list(game.log))
    choice = bot_type(seed=2, iterations=30).choose(detached)
    assert choice in real.legal
    assert bot_type(seed=2, iterations=30).choose(observe(swap_hidden(game, p))) == choice


def assert_json_and_undo_round_trips(game: Any, bot: Any, steps: int) -> None:
    """Play ``steps`` bot moves on ``game`` (a new game): after each one a JSON round trip
    gives the same state and save; then undo goes back through every state, redo forward
    again, and a game with undone moves keeps its redo stack through JSON."""
    states = [game.state.to_dict()]
    for _ in range(steps):
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
