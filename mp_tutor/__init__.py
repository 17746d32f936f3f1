"""mp-tutor: a rules tutor for The Princes of Machu Picchu (and, on the same core, more games).

``from mp_tutor import Game, load_scenario, ...`` gives the Princes (the one place that
names a default game); everything else of the Princes is in :mod:`mp_tutor.princes`
(``actions``, ``bots``, ``data``, ``scenario``, ``scoring``...), the priests game is
:mod:`mp_tutor.priests`, and the tutor core (:mod:`mp_tutor.core`) knows no game: it finds
the games with :func:`mp_tutor.core.registry.get_game`.

>>> from mp_tutor import Game
>>> game = Game.new(players=2, seed=1)
>>> game.pending.kind
'place_inca'
"""

from .core.actions import Action, ActionError
from .core.i18n import get_language, set_language
from .core.machine import LegalActions, Pending
from .core.rules import Illegal, IllegalAction, Rule
from .princes.actions import ActionParseError, action_from_json, parse_action
from .princes.data import RULES
from .princes.events import PrincesEvent as Event
from .princes.game import Game
from .princes.scenario import load_scenario
from .princes.scoring import Outcome, PlayerScore

#: rules matching an id (exact or prefix) or all the words of a query, in any language
lookup = RULES.lookup

__all__ = [
    "Action",
    "ActionError",
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
    "get_language",
    "load_scenario",
    "lookup",
    "parse_action",
    "set_language",
]
