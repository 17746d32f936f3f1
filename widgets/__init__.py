"""Interactive JupyterLab front for mp_tutor: a live board, decision panels, charts.

>>> from mp_tutor import Game
>>> from mp_tutor.widgets import Tutor
>>> tutor = Tutor(Game.new(players=3, seed=1))
>>> tutor
Tutor(3 players, day 2, pending: place_inca Blue, hot-seat)

The engine is the only judge of the rules: widgets draw ``game.view(...)`` and send
the player's intent to ``game.apply(...)``.
"""

from pathlib import Path

from mp_tutor.core.i18n import add_catalogs

from .board import Board, LogView, make_bots
from .tutor import Tutor, show

add_catalogs(Path(__file__).with_name("locale"))

__all__ = ["Board", "LogView", "Tutor", "make_bots", "show"]
