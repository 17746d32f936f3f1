"""Charts drawn as SVG in Python, where bqplot cannot be imported (the browser's Python).

The same :class:`~mp_tutor.widgets.chartdata.ChartData` as the bqplot charts, drawn like the
board: a picture computed in Python and shown in an HTML widget (the browser only puts it
in). Title, axes with whole-number ticks and their labels, lines with markers or grouped
bars; the legend (or the "never left zero" note) is the same line under the chart. Every
text is rendered in the current language and escaped; the picture is ``role="img"`` with
a text alternative (its title and every value shown), and each series carries its values
as ``data-values`` (what tests and tools read).

>>> from mp_tutor.core.i18n import t
>>> from mp_tutor.widgets.chartdata import ChartSpec, chart_data
>>> spec = ChartSpec("pts", t("Points"), "lines", ["<Blue>"], ["#0072B2"],
...                  lambda s, i: s["v"][i], y_label="points")
>>> samples = [{"v": [0]}, {"v": [2]}]
>>> svg = chart_svg(chart_data(spec, samples, samples[-1]))
>>> 'role="img"' in svg, 'data-values="0 2"' in svg, "&lt;Blue&gt;" in svg, "<Blue>" in svg
(True, True, True, False)
"""

from __future__ import annotations

import ipywidgets as w

from mp_tutor.core.i18n import render, t
from mp_tutor.core.markup import SVG_NS, Markup, el, join

from .chartdata import ChartData, ChartSpec
from .layout import CHART_MARGIN, PX, SVG_CHART, SVG_CHART_INK

__all__ = ["SvgChart", "chart_box", "chart_svg", "describe"]

#: the sizes (``widgets/layout.py``)
L = SVG_CHART
INK = SVG_CHART_INK


def number(v: float) -> str:
    """A value as the chart says it: whole numbers without a decimal point."""
    return str(int(v)) if float(v).is_integer() else str(round(v, 1))


def describe(data: ChartData) -> str:
    """The chart in words (its text alternative): every value it shows.

    >>> from mp_tutor.widgets.chartdata import ChartSpec, chart_data
    >>> spec = ChartSpec("b", "Points", "bars", ["rescue"], ["#000"], lambda s, i: s["v"],
    ...                  categories=lambda s: ["Blue", "Red"])
    >>> describe(chart_data(spec, [{"x": 0, "v": [3, 0]}], {"x": 0, "v": [3, 0]}))
    'Points. rescue: Blue 3, Red 0.'
    """
    spec = data.spec
    parts = [render(spec.title) + "."]
    if not data.shown:
        parts.append(render(spec.note_if_zero) if spec.note_if_zero else "")
    elif spec.kind == "bars":
        for i in data.shown:
            values = ", ".join(f"{c} {number(v)}" for c, v in zip(data.categories, data.rows[i],
                                                                      strict=False))
            parts.append(render(t("{series}: {values}.", series=data.label(i), values=values)))
    else:
        values = ", ".join(f"{data.label(i)} {number(row[-1])}"
                           for i, row in zip(data.drawn, data.rows, strict=True))
        parts.append(render(t("After {n} moves played: {values}.", n=data.x[-1], values=values)))
    return " ".join(p for p in parts if p)


class _Frame:
    """Where the plot area is, and where a value goes."""

    def __init__(self, data: ChartData) -> None:
        self.left, self.top = CHART_MARGIN["left"], CHART_MARGIN["top"]
        self.right, self.bottom = L["width"] - L["right"], L["height"] - CHART_MARGIN["bottom"]
        self.y_max = max(1, data.y_max)
        self.x_max = max(1, data.x_max)

    def y(self, v: float) -> float:
        return self.bottom - (self.bottom - self.top) * v / self.y_max

    def x(self, v: float) -> float:
        return self.left + (self.right - self.left) * v / self.x_max


def _text(x: float, y: float, text: str | int | Markup, size: float = L["text_size"],
          anchor: str = "middle", **more: str) -> Markup:
    return el("text", text, x=round(x, 1), y=round(y, 1), font_size=size, text_anchor=anchor,
              fill=INK["text"], style=INK["font"], **more)


def _axes(data: ChartData, f: _Frame) -> list[Markup]:
    spec = data.spec
    out = [el("line", x1=f.left, y1=f.bottom, x2=f.right, y2=f.bottom, stroke=INK["axis"]),
           el("line", x1=f.left, y1=f.top, x2=f.left, y2=f.bottom, stroke=INK["axis"])]
    for v in data.y_ticks:
        y = round(f.y(v), 1)
        if v:
            out.append(el("line", x1=f.left, y1=y, x2=f.right, y2=y, stroke=INK["grid"]))
        out.append(_text(f.left - L["tick_gap"], y + L["tick_down"], v, anchor="end",
                         cls="mp-y-tick"))
    if spec.kind == "lines":
        for v in data.x_ticks:
            if v <= data.x_max:
                out.append(_text(f.x(v), f.bottom + L["below_axis"], v, cls="mp-x-tick"))
    mid_y, at = round((f.top + f.bottom) * 0.5), L["y_label_x"]
    out.append(_text(at, mid_y, render(spec.y_label), transform=f"rotate({L['y_label_turn']:g} {at:g} {mid_y})"))
    out.append(_text((f.left + f.right) * 0.5, L["height"] - L["x_label_up"], render(spec.x_label)))
    return out


def _lines(data: ChartData, f: _Frame) -> list[Markup]:
    out = []
    for i, row in zip(data.drawn, data.rows, strict=True):
        if i not in data.shown:
            continue  # nothing left zero: no flat line (the note says so)
        colour = data.spec.colours[i]
        points = [(round(f.x(x), 1), round(f.y(v), 1)) for x, v in zip(data.x, row, strict=True)]
        marks = [el("polyline", points=" ".join(f"{x},{y}" for x, y in points), fill="none",
                    stroke=colour, stroke_width=L["line_width"])] if len(points) > 1 else []
        if len(points) <= L["markers_up_to"]:
            marks += [el("circle", cx=x, cy=y, r=L["marker_radius"], fill=colour)
                      for x, y in points]
        out.append(el("g", *marks, cls="mp-chart-series", data_series=data.label(i),
                      data_values=" ".join(number(v) for v in row)))
    return out


def _bars(data: ChartData, f: _Frame) -> list[Markup]:
    cats, series = data.categories, len(data.rows)
    group = (f.right - f.left) / max(1, len(cats))
    bar = group * L["bar_share"] / max(1, series)
    gap = group * (1 - L["bar_share"]) * 0.5
    out = [_text(f.left + group * (k + 0.5), f.bottom + L["below_axis"], c,
                 size=L["category_size"], cls="mp-category") for k, c in enumerate(cats)]
    for i, row in enumerate(data.rows):
        colour = data.spec.colours[i]
        rects = []
        for k, v in enumerate(row):
            x = f.left + group * k + gap + bar * i
            top = f.y(v)
            rects.append(el("rect", el("title", f"{cats[k] if k < len(cats) else ''} · "
                                                f"{data.label(i)}: {number(v)}"),
                            x=round(x, 1), y=round(top, 1), width=round(bar, 1),
                            height=round(f.bottom - top, 1), fill=colour))
        out.append(el("g", *rects, cls="mp-chart-series", data_series=data.label(i),
                      data_values=" ".join(number(v) for v in row)))
    return out


def chart_svg(data: ChartData) -> Markup:
    """The chart as one SVG picture (text alternative included)."""
    f = _Frame(data)
    title = render(data.spec.title)
    marks = _bars(data, f) if data.spec.kind == "bars" else _lines(data, f)
    alt = describe(data)
    return el("svg", el("title", title), el("desc", alt),
              _text(L["width"] * 0.5, L["title_y"], title, size=L["title_size"],
                    font_weight="bold", cls="mp-chart-title"),
              join(_axes(data, f)), el("g", join(marks), cls="mp-chart-marks",
                                       data_x=" ".join(str(x) for x in data.along)),
              xmlns=SVG_NS, viewBox=f"0 0 {L['width']:g} {L['height']:g}",
              width="100%", role="img", aria_label=alt, cls=f"mp-chart-svg mp-chart-{data.spec.id}",
              style=f"max-height:{PX['chart_height']};display:block")


def chart_box(spec: ChartSpec, figure: w.DOMWidget) -> tuple[w.HTML, w.VBox]:
    """The legend and the box of one chart around its ``figure`` (either renderer's)."""
    figure.add_class("mp-chart-figure")
    figure.add_class(f"mp-chart-{spec.id}")
    legend = w.HTML()
    legend.add_class("mp-chart-legend")
    box = w.VBox([figure, legend], layout=w.Layout(flex="1 1 " + PX["chart_width"],
                                                   min_width="0", max_width="560px"))
    box.add_class("mp-chart")
    return legend, box


class SvgChart:
    """One chart drawn as SVG: the picture and the legend under it (like the bqplot one)."""

    def __init__(self, spec: ChartSpec) -> None:
        self.spec = spec
        self.data: ChartData | None = None
        self.figure = w.HTML()
        self.legend, self.box = chart_box(spec, self.figure)

    @property
    def x(self) -> list[int] | list[str]:
        """The x values drawn (like a bqplot mark's ``x``)."""
        return self.data.along.copy() if self.data else []

    @property
    def y(self) -> list[list[float]]:
        """The rows drawn (like a bqplot mark's ``y``)."""
        return [list(r) for r in self.data.rows] if self.data else []

    def draw(self, data: ChartData) -> None:
        self.data = data
        svg = str(chart_svg(data))
        if self.figure.value != svg:
            self.figure.value = svg
        if self.legend.value != data.legend:
            self.legend.value = str(data.legend)
