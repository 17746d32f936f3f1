"""The Princes of Machu Picchu on the widget shell: its adapter, panels and charts.

The shell finds this package by the game's name (``mp_tutor.widgets.princes``) and uses
``ADAPTER``; nothing in the shell names this game.

>>> ADAPTER.name, sorted(ADAPTER.panels)[:3]
('princes', ['acquire', 'game_over', 'offer'])
"""

from .adapter import ADAPTER, PrincesAdapter
from .panels import PANELS
from .trade import TradePanel

ADAPTER.panels = {**PANELS, TradePanel.kind: TradePanel}

__all__ = ["ADAPTER", "PANELS", "PrincesAdapter", "TradePanel"]
