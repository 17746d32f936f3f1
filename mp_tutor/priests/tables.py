"""Index tables of the temple, derived from the data file once.

The state keeps squares as small integers (``row * size + column``), priests by their index
in ``HEIGHTS`` (0 = the tallest) and stairs by their index in ``STAIRS``; these tables
translate and precompute every move.

>>> SQUARE_NAMES[square(1, 2)], square_index("r1c2")
('r1c2', 7)
>>> HEIGHTS, STAIRS
((4, 3, 2, 1), ('north', 'east', 'south', 'west'))
>>> SQUARE_NAMES[TARGET[STAIR_INDEX["north"]][START[0]]]  # the North stair pushes south
'r2c1'
>>> TARGET[STAIR_INDEX["north"]][square(4, 2)] is OUT
True
>>> GAIN["sun"][CENTRE], GAIN["moon"][CENTRE], GAIN["moon"][square(0, 1)]
(2, 1, 0)
"""

from __future__ import annotations

from .data import DATA, KINDS

SIZE = DATA.size
SQUARES = SIZE * SIZE
#: the target of a move that leaves the temple
OUT = None


def square(row: int, col: int) -> int:
    """The index of the square at ``row`` (north to south) and ``col`` (west to east)."""
    return row * SIZE + col


SQUARE_NAMES: tuple[str, ...] = tuple(f"r{i // SIZE}c{i % SIZE}" for i in range(SQUARES))
SQUARE_INDEX = {name: i for i, name in enumerate(SQUARE_NAMES)}


def square_index(name: str) -> int:
    """The index of a square named like ``r1c2`` (KeyError if there is none)."""
    return SQUARE_INDEX[name]


HEIGHTS: tuple[int, ...] = DATA.heights
PRIESTS = len(HEIGHTS)
PRIEST_INDEX = {h: i for i, h in enumerate(HEIGHTS)}
SLOTS = DATA.slots
STAIRS: tuple[str, ...] = DATA.stairs
STAIR_INDEX = {s: i for i, s in enumerate(STAIRS)}
CENTRE = square(*DATA.centre)
SUN_SQUARES = frozenset(square(*sq) for sq in DATA.sun_squares)
START: tuple[int, ...] = tuple(square(*DATA.start[h]) for h in HEIGHTS)
_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def _near(sq: int) -> tuple[int, ...]:
    r, c = divmod(sq, SIZE)
    return tuple(square(r + dr, c + dc) for dr, dc in _STEPS
                 if 0 <= r + dr < SIZE and 0 <= c + dc < SIZE)


#: the squares orthogonally next to each square
NEAR: tuple[tuple[int, ...], ...] = tuple(_near(i) for i in range(SQUARES))
#: the squares next to each priest's start square, in square order
START_NEAR: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(NEAR[s])) for s in START)


def _target(stair: str, sq: int) -> int | None:
    dr, dc = DATA.push[stair]
    r, c = divmod(sq, SIZE)
    r, c = r + dr, c + dc
    return square(r, c) if 0 <= r < SIZE and 0 <= c < SIZE else OUT


#: TARGET[stair][square]: where a card on that stair pushes a priest standing there (OUT: off)
TARGET: tuple[tuple[int | None, ...], ...] = tuple(
    tuple(_target(s, i) for i in range(SQUARES)) for s in STAIRS)
#: the compass direction each stair pushes ("south" for the North stair)
PUSH_DIRECTION: tuple[str, ...] = tuple(
    {(1, 0): "south", (-1, 0): "north", (0, 1): "east", (0, -1): "west"}[DATA.push[s]]
    for s in STAIRS)
#: GAIN[kind][square]: sun tokens a priest arriving there takes, on a sun or moon card
GAIN: dict[str, tuple[int, ...]] = {
    kind: tuple(DATA.gains[(kind, "centre")] if i == CENTRE
                else DATA.gains[(kind, "sun_square")] if i in SUN_SQUARES else 0
                for i in range(SQUARES))
    for kind in KINDS
}
CARDS: range = DATA.cards
HAND = DATA.hand_size
SUN_MOON_IDS: tuple[str, ...] = tuple(DATA.sun_moon)  # the printed card first
DECK_SUN_MOON: tuple[str, ...] = SUN_MOON_IDS[1:]
PRINTED = DATA.printed
ORDERS = ("tallest", "smallest")
#: The two rulings the French text reads both ways, each playable in both readings (a variant
#: of ``Game.new``, the scenario format and the command line); the first reading is the
#: documented ruling and the default (docs/RULINGS.md):
#: ``move_order``: reversing the order changes only the order of the moves (``order``), or
#: also pairs the highest card with the smallest priest (``pairing``, the literal reading);
#: ``two_players``: with 2 players the players alternate, two cards each from the hand
#: (``alternate``), or each lays one from the hand and then draws the top card of the pile
#: and lays it where they wish (``draw``, the literal reading).
VARIANTS: dict[str, tuple[str, ...]] = {"move_order": ("order", "pairing"),
                                        "two_players": ("alternate", "draw")}
DEFAULT_VARIANT: dict[str, str] = {name: readings[0] for name, readings in VARIANTS.items()}


def card_kind(card: str) -> str:
    """``sun`` or ``moon``."""
    return DATA.sun_moon[card].kind


def face_up(card: str, place: int) -> bool:
    """Whether the player at ``place`` in the round (0: the first player) lays face up."""
    return place in DATA.instructions[DATA.sun_moon[card].instruction].open


__all__ = [name for name in dir() if name.isupper() or name in (
    "card_kind", "face_up", "square", "square_index")]
