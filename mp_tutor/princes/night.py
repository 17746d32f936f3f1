"""The night, one automatic step at a time, and the moon tiles.

Owns the rule ids ``night.*``, ``day9.moon`` and the ruling on the night's choices.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from ..core.i18n import Msg, t
from ..core.machine import Decision, Out
from ..core.rules import Illegal
from ..core.views import Options
from .actions import Continue, RedeemMoonTiles
from .bank import pay_player, refuse_short, short
from .data import GOODS, MOON_TILES, RULES
from .state import Kind, NightStep, Phase, State, seating
from .sunclock import night_return
from .tables import (
    BONUS_CAP,
    CORN,
    DISTRICT_GOOD,
    GOOD_INDEX,
    PRODUCTION,
    TEMPLES,
    TILE_IDS,
    UNIT_SIZE,
)
from .text import amount, colour, names_list, tile_face
from .trail import move_scout

#: the rule each night step applies
STEP_RULES = {NightStep.MOON: "night.moon", NightStep.SUN_CLOCK: "night.sunclock",
              NightStep.BONUS: "night.bonus", NightStep.DAWN: "night.time_marker"}
STEP_PROMPTS: dict[NightStep, Msg] = {
    NightStep.MOON: t("Night: next, the moon tiles return and pay."),
    NightStep.SUN_CLOCK: t("Night: next, the Incas at the Sun Clock come home."),
    NightStep.BONUS: t("Night: next, new bonus units are placed."),
    NightStep.DAWN: t("Night: next, the time marker moves to the next day."),
}


def pay_moon_tiles(s: State, p: int, tiles: list[str], out: Out, rule: str) -> None:
    """Steps and corn tiles pay; goods tiles are redeemed for 1 corn each (a decision)."""
    goods_tiles = []
    for tile in sorted(tiles, key=TILE_IDS.index):
        spec = MOON_TILES[tile]
        if spec.kind == "corn":
            pay_player(s, p, CORN, spec.amount, out)
            out.event("moon_paid", p, rule, tile=tile, kind="corn", amount=spec.amount)
        elif spec.kind == "steps":
            out.event("moon_paid", p, rule, tile=tile, kind="steps", amount=spec.amount)
            move_scout(s, p, spec.amount, out)
        else:
            goods_tiles.append(tile)
    if goods_tiles:
        out.then(Kind.REDEEM_MOON, p, tuple(goods_tiles))


def pay_at_once(s: State, p: int, tile: str, out: Out) -> None:
    """On the last day a moon tile pays at once (it stays with the player)."""
    pay_moon_tiles(s, p, [tile], out, "day9.moon")


def _night_order(s: State) -> list[int]:
    return seating(s.n, s.sun_tile if s.sun_tile is not None else s.current)


def _place_bonus(s: State, out: Out) -> None:
    placed: dict[str, int] = {}
    for d in PRODUCTION:
        gi = DISTRICT_GOOD[d]
        if s.bonus[d] >= BONUS_CAP:
            continue
        if gi != CORN:
            if s.bank[gi] < 1:
                short(out, gi)
                continue
            s.bank[gi] -= 1
        s.bonus[d] += 1
        placed[GOODS[gi]] = placed.get(GOODS[gi], 0) + UNIT_SIZE[gi]
    stones = 0
    for d in TEMPLES:
        if s.bonus[d] < BONUS_CAP and s.stones > 0:
            s.bonus[d] += 1
            s.stones -= 1
            stones += 1
    out.event("bonus_placed", None, "night.bonus_cap", placed=placed, stones=stones)


def _do_step(s: State, _p: None, step: NightStep, _a: Continue, out: Out) -> None:
    s.night_step = step
    out.event("night_phase", None, STEP_RULES[step], step=str(step))
    if step is NightStep.MOON:
        for q in _night_order(s):
            tiles = s.moon_held[q]
            if tiles:
                s.moon_held[q] = []
                pay_moon_tiles(s, q, tiles, out, "night.moon")
        s.moon_board = list(TILE_IDS)
    elif step is NightStep.SUN_CLOCK:
        night_return(s, _night_order(s), out)
    elif step is NightStep.BONUS:
        _place_bonus(s, out)
    else:  # dawn
        s.day += 1
        s.phase = Phase.DAY
        s.night_step = None
        s.current = s.sun_tile if s.sun_tile is not None else s.current
        s.sun_tile = None
        s.last_turns = None
        out.event("new_day", s.current, "night.time_marker", day=s.day)
        out.then(Kind.TURN, s.current)


@dataclass(frozen=True)
class NightOptions(Options):
    """A step of the night: which."""

    step: NightStep


_CONTINUE = (Continue(),)
NIGHT = Decision(Kind.NIGHT, "night.moon", (Continue,), lambda s, p, step: _CONTINUE,
                 effect=_do_step, prompt=lambda s, p, step: STEP_PROMPTS[step],
                 options=lambda s, p, step, legal: NightOptions(step),
                 rule_for=lambda s, p, step: STEP_RULES[step],
                 fast_legal=lambda s, p, step: list(_CONTINUE))


# -- goods moon tiles ------------------------------------------------------------------
@lru_cache(maxsize=256)
def _redeem_candidates_of(tiles: tuple[str, ...]) -> tuple[RedeemMoonTiles, ...]:
    return tuple(RedeemMoonTiles(c) for r in range(len(tiles) + 1) for c in combinations(tiles, r))


def _redeem_candidates(s: State, p: int, tiles: tuple[str, ...]) -> tuple[RedeemMoonTiles, ...]:
    return _redeem_candidates_of(tiles)


def _check_redeem(s: State, p: int, tiles: tuple[str, ...], a: RedeemMoonTiles) -> Illegal | None:
    if len(set(a.tiles)) != len(a.tiles) or not set(a.tiles) <= set(tiles):
        return RULES.illegal("night.moon", t("Redeem only your goods moon tiles: {tiles}.",
                                             tiles=names_list(tile_face(x) for x in tiles)))
    if len(a.tiles) > s.goods[p][CORN]:
        if not s.goods[p][CORN]:
            return RULES.illegal("night.moon", t(
                "Each goods moon tile costs 1 corn; {who} has no corn.", who=colour(p)))
        return RULES.illegal("night.moon", t(
            "Each goods moon tile costs 1 corn; {who} has {corn}.", who=colour(p),
            corn=amount(s.goods[p][CORN], "corn")))
    for tile in a.tiles:
        why = refuse_short(s.bank, GOOD_INDEX[MOON_TILES[tile].good or "corn"])
        if why is not None:
            return why
    return None


def _do_redeem(s: State, p: int, tiles: tuple[str, ...], a: RedeemMoonTiles, out: Out) -> None:
    if not a.tiles:
        return
    got: dict[str, int] = {}
    s.goods[p][CORN] -= len(a.tiles)
    for tile in a.tiles:
        g = MOON_TILES[tile].good or "corn"
        got[g] = got.get(g, 0) + pay_player(s, p, GOOD_INDEX[g], MOON_TILES[tile].amount, out)
    out.event("moon_redeemed", p, "night.moon_corn", tiles=list(a.tiles), goods=got)


def _redeem_prompt(s: State, p: int, tiles: tuple[str, ...]) -> Msg:
    return t("{who}: which goods moon tiles do you pay 1 corn for?", who=colour(p))


def _fast_redeem(s: State, p: int, tiles: tuple[str, ...]) -> list[RedeemMoonTiles]:
    corn = s.goods[p][CORN]
    bank = s.bank
    payable = {x for x in tiles
               if GOOD_INDEX[MOON_TILES[x].good or "corn"] == CORN
               or bank[GOOD_INDEX[MOON_TILES[x].good or "corn"]] >= 1}
    return [a for a in _redeem_candidates_of(tiles)
            if len(a.tiles) <= corn and all(x in payable for x in a.tiles)]


@dataclass(frozen=True)
class RedeemOptions(Options):
    """Goods moon tiles to redeem: the player's tiles that may be redeemed now."""

    tiles: tuple[str, ...]


REDEEM_MOON = Decision(
    Kind.REDEEM_MOON, "night.moon", (RedeemMoonTiles,), _redeem_candidates, _check_redeem,
    _do_redeem, _redeem_prompt, options=lambda s, p, tiles, legal: RedeemOptions(tuple(tiles)),
    declines=lambda a: not a.tiles, decline_rule="ruling.night_choices", auto_single=True,
    fast_legal=_fast_redeem)

__all__ = ["NIGHT", "REDEEM_MOON", "STEP_RULES", "NightOptions", "RedeemOptions", "pay_at_once",
           "pay_moon_tiles"]
