"""Chart plumbing: live charts of a game, declared by its adapter, drawn by bqplot or as SVG.

A game declares :class:`ChartSpec` objects (a title, the series, how to read a value from a
*sample*) and a ``sample(view)`` function. Samples are taken from ``game.view(viewer)``
only, after every applied action (the bots' too), and follow undo/redo: a sample belongs
to a number of actions played. At every change :func:`~mp_tutor.widgets.chartdata.chart_data`
works out what each chart shows (whole-number ticks, the legend under it, the series that
never left zero left out and said so), and a renderer draws it:

- ``"bqplot"`` (the installed tutor): scales, marks, axes and figures built once, the marks'
  data assigned inside ``hold_sync()``;
- ``"svg"`` where bqplot cannot be imported (the browser's Python has no numpy): the same
  data drawn as an SVG picture in Python (:mod:`mp_tutor.widgets.chart_svg`).

``Charts(board)`` takes bqplot when it can be imported, else SVG (``renderer=`` chooses);
a chart that fails to draw says so in its legend, and never takes the board down.

>>> from mp_tutor import Game
>>> from mp_tutor.widgets.board import Board
>>> board = Board(Game.new(players=3, seed=1))
>>> charts = Charts(board)
>>> board.act("inca potter")
True
>>> len(charts.samples)
2
>>> Charts(board, renderer="svg").chart("scouts").x
[0, 1]
"""

from __future__ import annotations

from types import ModuleType
from typing import Protocol

import ipywidgets as w

from mp_tutor.core.events import Event
from mp_tutor.core.game import BaseGame
from mp_tutor.core.i18n import render, t
from mp_tutor.core.markup import el

from .board import Board
from .chart_svg import SvgChart, chart_box
from .chartdata import ChartData, ChartSpec, Sample, chart_data, integer_ticks
from .layout import CHART_LINE, CHART_MARGIN, PX
from .views import MimeBundle, text_bundle


class Drawn(Protocol):
    """A chart's drawn data, as a bqplot mark and an SVG chart both have it."""

    @property
    def x(self) -> list[int] | list[str]: ...

    @property
    def y(self) -> list[list[float]]: ...

__all__ = ["RENDERERS", "ChartSpec", "Charts", "Drawn", "bqplot_module", "integer_ticks"]

#: the ways to draw the charts
RENDERERS = ("bqplot", "svg")


def bqplot_module() -> ModuleType | None:
    """The bqplot module, or None where it cannot be imported (no numpy in the browser)."""
    try:
        import bqplot as bq  # half of the widgets' import time: loaded with the first chart
    except Exception:  # noqa: BLE001 - missing, or numpy missing or broken: draw SVG instead
        return None
    return bq


class _BqChart:
    """The bqplot objects of one chart, built once."""

    def __init__(self, spec: ChartSpec, bq: ModuleType) -> None:
        self.spec = spec
        self.x = bq.OrdinalScale() if spec.kind == "bars" else bq.LinearScale()
        self.y = bq.LinearScale(min=0, max=1)
        labels = [render(s) for s in spec.series]
        if spec.kind == "bars":
            self.mark = bq.Bars(x=[""], y=[[0]] * len(labels), scales={"x": self.x, "y": self.y},
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
        self.legend, self.box = chart_box(spec, self.figure)

    def draw(self, data: ChartData) -> None:
        spec = self.spec
        self.figure.title = render(spec.title)  # the words follow the board's language
        self.y_axis.label, self.x_axis.label = render(spec.y_label), render(spec.x_label)
        if spec.kind == "bars":
            with self.mark.hold_sync():
                self.mark.labels = [render(s) for s in spec.series]
                self.mark.x, self.mark.y = data.categories, data.rows
        else:
            xs, keep = data.x, data.rows
            if len(xs) == 1:  # one point (bqplot needs two to draw a line)
                xs, keep = xs + xs, [row + row for row in keep]
            with self.mark.hold_sync():
                self.mark.x = xs
                self.mark.y = keep
                self.mark.colors = [spec.colours[i] for i in data.drawn]
                self.mark.labels = [data.label(i) for i in data.drawn]
                self.mark.opacities = [1.0] * len(keep) if data.shown else [0.0]
            with self.x.hold_sync():
                self.x.min, self.x.max = 0, data.x_max
            self.x_axis.tick_values = data.x_ticks
        with self.y.hold_sync():
            self.y.min, self.y.max = 0, data.y_max
        self.y_axis.tick_values = data.y_ticks
        self.legend.value = data.legend


class Charts(w.Box):
    """The charts the game's adapter declares, live on ``board`` (from the viewer's view).

    ``renderer``: ``"bqplot"``, ``"svg"`` or None (bqplot when it can be imported, else SVG);
    the one used is ``charts.renderer``.
    """

    def __init__(self, board: Board, renderer: str | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)
        if renderer not in (None, *RENDERERS):
            raise ValueError(f"charts are drawn by {' or '.join(RENDERERS)}, not {renderer!r}")
        self.add_class("mp-charts")
        self.layout.flex_flow = "row wrap"
        self.layout.width = "100%"
        self.board = board
        self.specs: list[ChartSpec] = board.session.adapter.charts(board.game,
                                                                  board.snapshot.viewer)
        bq = bqplot_module() if renderer != "svg" else None
        if renderer == "bqplot" and bq is None:
            raise ImportError("bqplot cannot be imported here: draw the charts as SVG "
                              "(renderer='svg')")
        self.renderer = "bqplot" if bq is not None else "svg"
        self.parts: list[_BqChart | SvgChart] = [
            _BqChart(spec, bq) if bq is not None else SvgChart(spec) for spec in self.specs]
        self.children = [p.box for p in self.parts]
        #: the samples by the number of moves played (None: not taken)
        self.samples: list[Sample | None] = []
        self._game_id = id(board.game)
        self._backfill()
        board.session.applied.connect(self._on_apply)
        board.on_sync(self.update)
        self.update()

    def chart(self, chart_id: str) -> Drawn:
        """A chart's drawn data: the bqplot mark, or the SVG chart (``charts.chart("points").y``
        in both)."""
        part = next(p for p in self.parts if p.spec.id == chart_id)
        return part.mark if isinstance(part, _BqChart) else part

    def _sample(self, game: BaseGame) -> Sample:
        return self.board.session.adapter.sample(game.view(self.board.snapshot.viewer))

    def _backfill(self) -> None:
        """Samples for the actions already played (replayed on a copy of the game)."""
        game = self.board.game
        self.samples = []
        try:
            copy = game.copy()
        except (ValueError, TypeError):
            copy = None
        if copy is None or len(copy.history) != len(game.history):
            self._put(game)
            return
        while copy.undo():
            pass
        self._put(copy)
        while copy.redo():
            self._put(copy)

    def _put(self, game: BaseGame) -> None:
        """Sample ``game`` now (after its moves played so far; the later ones are dropped)."""
        i, s = len(game.history), self._sample(game)
        del self.samples[i + 1:]
        while len(self.samples) <= i:
            self.samples.append(None)
        self.samples[i] = s

    def _on_apply(self, game: BaseGame, _events: list[Event]) -> None:
        if game is self.board.game:
            self._put(game)

    def update(self) -> None:
        """Bring the charts up to date with the board's game (after any change)."""
        game = self.board.game
        if id(game) != self._game_id:
            self._game_id = id(game)
            self._backfill()
        i = len(game.history)
        current = self.samples[i] if i < len(self.samples) else None
        if current is None or len(self.samples) != i + 1:
            self._put(game)
            current = self.samples[i]
        assert current is not None
        points = [s for s in self.samples if s is not None]
        xs = [x for x, s in enumerate(self.samples) if s is not None]
        for part in self.parts:
            try:
                part.draw(chart_data(part.spec, points, current, xs))
            except Exception as exc:  # noqa: BLE001 - a chart that cannot draw never stops the board
                part.legend.value = el("div", render(t("This chart could not be drawn ({why}).",
                                                       why=f"{type(exc).__name__}: {exc}")),
                                       cls="mp-chart-note")

    def __repr__(self) -> str:
        return f"Charts({len(self.parts)} charts, {len(self.samples)} samples)"

    def _repr_mimebundle_(self, **kwargs: object) -> MimeBundle:
        return text_bundle(super()._repr_mimebundle_(**kwargs), repr(self))
