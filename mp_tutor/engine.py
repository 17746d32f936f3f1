"""Kept for the public API (``simulate_trade``); the engine is :mod:`mp_tutor.princes`.

>>> from mp_tutor import load_scenario
>>> from mp_tutor.actions import Trade
>>> g = load_scenario("market-prices")
>>> simulate_trade(g.state, 0, Trade(sell=(("coca", 1),)))[1]["sold"]
[('coca', 1, [4])]
"""

from __future__ import annotations

from typing import Any

from .core.rules import Illegal, IllegalAction
from .princes.actions import Trade
from .princes.houses import row_value
from .princes.market import buy_price, sell_price
from .princes.market import simulate_trade as _simulate
from .princes.state import State
from .princes.tables import goods_units
from .princes.text import colour


def simulate_trade(s: State, player: int, trade: Trade) -> tuple[Illegal | None, dict[str, Any]]:
    """Work out ``player``'s trade on the state ``s`` without changing it."""
    return _simulate(s.market, s.bank, s.goods[player], trade, colour(player))


def market_sell_price(s: State, gi: int) -> int:
    return sell_price(s.market, gi)


def market_buy_price(s: State, gi: int) -> int:
    return buy_price(s.market, gi)


__all__ = ["Illegal", "IllegalAction", "State", "goods_units", "market_buy_price",
           "market_sell_price", "row_value", "simulate_trade"]
