"""Bots for the Princes. They see an observation (their ``view`` and the legal actions),
never the game state, so hidden cards stay hidden by construction.

>>> from mp_tutor import Game
>>> game = Game.new(players=2, seed=3, history=False)
>>> play_out(game, RandomBot(seed=3))
>>> game.over
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..coach.bot import SearchBot
from ..core.actions import Action
from ..core.game import BaseGame
from ..core.table import Bot, Observation, RandomBot, as_observation, play_out
from .actions import Acquire, Move, Offer, ReturnCards, SetUpIncas, Stay, Trade
from .coaching import SUPPORT
from .data import CARDS, DISTRICTS, GOODS, PRIESTS, PROFESSIONS
from .determinize import Knowledge
from .market import simulate_trade
from .moving import TurnOptions
from .tables import GOOD_COUNT, PRIEST_COST, PRIEST_INDEX, PROFESSION_COST

_PRIEST_COST = {k: PRIEST_COST[PRIEST_INDEX[k]] for k in PRIESTS}




class EagerBot(RandomBot):
    """Random, but busy: moves rather than stays, and never declines when it can act.

    It reaches the rescue endings far more often than :class:`RandomBot`.
    """

    name = "eager"

    def choose(self, seen: Observation | BaseGame) -> Action:
        obs = as_observation(seen)
        options = list(obs.legal)
        busy = [a for a in options if not isinstance(a, Stay) and not obs.declines(a)]
        if busy and self.rng.random() < 0.9:
            options = busy
        return options[self.rng.randrange(len(options))]


def _vector(goods: dict[str, int]) -> list[int]:
    return [goods[g] for g in GOODS]


class BuilderBot(RandomBot):
    """A simple heuristic player: produce, set up Incas, buy Priests and Virgins, sacrifice.

    It plays towards a rescue, so whole games against it reach every ending. It reads only
    its observation: what every player may see, plus its own hand.
    """

    name = "builder"

    def choose(self, seen: Observation | BaseGame) -> Action:  # noqa: C901 - one heuristic per decision kind
        obs = as_observation(seen)
        v = obs.view
        options = list(obs.legal)
        kind = obs.pending.kind
        p = obs.player if obs.player is not None else 0
        me = v["player"][p]
        goods = _vector(me["goods"])
        rows = v["rows"]
        noise = self.rng.random

        def can_buy(kinds: Iterable[str], have: list[int]) -> bool:
            return any(rows[k]["left"] and all(have[i] >= _PRIEST_COST[k][i]
                                               for i in range(GOOD_COUNT)) for k in kinds)

        def missing(have: list[int]) -> int:
            return min((sum(max(0, _PRIEST_COST[k][i] - have[i]) for i in range(GOOD_COUNT))
                        for k in PRIESTS if rows[k]["left"]), default=99)

        if kind == "turn":
            opts = obs.pending.options
            costs = opts.costs if isinstance(opts, TurnOptions) else {}

            def score(a: Action) -> float:
                if isinstance(a, Stay):
                    return 0.5 + noise()
                assert isinstance(a, Move)
                spec = DISTRICTS[a.to]
                here = v["districts"][a.to]
                cost = 2.5 if costs.get(a.to) else 0
                val = 0.0
                if spec.kind == "house":
                    val = 12 if can_buy([k for k in PRIESTS if PRIESTS[k].house == a.to], goods) else 0
                elif spec.kind == "production":
                    val = (2 + 3 * here["incas"][p] + here["bonus"]) if here["bonus"] else 0
                elif spec.kind == "temple":
                    mine = me["priests"][spec.priest] if spec.priest else 1
                    val = (2 * here["bonus"] + 3 * min(mine, goods[1])) if here["bonus"] else 0
                elif spec.kind == "setup":
                    val = 5 if me["supply"] and any(
                        all(goods[i] >= PROFESSION_COST[x][i] for i in range(GOOD_COUNT))
                        for x in PROFESSIONS if PROFESSIONS[x].set_up_at == a.to) else 0
                elif spec.kind == "plaza":
                    val = 4 if not can_buy(PRIESTS, goods) and sum(goods[1:]) + goods[0] // 3 >= 4 else 0
                return val - cost + noise()

            return max(options, key=score)
        if kind == "trade":
            market = [v["market"][g] for g in GOODS[1:]]
            bank = [10**9 if v["bank"][g] is None else v["bank"][g] for g in GOODS]

            def tscore(a: Action) -> float:
                assert isinstance(a, Trade)
                why, res = simulate_trade(market, bank, goods, a)
                if why is not None:
                    return -1e9
                return -missing(res["goods"]) * 10 + res["goods"][0] / 10 + noise()

            return max(options, key=tscore)
        if kind == "offer":
            late = v["day"] >= v["time_track"]["last_day"] - 1
            return max(options, key=lambda a: len(a.goods) if late else -len(a.goods))  # type: ignore[attr-defined]
        if kind == "set_up_incas":
            return max(options, key=lambda a: (len(a.professions), noise()))  # type: ignore[attr-defined]
        if kind == "acquire":
            return max(options, key=lambda a: rows[a.kind]["value"]
                       if isinstance(a, Acquire) and a.kind else -1)
        if kind == "sun_clock":
            return options[0]  # keep Incas working
        if kind == "return_cards":

            def pieces(icon: str) -> int:
                if icon in PROFESSIONS:
                    return int(me["incas"][PROFESSIONS[icon].district])
                return int(me["priests"][icon])

            def keep_value(a: Action) -> float:
                assert isinstance(a, ReturnCards)
                return -sum(pieces(icon) for c in a.cards for icon in CARDS[c].icons) + noise()

            return max(options, key=keep_value)
        if kind == "sun_clock_goods":
            return max(options, key=lambda a: (
                -sum(goods[GOODS.index(g)] for g in getattr(a, "goods", ()) if g != "corn"),
                noise()))
        if kind in ("produce", "sacrifice", "redeem_moon"):
            return options[-1]  # the most
        if isinstance(options[0], (Offer, SetUpIncas)):
            return options[0]
        return options[self.rng.randrange(len(options))]


class StrongBot(SearchBot[Knowledge]):
    """Searches (determinized Monte Carlo over the rollout mode) what its seat knows:
    ``budget_s`` seconds per decision, or exactly ``iterations`` playouts."""

    support = SUPPORT


BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot, "eager": EagerBot, "builder": BuilderBot,
                              "strong": StrongBot}


__all__ = ["BOTS", "BuilderBot", "EagerBot", "RandomBot", "StrongBot", "play_out"]
