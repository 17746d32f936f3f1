"""The Princes' rules engine: every decision, declared once, run by the tutor core's queue.

Each kind of decision is a :class:`~mp_tutor.core.machine.Decision` in the module of its
rules chapter (the module named by the rule id's prefix). This module only assembles them.

>>> sorted(MACHINE.decisions)[:4]
['acquire', 'draw', 'night', 'offer']
"""

from __future__ import annotations

from ..core.machine import Machine
from .data import COLOURS, RULES
from .events import PrincesEvent
from .flow import end_of_step, is_over
from .houses import ACQUIRE
from .incas import SET_UP_INCAS
from .market import TRADE
from .moving import TURN
from .night import NIGHT, REDEEM_MOON
from .production import PRODUCE
from .setup import PLACE_INCA
from .sunclock import SUN_CLOCK_GOODS, SUN_CLOCK_SEND
from .temples import OFFER, SACRIFICE
from .trail import DRAW, RETURN_CARDS

DECISIONS = (PLACE_INCA, TURN, PRODUCE, SACRIFICE, OFFER, SET_UP_INCAS, ACQUIRE, TRADE,
             SUN_CLOCK_SEND, RETURN_CARDS, REDEEM_MOON, SUN_CLOCK_GOODS, NIGHT, DRAW)

MACHINE = Machine(DECISIONS, RULES, end_of_step, is_over, lambda p: COLOURS[p], PrincesEvent,
                  seating_rule="ruling.seating_order")

__all__ = ["DECISIONS", "MACHINE"]
