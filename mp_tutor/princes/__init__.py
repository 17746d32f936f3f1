"""The Princes of Machu Picchu (Mac Gerdts, 2008): one game of the tutor.

Princes move through the city of Machu Picchu to produce goods, make sacrifices and win
over Priests and Virgins before the Spanish arrive; a module per chapter of the rulebook
(``moving``, ``production``, ``temples``, ``market``, ``trail``, ``night``...) holds its
decisions, and ``GAME`` registers the game with the tutor (see ``docs/ARCHITECTURE.md``).

>>> game = Game.new(players=2, seed=1)
>>> game.pending.kind
'place_inca'
"""

from ..core.i18n import t
from ..core.registry import GameInfo
from .actions import ActionParseError, action_from_json, parse_action
from .bots import BOTS
from .coaching import SUPPORT
from .data import RULES
from .editing import EDITING
from .game import Game
from .scenario import LIBRARY, load_scenario, read_scenario

TITLE = t("The Princes of Machu Picchu")
GAME = GameInfo.of(
    Game,
    title=TITLE,
    bots=dict(BOTS),
    scenarios=LIBRARY,
    notebook_dir="notebooks",
    board_help=t("Click a district to move the Prince whose turn it is; answer the board's "
                 "questions in its decision panel."),
    coach=SUPPORT,
    editing=EDITING,
)

__all__ = ["ActionParseError", "GAME", "Game", "RULES", "TITLE", "action_from_json",
           "load_scenario", "parse_action", "read_scenario"]
