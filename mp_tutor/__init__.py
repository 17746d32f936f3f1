"""mp-tutor: rules engine and teaching library for The Princes of Machu Picchu.

>>> from mp_tutor import Game
>>> game = Game.new(players=2, seed=1)
>>> game.pending.kind
'place_inca'
"""

from .actions import Action, ActionParseError, action_from_json, parse_action
from .engine import Illegal, IllegalAction
from .events import Event
from .game import Game, LegalActions, Pending
from .rules import RULES, Rule, lookup
from .scoring import Outcome, PlayerScore

__all__ = [
    "Action",
    "ActionParseError",
    "Event",
    "Game",
    "Illegal",
    "IllegalAction",
    "LegalActions",
    "Outcome",
    "Pending",
    "PlayerScore",
    "RULES",
    "Rule",
    "action_from_json",
    "load_scenario",
    "lookup",
    "parse_action",
]


def load_scenario(name_or_path: str) -> Game:
    """Load a scenario by name (see ``mp-tutor scenario list``) or from a TOML file."""
    from .scenarios import load_scenario as _load

    return _load(name_or_path)
