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
