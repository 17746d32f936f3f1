"""The Central Plaza's trade builder: adjust the market, sell, buy, with live prices.

The prices come from the engine (``Game.preview_trade``) before anything is played.

>>> from mp_tutor import load_scenario
>>> from mp_tutor.widgets import Board
>>> board = Board(load_scenario("market-prices"))
>>> board.act("move central_plaza")
True
>>> panel = TradePanel(board)
>>> panel.update()
>>> panel.set(sell={"coca": 2})
>>> "4 + 3" in panel.summary.value
True
"""

from __future__ import annotations

import ipywidgets as w

from mp_tutor.core.i18n import after_colon, render, t
from mp_tutor.core.markup import el, join
from mp_tutor.princes.actions import Trade
from mp_tutor.princes.data import GOODS
from mp_tutor.princes.market import TradeOptions, trade_preview
from mp_tutor.princes.text import amount, good, price_paid

from ..board import Board
from ..layout import PX
from ..panels import SubPanel, button, fitted, row

MARKET_GOODS = tuple(GOODS[1:])


class TradePanel(SubPanel):
    """Central Plaza: adjust the market, then sell, then buy; live prices from the engine."""

    kind = "trade"

    def __init__(self, board: Board) -> None:
        super().__init__(board)
        adjust = [(render(t("no change to the market")), "")]
        for g in MARKET_GOODS:
            adjust += [(render(t("add one {good} to the market", good=good(g))), f"+{g}"),
                       (render(t("take one {good} from the market", good=good(g))), f"-{g}")]
        self.adjust = w.Dropdown(options=adjust, value="", description=render(t("Market")),
                                 layout=fitted())
        self.adjust.add_class("mp-trade-adjust")
        self.adjust.observe(lambda _c: self.preview(), "value")
        self.sell: dict[str, w.IntText] = {}
        self.buy: dict[str, w.IntText] = {}
        rows = []
        for g in MARKET_GOODS:
            cells: list[w.Widget] = [w.HTML(el("b", render(good(g))), layout=w.Layout(width=PX["trade_good"]))]
            for side, store, label in (("sell", self.sell, t("sell")), ("buy", self.buy, t("buy"))):
                # the box's own label (its name for a screen reader), the good as its tooltip
                box = w.BoundedIntText(value=0, min=0, max=99, description=render(label),
                                       tooltip=render(good(g)), style={"description_width": "initial"},
                                       layout=w.Layout(width=PX["trade_box"]))
                box.add_class(f"mp-trade-{side}-{g}")
                box.observe(lambda _c: self.preview(), "value")
                store[g] = box
                cells.append(box)
            rows.append(row(cells))
        self.prices = w.HTML()
        self.summary = w.HTML()
        self.summary.add_class("mp-trade-summary")
        self.ok = button(t("Trade"), "mp-trade-confirm", "primary")
        self.ok.on_click(lambda _b: self.confirm())
        self.reset_button = button(t("Reset"), "mp-trade-reset")
        self.reset_button.on_click(lambda _b: self.reset())
        self.none = button(t("No trade"), "mp-trade-none")
        self.none.on_click(lambda _b: self.board.act(Trade()))
        self.box.children = [self.prices, self.adjust, *rows, self.summary,
                             row([self.ok, self.reset_button, self.none])]

    def trade(self) -> Trade:
        """The trade being built."""
        sell = tuple((g, int(b.value)) for g, b in self.sell.items() if int(b.value) > 0)
        buy = tuple((g, int(b.value)) for g, b in self.buy.items() if int(b.value) > 0)
        return Trade(self.adjust.value or None, sell, buy)

    def set(self, adjust: str | None = None, sell: dict[str, int] | None = None,
            buy: dict[str, int] | None = None) -> None:
        """Fill the builder (as if clicked), e.g. ``set("-cloth", sell={"cloth": 2})``."""
        self._quiet = True
        self.adjust.value = adjust or ""
        for g in MARKET_GOODS:
            self.sell[g].value = (sell or {}).get(g, 0)
            self.buy[g].value = (buy or {}).get(g, 0)
        self._quiet = False
        self.preview()

    def reset(self) -> None:
        self.set()

    def confirm(self) -> bool:
        return self.board.act(self.trade())

    def preview(self) -> None:
        """Show what the trade would give, worked out by the engine without playing it."""
        g = self.game
        p = g.decider
        if getattr(self, "_quiet", False) or str(g.pending.kind) != "trade" or p is None:
            return
        why, res = trade_preview(g.state, p, self.trade())
        if why is not None:
            self.summary.value = el("div", render(t("Not possible: {why}", why=after_colon(why.msg))), " ",
                                    el("span", f"[{why.rule}]", cls="mp-rule"), cls="mp-trade-no")
            self.ok.disabled = True
            return
        lines = []
        if res["adjust"]:
            g_, change = res["adjust"]
            lines.append(render(t("add one {good} to the market", good=good(g_)) if change > 0
                                else t("take one {good} from the market", good=good(g_))))
        for g_, n, prices in res["sold"]:
            lines.append(render(t("sell {what}: {price}", what=amount(n, g_),
                                  price=price_paid(prices))))
        for g_, n, prices in res["bought"]:
            lines.append(render(t("buy {what}: {price}", what=amount(n, g_),
                                  price=price_paid(prices))))
        before = self.me.get("goods", {}).get("corn", 0)
        after = res["goods"][0]
        lines.append(render(t("your corn: {before} then {after}", before=before, after=after)))
        self.summary.value = el("div", join([el("div", x) for x in lines]))
        self.ok.disabled = False

    def update(self) -> None:
        prices = self.options_of(TradeOptions).prices
        self.prices.value = el("div", join([el("div", render(t(
            "{good}: buy {buy}, sell {sell} ({units} on the market)", good=good(g), buy=v.buy,
            sell=v.sell, units=v.units))) for g, v in prices.items()]))
        self.reset()


__all__ = ["TradePanel"]
