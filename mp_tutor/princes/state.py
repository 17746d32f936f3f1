"""The state of a game of the Princes: plain ints, strings and lists (JSON-able, cheap to copy).

Players are seats ``0..n-1``; goods, districts and priest kinds are indices (see
:mod:`mp_tutor.princes.tables`); "none" is ``None``. ``queue`` holds the decisions still to
be taken (:class:`~mp_tutor.core.machine.Step`), the first one being the pending decision.

:meth:`State.from_dict` is the schema of a saved state: every field is checked (types,
ranges, sizes) before anything is built, and a problem names the field.
"""

from __future__ import annotations

from collections.abc import Collection
from enum import StrEnum

from ..core.errors import StateError
from ..core.state import Fields, GameState, players_in, queue_schema, seating
from ..core.tomlfile import MAX_SEED, Bool, Check, Int, List, Optional, Schema, Str, Table, fail
from .data import CARDS, DATA
from .tables import (
    DISTRICT_COUNT,
    GOOD_COUNT,
    HOUSE_PRIESTS,
    MOON_TILES,
    PRIEST_KINDS,
    PRODUCTION,
    SETUP_PROFESSIONS,
    SLOT_COUNT,
    TILE_IDS,
    TRAIL_LENGTH,
    UNLIMITED,
)


class Phase(StrEnum):
    SETUP = "setup"
    DAY = "day"
    NIGHT = "night"
    OVER = "over"


class Ending(StrEnum):
    RESCUE_PRIESTS = "rescue_priests"
    RESCUE_CARDS = "rescue_cards"
    CONQUEST = "conquest"


class Kind(StrEnum):
    """The kinds of decision (and the one internal step, ``draw``)."""

    PLACE_INCA = "place_inca"
    TURN = "turn"
    PRODUCE = "produce"
    SACRIFICE = "sacrifice"
    OFFER = "offer"
    SET_UP_INCAS = "set_up_incas"
    ACQUIRE = "acquire"
    TRADE = "trade"
    SUN_CLOCK = "sun_clock"
    RETURN_CARDS = "return_cards"
    REDEEM_MOON = "redeem_moon"
    SUN_CLOCK_GOODS = "sun_clock_goods"
    NIGHT = "night"
    DRAW = "draw"


class NightStep(StrEnum):
    MOON = "moon"
    SUN_CLOCK = "sun_clock"
    BONUS = "bonus"
    DAWN = "dawn"


NIGHT_ORDER = tuple(NightStep)

class State(GameState):
    """A position of the Princes (see the module docstring), its fields declared once for
    :class:`~mp_tutor.core.state.GameState`, which copies, saves and reads it back."""

    FIELDS = Fields(
        scalars=("n", "seed", "learning", "day", "phase", "start_player", "current", "sun_tile",
                 "last_turns", "stones", "ending", "end_flag", "turn", "night_step"),
        lists=("laps", "bank", "market", "bonus", "supply", "rows", "scouts", "prince", "deck",
               "moon_board", "time_corn", "summit_vp"),
        lists2=("goods", "incas", "priests", "hands", "moon_held", "due"),
        enums={"phase": Phase, "ending": Ending, "end_flag": Ending, "night_step": NightStep},
        kinds=Kind, payloads={Kind.NIGHT: NightStep})
    __slots__ = FIELDS.names

    learning: bool
    day: int
    phase: Phase
    start_player: int
    current: int
    sun_tile: int | None
    last_turns: int | None
    stones: int
    ending: Ending | None
    end_flag: Ending | None
    turn: int
    night_step: NightStep | None
    goods: list[list[int]]
    incas: list[list[int]]
    priests: list[list[int]]
    hands: list[list[int]]
    moon_held: list[list[str]]
    due: list[list[int]]
    bank: list[int]
    market: list[int]
    bonus: list[int]
    supply: list[int]
    rows: list[int]
    scouts: list[int]
    prince: list[int | None]
    deck: list[int]
    moon_board: list[str]
    time_corn: list[int]
    summit_vp: list[int]
    laps: list[int]

    @classmethod
    def from_dict(cls, d: object, label: str = "state") -> State:
        """A state from :meth:`to_dict` output, checked field by field (``StateError``)."""
        s: State = super().from_dict(d, label)
        s.bank[0] = UNLIMITED  # corn: the bank never runs out
        return s

    @classmethod
    def schema(cls, d: object, label: str) -> Schema:
        return _schema(d, label)


def _one_of(values: Collection[int], what: str) -> Check:
    def fn(value: object, where: str) -> int:
        if type(value) is not int or value not in values:
            raise fail(where, f"must be {what}")
        return value

    return Check(fn, what=what)


def _queue(n: int) -> List:
    """The schema of the queued decisions: what each kind's payload is."""
    goods_tiles = [t for t in TILE_IDS if MOON_TILES[t].kind == "good"]
    return queue_schema(n, tuple(Kind), automatic=(Kind.NIGHT,), max_len=1000, payloads={
        Kind.NIGHT: Str(tuple(NightStep)),
        Kind.PRODUCE: _one_of(PRODUCTION, "a production district"),
        Kind.SACRIFICE: Int(0, len(PRIEST_KINDS) - 1),
        Kind.SET_UP_INCAS: _one_of(SETUP_PROFESSIONS, "a set-up district"),
        Kind.ACQUIRE: _one_of(HOUSE_PRIESTS, "a House district"),
        Kind.RETURN_CARDS: List(Int(1, len(CARDS)), min_len=2, max_len=DATA.trail["summit_draw"],
                                unique=True),
        Kind.REDEEM_MOON: List(Str(goods_tiles), min_len=1, unique=True),
    })


def _schema(d: object, label: str) -> Schema:
    """The schema of a state of ``d['n']`` players (the count is checked first; ``d`` is the
    raw saved state, not yet checked)."""
    n = players_in(d, label, DATA.min_players, DATA.max_players)
    seat = Int(0, n - 1, required=True)
    big = 10**6

    def per_player(item: Schema) -> List:
        return List(item, min_len=n, max_len=n, required=True)

    def nums(size: int, lo: int = 0, hi: int = big) -> List:
        return List(Int(lo, hi), min_len=size, max_len=size, required=True)

    maybe_seat = Optional(Int(0, n - 1), f"a player 0..{n - 1}")
    maybe_district = Optional(Int(0, DISTRICT_COUNT - 1), "a district index")
    card = Int(1, len(CARDS))
    tile = Str(TILE_IDS, what="moon tile")
    maybe = {"required": True}
    fields: dict[str, Schema] = {
        "n": Int(DATA.min_players, DATA.max_players, required=True),
        "seed": Int(0, MAX_SEED, required=True),
        "learning": Bool(required=True),
        "day": Int(1, DATA.last_day, required=True),
        "phase": Str(tuple(Phase), required=True),
        "start_player": seat,
        "current": seat,
        "sun_tile": maybe_seat,
        "last_turns": Optional(Int(0, n), f"0..{n}"),
        "stones": Int(0, DATA.temple_stones, required=True),
        "ending": Optional(Str(tuple(Ending)), "an ending"),
        "end_flag": Optional(Str(tuple(Ending)), "an ending"),
        "turn": Int(0, big, required=True),
        "night_step": Optional(Str(tuple(NightStep)), "a night step"),
        "laps": nums(n),
        "bank": nums(GOOD_COUNT, 0, UNLIMITED),
        "market": nums(GOOD_COUNT - 1, 0, SLOT_COUNT),
        "bonus": nums(DISTRICT_COUNT, 0, DATA.production["bonus_cap"]),
        "supply": nums(n, 0, DATA.incas_per_player[n]),
        "rows": List(Int(0, 50), min_len=len(PRIEST_KINDS), max_len=len(PRIEST_KINDS), **maybe),
        "scouts": nums(n, 0, TRAIL_LENGTH - 1),
        "prince": per_player(maybe_district),
        "deck": List(card, max_len=len(CARDS), unique=True, **maybe),
        "moon_board": List(tile, max_len=len(TILE_IDS), unique=True, **maybe),
        "time_corn": List(Int(1, DATA.last_day), max_len=DATA.last_day, unique=True, **maybe),
        "summit_vp": nums(n),
        "goods": per_player(List(Int(0, big), min_len=GOOD_COUNT, max_len=GOOD_COUNT)),
        "incas": per_player(List(Int(0, DATA.incas_per_player[n]), min_len=DISTRICT_COUNT,
                                 max_len=DISTRICT_COUNT)),
        "priests": per_player(List(Int(0, 50), min_len=len(PRIEST_KINDS),
                                   max_len=len(PRIEST_KINDS))),
        "hands": per_player(List(card, max_len=len(CARDS), unique=True)),
        "moon_held": per_player(List(tile, max_len=len(TILE_IDS), unique=True)),
        "due": per_player(List(Int(0, big), min_len=2, max_len=2)),
        "queue": _queue(n),
    }
    return Table(fields)


__all__ = ["Ending", "Kind", "NIGHT_ORDER", "NightStep", "Phase", "State", "StateError", "seating"]
