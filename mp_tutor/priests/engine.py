"""The priests game's rules engine: every decision, declared once, run by the core's queue.

Each kind of decision is a :class:`~mp_tutor.core.machine.Decision` in the module of its
rules chapter (the module named by the rule id's prefix). This module only assembles them.

>>> sorted(MACHINE.decisions)
['deck_card', 'draw', 'lay', 'lay_drawn', 'order', 'return_priest', 'returns', 'reveal']
"""

from __future__ import annotations

from ..core.machine import Machine
from .data import COLOURS, RULES
from .events import PriestsEvent
from .laying import DECK_CARD, DRAW, LAY, LAY_DRAWN, REVEAL
from .moving import ORDER, RETURN_PRIEST, RETURNS
from .rounds import end_of_step, is_over

DECISIONS = (LAY, DRAW, LAY_DRAWN, DECK_CARD, REVEAL, ORDER, RETURNS, RETURN_PRIEST)

MACHINE = Machine(DECISIONS, RULES, end_of_step, is_over, lambda p: COLOURS[p], PriestsEvent)

__all__ = ["DECISIONS", "MACHINE"]
