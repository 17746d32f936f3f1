"""The state of a game of the Princes: plain ints, strings and lists (JSON-able, cheap to copy).

Players are seats ``0..n-1``; goods, districts and priest kinds are indices (see
:mod:`mp_tutor.princes.tables`); "none" is ``None``. ``queue`` holds the decisions still to
be taken (:class:`~mp_tutor.core.machine.Step`), the first one being the pending decision.

:meth:`State.from_dict` is the schema of a saved state: every field is checked (types,
ranges, sizes) before anything is built, and a problem names the field.
"""

from __future__ import annotations

from enum import StrEnum
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

_SCALARS = ("n", "seed", "learning", "day", "phase", "start_player", "current", "sun_tile",
            "last_turns", "stones", "ending", "end_flag", "turn", "night_step")
_LIST1 = ("laps", "bank", "market", "bonus", "supply", "rows", "scouts", "prince", "deck",
          "moon_board", "time_corn", "summit_vp")
_LIST2 = ("goods", "incas", "priests", "hands", "moon_held", "due")
FIELDS = _SCALARS + _LIST1 + _LIST2 + ("queue",)


class State:
    """The whole game state (see the module docstring)."""

    __slots__ = FIELDS

    n: int
    seed: int
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
    queue: list[Step]

    def copy(self) -> State:
        """An independent copy (written out field by field: search copies positions often;
        ``tests/test_decisions.py`` checks that it copies every field)."""
        s = State.__new__(State)
        s.n, s.seed, s.learning, s.day, s.phase = self.n, self.seed, self.learning, self.day, self.phase
        s.start_player, s.current, s.sun_tile = self.start_player, self.current, self.sun_tile
        s.last_turns, s.stones, s.ending = self.last_turns, self.stones, self.ending
        s.end_flag, s.turn, s.night_step = self.end_flag, self.turn, self.night_step
        s.laps, s.bank, s.market = self.laps[:], self.bank[:], self.market[:]
        s.bonus, s.supply, s.rows = self.bonus[:], self.supply[:], self.rows[:]
        s.scouts, s.prince, s.deck = self.scouts[:], self.prince[:], self.deck[:]
        s.moon_board, s.time_corn = self.moon_board[:], self.time_corn[:]
        s.summit_vp = self.summit_vp[:]
        s.goods = [x[:] for x in self.goods]
        s.incas = [x[:] for x in self.incas]
        s.priests = [x[:] for x in self.priests]
        s.hands = [x[:] for x in self.hands]
        s.moon_held = [x[:] for x in self.moon_held]
        s.due = [x[:] for x in self.due]
        s.queue = self.queue[:]
        return s

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {k: getattr(self, k) for k in _SCALARS}
        for k in ("phase", "ending", "end_flag", "night_step"):
            out[k] = None if out[k] is None else str(out[k])
        for k in _LIST1:
            out[k] = list(getattr(self, k))
        for k in _LIST2:
            out[k] = [list(x) for x in getattr(self, k)]
        out["queue"] = [[str(kind), p, list(pl) if isinstance(pl, tuple) else
                         (str(pl) if isinstance(pl, StrEnum) else pl)] for kind, p, pl in self.queue]
        return out

    @classmethod
    def from_dict(cls, d: Any, label: str = "state") -> State:
        """A state from :meth:`to_dict` output, checked field by field (``StateError``)."""
        data = validate(label, d, _schema(d, label), StateError)
        s = cls.__new__(cls)
        for k in _SCALARS + _LIST1 + _LIST2:
            setattr(s, k, data[k])
        s.phase = Phase(data["phase"])
        s.ending = None if data["ending"] is None else Ending(data["ending"])
        s.end_flag = None if data["end_flag"] is None else Ending(data["end_flag"])
        s.night_step = None if data["night_step"] is None else NightStep(data["night_step"])
        s.bank = list(data["bank"])
        s.bank[0] = UNLIMITED
        s.queue = [Step(Kind(kind), p, _payload(kind, pl)) for kind, p, pl in data["queue"]]
        return s

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]


def seating(s: State, first: int) -> list[int]:
    """Every player in seating order, starting with ``first``."""
    return [(first + i) % s.n for i in range(s.n)]


def _payload(kind: str, payload: Any) -> Any:
    if kind == Kind.NIGHT:
        return NightStep(payload)
    return tuple(payload) if isinstance(payload, list) else payload


def _queue_item(n: int) -> Check:
    seat = Int(0, n - 1)

    def fn(value: Any, where: str) -> list[Any]:
        if not (isinstance(value, list) and len(value) == 3):
            raise fail(where, "must be [kind, player, payload]")
        kind, player, payload = value
        Str(tuple(Kind)).check(kind, f"{where}[0]")
        if kind == Kind.NIGHT:
            if player is not None:
                raise fail(f"{where}[1]", "a night step belongs to nobody (null)")
            Str(tuple(NightStep)).check(payload, f"{where}[2]")
            return value
        seat.check(player, f"{where}[1]")
        where_p = f"{where}[2]"
        if kind == Kind.PRODUCE:
            if type(payload) is not int or payload not in PRODUCTION:
                raise fail(where_p, "must be a production district")
        elif kind == Kind.SACRIFICE:
            Int(0, len(PRIEST_KINDS) - 1).check(payload, where_p)
        elif kind == Kind.SET_UP_INCAS:
            if type(payload) is not int or payload not in SETUP_PROFESSIONS:
                raise fail(where_p, "must be a set-up district")
        elif kind == Kind.ACQUIRE:
            if type(payload) is not int or payload not in HOUSE_PRIESTS:
                raise fail(where_p, "must be a House district")
        elif kind == Kind.RETURN_CARDS:
            List(Int(1, len(CARDS)), min_len=2, max_len=DATA.trail["summit_draw"],
                 unique=True).check(payload, where_p)
        elif kind == Kind.REDEEM_MOON:
            goods_tiles = [t for t in TILE_IDS if MOON_TILES[t].kind == "good"]
            List(Str(goods_tiles), min_len=1, unique=True).check(payload, where_p)
        elif payload is not None:
            raise fail(where_p, "must be null for this kind of decision")
        return value

    return Check(fn, what="a queued decision")


def _schema(d: Any, label: str) -> Schema:
    """The schema of a state of ``d['n']`` players (the count is checked first)."""
    if not isinstance(d, dict):
        raise StateError(label, "<state>", "must be an object")
    n = d.get("n")
    if type(n) is not int or not DATA.min_players <= n <= DATA.max_players:
        raise StateError(label, "n",
                         f"must be a player count from {DATA.min_players} to {DATA.max_players}")
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
        "queue": List(_queue_item(n), max_len=1000, **maybe),
    }
    return Table(fields)


__all__ = ["Ending", "FIELDS", "Kind", "NIGHT_ORDER", "NightStep", "Phase", "State", "StateError",
           "seating"]
