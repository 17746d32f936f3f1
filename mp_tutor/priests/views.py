"""The shape of the priests game's view (``Game.view(viewer)``): what describe, the
pictures, the explanations, the inference and the coach read, declared once.

Every value is JSON (lists, not tuples). ``None`` marks what the viewer may not see (another
player's hand and priest card, a face-down card on a stair, the order of the piles).

>>> from mp_tutor.priests import Game
>>> view: PriestsView = Game.new(players=2, seed=1).view(1)
>>> view["player"][0]["hand"], view["stairs"]["north"]["laid"], view["public"]["set_aside"]
(None, False, 1)
"""

from __future__ import annotations

from typing import TypedDict

from ..core.outcome import OutcomeView
from ..core.views import PendingView
from .state import State

#: a queued decision ``[kind, player, payload]``: a payload is a count or a priest's height
#: (never a card)
QueueEntry = list[str | int | None]


class PublicFields(TypedDict):
    """The public part of the position that the rest of the view leaves out (for search;
    :func:`public_fields` fills it)."""

    queue: list[QueueEntry]
    ending: str | None
    set_aside: int


class Variant(TypedDict):
    """The readings of the two variants (``docs/RULINGS.md``)."""

    move_order: str
    two_players: str


class SunMoonView(TypedDict):
    """The sun/moon card of the round, the cards played, left and (teacher) their order."""

    card: str
    kind: str
    instruction: str
    name: str
    played: list[str]
    left: int
    order: list[str] | None
    set_aside: list[str] | None


class StairView(TypedDict):
    """A stair: whether a card is laid on it, face up, by whom (None: the 3-player deck
    card), and the card if the viewer may see it."""

    laid: bool
    open: bool
    by: int | None
    card: int | None


class PriestView(TypedDict):
    """A priest: its square (None: out of the temple), start square, slots and value."""

    square: str | None
    start: str
    slots: list[list[int]]
    filled: int
    value: int
    best_sun: int


class PlayerView(TypedDict):
    """A player: their hand and priest card where the viewer may see them."""

    colour: str
    cards: int
    hand: list[int] | None
    drawn: int | None
    priest_card: str | None
    priests: list[int] | None


class Tokens(TypedDict):
    """The sun and fire tokens left."""

    sun: list[int]
    fire: list[int]


class ScoreView(TypedDict):
    """One player's score (:class:`~mp_tutor.priests.scoring.PlayerScore`)."""

    player: int
    colour: str
    priest_card: str
    priests: list[int]
    values: list[int]
    score: int
    best_sun: int
    rank: int


class PriestsView(TypedDict):
    """What one player (or the teacher, ``viewer`` None) sees of a game of Machu Picchu."""

    players: int
    viewer: int | None
    variant: Variant
    round: int
    rounds: int
    first: int
    over: bool
    sun_moon: SunMoonView
    stairs: dict[str, StairView]
    order: str | None
    priests: dict[str, PriestView]
    tokens: Tokens
    deck: int
    deck_order: list[int] | None
    removed: list[int]
    player: list[PlayerView]
    pending: PendingView
    outcome: OutcomeView[ScoreView] | None
    hidden_rule: str
    public: PublicFields


def _shown(kind: str, payload: object) -> str | int | None:
    """A queued decision's payload in a view (a count or a priest's height, never a card)."""
    if payload is None or isinstance(payload, int | str):
        return payload
    raise TypeError(f"queued {kind}: its payload {payload!r} has no place in a view")


def public_fields(s: State) -> PublicFields:
    """The public part of the position that the rest of the view leaves out.

    The decisions still queued (who lays the next cards this round, the 3-player deck card,
    the reveal, the order, priests waiting to return; a payload is a count or a priest's
    height, never a card), the ending once the game is over, and how many sun/moon cards
    were set aside unseen at set-up.
    """
    return {
        "queue": [[str(kind), p, _shown(kind, payload)] for kind, p, payload in s.queue],
        "ending": s.ending,
        "set_aside": len(s.set_aside),
    }


__all__ = ["PlayerView", "PriestView", "PriestsView", "PublicFields", "QueueEntry", "ScoreView",
           "StairView", "SunMoonView", "Tokens", "Variant", "public_fields"]
