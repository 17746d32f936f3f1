"""Moving the Princes: a move into a district (and its action), or staying for a moon tile.

Owns the rule ids ``move.*`` and the ruling on the first turn. Entering a district starts
its action, declared by the module of that district kind.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from ..core.i18n import Msg, t, tn
from ..core.machine import Decision, Out
from ..core.rules import Illegal
from ..core.views import Options
from . import houses, incas, market, production, sunclock, temples
from .actions import Move, Stay
from .data import DATA, DISTRICT_IDS, RULES
from .flow import tile_taken
from .night import pay_at_once
from .state import Kind, State
from .tables import (
    DISTRICT_INDEX,
    DISTRICT_KIND,
    LAST_DAY,
    LLAMA,
    NEIGHBOURS,
    TILE_IDS,
    DistrictKind,
)
from .text import amount, colour, in_district, names_list, the_district, tile_face

LLAMA_COST = DATA.move_llama_cost

#: what entering a district of each kind starts
ENTER: dict[DistrictKind, Callable[[State, int, int, Out], None]] = {
    DistrictKind.PRODUCTION: production.enter,
    DistrictKind.TEMPLE: temples.enter,
    DistrictKind.SETUP: incas.enter,
    DistrictKind.HOUSE: houses.enter,
    DistrictKind.PLAZA: market.enter,
    DistrictKind.SUN_CLOCK: sunclock.enter,
}


def move_rule(s: State, p: int, d: int) -> str:
    """The rule a move of ``p``'s Prince into district ``d`` follows (first turn, bordering
    or paid with a llama)."""
    if s.prince[p] is None:
        return "ruling.first_turn"
    return "move.adjacent" if move_cost(s, p, d) == 0 else "move.llama"


def move_cost(s: State, p: int, d: int) -> int:
    """Llamas a move of ``p``'s Prince into district ``d`` costs."""
    cur = s.prince[p]
    return 0 if cur is None or d in NEIGHBOURS[cur] else LLAMA_COST


_MOVES: tuple[Move, ...] = tuple(Move(d) for d in DISTRICT_IDS)
_STAYS: dict[str, Stay] = {x: Stay(x) for x in TILE_IDS}


def _candidates(s: State, p: int, _payload: None) -> list[Move | Stay]:
    return [*_MOVES, *(_STAYS[x] for x in s.moon_board)]


def _check(s: State, p: int, _payload: None, a: Move | Stay) -> Illegal | None:
    cur = s.prince[p]
    if isinstance(a, Stay):
        if cur is None:
            return RULES.illegal("move.first_turn", t(
                "{who}'s Prince is not on the board yet: on the first turn it is placed on any "
                "district.", who=colour(p)))
        if a.tile not in s.moon_board:
            return RULES.illegal("move.no_tile", t(
                "The {tile} moon tile is not on the board (left: {left}).", tile=tile_face(a.tile),
                left=names_list(tile_face(x) for x in s.moon_board)))
        return None
    if cur is None:
        return None
    d = DISTRICT_INDEX[a.to]
    if d == cur:
        return RULES.illegal("move.not_twice", t(
            "{who}'s Prince is already {where}: a district cannot be used on two turns "
            "in a row, not even by paying a llama. To stay, take a moon tile instead.", who=colour(p),
            where=in_district(d)))
    cost = move_cost(s, p, d)
    if s.goods[p][LLAMA] < cost:
        return RULES.illegal("move.llama", t(
            "{who} has {have}, but going from {here} to {there} costs {cost}: the two districts "
            "do not border each other.", there=the_district(d), here=the_district(cur),
            cost=amount(cost, "llama"), who=colour(p), have=amount(s.goods[p][LLAMA], "llama")))
    return None


def _do(s: State, p: int, _payload: None, a: Move | Stay, out: Out) -> None:
    s.turn += 1
    if isinstance(a, Stay):
        _stay(s, p, a, out)
        return
    d = DISTRICT_INDEX[a.to]
    cur = s.prince[p]
    cost = move_cost(s, p, d)
    rule = move_rule(s, p, d)
    how = "first" if cur is None else "adjacent" if cost == 0 else "llama"
    if cost:
        s.goods[p][LLAMA] -= cost
        s.bank[LLAMA] += cost
    s.prince[p] = d
    out.event("moved", p, rule, to=a.to, how=how, cost=cost,
              **{"from": DISTRICT_IDS[cur] if cur is not None else None})
    ENTER[DISTRICT_KIND[d]](s, p, d, out)


def _stay(s: State, p: int, a: Stay, out: Out) -> None:
    s.moon_board.remove(a.tile)
    s.moon_held[p].append(a.tile)
    taken = len(TILE_IDS) - len(s.moon_board)
    out.event("took_moon_tile", p, "move.stay", tile=a.tile,
              district=DISTRICT_IDS[at] if (at := s.prince[p]) is not None else None, taken=taken)
    if s.day == LAST_DAY:
        pay_at_once(s, p, a.tile, out)
    tile_taken(s, p, out)


def _prompt(s: State, p: int, _payload: None) -> Msg:
    if s.prince[p] is None:
        return t("{who}: place your Prince on any district; on the first turn this is free.",
                 who=colour(p))
    return tn("{who}: move your Prince (a bordering district is free, any other costs {n} llama) "
              "or stay and take a moon tile.",
              "{who}: move your Prince (a bordering district is free, any other costs {n} llamas) "
              "or stay and take a moon tile.", LLAMA_COST, who=colour(p))


@dataclass(frozen=True)
class TurnOptions(Options):
    """A turn: the llamas each legal move costs, where the Prince stands, the districts
    bordering it, the moon tiles the player may stay for."""

    #: every district the Prince may move to, with its cost in llamas
    costs: Mapping[str, int]
    #: the Prince's district (None on the first turn)
    here: str | None = field(metadata={"json": "from"})
    first_turn: bool
    #: the districts a move to is free
    adjacent: tuple[str, ...]
    llamas: int
    llama_cost: int
    moon_tiles: tuple[str, ...]
    #: the moon tiles the player may stay for
    stay: tuple[str, ...]
    day: int
    last_turns: int | None


def _options(s: State, p: int, _payload: None, legal: list[Move | Stay]) -> TurnOptions:
    cur = s.prince[p]
    return TurnOptions(
        costs={a.to: move_cost(s, p, DISTRICT_INDEX[a.to]) for a in legal if isinstance(a, Move)},
        here=DISTRICT_IDS[cur] if cur is not None else None,
        first_turn=cur is None,
        adjacent=(tuple(sorted(DISTRICT_IDS[d] for d in NEIGHBOURS[cur])) if cur is not None
                  else tuple(DISTRICT_IDS)),
        llamas=s.goods[p][LLAMA], llama_cost=LLAMA_COST, moon_tiles=tuple(s.moon_board),
        stay=tuple(a.tile for a in legal if isinstance(a, Stay)), day=s.day,
        last_turns=s.last_turns)


def _fast_legal(s: State, p: int, _payload: None) -> list[Move | Stay]:
    cur = s.prince[p]
    if cur is None:
        return list(_MOVES)
    rich = s.goods[p][LLAMA] >= LLAMA_COST
    near = NEIGHBOURS[cur]
    out: list[Move | Stay] = [m for d, m in enumerate(_MOVES) if d != cur and (rich or d in near)]
    out += [_STAYS[x] for x in s.moon_board]
    return out


def _turn_rule(s: State, p: int, _payload: None) -> str:
    """The rule a turn follows: the first-turn ruling while the Prince is not on the board."""
    return "ruling.first_turn" if s.prince[p] is None else "move.adjacent"


TURN = Decision(Kind.TURN, "move.adjacent", (Move, Stay), _candidates, _check, _do, _prompt,
                _options, fast_legal=_fast_legal, rule_for=_turn_rule)

__all__ = ["ENTER", "LLAMA_COST", "TURN", "TurnOptions", "move_cost", "move_rule"]
