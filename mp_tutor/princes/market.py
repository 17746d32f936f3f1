"""The Central Plaza: adjust the market, then sell, then buy, at the slots' prices.

Owns the rule ids ``market.*`` and the rulings on the market unit and the trade order.
:func:`simulate_trade` works a trade out on plain lists (market, bank, goods), so the
engine, the trade builder's preview and the bots all price trades with the same code.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import TypedDict

from ..core.i18n import Msg, Term, t
from ..core.machine import Decision, Out
from ..core.rules import Illegal
from ..core.views import Options
from .actions import Trade
from .bank import refuse_short
from .data import DATA, GOODS, RULES
from .state import Kind, State
from .tables import CORN, GOOD_COUNT, GOOD_INDEX, SLOT_COUNT, SLOTS
from .text import amount, colour, good
from .views import PriceView

BANK_BUY = DATA.bank_buy_price
BANK_SELL = DATA.bank_sell_price


def sell_price(market: list[int], gi: int) -> int:
    """What the next unit of good ``gi`` sells for (the highest free slot, else the bank)."""
    c = market[gi - 1]
    return SLOTS[c] if c < SLOT_COUNT else BANK_SELL


def buy_price(market: list[int], gi: int) -> int:
    """What the next unit of good ``gi`` costs (the lowest unit, else from the bank)."""
    c = market[gi - 1]
    return SLOTS[c - 1] if c > 0 else BANK_BUY


@dataclass(frozen=True)
class Price:
    """A good on the market: its units there, what one sells for and what one costs."""

    units: int
    sell: int
    buy: int


def price_table(market: list[int]) -> dict[str, Price]:
    """Every good of the market with its :class:`Price`."""
    return {GOODS[g]: Price(market[g - 1], sell_price(market, g), buy_price(market, g))
            for g in range(1, GOOD_COUNT)}


def prices(market: list[int]) -> dict[str, PriceView]:
    """The market's prices as JSON (a view's ``market_prices``)."""
    return {g: {"units": p.units, "sell": p.sell, "buy": p.buy}
            for g, p in price_table(market).items()}


@dataclass(frozen=True)
class TradeOptions(Options):
    """A trade at the Central Plaza: the market's prices."""

    prices: Mapping[str, Price]


def enter(s: State, p: int, d: int, out: Out) -> None:
    out.then(Kind.TRADE, p)


class TradeResult(TypedDict, total=False):
    """What a trade gives (:func:`simulate_trade`): ``adjust`` (good, +1/-1) or None, the
    units ``sold`` and ``bought`` as (good, count, [prices]), and once it is legal the
    ``market``, ``bank`` and ``goods`` afterwards (empty: no trade is pending)."""

    adjust: tuple[str, int] | None
    sold: list[tuple[str, int, list[int]]]
    bought: list[tuple[str, int, list[int]]]
    market: list[int]
    bank: list[int]
    goods: list[int]


def simulate_trade(market: list[int], bank: list[int], goods: list[int], a: Trade,
                   who: Msg | Term | None = None) -> tuple[Illegal | None, TradeResult]:
    """Work out a trade on copies: (why it is illegal or None, the result).

    The result has ``adjust`` ((good, +1/-1) or None), ``sold`` and ``bought`` (lists of
    (good, count, [prices])) and the ``market``, ``bank`` and ``goods`` afterwards.
    """
    market, bank, goods = list(market), list(bank), list(goods)
    res: TradeResult = {"adjust": None, "sold": [], "bought": []}
    if a.adjust:
        sign, g = a.adjust[0], a.adjust[1:]
        if sign not in "+-" or g not in GOOD_INDEX or g == "corn":
            return RULES.illegal("market.adjust", t(
                "Adjust the market with +good or -good (llama, coca, pottery, cloth), not {text}.",
                text=repr(a.adjust))), res
        gi = GOOD_INDEX[g]
        if sign == "+":
            if market[gi - 1] >= SLOT_COUNT:
                return RULES.illegal("market.adjust", t(
                    "The {good} column is full: no unit can be added.", good=good(g))), res
            if bank[gi] < 1:
                return RULES.illegal("ruling.market_unit", t(
                    "The bank has no {good} to add to the market.", good=good(g))), res
            market[gi - 1] += 1
            bank[gi] -= 1
        else:
            if market[gi - 1] == 0:
                return RULES.illegal("market.adjust", t(
                    "The {good} column is empty: no unit can be removed.", good=good(g))), res
            market[gi - 1] -= 1
            bank[gi] += 1
        res["adjust"] = (g, 1 if sign == "+" else -1)
    for g, n in a.sell:
        if g not in GOOD_INDEX or g == "corn" or n <= 0:
            return RULES.illegal("market.sell", t(
                "Sell goods as counts of llama, coca, pottery or cloth, not {n} {good}.", n=n,
                good=g)), res
        gi = GOOD_INDEX[g]
        if goods[gi] < n:
            return RULES.illegal("market.have", t(
                "{who} has {have}, so cannot sell {n}.", who=who if who is not None else "",
                have=amount(goods[gi], g), n=n)), res
        got = []
        for _ in range(n):
            got.append(sell_price(market, gi))
            if market[gi - 1] < SLOT_COUNT:
                market[gi - 1] += 1
            else:
                bank[gi] += 1
        goods[gi] -= n
        goods[CORN] += sum(got)
        res["sold"].append((g, n, got))
    for g, n in a.buy:
        if g not in GOOD_INDEX or g == "corn" or n <= 0:
            return RULES.illegal("market.buy", t(
                "Buy goods as counts of llama, coca, pottery or cloth, not {n} {good}.", n=n,
                good=g)), res
        gi = GOOD_INDEX[g]
        paid = []
        for _ in range(n):
            if market[gi - 1] > 0:
                paid.append(buy_price(market, gi))
                market[gi - 1] -= 1
            else:
                short = refuse_short(bank, gi)
                if short is not None:
                    return short, res
                paid.append(BANK_BUY)
                bank[gi] -= 1
        cost = sum(paid)
        if goods[CORN] < cost:
            return RULES.illegal("market.pay", t(
                "Buying {goods} costs {prices} = {cost} corn; {who} would have only {corn}.",
                goods=amount(n, g), prices=" + ".join(map(str, paid)), cost=cost,
                who=who if who is not None else "", corn=amount(goods[CORN], "corn"))), res
        goods[CORN] -= cost
        goods[gi] += n
        res["bought"].append((g, n, paid))
    res["market"], res["bank"], res["goods"] = market, bank, goods
    return None, res


_ADJUSTS: tuple[str | None, ...] = (None, *(f"{sign}{g}" for g in GOODS[1:] for sign in "+-"))


@lru_cache(maxsize=8192)
def _trade(adjust: str | None, side: str, good_name: str, n: int) -> Trade:
    if side == "sell":
        return Trade(adjust, sell=((good_name, n),))
    if side == "buy":
        return Trade(adjust, buy=((good_name, n),))
    return Trade(adjust)


def _candidates(s: State, p: int, _payload: None) -> list[Trade]:
    """Canonical trades: an optional adjustment, then one good sold or bought (n units)."""
    out: list[Trade] = []
    goods = s.goods[p]
    most_bought = goods[CORN] // 3 + 2
    for adj in _ADJUSTS:
        out.append(_trade(adj, "", "", 0))
        for gi in range(1, GOOD_COUNT):
            g = GOODS[gi]
            out.extend(_trade(adj, "sell", g, n) for n in range(1, goods[gi] + 1))
            out.extend(_trade(adj, "buy", g, n) for n in range(1, most_bought))
    return out


def trade_preview(s: State, p: int, a: Trade) -> tuple[Illegal | None, TradeResult]:
    """Work out player ``p``'s trade on the position ``s`` without changing it (the prices of
    every unit before a trade is made: :func:`simulate_trade` on ``p``'s goods).

    >>> from mp_tutor.princes.scenario import load_scenario
    >>> g = load_scenario("market-prices")
    >>> trade_preview(g.state, 0, Trade(sell=(("coca", 2),)))[1]["sold"]
    [('coca', 2, [4, 3])]
    """
    return simulate_trade(s.market, s.bank, s.goods[p], a, colour(p))


def _check(s: State, p: int, _payload: None, a: Trade) -> Illegal | None:
    return trade_preview(s, p, a)[0]


def _do(s: State, p: int, _payload: None, a: Trade, out: Out) -> None:
    _, res = trade_preview(s, p, a)
    if res["adjust"]:
        g, change = res["adjust"]
        out.event("market_adjusted", p, "market.adjust", good=g, change=change)
    for g, n, paid in res["sold"]:
        out.event("sold", p, "market.sell", good=g, count=n, prices=paid)
    for g, n, paid in res["bought"]:
        out.event("bought", p, "market.buy", good=g, count=n, prices=paid)
    s.market = res["market"]
    s.bank = res["bank"]
    s.goods[p] = res["goods"]


def _prompt(s: State, p: int, _payload: None) -> Msg:
    return t("{who}: trade at the Central Plaza (adjust the market, then sell, then buy).",
             who=colour(p))


def _adjusted(market: list[int], bank: list[int], adj: str | None
              ) -> tuple[list[int], list[int]] | None:
    """The market and bank after an adjustment (None when it is not allowed)."""
    if adj is None:
        return market, bank
    gi = GOOD_INDEX[adj[1:]]
    if adj[0] == "+":
        if market[gi - 1] >= SLOT_COUNT or bank[gi] < 1:
            return None
        market, bank = market[:], bank[:]
        market[gi - 1] += 1
        bank[gi] -= 1
    else:
        if market[gi - 1] == 0:
            return None
        market, bank = market[:], bank[:]
        market[gi - 1] -= 1
        bank[gi] += 1
    return market, bank


def _most_bought(market: list[int], bank: list[int], gi: int, corn: int, limit: int) -> int:
    """How many units of ``gi`` (at most ``limit``) one can buy with ``corn``."""
    units, cost, left, stock = 0, 0, market[gi - 1], bank[gi]
    while units < limit:
        if left > 0:
            cost += SLOTS[left - 1]
            left -= 1
        elif stock > 0:
            cost += BANK_BUY
            stock -= 1
        else:
            break
        if cost > corn:
            break
        units += 1
    return units


def _fast_legal(s: State, p: int, _payload: None) -> list[Trade]:
    """The canonical trades of :func:`_candidates` that pass the check, worked out directly."""
    out: list[Trade] = []
    goods = s.goods[p]
    corn = goods[CORN]
    limit = corn // 3 + 1
    for adj in _ADJUSTS:
        after = _adjusted(s.market, s.bank, adj)
        if after is None:
            continue
        market, bank = after
        out.append(_trade(adj, "", "", 0))
        for gi in range(1, GOOD_COUNT):
            g = GOODS[gi]
            out.extend(_trade(adj, "sell", g, n) for n in range(1, goods[gi] + 1))
            most = _most_bought(market, bank, gi, corn, limit)
            out.extend(_trade(adj, "buy", g, n) for n in range(1, most + 1))
    return out


TRADE = Decision(Kind.TRADE, "market.adjust", (Trade,), _candidates, _check, _do, _prompt,
                 options=lambda s, p, _pl, legal: TradeOptions(price_table(s.market)),
                 declines=lambda a: not (a.adjust or a.sell or a.buy), fast_legal=_fast_legal)

__all__ = ["TRADE", "Price", "TradeOptions", "TradeResult", "buy_price", "enter", "price_table", "prices",
           "sell_price", "simulate_trade", "trade_preview"]
