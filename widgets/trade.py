"""The Central Plaza's trade builder: adjust, sell, buy, with live prices from the engine."""

from __future__ import annotations

import html

import ipywidgets as w

from mp_tutor.actions import Trade

from .board import Board
from .subpanel import MARKET_GOODS, _button, _Sub


class TradePanel(_Sub):
    """Central Plaza: adjust the market, then sell, then buy; live prices from the engine."""

    kind = "trade"

    def __init__(self, board: Board) -> None:
        super().__init__(board)
        adjust = [("no adjustment", "")]
        for g in MARKET_GOODS:
            adjust += [(f"add 1 {g} to the market", f"+{g}"), (f"remove 1 {g} from the market", f"-{g}")]
        self.adjust = w.Dropdown(options=adjust, value="", description="Adjust", layout=w.Layout(width="360px"))
        self.adjust.add_class("mp-trade-adjust")
        self.adjust.observe(lambda _c: self.preview(), "value")
        self.sell: dict[str, w.IntText] = {}
        self.buy: dict[str, w.IntText] = {}
        rows = []
        for g in MARKET_GOODS:
            cells: list[w.Widget] = [w.HTML(f"<b>{g}</b>", layout=w.Layout(width="70px"))]
            for side, store in (("sell", self.sell), ("buy", self.buy)):
                box = w.IntText(value=0, layout=w.Layout(width="56px"))
                box.add_class(f"mp-trade-{side}-{g}")
                box.observe(lambda _c: self.preview(), "value")
                store[g] = box
                minus = _button("-", f"mp-trade-{side}-{g}-minus")
                plus = _button("+", f"mp-trade-{side}-{g}-plus")
                minus.on_click(lambda _b, box=box: self._bump(box, -1))
                plus.on_click(lambda _b, box=box: self._bump(box, +1))
                cells += [w.HTML(side, layout=w.Layout(width="34px")), minus, box, plus]
            rows.append(w.HBox(cells))
        self.prices = w.HTML()
        self.summary = w.HTML()
        self.summary.add_class("mp-trade-summary")
        self.ok = _button("Trade", "mp-trade-confirm", "primary")
        self.ok.on_click(lambda _b: self.confirm())
        self.reset_button = _button("Reset", "mp-trade-reset")
        self.reset_button.on_click(lambda _b: self.reset())
        self.none = _button("No trade", "mp-trade-none")
        self.none.on_click(lambda _b: self.board.act(Trade()))
        self.box.children = [self.prices, self.adjust, *rows, self.summary,
                             w.HBox([self.ok, self.reset_button, self.none])]

    def _bump(self, box: w.IntText, step: int) -> None:
        box.value = max(0, int(box.value) + step)

    def trade(self) -> Trade:
        """The trade being built."""
        sell = tuple((g, int(b.value)) for g, b in self.sell.items() if int(b.value) > 0)
        buy = tuple((g, int(b.value)) for g, b in self.buy.items() if int(b.value) > 0)
        return Trade(self.adjust.value or None, sell, buy)

    def set(self, adjust: str | None = None, sell: dict[str, int] | None = None,
            buy: dict[str, int] | None = None) -> None:
        """Fill the builder (as if clicked), e.g. ``set("-cloth", sell={"cloth": 2})``."""
        with self.summary.hold_sync():
            self.adjust.value = adjust or ""
            for g in MARKET_GOODS:
                self.sell[g].value = (sell or {}).get(g, 0)
                self.buy[g].value = (buy or {}).get(g, 0)
        self.preview()

    def reset(self) -> None:
        self.set()

    def confirm(self) -> bool:
        return self.board.act(self.trade())

    def preview(self) -> None:
        """Show what the trade would give, computed by the engine without playing it."""
        g = self.game
        p = g.pending.player
        if g.pending.kind != "trade" or p is None:
            return
        trade = self.trade()
        why, res = g.preview_trade(trade)
        if why is not None:
            self.summary.value = (f'<span style="color:#a33">Not possible: {html.escape(why.message)} '
                                  f"<code>[{why.rule}]</code></span>")
            self.ok.disabled = True
            return
        lines = []
        if res["adjust"]:
            good, change = res["adjust"]
            lines.append(f"{'add' if change > 0 else 'remove'} 1 {good} {'to' if change > 0 else 'from'} the market")
        for good, n, prices in res["sold"]:
            lines.append(f"sell {n} {good}: {' + '.join(map(str, prices))} = <b>+{sum(prices)}</b> corn")
        for good, n, prices in res["bought"]:
            lines.append(f"buy {n} {good}: {' + '.join(map(str, prices))} = <b>-{sum(prices)}</b> corn")
        before = g.state.goods[p][0]
        after = res["goods"][0]
        lines.append(f"corn: {before} -> <b>{after}</b> (total {after - before:+d})")
        self.summary.value = "<br>".join(lines)
        self.ok.disabled = False

    def update(self) -> None:
        prices = self.game.pending.options.get("prices", {})
        cells = " &nbsp; ".join(f"<b>{g}</b>: buy {v['buy']}, sell {v['sell']} ({v['units']} on the market)"
                                for g, v in prices.items())
        self.prices.value = f"Market now: {cells}"
        self.reset()
