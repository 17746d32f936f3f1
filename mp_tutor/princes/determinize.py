"""What a player knows, and whole positions sampled consistently with it (for the coach).

A player of the Princes sees everything but the Sacrifice Cards: the other players' hands
(only their counts are public), the deck order, and the cards another player drew at the
summit. The view's ``public`` part (:func:`~mp_tutor.princes.views.public_fields`, which
the engine fills without this module) adds what search needs (the decisions still queued,
trail payments due, the end of the day); hidden cards in it are given as counts.

:func:`knowledge` works out what one player knows from their view, the public log
(events never name a hidden card) and their own actions: their hand, the cards they drew,
and where the cards they returned to the bottom of the deck are now (each summit draws from
the top). :func:`sample_state` deals every other card at random over the other hands, the
other players' drawn cards and the unknown places of the deck, so the position is one the
player cannot tell from the real one. The real state is never read.

>>> from mp_tutor import Game
>>> import random
>>> game = Game.new(players=3, seed=5)
>>> info = knowledge(game.view(0), game.log, [])
>>> info.hand == tuple(game.view(0)["player"][0]["hand"]), len(info.unknown)
(True, 27)
>>> s = sample_state(info, random.Random(1))
>>> s.hands[0] == game.state.hands[0], len(s.deck) == len(game.state.deck)
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.actions import Action
from ..core.coaching import Knowledge as BaseKnowledge
from ..core.coaching import deal_hands, own_hand, unknown_cards
from ..core.events import Event
from .actions import ReturnCards
from .data import CARDS, DISTRICT_IDS, GOODS, MOON_TILES
from .state import Ending, Kind, NightStep, Phase, State
from .tables import (
    DISTRICT_COUNT,
    DISTRICT_INDEX,
    GOOD_COUNT,
    PRIEST_KINDS,
    TILE_IDS,
    UNLIMITED,
)
from .views import PrincesView


def _counted(count: int | None, good: str) -> int:
    """A good's stock in the bank (only corn's is unlimited, None in a view)."""
    if count is None:
        raise ValueError(f"the view's bank has no count of {good}")
    return count


@dataclass(frozen=True)
class Knowledge(BaseKnowledge):
    """What ``player`` knows of the Sacrifice Cards: besides their hand, the cards they drew
    at the summit and must now choose from, and the places of the deck (0 = top) whose card
    they know (cards they returned)."""

    view: PrincesView
    drawn: tuple[int, ...] = ()
    deck_known: tuple[tuple[int, int], ...] = ()


def _returned_cards(log: Sequence[Event], own: Sequence[Action], player: int,
                    deck: int) -> dict[int, int]:
    """Deck places (from the top) of the cards ``player`` returned and nobody drew since."""
    mine = [a.cards for a in own if isinstance(a, ReturnCards)]
    events = [(i, e) for i, e in enumerate(log)
              if e.kind == "returned_cards" and e.player == player]
    known: dict[int, int] = {}
    # pair the last returns with the last own ReturnCards actions (a log may be cut short)
    for (i, _), cards in zip(reversed(events), reversed(mine), strict=False):
        back_later = sum(e.data.get("count", 0) for e in log[i + 1:] if e.kind == "returned_cards")
        first = deck - back_later - len(cards)
        for j, card in enumerate(cards):
            if first + j >= 0:
                known.setdefault(first + j, card)
    return known


def knowledge(view: PrincesView, log: Sequence[Event], own_actions: Sequence[Action]
              ) -> Knowledge:
    """What the viewer of ``view`` knows: from the view, the public log and their own actions."""
    player, hand = own_hand(view)
    drawn = tuple(view["player"][player]["drawn"] or ())
    deck = view["deck"]
    known = _returned_cards(log, own_actions, player, deck)
    seen = set(hand) | set(drawn)
    deck_known = tuple(sorted((i, c) for i, c in known.items() if c not in seen and i < deck))
    seen |= {c for _, c in deck_known}
    unknown = tuple(c for c in sorted(CARDS) if c not in seen)
    return Knowledge(player, view, hand, unknown, drawn=drawn, deck_known=deck_known)


def sample_state(info: Knowledge, rng: random.Random) -> State:
    """A whole position consistent with ``info`` (hidden cards dealt at random by ``rng``)."""
    v, pub = info.view, info.view["public"]
    pool = unknown_cards(info, rng)
    s = State.blank(v["players"])
    s.learning, s.day = v["learning"], v["day"]
    s.phase = Phase(v["phase"])
    s.start_player, s.current, s.sun_tile = v["start_player"], pub["current"], v["sun_tile"]
    s.last_turns, s.stones, s.turn = pub["last_turns"], v["stones"], pub["turn"]
    s.ending = None if pub["ending"] is None else Ending(pub["ending"])
    s.end_flag = None if pub["end_flag"] is None else Ending(pub["end_flag"])
    s.night_step = None if pub["night_step"] is None else NightStep(pub["night_step"])
    players = v["player"]
    s.laps = [pl["laps"] for pl in players]
    s.bank = [UNLIMITED] + [_counted(v["bank"][g], g) for g in GOODS[1:]]
    s.market = [v["market"][g] for g in GOODS[1:]]
    s.bonus = [v["districts"][d]["bonus"] for d in DISTRICT_IDS]
    s.supply = [pl["supply"] for pl in players]
    s.rows = [v["rows"][k]["left"] for k in PRIEST_KINDS]
    s.scouts = list(v["scouts"])
    s.prince = [None if pl["prince"] is None else DISTRICT_INDEX[pl["prince"]] for pl in players]
    s.moon_board = [t for t in TILE_IDS if t in v["moon_tiles"]]
    s.time_corn = list(v["time_track"]["corn"])
    s.summit_vp = [pl["summit_vp"] for pl in players]
    s.goods = [[pl["goods"][g] for g in GOODS] for pl in players]
    s.incas = []
    for pl in players:
        row = [0] * DISTRICT_COUNT
        for d, k in pl["incas"].items():
            row[DISTRICT_INDEX[d]] = k
        s.incas.append(row)
    s.priests = [[pl["priests"][k] for k in PRIEST_KINDS] for pl in players]
    s.moon_held = [[t for t in pl["moon_tiles"] if t in MOON_TILES] for pl in players]
    s.due = [list(d) for d in pub["due"]]
    s.hands = deal_hands(info, pool)
    s.queue = []
    for kind, p, payload in pub["queue"]:
        if not isinstance(kind, str) or isinstance(p, (str, list)):
            raise ValueError(f"not a queued decision in the view: {[kind, p, payload]}")
        if kind == Kind.RETURN_CARDS and p == info.player and info.drawn:
            payload = list(info.drawn)
        elif kind == Kind.RETURN_CARDS and isinstance(payload, int):
            payload = [pool.pop() for _ in range(payload)]
        s.queue.append(State.queue_step(kind, p, payload))
    known = dict(info.deck_known)
    s.deck = [known[i] if i in known else pool.pop() for i in range(v["deck"])]
    if pool:
        raise ValueError(f"{len(pool)} cards left over: the view and the knowledge disagree")
    assert len(s.goods[0]) == GOOD_COUNT
    return s


__all__ = ["Knowledge", "knowledge", "sample_state"]
