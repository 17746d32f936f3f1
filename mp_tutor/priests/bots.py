"""Bots for the priests game. They see an observation (their ``view`` and the legal actions),
never the game state, so hidden cards stay hidden by construction.

:class:`RandomBot` picks any legal action. :class:`SchemerBot` plays for the two priests of
its own priest card (which its view shows it): it estimates which priest each card will move
(its rank among the cards it can see, and the chances of the cards it cannot), values the
square the priest would reach, and bluffs: a card it lays face down is simply its best one,
but when it must lay face up it sometimes shows a card that seems to help a rival's priest.
:class:`StrongBot` is the coach's search (:class:`~mp_tutor.coach.bot.SearchBot`) on what its
seat knows.

>>> from mp_tutor.priests import Game
>>> game = Game.new(players=3, seed=4, history=False)
>>> play_out(game, {0: SchemerBot(seed=1), 1: RandomBot(seed=2), 2: SchemerBot(seed=3)})
>>> game.over
True
"""

from __future__ import annotations

from collections.abc import Callable
from math import comb

from ..coach.bot import SearchBot
from ..core.actions import Action
from ..core.game import BaseGame
from ..core.table import Bot, Observation, RandomBot, as_observation, play_out
from .actions import Lay, Order, Place
from .coaching import SUPPORT
from .determinize import Knowledge
from .laying import LayOptions
from .moving import OrderOptions
from .tables import (
    CARDS,
    CENTRE,
    GAIN,
    HEIGHTS,
    NEAR,
    SLOTS,
    SQUARE_INDEX,
    STAIR_INDEX,
    SUN_SQUARES,
    TARGET,
)

_GOOD = SUN_SQUARES | {CENTRE}




class SchemerBot(RandomBot):
    """Plays for its own two priests and bluffs with the cards it lays (see the module)."""

    name = "schemer"
    #: how much a rival's priest counts against us (our own count +1)
    RIVAL = 0.6
    #: how often, when laying face up, it shows a misleading card (if it costs little)
    BLUFF = 0.3
    BLUFF_COST = 1.5

    def choose(self, seen: Observation | BaseGame) -> Action:
        obs = as_observation(seen)
        options = list(obs.legal)
        if len(options) == 1:
            return options[0]
        v = obs.view
        me = obs.player if obs.player is not None else 0
        mine = set(v["player"][me]["priests"] or ())
        weight = {h: 1.0 if h in mine else -self.RIVAL for h in HEIGHTS}
        kind = obs.pending.kind
        if kind == "order":
            return self._order(obs, options, weight)
        if kind == "return_priest":
            return self._place(options, weight)
        return self._lay(obs, options, weight)

    # -- the first player's choice of order: both results are in the pending options --------
    def _order(self, obs: Observation, options: list[Action], weight: dict[int, float]) -> Action:
        opts = obs.pending.options
        preview = opts.preview if isinstance(opts, OrderOptions) else {}

        def gain(a: Action) -> float:
            assert isinstance(a, Order)
            seen = preview.get(a.first)
            tokens = seen.tokens if seen is not None else {}
            return sum(weight[int(h)] * sum(ts) for h, ts in tokens.items())

        return max(options, key=lambda a: (gain(a), self.rng.random()))

    # -- a returning priest: near the suns for ours, away from them for the others -----------
    def _place(self, options: list[Action], weight: dict[int, float]) -> Action:
        def score(a: Action) -> float:
            assert isinstance(a, Place)
            suns = sum(q in _GOOD for q in NEAR[SQUARE_INDEX[a.square]])
            return weight[a.priest] * suns + self.rng.random() / 10

        return max(options, key=score)

    # -- laying a card -------------------------------------------------------------------
    def _lay(self, obs: Observation, options: list[Action], weight: dict[int, float]) -> Action:
        v = obs.view
        me = obs.player if obs.player is not None else 0
        hand = [*(v["player"][me]["hand"] or []), *([v["player"][me]["drawn"]]
                                                     if v["player"][me].get("drawn") else [])]
        seen_cards = [st["card"] for st in v["stairs"].values() if st["card"] is not None]
        hidden = sum(1 for st in v["stairs"].values() if st["laid"] and st["card"] is None)
        free = sum(1 for st in v["stairs"].values() if not st["laid"])
        unknown = hidden + free - 1  # cards others lay face down, or will lay, besides ours
        pool = [c for c in CARDS if c not in set(hand) | set(seen_cards) | set(v["removed"])]
        squares = {h: (SQUARE_INDEX[p["square"]] if p["square"] else None)
                   for h, p in ((int(k), x) for k, x in v["priests"].items())}
        gains = GAIN[v["sun_moon"]["kind"]]
        sun_left, fire_left = v["tokens"]["sun"], v["tokens"]["fire"]

        def landing(h: int, stair: str) -> float:
            """What priest ``h`` would get from a card on ``stair`` (other moves ignored)."""
            q = squares[h]
            if q is None:
                return 0.0
            full = v["priests"][str(h)]["filled"] >= SLOTS
            to = TARGET[STAIR_INDEX[stair]][q]
            if to is None:
                return 0.0 if full or not fire_left else float(fire_left[0])
            if to in squares.values():
                return 0.0
            value = 0.0 if full else float(sum(sun_left[:gains[to]]))
            return value + 0.4 * sum(x in _GOOD for x in NEAR[to])

        def expected(a: Lay) -> tuple[float, int]:
            above = sum(c > a.card for c in seen_cards)
            p = sum(c > a.card for c in pool) / len(pool) if pool else 0.0
            total, likely, best_p = 0.0, HEIGHTS[0], -1.0
            for k in range(unknown + 1):
                rank = above + k
                if rank >= len(HEIGHTS):
                    break
                chance = comb(unknown, k) * p**k * (1 - p) ** (unknown - k)
                h = HEIGHTS[rank]
                total += chance * weight[h] * landing(h, a.stair)
                if chance > best_p:
                    likely, best_p = h, chance
            return total, likely

        scored = [(expected(a), a) for a in options if isinstance(a, Lay)]
        best = max(scored, key=lambda x: (x[0][0], self.rng.random()))
        opts = obs.pending.options
        if isinstance(opts, LayOptions) and opts.face == "open" and self.rng.random() < self.BLUFF:
            # a face-up card shows the table which priest we seem to push: sometimes show one
            # that seems to help a rival's priest, when it costs us little
            decoys = [(val, a) for val, a in scored
                      if weight[val[1]] < 0 and landing(val[1], a.stair) > 0
                      and best[0][0] - val[0] <= self.BLUFF_COST]
            if decoys:
                return decoys[self.rng.randrange(len(decoys))][1]
        return best[1]


class StrongBot(SearchBot[Knowledge]):
    """Searches (determinized Monte Carlo over the rollout mode) what its seat knows:
    ``budget_s`` seconds per decision, or exactly ``iterations`` playouts."""

    support = SUPPORT


BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot, "schemer": SchemerBot, "strong": StrongBot}


__all__ = ["BOTS", "RandomBot", "SchemerBot", "StrongBot", "play_out"]
