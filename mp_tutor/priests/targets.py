"""The priests game's click targets: what the person deciding may click on the picture now.

A card is laid with two clicks: a card of the hand (picked for the next click), then a
stair. A returning priest whose start square is taken goes on a highlighted square. The
picture (:mod:`mp_tutor.priests.svg`) draws each :class:`PlaceTarget` under its
``data-target`` value (``card-10``, ``stair-north``, ``square-r1c2``), and the widgets'
adapter says what a click on it means.

>>> from mp_tutor.priests.game import Game
>>> game = Game.new(players=3, seed=2)
>>> found = targets(game.pending, game.legal_actions())
>>> sorted(found)[:3], found["stair-north"].stair, selected_card(found)
(['card-10', 'card-16', 'card-22'], 'north', None)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from ..core.actions import Action
from ..core.machine import Pending
from ..core.views import Target
from .actions import Lay, Place
from .laying import LayOptions
from .moving import ReturnOptions
from .state import Kind
from .tables import STAIRS

#: the prefixes of the click targets on the picture
CARD, STAIR, SQUARE = "card-", "stair-", "square-"
#: the decision that lays the card drawn from the pile
DRAWN = Kind.LAY_DRAWN


class TargetKind(StrEnum):
    """What a place of the picture is."""

    #: a card of the player's hand (picked for the next click)
    CARD = "card"
    #: a stair (lays the picked card there)
    STAIR = "stair"
    #: a free square next to a returning priest's start square
    SQUARE = "square"
    #: a teacher edits the position: ``says`` what a click does (the studio's editor)
    EDIT = "edit"


@dataclass(frozen=True)
class PlaceTarget(Target):
    """A place the person deciding may click: a hand ``card``, a ``stair`` (``free``: it holds
    no card yet) or a ``square``; for an edit, what a click does, in words (``says``)."""

    what: TargetKind
    card: int | None = None
    stair: str | None = None
    free: bool = False
    square: str | None = None
    says: str = ""


def targets(pending: Pending, legal: Iterable[Action]) -> dict[str, PlaceTarget]:
    """The places the player of ``pending`` may click, from their legal actions (their own
    hand cards are named only by their own legal actions)."""
    opts = pending.options
    out: dict[str, PlaceTarget] = {}
    if isinstance(opts, LayOptions) and pending.player is not None:
        free = set(opts.stairs)
        cards = sorted({a.card for a in legal if isinstance(a, Lay)})
        for card in cards:  # the player's own hand: their legal actions name it
            out[f"{CARD}{card}"] = PlaceTarget(TargetKind.CARD, card=card)
        # the card drawn from the pile (the variant two_players = "draw") goes on a stair in
        # one click; a card of the hand is picked first
        drawn = cards[0] if pending.kind == DRAWN and cards else None
        for name in STAIRS:
            out[f"{STAIR}{name}"] = PlaceTarget(
                TargetKind.STAIR, stair=name, free=name in free,
                action=Lay(drawn, name) if drawn is not None else None)
    elif isinstance(opts, ReturnOptions):
        for square in opts.squares:
            out[f"{SQUARE}{square}"] = PlaceTarget(TargetKind.SQUARE, square=square,
                                                   action=Place(opts.priest, square))
    return out


def edit_target(place: str, says: str) -> PlaceTarget:
    """A place of the picture (``stair-north``, ``square-r1c2``, a hand's ``card-50``) as an
    edit's click target that ``says`` what a click does (the studio's editor, its marks).

    >>> edit_target("stair-north", "North stair: lay card 50 here").stair
    'north'
    """
    if place.startswith(STAIR):
        return PlaceTarget(TargetKind.EDIT, stair=place[len(STAIR):], says=says)
    if place.startswith(SQUARE):
        return PlaceTarget(TargetKind.EDIT, square=place[len(SQUARE):], says=says)
    if place.startswith(CARD) and place[len(CARD):].isdigit():
        return PlaceTarget(TargetKind.EDIT, card=int(place[len(CARD):]), says=says)
    return PlaceTarget(TargetKind.EDIT, says=says)


def selected_card(targets: Mapping[str, Target]) -> int | None:
    """The hand card the learner picked (None: none yet); in the studio's editor, the card
    the teacher chose to lay."""
    for spec in targets.values():
        if isinstance(spec, PlaceTarget) and spec.card is not None and spec.selected and (
                spec.what in (TargetKind.CARD, TargetKind.EDIT)):
            return spec.card
    return None


__all__ = ["CARD", "SQUARE", "STAIR", "PlaceTarget", "TargetKind", "edit_target", "selected_card",
           "targets"]
