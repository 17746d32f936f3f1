"""Machu Picchu (the priests game) on the widget shell: its adapter and panels.

The shell finds this package by the game's name (``mp_tutor.widgets.priests``) and uses
``ADAPTER``; nothing in the shell names this game.

>>> ADAPTER.name, sorted(ADAPTER.panels)
('priests', ['game_over', 'lay', 'lay_drawn', 'order', 'return_priest'])
"""

from .adapter import ADAPTER, PriestsAdapter
from .panels import PANELS

ADAPTER.panels = dict(PANELS)

__all__ = ["ADAPTER", "PANELS", "PriestsAdapter"]
