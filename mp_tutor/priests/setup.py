"""Setting up a game: the grid, the tokens, the cards, and who starts.

Owns the rule ids ``setup.*`` and the ruling on the sun/moon card set aside. Everything
random (the draw pile, the hands, the priest cards, the sun/moon cards, the card set aside,
the first player unless one is named) is drawn from the seed here; play itself is
deterministic. The readings of the two rulings the text reads both ways are chosen here
(``tables.VARIANTS``); a reading other than the documented ruling is said in the log.

>>> s, events = new_state(4, seed=7)
>>> len(s.deck), [len(h) for h in s.hands], len(s.sun_moon_deck), len(s.set_aside)
(34, [4, 4, 4, 4], 7, 1)
>>> sorted(s.priest_cards)
['A', 'B', 'C', 'D']
>>> [e.kind for e in events]
['setup', 'set_aside', 'round_began']
"""

from __future__ import annotations

import random

from ..core.errors import shown
from ..core.events import Event
from ..core.i18n import t
from ..core.machine import Out
from ..core.rules import IllegalAction
from ..core.tomlfile import MAX_SEED
from .data import COLOURS, DATA, RULES
from .events import PriestsEvent
from .laying import RULE_DRAW
from .moving import RULE_REVERSED_PAIRING
from .rounds import start_round
from .state import State
from .tables import (
    CARDS,
    DECK_SUN_MOON,
    DEFAULT_VARIANT,
    HAND,
    PRIESTS,
    PRINTED,
    STAIRS,
    START,
    VARIANTS,
)
from .text import names_list

#: the rule of each variant's other reading (the one that is not the documented ruling)
VARIANT_RULES = {"move_order": RULE_REVERSED_PAIRING, "two_players": RULE_DRAW}


def first_seat(players: int, first: int | str | None) -> int | None:
    """The seat named by ``first`` (a seat ``0..players-1`` or a colour), None for none;
    ``IllegalAction`` if it names nobody of the game.

    >>> first_seat(3, "Red"), first_seat(3, 1), first_seat(3, None)
    (2, 1, None)
    """
    if first is None:
        return None
    colours = list(COLOURS[:players])
    if type(first) is int and 0 <= first < players:
        return first
    if isinstance(first, str) and first in colours:
        return colours.index(first)
    raise IllegalAction(RULES.illegal("setup.first_player", t(
        "The first player is one of the players: a seat from 0 to {last} or a colour ({colours}), "
        "not {value}.", last=players - 1, colours=names_list(colours), value=shown(first))))


def check_variant(name: str, reading: object) -> None:
    """``IllegalAction`` unless ``reading`` is one of the readings of the ruling ``name``."""
    if reading not in VARIANTS[name]:
        raise IllegalAction(RULES.illegal("setup.variant", t(
            "The rules text reads the ruling {name} two ways: {readings}; not {value}.", name=name,
            readings=names_list(VARIANTS[name]), value=shown(reading))))


def new_state(players: int = 4, seed: int = 0, first: int | str | None = None,
              move_order: str = DEFAULT_VARIANT["move_order"],
              two_players: str = DEFAULT_VARIANT["two_players"]
              ) -> tuple[State, list[Event]]:
    """A fresh game after the set-up of the rules, waiting for the first player's card.

    ``first``: who starts (the rules: the youngest player), a seat or a colour; None draws
    the first player from the seed. ``move_order``, ``two_players``: the readings of the two
    rulings the rules text reads both ways (``tables.VARIANTS``; the defaults are the
    rulings of docs/RULINGS.md).
    """
    if type(players) is not int or not DATA.min_players <= players <= DATA.max_players:
        raise IllegalAction(RULES.illegal("setup.players", t(
            "The game is for {lo} to {hi} players, not {n}.", lo=DATA.min_players,
            hi=DATA.max_players, n=repr(players)[:40])))
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise IllegalAction(RULES.illegal("setup.players", t(
            "The seed is a whole number from 0, not {seed}.", seed=repr(seed)[:40])))
    chosen = first_seat(players, first)
    check_variant("move_order", move_order)
    check_variant("two_players", two_players)
    rng = random.Random(seed)
    n = players
    s = State.__new__(State)
    s.n, s.seed, s.round = n, seed, 0
    s.move_order, s.two_players, s.drawn = move_order, two_players, None
    s.first = rng.randrange(n)  # drawn whatever is chosen: the same seed deals the same cards
    if chosen is not None:
        s.first = chosen
    cards = list(CARDS)
    rng.shuffle(cards)
    s.hands = [sorted(cards[p * HAND:(p + 1) * HAND]) for p in range(n)]
    s.deck = cards[n * HAND:]
    s.removed = []
    pcards = list(DATA.priest_cards_used[n])
    rng.shuffle(pcards)
    s.priest_cards = pcards[:n]
    moon = list(DECK_SUN_MOON)
    rng.shuffle(moon)
    aside = DATA.set_aside[n]
    s.set_aside, s.sun_moon_deck = moon[:aside], moon[aside:]
    s.sun_moon, s.sun_moon_played = PRINTED, []
    s.stairs, s.open, s.laid_by = [None] * len(STAIRS), [False] * len(STAIRS), [None] * len(STAIRS)
    s.pos = list(START)
    s.slots = [[] for _ in range(PRIESTS)]
    s.sun_left, s.fire_left = list(DATA.sun_tokens), list(DATA.fire_tokens)
    s.order, s.over, s.ending = None, False, None
    s.queue = []
    out = Out(PriestsEvent)
    out.event("setup", None, "setup.first_player", players=n, first=s.first,
              rounds=DATA.rounds[n], hand=HAND)
    if aside:
        out.event("set_aside", None, "ruling.set_aside", count=aside)
    for name, reading in (("move_order", move_order), ("two_players", two_players)):
        if reading != DEFAULT_VARIANT[name]:
            out.event("variant", None, VARIANT_RULES[name], variant=name, reading=reading)
    start_round(s, out)
    return s, out.events


__all__ = ["VARIANT_RULES", "check_variant", "first_seat", "new_state"]
