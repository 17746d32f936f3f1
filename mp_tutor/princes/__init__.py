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

from ..core.i18n import t
from ..core.registry import GameInfo
from . import svg
from .actions import ActionParseError, action_from_json, parse_action
from .bots import BOTS
from .coaching import SUPPORT
from .data import DATA
from .game import Game
from .rules import RULES, lookup
from .scenario import LIBRARY, load_scenario, read_scenario

TITLE = t("The Princes of Machu Picchu")
GAME = GameInfo.of(
    Game,
    data=DATA,
    title=TITLE,
    bots=dict(BOTS),
    scenarios=LIBRARY,
    notebook_dir="notebooks",
    board_help=t("Click a district to move the Prince whose turn it is; answer the board's "
                 "questions in its decision panel."),
    svg=svg.board,
    coach=SUPPORT,
)

__all__ = ["ActionParseError", "GAME", "Game", "RULES", "TITLE", "action_from_json",
           "load_scenario", "lookup", "parse_action", "read_scenario"]
