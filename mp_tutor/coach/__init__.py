"""The coach: suggests a good move and says why, for any game that gives it a support.

- :func:`hint` (``hint_async`` in the background): the suggested action, its value and the
  best alternatives, with reasons citing rule ids;
- :func:`review`: what a played move cost against the coach's best ("what did that cost?");
- :func:`why`: the reasons for a move (e.g. a bot's, from the log); ``review_async`` and
  ``why_async`` run them in the background like ``hint_async``;
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
from pathlib import Path
from typing import TYPE_CHECKING, Unpack

from ..core.i18n import add_catalogs
from .advisor import (
    Choice,
    Describe,
    Hint,
    Review,
    ReviewOptions,
    hint,
    player_term,
    review,
    review_steps,
    snapshot,
    think,
    think_steps,
    why,
    why_steps,
)
from .bot import SearchBot
from .pool import check_workers, shutdown, warm_up
from .reasons import Reason, for_and_against
from .tasks import Steps, submit

if TYPE_CHECKING:  # the game protocol, for annotations only
    from ..core.actions import Action
    from ..core.game import BaseGame

add_catalogs(Path(__file__).with_name("locale"))  # the coach's sentences in each language


def hint_async(game: BaseGame, player: int | None = None, budget_s: float = 1.0, *, seed: int = 0,
               iterations: int | None = None, workers: int | None = None,
               describe: Describe | None = None) -> Future[Hint]:
    """:func:`hint` in the background: returns at once with a future.

    The player's knowledge is taken now (the game may change afterwards); the search
    runs on the coach's thread and worker processes, so a notebook's kernel stays free
    (``future.add_done_callback(fn)`` to show the hint when it is ready;
    ``future.cancel()`` drops a hint not yet started). Where no thread can start (the
    browser's Python) it runs in slices on the kernel's running event loop instead, and
    the future completes there (:mod:`mp_tutor.coach.tasks`); with the same ``iterations``,
    ``seed`` and ``workers`` the hint is the same either way. ``describe`` (see
    :func:`hint`) is called where the hint is worked out.
    """
    check_workers(workers)  # a bad one is refused here, not later in the future
    started = time.monotonic()
    snap = snapshot(game, player)
    return submit(think_steps(snap, budget_s, seed=seed, iterations=iterations, workers=workers,
                              player_name=player_term(game, snap.player), started=started,
                              describe=describe))


def review_async(game_before: BaseGame, action: Action | str, player: int | None = None,
                 budget_s: float = 1.0, **options: Unpack[ReviewOptions]) -> Future[Review]:
    """:func:`review` in the background (like :func:`hint_async`, after the questions asked
    before it). ``game_before`` must not change meanwhile: pass a copy
    (``game.copy()`` and ``undo()``), which the coach then owns.

    >>> from mp_tutor import load_scenario
    >>> game = load_scenario("coca-plantation-production")
    >>> rev = review_async(game.copy(), "move coca_plantation", iterations=30, workers=1)
    >>> rev.result().loss >= 0
    True
    """
    check_workers(options.get("workers"))
    return submit(review_steps(game_before, action, player, budget_s, **options))


def _warm_up_steps(game: str, workers: int | None) -> Steps[None]:
    warm_up(game, workers)
    yield from ()


def warm_up_async(game: str, workers: int | None = None) -> Future[None]:
    """:func:`warm_up` in the background (a front end calls it when it is first shown)."""
    check_workers(workers)
    return submit(_warm_up_steps(game, workers))


def why_async(game_before: BaseGame, action: Action | str, player: int | None = None,
              budget_s: float = 0.5, **options: Unpack[ReviewOptions]) -> Future[Choice]:
    """:func:`why` in the background (like :func:`review_async`; ``viewer=`` too)."""
    check_workers(options.get("workers"))
    return submit(why_steps(game_before, action, player, budget_s, **options))


__all__ = ["Choice", "Hint", "Reason", "Review", "SearchBot", "for_and_against", "hint",
           "hint_async", "review", "review_async", "shutdown", "snapshot", "think", "warm_up",
           "warm_up_async", "why", "why_async"]
