"""The Princes' rule book: every rule id with its rulebook section and a statement.

Statements live in ``data/rules.toml`` and take their numbers from ``data/game.toml``.

>>> RULES["move.not_twice"].section
'FAQ / Moving the Princes'
>>> RULES["trail.granary"].statement
'Reaching or passing the Granary (step 7) gives 3 corn.'
>>> [r.id for r in lookup("llama stable")][:2]
['trail.stable', 'trail.end_of_turn']
>>> lookup("move.llama")[0].statement
'A Prince may move into any other district by paying 1 llama to the bank.'
>>> len(lookup("zebra crossing"))
0
"""

from __future__ import annotations

from ..core.rules import Rule, RuleBook
from .data import DATA, DATA_DIR

RULES_FILE = DATA_DIR / "rules.toml"
RULES: RuleBook = RuleBook.for_game(DATA_DIR, DATA.values)
#: the rule for an id (KeyError if unknown)
rule = RULES.__getitem__
#: rules matching an id (exact or prefix) or all the words of a query, in any language
lookup = RULES.lookup


__all__ = ["RULES", "RULES_FILE", "Rule", "lookup", "rule"]
