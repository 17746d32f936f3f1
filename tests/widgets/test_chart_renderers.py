"""The charts drawn two ways: bqplot (installed) and SVG (where bqplot cannot be imported).

Both draw the same ``ChartData``; these tests read what each really drew (bqplot's marks
and axes, the SVG's series values, ticks and categories) and compare them over a game,
undo and redo. Without bqplot (``sys.modules["bqplot"] = None`` makes its import fail, as
in the browser where numpy is missing) every board still shows, with SVG charts.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from mp_tutor.widgets import Tutor
from mp_tutor.widgets import chart_svg as chart_svg_module
from mp_tutor.widgets.chart_svg import chart_svg, describe
from mp_tutor.widgets.chartdata import ChartSpec, chart_data
from mp_tutor.widgets.charts import Charts

from mp_tutor import Game
from mp_tutor.core.i18n import render, set_language, t
from mp_tutor.core.markup import escape
from mp_tutor.princes.bots import RandomBot
from mp_tutor.princes.text import colour

SVG = "{http://www.w3.org/2000/svg}"


def drawn_svg(part: Any) -> dict[str, Any]:
    """What an SVG chart shows, read back from its picture."""
    root = ET.fromstring(part.figure.value)
    marks = root.find(f".//{SVG}g[@class='mp-chart-marks']")
    assert marks is not None
    series = [[float(v) for v in g.get("data-values", "").split()]
              for g in root.iter(f"{SVG}g") if g.get("class") == "mp-chart-series"]
    texts = {cls: [e.text for e in root.iter(f"{SVG}text") if e.get("class") == cls]
             for cls in ("mp-y-tick", "mp-x-tick", "mp-category", "mp-chart-title")}
    return {"x": marks.get("data-x", "").split(), "series": series,
            "y_ticks": [int(v) for v in texts["mp-y-tick"]], "categories": texts["mp-category"],
            "title": texts["mp-chart-title"][0], "label": root.get("aria-label"),
            "legend": part.legend.value}


def drawn_bqplot(part: Any) -> dict[str, Any]:
    """What a bqplot chart shows, read from its mark and axes."""
    mark = part.mark
    rows = [mark.y] if getattr(mark.y, "ndim", 2) == 1 else mark.y  # bqplot flattens one row
    ys = [[float(v) for v in row] for row in rows]
    xs = [str(x) for x in mark.x]
    shown = [o > 0 for o in (mark.opacities or [1.0])]
    if part.spec.kind == "lines":
        if len(xs) == 2 and xs[0] == xs[1] and all(r[0] == r[1] for r in ys):
            xs, ys = xs[:1], [r[:1] for r in ys]  # one point, drawn twice for bqplot
        ys = [r for r, s in zip(ys, shown, strict=True) if s]
    return {"x": xs if part.spec.kind == "lines" else [], "series": ys,
            "y_ticks": list(part.y_axis.tick_values), "categories": xs if part.spec.kind == "bars" else [],
            "title": part.figure.title, "legend": part.legend.value}


def same_drawing(bq: Charts, svg: Charts) -> None:
    assert bq.renderer == "bqplot" and svg.renderer == "svg"
    for a, b in zip(bq.parts, svg.parts, strict=True):
        one, other = drawn_bqplot(a), drawn_svg(b)
        for key in ("series", "y_ticks", "categories", "title", "legend"):
            assert one[key] == other[key], (a.spec.id, key, one[key], other[key])
        if a.spec.kind == "lines":
            assert one["x"] == other["x"], a.spec.id
            assert list(a.x_axis.tick_values) == [int(v) for v in b.data.x_ticks]


def test_both_renderers_draw_the_same_data_over_a_game_undo_and_redo() -> None:
    pytest.importorskip("bqplot")
    games = [Game.new(players=3, seed=4), Game.new(players=3, seed=4)]
    tutors = [Tutor(games[0], viewer=None, charts="bqplot"), Tutor(games[1], viewer=None, charts="svg")]
    same_drawing(tutors[0].charts, tutors[1].charts)  # nothing played: notes, one point
    bot = RandomBot(4)
    for _ in range(45):
        action = bot.choose(tutors[0].game)
        for tutor in tutors:
            assert tutor.act(action) or tutor.next(), tutor.error
    same_drawing(tutors[0].charts, tutors[1].charts)
    assert any(drawn_svg(p)["series"] for p in tutors[1].charts.parts)  # something was drawn
    for step in ("undo", "undo", "undo", "redo"):
        for tutor in tutors:
            assert getattr(tutor, step)()
        same_drawing(tutors[0].charts, tutors[1].charts)
    scouts = drawn_svg(tutors[1].charts.parts[2])
    assert len(scouts["x"]) == len(tutors[1].game.history) + 1  # follows undo/redo
    assert [row[-1] for row in scouts["series"]] == [
        float(v) for v in tutors[1].charts.samples[-1]["progress"]]


def test_svg_charts_of_a_finished_game() -> None:
    game = Game.new(players=3, seed=4)
    bot = RandomBot(4)
    while not game.over:
        game.apply(bot.choose(game))
    tutor = Tutor(game, viewer=None, charts="svg")
    assert tutor.charts is not None and tutor.charts.renderer == "svg"
    points = drawn_svg(tutor.charts.parts[0])
    final = tutor.charts.samples[-1]
    assert points["series"] == [[float(v) for v in final["rescue"]],
                                [float(v) for v in final["conquest"]]]
    assert points["categories"] == ["Blue", "Yellow", "Red"]
    assert all(v == int(v) for v in points["y_ticks"]) and points["y_ticks"][0] == 0
    assert max(max(r) for r in points["series"]) <= points["y_ticks"][-1]
    rescue = tutor.charts.chart("rescue")
    assert rescue.x == list(range(len(game.history) + 1))  # the same API as a bqplot mark
    assert "rescue: victory points" in points["legend"] and "mp-legend-item" in points["legend"]


def test_svg_charts_say_when_nothing_left_zero_and_have_a_text_alternative() -> None:
    tutor = Tutor(Game.new(players=3, seed=1), viewer=None, charts="svg")
    rescue = next(p for p in tutor.charts.parts if p.spec.id == "rescue")
    drawn = drawn_svg(rescue)
    assert drawn["series"] == []  # no flat line at zero ...
    assert "No points yet" in drawn["legend"] and "No points yet" in drawn["label"]  # ... said
    root = ET.fromstring(rescue.figure.value)
    assert root.get("role") == "img"
    assert root.find(f"{SVG}title").text == "Victory points over the game"
    assert root.find(f"{SVG}desc").text == drawn["label"]
    scouts = drawn_svg(tutor.charts.parts[2])
    assert scouts["label"].startswith("Scouts on the Incatrail. After 0 moves played: Blue 1")
    assert "The lines grow with every move played." in scouts["legend"]


def test_svg_charts_follow_the_boards_language() -> None:
    tutor = Tutor(Game.new(players=3, seed=1), viewer=None, charts="svg")
    try:
        tutor.board.set_language("fr")
        drawn = drawn_svg(tutor.charts.parts[0])
        assert drawn["title"] == render(t("Points if the game ended now"), "fr") != (
            "Points if the game ended now")
        assert drawn["categories"] == [render(colour(p), "fr") for p in range(3)]
        assert drawn["categories"] == ["Bleu", "Jaune", "Rouge"]
        assert escape(render(t("No points yet: each icon on a Sacrifice Card scores one point "
                               "per matching piece, and the Scout scores past the Granary."),
                             "fr")) in drawn_svg(tutor.charts.parts[1])["legend"]
        tutor.board.set_language("nl")
        assert drawn_svg(tutor.charts.parts[2])["label"].startswith(
            render(t("Scouts on the Incatrail"), "nl"))
    finally:
        set_language("en")


def test_every_text_of_an_svg_chart_is_escaped() -> None:
    evil = "<img src=x onerror=alert(1)>"
    spec = ChartSpec("x\"y", evil, "bars", [evil], ["#000\" onload=\"x"], lambda s, i: s["v"],
                     y_label=evil, x_label=evil, categories=lambda s: [evil, "Red"],
                     note_if_zero=evil)
    for current in ({"v": [3, 0]}, {"v": [0, 0]}):
        data = chart_data(spec, [current], current)
        svg = chart_svg(data)
        assert "<img" not in svg and "onerror=alert" in svg and 'onload="' not in svg
        ET.fromstring(svg)  # well-formed
        assert "<img" not in data.legend
    assert describe(chart_data(spec, [{"v": [3, 0]}], {"v": [3, 0]})).endswith(
        f"{evil}: {evil} 3, Red 0.")  # the text alternative is plain text (escaped in the SVG)


def test_without_bqplot_every_board_shows_with_svg_charts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "bqplot", None)  # import bqplot now raises ImportError
    tutor = Tutor(Game.new(players=3, seed=1))
    assert tutor.charts is not None and tutor.charts.renderer == "svg"
    assert tutor.charts in tutor.children and tutor.act("inca potter")
    with pytest.raises(ImportError, match="renderer='svg'"):
        Charts(tutor.board, renderer="bqplot")
    asked = Tutor(Game.new(players=3, seed=1), charts="bqplot")  # the board all the same
    assert asked.charts is None and "could not be shown" in asked.children[-1].value
    assert asked.act("inca potter")
    with pytest.raises(ValueError, match="charts must be"):
        Tutor(Game.new(players=3, seed=1), charts="png")


def test_a_chart_that_cannot_draw_never_takes_the_board_down(monkeypatch) -> None:
    tutor = Tutor(Game.new(players=3, seed=1), charts="svg")

    def broken(self: Any, data: Any) -> None:
        raise ZeroDivisionError("no")

    monkeypatch.setattr(chart_svg_module.SvgChart, "draw", broken)
    assert tutor.act("inca potter") and not tutor.error
    assert all("could not be drawn (ZeroDivisionError: no)" in p.legend.value
               for p in tutor.charts.parts)

    def cannot_build(self: Any, spec: Any) -> None:
        raise MemoryError("none left")

    monkeypatch.setattr(chart_svg_module.SvgChart, "__init__", cannot_build)
    note = Tutor(Game.new(players=3, seed=1), charts="svg")
    assert note.charts is None and "MemoryError: none left" in note.children[-1].value
    assert note.act("inca potter")


CHAPTERS_WITH_CHARTS = ("01", "07", "12", "13", "14")

NO_BQPLOT = """
import json, sys
sys.modules["bqplot"] = None   # as in the browser: bqplot (numpy) cannot be imported
sys.modules["numpy"] = None
import mp_tutor.widgets
from mp_tutor.widgets import LessonPanel
out = {"bqplot_loaded": "bqplot" in sys.modules and sys.modules["bqplot"] is not None}
for chapter in sys.argv[1:]:
    panel = LessonPanel(chapter, game="princes")
    charts = panel.tutor.charts if panel.tutor is not None else None
    out[chapter] = [panel.board_error, charts.renderer if charts else None,
                    [len(p.figure.value) > 0 for p in charts.parts] if charts else []]
print(json.dumps(out))
"""


def test_the_chapters_with_charts_show_their_board_without_bqplot() -> None:
    """A fresh Python where bqplot and numpy cannot be imported: ``mp_tutor.widgets`` imports,
    and every chapter whose lessons turn charts on shows its board and SVG charts."""
    proc = subprocess.run([sys.executable, "-c", NO_BQPLOT, *CHAPTERS_WITH_CHARTS],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert not out.pop("bqplot_loaded")
    for chapter in CHAPTERS_WITH_CHARTS:
        error, renderer, drawn = out[chapter]
        assert error is None and renderer == "svg" and drawn and all(drawn), (chapter, out[chapter])


def test_the_browsers_python_is_not_asked_for_bqplot() -> None:
    """pyproject.toml: bqplot (and with it numpy) is not required where ``sys_platform`` is
    ``emscripten`` (Pyodide), and is everywhere else."""
    requirements = pytest.importorskip("packaging.requirements")
    project = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml").read_text())
    found = [requirements.Requirement(r) for r in project["project"]["dependencies"]]
    bq = next(r for r in found if r.name == "bqplot")
    assert bq.marker is not None and not bq.marker.evaluate({"sys_platform": "emscripten"})
    assert bq.marker.evaluate({"sys_platform": "linux"})
