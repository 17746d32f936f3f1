"""The Princes' events (kept here for the public API; see :mod:`mp_tutor.princes.events`).

>>> e = Event("produced", 1, "produce.corn", {"district": "coca_plantation", "count": 2, "good": "coca", "paid": 2})
>>> e.text
'Yellow pays 2 corn and produces 2 coca in the Coca Plantation.'
"""

from .princes.events import PrincesEvent as Event
from .princes.text import colour

__all__ = ["Event", "colour"]
