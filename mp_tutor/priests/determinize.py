"""What a player knows, and whole positions sampled consistently with it (for the coach).

A player of the priests game sees the temple, the tokens, the open cards and the cards out
of the game, but not the other players' hands, the cards they laid face down, the order of
the draw pile, which sun/moon cards are still to come (and which one was set aside) nor the
other players' priest cards (until the end). The view's ``public`` part
(:func:`~mp_tutor.priests.views.public_fields`, which the engine fills without this module)
adds what search needs (the decisions still queued: who lays next, the deck card, the
reveal, the returns; the ending); it names no hidden card.

:func:`knowledge` works out what one player knows from their view: their hand and priest
card, and the cards they cannot place (any unseen direction card may be in another hand, on
a stair face down or in the draw pile: a face-down card was in its layer's hand, so it is
any unseen card). :func:`sample_state` deals those cards at random, the sun/moon cards not
yet turned up between the deck and the set-aside pile, and the other players' priest cards
among the cards of this player count that the player does not hold. The real state is
never read.

>>> import random
>>> from mp_tutor.priests import Game
>>> game = Game.new(players=4, seed=5)
>>> info = knowledge(game.view(1), game.log, [])
>>> info.hand == tuple(game.state.hands[1]), len(info.unknown), info.others_cards
(True, 46, ('B', 'C', 'D'))
>>> s = sample_state(info, random.Random(1))
>>> s.hands[1] == game.state.hands[1], s.priest_cards[1] == game.state.priest_cards[1]
(True, True)
>>> Game(s, [], history=False).view(1) == game.view(1)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.actions import Action
from ..core.coaching import Knowledge as BaseKnowledge
from ..core.coaching import deal_hands, own_hand, unknown_cards
from ..core.events import Event
from .data import DATA
from .inference import Belief, Hidden, read_table
from .state import Kind, State
from .tables import CARDS, DECK_SUN_MOON, HEIGHTS, SQUARE_INDEX, STAIRS
from .views import PriestsView


@dataclass(frozen=True)
class Knowledge(BaseKnowledge):
    """What ``player`` knows of the hidden things: besides their hand and the direction
    cards they cannot place, their priest card, the sun/moon cards not yet turned up (in
    the deck or set aside, in id order) and the priest cards another player may hold (this
    player count's, but not the player's)."""

    view: PriestsView
    priest_card: str = ""
    unknown_moons: tuple[str, ...] = ()
    others_cards: tuple[str, ...] = ()
    #: cards known to be in another player's hand: ``((player, card), ...)`` (a card that
    #: player then laid face up, for an onlooker asking "why?" about that lay)
    held: tuple[tuple[int, int], ...] = ()
    #: the card the player who lays now drew from the pile, if this player knows it (their
    #: own, or one they are told of: an onlooker asking "why?" about its lay face up)
    drawn: int | None = None
    #: what the others' play says of their priest cards and of the cards they laid face down
    #: (:mod:`~mp_tutor.priests.inference`); None: every deal equally likely
    belief: Belief | None = None


def knowledge(view: PriestsView, log: Sequence[Event], own_actions: Sequence[Action]
              ) -> Knowledge:
    """What the viewer of ``view`` knows (the view holds it all; the public log and the
    player's own actions add nothing yet: every card they laid is on a stair or out)."""
    player, hand = own_hand(view)
    drawn = view["player"][player].get("drawn")
    seen = set(hand) | set(view["removed"]) | ({drawn} - {None})
    seen |= {st["card"] for st in view["stairs"].values() if st["card"] is not None}
    unknown = tuple(c for c in CARDS if c not in seen)
    played = set(view["sun_moon"]["played"])
    moons = tuple(sorted(c for c in DECK_SUN_MOON if c not in played))
    known = {pl["priest_card"] for pl in view["player"] if pl["priest_card"] is not None}
    others = tuple(sorted(c for c in DATA.priest_cards_used[view["players"]] if c not in known))
    return Knowledge(player, view, hand, unknown, priest_card=view["player"][player]["priest_card"] or "",
                     unknown_moons=moons, others_cards=others, drawn=drawn,
                     belief=read_table(view, log, unknown))


def sample_state(info: Knowledge, rng: random.Random) -> State:
    """A whole position consistent with ``info`` (hidden things dealt at random by ``rng``)."""
    v, pub = info.view, info.view["public"]
    pool = unknown_cards(info, rng)
    s = State.blank(v["players"])
    s.round, s.first = v["round"], v["first"]
    s.move_order, s.two_players = v["variant"]["move_order"], v["variant"]["two_players"]
    # a card drawn to be laid (the variant two_players = "draw") is known or any unseen one
    drawing = bool(pub["queue"]) and pub["queue"][0][0] == Kind.LAY_DRAWN
    s.drawn = (info.drawn if info.drawn is not None else pool.pop()) if drawing else None
    s.sun_moon, s.order, s.over, s.ending = v["sun_moon"]["card"], v["order"], v["over"], pub["ending"]
    s.removed = list(v["removed"])
    deal = info.belief.deal(rng) if info.belief is not None else None
    read = {h.stair: h for h in info.belief.hidden} if info.belief is not None else {}
    plans: dict[int, bool] = {}
    s.stairs, s.open, s.laid_by = [], [], []
    for j, name in enumerate(STAIRS):
        st = v["stairs"][name]
        card = st["card"]
        if card is None and st["laid"]:
            card = _face_down(info, read.get(j), deal, plans, pool, rng)
        s.stairs.append(card)
        s.open.append(st["open"])
        s.laid_by.append(st["by"])
    s.hands = deal_hands(info, pool, info.held)
    if len(pool) != v["deck"]:
        raise ValueError(f"{len(pool)} unseen cards for a draw pile of {v['deck']}: the view and "
                         "the knowledge disagree")
    s.deck = pool
    moons = list(info.unknown_moons)
    rng.shuffle(moons)
    left = v["sun_moon"]["left"]
    s.sun_moon_deck, s.set_aside = moons[:left], moons[left:]
    s.sun_moon_played = list(v["sun_moon"]["played"])
    if deal is None:
        others = list(info.others_cards)
        rng.shuffle(others)
        deal = {p: others.pop() for p, pl in enumerate(v["player"]) if pl["priest_card"] is None}
    s.priest_cards = [pl["priest_card"] if pl["priest_card"] is not None else deal[p]
                      for p, pl in enumerate(v["player"])]
    priests = [v["priests"][str(h)] for h in HEIGHTS]
    s.pos = [SQUARE_INDEX[pr["square"]] if pr["square"] is not None else None for pr in priests]
    s.slots = [[tuple(slot) for slot in pr["slots"]] for pr in priests]
    s.sun_left, s.fire_left = list(v["tokens"]["sun"]), list(v["tokens"]["fire"])
    s.queue = []
    for kind, p, payload in pub["queue"]:
        if not isinstance(kind, str) or isinstance(p, str):
            raise ValueError(f"not a queued decision in the view: {[kind, p, payload]}")
        s.queue.append(State.queue_step(kind, p, payload))
    return s


def _face_down(info: Knowledge, hidden: Hidden | None, deal: dict[int, str] | None,
               plans: dict[int, bool], pool: list[int], rng: random.Random) -> int:
    """The card on a stair laid face down by another player: any unseen card, or one weighed
    by how likely its layer was to lay it there with the priest card ``deal`` gives them
    (when, in this deal, they play with a plan)."""
    if hidden is None or info.belief is None:
        return pool.pop()
    p = hidden.player
    card = deal[p] if deal is not None and p in deal else info.view["player"][p]["priest_card"]
    if card is None:  # pragma: no cover - a player's card is known or dealt
        return pool.pop()
    if p not in plans:
        plans[p] = rng.random() < info.belief.planned.get((p, card), 0.0)
    if not plans[p]:
        return pool.pop()
    weights = hidden.weights_for(card)
    total = sum(weights.get(c, 0.0) for c in pool)
    x = rng.random() * total
    for k, c in enumerate(pool):
        x -= weights.get(c, 0.0)
        if x < 0:
            pool[k] = pool[-1]
            pool.pop()
            return c
    return pool.pop()


__all__ = ["Knowledge", "knowledge", "sample_state"]
