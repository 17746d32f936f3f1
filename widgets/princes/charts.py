"""The Princes' charts: points if the game ended now, points over the game, the Scouts.

Everything is computed from ``view(viewer)``: a player whose cards the viewer cannot see
is scored on what is visible (the Incatrail and the summit), and the chart says so.

>>> from mp_tutor import Game
>>> game = Game.new(players=2, seed=1)
>>> for p in ("farmer", "shepherd"):
...     _ = game.apply(f"inca {p}")
>>> s = sample(game.view(None))
>>> s["rescue"] == [sc.final for sc in game.score_now("rescue_priests")]
True
>>> s["conquest"] == [sc.final for sc in game.score_now("conquest")]
True
"""

from __future__ import annotations

from mp_tutor.core.i18n import render, t
from mp_tutor.princes.data import COLOURS
from mp_tutor.princes.describe import points
from mp_tutor.princes.svg.style import LINE_COLOURS, SCORE_COLOURS
from mp_tutor.princes.text import colour
from mp_tutor.princes.views import PrincesView

from ..chartdata import ChartSpec, Sample


def sample(view: PrincesView) -> Sample:
    """Scores and Scout progress from one player's view (hidden cards count nothing)."""
    return points(view)


def bar_names(s: Sample) -> list[str]:
    """The players' names under the bars, in the current language (rendered when drawn)."""
    return [render(colour(p)) if not h else render(t("{who} (cards hidden)", who=colour(p)))
            for p, h in enumerate(s["hidden"])]


def chart_specs(players: int) -> list[ChartSpec]:
    """The charts of an ``players``-player game."""
    names = [colour(p) for p in range(players)]
    lines = [LINE_COLOURS[c] for c in COLOURS[:players]]
    return [
        ChartSpec("points", t("Points if the game ended now"), "bars",
                  [t("rescue: victory points"), t("conquest: points x gold multiplier")],
                  SCORE_COLOURS, lambda s, i: s["rescue" if i == 0 else "conquest"],
                  y_label=t("points"), categories=bar_names,
                  note_if_zero=t("Nobody has a point yet: each icon on a Sacrifice Card scores one "
                                 "point per matching piece, and the Scout scores past the "
                                 "Granary.")),
        ChartSpec("rescue", t("Victory points over the game"), "lines", names, lines,
                  lambda s, i: s["rescue"][i], y_label=t("points"), x_label=t("moves played"),
                  note_if_zero=t("No points yet: each icon on a Sacrifice Card scores one point "
                                 "per matching piece, and the Scout scores past the Granary.")),
        ChartSpec("scouts", t("Scouts on the Incatrail"), "lines", names, lines,
                  lambda s, i: s["progress"][i], y_label=t("steps walked"),
                  x_label=t("moves played"),
                  note_if_zero=t("No Scout has walked yet.")),
    ]


__all__ = ["bar_names", "chart_specs", "sample"]
