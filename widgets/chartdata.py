"""What a chart shows, worked out once for every way of drawing it (bqplot or SVG).

A game declares :class:`ChartSpec` objects (a title, the series, how to read a value from a
*sample*); :func:`chart_data` turns a spec and the samples so far into a
:class:`ChartData`: the points or bars, the series that left zero (the others are left
out, and the chart says so instead of drawing a flat line), whole-number ticks and the
legend under the chart. Both renderers (:mod:`mp_tutor.widgets.charts` with bqplot,
:mod:`mp_tutor.widgets.chart_svg` without) draw exactly this.

>>> from mp_tutor.core.i18n import t
>>> spec = ChartSpec("pts", t("Points"), "lines", ["a", "b"], ["#000", "#111"],
...                  lambda s, i: s["v"][i], note_if_zero="none yet")
>>> samples = [{"x": 0, "v": [0, 0]}, {"x": 1, "v": [2, 0]}, {"x": 2, "v": [3, 0]}]
>>> d = chart_data(spec, samples, samples[-1])
>>> d.x, d.shown, d.rows, d.y_ticks, d.x_ticks
([0, 1, 2], [0], [[0.0, 2.0, 3.0]], [0, 1, 2, 3], [0, 1, 2])
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from mp_tutor.core.i18n import render, t
from mp_tutor.core.markup import Markup, el, join

from .layout import CHART_TICKS, NICE_STEPS

__all__ = ["ChartData", "ChartSpec", "chart_data", "integer_ticks"]


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


@dataclass(frozen=True)
class ChartData:
    """What one chart shows now.

    ``x``: the moves played of each sample (lines) or the categories (bars); ``rows``: for
    lines one row of values per series in ``drawn`` (the series that left zero, or only the
    first, not shown, when none did), for bars one row per series (a value per category);
    ``shown``: the series that left zero (in the legend); ``x_max`` and ``x_ticks`` (lines),
    ``y_ticks`` (from 0 to the top of the scale); ``legend``: the line under the chart.
    """

    spec: ChartSpec
    x: list[Any]
    rows: list[list[float]]
    drawn: list[int]
    shown: list[int]
    y_ticks: list[int]
    x_ticks: list[int]
    x_max: int
    legend: Markup

    @property
    def y_max(self) -> int:
        return self.y_ticks[-1]

    def label(self, i: int) -> str:
        """Series ``i``'s name in the current language."""
        return render(self.spec.series[i])


def _legend(spec: ChartSpec, shown: list[int], samples: int) -> Markup:
    if not shown and spec.note_if_zero:
        return el("div", render(spec.note_if_zero), cls="mp-chart-note")
    if spec.kind == "lines" and samples <= 1:
        return el("div", render(t("The lines grow with every move played.")), cls="mp-chart-note")
    return el("div", join([el("span", el("span", "■", style=f"color:{spec.colours[i]}"), " ",
                              render(spec.series[i]), cls="mp-legend-item") for i in shown], "  "))


def chart_data(spec: ChartSpec, samples: list[dict[str, Any]], current: dict[str, Any]
               ) -> ChartData:
    """What ``spec``'s chart shows for ``samples`` (lines) or the ``current`` sample (bars)."""
    if spec.kind == "bars":
        cats = list(spec.categories(current)) if spec.categories else []
        rows = [[float(v) for v in spec.value(current, i)] for i in range(len(spec.series))]
        shown = [i for i, row in enumerate(rows) if any(row)]
        top = max([v for row in rows for v in row] + [1])
        return ChartData(spec, cats, rows, list(range(len(rows))), shown,
                         integer_ticks(0, top), [], 0, _legend(spec, shown, len(samples)))
    xs = [s["x"] for s in samples]
    every = [[float(spec.value(s, i) or 0) for s in samples] for i in range(len(spec.series))]
    shown = [i for i, row in enumerate(every) if any(row)]
    drawn = shown or [0]
    rows = [every[i] for i in drawn]
    top = max([v for row in (rows if shown else []) for v in row] + [1])
    hi = max(xs[-1] if xs else 1, 1)
    return ChartData(spec, xs, rows, drawn, shown, integer_ticks(0, top), integer_ticks(0, hi),
                     hi, _legend(spec, shown, len(samples)))
