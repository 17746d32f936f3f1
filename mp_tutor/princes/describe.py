"""A Princes position in words, from ``Game.view(viewer)`` only (what the picture shows).

The board's Describe control, its reading keys and a screen reader use it: the day, who
decides what, each district with its bonus, Princes and Incas, the time track, the rows of
Priests and Virgins, the market, the Incatrail and each player's goods and cards as the
viewer may see them, and the points as far as the viewer can know them.

>>> from mp_tutor import Game
>>> game = Game.new(players=3, seed=1)
>>> d = describe(game.view(0))
>>> d.summary
'Day 2 of 9. Blue: place your first Inca (choose a profession).'
>>> d.sections[0][1][0]
'Corn Terraces (corn): bonus 3 corn; no piece.'
>>> d.goods.startswith("Blue: Prince: not on the board yet; goods: 3 corn, 1 llama")
True
>>> "card 27" in d.goods, "card" in describe(game.view(1)).goods
(True, True)
"""

from __future__ import annotations

from typing import Any

from ..core.describe import Description, pending_text
from ..core.i18n import Msg, listed, render, t, tn
from .data import CARDS, DATA, DISTRICT_IDS, DISTRICTS, MOON_TILES, PRIESTS, PROFESSIONS
from .scoring import conquest_multipliers, trail_bonus
from .svg.style import sub_label
from .text import (
    amount,
    card_words,
    colour,
    district,
    good,
    goods_list,
    priest,
    priests,
    tile_label,
)
from .views import DistrictView, PlayerView, PrincesView

__all__ = ["describe", "district_line", "market_lines", "player_line", "points"]


def _icon_pieces(pl: PlayerView, icon: str) -> int:
    if icon in PROFESSIONS:
        return int(pl["incas"].get(PROFESSIONS[icon].district, 0))
    return int(pl["priests"].get(icon, 0)) if icon in PRIESTS else 0


def points(view: PrincesView) -> dict[str, list[Any]]:
    """Points if the game ended now, from one player's view: a player whose cards the viewer
    cannot see is scored on what is visible (the Incatrail and the summit) and marked
    ``hidden``; ``progress`` is each Scout's steps walked.

    >>> from mp_tutor import Game
    >>> game = Game.new(players=2, seed=1)
    >>> points(game.view(None))["rescue"] == [sc.final for sc in game.score_now("rescue_priests")]
    True
    """
    vps, golds, hidden = [], [], []
    for pl in view["player"]:
        bonus = trail_bonus(pl["scout"])
        vp, gold = bonus + int(pl["summit_vp"]), bonus
        hidden.append(pl["hand"] is None)
        for cid in pl["hand"] or ():
            card = CARDS[cid]
            gold += card.gold
            vp += sum(_icon_pieces(pl, icon) for icon in card.icons)
        vps.append(vp)
        golds.append(gold)
    mult = conquest_multipliers(golds)
    length = DATA.trail["length"]
    return {"rescue": vps, "conquest": [v * m for v, m in zip(vps, mult, strict=True)],
            "hidden": hidden,
            "progress": [pl["laps"] * length + pl["scout"] for pl in view["player"]]}


def district_line(d: str, info: DistrictView) -> str:
    """A district in words: its bonus, the Princes and the Incas there."""
    spec = DISTRICTS[d]
    parts: list[Msg | str] = []
    bonus = int(info.get("bonus", 0))
    if bonus:
        if spec.kind == "temple":
            what: Msg = tn("{n} temple stone", "{n} temple stones", bonus)
        else:
            g = spec.good or "corn"
            what = amount(bonus * (DATA.production["corn_per_bonus_unit"] if g == "corn" else 1), g)
        parts.append(t("bonus {what}", what=what))
    for p in info.get("princes", []):
        parts.append(t("{who}'s Prince", who=colour(p)))
    incas = [tn("{who} {n} Inca", "{who} {n} Incas", n, who=colour(p))
             for p, n in enumerate(info.get("incas", [])) if n]
    if incas:
        parts.append(listed(incas))
    if not info.get("princes") and not incas:
        parts.append(t("no piece"))
    return render(t("{district} ({what}): {pieces}.", district=district(d), what=sub_label(d),
                    pieces="; ".join(render(x) for x in parts)))


def _cards(pl: PlayerView) -> Msg:
    if pl["hand"] is None:
        return tn("{n} Sacrifice Card (hidden)", "{n} Sacrifice Cards (hidden)", pl["cards"])
    if not pl["hand"]:
        return t("no Sacrifice Card")
    named = [card_words(cid) for cid in sorted(set(pl["hand"]) | set(pl.get("drawn") or []))]
    return t("Sacrifice Cards: {cards}", cards=listed(named))


def player_line(view: PrincesView, p: int) -> str:
    """A player in words: Prince, goods, supply, Scout, Priests, moon tiles, cards."""
    pl = view["player"][p]
    where = district(pl["prince"]) if pl["prince"] else t("not on the board yet")
    held = [tn("{n} {kind}", "{n} {kind}", n, kind=priests(k) if n > 1 else priest(k))
            for k, n in pl["priests"].items() if n]
    tiles = [tile_label(x) for x in pl["moon_tiles"]]
    parts = [t("Prince: {where}", where=where), t("goods: {goods}", goods=goods_list(pl["goods"])),
             t("Incas in the supply: {n}", n=pl["supply"]), t("Scout on {n}", n=pl["scout"]),
             t("Priests and Virgins: {list}", list=listed(held)),
             t("moon tiles: {list}", list=listed(tiles)), _cards(pl)]
    if view.get("sun_tile") == p:
        parts.append(t("holds the Sun Tile"))
    return render(t("{who}: {what}.", who=colour(p), what="; ".join(render(x) for x in parts)))


def _time_lines(view: PrincesView) -> tuple[str, ...]:
    corn = view["time_track"]["corn"]
    on = [tile_label(x) for x in MOON_TILES if x in view["moon_tiles"]]
    held = view["sun_tile"]
    return (render(t("Day {day} of {last}; the nights after days {days} give 1 corn.",
                     day=view["day"], last=DATA.last_day, days=listed(corn))),
            render(t("Moon tiles on the board: {list}.", list=listed(on))),
            render(t("Sun Tile: {who} (starts the next day).", who=colour(held)) if held is not None
                   else t("Sun Tile: not taken yet.")),
            render(tn("Sacrifice deck: {n} card.", "Sacrifice deck: {n} cards.", view["deck"])))


def _rows_lines(view: PrincesView) -> tuple[str, ...]:
    out = []
    for kind in PRIESTS:
        row = view["rows"][kind]
        out.append(render(t("{who}: {n} left, worth {value} steps per llama, cost {cost}.",
                            who=priests(kind), n=row["left"], value=row["value"],
                            cost=goods_list(row["cost"]))))
    return tuple(out)


def market_lines(view: PrincesView) -> tuple[str, ...]:
    """Each good on the market: units, prices, the bank's stock."""
    out = []
    for g, units in view["market"].items():
        pr = view["market_prices"][g]
        out.append(render(t("{good}: {n} on the market, buy for {buy} corn, sell for {sell} corn; "
                            "{bank} in the bank.", good=good(g), n=units, buy=pr["buy"],
                            sell=pr["sell"], bank=view["bank"][g])))
    return tuple(out)


def _scores(view: PrincesView) -> str:
    out = view.get("outcome")
    if out:
        return render(listed(tn("{who}: {final} point (rank {rank})", "{who}: {final} points (rank {rank})",
                                sc["final"], who=colour(sc["player"]), final=sc["final"],
                                rank=sc["rank"]) for sc in out["scores"]))
    s = points(view)
    without = render(t(" (cards hidden: counted without them)"))
    lines = []
    for p, (vp, conquest, hidden) in enumerate(zip(s["rescue"], s["conquest"], s["hidden"],
                                                   strict=True)):
        lines.append(tn("{who}: {vp} victory point, {conquest} by conquest{hidden}",
                        "{who}: {vp} victory points, {conquest} by conquest{hidden}", vp,
                        who=colour(p), vp=vp, conquest=conquest, hidden=without if hidden else ""))
    return render(t("If the game ended now: {list}.", list="; ".join(render(x) for x in lines)))


def describe(view: PrincesView) -> Description:
    """The position of ``view`` (``Game.view(viewer)``) in words, in the current language."""
    names = [render(colour(p)) for p in range(view["players"])]
    viewer = view.get("viewer")
    seen = range(view["players"]) if viewer is None else [viewer]
    trail = [render(t("{who}'s Scout on {n}", who=colour(p), n=n)) for p, n in enumerate(view["scouts"])]
    sections = (
        (render(t("Districts")), tuple(district_line(d, view["districts"][d]) for d in DISTRICT_IDS)),
        (render(t("Players")), tuple(player_line(view, p) for p in range(view["players"]))),
        (render(t("Time track")), _time_lines(view)),
        (render(t("Priests and Virgins")), _rows_lines(view)),
        (render(t("Market")), market_lines(view)),
        (render(t("Incatrail")), (render(t("{list}.", list=listed(trail))),)),
    )
    return Description(
        when=render(t("Day {day} of {last}", day=view["day"], last=DATA.last_day)),
        pending=pending_text(view, names), sections=sections,
        goods=" ".join(player_line(view, p) for p in seen), scores=_scores(view))
