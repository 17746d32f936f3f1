"""The live game board: an anywidget that draws ``game.view(...)`` and sends intents.

Python is the only source of truth. The browser side (``board.js``) draws the synced
traits and sends the player's *intent* (``{"type": "click", "district": ...}``,
``{"type": "act", "action": "produce 1"}``, ``{"type": "undo"}``...). :class:`Board`
asks the engine whether the intent is legal (``game.explain``), applies it, lets bots
play their decisions, and re-syncs whole values in one ``hold_sync()`` batch. An
illegal intent changes nothing and puts the engine's explanation (rule id, rulebook
section, sentence) into the synced ``error`` trait.

The same intents are public methods, so tests and notebooks can drive the board
without a browser:

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

import contextlib
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, Protocol

import anywidget
import traitlets as t

from mp_tutor import RULES, Game, IllegalAction
from mp_tutor.actions import (
    Action,
    Move,
    PlaceInca,
    SendToSunClock,
    Stay,
)
from mp_tutor.bots import BOTS
from mp_tutor.core.table import make_bots as _make_bots
from mp_tutor.core.table import play_one, play_until_person
from mp_tutor.data import COLOURS, DISTRICTS, MOON_TILES, PROFESSIONS
from mp_tutor.events import Event

from .layout import static_data

__all__ = ["Board", "Bot", "LogView", "make_bots"]


class Bot(Protocol):
    """Anything with ``choose(game) -> Action`` (e.g. :class:`mp_tutor.bots.RandomBot`)."""

    def choose(self, game: Game) -> Action: ...


BotsSpec = Mapping[int, Bot] | str | None


def make_bots(spec: BotsSpec, players: int, seat: int | None) -> dict[int, Bot]:
    """Bots per player from a spec.

    ``None``: no bots; ``"random"``: a seeded :class:`~mp_tutor.bots.RandomBot` for every
    player except ``seat``; a mapping ``{player: bot}`` is taken as it is.

    >>> sorted(make_bots("random", 3, seat=0))
    [1, 2]
    >>> make_bots(None, 3, seat=0)
    {}
    """
    return _make_bots(BOTS, spec, players, seat)


def _error(rule: str, message: str, action: str | None = None) -> dict[str, Any]:
    rule_obj = RULES.get(rule)
    return {"rule": rule, "section": rule_obj.section if rule_obj else "", "message": message,
            "action": action}


class Board(anywidget.AnyWidget):
    """The whole game at a glance, playable by clicks (see the module docstring).

    Parameters
    ----------
    game:
        Any engine state: a new game, a loaded scenario or a finished game.
    seat:
        ``None`` for hot-seat (one person plays every colour that is not a bot), or the
        player the learner plays; the other players can then be bots.
    bots:
        ``None``, ``"random"`` (every player but ``seat``) or ``{player: bot}``. With a
        ``seat`` and no bots given, the other players are random bots.
    viewer:
        Whose view is drawn: ``None`` = teacher (all hands shown), a player index (other
        hands hidden), or ``"pending"`` (pass-and-play: the player to decide).
        Default: ``seat`` (``None`` in hot-seat).
    auto_bots:
        Bots act as soon as it is their decision (otherwise one per :meth:`next`).
    auto_night:
        Play the automatic night steps at once (otherwise one per :meth:`next`).
    """

    _esm = Path(__file__).with_name("board.js")
    _css = Path(__file__).with_name("board.css")

    #: ``game.view(viewer)``
    view = t.Dict().tag(sync=True)
    #: what the pending player may click: ``{"player", "colour", "kind", "may_act", "bot",
    #: "districts": {district: {"action", "cost", "what"}}, "stay": [tiles], "from"}``
    targets = t.Dict().tag(sync=True)
    #: the last illegal attempt: ``{"rule", "section", "message", "action"}`` or ``{}``
    error = t.Dict().tag(sync=True)
    #: a question the UI must answer (llama move to confirm, moon tile to pick) or ``{}``
    ask = t.Dict().tag(sync=True)
    #: narrated events ``{"i", "text", "rule", "player", "kind", "bot"}`` (the last ``log_size``;
    #: rulebook sections of the rule ids are in ``static["rules"]``)
    log = t.List().tag(sync=True)
    #: number of events in the whole log
    log_total = t.Int(0).tag(sync=True)
    #: draw the log under the board (the Tutor shows it in a :class:`LogView` instead)
    show_log = t.Bool(True).tag(sync=True)
    #: one line: what is going on now
    status = t.Unicode("").tag(sync=True)
    #: ``{"undo", "redo", "next", "over", "seat", "viewer", "bots"}``
    controls = t.Dict().tag(sync=True)
    #: the map layout, names and printed data (set once)
    static = t.Dict().tag(sync=True)
    #: increases at every re-sync (handy for observers and browser tests)
    revision = t.Int(0).tag(sync=True)

    def __init__(self, game: Game | None = None, *, seat: int | None = None, bots: BotsSpec = None,
                 viewer: int | str | None = "seat", auto_bots: bool = True, auto_night: bool = False,
                 log_size: int = 200, show_log: bool = True, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._game = game if game is not None else Game.new(players=3, seed=0)
        n = self._game.players
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < n):
            raise ValueError(f"seat must be None or a player 0..{n - 1}, not {seat!r}")
        self.seat = seat
        if seat is not None and bots is None:
            bots = "random"  # somebody must play the other colours
        self.bots: dict[int, Bot] = make_bots(bots, n, seat)
        self._viewer_spec = viewer
        self.auto_bots = auto_bots
        self.auto_night = auto_night
        self.log_size = log_size
        self.show_log = show_log
        #: the narrated log entries (also when ``show_log`` is off and ``log`` stays empty)
        self.entries: list[dict[str, Any]] = []
        self._log_cache: list[tuple[Event, dict[str, Any]]] = []
        self._bot_events: dict[int, Event] = {}
        self._apply_listeners: list[Callable[[Game, list[Event]], None]] = []
        self._last_viewer: int | None = None
        self.static = static_data()
        self.on_msg(self._on_msg)
        self._play_automatic()
        self._sync()

    # -- reading ------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The engine game shown (replace it with :meth:`set_game`)."""
        return self._game

    @property
    def viewer(self) -> int | None:
        """The player whose view is drawn (``None``: the teacher's view of everything)."""
        spec = self._viewer_spec
        if spec == "seat":
            return self.seat
        if spec == "pending":
            p = self._game.pending.player
            if p is not None and p not in self.bots:
                self._last_viewer = p
            return self._last_viewer if self._last_viewer is not None else self.seat
        if spec is None or isinstance(spec, int):
            return spec
        raise ValueError(f"viewer must be None, a player, 'seat' or 'pending', not {spec!r}")

    def set_viewer(self, viewer: int | str | None) -> None:
        """Show another view: ``None`` (teacher), a player, ``"seat"`` or ``"pending"``."""
        old = self._viewer_spec
        self._viewer_spec = viewer
        try:
            _ = self.viewer
        except ValueError:
            self._viewer_spec = old
            raise
        self._sync()

    def may_act(self, player: int | None) -> bool:
        """Whether the person at this board decides for ``player`` (hot-seat: every non-bot)."""
        if player is None or player in self.bots:
            return False
        return self.seat is None or player == self.seat

    def on_apply(self, callback: Callable[[Game, list[Event]], None]) -> None:
        """Call ``callback(game, events)`` after every applied action (bots' too)."""
        self._apply_listeners.append(callback)

    # -- intents (the browser sends the same as messages) -------------------------------
    def act(self, action: Action | str) -> bool:
        """Play an action (or its notation) for the learner; False (and ``error``) if illegal."""
        text = action if isinstance(action, str) else action.notation()
        player = self._game.pending.player
        if player is not None and player in self.bots:
            return self._fail(_error("engine.turn", f"It is {COLOURS[player]}'s decision, and "
                                     f"{COLOURS[player]} is played by a bot: press Next.", text))
        if player is None and self._game.pending.kind == "night":
            return self._fail(_error("engine.turn", "The night is played automatically: press Next.", text))
        why = self._game.explain(action, self.seat)
        if why is not None:
            return self._fail(_error(why.rule, why.message, text))
        try:
            self._apply(action)
        except IllegalAction as exc:  # pragma: no cover - explain() said it was legal
            return self._fail(_error(exc.rule, exc.message, text))
        with self.hold_sync():  # one update for the browser
            self.error = {}
            self.ask = {}
            self._play_automatic()
            self._sync()
        return True

    def click(self, district: str) -> bool:
        """A click on a district: move there, pick a moon tile, or what the decision allows.

        A free move is played at once; a move that costs a llama and a click on the
        Prince's own district (stay: take a moon tile) set ``ask`` for the learner to
        answer with :meth:`confirm` / :meth:`act` (``"stay <tile>"``) or :meth:`cancel`.
        Returns True if something was played or asked.
        """
        if district not in DISTRICTS:
            return self._fail(_error("engine.unknown", f"There is no district {district!r}."))
        pend = self._game.pending
        targets = self.targets.get("districts", {})
        if pend.kind == "turn" and self.may_act(pend.player):
            opts = pend.options
            if opts.get("from") == district:
                tiles = self.targets.get("stay", [])
                if not tiles:  # let the engine say why no tile can be taken
                    why = self._game.explain(Stay(next(iter(MOON_TILES))), pend.player)
                    if why is None:  # pragma: no cover - targets and engine agree
                        return False
                    return self._fail(_error(why.rule, why.message, "stay"))
                self.ask = {"kind": "stay", "district": district, "tiles": tiles,
                            "rule": "move.stay", "text": RULES["move.stay"].statement,
                            "actions": [f"stay {tile}" for tile in tiles]}
                self.error = {}
                return True
            target = targets.get(district)
            if target and target["cost"]:
                name, here = DISTRICTS[district].name, DISTRICTS[opts["from"]].name
                self.ask = {"kind": "llama", "district": district, "rule": "move.llama",
                            "text": f"The {name} does not border the {here}: "
                                    f"{RULES['move.llama'].statement} Pay 1 llama?",
                            "actions": [target["action"]]}
                self.error = {}
                return True
        target = targets.get(district)
        if target and self.may_act(pend.player):
            return self.act(target["action"])
        # Not a target: let the engine say why the natural reading of the click is illegal.
        action: Action
        if pend.kind == "place_inca" and DISTRICTS[district].profession:
            action = PlaceInca(DISTRICTS[district].profession or "")
        elif pend.kind == "sun_clock" and DISTRICTS[district].kind == "production":
            action = SendToSunClock(district)
        else:
            action = Move(district)
        return self.act(action)

    def confirm(self) -> bool:
        """Answer yes to the question in ``ask`` (e.g. pay the llama)."""
        actions = self.ask.get("actions") or []
        if len(actions) != 1:
            return self._fail(_error("engine.turn", "There is nothing to confirm."))
        return self.act(actions[0])

    def cancel(self) -> None:
        """Dismiss the question in ``ask`` and the error message."""
        with self.hold_sync():
            self.ask = {}
            self.error = {}

    def undo(self) -> bool:
        """Take back the learner's last action (and the bots' actions after it)."""
        g = self._game
        if not g.can_undo:
            return self._fail(_error("engine.turn", "There is nothing to undo."))
        g.undo()
        while g.can_undo and (self._is_bot_turn() or (self.auto_night and g.pending.kind == "night")):
            g.undo()
        if self._is_bot_turn() and self.auto_bots:
            # only bots acted since the start: go back to the learner's decision
            while g.can_redo and self._is_bot_turn():
                g.redo()
            self._sync()
            return self._fail(_error("engine.turn", "There is nothing of yours to undo."))
        with self.hold_sync():
            self.error = {}
            self.ask = {}
            self._sync()
        return True

    def redo(self) -> bool:
        """Play again what :meth:`undo` took back (with the bots' replies)."""
        g = self._game
        if not g.can_redo:
            return self._fail(_error("engine.turn", "There is nothing to redo."))
        g.redo()
        while g.can_redo and (self._is_bot_turn() or (self.auto_night and g.pending.kind == "night")):
            g.redo()
        if not g.can_redo:
            self._play_automatic()
        with self.hold_sync():
            self.error = {}
            self.ask = {}
            self._sync()
        return True

    def next(self) -> bool:
        """Play the next automatic part: one night step, or one bot decision."""
        g = self._game
        pend = g.pending
        if play_one(g, self.bots, on_apply=self._after_apply) is None:
            who = COLOURS[pend.player] if pend.player is not None else "Nobody"
            message = ("The game is over." if pend.kind == "game_over"
                       else f"Nothing automatic to play: {who} decides. {pend.prompt}")
            return self._fail(_error(pend.rule, message))
        self._run_bots()
        with self.hold_sync():
            self.error = {}
            self.ask = {}
            self._sync()
        return True

    def set_game(self, game: Game) -> None:
        """Show another game (seats, bots and viewer are kept if they fit)."""
        if self.seat is not None and self.seat >= game.players:
            raise ValueError(f"seat {self.seat} does not exist in a {game.players}-player game")
        self.bots = {p: b for p, b in self.bots.items() if p < game.players}
        self._game = game
        self._log_cache = []
        self._bot_events = {}
        self._play_automatic()
        with self.hold_sync():
            self.error = {}
            self.ask = {}
            self._sync()

    def refresh(self) -> None:
        """Re-sync after the game was changed from outside the board."""
        self._sync()

    # -- messages from the browser -------------------------------------------------------
    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        kind = content.get("type")
        try:
            if kind == "click":
                self.click(str(content.get("district", "")))
            elif kind == "act":
                self.act(str(content.get("action", "")))
            elif kind == "confirm":
                self.confirm()
            elif kind in ("cancel", "dismiss"):
                self.cancel()
            elif kind == "undo":
                self.undo()
            elif kind == "redo":
                self.redo()
            elif kind == "next":
                self.next()
            elif kind == "viewer":
                value = content.get("viewer")
                self.set_viewer(value if value in (None, "seat", "pending") else int(value))
            else:
                self._fail(_error("engine.unknown", f"Unknown message from the board: {kind!r}."))
        except Exception as exc:  # never lose an error: show it on the board
            self._fail(_error("engine.unknown", f"{type(exc).__name__}: {exc}"))

    # -- internals -----------------------------------------------------------------------
    def _fail(self, error: dict[str, Any]) -> bool:
        with self.hold_sync():
            self.error = error
            self.revision += 1
        return False

    def _is_bot_turn(self) -> bool:
        p = self._game.pending.player
        return p is not None and p in self.bots

    def _apply(self, action: Action | str) -> list[Event]:
        events = self._game.apply(action)
        self._after_apply(self._game, events, False)
        return events

    def _after_apply(self, game: Game, events: list[Event], by_bot: bool) -> None:
        if by_bot:
            for e in events:
                self._bot_events[id(e)] = e
        for listener in self._apply_listeners:
            listener(game, events)

    def _run_bots(self) -> None:
        play_until_person(self._game, self.bots if self.auto_bots else {},
                          auto_steps=self.auto_night, on_apply=self._after_apply)

    def _play_automatic(self) -> None:
        self._run_bots()

    def _log_entries(self) -> list[dict[str, Any]]:
        log = self._game.log
        cache = self._log_cache
        keep = 0
        for (event, _), current in zip(cache, log, strict=False):
            if event is not current:
                break
            keep += 1
        del cache[keep:]
        for i in range(keep, len(log)):
            e = log[i]
            cache.append((e, {"i": i, "text": e.text, "rule": e.rule, "player": e.player, "kind": e.kind,
                              "bot": id(e) in self._bot_events}))
        if len(self._bot_events) > 2 * len(log) + 200:
            alive = {id(e) for e in log}
            self._bot_events = {k: v for k, v in self._bot_events.items() if k in alive}
        return [entry for _, entry in cache[-self.log_size:]]

    def _targets(self) -> dict[str, Any]:
        g = self._game
        pend = g.pending
        p = pend.player
        out: dict[str, Any] = {"player": p, "colour": COLOURS[p] if p is not None else None,
                               "kind": pend.kind, "may_act": self.may_act(p),
                               "bot": p is not None and p in self.bots, "districts": {}, "stay": [],
                               "from": pend.options.get("from")}
        if pend.kind not in ("turn", "place_inca", "sun_clock"):
            district = pend.options.get("district")
            if district:
                out["districts"][district] = {"action": None, "cost": 0, "what": pend.kind}
            return out
        costs = pend.options.get("costs", {})  # llamas per move, from the engine
        for a in g.legal_actions():
            if isinstance(a, Move):
                out["districts"][a.to] = {"action": a.notation(), "cost": costs[a.to], "what": "move"}
            elif isinstance(a, Stay):
                out["stay"].append(a.tile)
            elif isinstance(a, PlaceInca):
                d = PROFESSIONS[a.profession].district
                out["districts"][d] = {"action": a.notation(), "cost": 0, "what": "place"}
            elif isinstance(a, SendToSunClock) and a.source:
                out["districts"][a.source] = {"action": a.notation(), "cost": 0, "what": "send"}
        return out

    def _status(self, targets: dict[str, Any]) -> str:
        g = self._game
        pend = g.pending
        day = f"Day {g.state.day}"
        if pend.kind == "game_over":
            out = g.outcome()
            if out is None:
                return f"{day}: the game is over."
            winners = ", ".join(COLOURS[w] for w in out.winners)
            return f"Game over: {out.text}. Winner: {winners}."
        if pend.kind == "night":
            return f"Night after day {g.state.day}. {pend.prompt} (press Next)"
        who = targets["colour"]
        if targets["bot"]:
            return f"{day}: {who} (bot) decides. {pend.prompt} (press Next)"
        if not targets["may_act"]:
            return f"{day}: waiting for {who}. {pend.prompt}"
        return f"{day}: {pend.prompt}"

    def _sync(self) -> None:
        g = self._game
        targets = self._targets()
        view = g.view(self.viewer)
        entries = self._log_entries()
        with self.hold_sync():
            self.view = view
            self.targets = targets
            self.entries = entries
            self.log = entries if self.show_log else []
            self.log_total = len(g.log)
            self.status = self._status(targets)
            self.controls = {"undo": g.can_undo, "redo": g.can_redo,
                             "next": g.pending.kind == "night" or self._is_bot_turn(),
                             "over": g.over, "seat": self.seat, "viewer": self.viewer,
                             "viewer_mode": self._viewer_spec if isinstance(self._viewer_spec, str)
                             or self._viewer_spec is None else "player",
                             "bots": sorted(self.bots)}
            self.revision += 1

    @contextlib.contextmanager
    def batch(self) -> Iterator[None]:
        """Group several intents into one browser update (``with board.batch(): ...``)."""
        with self.hold_sync():
            yield

    # -- text form -----------------------------------------------------------------------
    def __repr__(self) -> str:
        g = self._game
        pend = g.pending
        if pend.kind == "game_over":
            return f"Board({g.players} players, day {g.state.day}, game over)"
        who = f" {COLOURS[pend.player]}" if pend.player is not None else ""
        return f"Board({g.players} players, day {g.state.day}, pending: {pend.kind}{who})"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        if isinstance(bundle, tuple):
            data, meta = bundle
            return {**data, "text/plain": repr(self)}, meta
        if isinstance(bundle, dict):
            return {**bundle, "text/plain": repr(self)}
        return bundle


class LogView(anywidget.AnyWidget):
    """The narrated log of a :class:`Board`, as a widget of its own (placed by the Tutor).

    >>> from mp_tutor import Game
    >>> board = Board(Game.new(players=2, seed=1), show_log=False)
    >>> view = LogView(board)
    >>> board.log, view.log[0]["rule"]
    ([], 'setup.start_day')
    """

    _esm = Path(__file__).with_name("log.js")
    _css = Path(__file__).with_name("board.css")

    log = t.List().tag(sync=True)
    log_total = t.Int(0).tag(sync=True)
    static = t.Dict().tag(sync=True)

    def __init__(self, board: Board, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.board = board
        data = board.static
        self.static = {k: data[k] for k in ("palette", "ink", "initials", "colours", "rules")}
        board.observe(lambda _c: self.update(), "revision")
        self.update()

    def update(self) -> None:
        """Show the board's latest entries."""
        if self.log is not self.board.entries:
            with self.hold_sync():
                self.log = self.board.entries
                self.log_total = self.board.log_total

    def __repr__(self) -> str:
        return f"LogView({self.log_total} events)"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        if isinstance(bundle, tuple):
            data, meta = bundle
            return {**data, "text/plain": repr(self)}, meta
        return bundle
