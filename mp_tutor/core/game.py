"""The game protocol every game of the tutor implements, written once.

:class:`BaseGame` gives a game its public face: ``pending``, ``legal_actions()``,
``explain()``, ``apply()`` (text notation too, atomic: it fully happens or nothing
changes), ``advance()``, ``undo()``/``redo()``, ``history``/``log``, ``fork()``/``copy()``
and ``to_json()``/``from_json()`` (validated, bounded, replayed). A game subclass provides
what it is made of, as keywords of its class statement (``name``, its ``data``, its
``machine``, its action ``notation``, its ``state`` class, its ``invariants``, its
``position`` format for scenario files, its ``save_format``, and optionally its ``picture``
and the ``variants`` of rules it may be played by), and ``view(player)``, ``outcome()`` and
``facts()``.

The pending decision and the legal actions are computed once per position and dropped
when the position changes (apply, undo, redo).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, TypeVar

from .actions import Action, ActionError, Notation
from .display import Shown
from .errors import FileFieldError, StateError
from .errors import shown as _short
from .events import Event
from .gamedata import BaseGameData
from .i18n import t
from .machine import LegalActions, Machine, Out, Pending
from .outcome import BaseOutcome
from .rules import Illegal, IllegalAction, RuleBook
from .state import GameState
from .tomlfile import Bool, Either, Int, List, Map, Null, Str, validate
from .views import JSON, Facts

if TYPE_CHECKING:  # a game's scenario format, for annotations only
    from .scenarios import PositionFormat, Scenario

#: a game's state class
S = TypeVar("S", bound=GameState)
#: a game's view (what ``view(player)`` returns: a JSON object of the game's own shape,
#: best a TypedDict extending :class:`~mp_tutor.core.views.BaseView`)
V = TypeVar("V", bound=Mapping[str, object])

#: A save larger than this is refused before it is parsed (a whole game is 10 to 50 KB), so
#: the memory a save can take is bounded (about 25 MB at worst, for a 1 MB file of ``{},``).
MAX_SAVE_BYTES = 1_000_000
MAX_ACTIONS = 10_000
MAX_EVENTS = 100
#: an event's data: names to numbers, text, true/false, null, or short lists of those
_EVENT_VALUE = Either((Int(-10**9, 10**9), Str(max_len=200), Bool(), Null()), what="a value")
EVENT_DATA = Map(Either((_EVENT_VALUE, List(_EVENT_VALUE, max_len=64)),
                        what="a number, text, true/false, null or a list of them"),
                 keys=Str(max_len=40), max_len=40)


class SaveError(ValueError):
    """A saved game cannot be read; ``field`` names the part that is wrong."""

    def __init__(self, field_name: str, message: str) -> None:
        self.field = field_name
        self.message = message
        super().__init__(f"{field_name}: {message}")


class SaveFieldError(FileFieldError):
    """Internal: a schema problem inside a save (turned into :class:`SaveError`)."""


def _events_json(events: Sequence[Event]) -> list[dict[str, JSON]]:
    return [{"kind": e.kind, "player": e.player, "rule": e.rule, "data": e.data} for e in events]


class BaseGame(Shown, Generic[S, V]):
    """A game played through a decision queue (subclassed once per game, see the module),
    over its state class ``S`` and its view ``V``: ``class Game(BaseGame[State, View], ...)``.

    >>> from mp_tutor.core.registry import get_game
    >>> Game = get_game("priests").game
    >>> Game.name, Game.colours[:2], Game.rules is Game.machine.rules, Game.FORMAT
    ('priests', ('Blue', 'Yellow'), True, 'mp-tutor-priests-game')
    """

    #: the game's package name (``princes``, ``priests``...)
    name: ClassVar[str]
    #: the game's data file (:class:`~mp_tutor.core.gamedata.BaseGameData`)
    data: ClassVar[BaseGameData]
    #: (the attributes below are set on the class by its class statement; they are typed
    #: by the game's state and view, which a ``ClassVar`` cannot be)
    machine: Machine[S]
    #: the action types and their text notation
    notation: ClassVar[Notation]
    #: how a position is read from a scenario file and written to one
    #: (:class:`~mp_tutor.core.scenarios.PositionFormat`)
    position: PositionFormat[S]
    #: the state class: ``from_dict(data, label)`` (raising ``StateError``), ``copy``, ``to_dict``
    state_type: type[S]
    #: the saves' ``format`` and ``version``
    FORMAT: ClassVar[str]
    VERSION: ClassVar[int]
    #: what the parts above give: the rule book and event class (the machine's), the action
    #: types by class name (the notation's), the players' names in seat order (the data's)
    rules: ClassVar[RuleBook]
    event_type: ClassVar[type[Event]] = Event
    action_types: ClassVar[dict[str, type[Action]]] = {}
    colours: ClassVar[tuple[str, ...]] = ()
    #: the board's picture of a view (``picture(view) -> SVG text``), if the game has one
    picture: Callable[[V], str] | None = None
    #: rules a game may be played by in more than one reading: ``{name: (the default, the
    #: other readings...)}``, each a keyword argument of ``new`` (and of scenario files)
    variants: ClassVar[dict[str, tuple[str, ...]]] = {}
    #: the scenario a game was built from (:meth:`~mp_tutor.core.scenarios.Scenario.build`)
    scenario: Scenario | None = None

    def __init_subclass__(cls, *, name: str, data: BaseGameData, machine: Machine[S],
                          notation: Notation, state: type[S], invariants: Callable[[S], list[str]],
                          position: PositionFormat[S], save_format: tuple[str, int],
                          picture: Callable[[V], str] | None = None,
                          variants: dict[str, tuple[str, ...]] | None = None,
                          **kwargs: object) -> None:
        """A game's class statement says what the game is made of (see the module)."""
        super().__init_subclass__(**kwargs)
        cls.picture = staticmethod(picture) if picture is not None else None
        cls.name, cls.data, cls.machine, cls.notation = name, data, machine, notation
        cls.state_type, cls.position = state, position
        cls.invariants = staticmethod(invariants)  # type: ignore[method-assign, assignment]
        cls.FORMAT, cls.VERSION = save_format
        cls.rules, cls.event_type = machine.rules, machine.event_type
        cls.action_types = notation.types
        cls.colours = tuple(data.colours)
        cls.variants = dict(variants or {})

    # -- hooks of a game -----------------------------------------------------------------
    @classmethod
    def parse_action(cls, text: str) -> Action:
        """An action from its text notation (``ActionParseError`` if it is not one)."""
        return cls.notation.parse(text)

    @classmethod
    def action_from_json(cls, obj: object) -> Action:
        """An action read back from :meth:`~mp_tutor.core.actions.Action.to_json`."""
        return cls.notation.from_json(obj)

    @staticmethod
    def invariants(state: S) -> list[str]:
        """Every way ``state`` is not a position play can reach (a game's own checks)."""
        return []

    @classmethod
    def state_from_dict(cls, data: object) -> S:
        """A state from a save, checked field by field (the state's schema) and then as a
        position (:meth:`invariants`); a problem is a :class:`SaveError` naming the field."""
        try:
            state = cls.state_type.from_dict(data, "initial")
        except StateError as exc:
            where = "initial" if exc.field == "<state>" else f"initial.{exc.field}"
            raise SaveError(where, exc.message) from None
        broken = cls.invariants(state)
        if broken:
            raise SaveError("initial", f"not a possible position: {broken[0]}")
        return state

    @classmethod
    def initial_events_for(cls, state: S) -> Sequence[Event] | None:
        """The events a game starting at ``state`` opens with (None: not known).

        A save's ``initial_events`` must be these, or none (a copy made by :meth:`fork`).
        """
        return None

    @classmethod
    def player_name(cls, player: int) -> str:
        return cls.colours[player] if 0 <= player < len(cls.colours) else str(player)

    def player_names(self) -> list[str]:
        """The players' names (colours) of this game, in seat order."""
        return list(self.colours[: self.players])

    @property
    def players(self) -> int:
        return int(self.state.n)

    @classmethod
    def declines(cls, action: Action) -> bool:
        """Whether ``action`` is the "do nothing" answer of its decision (nobody is forced)."""
        return any(isinstance(action, d.actions) and d.declines(action)
                   for d in cls.machine.decisions.values())

    @classmethod
    def new(cls, *args: Any, **kwargs: Any) -> Self:  # pragma: no cover - each game's own
        """A new game after setup (each game says with which arguments: any here)."""
        raise NotImplementedError

    def view(self, player: int | None = None) -> V:  # pragma: no cover
        raise NotImplementedError

    def outcome(self) -> BaseOutcome[object] | None:  # pragma: no cover - overridden
        """How the game ended (None while it goes on)."""
        raise NotImplementedError

    def facts(self) -> Facts:
        """The teacher's view plus derived numbers, for fact paths (``Blue.score``...).

        Every game's facts name players by colour (``pending.player``, ``outcome.winners``;
        ``outcome`` is ``{"ending": "none", "winners": []}`` while the game goes on) and
        count the legal actions (``legal.count``, and per verb: ``legal.move``); a game adds
        its own (:meth:`add_facts`).
        """
        names = self.player_names()
        v: Facts = dict(self.view(None))
        self.add_facts(v, names)
        # the view's pending decision and outcome, with the players named
        pend: dict[str, object] = dict(self.pending.to_json())
        who = self.pending.player
        pend["player"] = names[who] if who is not None else None
        v["pending"] = pend
        end = self.outcome()
        if end is not None:
            v["outcome"] = {**end.to_json(), "winners": [names[w] for w in end.winners]}
        else:
            v["outcome"] = {"ending": "none", "winners": []}
        legal: dict[str, int] = {"count": 0}
        for a in self.legal_actions():
            verb = a.notation().split(" ", 1)[0]
            legal["count"] += 1
            legal[verb] = legal.get(verb, 0) + 1
        v["legal"] = legal
        return v

    def summary(self) -> str:  # pragma: no cover - each game's own
        """A short text picture of the board, for terminals and notebooks."""
        raise NotImplementedError

    def add_facts(self, v: Facts, names: list[str]) -> None:
        """Add a game's own facts to the teacher's view ``v`` (``names``: the players')."""

    def where(self) -> str:
        """Where the game stands, in a few words (for ``repr``): ``2p`` by default."""
        return f"{self.players}p"

    def __repr__(self) -> str:
        pend = self.pending
        who = self.player_name(pend.player) if pend.player is not None else "-"
        return f"<Game {self.where()}: {pend.kind} ({who}), {len(self.history)} actions>"

    #: IPython reads a class's own ``__repr__`` before a base's ``_repr_pretty_``: here both
    _repr_pretty_ = Shown._repr_pretty_

    def _game_over(self) -> bool:
        return self.machine.front(self.state) is None

    # -- construction --------------------------------------------------------------------
    def __init__(self, state: S, events: Sequence[Event] | None = None, *, history: bool = True,
                 fast: bool = False) -> None:
        self.state = state
        #: the rollout mode (see :meth:`rollout`): no history, no events, trusted legal actions
        self.fast = fast
        self._initial = state if fast else state.copy()
        self._initial_events = list(events or [])
        self.log: list[Event] = list(events or [])
        self.history: list[Action] = []
        self.history_players: list[int | None] = []
        self._snapshots: list[tuple[S, int]] = []
        self._redo: list[Action] = []
        self._keep_history = history and not fast
        self._pending: Pending | None = None
        self._legal: list[Action] | None = None
        #: listeners called as ``fn(game)`` whenever the position changes
        self._changed: list[Callable[[BaseGame], None]] = []

    def _touch(self) -> None:
        """The position changed: drop what was computed for the old one."""
        self._pending = None
        self._legal = None
        for fn in self._changed:
            fn(self)

    # -- reading -------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self._game_over()

    @property
    def decider(self) -> int | None:
        """The player who decides now (None: an automatic step, or the game is over).

        Cheaper than ``pending.player``: no prompt or options are worked out.
        """
        front = self.machine.front(self.state)
        return front.player if front is not None else None

    @property
    def pending(self) -> Pending:
        """Who decides what now (computed once per position)."""
        if self._pending is None:
            self._pending = self.machine.pending(self.state, self._legal_list())
        return self._pending

    def _legal_list(self) -> list[Action]:
        if self._legal is None:
            self._legal = self.machine.legal(self.state)
        return self._legal

    def legal_actions(self) -> LegalActions:
        """The pending decision's legal actions."""
        return LegalActions(self.explain, self._legal_list(), self.parse_action)

    def parse(self, action: Action | str) -> Action:
        """An action from its text notation (or an action object, checked); ``IllegalAction`` if not one."""
        if isinstance(action, str):
            return self.parse_action(action)
        if not isinstance(action, Action):
            raise ActionError(str(t("{value} is not an action.", value=_short(action))), "action",
                              action)
        if type(action) not in self.action_types.values():
            raise ActionError(str(t("{value} is not an action of this game.",
                                    value=_short(action))), "action", action)
        return action

    def _check_player(self, player: object) -> Illegal | None:
        if player is None:
            return None
        if type(player) is not int or not 0 <= player < self.players:
            return self.rules.illegal("engine.player", t(
                "{value} is not a player of this game: players are numbered 0 to {last}.",
                value=_short(player), last=self.players - 1))
        return None

    def explain(self, action: Action | str, player: int | None = None) -> Illegal | None:
        """Why ``action`` is not allowed now (an :class:`Illegal`), or None if it is legal."""
        why = self._check_player(player)
        if why is not None:
            return why
        try:
            act = self.parse(action)
        except IllegalAction as exc:
            return exc.illegal
        return self.machine.check(self.state, act, player)

    # -- acting --------------------------------------------------------------------------
    def apply(self, action: Action | str, player: int | None = None) -> list[Event]:
        """Play ``action`` (or its text notation) for the pending decision.

        ``player``, if given, must be the player the decision belongs to. An illegal
        action raises :class:`IllegalAction` and changes nothing.
        """
        if self.fast and player is None and self._legal is not None:
            for legal in self._legal:
                if legal is action:  # one of the listed legal actions: already checked
                    return self._play(legal)
        why = self._check_player(player)
        if why is not None:
            raise IllegalAction(why, action)
        act = self.parse(action)
        why = self.machine.check(self.state, act, player)
        if why is not None:
            raise IllegalAction(why, act)
        return self._play(act)

    def _play(self, act: Action) -> list[Event]:
        """Apply a checked action.

        Atomic: a refused action never gets here (the check changes nothing), and when
        history is kept (the default) an unexpected exception half-way through an effect
        restores the position too. A history-less game (``fork()``, bots and benchmarks)
        skips that snapshot for speed; the rollout mode (``rollout()``) also records no
        events.
        """
        if self.fast:
            self.machine.apply(self.state, act, Out(self.event_type, record=False))
            self._touch()
            return []
        snapshot = self.state.copy() if self._keep_history else None
        front = self.machine.front(self.state)
        decider = front.player if front is not None else None
        out = Out(self.event_type)
        try:
            self.machine.apply(self.state, act, out)
        except BaseException:
            if snapshot is not None:
                self.state = snapshot
            self._touch()
            raise
        if snapshot is not None:
            self._snapshots.append((snapshot, len(self.log)))
        self.history.append(act)
        self.history_players.append(decider)
        self.log.extend(out.events)
        self._redo.clear()
        self._touch()
        return out.events

    def advance(self) -> list[Event]:
        """Play the automatic steps (nobody decides) until a player must decide or the end."""
        events: list[Event] = []
        while not self.over and self.pending.player is None:
            legal = self._legal_list()
            if len(legal) != 1:
                break
            events += self._play(legal[0])
        return events

    @property
    def can_undo(self) -> bool:
        return bool(self._snapshots)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def last_events(self) -> list[Event]:
        """The events of the last action (all of them when no undo history is kept)."""
        return self.log[self._snapshots[-1][1] if self._snapshots else 0:]

    @property
    def undone(self) -> tuple[Action, ...]:
        """The actions taken back that :meth:`redo` plays again (the next one last)."""
        return tuple(self._redo)

    def undo(self) -> bool:
        """Take back the last action (False if there is none)."""
        if not self._snapshots:
            return False
        state, log_len = self._snapshots.pop()
        self._redo.append(self.history.pop())
        self.history_players.pop()
        self.state = state
        del self.log[log_len:]
        self._touch()
        return True

    def redo(self) -> bool:
        """Play again the last action taken back (False if there is none)."""
        if not self._redo:
            return False
        act = self._redo.pop()
        redo = self._redo
        self._redo = []
        try:
            self.apply(act)
        finally:
            self._redo = redo
        return True

    # -- copies --------------------------------------------------------------------------
    def fork(self) -> Self:
        """A cheap independent copy of the current position, without history (for previews)."""
        return type(self)(self.state.copy(), [], history=False)

    def rollout(self) -> Self:
        """A copy of the current position in the rollout mode, for search and playouts.

        The same rules (the same decisions, checks and effects), without history or undo,
        without events (nothing is narrated), and an action taken from ``legal_actions()``
        is applied without being checked again (any other action still is). ``apply``
        returns an empty list of events.
        """
        return type(self)(self.state.copy(), [], history=False, fast=True)

    def copy(self) -> Self:
        """An independent copy with the same history (replayed from the same start)."""
        twin = type(self)(self._initial.copy(), list(self._initial_events),
                          history=self._keep_history)
        for act in self.history:
            twin._play(act)
        twin._redo = list(self._redo)
        return twin

    # -- persistence ---------------------------------------------------------------------
    def to_json(self) -> str:
        """The whole game (start, actions, undone actions, current state) as JSON."""
        return json.dumps({
            "format": self.FORMAT,
            "version": self.VERSION,
            "initial": self._initial.to_dict(),
            "initial_events": _events_json(self._initial_events),
            "actions": [a.to_json() for a in self.history],
            "redo": [a.to_json() for a in self._redo],
            "state": self.state.to_dict(),
        }, sort_keys=True)

    @classmethod
    def from_json(cls, text: str | bytes) -> BaseGame:
        """Read a game written by :meth:`to_json`.

        The save is checked against its schema (documented in ``docs/API.md``): the
        initial position must be a legal one of this game, every action must be legal
        when replayed, and the stored position must be the replayed one. Every problem
        raises :class:`SaveError` (a ``ValueError``) naming the field.
        """
        if isinstance(text, bytes):
            try:
                text = text.decode("utf-8")
            except UnicodeDecodeError:
                raise SaveError("<file>", "not UTF-8 text") from None
        if not isinstance(text, str):
            raise SaveError("<file>", "a save is JSON text")
        if len(text) > MAX_SAVE_BYTES:
            raise SaveError("<file>", f"too large (at most {MAX_SAVE_BYTES} characters)")
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, RecursionError, ValueError) as exc:
            raise SaveError("<file>", f"not JSON: {exc}") from None
        if not isinstance(data, dict):
            raise SaveError("<file>", "must be a JSON object")
        if data.get("format") != cls.FORMAT:
            raise SaveError("format", f"not an {cls.FORMAT} file")
        if data.get("version") != cls.VERSION:
            raise SaveError("version", f"must be {cls.VERSION}, got {_short(data.get('version'))}")
        known = {"format", "version", "initial", "initial_events", "actions", "redo", "state"}
        for k in data:
            if k not in known:
                raise SaveError(k, f"unknown field (known: {', '.join(sorted(known))})")
        if "initial" not in data:
            raise SaveError("initial", "missing")
        try:
            initial = cls.state_from_dict(data["initial"])
        except SaveError:
            raise
        except (ValueError, TypeError, KeyError, IndexError, RecursionError) as exc:
            raise SaveError("initial", str(exc)) from None
        game = cls(initial, [])
        events = cls._events_from_json(data.get("initial_events", []), game.players)
        expected = cls.initial_events_for(initial)
        if expected is not None and events and _events_json(events) != _events_json(expected):
            raise SaveError("initial_events", "must be the events this initial position opens "
                                              "with (or none)")
        game._initial_events = list(events)
        game.log = list(events)
        actions = cls._actions_from_json(data.get("actions", []), "actions")
        redo = cls._actions_from_json(data.get("redo", []), "redo")
        for i, act in enumerate(actions):
            try:
                game.apply(act)
            except IllegalAction as exc:
                raise SaveError(f"actions[{i}]", str(exc)) from None
        if "state" in data:
            if game.state.to_dict() != data["state"]:
                raise SaveError("state", "the stored state does not match its replayed history")
        ahead = game.fork()  # the undone actions must replay too, last undone first
        for i in reversed(range(len(redo))):
            try:
                ahead.apply(redo[i])
            except IllegalAction as exc:
                raise SaveError(f"redo[{i}]", str(exc)) from None
        game._redo = redo
        return game

    @classmethod
    def _actions_from_json(cls, items: object, name: str) -> list[Action]:
        if not isinstance(items, list):
            raise SaveError(name, "must be a list of actions")
        if len(items) > MAX_ACTIONS:
            raise SaveError(name, f"too many actions (at most {MAX_ACTIONS})")
        out = []
        for i, a in enumerate(items):
            try:
                out.append(cls.action_from_json(a))
            except (IllegalAction, TypeError, ValueError) as exc:
                raise SaveError(f"{name}[{i}]", str(exc)) from None
        return out

    @classmethod
    def _events_from_json(cls, items: object, players: int) -> list[Event]:
        if not isinstance(items, list) or len(items) > MAX_EVENTS:
            raise SaveError("initial_events", f"must be a list of at most {MAX_EVENTS} events")
        out = []
        for i, e in enumerate(items):
            where = f"initial_events[{i}]"
            if not isinstance(e, dict) or set(e) - {"kind", "player", "rule", "data"}:
                raise SaveError(where, "must be an object {kind, player, rule, data}")
            kind, player, rule, data = e.get("kind"), e.get("player"), e.get("rule"), e.get("data", {})
            if not isinstance(kind, str) or len(kind) > 60 or not isinstance(data, dict):
                raise SaveError(where, "needs a kind (text) and data (an object)")
            try:
                validate("save", data, EVENT_DATA, SaveFieldError, f"{where}.data")
            except SaveFieldError as exc:
                raise SaveError(exc.field, exc.message) from None
            if player is not None and (type(player) is not int or not 0 <= player < players):
                raise SaveError(f"{where}.player", f"must be a player 0..{players - 1} or null")
            if rule is not None and (not isinstance(rule, str) or rule not in cls.rules):
                raise SaveError(f"{where}.rule", f"unknown rule id {_short(rule)}")
            event = cls.event_type(kind, player, rule, data)
            try:
                event.text  # noqa: B018 - the narration must work for a valid event
            except Exception:  # noqa: BLE001
                raise SaveError(where, f"not a {kind!r} event this game can narrate") from None
            out.append(event)
        return out


__all__ = ["BaseGame", "SaveError"]
