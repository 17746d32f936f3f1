"""Interactive JupyterLab front for mp_tutor: a live board, decision panels, charts, lessons.

A game-agnostic shell (board, decision panel host, log, lesson panel, chart plumbing,
presentation mode) and, per game, a subpackage ``mp_tutor.widgets.<game>`` found by the
game's name (:mod:`mp_tutor.widgets.adapter`).

>>> from mp_tutor import Game
>>> from mp_tutor.widgets import Tutor
>>> tutor = Tutor(Game.new(players=3, seed=1))
>>> tutor
Tutor(3 players, day 2, pending: place_inca Blue, hot-seat)

The engine is the only judge of the rules: widgets draw ``game.view(viewer)`` and send
the player's intent to ``game.apply(...)``.
"""

from pathlib import Path

from mp_tutor.core.i18n import add_catalogs

from .board import Board, LogView, SideView, make_bots
from .charts import Charts
from .lesson_panel import LessonPanel
from .panels import DecisionPanel
from .tutor import Tutor, show

add_catalogs(Path(__file__).with_name("locale"))

__all__ = ["Board", "Charts", "DecisionPanel", "LessonPanel", "LogView", "SideView", "Tutor",
           "make_bots", "show"]
