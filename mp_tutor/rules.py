"""The Princes' rule book (kept here for the public API; see :data:`mp_tutor.princes.data.RULES`).

>>> RULES["move.not_twice"].section
'FAQ / Moving the Princes'
>>> [r.id for r in lookup("llama stable")][:2]
['trail.stable', 'trail.end_of_turn']
"""

from .core.rules import Rule
from .princes.data import RULES

rule = RULES.__getitem__
lookup = RULES.lookup

__all__ = ["RULES", "Rule", "lookup", "rule"]
