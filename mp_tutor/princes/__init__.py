"""The Princes of Machu Picchu (Mac Gerdts, 2008): one game of the tutor.

The package implements the tutor core's game protocol: :class:`Game` (new, pending,
legal_actions, explain, apply, undo/redo, view, outcome, to_json/from_json), the rule book
(``RULES``), the data file with provenance (``data/game.toml``), narration, one module
per rules chapter with a :class:`~mp_tutor.core.machine.Decision` per decision kind, bots
that see ``view(player)`` only, scenarios and chapters.

>>> game = Game.new(players=2, seed=1)
>>> game.pending.kind
'place_inca'
"""

from .actions import ActionParseError, action_from_json, parse_action
from .game import Game
from .rules import RULES, lookup

TITLE = "The Princes of Machu Picchu"

__all__ = ["ActionParseError", "Game", "RULES", "TITLE", "action_from_json", "lookup",
           "parse_action"]
