"""The live board: an anywidget that shows a game's picture and sends the player's intents.

Python is the only source of truth, and the browser side (``board.js``) knows no game: it
shows the picture (an SVG computed in Python by the game's adapter from
``game.view(viewer)``), the side boards, the status, the error and the question, and sends
intents (``{"type": "click", "target": ...}``, ``{"type": "act", "action": ...}``,
``{"type": "undo"}``...). :class:`Board` asks the engine whether the intent is legal, asks
the ``judge`` hook (a lesson refuses off-task moves here, before anything is applied),
applies it, lets bots play, and re-syncs in one ``hold_sync()`` batch: one message, one
redraw. An illegal intent changes nothing and puts the engine's explanation (rule id,
rulebook section, sentence) into the synced ``error`` trait.

Hidden information by construction: every synced trait is computed from
``game.view(viewer)`` (and, for the player who may act here, their own legal actions). A
seated board never changes its viewer on a browser request; pass-and-play (``seat=None``)
shows the view of the player who decides; the teacher's view (``viewer=None``) is an
explicit choice.

>>> from mp_tutor import Game
>>> board = Board(Game.new(players=3, seed=1))
>>> board
Board(3 players, day 2, pending: place_inca Blue)
>>> board.act("inca coca_planter")
True
>>> board.click("main_temple")      # Yellow must place an Inca: the engine says why not
False
>>> board.error["rule"]
'engine.turn'
>>> board.undo()
True
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import anywidget
import traitlets as tr

from mp_tutor.core.actions import Action
from mp_tutor.core.i18n import render, set_language, t
from mp_tutor.core.registry import get_game
from mp_tutor.core.rules import IllegalAction
from mp_tutor.core.table import make_bots as _make_bots
from mp_tutor.core.table import play_one, play_until_person

from .access import access
from .adapter import Act, Ask, GameAdapter, Refuse, Select, adapter_for, game_name, nothing_to
from .coaching import COACH_MESSAGES, CoachMixin
from .controls import controls, next_tip
from .esm import CSS, module
from .language import check_language, labels
from .layout import AFTER_BOARD_S
from .present import PresentMixin
from .views import LogView, SideView, text_bundle

__all__ = ["Board", "LogView", "SideView", "make_bots"]

BotsSpec = Mapping[int, Any] | str | None
#: ``judge(action, player) -> None`` (play it) or a refusal ``{"rule", "message", ...}``
Judge = Callable[[Action, int | None], dict[str, Any] | None]


def make_bots(spec: BotsSpec, players: int, seat: int | None, game: Any) -> dict[int, Any]:
    """Bots per player of ``game`` (a game, or its class): ``None`` (none), a bot name of the
    game (every player but ``seat``) or a mapping.

    >>> from mp_tutor import Game
    >>> sorted(make_bots("random", 3, seat=0, game=Game))
    [1, 2]
    >>> make_bots(None, 3, seat=0, game=Game)
    {}
    """
    return _make_bots(get_game(game_name(game)).bots, spec, players, seat)


class Board(CoachMixin, PresentMixin, anywidget.AnyWidget):
    """The whole game at a glance, playable by clicks (see the module docstring).

    ``seat``: ``None`` for hot-seat (one person plays every colour that is not a bot), or
    the player the learner plays. ``bots``: ``None``, a bot name (every player but
    ``seat``) or ``{player: bot}``; with a seat and no bots given, the others are random
    bots. ``viewer``: ``"seat"`` (default: the seat, or in hot-seat the player who decides),
    ``"pending"``, a player, or ``None`` (the teacher's view of every hand: explicit).
    ``auto_bots``/``auto_night``: bots and automatic steps play at once (else one per Next).
    ``coach``: a Hint button and the log's "why?" (``None``: on if the game has a coach
    support; see :mod:`~mp_tutor.widgets.coaching`), ``coach_options`` its settings.
    """

    _esm = module("access.js", "board.js")
    _css = CSS

    #: the picture of the position (SVG built by the game's adapter from the view)
    svg = tr.Unicode("").tag(sync=True)
    #: the side boards ``[[name, svg], ...]``
    side = tr.List().tag(sync=True)
    show_side = tr.Bool(True).tag(sync=True)
    #: the last refusal ``{"rule", "section", "message", "action", "kind"}`` or ``{}``
    error = tr.Dict().tag(sync=True)
    #: a question to answer ``{"kind", "text", "rule", "choices": [[label, action]]}`` or ``{}``
    ask = tr.Dict().tag(sync=True)
    #: narrated events ``{"i", "text", "rule", "section", "player", "kind", "bot"}``
    log = tr.List().tag(sync=True)
    log_total = tr.Int(0).tag(sync=True)
    show_log = tr.Bool(True).tag(sync=True)
    #: one line: what is going on now
    status = tr.Unicode("").tag(sync=True)
    #: buttons ``{"undo", "redo", "next", "*_tip", "viewers", "viewer", "present"}``
    controls = tr.Dict().tag(sync=True)
    #: the words of the controls (current language)
    labels = tr.Dict().tag(sync=True)
    #: colours and initials of the players (for the log)
    static = tr.Dict().tag(sync=True)
    #: presentation mode ``{"title", "text", "step", "steps", "back", "forward"}`` or ``{}``
    presentation = tr.Dict().tag(sync=True)
    #: the coach's box: Hint button state, the hint (move, value, reasons), the last own move
    coach_box = tr.Dict().tag(sync=True)
    #: the coach's answers under log entries ``{"<entry>": {"kind", "state", "text", ...}}``
    notes = tr.Dict().tag(sync=True)
    #: ``data-target`` values of the picture the hint highlights (space-separated) or ""
    hint_target = tr.Unicode("").tag(sync=True)
    #: the position in words, the last events, the keys (see :mod:`~mp_tutor.widgets.access`)
    access = tr.Dict().tag(sync=True)
    #: increases at every re-sync (handy for observers and browser tests)
    revision = tr.Int(0).tag(sync=True)

    def __init__(self, game: Any, *, seat: int | None = None, bots: BotsSpec = None,
                 viewer: int | str | None = "seat", auto_bots: bool = True,
                 auto_night: bool = False, log_size: int = 200, show_log: bool = True,
                 show_side: bool = True, judge: Judge | None = None,
                 language: str | None = None, coach: bool | None = False,
                 coach_options: Mapping[str, Any] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if language is not None:
            check_language(language)
            set_language(language)
        self._language_listeners: list[Callable[[str], None]] = []
        self._game = game
        self._coach_setup(coach, coach_options)
        n = self._game.players
        if seat is not None and not (type(seat) is int and 0 <= seat < n):
            raise ValueError(f"seat must be None or a player 0..{n - 1}, not {seat!r}")
        self.seat = seat
        if seat is not None and bots is None:
            bots = "random"  # somebody must play the other colours
        self.bots: dict[int, Any] = make_bots(bots, n, seat, self._game)
        self._viewer_spec: int | str | None = "seat"
        self._check_viewer(viewer)
        self._viewer_spec = viewer
        self.auto_bots, self.auto_night, self.log_size = auto_bots, auto_night, log_size
        self.show_log, self.show_side = show_log, show_side
        self.judge: Judge | None = judge
        self.adapter: GameAdapter = adapter_for(self._game)
        #: the narrated log entries (also when ``show_log`` is off and ``log`` stays empty)
        self.entries: list[dict[str, Any]] = []
        self._log_cache: list[tuple[Any, dict[str, Any]]] = []
        self._bot_events: set[int] = set()
        self._apply_listeners: list[Callable[[Any, list[Any]], None]] = []
        self._sync_listeners: list[Callable[[], None]] = []
        self._from_browser = False
        self._sync_due = False
        self._last_viewer: int | None = None
        self.view: dict[str, Any] = {}
        self.targets: dict[str, dict[str, Any]] = {}
        #: the target picked for the next click (an adapter's ``Select``), or ""
        self.selected = ""
        self.side_parts: list[list[str]] = []
        self.labels = labels()
        self.static = self.adapter.static(self._game)
        self.on_msg(self._on_msg)
        self._run_bots()
        self._sync()

    # -- reading ------------------------------------------------------------------------
    @property
    def game(self) -> Any:
        """The engine game shown (replace it with :meth:`set_game`)."""
        return self._game

    @property
    def viewer(self) -> int | None:
        """The player whose view is drawn (``None``: the teacher's view of everything)."""
        spec = self._viewer_spec
        if spec == "seat" and self.seat is not None:
            return self.seat
        if spec in ("seat", "pending"):
            p = self._game.decider
            if p is not None and p not in self.bots:
                self._last_viewer = p
            if self._last_viewer is None:  # nobody has decided yet: the first person to
                self._last_viewer = next((q for q in range(self._game.players)
                                          if q not in self.bots), 0)
            return self._last_viewer
        return spec if isinstance(spec, int) else None

    @property
    def teacher(self) -> bool:
        """Whether this board shows the teacher's view (every hand): an explicit choice."""
        return self._viewer_spec is None

    def _check_viewer(self, viewer: object) -> None:
        ok = viewer is None or viewer in ("seat", "pending") or (
            type(viewer) is int and 0 <= viewer < self._game.players)
        if not ok:
            raise ValueError(f"viewer must be None, a player, 'seat' or 'pending', not {viewer!r}")

    def set_viewer(self, viewer: int | str | None) -> None:
        """Show another view: ``None`` (teacher), a player, ``"seat"``, ``"pending"``.

        An explicit choice made in Python (the browser cannot change a seated board's view).
        """
        self._check_viewer(viewer)
        self._viewer_spec = viewer
        self._sync()

    def may_act(self, player: int | None) -> bool:
        """Whether the person at this board decides for ``player`` (hot-seat: every non-bot)."""
        if player is None or player in self.bots:
            return False
        return self.seat is None or player == self.seat

    def sees(self, player: int | None) -> bool:
        """Whether this board's viewer may see ``player``'s own decision (their hand)."""
        return self.viewer is None or self.viewer == player

    def on_sync(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` after every re-sync, once the board's own update has been sent
        (so the browser redraws the board before the panels and charts are worked out)."""
        self._sync_listeners.append(callback)

    def _notify_sync(self) -> None:
        """Tell the listeners; after a browser intent, a moment later, so that the browser
        draws the board before it receives the panels, log, side boards and charts."""
        if self._from_browser:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                loop = None
            if loop is not None:
                if not self._sync_due:
                    self._sync_due = True
                    loop.call_later(AFTER_BOARD_S, self._run_sync_listeners)
                return
        self._run_sync_listeners()

    def _run_sync_listeners(self) -> None:
        self._sync_due = False
        for fn in list(self._sync_listeners):
            fn()

    def on_apply(self, callback: Callable[[Any, list[Any]], None]) -> None:
        """Call ``callback(game, events)`` after every applied action (bots' too)."""
        self._apply_listeners.append(callback)

    # -- intents (the browser sends the same as messages) -------------------------------
    def act(self, action: Action | str) -> bool:
        """Play an action (or its notation) for the learner; False (and ``error``) if refused."""
        g = self._game
        text = str(action if isinstance(action, str) else action.notation())[:200]
        player = g.decider
        if player is not None and player in self.bots:
            return self._fail("engine.turn", render(t(
                "It is {who}'s decision, and {who} is played by a bot: press Next.",
                who=self.adapter.player_names(g)[player])), text)
        if player is None and not g.over:
            return self._fail("engine.turn", render(t(
                "This step is played automatically: press Next.")), text)
        try:
            act = g.parse(action)
        except IllegalAction as exc:
            return self._fail(exc.rule, exc.message, text)
        why = g.explain(act, self.seat)
        if why is not None:
            return self._fail(why.rule, why.message, text)
        if self.judge is not None:
            refusal = self.judge(act, player)
            if refusal:
                return self._fail(refusal.get("rule") or "", str(refusal.get("message", "")), text,
                                  kind=str(refusal.get("kind", "refused")))
        self._apply(act)
        self._run_bots()
        self._sync(clear=True)
        return True

    def click(self, target: str) -> bool:
        """A click on the picture (a district): what the game's adapter says it means.

        Returns True if something was played or asked (``ask``: answer with
        :meth:`confirm` / :meth:`act` or dismiss with :meth:`cancel`).
        """
        intent = self.adapter.click(self._game, str(target), self.targets if self._may_act_now()
                                    else {})
        if isinstance(intent, Ask):
            with self.hold_sync():
                self.ask = {"kind": intent.kind, "text": intent.text, "rule": intent.rule,
                            "section": self._section(intent.rule), "target": intent.target,
                            "choices": [list(c) for c in intent.choices]}
                self.error = {}
                self.revision += 1
            self._notify_sync()
            return True
        if isinstance(intent, Act):
            return self.act(intent.action)
        if isinstance(intent, Select):
            return self.select(intent.target)
        if isinstance(intent, Refuse):
            return self._fail(intent.rule, intent.message, target)
        return self._fail("engine.unknown", render(t("There is nothing to click there.")), target)

    def select(self, target: str) -> bool:
        """Pick ``target`` (one of the learner's click targets now) for the next click; ``""``
        clears the pick. The picture shows it; the next click's meaning may depend on it."""
        target = str(target)
        if target and target not in self.targets:
            return self._fail("engine.unknown", render(t("There is nothing to click there.")), target)
        self.selected = target
        self._sync(clear=True, keep_selection=True)
        return True

    def confirm(self) -> bool:
        """Answer yes to the question in ``ask`` (when it has one answer, e.g. pay the llama)."""
        choices = self.ask.get("choices") or []
        if len(choices) != 1:
            return self._fail("engine.turn", nothing_to("confirm"))
        return self.act(choices[0][1])

    def cancel(self) -> None:
        """Dismiss the question in ``ask``, the error message and the selection."""
        if self.selected:
            self._sync(clear=True)
            return
        with self.hold_sync():
            self.ask = {}
            self.error = {}
            self.revision += 1
        self._notify_sync()

    def undo(self) -> bool:
        """Take back the learner's last action (and the bots' actions after it)."""
        g = self._game
        if not self._undo_target():
            return self._fail("engine.turn", nothing_to("undo"))
        g.undo()
        while g.can_undo and self._automatic_now():
            g.undo()
        self._sync(clear=True)
        return True

    def redo(self) -> bool:
        """Play again what :meth:`undo` took back (with the bots' replies)."""
        g = self._game
        if not g.can_redo:
            return self._fail("engine.turn", nothing_to("redo"))
        g.redo()
        while g.can_redo and self._automatic_now():
            g.redo()
        if not g.can_redo:
            self._run_bots()
        self._sync(clear=True)
        return True

    def next(self) -> bool:
        """Play the next automatic part: one night step, or one bot decision."""
        g = self._game
        if play_one(g, self.bots, on_apply=self._after_apply) is None:
            return self._fail(g.pending.rule, self._next_tip())
        self._run_bots()
        self._sync(clear=True)
        return True

    def set_game(self, game: Any) -> None:
        """Show another game (seats, bots and viewer are kept if they fit)."""
        if self.seat is not None and self.seat >= game.players:
            raise ValueError(f"seat {self.seat} does not exist in a {game.players}-player game")
        self.bots = {p: b for p, b in self.bots.items() if p < game.players}
        self._game = game
        self.adapter = adapter_for(game)
        self._log_cache, self._bot_events, self._last_viewer = [], set(), None
        self._coach_switch()
        self.static = self.adapter.static(game)
        self._run_bots()
        self._sync(clear=True)

    def refresh(self) -> None:
        """Re-sync after the game was changed from outside the board (or the language)."""
        self.labels = labels()
        self.static = self.adapter.static(self._game)
        self._log_cache = []
        self._sync()

    def set_language(self, code: str) -> None:
        """Show every text in another language (``en``, ``fr``, ``nl``): the board, its panels,
        the log and a lesson beside it are drawn again; the game itself is not touched."""
        check_language(code)
        set_language(code)
        self.refresh()
        for fn in list(self._language_listeners):
            fn(code)

    def on_language(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(code)`` after the language was changed on this board."""
        self._language_listeners.append(callback)

    # -- messages from the browser -------------------------------------------------------
    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        kind = content.get("type")
        self._from_browser = True
        try:
            if kind == "click":
                self.click(str(content.get("target", content.get("district", "")))[:100])
            elif kind == "act":
                self.act(str(content.get("action", ""))[:500])
            elif kind in ("confirm", "cancel", "dismiss", "undo", "redo", "next", "present",
                          "exit", "back", "forward"):
                getattr(self, {"dismiss": "cancel", "present": "present_toggle",
                               "exit": "present_exit", "back": "present_back",
                               "forward": "present_forward"}.get(kind, kind))()
            elif kind == "viewer":
                self._browser_viewer(content.get("viewer"))
            elif kind == "language":
                self.set_language(str(content.get("language", "")))
            elif kind in COACH_MESSAGES:
                self._coach_message(kind, content)
            else:
                self._fail("engine.unknown", render(t("Unknown message from the board.")))
        except Exception as exc:  # noqa: BLE001 - never lose an error: show it on the board
            self._fail("engine.unknown", f"{type(exc).__name__}: {exc}")
        finally:
            self._from_browser = False

    def _browser_viewer(self, value: Any) -> None:
        """The browser may switch a pass-and-play board to the teacher's view and back only
        when the teacher's view was chosen in Python; a seated board refuses."""
        allowed = [v for v, _ in self.controls.get("viewers", [])]
        if self.seat is not None or value not in allowed:
            self._fail("engine.turn", render(t("This board shows only its own player's view.")))
            return
        self._viewer_spec = None if value == "teacher" else "pending"
        self._sync()

    # -- internals -----------------------------------------------------------------------
    def _section(self, rule: str) -> str:
        spec = self._game.rules.get(rule) if hasattr(self._game.rules, "get") else None
        return spec.section if spec is not None else ""

    def _fail(self, rule: str, message: str, action: str | None = None, kind: str = "illegal"
              ) -> bool:
        with self.hold_sync():
            self.error = {"rule": rule, "section": self._section(rule), "message": str(message),
                          "action": action, "kind": kind}
            if action and action in [c[1] for c in self.ask.get("choices") or []]:
                self.ask = {}  # the question asked about this move: stale once it is refused
            self.revision += 1
        self._notify_sync()
        return False

    def _automatic_now(self) -> bool:
        p = self._game.decider
        if p is None:
            return self.auto_night and not self._game.over
        return p in self.bots and self.auto_bots

    def _may_act_now(self) -> bool:
        p = self._game.decider
        return self.may_act(p) and self.sees(p)

    def _undo_target(self) -> bool:
        """Whether undo takes back something of the learner's (not only bots' replies)."""
        g = self._game
        players = getattr(g, "history_players", [])
        return any(p is None or p not in self.bots for p in players) if players else g.can_undo

    def _apply(self, action: Action) -> list[Any]:
        events = self._game.apply(action)
        self._after_apply(self._game, events, False)
        return events

    def _after_apply(self, game: Any, events: list[Any], by_bot: bool) -> None:
        if by_bot:
            self._bot_events.update(id(e) for e in events)
        self._coach_record(game, events, by_bot)
        for listener in self._apply_listeners:
            listener(game, events)

    def _run_bots(self) -> None:
        play_until_person(self._game, self.bots if self.auto_bots else {},
                          auto_steps=self.auto_night, on_apply=self._after_apply)

    def _log_entries(self) -> list[dict[str, Any]]:
        log, cache = self._game.log, self._log_cache
        keep = 0
        for (event, _), current in zip(cache, log, strict=False):
            if event is not current:
                break
            keep += 1
        del cache[keep:]
        for i in range(keep, len(log)):
            e = log[i]
            cache.append((e, {"i": i, "text": e.text, "rule": e.rule, "section": self._section(
                e.rule) if e.rule else "", "player": e.player, "kind": e.kind,
                "bot": id(e) in self._bot_events}))
        return [entry for _, entry in cache[-self.log_size:]]

    def _next_tip(self) -> str:
        return next_tip(self)

    def _controls(self) -> dict[str, Any]:
        return controls(self)

    @property
    def _teacher_allowed(self) -> bool:
        return getattr(self, "_teacher_ok", False) or self._viewer_spec is None

    def _sync(self, clear: bool = False, keep_selection: bool = False) -> None:
        g = self._game
        if self._viewer_spec is None:
            self._teacher_ok = True
        viewer = self.viewer
        p = g.decider
        # a presentation shows the position only: no click targets, no cost tags
        self.targets = (self.adapter.targets(g, p) if self.may_act(p) and self.sees(p)
                        and not self._present_on else {})
        if (clear and not keep_selection) or self.selected not in self.targets:
            self.selected = ""
        if self.selected:
            self.targets[self.selected] = {**self.targets[self.selected], "selected": True}
        view = g.view(viewer)
        self.view = view
        drawing, side = self.adapter.draw(view, self.targets)
        entries = self._coach_entries(self._log_entries())
        with self.hold_sync():
            if clear:
                self.error, self.ask = {}, {}
            self.svg = drawing
            self.side_parts = [list(s) for s in side]
            self.side = self.side_parts if self.show_side else []
            self.entries = entries
            self.log = entries if self.show_log else []
            self.access = access(self, view)
            self.log_total = len(g.log)
            self.status = self.adapter.status(g, view, self.may_act(p), p is not None and p in self.bots)
            self.controls = self._controls()
            self._sync_presentation()
            self._coach_traits()
            self.revision += 1
        self._notify_sync()

    @contextlib.contextmanager
    def batch(self) -> Iterator[None]:
        """Group several intents into one browser update (``with board.batch(): ...``)."""
        with self.hold_sync():
            yield

    # -- text form -----------------------------------------------------------------------
    def __repr__(self) -> str:
        g = self._game
        pend = g.pending
        day = f", day {g.state.day}" if hasattr(g.state, "day") else ""
        if g.over:
            return f"Board({g.players} players{day}, game over)"
        who = f" {g.player_name(pend.player)}" if pend.player is not None else ""
        return f"Board({g.players} players{day}, pending: {pend.kind}{who})"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return text_bundle(super()._repr_mimebundle_(**kwargs), repr(self))
