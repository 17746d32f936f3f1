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

from ..core.errors import StateError
from ..core.state import Fields, GameState, players_in, queue_schema, seating
from ..core.tomlfile import MAX_SEED, Bool, Check, Int, List, Optional, Schema, Str, Table, fail
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


class State(GameState):
    """Where the priests stand and who holds what (see the module docstring); the base class
    copies, saves and reads back the fields declared here."""

    FIELDS = Fields(
        scalars=("n", "seed", "round", "first", "sun_moon", "order", "over", "ending",
                 *DEFAULT_VARIANT, "drawn"),
        lists=("deck", "removed", "stairs", "open", "laid_by", "sun_moon_deck", "sun_moon_played",
               "set_aside", "priest_cards", "pos", "sun_left", "fire_left"),
        lists2=("hands",), tuples2=("slots",),
        # written only when not the default (a save of the documented rulings reads as
        # before): the readings of the two variants, the card drawn to be laid (``draw``)
        defaults={**DEFAULT_VARIANT, "drawn": None})
    __slots__ = FIELDS.names

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
    #: the readings of the rulings the text reads both ways (``VARIANTS``)
    move_order: str
    two_players: str
    #: the card the player who lays now drew from the pile (``two_players = "draw"``)
    drawn: int | None

    @classmethod
    def schema(cls, d: object, label: str) -> Schema:
        return _schema(d, label)


def _card_of_round(value: object, where: str) -> int | None:
    if value is not None and (type(value) is not int or not 1 <= value <= 8):
        raise fail(where, "must be null or which card of the round (1, 2, ...)")
    return value


def _height(value: object, where: str) -> int:
    if type(value) is not int or value not in HEIGHTS:
        raise fail(where, f"must be a priest's height ({', '.join(map(str, HEIGHTS))})")
    return value


def _queue(n: int) -> List:
    """The schema of the queued steps: who decides them, and what each kind's payload is."""
    return queue_schema(n, Kind.ALL, max_len=64,
                        automatic=(Kind.DRAW, Kind.DECK_CARD, Kind.REVEAL, Kind.RETURNS),
                        payloads={Kind.LAY: Check(_card_of_round),
                                  Kind.RETURN_PRIEST: Check(_height),
                                  Kind.DRAW: Int(0, n - 1)})  # who draws


def _maybe_square(value: object, where: str) -> int | None:
    if value is not None and (type(value) is not int or not 0 <= value < SQUARES):
        raise fail(where, f"must be a square 0..{SQUARES - 1} or null, got {value!r}")
    return value


def _slot(value: object, where: str) -> list[int]:
    if not (isinstance(value, list) and 1 <= len(value) <= 2):
        raise fail(where, "a slot holds 1 token (2 only by the centre exception)")
    for i, v in enumerate(value):
        if type(v) is not int or v not in DATA.sun_tokens + DATA.fire_tokens:
            raise fail(f"{where}[{i}]", f"{v!r} is not the value of a sun or fire token")
    return value


def _schema(d: object, label: str) -> Schema:
    """The schema of a state of ``d['n']`` players (the count is checked first; ``d`` is the
    raw saved state, not yet checked)."""
    n = players_in(d, label, DATA.min_players, DATA.max_players)
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
        "queue": _queue(n),
        "drawn": maybe_card,
    }
    for name, readings in VARIANTS.items():
        fields[name] = Str(readings, what=f"a reading of the ruling {name}")
    return Table(fields)


__all__ = ["Ending", "Kind", "State", "StateError", "seating"]
