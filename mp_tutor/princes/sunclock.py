"""The Sun Clock: an Inca serves there until the night and brings back different goods.

Owns the rule ids ``sunclock.*`` and ``day9.sunclock``.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass

from ..core.i18n import Msg, t, tn
from ..core.machine import Decision, Out
from ..core.rules import Illegal
from ..core.views import Options
from .actions import ChooseGoods, SendToSunClock
from .bank import pay_player, refuse_short
from .data import DATA, DISTRICT_IDS, GOODS, RULES
from .state import Kind, Phase, State
from .tables import (
    CORN,
    DISTRICT_INDEX,
    DISTRICT_KIND,
    GOOD_INDEX,
    LAST_DAY,
    PRODUCTION,
    SUN_CLOCK,
    TRAIL,
    UNIT_SIZE,
    DistrictKind,
)
from .text import colour, in_district, the_district
from .trail import move_scout

GOODS_PAID = DATA.sun_clock_goods
STEPS = TRAIL["sun_clock_steps"]


def enter(s: State, p: int, d: int, out: Out) -> None:
    out.then(Kind.SUN_CLOCK, p)


_SENDS = (SendToSunClock(None), *(SendToSunClock(DISTRICT_IDS[d]) for d in PRODUCTION))
_CHOICES = {size: tuple(ChooseGoods(c) for c in itertools.combinations(GOODS, size))
            for size in range(len(GOODS) + 1)}


def _send_candidates(s: State, p: int, _payload: None) -> tuple[SendToSunClock, ...]:
    return _SENDS


def _check_send(s: State, p: int, _payload: None, a: SendToSunClock) -> Illegal | None:
    if a.source is None:
        return None
    d = DISTRICT_INDEX[a.source]
    if DISTRICT_KIND[d] is not DistrictKind.PRODUCTION:
        return RULES.illegal("sunclock.send", t(
            "An Inca is sent to the Sun Clock from a production district, not from {here}.",
            here=the_district(d)))
    if s.incas[p][d] < 1:
        return RULES.illegal("sunclock.send", t("{who} has no Inca {where}.",
                                                who=colour(p), where=in_district(d)))
    return None


def _do_send(s: State, p: int, _payload: None, a: SendToSunClock, out: Out) -> None:
    if a.source is None:
        return
    d = DISTRICT_INDEX[a.source]
    s.incas[p][d] -= 1
    s.incas[p][SUN_CLOCK] += 1
    out.event("sent_to_sun_clock", p, "sunclock.send", source=a.source)
    if s.day == LAST_DAY:
        move_scout(s, p, STEPS, out)
        out.then(Kind.SUN_CLOCK_GOODS, p)


def night_return(s: State, order: list[int], out: Out) -> None:
    """The night: every Inca at the Sun Clock goes home with steps and goods."""
    for q in order:
        for _ in range(s.incas[q][SUN_CLOCK]):
            s.incas[q][SUN_CLOCK] -= 1
            s.supply[q] += 1
            out.event("sun_clock_returned", q, "sunclock.night")
            move_scout(s, q, STEPS, out)
            out.then(Kind.SUN_CLOCK_GOODS, q)


def available(s: State) -> list[str]:
    """Goods the bank can still pay (corn never runs out)."""
    return [g for i, g in enumerate(GOODS) if i == CORN or s.bank[i] > 0]


def _goods_candidates(s: State, p: int, _payload: None) -> tuple[ChooseGoods, ...]:
    return _CHOICES[min(GOODS_PAID, len(available(s)))]


def _check_goods(s: State, p: int, _payload: None, a: ChooseGoods) -> Illegal | None:
    need = min(GOODS_PAID, len(available(s)))
    if len(set(a.goods)) != len(a.goods):
        return RULES.illegal("sunclock.night", t(
            "The Sun Clock pays different goods (3 corn count as one)."))
    for g in a.goods:
        short = refuse_short(s.bank, GOOD_INDEX[g])
        if short is not None:
            return short
    if len(a.goods) != need:
        return RULES.illegal("sunclock.night", tn("Choose {n} different good.",
                                                  "Choose {n} different goods.", need))
    return None


def _do_goods(s: State, p: int, _payload: None, a: ChooseGoods, out: Out) -> None:
    got = {g: pay_player(s, p, GOOD_INDEX[g], UNIT_SIZE[GOOD_INDEX[g]], out) for g in a.goods}
    rule = "day9.sunclock" if s.day == LAST_DAY and s.phase is Phase.DAY else "sunclock.night"
    out.event("sun_clock_paid", p, rule, goods=got)


def _goods_prompt(s: State, p: int, _payload: None) -> Msg:
    need = min(GOODS_PAID, len(available(s)))
    return tn("{who}: choose {n} good from the Sun Clock (3 corn count as one).",
              "{who}: choose {n} different goods from the Sun Clock (3 corn count as one).",
              need, who=colour(p))


def _fast_send(s: State, p: int, _payload: None) -> list[SendToSunClock]:
    incas = s.incas[p]
    return [_SENDS[0], *(a for d, a in zip(PRODUCTION, _SENDS[1:], strict=True) if incas[d])]


def _fast_goods(s: State, p: int, _payload: None) -> list[ChooseGoods]:
    able = available(s)
    return [ChooseGoods(c) for c in itertools.combinations(able, min(GOODS_PAID, len(able)))]


SUN_CLOCK_SEND = Decision(
    Kind.SUN_CLOCK, "sunclock.send", (SendToSunClock,), _send_candidates, _check_send, _do_send,
    lambda s, p, _pl: t("{who}: which Inca do you send to the Sun Clock?", who=colour(p)),
    declines=lambda a: a.source is None, auto_single=True, fast_legal=_fast_send)
@dataclass(frozen=True)
class SunGoodsOptions(Options):
    """The Sun Clock's payment: how many different goods to choose, those the bank can still
    pay, and the unit of each good."""

    choose: int
    available: tuple[str, ...]
    unit: Mapping[str, int]


SUN_CLOCK_GOODS = Decision(
    Kind.SUN_CLOCK_GOODS, "sunclock.night", (ChooseGoods,), _goods_candidates, _check_goods,
    _do_goods, _goods_prompt,
    options=lambda s, p, _pl, legal: SunGoodsOptions(
        min(GOODS_PAID, len(available(s))), tuple(available(s)),
        {g: UNIT_SIZE[i] for i, g in enumerate(GOODS)}),
    auto_single=True, fast_legal=_fast_goods)

__all__ = ["SUN_CLOCK_GOODS", "SUN_CLOCK_SEND", "SunGoodsOptions", "available", "enter",
           "night_return"]
