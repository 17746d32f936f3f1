"""The coach: suggests a good move and says why, for any game that gives it a support.

- :func:`hint` (``hint_async`` in the background): the suggested action, its value and the
  best alternatives, with reasons citing rule ids;
- :func:`review`: what a played move cost against the coach's best ("what did that cost?");
- :func:`why`: the reasons for a move (e.g. a bot's, from the log);
- :class:`~mp_tutor.coach.bot.SearchBot`: the strong bot the coach is made of.

It searches over the game protocol (``fork``/``rollout``, ``legal_actions``, ``apply``,
``outcome``) with the game's determinizer (what a player knows, positions consistent
with it) and explainer; ``docs/COACH.md`` lists what a game provides.

>>> from mp_tutor import load_scenario
>>> game = load_scenario("coca-plantation-production")
>>> future = hint_async(game, iterations=40, workers=1)
>>> future.result().action in game.legal_actions()
True
"""

from __future__ import annotations

import time
from concurrent.futures import Future
from typing import Any

from .advisor import Choice, Hint, Review, hint, review, snapshot, think, why
from .bot import SearchBot
from .pool import shutdown, thread_pool, warm_up
from .reasons import Reason


def hint_async(game: Any, player: int | None = None, budget_s: float = 1.0, *, seed: int = 0,
               iterations: int | None = None, workers: int | None = None) -> Future[Hint]:
    """:func:`hint` in the background: returns at once with a future.

    The player's knowledge is taken now (the game may change afterwards); the search
    runs on the coach's thread and worker processes, so a notebook's kernel stays free
    (``future.add_done_callback(fn)`` to show the hint when it is ready;
    ``future.cancel()`` drops a hint not yet started).
    """
    started = time.monotonic()
    snap = snapshot(game, player)
    name = game.player_name(snap.player)
    return thread_pool().submit(think, snap, budget_s, seed=seed, iterations=iterations,
                                workers=workers, player_name=name, started=started)


__all__ = ["Choice", "Hint", "Reason", "Review", "SearchBot", "hint", "hint_async", "review",
           "shutdown", "snapshot", "think", "warm_up", "why"]
