"""What the priests game gives the coach: knowledge, sampled positions, playouts, values,
reasons.

:data:`SUPPORT` implements :class:`mp_tutor.coach.search.Support` (and the explainer the
coach's ``hint`` uses) for this game; ``GAME.coach`` points to it.

>>> import random
>>> from mp_tutor.priests import Game
>>> game = Game.new(players=3, seed=4)
>>> info = SUPPORT.knowledge(game.view(0), game.log, [])
>>> world = SUPPORT.sample(info, random.Random(0))
>>> world.fast, world.view(0) == game.view(0)
(True, True)
>>> SUPPORT.target(game.parse("lay 10 north")), SUPPORT.target(game.parse("order tallest"))
('stair-north', None)

Playouts stop a few decisions on, between two rounds (where the value judges them):

>>> SUPPORT.horizon, SUPPORT.at_rest(world)
(8, True)
>>> _ = world.apply(world.legal_actions()[0])  # a card on a stair: the round goes on
>>> SUPPORT.at_rest(world)
False
"""

from __future__ import annotations

import dataclasses
import random

from ..coach.reasons import Reason
from ..core.actions import Action
from ..core.coaching import GameSupport
from ..core.game import BaseGame
from ..core.i18n import t
from . import playout
from .actions import Lay, Place
from .data import DATA
from .determinize import Knowledge, knowledge, sample_state
from .explain import explain
from .game import HIDDEN_RULE, Game
from .playout import at_rest, policy, preferred, value
from .state import Kind
from .tables import HEIGHTS, face_up
from .text import colour

#: a belief about another player's priests is told from this chance on
BELIEF = 0.8
#: ... and only of a player who plays with a plan with at least this chance (a player with
#: no plan may fit a priest card by luck: against random bots, beliefs told without this
#: were right 63% of the time while the coach said about 87%)
PLANNED = 0.8


class PriestsSupport(GameSupport):
    """The coach's hooks for the priests game (see ``docs/COACH.md``)."""

    @property
    def horizon(self) -> int | None:
        """How many decisions a playout plays before it stops at the next round's start
        (``playout.HORIZON``)."""
        return playout.HORIZON

    def at_rest(self, game: BaseGame) -> bool:
        """A playout past its horizon stops between two rounds (:func:`playout.at_rest`)."""
        assert isinstance(game, Game)
        return at_rest(game)

    def reveal(self, info: Knowledge, player: int, action: Action) -> Knowledge | None:
        """``info`` with what ``player``'s ``action`` shows everyone: a card laid face up was
        in their hand, or the card they drew from the pile (an onlooker asking "why?" about
        it). None for a card laid face down:
        the onlooker cannot know it, so the coach cannot judge that lay for them."""
        if not isinstance(action, Lay) or player == info.player:
            return info
        v = info.view
        if not face_up(v["sun_moon"]["card"], (player - v["first"]) % v["players"]):
            return None
        if action.card not in info.unknown:
            return None
        unknown = tuple(c for c in info.unknown if c != action.card)
        queue = v["public"]["queue"]
        if queue and queue[0][0] == Kind.LAY_DRAWN:  # the card they drew from the pile
            return dataclasses.replace(info, unknown=unknown, drawn=action.card)
        return dataclasses.replace(info, unknown=unknown, held=(*info.held, (player, action.card)))

    def beliefs(self, info: Knowledge) -> list[Reason]:
        """What ``info``'s player may believe of the others' priests from their play, where
        the belief is strong (``BELIEF``) but not certain, of a player whose play seems
        planned (``PLANNED``): "Red seems to back priests 3 and 1", or one priest where
        the card is less clear. Told as a belief, never as a fact (what the player can
        deduce for sure, e.g. the other card with 2 players, is not told)."""
        b = info.belief
        if b is None:
            return []
        n, out = info.view["players"], []
        for p in [(info.player + k) % n for k in range(1, n)]:
            if p not in b.players:
                continue
            cards = b.card_chances(p)
            if len(cards) < 2 or b.plan_chance(p) < PLANNED:
                continue
            card, chance = max(cards.items(), key=lambda kv: (kv[1], kv[0]))
            if chance >= BELIEF:
                a, c = DATA.priest_cards[card]
                msg = t("{who} seems to back priests {a} and {b}, judging by {who}'s play so far "
                        "(the coach is about {pct}% sure; priest cards stay secret until the "
                        "end).", who=colour(p), a=a, b=c, pct=_pct(chance))
                out.append(Reason(msg, (HIDDEN_RULE,), "belief"))
                continue
            backs = {h: sum(x for c, x in cards.items() if h in DATA.priest_cards[c])
                     for h in HEIGHTS if not all(h in DATA.priest_cards[c] for c in cards)}
            h, chance = max(backs.items(), key=lambda kv: (kv[1], kv[0]))
            if chance >= BELIEF:
                msg = t("{who} seems to back priest {a}, judging by {who}'s play so far (the coach "
                        "is about {pct}% sure; priest cards stay secret until the end).",
                        who=colour(p), a=h, pct=_pct(chance))
                out.append(Reason(msg, (HIDDEN_RULE,), "belief"))
        return out

    def explain(self, game: BaseGame, player: int, action: Action, rng: random.Random,
                info: Knowledge | None = None) -> list[Reason]:
        """Reasons for ``action``; the explainer deals the hidden cards from ``info`` (what
        ``player`` knows, with what they read from the others' play) when given."""
        assert isinstance(game, Game)
        return explain(game, player, action, rng, info)

    def target(self, action: Action) -> str | None:
        """What the board highlights for ``action``: the stair of a card laid
        (``stair-north``), the square of a returning priest (``square-r1c2``); nothing for
        the order of the moves."""
        if isinstance(action, Lay):
            return f"stair-{action.stair}"
        if isinstance(action, Place):
            return f"square-{action.square}"
        return None


def _pct(chance: float) -> int:
    """A belief's chance as a whole percentage, never 100 (it is a guess)."""
    return min(99, round(100 * chance))


SUPPORT = PriestsSupport("priests", game_type=Game, knowledge=knowledge,
                         sample_state=sample_state, policy=policy, value=value,
                         explain=explain, preferred=preferred)

__all__ = ["BELIEF", "PLANNED", "SUPPORT", "PriestsSupport"]
