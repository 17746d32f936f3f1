"""Chart plumbing: live bqplot charts of a game, declared by its adapter.

A game declares :class:`ChartSpec` objects (a title, the series, how to read a value from a
*sample*) and a ``sample(view)`` function; the shell builds scales, marks, axes and figures
once and, at every change, assigns the marks' data inside ``hold_sync()``. Samples are
taken from ``game.view(viewer)`` only, after every applied action (the bots' too), and
follow undo/redo: a sample belongs to a number of actions played. Axes have whole-number
ticks; each chart's legend is a line of text under it, clear of the lines; series that
never leave zero are left out (the chart says so instead of drawing a flat line).

>>> from mp_tutor import Game
>>> from mp_tutor.widgets.board import Board
>>> board = Board(Game.new(players=3, seed=1))
>>> charts = Charts(board)
>>> board.act("inca potter")
True
>>> len(charts.samples)
2
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from mp_tutor.core.i18n import render, t
from mp_tutor.core.markup import el, join

from .board import Board
from .layout import CHART_LINE, CHART_MARGIN, CHART_TICKS, NICE_STEPS, PX

if TYPE_CHECKING:
    import bqplot as bq

__all__ = ["ChartSpec", "Charts", "integer_ticks"]


@dataclass(frozen=True)
class ChartSpec:
    """One chart: ``kind`` ``"lines"`` (a value per series over the game) or ``"bars"`` (now).

    ``value(sample, i)`` reads series ``i`` from a sample; for bars, ``categories(sample)``
    names the bars and ``value`` returns one number per category.
    """

    id: str
    title: Any
    kind: str
    series: list[Any]
    colours: list[str]
    value: Callable[[dict[str, Any], int], Any]
    y_label: Any = ""
    x_label: Any = ""
    categories: Callable[[dict[str, Any]], list[str]] | None = None
    note_if_zero: Any = ""
    extra: dict[str, Any] = field(default_factory=dict)


def integer_ticks(lo: float, hi: float, most: int = CHART_TICKS) -> list[int]:
    """Whole-number ticks from ``lo`` to ``hi`` (at most about ``most`` of them).

    >>> integer_ticks(0, 3), integer_ticks(0, 17), integer_ticks(0, 51)
    ([0, 1, 2, 3], [0, 5, 10, 15, 20], [0, 20, 40, 60])
    """
    lo_i, hi_i = math.floor(lo), max(math.ceil(hi), math.floor(lo) + 1)
    raw = max(1, math.ceil((hi_i - lo_i) / (most - 1)))
    power = NICE_STEPS[-1] ** int(math.log(raw, NICE_STEPS[-1]) + 1e-9)
    step = next(n * power for n in NICE_STEPS if n * power >= raw)
    top = lo_i + step * math.ceil((hi_i - lo_i) / step)
    return list(range(lo_i, top + 1, step))


class _Chart:
    """The bqplot objects of one chart, built once."""

    def __init__(self, spec: ChartSpec) -> None:
        self.spec = spec
        import bqplot as bq  # half of the widgets' import time: loaded with the first chart

        self.x = bq.OrdinalScale() if spec.kind == "bars" else bq.LinearScale()
        self.y = bq.LinearScale(min=0, max=1)
        labels = [render(s) for s in spec.series]
        if spec.kind == "bars":
            self.mark: bq.Mark = bq.Bars(x=[""], y=[[0]] * len(labels), scales={"x": self.x, "y": self.y},
                                         type="grouped", colors=spec.colours, labels=labels)
        else:
            self.mark = bq.Lines(x=[0], y=[[0]] * len(labels), scales={"x": self.x, "y": self.y},
                                 colors=spec.colours, labels=labels, marker="circle", **CHART_LINE)
        self.y_axis = bq.Axis(scale=self.y, orientation="vertical", label=render(spec.y_label),
                              tick_format="d", tick_values=[0, 1])
        self.x_axis = bq.Axis(scale=self.x, label=render(spec.x_label),
                              tick_format="d" if spec.kind == "lines" else None)
        self.figure = bq.Figure(marks=[self.mark], axes=[self.x_axis, self.y_axis],
                                title=render(spec.title), fig_margin=dict(CHART_MARGIN, right=16),
                                layout=w.Layout(width="100%", height=PX["chart_height"]))
        self.figure.add_class(f"mp-chart-{spec.id}")
        self.legend = w.HTML()
        self.legend.add_class("mp-chart-legend")
        self.box = w.VBox([self.figure, self.legend], layout=w.Layout(
            flex="1 1 " + PX["chart_width"], min_width="0", max_width="560px"))
        self.box.add_class("mp-chart")

    def draw(self, samples: list[dict[str, Any]], current: dict[str, Any]) -> None:
        spec = self.spec
        shown = []
        if spec.kind == "bars":
            cats = spec.categories(current) if spec.categories else []
            ys = [[float(v) for v in spec.value(current, i)] for i in range(len(spec.series))]
            shown = [i for i, ys_i in enumerate(ys) if any(ys_i)]
            top = max([v for row in ys for v in row] + [1])
            with self.mark.hold_sync():
                self.mark.x, self.mark.y = cats, ys
        else:
            xs = [s["x"] for s in samples]
            ys = [[float(spec.value(s, i) or 0) for s in samples] for i in range(len(spec.series))]
            shown = [i for i, row in enumerate(ys) if any(row)]
            keep = ys if shown else ys[:1]
            top = max([v for row in keep for v in row] + [1])
            if len(xs) == 1:  # one point (bqplot needs two to draw a line)
                xs, keep = xs + xs, [row + row for row in keep]
            with self.mark.hold_sync():
                self.mark.x = xs
                self.mark.y = keep
                self.mark.colors = [spec.colours[i] for i in (shown or [0])]
                self.mark.labels = [render(spec.series[i]) for i in (shown or [0])]
                self.mark.opacities = [1.0] * len(keep) if shown else [0.0]
            hi = max(xs[-1] if xs else 1, 1)
            with self.x.hold_sync():
                self.x.min, self.x.max = 0, hi
            self.x_axis.tick_values = integer_ticks(0, hi)
        ticks = integer_ticks(0, top)
        with self.y.hold_sync():
            self.y.min, self.y.max = 0, ticks[-1]
        self.y_axis.tick_values = ticks
        if not shown and spec.note_if_zero:
            self.legend.value = el("div", render(spec.note_if_zero), cls="mp-chart-note")
        elif spec.kind == "lines" and len(samples) <= 1:
            self.legend.value = el("div", render(t("The lines grow with every move played.")),
                                   cls="mp-chart-note")
        else:
            self.legend.value = el("div", join([el("span", el("span", "■", style=f"color:{spec.colours[i]}"),
                                                   " ", render(spec.series[i]), cls="mp-legend-item")
                                                for i in shown], "  "))


class Charts(w.Box):
    """The charts the game's adapter declares, live on ``board`` (from the viewer's view)."""

    def __init__(self, board: Board, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("mp-charts")
        self.layout.flex_flow = "row wrap"
        self.layout.width = "100%"
        self.board = board
        self.specs: list[ChartSpec] = board.adapter.charts(board.game, board.viewer)
        self.parts = [_Chart(spec) for spec in self.specs]
        self.children = [p.box for p in self.parts]
        self.samples: list[dict[str, Any] | None] = []
        self._game_id = id(board.game)
        self._backfill()
        board.on_apply(self._on_apply)
        board.on_sync(self.update)
        self.update()

    def chart(self, chart_id: str) -> Any:
        """The bqplot mark of a chart (``charts.chart("points").y``)."""
        return next(p.mark for p in self.parts if p.spec.id == chart_id)

    def _sample(self, game: Any) -> dict[str, Any]:
        s = dict(self.board.adapter.sample(game.view(self.board.viewer)))
        s["x"] = len(game.history)
        return s

    def _backfill(self) -> None:
        """Samples for the actions already played (replayed on a copy of the game)."""
        game = self.board.game
        self.samples = []
        try:
            copy = game.copy()
        except (ValueError, TypeError):
            copy = None
        if copy is None or len(copy.history) != len(game.history):
            self._put(self._sample(game))
            return
        while copy.undo():
            pass
        self._put(self._sample(copy))
        while copy.redo():
            self._put(self._sample(copy))

    def _put(self, s: dict[str, Any]) -> None:
        i = s["x"]
        del self.samples[i + 1:]
        while len(self.samples) <= i:
            self.samples.append(None)
        self.samples[i] = s

    def _on_apply(self, game: Any, _events: list[Any]) -> None:
        if game is self.board.game:
            self._put(self._sample(game))

    def update(self) -> None:
        """Bring the charts up to date with the board's game (after any change)."""
        game = self.board.game
        if id(game) != self._game_id:
            self._game_id = id(game)
            self._backfill()
        i = len(game.history)
        current = self.samples[i] if i < len(self.samples) else None
        if current is None or len(self.samples) != i + 1:
            self._put(self._sample(game))
            current = self.samples[i]
        assert current is not None
        points = [s for s in self.samples if s is not None]
        for part in self.parts:
            part.draw(points, current)

    def __repr__(self) -> str:
        return f"Charts({len(self.parts)} charts, {len(self.samples)} samples)"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        if isinstance(bundle, dict):
            bundle["text/plain"] = repr(self)
        return bundle
