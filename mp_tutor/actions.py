"""The Princes' actions (kept here for the public API; see :mod:`mp_tutor.princes.actions`).

>>> parse_action("move CO")
Move(to='coca_plantation')
"""

from .core.actions import Action, ActionError
from .princes.actions import (
    ACTION_TYPES,
    Acquire,
    ActionParseError,
    ChooseGoods,
    Continue,
    Move,
    Offer,
    PlaceInca,
    Produce,
    RedeemMoonTiles,
    ReturnCards,
    Sacrifice,
    SendToSunClock,
    SetUpIncas,
    Stay,
    Trade,
    action_from_json,
    district_id,
    parse_action,
)

__all__ = ["ACTION_TYPES", "Acquire", "Action", "ActionError", "ActionParseError", "ChooseGoods",
           "Continue", "Move", "Offer", "PlaceInca", "Produce", "RedeemMoonTiles", "ReturnCards",
           "Sacrifice", "SendToSunClock", "SetUpIncas", "Stay", "Trade", "action_from_json",
           "district_id", "parse_action"]
