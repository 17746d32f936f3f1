"""Live bqplot charts of a game: Scout progress, scores so far, market prices.

Scales, marks, axes and figures are built once; every update assigns the marks' data
inside ``hold_sync()``. The charts sample the game after every applied action (the
bots' too) and follow undo/redo: a sample belongs to a number of actions played.

>>> from mp_tutor import Game
>>> from mp_tutor.widgets.board import Board
>>> board = Board(Game.new(players=3, seed=1))
>>> charts = Charts(board)
>>> board.act("inca potter")
True
>>> [len(s) for s in charts.scouts.y]
[2, 2, 2]
"""

from __future__ import annotations

from typing import Any

import bqplot as bq
import ipywidgets as w

from mp_tutor import Game
from mp_tutor.data import COLOURS, GOODS

from .board import Board
from .layout import PALETTE

__all__ = ["Charts", "sample"]

MARKET_GOODS = tuple(g for g in GOODS if g != "corn")
#: line colours of the market goods (Okabe-Ito; the legend names them too)
MARKET_COLOURS = {"llama": "#56B4E9", "coca": "#009E73", "pottery": "#D55E00", "cloth": "#CC79A7"}
SCORE_COLOURS = ["#0072B2", "#E69F00"]
#: the board's Okabe-Ito yellow is too pale for a thin line on white: a deeper yellow
CHART_COLOURS = {"Yellow": "#C8AD00"}
TRAIL_LENGTH = 20


def sample(game: Game) -> dict[str, Any]:
    """The charted numbers of ``game`` now.

    ``progress`` is laps x 20 + field (laps: summits reached, from the engine),
    ``rescue``/``conquest`` each player's final score if the game ended now that way,
    ``prices`` the market's buy price of each good.

    >>> from mp_tutor import Game
    >>> sample(Game.new(players=2, seed=0))["progress"]
    [2, 1]
    """
    view = game.view(None)
    laps = [pl["laps"] for pl in view["player"]]
    return {
        "x": len(game.history),
        "day": view["day"],
        "progress": [laps[p] * TRAIL_LENGTH + pos for p, pos in enumerate(view["scouts"])],
        "rescue": [sc.final for sc in game.score_now("rescue_priests")],
        "conquest": [sc.final for sc in game.score_now("conquest")],
        "prices": {g: view["market_prices"][g]["buy"] for g in MARKET_GOODS},
    }


def _figure(title: str, marks: list[bq.Mark], axes: list[bq.Axis], cls: str) -> bq.Figure:
    fig = bq.Figure(marks=marks, axes=axes, title=title, legend_location="top-left",
                    fig_margin={"top": 40, "bottom": 42, "left": 50, "right": 12},
                    layout=w.Layout(width="33%", height="300px", min_width="280px"))
    fig.add_class(cls)
    return fig


class Charts(w.HBox):
    """Three live charts of the game on ``board``."""

    def __init__(self, board: Board, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("mp-charts")
        self.board = board
        n = board.game.players
        names = list(COLOURS[:n])
        colours = [CHART_COLOURS.get(c, PALETTE[c]) for c in names]
        # Scout progress
        xs, ys = bq.LinearScale(), bq.LinearScale(min=0)
        self.scouts = bq.Lines(x=[0], y=[[0]] * n, scales={"x": xs, "y": ys}, colors=colours,
                               labels=names, display_legend=True, stroke_width=2.5,
                               marker="circle", marker_size=12)
        self.scout_fig = _figure("Scout progress (laps x 20 + field)", [self.scouts],
                                 [bq.Axis(scale=xs, label="actions played"),
                                  bq.Axis(scale=ys, side="left", label="steps")], "mp-chart-scouts")
        # Scores so far
        bx, by = bq.OrdinalScale(), bq.LinearScale(min=0)
        self.scores = bq.Bars(x=names, y=[[0] * n, [0] * n], scales={"x": bx, "y": by}, type="grouped",
                              colors=SCORE_COLOURS, labels=["rescue", "conquest (x gold)"],
                              display_legend=True)
        self.score_fig = _figure("Score if the game ended now", [self.scores],
                                 [bq.Axis(scale=bx), bq.Axis(scale=by, side="left", label="VP")],
                                 "mp-chart-scores")
        # Market prices
        mx, my = bq.LinearScale(), bq.LinearScale(min=2, max=7)
        self.market = bq.Lines(x=[0], y=[[0]] * len(MARKET_GOODS), scales={"x": mx, "y": my},
                               colors=[MARKET_COLOURS[g] for g in MARKET_GOODS], labels=list(MARKET_GOODS),
                               display_legend=True, stroke_width=2.5)
        self.market_fig = _figure("Market: price to buy one unit", [self.market],
                                  [bq.Axis(scale=mx, label="actions played"),
                                   bq.Axis(scale=my, side="left", label="corn")], "mp-chart-market")
        self.children = [self.scout_fig, self.score_fig, self.market_fig]
        self.samples: list[dict[str, Any] | None] = []
        self._game_id = id(board.game)
        self._backfill()
        board.on_apply(self._on_apply)
        board.observe(lambda _c: self.update(), "revision")
        self.update()

    # -- samples ---------------------------------------------------------------------
    def _backfill(self) -> None:
        """Samples for the actions already played (replayed on a copy of the game)."""
        game = self.board.game
        self.samples = []
        try:
            copy = game.copy()
        except ValueError:
            copy = None
        if copy is None or len(copy.history) != len(game.history):
            self._put(sample(game))
            return
        while copy.undo():
            pass
        self._put(sample(copy))
        while copy.redo():
            self._put(sample(copy))

    def _put(self, s: dict[str, Any]) -> None:
        i = s["x"]
        del self.samples[i + 1:]
        while len(self.samples) <= i:
            self.samples.append(None)
        self.samples[i] = s

    def _on_apply(self, game: Game, _events: list[Any]) -> None:
        if game is self.board.game:
            self._put(sample(game))

    # -- drawing ---------------------------------------------------------------------
    def update(self) -> None:
        """Bring the charts up to date with the board's game (after any change)."""
        game = self.board.game
        if id(game) != self._game_id:
            self._game_id = id(game)
            self._backfill()
        i = len(game.history)
        current = self.samples[i] if i < len(self.samples) else None
        if current is None or len(self.samples) != i + 1:
            self._put(sample(game))  # after undo/redo or a change from outside
            current = self.samples[i]
        assert current is not None
        pts = [s for s in self.samples if s is not None]
        x = [s["x"] for s in pts]
        n = game.players
        with self.scouts.hold_sync():
            self.scouts.x = x
            self.scouts.y = [[s["progress"][p] for s in pts] for p in range(n)]
        with self.scores.hold_sync():
            self.scores.y = [current["rescue"], current["conquest"]]
        with self.market.hold_sync():
            self.market.x = x
            self.market.y = [[s["prices"][g] for s in pts] for g in MARKET_GOODS]

    def __repr__(self) -> str:
        return f"Charts({self.board.game.players} players, {len(self.samples)} samples)"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        if isinstance(bundle, dict):
            bundle["text/plain"] = repr(self)
        return bundle
