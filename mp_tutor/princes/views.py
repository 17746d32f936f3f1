"""The shape of the Princes' view (``Game.view(viewer)``): what describe, the pictures, the
explanations and the coach read, declared once.

Every value is JSON (lists, not tuples): a view sent to the browser or copied through JSON
reads the same. ``None`` marks what the viewer may not see (another player's hand, the
deck order) or what does not apply now (no prince on the map yet, no outcome yet).

>>> from mp_tutor.princes import Game
>>> view: PrincesView = Game.new(players=2, seed=1).view(0)
>>> view["player"][0]["colour"], view["player"][1]["hand"], view["public"]["turn"]
('Blue', None, 0)
"""

from __future__ import annotations

from typing import TypedDict

from ..core.outcome import OutcomeView
from ..core.views import PendingView
from .state import Kind, NightStep, State

#: a queued decision ``[kind, player, payload]``: the payload is a count (cards drawn, shown
#: to others), the cards drawn (to their drawer), the night step, or nothing
QueueEntry = list[str | int | list[int] | None]


class PublicFields(TypedDict):
    """The public part of the position that the rest of the view leaves out (for search;
    :func:`public_fields` fills it)."""

    queue: list[QueueEntry]
    current: int
    due: list[list[int]]
    last_turns: int | None
    end_flag: str | None
    ending: str | None
    night_step: str | None
    turn: int


class PlayerView(TypedDict):
    """One player's board: goods by name, priests by kind, Incas by district id."""

    colour: str
    goods: dict[str, int]
    supply: int
    priests: dict[str, int]
    cards: int
    hand: list[int] | None
    drawn: list[int] | None
    moon_tiles: list[str]
    prince: str | None
    scout: int
    laps: int
    summit_vp: int
    incas: dict[str, int]


class DistrictView(TypedDict):
    """One district: its bonus tokens, each player's Incas there, the princes in it."""

    bonus: int
    incas: list[int]
    princes: list[int]


class RowView(TypedDict):
    """One row of priests on the temple: how many are left, their value, their cost."""

    left: int
    value: int
    cost: dict[str, int]


class PriceView(TypedDict):
    """A good's price on the market: units per sale, selling and buying price."""

    units: int
    sell: int
    buy: int


class TimeTrack(TypedDict):
    """The day, the corn on the time track, the last day."""

    day: int
    corn: list[int]
    last_day: int


class ScoreView(TypedDict):
    """One player's score breakdown (:class:`~mp_tutor.princes.scoring.PlayerScore`)."""

    player: int
    colour: str
    icon_vp: dict[str, int]
    trail_vp: int
    summit_vp: int
    vp: int
    card_gold: int
    gold: int
    multiplier: int
    final: int
    goods_units: int
    rank: int


class PrincesView(TypedDict):
    """What one player (or the teacher, ``viewer`` None) sees of a game of the Princes."""

    players: int
    viewer: int | None
    day: int
    learning: bool
    phase: str
    current: int | None
    start_player: int
    sun_tile: int | None
    pending: PendingView
    districts: dict[str, DistrictView]
    market: dict[str, int]
    market_prices: dict[str, PriceView]
    bank: dict[str, int | None]
    rows: dict[str, RowView]
    deck: int
    deck_order: list[int] | None
    moon_tiles: list[str]
    time_track: TimeTrack
    stones: int
    scouts: list[int]
    player: list[PlayerView]
    outcome: OutcomeView[ScoreView] | None
    public: PublicFields


def public_fields(s: State, viewer: int | None) -> PublicFields:
    """The public part of the position that the rest of the view leaves out.

    The queued decisions (the cards drawn at the summit are shown to their drawer and to
    the spectator only, else as their count), trail payments due at the end of the turn,
    turns left in the day, the ending already triggered, the night step, the turn count.
    """
    queue: list[QueueEntry] = []
    for kind, p, payload in s.queue:
        shown: str | int | list[int] | None
        if kind == Kind.RETURN_CARDS and viewer is not None and viewer != p \
                and isinstance(payload, tuple):
            shown = len(payload)
        elif isinstance(payload, tuple):
            shown = list(payload)
        elif isinstance(payload, NightStep):
            shown = str(payload)
        elif payload is None or isinstance(payload, int | str):
            shown = payload
        else:
            raise TypeError(f"queued {kind}: its payload {payload!r} has no place in a view")
        queue.append([str(kind), p, shown])
    return {
        "queue": queue,
        "current": s.current,
        "due": [list(d) for d in s.due],
        "last_turns": s.last_turns,
        "end_flag": None if s.end_flag is None else str(s.end_flag),
        "ending": None if s.ending is None else str(s.ending),
        "night_step": None if s.night_step is None else str(s.night_step),
        "turn": s.turn,
    }


__all__ = ["DistrictView", "PlayerView", "PriceView", "PrincesView", "PublicFields", "QueueEntry",
           "RowView", "ScoreView", "TimeTrack", "public_fields"]
