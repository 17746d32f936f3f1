"""The four temples: stones for the Prince, llama sacrifices, the Main Temple's offerings.

Owns the rule ids ``temple.*``.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass, field

from ..core.i18n import Msg, t, tn
from ..core.machine import Decision, Out
from ..core.rules import Illegal
from ..core.views import Options
from .actions import Offer, Sacrifice
from .bank import pay_bank
from .data import DISTRICT_IDS, GOODS, PRIESTS, RULES
from .districts import acted_today
from .houses import row_value
from .state import Kind, State, seating
from .tables import GOOD_COUNT, GOOD_INDEX, LLAMA, PRIEST_KINDS, TEMPLE_PRIEST, TRAIL, UNIT_SIZE
from .text import amount, colour, good, priest, priests
from .trail import move_scout

OFFER_STEPS = TRAIL["main_temple_steps"]


def enter(s: State, p: int, d: int, out: Out) -> None:
    """The Prince takes the temple's stones (steps), then sacrifices or offerings follow."""
    if acted_today(s, p, d, out):
        return
    stones = s.bonus[d]
    s.bonus[d] = 0
    s.stones += stones
    out.event("took_bonus", p, "temple.stones", district=DISTRICT_IDS[d], stones=stones)
    move_scout(s, p, stones * TRAIL["temple_stone_steps"], out)
    k = TEMPLE_PRIEST[d]
    for q in seating(s.n, p):
        if k is None:
            out.then(Kind.OFFER, q)
        elif s.priests[q][k]:
            out.then(Kind.SACRIFICE, q, k)


# -- sacrifices ---------------------------------------------------------------------------
_SACRIFICES = tuple(Sacrifice(n) for n in range(max(p.count for p in PRIESTS.values()) + 1))
_OFFERS = tuple(Offer(c) for r in range(GOOD_COUNT + 1) for c in itertools.combinations(GOODS, r))


def _sacrifice_candidates(s: State, p: int, k: int) -> list[Sacrifice]:
    return list(_SACRIFICES[: s.priests[p][k] + 1])


def _check_sacrifice(s: State, p: int, k: int, a: Sacrifice) -> Illegal | None:
    have = s.priests[p][k]
    if a.llamas > have:
        return RULES.illegal("temple.llama", tn(
            "Each {piece} sacrifices at most 1 llama: {who} has {n}, so 0 to {n} llamas.",
            "Each {piece} sacrifices at most 1 llama: {who} has {n}, so 0 to {n} llamas.",
            have, piece=priest(PRIEST_KINDS[k]), who=colour(p)))
    if a.llamas > s.goods[p][LLAMA]:
        have = s.goods[p][LLAMA]
        return RULES.illegal("temple.llama", t("{who} has only {llamas} to sacrifice.",
                                               who=colour(p), llamas=amount(have, "llama"))
                             if have else t("{who} has no llama to sacrifice.", who=colour(p)))
    return None


def _do_sacrifice(s: State, p: int, k: int, a: Sacrifice, out: Out) -> None:
    if a.llamas == 0:
        return
    value = row_value(s, k)
    s.goods[p][LLAMA] -= a.llamas
    s.bank[LLAMA] += a.llamas
    out.event("sacrificed", p, "temple.value", llamas=a.llamas, value=value, kind=PRIEST_KINDS[k])
    move_scout(s, p, a.llamas * value, out)


def _sacrifice_prompt(s: State, p: int, k: int) -> Msg:
    return t("{who}: how many llamas do your {pieces} sacrifice?", who=colour(p),
             pieces=priests(PRIEST_KINDS[k]))


def _fast_sacrifice(s: State, p: int, k: int) -> list[Sacrifice]:
    return list(_SACRIFICES[: min(s.priests[p][k], s.goods[p][LLAMA]) + 1])


@dataclass(frozen=True)
class SacrificeOptions(Options):
    """A sacrifice: the kind of the player's pieces at this temple, how many they have, the
    steps one llama gives, and how many llamas may be sacrificed now (``most``)."""

    kind: str
    priests: int
    value: int
    most: int = field(metadata={"json": "max"})


SACRIFICE = Decision(
    Kind.SACRIFICE, "temple.llama", (Sacrifice,), _sacrifice_candidates, _check_sacrifice,
    _do_sacrifice, _sacrifice_prompt,
    options=lambda s, p, k, legal: SacrificeOptions(
        PRIEST_KINDS[k], s.priests[p][k], row_value(s, k), min(s.priests[p][k], s.goods[p][LLAMA])),
    declines=lambda a: a.llamas == 0, auto_single=True, fast_legal=_fast_sacrifice)


# -- offerings at the Main Temple -----------------------------------------------------------
def _offer_candidates(s: State, p: int, _payload: None) -> tuple[Offer, ...]:
    return _OFFERS


def _check_offer(s: State, p: int, _payload: None, a: Offer) -> Illegal | None:
    if len(set(a.goods)) != len(a.goods):
        return RULES.illegal("temple.main_distinct", t(
            "Sacrificed goods must all be different (one of each at most)."))
    for g in a.goods:
        need = UNIT_SIZE[GOOD_INDEX[g]]
        have = s.goods[p][GOOD_INDEX[g]]
        if have < need:
            return RULES.illegal("temple.main", t(
                "Sacrificing {good} needs {need}; {who} has {have}.", good=good(g),
                need=amount(need, g), who=colour(p), have=amount(have, g)))
    return None


def _do_offer(s: State, p: int, _payload: None, a: Offer, out: Out) -> None:
    if not a.goods:
        return
    cost = [0] * GOOD_COUNT
    for g in a.goods:
        cost[GOOD_INDEX[g]] = UNIT_SIZE[GOOD_INDEX[g]]
    pay_bank(s, p, cost)
    steps = OFFER_STEPS * len(a.goods)
    out.event("offered", p, "temple.main", goods=list(a.goods), steps=steps)
    move_scout(s, p, steps, out)


def _offer_prompt(s: State, p: int, _payload: None) -> Msg:
    return tn("{who}: which different goods do you sacrifice at the Main Temple ({n} step each)?",
              "{who}: which different goods do you sacrifice at the Main Temple ({n} steps each)?",
              OFFER_STEPS, who=colour(p))


@dataclass(frozen=True)
class OfferOptions(Options):
    """An offering: the steps each good gives, the unit of each good, the goods the player
    can offer."""

    steps_each: int
    unit: Mapping[str, int]
    offerable: tuple[str, ...]


def _offer_options(s: State, p: int, _payload: None, legal: list[Offer]) -> OfferOptions:
    able = sorted({g for a in legal for g in a.goods}, key=GOODS.index)
    return OfferOptions(OFFER_STEPS, {g: UNIT_SIZE[i] for i, g in enumerate(GOODS)}, tuple(able))


_OFFERABLE = {mask: tuple(a for a in _OFFERS
                        if all(mask >> GOOD_INDEX[g] & 1 for g in a.goods))
              for mask in range(1 << GOOD_COUNT)}


def _fast_offer(s: State, p: int, _payload: None) -> list[Offer]:
    goods = s.goods[p]
    mask = sum(1 << i for i in range(GOOD_COUNT) if goods[i] >= UNIT_SIZE[i])
    return list(_OFFERABLE[mask])


OFFER = Decision(Kind.OFFER, "temple.main", (Offer,), _offer_candidates, _check_offer, _do_offer,
                 _offer_prompt, _offer_options, declines=lambda a: not a.goods, auto_single=True,
                 fast_legal=_fast_offer)

__all__ = ["OFFER", "SACRIFICE", "OfferOptions", "SacrificeOptions", "enter"]
