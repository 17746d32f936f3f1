"""A Princes action in words, for learners (the coach's suggestion, a move reviewed).

The notation (``move coca_plantation``) is for typing; a learner reads a sentence built
from the game's names in the current language.

>>> from mp_tutor.princes.actions import Move, Offer, Stay, Trade
>>> print(describe(Move("coca_plantation")))
Move the Prince to the Coca Plantation
>>> print(describe(Stay("corn3")))
Stay and take the moon tile showing 3 corn
>>> print(describe(Offer(("coca", "cloth"))))
Sacrifice coca and cloth
>>> print(describe(Trade(sell=(("cloth", 2),), buy=(("coca", 1),))))
Trade: sell 2 cloth and buy 1 coca
"""

from __future__ import annotations

from mp_tutor.core.actions import Action
from mp_tutor.core.i18n import Msg, capitalized, listed, render, t, tn
from mp_tutor.princes.actions import (
    Acquire,
    ChooseGoods,
    Move,
    Offer,
    PlaceInca,
    Produce,
    RedeemMoonTiles,
    ReturnCards,
    Sacrifice,
    SendToSunClock,
    SetUpIncas,
    Stay,
    Trade,
)
from mp_tutor.princes.data import CARDS, PRIESTS
from mp_tutor.princes.text import amount, good, priest, profession, the_district, tile_label


def card_label(cid: int) -> str:
    """'Farmer and weaver (3 gold)': a Sacrifice Card in words."""
    card = CARDS[cid]
    names = [priest(i) if i in PRIESTS else profession(i) for i in card.icons]
    return capitalized(render(t("{a} and {b} ({gold} gold)", a=names[0], b=names[1],
                                gold=card.gold)))


def _trade(a: Trade) -> Msg:
    parts: list[Msg] = []
    if a.adjust:
        g = a.adjust[1:]
        parts.append(t("add one {good} to the market", good=good(g)) if a.adjust[0] == "+"
                     else t("take one {good} from the market", good=good(g)))
    parts += [t("sell {what}", what=amount(n, g)) for g, n in a.sell]
    parts += [t("buy {what}", what=amount(n, g)) for g, n in a.buy]
    if not parts:
        return t("Do not trade")
    return t("Trade: {what}", what=listed(parts))


def describe(action: Action) -> Msg | str:
    """``action`` as a sentence a learner reads (its notation for an unknown action)."""
    a = action
    if isinstance(a, Move):
        return t("Move the Prince to {district}", district=the_district(a.to))
    if isinstance(a, Stay):
        return t("Stay and take the moon tile showing {tile}", tile=tile_label(a.tile))
    if isinstance(a, PlaceInca):
        return t("Place your first Inca: a {profession}", profession=profession(a.profession))
    if isinstance(a, Produce):
        return (tn("Produce with {n} Inca", "Produce with {n} Incas", a.count) if a.count
                else t("Produce nothing"))
    if isinstance(a, Sacrifice):
        return (tn("Sacrifice {n} llama", "Sacrifice {n} llamas", a.llamas) if a.llamas
                else t("Sacrifice nothing"))
    if isinstance(a, Offer):
        return (t("Sacrifice {goods}", goods=listed(good(g) for g in a.goods)) if a.goods
                else t("Sacrifice nothing"))
    if isinstance(a, SetUpIncas):
        return (t("Set up {professions}", professions=listed(profession(p) for p in a.professions))
                if a.professions else t("Set up no Inca"))
    if isinstance(a, Acquire):
        return t("Acquire a {priest}", priest=priest(a.kind)) if a.kind else t("Acquire nothing")
    if isinstance(a, Trade):
        return _trade(a)
    if isinstance(a, SendToSunClock):
        return (t("Send an Inca from {district} to the Sun Clock", district=the_district(a.source))
                if a.source else t("Send no Inca to the Sun Clock"))
    if isinstance(a, ReturnCards):
        return t("Return {cards}", cards=listed(card_label(c) for c in a.cards))
    if isinstance(a, RedeemMoonTiles):
        return (t("Redeem {tiles}", tiles=listed(tile_label(x) for x in a.tiles)) if a.tiles
                else t("Redeem no moon tile"))
    if isinstance(a, ChooseGoods):
        return t("Take {goods} from the Sun Clock", goods=listed(good(g) for g in a.goods))
    return a.notation()


__all__ = ["card_label", "describe"]
