"""Machu Picchu (Günter Burkhardt, Piatnik 1999), "the priests game": one game of the tutor.

Four priests of different heights walk on a 5x5 temple grid, pushed one square a round by
numbered direction cards that the players lay, face up or face down, on the four stairs.
Sun squares give sun tokens (plus points), leaving the temple costs a fire token (minus
points), and each player secretly owns two of the four priests.

Its modules follow the rules' chapters (``laying``, ``moving``, ``tokens``, ``rounds``,
``scoring``); ``GAME`` registers it with the tutor (see ``docs/ARCHITECTURE.md``).

>>> game = Game.new(players=2, seed=1)
>>> game.pending.kind, game.pending.rule
('lay', 'ruling.two_players')
>>> GAME.name, GAME.players, sorted(GAME.bots)
('priests', (2, 3, 4), ['random', 'schemer', 'strong'])
>>> GAME.coach.name
'priests'
>>> read_scenario("blocked-priest").title, load_scenario("blocked-priest").pending.kind
('A blocked priest takes nothing', 'lay')
>>> Game.new(players=3, seed=1, first="Red", move_order="pairing").pending.player
2
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

TITLE = t("Machu Picchu (the priests game)")
GAME = GameInfo.of(
    Game,
    title=TITLE,
    bots=dict(BOTS),
    scenarios=LIBRARY,
    notebook_dir="notebooks/priests",
    board_help=t("Lay a card from your hand on a free stair (choose the card, then click the "
                 "stair, or type a move such as `lay 45 south`); answer the first player's "
                 "questions in the decision panel."),
    coach=SUPPORT,
    editing=EDITING,
)

__all__ = ["ActionParseError", "GAME", "Game", "RULES", "TITLE", "action_from_json",
           "load_scenario", "parse_action", "read_scenario"]
