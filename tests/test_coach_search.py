"""The search's paired mode: the k-th playout of every root action is played in the same
sampled world with the same chances (common random numbers)."""

from __future__ import annotations

import random
from typing import Any

from mp_tutor.coach.search import search


class World:
    """A sampled position whose end is pure luck: the action played changes nothing."""

    over = False

    def __init__(self, luck: float) -> None:
        self.luck = luck

    def apply(self, action: Any) -> None:
        self.over = True


class Luck:
    """A support whose every game ends at once with a value drawn when it is dealt."""

    horizon = None  # playouts to the end

    def sample(self, info: Any, rng: random.Random) -> World:
        return World(rng.random())

    def policy(self, game: Any, rng: random.Random) -> Any:  # pragma: no cover - never asked
        raise AssertionError("the game is over")

    def value(self, game: World, player: int) -> float:
        return game.luck

    def at_rest(self, game: Any) -> bool:  # pragma: no cover - no horizon, never asked
        raise AssertionError("no horizon")

    def shortlist(self, game: Any, player: int, legal: list[Any], size: int) -> list[Any]:
        return list(legal)[:size]


def test_paired_playouts_give_actions_that_change_nothing_the_same_values() -> None:
    legal = ["a", "b", "c"]
    paired = search(Luck(), None, 0, legal, iterations=60, seed=5, paired=True)
    alone = search(Luck(), None, 0, legal, iterations=60, seed=5)
    for res, same in ((paired, True), (alone, False)):
        assert res.iterations == 60 and {s.action for s in res.stats} == set(legal)
        shortest = min(len(s.values) for s in res.stats)
        firsts = {tuple(s.values[:shortest]) for s in res.stats}
        assert (len(firsts) == 1) is same, firsts
