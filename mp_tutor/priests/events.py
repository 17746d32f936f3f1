"""The priests game's events and their narration: one function per kind of event.

Events are public: they never name a hidden card (a card laid face down, a hand, a priest
card before the end, the order of a deck). ``text`` renders the sentence in the current
language when it is read.

>>> e = PriestsEvent("laid", 2, "lay.all_hidden", {"stair": "north", "face": "hidden", "drew": True})
>>> e.text
'Red lays a card face down on the North stair and draws a card.'
>>> PriestsEvent("moved", None, "tokens.centre", {"priest": 3, "card": 41, "stair": "west",
...     "dir": "east", "from": "r2c1", "to": "r2c2", "tokens": [1, 2], "note": "centre"}).text
'Card 41 (West stair) moves priest 3 east from r2c1 to the centre r2c2; it takes the sun tokens 1 and 2.'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.events import Declines, Event, Who, machine_narration
from ..core.i18n import Msg, t, tn
from .data import DATA
from .text import colour, direction, names_list, priest, stair, sun_moon_label, tokens_list

Narrator = Callable[[Who, dict[str, Any]], Msg]
SLOTS = DATA.slots
CENTRE = f"r{DATA.centre[0]}c{DATA.centre[1]}"


def _setup(who: Who, d: dict[str, Any]) -> Msg:
    return t("A {n}-player game of Machu Picchu: {first} takes the High Priest and starts; the "
             "game lasts at most {rounds} rounds. Each player holds {hand} direction cards and a "
             "secret priest card.", n=d["players"], first=colour(d["first"]), rounds=d["rounds"],
             hand=d["hand"])


def _round_began(who: Who, d: dict[str, Any]) -> Msg:
    if d["printed"]:
        return t("Round {round}: {who} holds the High Priest; the card printed on the board is "
                 "{card}.", round=d["round"], who=who, card=sun_moon_label(d["card"]))
    return t("Round {round}: {who} holds the High Priest and turns up {card}.", round=d["round"],
             who=who, card=sun_moon_label(d["card"]))


def _variant(who: Who, d: dict[str, Any]) -> Msg:
    if d["variant"] == "move_order":
        return t("Variant (move_order = pairing): when the first player reverses the order, the "
                 "highest card moves the smallest priest, and the smallest priest moves first.")
    return t("Variant (two_players = draw): each player lays one card from the hand, then draws "
             "the top card of the draw pile and lays it on a free stair of their choice.")


def _laid(who: Who, d: dict[str, Any]) -> Msg:
    where = stair(d["stair"])
    if d.get("pile"):  # the variant two_players = draw: the card drawn from the pile
        if d["face"] == "open":
            return t("{who} lays the card drawn from the pile, {card}, face up on the {stair} "
                     "stair.", who=who, card=d["card"], stair=where)
        return t("{who} lays the card drawn from the pile face down on the {stair} stair.",
                 who=who, stair=where)
    if d["face"] == "open":
        if d["drew"]:
            return t("{who} lays card {card} face up on the {stair} stair and draws a card.",
                     who=who, card=d["card"], stair=where)
        return t("{who} lays card {card} face up on the {stair} stair; the draw pile is empty.",
                 who=who, card=d["card"], stair=where)
    if d["drew"]:
        return t("{who} lays a card face down on the {stair} stair and draws a card.", who=who,
                 stair=where)
    return t("{who} lays a card face down on the {stair} stair; the draw pile is empty.", who=who,
             stair=where)


def _revealed(who: Who, d: dict[str, Any]) -> Msg:
    pairs = [t("card {card} ({stair}) moves {priest}", card=c, stair=stair(s), priest=priest(h))
             for c, s, h in d["pairs"]]
    if d.get("reversible"):
        return t("All cards are turned face up. Highest card first: {pairs}; if the order is "
                 "reversed, the highest card moves the smallest priest instead.",
                 pairs=names_list(pairs))
    return t("All cards are turned face up. Highest card first: {pairs}.", pairs=names_list(pairs))


def _order(who: Who, d: dict[str, Any]) -> Msg:
    if d["first"] == "tallest":
        return t("{who} carries out the moves tallest priest first.", who=who)
    if d.get("pairing"):
        return t("{who} reverses the order: the highest card moves the smallest priest, which "
                 "moves first, the next highest the next smallest, and so on.", who=who)
    return t("{who} reverses the order: the moves are carried out smallest priest first.", who=who)


def _moved(who: Who, d: dict[str, Any]) -> Msg:
    common = {"card": d["card"], "stair": stair(d["stair"]), "priest": priest(d["priest"]),
              "dir": direction(d["dir"]), "a": d["from"], "b": d["to"]}
    note = d.get("note")
    tokens = d.get("tokens", [])
    if note == "centre":
        return tn("Card {card} ({stair} stair) moves {priest} {dir} from {a} to the centre {b}; "
                  "it takes the sun token {tokens}.",
                  "Card {card} ({stair} stair) moves {priest} {dir} from {a} to the centre {b}; "
                  "it takes the sun tokens {tokens}.", len(tokens), tokens=tokens_list(tokens),
                  **common)
    if note == "sun":
        return tn("Card {card} ({stair} stair) moves {priest} {dir} from {a} to the sun square "
                  "{b}; it takes the sun token {tokens}.",
                  "Card {card} ({stair} stair) moves {priest} {dir} from {a} to the sun square "
                  "{b}; it takes the sun tokens {tokens}.", len(tokens), tokens=tokens_list(tokens),
                  **common)
    if note == "exception":
        return t("Card {card} ({stair} stair) moves {priest} {dir} from {a} to the centre {b}; "
                 "with {n} slots filled it puts both sun tokens {tokens} on its last slot.",
                 n=SLOTS - 1, tokens=tokens_list(tokens), **common)
    if note == "moon":
        return t("Card {card} ({stair} stair) moves {priest} {dir} from {a} to the sun square "
                 "{b}, but on a moon card a sun square gives no sun token.", **common)
    if note == "none_left":
        if d["to"] == CENTRE:
            return t("Card {card} ({stair} stair) moves {priest} {dir} from {a} to the centre "
                     "{b}, but no sun token is left.", **common)
        return t("Card {card} ({stair} stair) moves {priest} {dir} from {a} to the sun square "
                 "{b}, but no sun token is left.", **common)
    if note == "full":
        if d["to"] == CENTRE:
            return t("Card {card} ({stair} stair) moves {priest} {dir} from {a} to the centre "
                     "{b}, but its {n} slots are full, so it takes nothing.", n=SLOTS, **common)
        return t("Card {card} ({stair} stair) moves {priest} {dir} from {a} to the sun square "
                 "{b}, but its {n} slots are full, so it takes nothing.", n=SLOTS, **common)
    return t("Card {card} ({stair} stair) moves {priest} {dir} from {a} to {b}.", **common)


def _blocked(who: Who, d: dict[str, Any]) -> Msg:
    return t("Card {card} ({stair} stair) cannot move {priest} {dir}: {other} stands on {b}, so "
             "it stays on {a} and takes nothing.", card=d["card"], stair=stair(d["stair"]),
             priest=priest(d["priest"]), dir=direction(d["dir"]), other=priest(d["by"]),
             a=d["from"], b=d["to"])


def _pushed_out(who: Who, d: dict[str, Any]) -> Msg:
    common = {"card": d["card"], "stair": stair(d["stair"]), "priest": priest(d["priest"]),
              "dir": direction(d["dir"]), "a": d["from"]}
    if d.get("note") == "full":
        return t("Card {card} ({stair} stair) pushes {priest} {dir} out of the temple from {a}; "
                 "its {n} slots are full, so it takes no fire token.", n=SLOTS, **common)
    if d.get("note") == "none_left":
        return t("Card {card} ({stair} stair) pushes {priest} {dir} out of the temple from {a}; "
                 "no fire token is left, so it costs nothing.", **common)
    return t("Card {card} ({stair} stair) pushes {priest} {dir} out of the temple from {a}; it "
             "takes the fire token {fire}.", fire=d["fire"], **common)


def _game_over(who: Who, d: dict[str, Any]) -> Msg:
    winners = names_list(colour(w) for w in d["winners"])
    if d["ending"] == "slots":
        return t("The game is over: all the priests' slots are filled. Winner: {winners}.",
                 winners=winners)
    return t("The game is over after round {round}, the last one. Winner: {winners}.",
             round=d["round"], winners=winners)


def _tie(who: Who, d: dict[str, Any]) -> Msg:
    players = names_list(colour(p) for p in d["players"])
    if len(d["winners"]) == 1:
        return t("{players} are tied on {score} points; {who} wins with the highest sun token, "
                 "{best}.", players=players, score=d["score"], who=colour(d["winners"][0]),
                 best=d["best"])
    return t("{players} are tied on {score} points and on the highest sun token, {best}: they "
             "share the win.", players=players, score=d["score"], best=d["best"])


#: no decision of the priests game can be declined (every decision places or moves a piece)
DECLINES: Declines = {}

NARRATION: dict[str, Narrator] = {
    "setup": _setup,
    "variant": _variant,
    "drew": lambda who, d: t("{who} draws the top card of the draw pile.", who=who),
    "set_aside": lambda who, d: tn(
        "{n} sun/moon card is set aside unseen: it will not be played.",
        "{n} sun/moon cards are set aside unseen: they will not be played.", d["count"]),
    "round_began": _round_began,
    "laid": _laid,
    "deck_card": lambda who, d: t("The top card of the draw pile, {card}, goes on the {stair} "
                                  "stair.", card=d["card"], stair=stair(d["stair"])),
    "revealed": _revealed,
    "order_chosen": _order,
    "moved": _moved,
    "blocked": _blocked,
    "pushed_out": _pushed_out,
    "returned": lambda who, d: t("At the end of the round {priest} returns to its start square "
                                 "{square}.",
                                 priest=priest(d["priest"]), square=d["square"]),
    "placed_beside": lambda who, d: t(
        "The start square {start} of {priest} is taken by {other}: {who} puts {priest} on "
        "{square}, next to it.",
        priest=priest(d["priest"]), start=d["start"], other=priest(d["by"]), who=who,
        square=d["square"]),
    "round_ended": lambda who, d: t("End of round {round}: the direction cards {cards} leave the "
                                    "game.", round=d["round"], cards=tokens_list(d["cards"])),
    "high_priest": lambda who, d: t("The High Priest passes to {who}.", who=who),
    "game_over": _game_over,
    "priest_card": lambda who, d: t(
        "{who} reveals priest card {card}: {a} is worth {va} and {b} is worth {vb}, {score} "
        "points in all.", who=who, card=d["card"], a=priest(d["priests"][0]),
        b=priest(d["priests"][1]), va=d["values"][0], vb=d["values"][1], score=d["score"]),
    "tie": _tie,
    **machine_narration(DECLINES),
}


class PriestsEvent(Event):
    """An event of the priests game, narrated by :data:`NARRATION` (players by colour)."""

    narration = NARRATION
    who = staticmethod(colour)


__all__ = ["NARRATION", "PriestsEvent"]
