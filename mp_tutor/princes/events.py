"""The Princes' events and their narration: one sentence per kind of event.

Events are public (they never name a hidden card); ``text`` renders the sentence in the
current language when it is read.

>>> e = PrincesEvent("produced", 1, "produce.corn",
...                  {"district": "coca_plantation", "count": 2, "good": "coca", "paid": 2})
>>> e.text
'Yellow pays 2 corn and produces 2 coca in the Coca Plantation.'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.events import Declines, Event, Who, machine_narration
from ..core.i18n import Msg, ordinal, t, tn
from .data import DATA
from .text import (
    amount,
    colour,
    good,
    goods_list,
    in_district,
    names_list,
    price_paid,
    priest,
    profession,
    the_district,
    tile_face,
)

TRAIL = DATA.trail
Narrator = Callable[[Who, dict[str, Any]], Msg]

NIGHT_DONE: dict[str, Msg] = {
    "moon": t("Night: the moon tiles return to the board and pay their owners."),
    "sun_clock": t("Night: the Incas at the Sun Clock return to their supply."),
    "bonus": t("Night: new bonus units are placed (at most {cap} per district).",
               cap=DATA.production["bonus_cap"]),
    "dawn": t("Night: the time marker moves on."),
}
ENDINGS: dict[str, Msg] = {
    "rescue_priests": t("Machu Picchu is rescued (all Priests and Virgins acquired)"),
    "rescue_cards": t("Machu Picchu is rescued (the Sacrifice Card deck is exhausted)"),
    "conquest": t("the Spanish conquer Machu Picchu after day {day}", day=DATA.last_day),
}


def _setup(who: Who, d: dict[str, Any]) -> Msg:
    if d.get("learning"):
        return t("A {n}-player game (learning variant) starts on day {day}; {first} is the "
                 "starting player.", n=d["players"], day=d["day"], first=colour(d["start_player"]))
    return t("A {n}-player game starts on day {day}; {first} is the starting player.",
             n=d["players"], day=d["day"], first=colour(d["start_player"]))


def _moved(who: Who, d: dict[str, Any]) -> Msg:
    if d["how"] == "first":
        return t("{who} moves the Prince to {district} (first turn, free).", who=who,
                 district=the_district(d["to"]))
    if d["how"] == "llama":
        return t("{who} moves the Prince to {district}, paying {cost}.", who=who,
                 district=the_district(d["to"]), cost=amount(d.get("cost", 1), "llama"))
    return t("{who} moves the Prince to {district}.", who=who, district=the_district(d["to"]))


def _took_bonus(who: Who, d: dict[str, Any]) -> Msg:
    if "goods" in d:
        return t("{who} takes the bonus {where}: {goods}.", who=who,
                 where=in_district(d["district"]), goods=goods_list(d["goods"]))
    return tn("{who} takes the bonus {where}: {n} temple stone.",
              "{who} takes the bonus {where}: {n} temple stones.", d["stones"], who=who,
              where=in_district(d["district"]))


def _produced(who: Who, d: dict[str, Any]) -> Msg:
    if d["good"] == "corn":
        return tn("{who}'s farmer produces {corn} for free.",
                  "{who}'s {n} farmers produce {corn} for free.", d["count"], who=who,
                  corn=amount(d["amount"], "corn"))
    return t("{who} pays {paid} and produces {goods} {where}.", who=who,
             paid=amount(d["paid"], "corn"), goods=amount(d["count"], d["good"]),
             where=in_district(d["district"]))


def _moon_paid(who: Who, d: dict[str, Any]) -> Msg:
    if d.get("kind") == "steps":
        what: Msg = tn("{n} step", "{n} steps", d["amount"])
    else:
        what = amount(d["amount"], "corn")
    return t("{who}'s {tile} moon tile pays {what}.", who=who, tile=tile_face(d["tile"]), what=what)


def _took_moon_tile(who: Who, d: dict[str, Any]) -> Msg:
    where = in_district(d["district"]) if d.get("district") else ""
    if d["taken"] == 1:
        return t("{who} stays {where} and takes the {tile} moon tile, the first of the day.",
                 who=who, where=where, tile=tile_face(d["tile"]))
    return t("{who} stays {where} and takes the {tile} moon tile, the {nth} of the day.", who=who,
             where=where, tile=tile_face(d["tile"]), nth=ordinal(d["taken"]))


def _bonus_placed(who: Who, d: dict[str, Any]) -> Msg:
    items: list[Msg] = [amount(n, g) for g, n in d["placed"].items() if n]
    if d.get("stones"):
        items.append(tn("{n} temple stone", "{n} temple stones", d["stones"]))
    return t("New bonus: {items}.", items=names_list(items))


def _where(d: dict[str, Any]) -> Any:
    """The district a decision was about ("in the Weaver's Quarter"), if the event says."""
    return in_district(d["district"]) if d.get("district") else ""


#: what a player who does nothing at a decision does, in words (decision kind -> sentence)
DECLINES: Declines = {
    "produce": lambda who, d: t("{who}'s Incas {where} produce nothing.", who=who,
                                where=_where(d)),
    "sacrifice": lambda who, d: t("{who} sacrifices no llama.", who=who),
    "offer": lambda who, d: t("{who} sacrifices nothing at the Main Temple.", who=who),
    "set_up_incas": lambda who, d: t("{who} sets up no new Inca.", who=who),
    "acquire": lambda who, d: t("{who} acquires no Priest or Virgin.", who=who),
    "trade": lambda who, d: t("{who} does not trade at the market.", who=who),
    "sun_clock": lambda who, d: t("{who} sends no Inca to the Sun Clock.", who=who),
    "redeem_moon": lambda who, d: t("{who} pays for no moon tile.", who=who),
}

#: what a player who could only do nothing cannot do, and why (the event's "why")
UNABLE: Declines = {
    "produce": lambda who, d: t("{who}'s Incas {where} cannot produce: {why}", who=who,
                                where=_where(d), why=d["why"]),
    "sacrifice": lambda who, d: t("{who} has no llama to sacrifice.", who=who),
    "offer": lambda who, d: t("{who} cannot sacrifice anything at the Main Temple: {why}", who=who,
                              why=d["why"]),
    "set_up_incas": lambda who, d: t("{who} cannot set up a new Inca: {why}", who=who,
                                     why=d["why"]),
    "acquire": lambda who, d: t("{who} cannot acquire any Priest or Virgin: {why}", who=who,
                                why=d["why"]),
    "sun_clock": lambda who, d: t("{who} has no Inca in a production district to send to the "
                                  "Sun Clock.", who=who),
    "redeem_moon": lambda who, d: t("{who} cannot pay for any moon tile: {why}", who=who,
                                    why=d["why"]),
}

NARRATION: dict[str, Narrator] = {
    "setup": _setup,
    "placed_inca": lambda who, d: t("{who} places a first Inca, a {profession}, {where}.",
                                    who=who, profession=profession(d["profession"]),
                                    where=in_district(d["district"])),
    "turn_began": lambda who, d: t("Day {day}: {who}'s turn.", day=d["day"], who=who),
    "moved": _moved,
    "took_moon_tile": _took_moon_tile,
    "day_ending": lambda who, d: t(
        "{who} took the {nth} moon tile and the Sun Tile: every other player has one last "
        "turn today.", who=who, nth=ordinal(DATA.moon_day_end_at)),
    "took_bonus": _took_bonus,
    "no_bonus": lambda who, d: t("No bonus lies {where}: its action was already used today.",
                                 where=in_district(d["district"])),
    "produced": _produced,
    "scout_moved": lambda who, d: t(
        "{who}'s Scout advances {steps} steps on the Incatrail: {a} -> {b}.", who=who,
        steps=d["steps"], a=d["from"], b=d["to"]),
    "passed_granary": lambda who, d: t(
        "{who}'s Scout reaches the Granary: {corn} at the end of the turn.", who=who,
        corn=amount(TRAIL["granary_corn"], "corn")),
    "passed_stable": lambda who, d: t(
        "{who}'s Scout reaches the Llama Stable: {llamas} at the end of the turn.", who=who,
        llamas=amount(TRAIL["stable_llama"], "llama")),
    "reached_summit": lambda who, d: t("{who}'s Scout reaches the summit!", who=who),
    "drew_cards": lambda who, d: tn(
        "{who} draws {n} Sacrifice Card and must return {back}.",
        "{who} draws {n} Sacrifice Cards and must return {back}.", d["count"], who=who,
        back=d["count"] - 1),
    "claimed_card": lambda who, d: t("{who} takes the last Sacrifice Card of the deck.", who=who),
    "returned_cards": lambda who, d: tn(
        "{who} returns {n} card to the bottom of the deck and now holds {hand}.",
        "{who} returns {n} cards to the bottom of the deck and now holds {hand}.", d["count"],
        who=who, hand=d["hand"]),
    "summit_vp": lambda who, d: t("The deck is empty: {who} scores {vp} VP instead of a card.",
                                  who=who, vp=TRAIL["empty_deck_vp"]),
    "sacrificed": lambda who, d: tn(
        "{who} sacrifices {n} llama at {value} steps each.",
        "{who} sacrifices {n} llamas at {value} steps each.", d["llamas"], who=who,
        value=d["value"]),
    "offered": lambda who, d: tn(
        "{who} sacrifices {goods} at the Main Temple ({n} good = {steps} steps).",
        "{who} sacrifices {goods} at the Main Temple ({n} goods = {steps} steps).", len(d["goods"]),
        who=who, goods=names_list(good(x) for x in d["goods"]), steps=d["steps"]),
    "set_up_inca": lambda who, d: t(
        "{who} pays {cost} and sets up a {profession} {where}.", who=who,
        cost=goods_list(d["cost"]), profession=profession(d["profession"]),
        where=in_district(d["district"])),
    "acquired": lambda who, d: t(
        "{who} pays {cost} and acquires a {piece}; the row now shows {value}.", who=who,
        cost=goods_list(d["cost"]), piece=priest(d["kind"]), value=d["value"]),
    "market_adjusted": lambda who, d: (
        t("{who} adds one {good} to the market.", who=who, good=good(d["good"]))
        if d["change"] > 0
        else t("{who} removes one {good} from the market.", who=who, good=good(d["good"]))),
    "sold": lambda who, d: t("{who} sells {goods} for {price}.", who=who,
                             goods=amount(d["count"], d["good"]), price=price_paid(d["prices"])),
    "bought": lambda who, d: t("{who} buys {goods} for {price}.", who=who,
                               goods=amount(d["count"], d["good"]), price=price_paid(d["prices"])),
    "sent_to_sun_clock": lambda who, d: t(
        "{who} sends an Inca from {district} to serve at the Sun Clock.", who=who,
        district=the_district(d["source"])),
    "trail_paid": lambda who, d: t("End of turn: {who} receives {goods} from the Incatrail.",
                                   who=who, goods=goods_list(d["goods"])),
    "time_corn": lambda who, d: t(
        "{who}, last player of day {day}, takes {corn} from the time track.", who=who,
        day=d["day"], corn=amount(d.get("corn", 1), "corn")),
    "night_began": lambda who, d: t("Night falls after day {day}.", day=d["day"]),
    "night_phase": lambda who, d: NIGHT_DONE[d["step"]],
    "moon_paid": _moon_paid,
    "moon_redeemed": lambda who, d: t(
        "{who} pays {corn} for {goods} from moon tiles.", who=who,
        corn=amount(len(d["tiles"]), "corn"), goods=goods_list(d["goods"])),
    "sun_clock_returned": lambda who, d: t(
        "{who}'s Inca returns from the Sun Clock to the supply.", who=who),
    "sun_clock_paid": lambda who, d: t("{who} receives {goods} for an Inca at the Sun Clock.",
                                       who=who, goods=goods_list(d["goods"])),
    "bonus_placed": _bonus_placed,
    "new_day": lambda who, d: t("Day {day} begins; {who} holds the Sun Tile and starts.",
                                day=d["day"], who=who),
    "bank_short": lambda who, d: t(
        "The bank is short of {good}: {who} gets {got} instead of {wanted}.", good=good(d["good"]),
        who=who, got=d["got"], wanted=d["wanted"]),
    **machine_narration(DECLINES, UNABLE),
    "game_over": lambda who, d: t(
        "The game is over: {ending}. Winner: {winners}.",
        ending=ENDINGS[d["ending"]],
        winners=names_list(colour(w) for w in d["winners"])),
}


class PrincesEvent(Event):
    """An event of the Princes, narrated by :data:`NARRATION` (players by colour)."""

    narration = NARRATION
    who = staticmethod(colour)


__all__ = ["NARRATION", "PrincesEvent"]
