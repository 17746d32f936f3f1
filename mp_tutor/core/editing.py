"""Editing a position by hand, checked by the game's own position rules (any game).

A position a teacher sets up is a scenario file's position: its ``[scenario]`` fields and
the game's tables (:class:`~mp_tutor.core.scenarios.PositionFormat`). A
:class:`PositionEditor` keeps that document (``raw``: nested tables, as a scenario file
holds them) and changes it by :data:`Change`\\ s (dotted paths set or removed). Every
change is read by the game's position reader (``game.position.read``), the very check a
scenario file passes: a position play cannot reach (more Incas than a player owns, a good
the bank lacks, a card in two places...) is refused with the reason and the rule, and the
position stays as it was. Changes are undone and redone.

What a game lets a teacher edit is its :class:`EditSpec` (``GameInfo.editing``): the
values of a form (:class:`Field`, in :class:`Group`\\ s, some repeated for each player)
and the tools that change a place of the picture at a click (:class:`Tool`). Both read
the position's every value, explicit or not, in :attr:`Position.values` (the scenario
file the game writes for it) and return a :data:`Change`.

>>> from mp_tutor.core.registry import get_game
>>> ed = PositionEditor(Position.read(get_game("princes").game, {"scenario": {"players": 3}}))
>>> ed.position.get("players.Blue.goods.coca")
1
>>> ed.change({"players.Blue.goods.coca": 4}) is None
True
>>> refused = ed.change({"players.Blue.incas.coca_plantation": 20})
>>> refused.field, refused.rule
('players.Blue.incas', 'setup.incas')
>>> ed.position.get("players.Blue.incas.coca_plantation")      # unchanged
>>> ed.undo(), ed.position.get("players.Blue.goods.coca")
(True, 1)
"""

from __future__ import annotations

import copy
import re
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, TypeAlias

from .i18n import Msg, Term
from .scenarios import ScenarioError, read_position
from .views import Target

if TYPE_CHECKING:  # the game protocol, for annotations only
    from .game import BaseGame
    from .state import GameState

#: a change of a position: dotted paths of the scenario file and their new values (None:
#: the key is left out, so the game's set-up decides)
Change: TypeAlias = "Mapping[str, object]"
#: words shown to a teacher (a message or a term, rendered in the language of the moment)
Words: TypeAlias = "Msg | Term | str"
#: a place whose click chooses an item of a tool: the item (of the tool's ``each``) and
#: what the click does, in words
Pick: TypeAlias = "tuple[str, Msg | Term | str]"
_RULE = re.compile(r"\[([a-z_]+\.[a-z_.]+)(?::[^\]]*)?\]\s*$")


def rule_of(message: str) -> str:
    """The rule id a position reader's message ends with (``"... [setup.incas]"``), or "".

    >>> rule_of("only 4 temple stones exist [setup.stones]"), rule_of("no rule")
    ('setup.stones', '')
    """
    found = _RULE.search(message)
    return found.group(1) if found else ""


def get_path(tables: Mapping[str, object], path: str) -> object:
    """The value at a dotted ``path`` of nested tables (None if any part is missing).

    >>> get_path({"a": {"b": 2}}, "a.b"), get_path({"a": {"b": 2}}, "a.c.d")
    (2, None)
    """
    node: object = tables
    for part in path.split("."):
        if not isinstance(node, Mapping) or part not in node:
            return None
        node = node[part]
    return node


def set_path(tables: dict[str, object], path: str, value: object) -> None:
    """Set ``path`` to ``value`` in nested tables (made as needed); None removes the key and
    the tables it leaves empty (not the top level's).

    >>> doc = {"a": {"b": {"c": 1}}}
    >>> set_path(doc, "a.b.c", None); doc
    {'a': {}}
    >>> set_path(doc, "a.x.y", [1]); doc
    {'a': {'x': {'y': [1]}}}
    """
    parts = path.split(".")
    chain: list[dict[str, object]] = [tables]
    node = tables
    for part in parts[:-1]:
        nxt = node.get(part)
        if not isinstance(nxt, dict):
            if value is None:
                return
            nxt = {}
            node[part] = nxt
        node = nxt
        chain.append(node)
    if value is not None:
        node[parts[-1]] = copy.deepcopy(value)
        return
    node.pop(parts[-1], None)
    for depth in range(len(parts) - 1, 1, -1):  # drop tables emptied, but not a file's table
        if chain[depth]:
            break
        chain[depth - 1].pop(parts[depth - 1], None)


class FieldKind(StrEnum):
    """What a :class:`Field` holds."""

    #: a whole number from ``lo`` to ``hi``
    NUMBER = "number"
    #: one of ``choices`` (or none, when ``optional``)
    CHOICE = "choice"
    #: some of ``choices``, each at most once (``size``: exactly that many), in order
    SET = "set"
    #: true or false
    FLAG = "flag"


@dataclass(frozen=True)
class Choice:
    """A value a field may take, and how a teacher reads it."""

    value: str | int
    label: Words


@dataclass(frozen=True)
class Field:
    """One value of the position a form shows and changes: its ``path`` in the scenario file
    (``{each}`` stands for the group's item, a player's colour...), its ``label``, its kind
    and limits, and ``help`` (what it means, shown beside it)."""

    path: str
    label: Words
    kind: FieldKind = FieldKind.NUMBER
    lo: int = 0
    hi: int = 0
    choices: tuple[Choice, ...] = ()
    optional: bool = False
    size: int | None = None
    help: Words = ""
    #: the choices are players' colours: only the position's players are offered
    players: bool = False

    def at(self, item: str) -> str:
        """The field's path for one item of its group."""
        return self.path.replace("{each}", item)

    def offered(self, position: Position | None) -> tuple[Choice, ...]:
        """The choices a form offers for ``position`` (a colour field: its players only)."""
        if self.players and position is not None:
            return tuple(c for c in self.choices if c.value in position.colours)
        return self.choices


@dataclass(frozen=True)
class Button:
    """A change made by a press (the next sun token for a priest): ``change(position,
    item)`` is the change, or words saying why it cannot be made."""

    id: str
    label: Words
    change: Callable[[Position, str], Change | Words]


@dataclass(frozen=True)
class Group:
    """A part of the form: its fields and buttons, once, or once for each item that
    ``each(position)`` lists (``(item, label)``: each player's colour...)."""

    id: str
    title: Words
    fields: tuple[Field, ...] = ()
    buttons: tuple[Button, ...] = ()
    each: Callable[[Position], Sequence[tuple[str, Words]]] | None = None

    def items(self, position: Position) -> Sequence[tuple[str, Words]]:
        return self.each(position) if self.each is not None else (("", ""),)


@dataclass(frozen=True)
class Tool:
    """What a click on a place of the picture does to the position: ``places(position,
    who)`` the picture's target ids it applies to, ``change(position, place, who, remove)``
    the change (or words saying why not), ``says(place, who, remove)`` what a click there
    does (the place's accessible name). ``each``: the tool is used for one player (``who``,
    a colour) or for one of the game's pieces (a priest...). ``picks(position, who)``: the
    places whose click chooses that item instead of changing the position (a priest standing
    on a square, a card of the hand to lay), each with the item and what the click does; it
    wins over ``places``."""

    id: str
    label: Words
    places: Callable[[Position, str], Iterable[str]]
    change: Callable[[Position, str, str, bool], Change | Words]
    says: Callable[[str, str, bool], Words]
    each: Callable[[Position], Sequence[tuple[str, Words]]] | None = None
    #: the tool adds and takes away (a count); else a click sets (a Prince's district)
    counts: bool = False
    picks: Callable[[Position, str], Mapping[str, Pick]] | None = None

    def picked(self, position: Position, who: str) -> Mapping[str, Pick]:
        """The places whose click chooses an item of the tool (none if it has no ``picks``)."""
        return self.picks(position, who) if self.picks is not None else {}


@dataclass(frozen=True)
class EditSpec:
    """What a game lets a teacher edit (``GameInfo.editing``).

    ``start``: the fields of a new game (players and the game's options, in ``[scenario]``);
    ``groups``: the form; ``tools``: the clicks on the picture; ``target(place, says)``:
    the game's click target for a place a tool applies to (its picture draws it as a button
    named ``says``); ``places(place)``: the name of a place of the picture, in words.
    """

    start: tuple[Field, ...]
    groups: tuple[Group, ...]
    tools: tuple[Tool, ...]
    target: Callable[[str, str], Target]
    place_name: Callable[[str], Words]

    def tool(self, tool_id: str) -> Tool:
        for tool in self.tools:
            if tool.id == tool_id:
                return tool
        raise KeyError(f"no tool {tool_id!r} (tools: {', '.join(t.id for t in self.tools)})")


@dataclass(frozen=True)
class Refused:
    """Why a change was not made: the field of the scenario file, the reason (the game's
    own, as a scenario file gets it) and the rule it cites ("" if none)."""

    field: str
    message: str
    rule: str = ""

    def __str__(self) -> str:
        return f"{self.field}: {self.message}" if self.field else self.message


@dataclass(frozen=True)
class Position:
    """A position being edited: ``raw`` (the scenario file's tables that describe it: what the
    document says), ``state`` (the game's state it reads as) and ``values`` (every value of
    it, as the game writes the scenario file: what was left to the set-up made explicit).
    Immutable: :meth:`edit` gives the next position, or why there is none.

    ``label`` names the document in the reader's messages.
    """

    game_type: type[BaseGame]
    raw: Mapping[str, object]
    state: GameState
    values: Mapping[str, object]
    label: str = "<studio>"

    @classmethod
    def read(cls, game_type: type[BaseGame], raw: Mapping[str, object],
             label: str = "<studio>") -> Position:
        """The position ``raw`` describes, checked as a scenario file's position is
        (``ScenarioError`` naming the field if it is none)."""
        raw = copy.deepcopy(dict(raw))
        state = read_position(game_type, label, dict(raw))
        values = tomllib.loads(game_type.position.write(state, "", ""))
        return cls(game_type, raw, state, values, label)

    def get(self, path: str) -> object:
        """The position's value at ``path`` (what the game reads, the set-up's choices made
        explicit; else what the document says)."""
        found = get_path(self.values, path)
        return found if found is not None else get_path(self.raw, path)

    @property
    def colours(self) -> tuple[str, ...]:
        return tuple(self.game_type.colours[: self.state.n])

    @property
    def players(self) -> Sequence[tuple[str, Words]]:
        """Each player's colour and name (for a group or a tool used per player)."""
        return [(c, Term("colour", c)) for c in self.colours]

    def edit(self, change: Change) -> Position | Refused:
        """The position after ``change``, if it is one play can reach; else the reason (this
        position stays as it is)."""
        raw = copy.deepcopy(dict(self.raw))
        for path, value in change.items():
            set_path(raw, path, value)
        if raw == self.raw:
            return self
        try:
            return Position.read(self.game_type, raw, self.label)
        except ScenarioError as exc:
            return Refused(exc.field, exc.message, rule_of(exc.message))

    def game(self) -> BaseGame:
        """A fresh game at the position."""
        return self.game_type(self.state.copy(), [])


class PositionEditor:
    """A position edited by changes, taken back and made again (see the module docstring).

    >>> from mp_tutor.core.registry import get_game
    >>> ed = PositionEditor(Position.read(get_game("priests").game, {"scenario": {"players": 2}}))
    >>> ed.change({"scenario.round": 3}), ed.position.get("scenario.round")
    (None, 3)
    >>> ed.change({"scenario.round": 9}).message
    'a 2-player game has 8 rounds'
    >>> ed.undo(), ed.position.get("scenario.round"), ed.can_redo
    (True, 1, True)
    """

    def __init__(self, position: Position) -> None:
        self.position = position
        self._done: list[Position] = []
        self._undone: list[Position] = []

    def change(self, change: Change) -> Refused | None:
        """Make ``change`` if the position it leads to is one play can reach; else the
        reason, and nothing changes."""
        found = self.position.edit(change)
        if isinstance(found, Refused):
            return found
        if found is not self.position:
            self._done.append(self.position)
            self._undone.clear()
            self.position = found
        return None

    @property
    def can_undo(self) -> bool:
        return bool(self._done)

    @property
    def can_redo(self) -> bool:
        return bool(self._undone)

    def undo(self) -> bool:
        """Take the last change back (False if there is none)."""
        if not self._done:
            return False
        self._undone.append(self.position)
        self.position = self._done.pop()
        return True

    def redo(self) -> bool:
        """Make the last change taken back again (False if there is none)."""
        if not self._undone:
            return False
        self._done.append(self.position)
        self.position = self._undone.pop()
        return True


__all__ = ["Button", "Change", "Choice", "EditSpec", "Field", "FieldKind", "Group", "Pick",
           "Position", "PositionEditor", "Refused", "Tool", "Words", "get_path", "rule_of", "set_path"]
