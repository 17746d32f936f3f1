"""A strong bot for any game the coach knows: it searches what its seat knows.

It is an observer like every bot: ``choose(observation)`` gets the view of its seat, the
legal actions and the public log, never the state. It remembers its own past actions
(a player knows what they did, e.g. which cards they put back under the deck).
"""

from __future__ import annotations

from typing import Generic

from ..core.actions import Action
from ..core.game import BaseGame
from ..core.table import Observation, observe
from .pool import check_workers, run_search
from .search import K, Support


class SearchBot(Generic[K]):
    """Determinized Monte Carlo search over the rollout mode (``budget_s`` per decision,
    or exactly ``iterations`` playouts, on ``workers`` processes).

    A game's strong bot subclasses it with its coach support (``support = SUPPORT``).
    """

    name = "strong"
    #: the game's coach support (its ``name`` is the game's)
    support: Support[K]

    def __init__(self, seed: int | None = 0, budget_s: float = 0.25, iterations: int | None = None,
                 workers: int = 1, horizon: int | None = None) -> None:
        self.game = self.support.name
        self.seed = seed or 0
        self.budget_s = budget_s
        self.iterations = iterations
        self.workers = check_workers(workers)
        self.horizon = horizon
        self.decisions = 0
        self.own: dict[int, list[Action]] = {}

    def choose(self, seen: Observation | BaseGame) -> Action:
        obs = seen if isinstance(seen, Observation) else observe(seen)
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        player = obs.player if obs.player is not None else 0
        own = self.own.setdefault(player, [])
        info = self.support.knowledge(obs.view, obs.log, own)
        self.decisions += 1
        seconds = None if self.iterations is not None else self.budget_s
        res = run_search(self.game, info, player, legal, workers=self.workers,
                         iterations=self.iterations, seconds=seconds, horizon=self.horizon,
                         seed=self.seed * 100_003 + self.decisions)
        action = res.best.action
        own.append(action)
        return action


__all__ = ["SearchBot"]
