"""Bots that play legal actions.

>>> from mp_tutor import Game
>>> game = Game.new(players=2, seed=3, history=False)
>>> play_out(game, RandomBot(seed=3))
>>> game.over
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .actions import Action

if TYPE_CHECKING:
    from .game import Game


class RandomBot:
    """Chooses uniformly among the legal actions (canonical trades)."""

    name = "random"

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        options = game.legal_actions()
        return options[self.rng.randrange(len(options))]


class EagerBot(RandomBot):
    """Random, but busy: moves rather than stays, and never declines when it can act.

    It reaches the rescue endings far more often than :class:`RandomBot`.
    """

    name = "eager"

    def choose(self, game: Game) -> Action:
        from .actions import Stay
        from .engine import is_decline

        options = list(game.legal_actions())
        busy = [a for a in options if not isinstance(a, Stay) and not is_decline(a)]
        if busy and self.rng.random() < 0.9:
            options = busy
        return options[self.rng.randrange(len(options))]


class BuilderBot(RandomBot):
    """A simple heuristic player: produce, set up Incas, buy Priests and Virgins, sacrifice.

    It plays towards a rescue, so whole games against it reach every ending. It only
    reads what every player may see, plus its own hand.
    """

    name = "builder"

    def choose(self, game: Game) -> Action:  # noqa: C901 - one heuristic per decision kind
        from . import engine as E
        from .actions import Acquire, Move, Offer, ReturnCards, SetUpIncas, Stay, Trade
        from .scoring import icon_pieces

        s = game.state
        options = list(game.legal_actions())
        kind = game.pending.kind
        p = game.pending.player if game.pending.player is not None else 0
        noise = self.rng.random

        def can_afford_priest(goods: list[int]) -> bool:
            return any(
                s.rows[k] and all(goods[i] >= E.PRIEST_COST[k][i] for i in range(E.NG))
                for k in range(len(E.KINDS))
            )

        def missing(goods: list[int]) -> int:
            return min(
                (
                    sum(max(0, E.PRIEST_COST[k][i] - goods[i]) for i in range(E.NG))
                    for k in range(len(E.KINDS))
                    if s.rows[k]
                ),
                default=99,
            )

        if kind == "turn":

            def score(a: Action) -> float:
                if isinstance(a, Stay):
                    return 0.5 + noise()
                assert isinstance(a, Move)
                d = E.DI[a.to]
                cur = s.prince[p]
                cost = 0 if cur < 0 or d in E.ADJ[cur] else 2.5
                k = E.DKIND[d]
                val = 0.0
                if k == "house":
                    val = (
                        12
                        if any(
                            s.rows[q]
                            and all(s.goods[p][i] >= E.PRIEST_COST[q][i] for i in range(E.NG))
                            for q in E.HOUSE_KINDS[d]
                        )
                        else 0
                    )
                elif k == "production":
                    val = (2 + 3 * s.incas[p][d] + s.bonus[d]) if s.bonus[d] else 0
                elif k == "temple":
                    tk = E.TEMPLE_KIND[d]
                    mine = s.priests[p][tk] if tk >= 0 else 1
                    val = (2 * s.bonus[d] + 3 * min(mine, s.goods[p][E.LLAMA])) if s.bonus[d] else 0
                elif k == "setup":
                    val = (
                        5
                        if s.supply[p]
                        and any(
                            all(s.goods[p][i] >= E.PROF_COST[pr][i] for i in range(E.NG))
                            for pr in E.SETUP_PROFS[d]
                        )
                        else 0
                    )
                elif k == "plaza":
                    val = (
                        4
                        if not can_afford_priest(s.goods[p])
                        and sum(s.goods[p][1:]) + s.goods[p][0] // 3 >= 4
                        else 0
                    )
                return val - cost + noise()

            return max(options, key=score)
        if kind == "trade":

            def tscore(a: Action) -> float:
                assert isinstance(a, Trade)
                why, res = E.simulate_trade(s, p, a)
                if why is not None:
                    return -1e9
                return -missing(res["goods"]) * 10 + res["goods"][0] / 10 + noise()

            return max(options, key=tscore)
        if kind == "offer":
            return max(options, key=lambda a: len(a.goods) if s.day >= 8 else -len(a.goods))  # type: ignore[attr-defined]
        if kind == "set_up_incas":
            return max(options, key=lambda a: (len(a.professions), noise()))  # type: ignore[attr-defined]
        if kind == "acquire":
            return max(
                options,
                key=lambda a: (
                    E.row_value(s, E.KI[a.kind]) if isinstance(a, Acquire) and a.kind else -1
                ),
            )
        if kind == "sun_clock":
            return options[0]  # keep Incas working
        if kind == "return_cards":

            def keep_value(a: Action) -> float:
                assert isinstance(a, ReturnCards)
                from .data import CARDS

                return (
                    -sum(icon_pieces(s, p, icon) for c in a.cards for icon in CARDS[c].icons)
                    + noise()
                )

            return max(options, key=keep_value)
        if kind == "sun_clock_goods":
            return max(
                options,
                key=lambda a: (
                    -sum(s.goods[p][E.GI[g]] for g in getattr(a, "goods", ()) if g != "corn"),
                    noise(),
                ),
            )  # type: ignore[attr-defined]
        if kind in ("produce", "sacrifice", "redeem_moon"):
            return options[-1]  # the most
        if isinstance(options[0], (Offer, SetUpIncas)):
            return options[0]
        return options[self.rng.randrange(len(options))]


BOTS = {"random": RandomBot, "eager": EagerBot, "builder": BuilderBot}


def play_out(game: Game, bot: RandomBot, max_actions: int = 100_000) -> None:
    """Let ``bot`` take every decision until the game ends."""
    for _ in range(max_actions):
        if game.over:
            return
        game.apply(bot.choose(game))
    raise RuntimeError("game did not end")
