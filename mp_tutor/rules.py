"""The Princes' rule book (kept here for the public API; see :mod:`mp_tutor.princes.rules`).

>>> RULES["move.not_twice"].section
'FAQ / Moving the Princes'
>>> [r.id for r in lookup("llama stable")][:2]
['trail.stable', 'trail.end_of_turn']
"""

from .core.rules import Rule
from .princes.rules import RULES, lookup, rule

__all__ = ["RULES", "Rule", "lookup", "rule"]
