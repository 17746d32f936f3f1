"""The five production districts: the bonus, then every Inca there may produce.

Owns the rule ids ``produce.*``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.i18n import Msg, t, tn
from ..core.machine import Decision, Out
from ..core.rules import Illegal
from .actions import Produce
from .bank import refuse_short
from .data import DATA, DISTRICT_IDS, DISTRICTS, GOODS, RULES
from .districts import AtDistrict, acted_today, take_goods
from .state import Kind, State, seating
from .tables import CORN, DISTRICT_GOOD, FARMER_CORN
from .text import amount, colour, good, in_district

CORN_PER_GOOD = DATA.production["corn_per_good"]

#: the rules a production follows (a farmer's free corn; any other Inca's good for corn)
RULE_FARMER, RULE_CORN = "produce.farmer", "produce.corn"


def enter(s: State, p: int, d: int, out: Out) -> None:
    if acted_today(s, p, d, out):
        return
    take_goods(s, p, d, out)
    for q in seating(s.n, p):
        if s.incas[q][d]:
            out.then(Kind.PRODUCE, q, d)


_PRODUCE = tuple(Produce(k) for k in range(max(DATA.incas_per_player.values()) + 1))


def _candidates(s: State, p: int, d: int) -> list[Produce]:
    return list(_PRODUCE[: s.incas[p][d] + 1])


def _check(s: State, p: int, d: int, a: Produce) -> Illegal | None:
    have = s.incas[p][d]
    gi = DISTRICT_GOOD[d]
    if a.count > have:
        return RULES.illegal("produce.limit", tn(
            "{who} has {n} Inca {where}, so can produce with 0 to {n}, not {count}.",
            "{who} has {n} Incas {where}, so can produce with 0 to {n}, not {count}.",
            have, who=colour(p), where=in_district(d), count=a.count))
    if gi != CORN:
        if a.count * CORN_PER_GOOD > s.goods[p][CORN]:
            corn, each = s.goods[p][CORN], amount(CORN_PER_GOOD, "corn")
            if not corn:
                return RULES.illegal(RULE_CORN, t(
                    "Each {good} costs {cost} to produce; {who} has no corn.",
                    good=good(GOODS[gi]), cost=each, who=colour(p)))
            return RULES.illegal(RULE_CORN, t(
                "Each {good} costs {cost} to produce; {who} has only {corn}.", good=good(GOODS[gi]),
                cost=each, who=colour(p), corn=amount(corn, "corn")))
        return refuse_short(s.bank, gi, a.count)
    return None


def _do(s: State, p: int, d: int, a: Produce, out: Out) -> None:
    if a.count == 0:
        return
    gi = DISTRICT_GOOD[d]
    if gi == CORN:
        s.goods[p][CORN] += FARMER_CORN * a.count
        out.event("produced", p, RULE_FARMER, district=DISTRICT_IDS[d], count=a.count,
                  good="corn", paid=0, amount=FARMER_CORN * a.count)
    else:
        s.goods[p][CORN] -= a.count * CORN_PER_GOOD
        s.goods[p][gi] += a.count
        s.bank[gi] -= a.count
        out.event("produced", p, RULE_CORN, district=DISTRICT_IDS[d], count=a.count,
                  good=GOODS[gi], paid=a.count * CORN_PER_GOOD)


def _prompt(s: State, p: int, d: int) -> Msg:
    return t("{who}: how many of your Incas {where} produce?", who=colour(p),
             where=in_district(d))


@dataclass(frozen=True)
class ProduceOptions(AtDistrict):
    """Production: the district, the player's Incas there, the good, how many may produce
    now (``most``), what each gives and what each costs in corn."""

    incas: int
    good: str | None
    most: int = field(metadata={"json": "max"})
    each: int
    cost: int


def _options(s: State, p: int, d: int, legal: list[Produce]) -> ProduceOptions:
    return ProduceOptions(district=DISTRICT_IDS[d], incas=s.incas[p][d],
                          good=DISTRICTS[DISTRICT_IDS[d]].good, most=max(a.count for a in legal),
                          each=FARMER_CORN if DISTRICT_GOOD[d] == CORN else 1,
                          cost=0 if DISTRICT_GOOD[d] == CORN else CORN_PER_GOOD)


def _fast_legal(s: State, p: int, d: int) -> list[Produce]:
    most = s.incas[p][d]
    gi = DISTRICT_GOOD[d]
    if gi != CORN:
        most = min(most, s.goods[p][CORN] // CORN_PER_GOOD, s.bank[gi])
    return list(_PRODUCE[: most + 1])


PRODUCE = Decision(Kind.PRODUCE, "produce.who", (Produce,), _candidates, _check, _do, _prompt,
                   _options, declines=lambda a: a.count == 0, decline_rule="produce.not_forced",
                   auto_single=True, fast_legal=_fast_legal,
                   about=lambda s, p, d: {"district": DISTRICT_IDS[d]})

__all__ = ["PRODUCE", "ProduceOptions", "enter"]
