"""Moving the priests: the pairing of cards and priests, the first player's choice of order,
the four moves (blocked, pushed out) and the return of priests that left the temple.

Owns the rule ids ``move.*`` and the rulings on the order of the moves and on returning.
The ruling on the order has two readings (``State.move_order``): reversing the order changes
only the order of the moves (``order``, the ruling), or also pairs the highest card with the
smallest priest (``pairing``, the literal reading of the French text).

>>> from mp_tutor.priests import Game
>>> game = Game.new(players=2, seed=5)
>>> while game.pending.kind == "lay":
...     _ = game.apply(game.legal_actions()[0])
>>> game.pending.kind, sorted(game.pending.options.preview)
('order', ['smallest', 'tallest'])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..core.i18n import Msg, t
from ..core.machine import Decision, Out
from ..core.rules import Illegal
from ..core.views import Options
from .actions import Order, Place
from .data import RULES
from .state import Kind, State
from .tables import (
    HEIGHTS,
    OUT,
    PRIEST_INDEX,
    PRIESTS,
    PUSH_DIRECTION,
    SQUARE_INDEX,
    SQUARE_NAMES,
    STAIRS,
    START,
    START_NEAR,
    TARGET,
)
from .text import colour, names_list, priest
from .tokens import gain_sun, take_fire

#: the rule that pairs cards and priests (highest card, tallest priest), for explanations
RULE_PAIRING = "move.pairing"
#: the other reading of ``ruling.move_order``: reversed, the highest card moves the smallest
#: priest (the variant ``move_order = "pairing"``)
RULE_REVERSED_PAIRING = "ruling.move_order_pairing"
_ORDERS = (Order("tallest"), Order("smallest"))
_STAIRS = tuple(range(len(STAIRS)))
_TALLEST_FIRST = tuple(range(PRIESTS))
_SMALLEST_FIRST = tuple(reversed(range(PRIESTS)))


def reverses_pairing(s: State, first: str | None) -> bool:
    """Whether the order ``first`` pairs the highest card with the smallest priest (only in
    the variant ``move_order = "pairing"``, when the order is reversed)."""
    return first == "smallest" and s.move_order == "pairing"


def pairing(s: State, first: str | None = "tallest") -> list[int]:
    """The stair whose card moves each priest (tallest first): highest card, tallest priest;
    in the variant ``pairing`` with the order reversed, highest card, smallest priest."""
    stairs = s.stairs
    by_card = sorted(_STAIRS, key=lambda j: -(stairs[j] or 0))
    return by_card[::-1] if reverses_pairing(s, first) else by_card


@dataclass(frozen=True)
class Pair:
    """The card that moves a priest, and its stair."""

    card: int | None
    stair: str


def pairs(s: State, first: str | None = "tallest") -> dict[str, Pair]:
    """``{height: Pair}``: the card that moves each priest in the order ``first``."""
    return {str(HEIGHTS[i]): Pair(s.stairs[j], STAIRS[j]) for i, j in enumerate(pairing(s, first))}


def move_all(s: State, first: str, out: Out) -> None:
    """Carry out the four moves in the chosen order (tallest or smallest priest first)."""
    stairs_of = pairing(s, first)
    pos = s.pos
    record = out.record  # a playout's moves build no events
    for i in (_TALLEST_FIRST if first == "tallest" else _SMALLEST_FIRST):
        j = stairs_of[i]
        frm = pos[i]
        if frm is None:  # cannot happen in a game: every priest is back before a round
            continue
        to = TARGET[j][frm]
        h = HEIGHTS[i]
        if to is OUT:
            pos[i] = None
            fire, rule, note = take_fire(s, i)
            if record:
                out.event("pushed_out", None, rule or "move.out", priest=h, card=s.stairs[j],
                          stair=STAIRS[j], dir=PUSH_DIRECTION[j], fire=fire, note=note,
                          **{"from": SQUARE_NAMES[frm]})
        elif to in pos:
            if record:
                out.event("blocked", None, "move.blocked", priest=h, card=s.stairs[j],
                          stair=STAIRS[j], dir=PUSH_DIRECTION[j], to=SQUARE_NAMES[to],
                          by=HEIGHTS[pos.index(to)], **{"from": SQUARE_NAMES[frm]})
        else:
            pos[i] = to
            tokens, rule, note = gain_sun(s, i, to)
            if record:
                out.event("moved", None, rule or "move.direction", priest=h, card=s.stairs[j],
                          stair=STAIRS[j], dir=PUSH_DIRECTION[j], to=SQUARE_NAMES[to],
                          tokens=tokens, note=note, **{"from": SQUARE_NAMES[frm]})


@dataclass(frozen=True)
class Preview:
    """What the moves give in one order: each priest's square (by height; None: out of the
    temple) and the tokens it takes."""

    squares: Mapping[str, str | None]
    tokens: Mapping[str, tuple[int, ...]]


def preview(s: State, first: str) -> Preview:
    """What the moves would give in this order, without making them (for panels and bots)."""
    c = s.copy()
    move_all(c, first, Out(record=False))
    return Preview({str(HEIGHTS[i]): (SQUARE_NAMES[q] if q is not None else None)
                    for i, q in enumerate(c.pos)},
                   {str(HEIGHTS[i]): tuple(v for slot in c.slots[i][len(s.slots[i]):] for v in slot)
                    for i in range(PRIESTS)})


# -- the first player's choice of order --------------------------------------------------
def _order_rule(s: State, first: str | None) -> str:
    if first == "tallest":
        return "move.order"
    return RULE_REVERSED_PAIRING if s.move_order == "pairing" else "ruling.move_order"


def _do_order(s: State, p: int, _payload: None, a: Order, out: Out) -> None:
    s.order = a.first
    variant = {"pairing": True} if reverses_pairing(s, a.first) else {}
    out.event("order_chosen", p, _order_rule(s, a.first), first=a.first, **variant)
    move_all(s, a.first, out)
    if None in s.pos:
        out.then(Kind.RETURNS, None)


def _order_prompt(s: State, p: int, _payload: None) -> Msg:
    if s.move_order == "pairing":
        return t("{who}: carry out the moves tallest priest first (the highest card moves it), or "
                 "reverse the order: the highest card moves the smallest priest, which starts?",
                 who=colour(p))
    return t("{who}: carry out the moves tallest priest first, or reverse the order and start "
             "with the smallest priest?", who=colour(p))


@dataclass(frozen=True)
class OrderOptions(Options):
    """The order of the moves: the card that moves each priest (by height) tallest first and
    in the reversed order, the reading of the variant ``move_order``, and what each order
    gives (:class:`Preview`, by ``tallest`` / ``smallest``)."""

    pairs: Mapping[str, Pair]
    pairs_smallest: Mapping[str, Pair]
    move_order: str
    preview: Mapping[str, Preview]


def _order_options(s: State, p: int, _payload: None, legal: list[Order]) -> OrderOptions:
    return OrderOptions(pairs(s, "tallest"), pairs(s, "smallest"), s.move_order,
                        {a.first: preview(s, a.first) for a in legal})


ORDER = Decision(Kind.ORDER, "move.order", (Order,), lambda s, p, pl: _ORDERS, effect=_do_order,
                 prompt=_order_prompt, options=_order_options,
                 fast_legal=lambda s, p, pl: list(_ORDERS),
                 rule_for=lambda s, p, pl: "move.order" if s.move_order == "order"
                 else RULE_REVERSED_PAIRING)


# -- priests that left the temple come back ------------------------------------------------
def _do_returns(s: State, _p: None, _payload: None, _a: None, out: Out) -> None:
    """Tallest first: to the start square if it is free, else the first player chooses."""
    for i in range(PRIESTS):
        if s.pos[i] is not None:
            continue
        if START[i] in s.pos:
            out.then(Kind.RETURN_PRIEST, s.first, HEIGHTS[i])
        else:
            s.pos[i] = START[i]
            out.event("returned", None, "move.return", priest=HEIGHTS[i],
                      square=SQUARE_NAMES[START[i]])


RETURNS = Decision(Kind.RETURNS, "ruling.return_timing", effect=_do_returns, internal=True)

_PLACES = {h: tuple(Place(h, SQUARE_NAMES[q]) for q in START_NEAR[i]) for i, h in enumerate(HEIGHTS)}


def _check_place(s: State, p: int, h: int, a: Place) -> Illegal | None:
    i = PRIEST_INDEX[h]
    if a.priest != h:
        if s.pos[PRIEST_INDEX[a.priest]] is not None:
            return RULES.illegal("move.return", t(
                "{other} did not leave the temple, so it does not return; place {priest}.",
                other=priest(a.priest), priest=priest(h)))
        return RULES.illegal("ruling.return_timing", t(
            "Place {priest} first: returning priests are placed tallest first.", priest=priest(h)))
    q = SQUARE_INDEX[a.square]
    if q not in START_NEAR[i]:
        free = [SQUARE_NAMES[x] for x in START_NEAR[i] if x not in s.pos]
        return RULES.illegal("move.return_adjacent", t(
            "{square} is not next to the start square {start} of {priest} (not diagonally "
            "either): choose one of {free}.", square=a.square, start=SQUARE_NAMES[START[i]],
            priest=priest(h), free=names_list(free)))
    if q in s.pos:
        return RULES.illegal("move.return_adjacent", t(
            "{square} is taken by {other}: a square holds one priest.", square=a.square,
            other=priest(HEIGHTS[s.pos.index(q)])))
    return None


def _do_place(s: State, p: int, h: int, a: Place, out: Out) -> None:
    i = PRIEST_INDEX[h]
    s.pos[i] = SQUARE_INDEX[a.square]
    out.event("placed_beside", p, "move.return_adjacent", priest=h, square=a.square,
              start=SQUARE_NAMES[START[i]], by=HEIGHTS[s.pos.index(START[i])])


def _place_prompt(s: State, p: int, h: int) -> Msg:
    i = PRIEST_INDEX[h]
    return t("{who}: the start square {start} of {priest} is taken; put {priest} on a free "
             "square next to it.", who=colour(p), start=SQUARE_NAMES[START[i]], priest=priest(h))


def _fast_place(s: State, p: int, h: int) -> list[Place]:
    pos = s.pos
    return [a for a in _PLACES[h] if SQUARE_INDEX[a.square] not in pos]


@dataclass(frozen=True)
class ReturnOptions(Options):
    """A priest comes back and its start square is taken: the priest (its height), its
    start square, and the free squares next to it."""

    priest: int
    start: str
    squares: tuple[str, ...]


RETURN_PRIEST = Decision(
    Kind.RETURN_PRIEST, "move.return_adjacent", (Place,), lambda s, p, h: _PLACES[h], _check_place,
    _do_place, _place_prompt,
    options=lambda s, p, h, legal: ReturnOptions(h, SQUARE_NAMES[START[PRIEST_INDEX[h]]],
                                                 tuple(a.square for a in legal)),
    auto_single=True, fast_legal=_fast_place)

__all__ = ["ORDER", "RETURNS", "RETURN_PRIEST", "RULE_PAIRING", "RULE_REVERSED_PAIRING",
           "OrderOptions", "Pair", "Preview", "ReturnOptions", "move_all", "pairing", "pairs",
           "preview", "reverses_pairing"]
