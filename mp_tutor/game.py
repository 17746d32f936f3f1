"""The Princes' game object (kept here for the public API; see :mod:`mp_tutor.princes.game`)."""

from .core.machine import LegalActions, Pending
from .core.rules import Illegal, IllegalAction
from .princes.game import Game

__all__ = ["Game", "Illegal", "IllegalAction", "LegalActions", "Pending"]
