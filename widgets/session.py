"""The front end in plain Python: a game at a table, played by intents, shown as snapshots.

A :class:`Session` owns the game, who sits where (:class:`~mp_tutor.widgets.seats.Seats`:
the seat, the bots, the viewer), the lesson's judge, the coach
(:class:`~mp_tutor.widgets.coaching.Coach`) and presentation mode
(:class:`~mp_tutor.widgets.present.Presenter`). It takes the person's intents (``act``,
``click``, ``select``, ``confirm``, ``cancel``, ``undo``, ``redo``, ``next``), and after each
produces a new immutable :class:`~mp_tutor.widgets.snapshot.Snapshot` and tells whoever
listens (``session.changed``): the board widget maps it to its synced traits, a text
renderer reads it. It knows no widget.

One click's path: ``click(target)`` -> the game's adapter says what the click means (a
typed target carries its action: ``Act(action)``) -> ``act(action)`` -> the lesson's judge (is
it this task?) -> ``game.apply(action, seat)``, which checks it once -> the bots reply -> a new
snapshot. Text notation is parsed only when a person typed it (``act("produce 1")``).

>>> from mp_tutor import Game
>>> session = Session(Game.new(players=3, seed=1))
>>> session.act("inca coca_planter"), session.snapshot.pending.player
(True, 1)
>>> session.click("main_temple")      # Yellow must place an Inca: the engine says why not
False
>>> session.snapshot.error.rule
'engine.turn'
>>> session.undo(), session.snapshot.error
(True, None)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Generic, ParamSpec, Protocol, TypedDict, Unpack

from mp_tutor.core.actions import Action
from mp_tutor.core.events import Event
from mp_tutor.core.game import BaseGame
from mp_tutor.core.i18n import render, set_language, t
from mp_tutor.core.rules import IllegalAction
from mp_tutor.core.scenarios import Mark
from mp_tutor.core.views import Target

from .access import access
from .adapter import Act, Ask, Refuse, Select, adapter_for, nothing_to
from .coaching import Coach
from .controls import controls, next_tip
from .language import check_language
from .present import Presenter
from .seats import BotsSpec, Seats, ViewerSpec
from .snapshot import CoachView, Fixed, LogBook, Question, Refusal, Snapshot, section

#: ``judge(action, player) -> None`` (play it) or why not (a lesson refuses an off-task move)
Judge = Callable[[Action, int | None], Refusal | None]


class Overlay(Protocol):
    """What takes over the picture's clicks for a while (the studio's editor: a click sets up
    the position or draws a mark instead of playing): its click targets, what a click on one
    does (True if something changed), the marks drawn and the status line."""

    def targets(self, game: BaseGame) -> Mapping[str, Target]: ...

    def click(self, target: str) -> bool: ...

    def marks(self) -> tuple[Mark, ...]: ...

    def status(self) -> str: ...

#: what a signal's listeners are called with
P = ParamSpec("P")


class Signal(Generic[P]):
    """Listeners of one kind of news: ``connect(fn)``, then each ``emit(...)`` calls them."""

    def __init__(self) -> None:
        self._listeners: list[Callable[P, None]] = []

    def connect(self, fn: Callable[P, None]) -> None:
        self._listeners.append(fn)

    def emit(self, *args: P.args, **kwargs: P.kwargs) -> None:
        for fn in list(self._listeners):
            fn(*args, **kwargs)


class Parts(TypedDict, total=False):
    """The parts of a snapshot that change without a new position (:meth:`Session.publish`)."""

    error: Refusal | None
    question: Question | None
    coach: CoachView


class Session:
    """A game played by intents, shown as snapshots (see the module docstring).

    ``seat``: None for hot-seat (one person plays every colour that is not a bot), or the
    player the person plays; ``bots``: None, a bot name (every player but ``seat``) or
    ``{player: bot}`` (with a seat and no bots given, the others are random bots);
    ``viewer``: ``"seat"``, ``"pending"``, a player, or None (the teacher's view of every
    hand: explicit); ``auto_bots`` / ``auto_night``: bots and automatic steps play at once
    (else one per Next); ``judge``: asked before an action is applied; ``coach``: the coach
    on (True), off (False) or on when the game has a coach support (None), with
    ``coach_options``; ``log_size``: the narrated events a snapshot holds.

    Signals: ``changed(snapshot)`` after every new snapshot, ``applied(game, events)``
    after every action applied (bots' too), ``language(code)`` after a change of language.
    """

    def __init__(self, game: BaseGame, *, seat: int | None = None, bots: BotsSpec = None,
                 viewer: ViewerSpec = "seat", auto_bots: bool = True, auto_night: bool = False,
                 log_size: int = 200, judge: Judge | None = None, coach: bool | None = False,
                 coach_options: Mapping[str, object] | None = None) -> None:
        self._game = game
        self.seats = Seats(game, seat=seat, bots=bots, viewer=viewer, auto_bots=auto_bots,
                           auto_night=auto_night)
        self.judge = judge
        self.adapter = adapter_for(game)
        self.book = LogBook(log_size)
        self.fixed = Fixed()
        #: the target picked for the next click (an adapter's ``Select``), or ""
        self.selected = ""
        self.changed: Signal[[Snapshot]] = Signal()
        self.applied: Signal[[BaseGame, list[Event]]] = Signal()
        self.language: Signal[[str]] = Signal()
        self.coach = Coach(self, coach, coach_options)
        self.presenter = Presenter(self)
        #: what takes over the picture's clicks (None: they play)
        self.overlay: Overlay | None = None
        self.seats.run(game, self._after_apply)
        self.snapshot = self._build(0, None, None)

    @property
    def game(self) -> BaseGame:
        """The engine game played (replace it with :meth:`set_game`)."""
        return self._game

    # -- intents ---------------------------------------------------------------------------
    def act(self, action: Action | str) -> bool:
        """Play an action (or the notation a person typed) for the person here; False (and
        the snapshot's ``error``) if it is refused."""
        g = self._game
        text = str(action if isinstance(action, str) else action.notation())[:200]
        player = g.decider
        if player is not None and player in self.seats.bots:
            return self.fail("engine.turn", render(t(
                "It is {who}'s decision, and {who} is played by a bot: press Next.",
                who=self.adapter.player_names(g)[player])), text)
        if player is None and not g.over:
            return self.fail("engine.turn", render(t(
                "This step is played automatically: press Next.")), text)
        try:
            act = g.parse(action)  # text is read here; an action object is only typed
        except IllegalAction as exc:
            return self.fail(exc.rule, exc.message, text)
        if self.judge is not None:
            refusal = self.judge(act, player)
            if refusal is not None:
                return self.fail(refusal.rule, refusal.message, text, refusal.kind)
        try:
            events = g.apply(act, self.seats.seat)  # the one check
        except IllegalAction as exc:
            return self.fail(exc.rule, exc.message, text)
        self._after_apply(g, events, False)
        self.seats.run(g, self._after_apply)
        self.update(clear=True)
        return True

    def click(self, target: str) -> bool:
        """A click on the picture: what the game's adapter says it means. True if something
        was played or asked (``question``: answer with :meth:`confirm` or :meth:`act`)."""
        target = str(target)
        if self.overlay is not None:
            return self.overlay.click(target)
        intent = self.adapter.click(self._game, target, self.snapshot.targets)
        if isinstance(intent, Ask):
            self.publish(error=None, question=Question(
                intent.kind, intent.text, intent.rule, section(self._game, intent.rule),
                intent.target, intent.choices))
            return True
        if isinstance(intent, Act):
            return self.act(intent.action)
        if isinstance(intent, Select):
            return self.select(intent.target)
        if isinstance(intent, Refuse):
            return self.fail(intent.rule, intent.message, target)
        return self.fail("engine.unknown", render(t("There is nothing to click there.")), target)

    def select(self, target: str) -> bool:
        """Pick ``target`` (one of the person's click targets now) for the next click; ``""``
        clears the pick. The picture shows it; the next click's meaning may depend on it."""
        target = str(target)
        if target and target not in self.snapshot.targets:
            return self.fail("engine.unknown", render(t("There is nothing to click there.")),
                             target)
        self.selected = target
        self.update(clear=True, keep_selection=True)
        return True

    def confirm(self) -> bool:
        """Answer yes to the question waiting (one with a single answer: pay the llama)."""
        question = self.snapshot.question
        if question is None or len(question.choices) != 1:
            return self.fail("engine.turn", nothing_to("confirm"))
        return self.act(question.choices[0].action)

    def cancel(self, pick: bool = True) -> None:
        """Dismiss the question, the error and (``pick``) the pick; OK on a refusal's message
        (``pick=False``) keeps the card picked, to lay it elsewhere."""
        if self.selected and pick:
            self.update(clear=True)
            return
        self.publish(error=None, question=None)

    def undo(self) -> bool:
        """Take back the person's last action (and the bots' actions after it)."""
        g = self._game
        if not self.seats.undo_target(g):
            return self.fail("engine.turn", nothing_to("undo"))
        g.undo()
        while g.can_undo and self.seats.automatic(g):
            g.undo()
        self.update(clear=True)
        return True

    def redo(self) -> bool:
        """Play again what :meth:`undo` took back (with the bots' replies)."""
        g = self._game
        if not g.can_redo:
            return self.fail("engine.turn", nothing_to("redo"))
        g.redo()
        while g.can_redo and self.seats.automatic(g):
            g.redo()
        if not g.can_redo:
            self.seats.run(g, self._after_apply)
        self.update(clear=True)
        return True

    def next(self) -> bool:
        """Play the next automatic part: one night step, or one bot's decision."""
        g = self._game
        if not self.seats.play_next(g, self._after_apply):
            return self.fail(g.pending.rule, next_tip(self))
        self.seats.run(g, self._after_apply)
        self.update(clear=True)
        return True

    # -- what is shown ---------------------------------------------------------------------
    def set_game(self, game: BaseGame) -> None:
        """Play another game (the seat, the bots and the viewer are kept if they fit)."""
        self.presenter.close()
        self.seats.fit(game)
        self._game = game
        self.adapter = adapter_for(game)
        self.book.reset()
        self.coach.switch()
        self.seats.run(game, self._after_apply)
        self.update(clear=True)

    def set_viewer(self, viewer: ViewerSpec) -> None:
        """Show another view: None (the teacher), a player, ``"seat"``, ``"pending"``. A
        choice made in Python (the browser cannot change a seated board's view)."""
        self.seats.set_viewer(viewer, self._game.players)
        self.update()

    def set_language(self, code: str) -> None:
        """Show every text in another language (``en``, ``fr``, ``nl``); the game itself is
        not touched. Tells the ``language`` listeners (a lesson reads its chapter again)."""
        check_language(code)
        set_language(code)
        self.refresh()
        self.language.emit(code)

    def refresh(self) -> None:
        """A new snapshot after the game was changed from outside (or the language)."""
        self.book.reset(bots=False)
        self.update()

    def fail(self, rule: str, message: str, action: str | None = None, kind: str = "illegal"
             ) -> bool:
        """Refuse an intent: the snapshot's ``error`` says why (False, for the caller)."""
        question = self.snapshot.question
        if question is not None and action and any(action == c.action.notation()
                                                   for c in question.choices):
            question = None  # the question asked about this move: stale once it is refused
        self.publish(error=Refusal(rule, str(message), section(self._game, rule), action, kind),
                     question=question)
        return False

    def update(self, clear: bool = False, keep_selection: bool = False) -> None:
        """Build the snapshot again (``clear``: without the last error, question and pick)."""
        old = self.snapshot
        self.snapshot = self._build(old.revision + 1, None if clear else old.error,
                                    None if clear else old.question, clear and not keep_selection)
        self.changed.emit(self.snapshot)

    def publish(self, **parts: Unpack[Parts]) -> None:
        """A new snapshot with some of its parts changed (an error, the coach's answer...)."""
        self.snapshot = replace(self.snapshot, revision=self.snapshot.revision + 1, **parts)
        self.changed.emit(self.snapshot)

    # -- internals -------------------------------------------------------------------------
    def _after_apply(self, game: BaseGame, events: list[Event], by_bot: bool) -> None:
        if by_bot:
            self.book.bot_events.update(id(e) for e in events)
        self.coach.record(game, events, by_bot)
        self.applied.emit(game, events)

    def _build(self, revision: int, error: Refusal | None, question: Question | None,
               unpick: bool = False) -> Snapshot:
        g, seats = self._game, self.seats
        viewer = seats.viewer(g)
        p = g.decider
        acts = seats.may_act(p) and seats.sees(g, p)
        # presenting: the picture, the status and the position in words are the
        # presentation's (its own game: no click targets, no cost tags); the decision, the
        # log, the coach and the pick stay the game played's, untouched; an overlay (the
        # studio's editor) takes the clicks over, when not presenting
        shown = self.presenter.game
        overlay = self.overlay if shown is None else None
        targets: dict[str, Target] = (dict(overlay.targets(g)) if overlay is not None
                                      else dict(self.adapter.targets(g, p))
                                      if acts and shown is None else {})
        if shown is None and (unpick or self.selected not in targets):
            self.selected = ""
        if self.selected and shown is None:
            targets[self.selected] = replace(targets[self.selected], selected=True)
        drawn = shown or g
        view = drawn.view(viewer if shown is None else seats.viewer(shown))
        names, static, words = self.fixed.get(self.adapter, g)
        picture, side = self.adapter.draw(view, targets, large=shown is not None)
        log = self.coach.mark(self.book.entries(g.log, lambda rule: section(g, rule)))
        bot = p is not None and p in seats.bots
        return Snapshot(
            revision=revision, viewer=viewer, teacher=seats.teacher, seat=seats.seat, decider=p,
            may_act=acts, bot=bot, pending=g.pending, view=view,
            names=names, static=static, labels=words, targets=targets, selected=self.selected,
            picture=picture, side=tuple(side),
            status=(overlay.status() if overlay is not None else self.adapter.status(
                drawn, view, seats.may_act(drawn.decider),
                drawn.decider is not None and drawn.decider in seats.bots)),
            controls=controls(self), log=log, log_total=len(g.log),
            access=access(self.adapter, view, log), error=error,
            question=question, presentation=self.presenter.view(), coach=self.coach.view(),
            marks=self.presenter.marks() if self.presenter.on else
            overlay.marks() if overlay is not None else ())

    def __repr__(self) -> str:
        g = self._game
        pend = g.pending
        day = f", day {g.state.day}" if hasattr(g.state, "day") else ""
        if g.over:
            return f"Session({g.players} players{day}, game over)"
        who = f" {g.player_name(pend.player)}" if pend.player is not None else ""
        return f"Session({g.players} players{day}, pending: {pend.kind}{who})"


__all__ = ["Judge", "Overlay", "Session", "Signal"]
