"""The Princes' scoring (kept here for the public API; see :mod:`mp_tutor.princes.scoring`).

>>> conquest_multipliers([18, 12, 17, 17])
[3, 1, 2, 2]
"""

from .princes.scoring import (
    ENDING_TEXT,
    Outcome,
    PlayerScore,
    conquest_multipliers,
    icon_pieces,
    outcome,
    scores,
    trail_bonus,
)

__all__ = ["ENDING_TEXT", "Outcome", "PlayerScore", "conquest_multipliers", "icon_pieces",
           "outcome", "scores", "trail_bonus"]
