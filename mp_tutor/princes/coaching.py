"""What the Princes give the coach: knowledge, sampled positions, playouts, values, reasons.

:data:`SUPPORT` implements :class:`mp_tutor.coach.search.Support` (and the explainer the
coach's ``hint`` uses) for this game; ``GAME.coach`` points to it.

>>> import random
>>> from mp_tutor import Game
>>> game = Game.new(players=2, seed=4)
>>> info = SUPPORT.knowledge(game.view(0), game.log, [])
>>> world = SUPPORT.sample(info, random.Random(0))
>>> world.fast, world.view(0) == game.view(0)
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.actions import Action
from ..core.coaching import GameSupport
from ..core.game import BaseGame
from .actions import Move, ReturnCards, Stay, Trade
from .determinize import Knowledge, knowledge, sample_state
from .explain import explain
from .game import Game
from .playout import policy, preferred, trade_worth, value
from .tables import DISTRICT_INDEX


class PrincesSupport(GameSupport):
    """The coach's hooks for the Princes (see ``docs/COACH.md``)."""

    def shortlist(self, game: BaseGame, player: int, legal: Sequence[Action], size: int
                  ) -> list[Action]:
        """Large decisions are trades: keep the declining one and the trades that bring the
        trader closest to a Priest or Virgin, then the rest in order."""
        assert isinstance(game, Game)
        s = game.state
        if not any(isinstance(a, Trade) for a in legal):
            return preferred(game, list(legal))[:size]
        ranked: list[tuple[float, int, Action]] = []
        for i, a in enumerate(legal):
            score = 0.0
            if isinstance(a, Trade):
                worth = trade_worth(s, player, a)
                if worth is not None:
                    score = worth - (1 if a.adjust else 0)
                if not (a.adjust or a.sell or a.buy):
                    score = 1e9
            elif isinstance(a, (Move, Stay)):
                score = 0.0 if isinstance(a, Stay) else 1.0 + DISTRICT_INDEX[a.to] / 100
            ranked.append((-score, i, a))
        ranked.sort(key=lambda x: (x[0], x[1]))
        return [a for _, _, a in ranked[:size]]

    def reveal(self, info: Knowledge, player: int, action: Action) -> Knowledge | None:
        """``info`` with what ``player``'s ``action`` shows an onlooker (None: it names cards
        the onlooker cannot see, the cards another player puts back under the deck)."""
        if isinstance(action, ReturnCards) and player != info.player:
            return None
        return info

    def target(self, action: Action) -> str | None:
        """What the board highlights for ``action``: the district entered, the moon tile."""
        if isinstance(action, Move):
            return action.to
        if isinstance(action, Stay):
            return action.tile
        return None


SUPPORT = PrincesSupport("princes", game_type=Game, knowledge=knowledge,
                         sample_state=sample_state, policy=policy, value=value,
                         explain=explain, preferred=preferred)

__all__ = ["SUPPORT", "PrincesSupport"]
