"""The state of a game of Machu Picchu: plain ints, strings and lists (JSON-able, cheap to copy).

Players are seats ``0..n-1``; priests are indices into ``HEIGHTS`` (0 = the tallest);
squares are ``row * size + column`` (``None``: out of the temple); stairs are indices into
``STAIRS``. ``queue`` holds the decisions still to be taken
(:class:`~mp_tutor.core.machine.Step`), the first one being the pending decision.

:meth:`State.from_dict` is the schema of a saved state: every field is checked (types,
ranges, sizes) before anything is built, and a problem names the field.

>>> from mp_tutor.priests.setup import new_state
>>> s, _ = new_state(3, seed=1)
>>> State.from_dict(s.to_dict()) == s
True
>>> bad = s.to_dict()
>>> bad["pos"][0] = 99
>>> State.from_dict(bad)
Traceback (most recent call last):
...
mp_tutor.core.errors.StateError: pos[0]: must be a square 0..24 or null, got 99
"""

from __future__ import annotations

from typing import Any

from ..core.errors import StateError
from ..core.machine import Step
from ..core.tomlfile import (
    MAX_SEED,
    Bool,
    Check,
    Int,
    List,
    Optional,
    Schema,
    Str,
    Table,
    fail,
    validate,
)
from .data import DATA
from .tables import (
    CARDS,
    DECK_SUN_MOON,
    DEFAULT_VARIANT,
    HEIGHTS,
    ORDERS,
    PRIESTS,
    SLOTS,
    SQUARES,
    STAIRS,
    SUN_MOON_IDS,
    VARIANTS,
)


class Kind:
    """The kinds of decision (and of internal step): plain strings, as ``pending.kind`` shows."""

    LAY = "lay"
    #: the ``two_players = "draw"`` variant: a player draws the top card of the pile ...
    DRAW = "draw"
    #: ... and lays it on a free stair
    LAY_DRAWN = "lay_drawn"
    DECK_CARD = "deck_card"
    REVEAL = "reveal"
    ORDER = "order"
    RETURNS = "returns"
    RETURN_PRIEST = "return_priest"
    ALL = (LAY, DRAW, LAY_DRAWN, DECK_CARD, REVEAL, ORDER, RETURNS, RETURN_PRIEST)
    #: the decisions that lay a card on a stair (a player's)
    LAYS = (LAY, LAY_DRAWN)


class Ending:
    """How the game ended: every slot filled, or the last round played."""

    SLOTS = "slots"
    ROUNDS = "rounds"
    ALL = (SLOTS, ROUNDS)


_SCALARS = ("n", "seed", "round", "first", "sun_moon", "order", "over", "ending")
_LIST1 = ("deck", "removed", "stairs", "open", "laid_by", "sun_moon_deck", "sun_moon_played",
          "set_aside", "priest_cards", "pos", "sun_left", "fire_left")
_LIST2 = ("hands", "slots")
#: written only when they are not the default (a save of the documented rulings reads as
#: before): the readings of the two variants, and the card drawn to be laid (``draw``)
_OPTIONAL: dict[str, Any] = {**DEFAULT_VARIANT, "drawn": None}
FIELDS = _SCALARS + _LIST1 + _LIST2 + ("queue",) + tuple(_OPTIONAL)


class State:
    """The whole game state (see the module docstring)."""

    __slots__ = FIELDS

    n: int
    seed: int
    round: int
    first: int
    sun_moon: str
    order: str | None
    over: bool
    ending: str | None
    deck: list[int]
    removed: list[int]
    stairs: list[int | None]
    open: list[bool]
    laid_by: list[int | None]
    sun_moon_deck: list[str]
    sun_moon_played: list[str]
    set_aside: list[str]
    priest_cards: list[str]
    pos: list[int | None]
    sun_left: list[int]
    fire_left: list[int]
    hands: list[list[int]]
    slots: list[list[tuple[int, ...]]]  # per priest: its filled slots, each one or two tokens
    queue: list[Step]
    #: the readings of the rulings the text reads both ways (``VARIANTS``)
    move_order: str
    two_players: str
    #: the card the player who lays now drew from the pile (``two_players = "draw"``)
    drawn: int | None

    def copy(self) -> State:
        s = State.__new__(State)
        s.n, s.seed, s.round, s.first = self.n, self.seed, self.round, self.first
        s.sun_moon, s.order, s.over, s.ending = self.sun_moon, self.order, self.over, self.ending
        s.deck, s.removed, s.stairs, s.open = self.deck[:], self.removed[:], self.stairs[:], self.open[:]
        s.laid_by, s.sun_moon_deck = self.laid_by[:], self.sun_moon_deck[:]
        s.sun_moon_played, s.set_aside = self.sun_moon_played[:], self.set_aside[:]
        s.priest_cards, s.pos = self.priest_cards[:], self.pos[:]
        s.sun_left, s.fire_left = self.sun_left[:], self.fire_left[:]
        s.hands = [h[:] for h in self.hands]
        s.slots = [p[:] for p in self.slots]  # a slot is a tuple: never changed in place
        s.queue = self.queue[:]
        s.move_order, s.two_players, s.drawn = self.move_order, self.two_players, self.drawn
        return s

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {k: getattr(self, k) for k in _SCALARS}
        for k in _LIST1:
            out[k] = list(getattr(self, k))
        out["hands"] = [list(h) for h in self.hands]
        out["slots"] = [[list(slot) for slot in p] for p in self.slots]
        out["queue"] = [[kind, p, pl] for kind, p, pl in self.queue]
        for k, default in _OPTIONAL.items():
            if getattr(self, k) != default:
                out[k] = getattr(self, k)
        return out

    @classmethod
    def from_dict(cls, d: Any, label: str = "state") -> State:
        """A state from :meth:`to_dict` output, checked field by field (``StateError``)."""
        data = validate(label, d, _schema(d), StateError)
        s = cls.__new__(cls)
        for k in _SCALARS + _LIST1:
            setattr(s, k, data[k])
        s.hands = [list(h) for h in data["hands"]]
        s.slots = [[tuple(slot) for slot in p] for p in data["slots"]]
        s.queue = [Step(kind, p, pl) for kind, p, pl in data["queue"]]
        for k, default in _OPTIONAL.items():
            setattr(s, k, data.get(k, default))
        return s

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]


def seating(n: int, first: int) -> list[int]:
    """Every player in seating order (clockwise), starting with ``first``.

    >>> seating(4, 2)
    [2, 3, 0, 1]
    """
    return [(first + i) % n for i in range(n)]


_PLAYER_STEPS = (Kind.LAY, Kind.LAY_DRAWN, Kind.ORDER, Kind.RETURN_PRIEST)


def _queue_item(n: int) -> Check:
    seat = Int(0, n - 1)

    def fn(value: Any, where: str) -> list[Any]:
        if not (isinstance(value, list) and len(value) == 3):
            raise fail(where, "must be [kind, player, payload]")
        kind, player, payload = value
        Str(Kind.ALL, what="decision kind").check(kind, f"{where}[0]")
        if kind in _PLAYER_STEPS:
            seat.check(player, f"{where}[1]")
        elif player is not None:
            raise fail(f"{where}[1]", "an automatic step belongs to nobody (null)")
        if kind == Kind.LAY:
            if payload is not None and (type(payload) is not int or not 1 <= payload <= 8):
                raise fail(f"{where}[2]", "must be null or which card of the round (1, 2, ...)")
        elif kind == Kind.RETURN_PRIEST:
            if type(payload) is not int or payload not in HEIGHTS:
                raise fail(f"{where}[2]", f"must be a priest's height ({', '.join(map(str, HEIGHTS))})")
        elif kind == Kind.DRAW:
            seat.check(payload, f"{where}[2]")  # who draws
        elif payload is not None:
            raise fail(f"{where}[2]", "must be null for this kind of step")
        return value

    return Check(fn, what="a queued decision")


def _maybe_square(value: Any, where: str) -> int | None:
    if value is not None and (type(value) is not int or not 0 <= value < SQUARES):
        raise fail(where, f"must be a square 0..{SQUARES - 1} or null, got {value!r}")
    return value


def _slot(value: Any, where: str) -> list[int]:
    if not (isinstance(value, list) and 1 <= len(value) <= 2):
        raise fail(where, "a slot holds 1 token (2 only by the centre exception)")
    for i, v in enumerate(value):
        if type(v) is not int or v not in DATA.sun_tokens + DATA.fire_tokens:
            raise fail(f"{where}[{i}]", f"{v!r} is not the value of a sun or fire token")
    return value


def _schema(d: Any) -> Schema:
    """The schema of a state of ``d['n']`` players (the count is checked first)."""
    if not isinstance(d, dict):
        raise StateError("state", "<state>", "must be an object")
    n = d.get("n")
    if type(n) is not int or not DATA.min_players <= n <= DATA.max_players:
        raise StateError("state", "n",
                         f"must be a player count from {DATA.min_players} to {DATA.max_players}")
    card = Int(CARDS.start, CARDS.stop - 1)
    maybe_card = Optional(card, "a direction card")
    maybe_seat = Optional(Int(0, n - 1), f"a player 0..{n - 1}")
    stairs = len(STAIRS)
    req = {"required": True}
    used_cards = set(DATA.priest_cards_used[n])
    fields: dict[str, Schema] = {
        "n": Int(DATA.min_players, DATA.max_players, required=True),
        "seed": Int(0, MAX_SEED, required=True),
        "round": Int(1, DATA.rounds[n], required=True),
        "first": Int(0, n - 1, required=True),
        "sun_moon": Str(SUN_MOON_IDS, what="sun/moon card", required=True),
        "order": Optional(Str(ORDERS), "tallest or smallest"),
        "over": Bool(required=True),
        "ending": Optional(Str(Ending.ALL), "an ending"),
        "deck": List(card, max_len=len(CARDS), unique=True, **req),
        "removed": List(card, max_len=len(CARDS), unique=True, **req),
        "stairs": List(maybe_card, min_len=stairs, max_len=stairs, **req),
        "open": List(Bool(), min_len=stairs, max_len=stairs, **req),
        "laid_by": List(maybe_seat, min_len=stairs, max_len=stairs, **req),
        "sun_moon_deck": List(Str(DECK_SUN_MOON, what="sun/moon card"), unique=True,
                              max_len=len(DECK_SUN_MOON), **req),
        "sun_moon_played": List(Str(SUN_MOON_IDS, what="sun/moon card"), unique=True, min_len=1,
                                max_len=len(SUN_MOON_IDS), **req),
        "set_aside": List(Str(DECK_SUN_MOON, what="sun/moon card"), unique=True,
                          max_len=len(DECK_SUN_MOON), **req),
        "priest_cards": List(Str(sorted(used_cards), what=f"priest card of a {n}-player game"),
                             min_len=n, max_len=n, unique=True, **req),
        "pos": List(Check(_maybe_square), min_len=PRIESTS, max_len=PRIESTS, **req),
        "sun_left": List(Int(min(DATA.sun_tokens), max(DATA.sun_tokens)),
                         max_len=len(DATA.sun_tokens), **req),
        "fire_left": List(Int(min(DATA.fire_tokens), max(DATA.fire_tokens)),
                          max_len=len(DATA.fire_tokens), **req),
        "hands": List(List(card, max_len=DATA.hand_size, unique=True), min_len=n, max_len=n, **req),
        "slots": List(List(Check(_slot), max_len=SLOTS), min_len=PRIESTS, max_len=PRIESTS, **req),
        "queue": List(_queue_item(n), max_len=64, **req),
        "drawn": maybe_card,
    }
    for name, readings in VARIANTS.items():
        fields[name] = Str(readings, what=f"a reading of the ruling {name}")
    return Table(fields)


__all__ = ["Ending", "FIELDS", "Kind", "State", "StateError", "seating"]
