"""The House of Priests and the House of Virgins: acquiring Priests and Virgins.

Owns the rule ids ``house.*`` and the priest rows (their step values).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.i18n import Msg, t
from ..core.machine import Decision, Out
from ..core.rules import Illegal
from .actions import Acquire
from .bank import afford, pay_bank
from .data import DISTRICT_IDS, PRIESTS, RULES
from .districts import AtDistrict
from .state import Ending, Kind, State
from .tables import HOUSE_PRIESTS, PRIEST_COST, PRIEST_INDEX, PRIEST_KINDS, goods_dict
from .text import colour, goods_list, holding, priest, the_district


def row_value(s: State, k: int) -> int:
    """Steps per llama for priest kind ``k``: the lowest visible number of its row."""
    spec = PRIESTS[PRIEST_KINDS[k]]
    return spec.start_value - (spec.count - s.rows[k])


def enter(s: State, p: int, d: int, out: Out) -> None:
    out.then(Kind.ACQUIRE, p, d)


_ACQUIRES = {d: (Acquire(None), *(Acquire(PRIEST_KINDS[k]) for k in kinds))
             for d, kinds in HOUSE_PRIESTS.items()}


def _candidates(s: State, p: int, d: int) -> tuple[Acquire, ...]:
    return _ACQUIRES[d]


def _check(s: State, p: int, d: int, a: Acquire) -> Illegal | None:
    if a.kind is None:
        return None
    k = PRIEST_INDEX[a.kind]
    if k not in HOUSE_PRIESTS[d]:
        return RULES.illegal("house.which", t(
            "A {piece} is acquired at {house}, not here.", piece=priest(a.kind),
            house=the_district(PRIESTS[a.kind].house)))
    if s.rows[k] == 0:
        return RULES.illegal("house.leftmost", t("No {piece} is left on the board.",
                                                 piece=priest(a.kind)))
    if not afford(s, p, PRIEST_COST[k]):
        return RULES.illegal("house.cost", t(
            "A {piece} costs {cost}; {has}.", piece=priest(a.kind),
            cost=goods_list(goods_dict(PRIEST_COST[k])), has=holding(p, goods_dict(s.goods[p]))))
    return None


def _do(s: State, p: int, d: int, a: Acquire, out: Out) -> None:
    if a.kind is None:
        return
    k = PRIEST_INDEX[a.kind]
    pay_bank(s, p, PRIEST_COST[k])
    s.rows[k] -= 1
    s.priests[p][k] += 1
    out.event("acquired", p, "house.leftmost", kind=a.kind, cost=goods_dict(PRIEST_COST[k]),
              value=row_value(s, k))
    if not any(s.rows) and s.end_flag is None:
        s.end_flag = Ending.RESCUE_PRIESTS


def _prompt(s: State, p: int, d: int) -> Msg:
    return t("{who}: which Priest or Virgin do you acquire at {house}?", who=colour(p),
             house=the_district(d))


def _fast_legal(s: State, p: int, d: int) -> list[Acquire]:
    out = [_ACQUIRES[d][0]]
    for a in _ACQUIRES[d][1:]:
        k = PRIEST_INDEX[a.kind]  # type: ignore[index]
        if s.rows[k] and afford(s, p, PRIEST_COST[k]):
            out.append(a)
    return out


@dataclass(frozen=True)
class AcquireOptions(AtDistrict):
    """Acquiring: the house (district) the Prince entered."""


ACQUIRE = Decision(Kind.ACQUIRE, "house.one", (Acquire,), _candidates, _check, _do, _prompt,
                   options=lambda s, p, d, legal: AcquireOptions(DISTRICT_IDS[d]),
                   declines=lambda a: a.kind is None, auto_single=True, fast_legal=_fast_legal)

__all__ = ["ACQUIRE", "AcquireOptions", "enter", "row_value"]
