"""The priests game's rule book: every rule id with its section and a statement.

Statements live in ``data/rules.toml`` and take their numbers from ``data/game.toml``.

>>> RULES["move.out"].section
'Déroulement (Playing): sortir du temple (leaving the temple)'
>>> RULES["tokens.centre"].statement
'A priest arriving on the centre (2 suns) takes 2 sun tokens on a sun card and 1 on a moon card.'
>>> [r.id for r in lookup("fire token")][:2]
['setup.tokens', 'move.out']
>>> [r.id for r in lookup("ruling.")][:2]
['ruling.sun_tokens', 'ruling.move_order']
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
