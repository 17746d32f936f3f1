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
>>> samples = [{"v": [0, 0]}, {"v": [2, 0]}, {"v": [3, 0]}]
>>> d = chart_data(spec, samples, samples[-1])
>>> d.x, d.shown, d.rows, d.y_ticks, d.x_ticks
([0, 1, 2], [0], [[0.0, 2.0, 3.0]], [0, 1, 2, 3], [0, 1, 2])
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeAlias

from mp_tutor.core.i18n import Msg, Term, render, t
from mp_tutor.core.markup import Markup, el, join

from .layout import CHART_TICKS, NICE_STEPS

__all__ = ["ChartData", "ChartSpec", "Sample", "chart_data", "integer_ticks"]

#: the charted numbers of one position (a game adapter's ``sample(view)``): by name, a
#: number for each player or series
Sample: TypeAlias = "Mapping[str, Sequence[float]]"


@dataclass(frozen=True)
class ChartSpec:
    """One chart: ``kind`` ``"lines"`` (a value per series over the game) or ``"bars"`` (now).

    ``value(sample, i)`` reads series ``i`` from a sample; for bars, ``categories(sample)``
    names the bars and ``value`` returns one number per category. The words (``title``,
    ``series``, the labels, the note) are messages, rendered when drawn.
    """

    id: str
    title: Msg | str
    kind: str
    series: Sequence[Msg | Term | str]
    colours: list[str]
    value: Callable[[Sample, int], float | Sequence[float]]
    y_label: Msg | str = ""
    x_label: Msg | str = ""
    categories: Callable[[Sample], list[str]] | None = None
    note_if_zero: Msg | str = ""


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

    ``x``: the moves played of each sample (lines), ``categories`` the bars'; ``rows``: for
    lines one row of values per series in ``drawn`` (the series that left zero, or only the
    first, not shown, when none did), for bars one row per series (a value per category);
    ``shown``: the series that left zero (in the legend); ``x_max`` and ``x_ticks`` (lines),
    ``y_ticks`` (from 0 to the top of the scale); ``legend``: the line under the chart.
    """

    spec: ChartSpec
    x: list[int]
    categories: list[str]
    rows: list[list[float]]
    drawn: list[int]
    shown: list[int]
    y_ticks: list[int]
    x_ticks: list[int]
    x_max: int
    legend: Markup

    @property
    def along(self) -> list[int] | list[str]:
        """What the x axis shows: the moves played (lines) or the categories (bars)."""
        return self.categories if self.spec.kind == "bars" else self.x

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


def _numbers(value: float | Sequence[float]) -> list[float]:
    """A bar chart's series: one number per category."""
    if not isinstance(value, Sequence):
        raise TypeError("a bar chart's value is a number per category")
    return [float(v) for v in value]


def _number(value: float | Sequence[float]) -> float:
    """A line's value (None or nothing: 0)."""
    if isinstance(value, (int, float)):
        return float(value)
    if not value:
        return 0.0
    raise TypeError("a line's value is one number")


def chart_data(spec: ChartSpec, samples: Sequence[Sample], current: Sample,
               xs: Sequence[int] | None = None) -> ChartData:
    """What ``spec``'s chart shows for ``samples`` (lines: taken after ``xs`` moves, by
    default 0, 1, 2...) or the ``current`` sample (bars)."""
    if spec.kind == "bars":
        cats = list(spec.categories(current)) if spec.categories else []
        rows = [_numbers(spec.value(current, i)) for i in range(len(spec.series))]
        shown = [i for i, row in enumerate(rows) if any(row)]
        top = max([v for row in rows for v in row] + [1])
        return ChartData(spec, [], cats, rows, list(range(len(rows))), shown,
                         integer_ticks(0, top), [], 0, _legend(spec, shown, len(samples)))
    moves = list(xs) if xs is not None else list(range(len(samples)))
    every = [[_number(spec.value(s, i)) for s in samples] for i in range(len(spec.series))]
    shown = [i for i, row in enumerate(every) if any(row)]
    drawn = shown or [0]
    rows = [every[i] for i in drawn]
    top = max([v for row in (rows if shown else []) for v in row] + [1])
    hi = max(moves[-1] if moves else 1, 1)
    return ChartData(spec, moves, [], rows, drawn, shown, integer_ticks(0, top), integer_ticks(0, hi),
                     hi, _legend(spec, shown, len(samples)))
