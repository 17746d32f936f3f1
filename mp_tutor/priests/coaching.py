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

from ..core.actions import Action
from ..core.coaching import GameSupport
from .actions import Lay, Place
from .determinize import knowledge, sample_state
from .explain import explain
from .game import Game
from .playout import policy, preferred, value


class PriestsSupport(GameSupport):
    """The coach's hooks for the priests game (see ``docs/COACH.md``)."""

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
