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
"""

from __future__ import annotations

import dataclasses

from ..core.actions import Action
from ..core.coaching import GameSupport
from .actions import Lay, Place
from .determinize import Knowledge, knowledge, sample_state
from .explain import explain
from .game import Game
from .playout import policy, preferred, value
from .state import Kind
from .tables import face_up


class PriestsSupport(GameSupport):
    """The coach's hooks for the priests game (see ``docs/COACH.md``)."""

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

    def target(self, action: Action) -> str | None:
        """What the board highlights for ``action``: the stair of a card laid
        (``stair-north``), the square of a returning priest (``square-r1c2``); nothing for
        the order of the moves."""
        if isinstance(action, Lay):
            return f"stair-{action.stair}"
        if isinstance(action, Place):
            return f"square-{action.square}"
        return None


SUPPORT = PriestsSupport("priests", game_type=Game, knowledge=knowledge,
                         sample_state=sample_state, policy=policy, value=value,
                         explain=explain, preferred=preferred)

__all__ = ["SUPPORT", "PriestsSupport"]
