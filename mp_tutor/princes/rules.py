"""The Princes' rule book: every rule id with its rulebook section and a statement.

Statements live in ``data/rules.toml`` and take their numbers from ``data/game.toml``.

>>> RULES["move.not_twice"].section
'FAQ / Moving the Princes'
>>> RULES["trail.granary"].statement
'Reaching or passing the Granary (step 7) gives 3 corn.'
>>> [r.id for r in lookup("llama stable")][:2]
['trail.stable', 'trail.end_of_turn']
"""

from __future__ import annotations

from ..core.i18n import add_catalogs
from ..core.rules import Rule, RuleBook
from .data import DATA, DATA_DIR

add_catalogs(DATA_DIR.parent / "locale")
RULES_FILE = DATA_DIR / "rules.toml"
RULES: RuleBook = RuleBook.from_file(RULES_FILE, DATA.values)


def rule(rule_id: str) -> Rule:
    """The rule for an id (KeyError if unknown)."""
    return RULES[rule_id]


def lookup(query: str) -> list[Rule]:
    """Rules matching an id (exact or prefix) or all the words of ``query``.

    >>> lookup("move.llama")[0].statement
    'A Prince may move into any other district by paying 1 llama to the bank.'
    >>> len(lookup("zebra crossing"))
    0
    """
    return RULES.lookup(query)


__all__ = ["RULES", "RULES_FILE", "Rule", "lookup", "rule"]
