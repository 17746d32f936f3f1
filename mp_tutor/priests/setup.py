"""Setting up a game: the grid, the tokens, the cards, and who starts.

Owns the rule ids ``setup.*`` and the ruling on the sun/moon card set aside. Everything
random (the draw pile, the hands, the priest cards, the sun/moon cards, the card set aside,
the first player) is drawn from the seed here; play itself is deterministic.

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

from ..core.i18n import t
from ..core.machine import Out
from ..core.rules import IllegalAction
from ..core.tomlfile import MAX_SEED
from .data import DATA
from .events import PriestsEvent
from .rounds import start_round
from .rules import RULES
from .state import State
from .tables import CARDS, DECK_SUN_MOON, HAND, PRIESTS, PRINTED, STAIRS, START


def new_state(players: int = 4, seed: int = 0) -> tuple[State, list[PriestsEvent]]:
    """A fresh game after the set-up of the rules, waiting for the first player's card."""
    if type(players) is not int or not DATA.min_players <= players <= DATA.max_players:
        raise IllegalAction(RULES.illegal("setup.players", t(
            "The game is for {lo} to {hi} players, not {n}.", lo=DATA.min_players,
            hi=DATA.max_players, n=repr(players)[:40])))
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise IllegalAction(RULES.illegal("setup.players", t(
            "The seed is a whole number from 0, not {seed}.", seed=repr(seed)[:40])))
    rng = random.Random(seed)
    n = players
    s = State.__new__(State)
    s.n, s.seed, s.round = n, seed, 0
    s.first = rng.randrange(n)
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
    start_round(s, out)
    return s, out.events


__all__ = ["new_state"]
