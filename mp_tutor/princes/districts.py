"""The bonus of a district: production districts and temples act once a day.

Owns the rule ids ``district.*``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.machine import Out
from ..core.views import Options
from .data import DISTRICT_IDS, GOODS
from .state import State
from .tables import DISTRICT_GOOD, UNIT_SIZE


@dataclass(frozen=True)
class AtDistrict(Options):
    """The options of a decision taken in a district the Prince entered (the board marks
    the district): its ``district`` first, then the decision's own."""

    district: str


def acted_today(s: State, p: int, d: int, out: Out) -> bool:
    """True (and the event) when no bonus lies in ``d``: its action was used today."""
    if s.bonus[d]:
        return False
    out.event("no_bonus", p, "district.once_a_day", district=DISTRICT_IDS[d])
    return True


def take_goods(s: State, p: int, d: int, out: Out) -> None:
    """The Prince entering production district ``d`` takes every bonus unit there."""
    gi = DISTRICT_GOOD[d]
    n = s.bonus[d] * UNIT_SIZE[gi]
    s.bonus[d] = 0
    s.goods[p][gi] += n
    out.event("took_bonus", p, "district.bonus", district=DISTRICT_IDS[d], goods={GOODS[gi]: n})


__all__ = ["acted_today", "take_goods"]
