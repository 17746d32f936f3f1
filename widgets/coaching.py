"""The coach on the board: Hint, "What did that cost?" and "Why?" (``docs/COACH.md``).

``Board(game, coach=True)`` (the Tutor turns it on when the game's ``GameInfo`` has a
coach support) adds a **Hint** button beside Undo. The session's :class:`Coach`
(``board.coach``) asks the coach
(:func:`mp_tutor.coach.hint_async`) about the decision of the player this board decides
for, and only theirs: a seated learner never gets a hint for another seat's decision, and
the coach gets only what that player knows (their view, the public log, their own past
actions), never the state. The kernel stays free while the coach thinks: the search runs on
the coach's thread and worker processes, and the answer is handed to the kernel's event
loop (``loop.call_soon_threadsafe``, the loop taken when the question was asked), never
drawn from the coach's thread. Where no thread can start (JupyterLite: Pyodide in the
browser) the search runs in slices on that event loop itself, so the board's messages are
handled between two slices (:mod:`mp_tutor.coach.tasks`), within the same time budget and
with the same answers. An answer whose position is gone (a move was played meanwhile) is
dropped; the hint box is cleared whenever the position changes.

After a learner's move the board offers **What did that cost?** (``board.coach.cost(i)``:
:func:`mp_tutor.coach.review`), and each bot move in the log **Why?** (``board.coach.why(i)``:
:func:`mp_tutor.coach.why` from the *viewer's* knowledge, so a bot's hidden cards never
show); ``i`` is the move's first log entry. The position before a move is not stored:
it is rebuilt from the game's own undo history when asked (``game.copy()``, then
``undo()``), for the last :data:`~mp_tutor.widgets.layout.COACH_MOVES` moves.

Without a running event loop (a script, a doctest) the board waits for the answer:

>>> from mp_tutor import load_scenario
>>> from mp_tutor.widgets import Board
>>> board = Board(load_scenario("coca-plantation-production"), coach=True,
...               coach_options={"iterations": 30, "workers": 1})
>>> board.hint().done(), board.coach_box["state"]
(True, 'ready')
>>> board.coach_box["move"], board.coach_box["value"], board.hint_target
("Move the Prince to the Llama's Meadow", '52%', 'llamas_meadow')
>>> board.act("move coca_plantation")       # the position changed: the hint box is cleared
True
>>> board.hint_target, board.coach_box["state"]
('', '')
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import math
from collections.abc import Callable, Mapping
from concurrent.futures import Future
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, TypeVar

from mp_tutor.coach import Choice, Hint, Review, hint_async, review_async, warm_up_async, why_async
from mp_tutor.coach.advisor import ReviewOptions
from mp_tutor.coach.pool import default_workers
from mp_tutor.coach.search import Support
from mp_tutor.core.actions import Action
from mp_tutor.core.events import Event
from mp_tutor.core.game import BaseGame
from mp_tutor.core.i18n import render, t
from mp_tutor.core.registry import info_for
from mp_tutor.core.runtime import can_start_processes

from .coach_view import COACH_MOVES, Asked, Played, hint_json, note_json, problem, thinking
from .snapshot import CoachBox, CoachView, LastMove, LogEntry

if TYPE_CHECKING:  # the session builds its snapshot with the coach's view
    from .session import Session

#: what ``coach_options`` may set (seconds, playouts, seed, worker processes)
OPTIONS: dict[str, type[float] | type[int]] = {
    "budget_s": float, "why_budget_s": float, "iterations": int, "seed": int, "workers": int}
#: the messages of the browser that go to the coach
COACH_MESSAGES = ("hint", "why", "cost", "coach_close", "shown")
#: moves remembered for the log's buttons (a whole game is a few hundred)
KEEP_PLAYED = 2000


@dataclass(frozen=True)
class CoachOptions:
    """The coach's settings for a board: seconds to think for a hint or a review
    (``budget_s``) and for a bot's move (``why_budget_s``), playouts instead of seconds
    (``iterations``), the ``seed``, the worker processes (``workers``; None: the default)."""

    budget_s: float = 1.0
    why_budget_s: float = 0.5
    iterations: int | None = None
    seed: int = 0
    workers: int | None = None


def check_options(options: Mapping[str, object] | None) -> CoachOptions:
    """The coach's settings for a board, checked (``{"iterations": 60, "workers": 1}`` in
    tests; a setting left out or None keeps its default).

    >>> check_options({"iterations": 60, "workers": 1, "seed": None})
    CoachOptions(budget_s=1.0, why_budget_s=0.5, iterations=60, seed=0, workers=1)
    >>> check_options({"budget_s": 0})
    Traceback (most recent call last):
    ValueError: coach option budget_s must be a positive float, not 0
    """
    seconds: dict[str, float] = {}
    counts: dict[str, int] = {}
    for key, value in dict(options or {}).items():
        kind = OPTIONS.get(key)
        if kind is None:
            raise ValueError(f"unknown coach option {key!r} (options: {', '.join(OPTIONS)})")
        if value is None:
            continue
        if kind is int and type(value) is int and value >= (1 if key != "seed" else 0):
            counts[key] = value
        elif (kind is float and isinstance(value, (int, float)) and not isinstance(value, bool)
              and math.isfinite(value) and 0 < value <= 60):
            seconds[key] = value
        else:
            raise ValueError(f"coach option {key} must be a positive {kind.__name__}, "
                             f"not {value!r}")
    return CoachOptions(budget_s=seconds.get("budget_s", 1.0),
                        why_budget_s=seconds.get("why_budget_s", 0.5),
                        iterations=counts.get("iterations"), seed=counts.get("seed", 0),
                        workers=counts.get("workers"))


def coach_support(game: BaseGame) -> Support | None:
    """The coach support of ``game``'s kind (``GameInfo.coach``), or None."""
    try:
        return info_for(game).coach
    except KeyError:
        return None


R = TypeVar("R", Hint, Review, Choice)


def _handoff(future: Future[R], done: Callable[[Future[R]], None]) -> None:
    """Call ``done(future)`` on the kernel's event loop when the future completes (or here and
    now, after waiting, when no loop runs: a script or a doctest)."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        loop = None
    if loop is None:
        with contextlib.suppress(Exception):
            future.exception()  # waits; the outcome is read by ``done``
        done(future)
        return

    def post(f: Future[R]) -> None:  # on the coach's thread: touch no widget here
        with contextlib.suppress(RuntimeError):  # the loop is closed: nobody to tell
            loop.call_soon_threadsafe(done, f)

    future.add_done_callback(post)


def still(game: BaseGame, move: Played) -> bool:
    """Whether ``move`` is still in ``game``'s history (not taken back)."""
    return move.index < len(game.history) and game.history[move.index] is move.action


def position_before(game: BaseGame, move: Played) -> BaseGame | None:
    """The position before ``move`` in ``game``, with its history (None: too old, or no
    undo)."""
    if move.index < len(game.history) - COACH_MOVES:
        return None
    before = game.copy()
    while len(before.history) > move.index:
        if not before.undo():
            return None
    return before


class Coach:
    """The coach of a :class:`~mp_tutor.widgets.session.Session` (see the module docstring):
    ``hint()``, ``close()``, ``cost(i)``, ``why(i)``; ``view()`` is its part of a snapshot."""

    def __init__(self, session: Session, wish: bool | None,
                 options: Mapping[str, object] | None) -> None:
        self.session = session
        self.options = check_options(options)
        self.wish = wish
        self.on = False
        self._played: dict[int, Played] = {}
        self._hint: Asked[Hint] | None = None
        self._notes: dict[int, Asked[Review] | Asked[Choice]] = {}
        self.switch()

    def switch(self) -> None:
        """Another game: on when asked for (``True``) or by default (``None``) if the game has
        a support; what was asked about the old game is forgotten."""
        has = coach_support(self.session.game) is not None
        if self.wish and not has:
            raise ValueError("the coach does not know this game yet: there is nothing to hint")
        self.on = has and self.wish is not False
        self._played, self._notes, self._hint = {}, {}, None

    # -- the position and the moves ----------------------------------------------------
    def _position(self) -> tuple[int, int, int | None]:
        g = self.session.game
        return id(g), len(g.history), id(g.history[-1]) if g.history else None

    def record(self, game: BaseGame, events: list[Event], by_bot: bool) -> None:
        """Remember a move just played (who, where its log entries start)."""
        if not self.on or not events or not game.history:
            return
        k = len(game.history) - 1
        player = game.history_players[k]
        if player is None:
            return
        self._played = {i: m for i, m in self._played.items() if k - KEEP_PLAYED < i < k}
        self._played[k] = Played(k, game.history[k], player, len(game.log) - len(events), by_bot)

    def _question(self, move: Played) -> str:
        """What may be asked about ``move`` here: "why" (a bot's), "cost" (the learner's)."""
        if move.bot:
            return "why"
        seats = self.session.seats
        return "cost" if seats.may_act(move.player) and seats.sees(self.session.game,
                                                                   move.player) else ""

    def mark(self, entries: tuple[LogEntry, ...]) -> tuple[LogEntry, ...]:
        """The log entries, the first of each move marked with the question it may get."""
        if not self.on:
            return entries
        g = self.session.game
        marks = {m.entry: q for m in self._played.values() if still(g, m)
                 for q in [self._question(m)] if q}
        if not marks:
            return entries
        return tuple(replace(e, coach=marks[e.i]) if e.i in marks else e for e in entries)

    # -- asking ------------------------------------------------------------------------
    def refusal(self) -> str:
        """Why the Hint button is off now ("" when it is on)."""
        session = self.session
        g = session.game
        p = g.decider
        if not self.on:
            return render(t("The coach is off on this board."))
        if self._hint is not None and self._hint.state == "thinking":
            return thinking()
        if g.over or p is None:
            return render(t("Nobody decides now: there is nothing to hint."))
        who = session.adapter.player_names(g)[p]
        if p in session.seats.bots:
            return render(t("{who} is played by a bot: the coach helps with your own decisions.",
                            who=who))
        if not session.seats.acts_now(g):
            return render(t("It is {who}'s decision: the coach helps with your own decisions.",
                            who=who))
        return ""

    def hint(self) -> Future[Hint] | None:
        """Ask the coach for a good move for the player who decides here (the Hint button).

        Returns the coach's future (None, and the snapshot's ``error``, when no hint may be
        given now). The answer shows when the kernel's event loop gets it (at once without a
        loop).
        """
        why_not = self.refusal()
        if why_not:
            if self._hint is not None and self._hint.state == "thinking":
                return self._hint.future
            self.session.fail("engine.turn", why_not)
            return None
        g = self.session.game
        opts = self.options
        words = functools.partial(self.session.adapter.describe, g.fork())  # a copy for the coach
        future = hint_async(g, g.decider, opts.budget_s, seed=opts.seed,
                            iterations=opts.iterations, workers=opts.workers, describe=words)
        self._hint = Asked("hint", self._position(), future)
        self._wait(self._hint)
        return future

    def suggested(self) -> Action | None:
        """The move the hint box suggests now (its *Play this move*), or None."""
        h = self._hint
        return h.result.action if h is not None and h.result is not None else None

    def close(self) -> None:
        """Close the hint box (the highlight goes too)."""
        if self._hint is not None and self._hint.future is not None:
            self._hint.future.cancel()
        self._hint = None
        self._refresh()

    def _move_at(self, entry: object) -> Played | None:
        """The move whose first log entry is ``entry`` (checked: it comes from the browser)."""
        g = self.session.game
        if type(entry) is not int or not 0 <= entry < len(g.log):
            return None
        for m in self._played.values():
            if m.entry == entry and still(g, m):
                return m
        return None

    def cost(self, entry: int | None = None) -> Future[Review] | Future[Choice] | None:
        """"What did that cost?" about the learner's move starting at log entry ``entry``
        (default: their last move): the coach's review, shown under that entry."""
        if entry is None:
            last = self._last_own()
            entry = last.entry if last is not None else -1
        return self._ask("cost", entry)

    def why(self, entry: object) -> Future[Review] | Future[Choice] | None:
        """"Why?" about the bot's move starting at log entry ``entry``, worked out from what
        this board's viewer knows; the answer shows under that entry."""
        return self._ask("why", entry)

    def _last_own(self) -> Played | None:
        g = self.session.game
        own = [m for m in self._played.values() if still(g, m) and self._question(m) == "cost"]
        return max(own, key=lambda m: m.index) if own else None

    def _ask(self, kind: str, entry: object) -> Future[Review] | Future[Choice] | None:
        """Ask ``kind`` ("cost" or "why") about the move at log entry ``entry`` (the answer
        being worked out for it already, if any)."""
        session = self.session
        move = self._move_at(entry) if self.on else None
        if move is None or self._question(move) != kind:
            session.fail("engine.unknown", render(t("There is no move to ask the coach about "
                                                    "there.")))
            return None
        old = self._notes.get(move.entry)
        if old is not None and old.state == "thinking":
            return old.future
        g = session.game
        key = (id(g), move.index, id(move.action))
        before = position_before(g, move)
        opts = self.options
        if before is None:  # too old to rebuild: the answer says so
            self._notes[move.entry] = (Asked[Review](kind, key, move=move, state="old")
                                       if kind == "cost" else
                                       Asked[Choice](kind, key, move=move, state="old"))
            self._refresh()
            return None
        common: ReviewOptions = {
            "seed": opts.seed, "iterations": opts.iterations, "workers": opts.workers,
            "describe": functools.partial(session.adapter.describe, before)}
        if kind == "cost":
            review: Asked[Review] = Asked(kind, key, review_async(
                before, move.action, move.player, opts.budget_s, **common), move)
            self._notes[move.entry] = review
            return self._wait(review)
        viewer = None if session.seats.sees(g, move.player) else session.seats.viewer(g)
        asked: ReviewOptions = {**common, "viewer": viewer}
        why: Asked[Choice] = Asked(kind, key, why_async(
            before, move.action, move.player, opts.why_budget_s, **asked), move)
        self._notes[move.entry] = why
        return self._wait(why)

    def _wait(self, asked: Asked[R]) -> Future[R] | None:
        """Show that the coach thinks about ``asked``, and its answer when it comes."""
        self._refresh()
        if asked.future is not None:
            future = asked.future
            _handoff(future, lambda f: self._answered(asked, f))
        return asked.future

    def _answered(self, asked: Asked[R], future: Future[R]) -> None:
        """On the kernel's event loop: show the answer if its question still stands."""
        if asked.kind == "hint":
            if self._hint is not asked or asked.key != self._position():
                return  # the position is gone (or the box was closed): drop it
        elif self._notes.get(asked.move.entry if asked.move else -1) is not asked:
            return
        if future.cancelled():
            asked.state, asked.error = "error", render(t("The coach stopped."))
        elif (exc := future.exception()) is not None:
            asked.state, asked.error = "error", exc
        else:
            asked.state, asked.result = "ready", future.result()
        self._refresh()

    # -- the browser ---------------------------------------------------------------------
    def message(self, kind: str, content: Mapping[str, object]) -> None:
        """A message of the browser for the coach (one of :data:`COACH_MESSAGES`)."""
        if kind == "hint":
            self.hint()
        elif kind == "coach_close":
            self.close()
        elif kind in ("why", "cost"):
            self._ask(kind, content.get("i"))
        elif kind == "shown" and self.on and can_start_processes() and (
                self.options.workers or default_workers()) > 1:
            # the board is on a screen: start the coach's workers now, in the background
            warm_up_async(info_for(self.session.game).name, self.options.workers)

    def _refresh(self) -> None:
        """Show the coach's part again (an answer arrived, a question was asked)."""
        self.session.publish(coach=self.view())

    def view(self) -> CoachView:
        """The coach's part of a snapshot: the hint box, the answers, the highlight."""
        session = self.session
        g = session.game
        here = self._position()
        if self._hint is not None and self._hint.key != here:
            if self._hint.future is not None:
                self._hint.future.cancel()  # not started yet: not needed any more
            self._hint = None
        self._notes = {e: a for e, a in self._notes.items() if a.move and still(g, a.move)}
        box = CoachBox(on=self.on, state="")
        target = ""
        if self.on:
            why_not = self.refusal()
            box["can"] = not why_not
            box["tip"] = why_not or render(t("Ask the coach for a good move, and why"))
            h = self._hint
            if h is not None and h.result is not None:
                box.update(hint_json(session, h.result))
                target = session.adapter.coach_target(g, h.result.action, h.result.target)
            elif h is not None:
                box["state"] = h.state
                box["text"] = thinking() if h.state == "thinking" else problem(h.error)
            last = self._last_own()
            if last is not None:
                box["last"] = LastMove(i=last.entry, text=render(t(
                    "Your last move: {move}.", move=session.adapter.describe(g, last.action))))
        return CoachView(box, {str(e): note_json(session, a) for e, a in self._notes.items()},
                         target)


__all__ = ["COACH_MESSAGES", "Coach", "CoachOptions", "check_options", "coach_support", "still"]
