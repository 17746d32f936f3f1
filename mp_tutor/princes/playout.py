"""The Princes' playout policy and position value, for the coach's search.

Playouts run in the rollout mode on positions sampled by
:mod:`~mp_tutor.princes.determinize`, so the policy may read the (sampled) state: it is a
fast heuristic player (produce, set up Incas, acquire Priests and Virgins, sacrifice, keep
the cards that match one's pieces), with a little noise so playouts differ. The value of a
position for a player is in [0, 1]: their share of the win once the game is over, and
before that a smooth guess from everyone's score if the game ended now.

>>> import random
>>> from mp_tutor import Game
>>> game = Game.new(players=3, seed=2, fast=True)
>>> rng = random.Random(2)
>>> while not game.over:
...     _ = game.apply(policy(game, rng))
>>> 0.0 <= value(game, 0) <= 1.0
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..core.actions import Action
from .actions import Acquire, Stay, Trade
from .bank import afford
from .data import CARDS
from .houses import row_value
from .market import simulate_trade
from .scoring import icon_pieces, scores
from .state import Ending, Kind, State
from .tables import (
    CORN,
    DISTRICT_INDEX,
    DISTRICT_KIND,
    GOOD_COUNT,
    GOOD_INDEX,
    HOUSE_PRIESTS,
    LAST_DAY,
    LLAMA,
    NEIGHBOURS,
    PRIEST_COST,
    PRIEST_INDEX,
    PROFESSION_COST,
    SETUP_PROFESSIONS,
    TEMPLE_PRIEST,
    UNIT_SIZE,
    DistrictKind,
)

if TYPE_CHECKING:  # the game, for annotations only
    from .game import Game


def missing_goods(s: State, goods: list[int]) -> int:
    """Goods still missing for the cheapest Priest or Virgin left."""
    return min((sum(max(0, PRIEST_COST[k][i] - goods[i]) for i in range(GOOD_COUNT))
                for k in range(len(PRIEST_COST)) if s.rows[k]), default=9)


_PRIESTS = tuple(range(len(PRIEST_COST)))
#: what the playout policy gives for entering a House (a Priest or Virgin can be paid), the
#: Central Plaza (goods to trade, nothing to buy yet), a set-up district (an Inca can be paid),
#: and for staying (a moon tile; plus noise 0..1 everywhere)
WEIGHTS = {"house": 12.0, "plaza": 4.0, "setup": 5.0, "stay": 0.5}
_HOUSES = tuple(HOUSE_PRIESTS.items())
_SETUPS = tuple((d, tuple(PROFESSION_COST[x] for x in profs))
                for d, profs in SETUP_PROFESSIONS.items())


def _move_values(s: State, p: int) -> list[float]:
    """What entering each district is worth to ``p`` now (a rough count of goods and steps)."""
    goods = s.goods[p]
    bonus = s.bonus
    incas = s.incas[p]
    llamas = goods[LLAMA]
    late = s.day >= LAST_DAY - 1
    buyable = [bool(s.rows[k]) and afford(s, p, PRIEST_COST[k]) for k in _PRIESTS]
    out = [0.0] * len(DISTRICT_KIND)
    for d, kind in enumerate(DISTRICT_KIND):
        b = bonus[d]
        if kind is DistrictKind.PRODUCTION:
            out[d] = 2 + 3 * incas[d] + b if b else 0.0
        elif kind is DistrictKind.TEMPLE and b:
            k = TEMPLE_PRIEST[d]
            if k is None:
                out[d] = 2 * b + (sum(1 for i in range(GOOD_COUNT)
                                      if goods[i] >= UNIT_SIZE[i] + (i == LLAMA)) if late else 0)
            else:
                out[d] = 2 * b + 3 * min(s.priests[p][k], llamas)
        elif kind is DistrictKind.PLAZA:
            out[d] = WEIGHTS["plaza"] if not any(buyable) and sum(goods[1:]) + goods[CORN] // 3 >= 4 else 0.0
    for d, kinds in _HOUSES:
        out[d] = WEIGHTS["house"] if any(buyable[k] for k in kinds) else 0.0
    if s.supply[p]:
        for d, costs in _SETUPS:
            out[d] = WEIGHTS["setup"] if any(afford(s, p, c) for c in costs) else 0.0
    return out


def _card_keep(s: State, p: int, card: int) -> float:
    spec = CARDS[card]
    return sum(icon_pieces(s, p, icon) for icon in spec.icons) + spec.gold / 4


class _Still:
    """A random source without noise: the policy's own first choice."""

    @staticmethod
    def random() -> float:
        return 0.5

    @staticmethod
    def randrange(n: int) -> int:
        return 0


def preferred(game: Game, legal: list[Action]) -> list[Action]:
    """``legal`` ordered as the policy prefers them (its choice first; moves by their worth)."""
    s: State = game.state
    step = s.queue[0]
    if step.kind == Kind.TURN and step.player is not None:
        worth = _move_values(s, step.player)
        cur = s.prince[step.player]
        near = NEIGHBOURS[cur] if cur is not None else ()

        def score(a: Action) -> float:
            if isinstance(a, Stay):
                return 0.5
            d = DISTRICT_INDEX[a.to]  # type: ignore[attr-defined]
            return worth[d] - (2.5 if cur is not None and d not in near else 0)

        return sorted(legal, key=lambda a: -score(a))
    first = policy(game, _Still())  # type: ignore[arg-type]
    return [first] + [a for a in legal if a != first]


def policy(game: Any, rng: random.Random) -> Action:
    """A quick heuristic choice for the pending decision of a rollout-mode game."""
    legal = game.legal_actions()
    if len(legal) == 1:
        return legal[0]
    s: State = game.state
    step = s.queue[0]
    kind, p = step.kind, step.player
    if p is None:  # a night step: nobody's choice
        return legal[rng.randrange(len(legal))]
    noise = rng.random
    if kind == Kind.TURN:
        worth = _move_values(s, p)
        cur = s.prince[p]
        near = NEIGHBOURS[cur] if cur is not None else ()
        best, top = legal[0], -1e9
        stay = WEIGHTS["stay"]
        for a in legal:
            if isinstance(a, Stay):
                score = stay + noise()
            else:
                d = DISTRICT_INDEX[a.to]
                score = worth[d] - (2.5 if cur is not None and d not in near else 0) + noise()
            if score > top:
                best, top = a, score
        return best
    if kind in (Kind.PRODUCE, Kind.SACRIFICE, Kind.REDEEM_MOON, Kind.SET_UP_INCAS):
        return legal[-1] if kind != Kind.SET_UP_INCAS else max(
            legal, key=lambda a: len(a.professions))
    if kind == Kind.OFFER:
        late = s.day >= LAST_DAY - 1
        return max(legal, key=lambda a: len(a.goods) if late else -len(a.goods))
    if kind == Kind.ACQUIRE:
        return max(legal, key=lambda a: row_value(s, PRIEST_INDEX[a.kind])
                   if isinstance(a, Acquire) and a.kind else -1)
    if kind == Kind.TRADE:
        return _trade(s, p, legal, noise)
    if kind == Kind.RETURN_CARDS:
        return max(legal, key=lambda a: -sum(_card_keep(s, p, c) for c in a.cards)
                   + noise() / 10)
    if kind == Kind.SUN_CLOCK_GOODS:
        return min(legal, key=lambda a: sum(s.goods[p][GOOD_INDEX[g]] for g in a.goods
                                            if g != "corn") + noise() / 10)
    if kind == Kind.SUN_CLOCK:
        return legal[0]
    return legal[rng.randrange(len(legal))]


def trade_worth(s: State, p: int, a: Trade) -> float | None:
    """How much closer a trade brings ``p`` to a Priest or Virgin (None: illegal)."""
    why, res = simulate_trade(s.market, s.bank, s.goods[p], a)
    if why is not None:
        return None
    return -missing_goods(s, res["goods"]) * 10 + res["goods"][CORN] / 10


def _trade(s: State, p: int, legal: Sequence[Trade], noise: Callable[[], float]) -> Action:
    best, top = legal[0], -1e9
    for a in legal:
        if a.adjust is not None:
            continue
        worth = trade_worth(s, p, a)
        if worth is None:
            continue
        score = worth + noise()
        if score > top:
            best, top = a, score
    return best


def value(game: Game, player: int) -> float:
    """How good the position is for ``player``, from 0 (lost) to 1 (won alone)."""
    s: State = game.state
    if s.ending is not None:
        table = scores(s, s.ending)
        winners = [sc.player for sc in table if sc.rank == 1]
        won = 1.0 / len(winners) if player in winners else 0.0
        mine = table[player].final
        best = max(sc.final for sc in table if sc.player != player)
        return 0.6 * won + 0.4 * _squash(mine - best, 10)
    ending = Ending.RESCUE_PRIESTS if sum(s.rows) <= 2 else Ending.CONQUEST
    table = scores(s, ending)
    mine = table[player].final
    best = max(sc.final for sc in table if sc.player != player)
    return _squash(mine - best, 8)


def _squash(x: float, scale: float) -> float:
    return 1.0 / (1.0 + math.exp(-x / scale))


__all__ = ["missing_goods", "policy", "preferred", "trade_worth", "value"]
