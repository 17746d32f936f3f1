"""The priests game's actions: small frozen value objects with a text notation that parses back.

Fields are checked when an action is made: a wrong type or an unknown name raises
:class:`~mp_tutor.core.actions.ActionError` (an ``IllegalAction`` naming the field).

>>> Lay(37, "north").notation()
'lay 37 north'
>>> parse_action("lay 37 N hidden")
Lay(card=37, stair='north', face='hidden')
>>> str(Order("smallest")), parse_action("place 4 r1c2")
('order smallest', Place(priest=4, square='r1c2'))
>>> action_from_json(Lay(5, "west").to_json())
Lay(card=5, stair='west', face=None)
>>> Lay(51, "north")
Traceback (most recent call last):
...
mp_tutor.core.actions.ActionError: card must be a whole number from 1 to 50, not 51 [engine.unknown: How the tutor works]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar

from ..core.actions import Action, ActionError, need_choice, need_int
from ..core.actions import action_from_json as _from_json
from .tables import CARDS, HEIGHTS, ORDERS, SQUARE_NAMES, STAIRS

FACES = ("open", "hidden")
_STAIR_WORDS = {**{s: s for s in STAIRS}, **{s[0]: s for s in STAIRS}}
_NUMBER = re.compile(r"^[0-9]{1,4}$")
MAX_TEXT = 200


class ActionParseError(ActionError):
    """The text is not an action in the notation (an ``IllegalAction``, rule ``engine.unknown``)."""


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


@dataclass(frozen=True)
class Lay(Action):
    """Lay direction card ``card`` from your hand on a free ``stair``.

    Whether it lies face up or face down is said by the round's sun/moon card; ``face``
    (``open`` or ``hidden``) may be given, and must then agree with it.
    """

    card: int
    stair: str
    face: str | None = None
    verb: ClassVar[str] = "lay"

    def __post_init__(self) -> None:
        need_int(self.card, "card", CARDS.start, CARDS.stop - 1)
        need_choice(self.stair, "stair", STAIRS)
        need_choice(self.face, "face", FACES, none=True)

    def notation(self) -> str:
        base = f"lay {self.card} {self.stair}"
        return f"{base} {self.face}" if self.face else base


@dataclass(frozen=True)
class Order(Action):
    """The first player's choice: carry the moves out ``tallest`` or ``smallest`` priest first."""

    first: str
    verb: ClassVar[str] = "order"

    def __post_init__(self) -> None:
        need_choice(self.first, "first", ORDERS)

    def notation(self) -> str:
        return f"order {self.first}"


@dataclass(frozen=True)
class Place(Action):
    """Put a returning ``priest`` (its height) on ``square`` (named like ``r1c2``)."""

    priest: int
    square: str
    verb: ClassVar[str] = "place"

    def __post_init__(self) -> None:
        need_int(self.priest, "priest", min(HEIGHTS), max(HEIGHTS))
        need_choice(self.square, "square", SQUARE_NAMES)

    def notation(self) -> str:
        return f"place {self.priest} {self.square}"


ACTION_TYPES: dict[str, type[Action]] = {cls.__name__: cls for cls in (Lay, Order, Place)}
_BY_VERB = {cls.verb: cls for cls in ACTION_TYPES.values()}


def parse_action(text: str) -> Action:
    """Parse the text notation of an action (``ActionParseError`` if it is not one).

    >>> parse_action("order tallest")
    Order(first='tallest')
    >>> parse_action("lay 12 up")
    Traceback (most recent call last):
    ...
    mp_tutor.priests.actions.ActionParseError: unknown stair 'up' (stairs: north, east, south, west) [engine.unknown: How the tutor works]
    >>> parse_action("jump 4")
    Traceback (most recent call last):
    ...
    mp_tutor.priests.actions.ActionParseError: unknown action 'jump'; actions are: lay, order, place [engine.unknown: How the tutor works]
    """
    if not isinstance(text, str):
        raise ActionParseError(f"an action is text, not {_short(text)}")
    if len(text) > MAX_TEXT:
        raise ActionParseError(f"an action is at most {MAX_TEXT} characters")
    words = text.strip().lower().split()
    if not words:
        raise ActionParseError("empty action")
    try:
        return _parse(words[0], words[1:])
    except ActionParseError:
        raise
    except ActionError as exc:  # a value out of range: still a notation error
        raise ActionParseError(exc.message, exc.field) from None


def _parse(verb: str, args: list[str]) -> Action:
    cls = _BY_VERB.get(verb)
    if cls is None:
        raise ActionParseError(f"unknown action {_short(verb)}; actions are: {', '.join(_BY_VERB)}")

    def number(w: str, what: str) -> int:
        if not _NUMBER.match(w):
            raise ActionParseError(f"'{verb}' takes a {what} number, got {_short(w)}", what)
        return int(w)

    if cls is Lay:
        if len(args) not in (2, 3):
            raise ActionParseError("write 'lay <card> <stair>', for example 'lay 37 north'")
        card = number(args[0], "card")
        if args[1] not in _STAIR_WORDS:
            raise ActionParseError(f"unknown stair {_short(args[1])} (stairs: {', '.join(STAIRS)})",
                                   "stair")
        face = args[2] if len(args) == 3 else None
        if face is not None and face not in FACES:
            raise ActionParseError(f"a card is laid 'open' or 'hidden', not {_short(face)}", "face")
        return Lay(card, _STAIR_WORDS[args[1]], face)
    if cls is Order:
        if len(args) != 1 or args[0] not in ORDERS:
            raise ActionParseError("write 'order tallest' or 'order smallest'", "first")
        return Order(args[0])
    if len(args) != 2:
        raise ActionParseError("write 'place <priest> <square>', for example 'place 4 r1c2'")
    return Place(number(args[0], "priest"), args[1])


def action_from_json(obj: Any) -> Action:
    """Read an action back from :meth:`Action.to_json`."""
    return _from_json(obj, ACTION_TYPES)


__all__ = ["ACTION_TYPES", "Action", "ActionParseError", "FACES", "Lay", "Order", "Place",
           "action_from_json", "parse_action"]
