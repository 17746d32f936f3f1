"""The Watchman's Hut and the Royal Palace: setting up new Incas.

Owns the rule ids ``incas.*``.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from ..core.i18n import Msg, t, tn
from ..core.machine import Decision, Out
from ..core.rules import Illegal
from .actions import SetUpIncas
from .bank import afford, pay_bank
from .data import DISTRICT_IDS, PROFESSIONS, RULES
from .districts import AtDistrict
from .state import Kind, State
from .tables import GOOD_COUNT, PROFESSION_COST, PROFESSION_DISTRICT, SETUP_PROFESSIONS, goods_dict
from .text import colour, goods_list, holding, names_list, profession, the_district


def enter(s: State, p: int, d: int, out: Out) -> None:
    out.then(Kind.SET_UP_INCAS, p, d)


_SET_UPS = {d: tuple(SetUpIncas(c) for r in range(len(allowed) + 1)
                     for c in itertools.combinations(allowed, r))
            for d, allowed in SETUP_PROFESSIONS.items()}


def _candidates(s: State, p: int, d: int) -> tuple[SetUpIncas, ...]:
    return _SET_UPS[d]


def _check(s: State, p: int, d: int, a: SetUpIncas) -> Illegal | None:
    allowed = SETUP_PROFESSIONS[d]
    if len(set(a.professions)) != len(a.professions):
        return RULES.illegal("incas.one_each", t(
            "At most one Inca of each profession can be set up on one visit."))
    for prof in a.professions:
        if prof not in allowed:
            return RULES.illegal("incas.where", t(
                "A {profession} is set up at {right}, not at {here} (here: {allowed}).",
                profession=profession(prof), right=the_district(PROFESSIONS[prof].set_up_at),
                here=the_district(d), allowed=names_list(profession(x) for x in allowed)))
    if len(a.professions) > s.supply[p]:
        return RULES.illegal("incas.supply", tn(
            "{who} has only {n} Inca left in supply.", "{who} has only {n} Incas left in supply.",
            s.supply[p], who=colour(p)))
    total = [0] * GOOD_COUNT
    for prof in a.professions:
        for i in range(GOOD_COUNT):
            total[i] += PROFESSION_COST[prof][i]
    if not afford(s, p, total):
        return RULES.illegal("incas.cost", tn(
            "A new {incas} costs {cost}; {has}.",
            "New Incas ({incas}) cost {cost} together; {has}.", len(a.professions),
            incas=names_list(profession(x) for x in a.professions),
            cost=goods_list(goods_dict(total)), has=holding(p, goods_dict(s.goods[p]))))
    return None


def _do(s: State, p: int, d: int, a: SetUpIncas, out: Out) -> None:
    for prof in a.professions:
        pay_bank(s, p, PROFESSION_COST[prof])
        s.supply[p] -= 1
        s.incas[p][PROFESSION_DISTRICT[prof]] += 1
        out.event("set_up_inca", p, "incas.cost", profession=prof,
                  district=DISTRICT_IDS[PROFESSION_DISTRICT[prof]],
                  cost=goods_dict(PROFESSION_COST[prof]))


def _prompt(s: State, p: int, d: int) -> Msg:
    return t("{who}: which new Incas do you set up at {district}?", who=colour(p),
             district=the_district(d))


@dataclass(frozen=True)
class SetUpOptions(AtDistrict):
    """Setting up Incas: the district, the professions set up there, those the player can
    afford, and their Incas in supply."""

    professions: tuple[str, ...]
    affordable: tuple[str, ...]
    supply: int


def _options(s: State, p: int, d: int, legal: list[SetUpIncas]) -> SetUpOptions:
    able = sorted({x for a in legal for x in a.professions}, key=list(PROFESSIONS).index)
    return SetUpOptions(DISTRICT_IDS[d], tuple(SETUP_PROFESSIONS[d]), tuple(able), s.supply[p])


#: each candidate with its total cost
_COSTED = {d: tuple((a, tuple(sum(PROFESSION_COST[x][i] for x in a.professions)
                              for i in range(GOOD_COUNT))) for a in setups)
           for d, setups in _SET_UPS.items()}


def _fast_legal(s: State, p: int, d: int) -> list[SetUpIncas]:
    supply = s.supply[p]
    return [a for a, cost in _COSTED[d] if len(a.professions) <= supply and afford(s, p, cost)]


SET_UP_INCAS = Decision(Kind.SET_UP_INCAS, "incas.where", (SetUpIncas,), _candidates, _check, _do,
                        _prompt, _options, declines=lambda a: not a.professions, auto_single=True,
                        fast_legal=_fast_legal)

__all__ = ["SET_UP_INCAS", "SetUpOptions", "enter"]
