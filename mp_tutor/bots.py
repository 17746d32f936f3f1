"""Bots that play legal actions.

>>> from mp_tutor import Game
>>> game = Game.new(players=2, seed=3, history=False)
>>> play_out(game, RandomBot(seed=3))
>>> game.over
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .actions import Action

if TYPE_CHECKING:
    from .game import Game


class RandomBot:
    """Chooses uniformly among the legal actions (canonical trades)."""

    name = "random"

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        options = game.legal_actions()
        return options[self.rng.randrange(len(options))]


class EagerBot(RandomBot):
    """Random, but busy: moves rather than stays, and never declines when it can act.

    It reaches the rescue endings far more often than :class:`RandomBot`.
    """

    name = "eager"

    def choose(self, game: Game) -> Action:
        from .actions import Stay
        from .engine import is_decline

        options = list(game.legal_actions())
        busy = [a for a in options if not isinstance(a, Stay) and not is_decline(a)]
        if busy and self.rng.random() < 0.9:
            options = busy
        return options[self.rng.randrange(len(options))]


BOTS = {"random": RandomBot, "eager": EagerBot}


def play_out(game: Game, bot: RandomBot, max_actions: int = 100_000) -> None:
    """Let ``bot`` take every decision until the game ends."""
    for _ in range(max_actions):
        if game.over:
            return
        game.apply(bot.choose(game))
    raise RuntimeError("game did not end")
