"""The Princes' bots (kept here for the public API; see :mod:`mp_tutor.princes.bots`).

>>> from mp_tutor import Game
>>> game = Game.new(players=2, seed=3, history=False)
>>> play_out(game, RandomBot(seed=3))
>>> game.over
True
"""

from .princes.bots import BOTS, BuilderBot, EagerBot, RandomBot, StrongBot, play_out

__all__ = ["BOTS", "BuilderBot", "EagerBot", "RandomBot", "StrongBot", "play_out"]
