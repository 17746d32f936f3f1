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
>>> parse_action("lay 12 up")
Traceback (most recent call last):
...
mp_tutor.core.actions.ActionParseError: unknown stair 'up' (stairs: north, east, south, west) [engine.unknown: How the tutor works]
>>> parse_action("jump 4")
Traceback (most recent call last):
...
mp_tutor.core.actions.ActionParseError: unknown action 'jump'; actions are: lay, order, place [engine.unknown: How the tutor works]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from ..core.actions import Action, ActionParseError, Notation, need_choice, need_int
from ..core.errors import shown as _short
from .tables import CARDS, HEIGHTS, ORDERS, SQUARE_NAMES, STAIRS

FACES = ("open", "hidden")
_STAIR_WORDS = {**{s: s for s in STAIRS}, **{s[0]: s for s in STAIRS}}
_NUMBER = re.compile(r"^[0-9]{1,4}$")


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


@dataclass(frozen=True)
class Order(Action):
    """The first player's choice: carry the moves out ``tallest`` or ``smallest`` priest first."""

    first: str
    verb: ClassVar[str] = "order"

    def __post_init__(self) -> None:
        need_choice(self.first, "first", ORDERS)


@dataclass(frozen=True)
class Place(Action):
    """Put a returning ``priest`` (its height) on ``square`` (named like ``r1c2``)."""

    priest: int
    square: str
    verb: ClassVar[str] = "place"

    def __post_init__(self) -> None:
        need_int(self.priest, "priest", min(HEIGHTS), max(HEIGHTS))
        need_choice(self.square, "square", SQUARE_NAMES)


def _read(cls: type[Action], args: list[str]) -> Action:
    """An action of type ``cls`` from the words after its verb."""
    verb = cls.verb

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


#: the actions and their notation (the text's checks are the core's, for every game)
NOTATION = Notation((Lay, Order, Place), _read, max_text=200)
ACTION_TYPES = NOTATION.types
#: an action from its text (``ActionParseError`` if it is not one)
parse_action = NOTATION.parse
#: an action read back from :meth:`Action.to_json`
action_from_json = NOTATION.from_json


__all__ = ["ACTION_TYPES", "Action", "ActionParseError", "FACES", "Lay", "NOTATION", "Order",
           "Place", "action_from_json", "parse_action"]
