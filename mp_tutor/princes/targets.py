"""The Princes' click targets: the districts the person deciding may click now, and what for.

A turn, the first Inca and the Sun Clock are answered by a click on the map (each legal
action names its district); any other decision taken in a district (production, setting up
Incas, a house) marks that district, and is answered in the panel. The map
(:mod:`mp_tutor.princes.svg.mapdraw`) draws each :class:`DistrictTarget`, and the widgets'
adapter says what a click on it means.

>>> from mp_tutor.princes.game import Game
>>> game = Game.new(players=3, seed=1)
>>> for p in ("coca_planter", "coca_planter", "potter"):
...     _ = game.apply(f"inca {p}")
>>> found = targets(game.pending, game.legal_actions())
>>> len(found), found["coca_plantation"]
(15, DistrictTarget(action=Move(to='coca_plantation'), selected=False, what=<TargetKind.MOVE: 'move'>, cost=0, stays=(), says=''))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from ..core.actions import Action
from ..core.machine import Pending
from ..core.views import Target
from .actions import Move, PlaceInca, SendToSunClock, Stay
from .data import PROFESSIONS
from .districts import AtDistrict
from .moving import TurnOptions
from .state import Kind


class TargetKind(StrEnum):
    """What a click on a district does now."""

    #: move the Prince there (a move that costs llamas asks first)
    MOVE = "move"
    #: the Prince's own district: stay and take a moon tile (asks which)
    STAY = "stay"
    #: place the first Inca of the district's profession
    PLACE = "place"
    #: send an Inca from there to the Sun Clock
    SEND = "send"
    #: the pending decision is about this district (answered in the panel)
    DECIDE = "decide"
    #: a teacher edits the position: ``says`` what a click does (the studio's editor)
    EDIT = "edit"


@dataclass(frozen=True)
class DistrictTarget(Target):
    """A district the person deciding may click: ``what`` a click does, the llamas a move
    costs, for a stay the moon tiles that may be taken (one action each), and for an edit
    what it does, in words (``says``)."""

    what: TargetKind
    cost: int = 0
    stays: tuple[Stay, ...] = ()
    says: str = ""


#: the decisions answered by a click on the map
MAP_DECISIONS = frozenset({Kind.TURN, Kind.PLACE_INCA, Kind.SUN_CLOCK})


def targets(pending: Pending, legal: Iterable[Action]) -> dict[str, DistrictTarget]:
    """The districts the player of ``pending`` may click, from their legal actions."""
    opts = pending.options
    if pending.kind not in MAP_DECISIONS:
        if isinstance(opts, AtDistrict):
            return {opts.district: DistrictTarget(TargetKind.DECIDE)}
        return {}
    costs = opts.costs if isinstance(opts, TurnOptions) else {}
    out: dict[str, DistrictTarget] = {}
    stays: list[Stay] = []
    for a in legal:
        if isinstance(a, Move):
            out[a.to] = DistrictTarget(TargetKind.MOVE, costs.get(a.to, 0), action=a)
        elif isinstance(a, Stay):
            stays.append(a)
        elif isinstance(a, PlaceInca):
            out[PROFESSIONS[a.profession].district] = DistrictTarget(TargetKind.PLACE, action=a)
        elif isinstance(a, SendToSunClock) and a.source:
            out[a.source] = DistrictTarget(TargetKind.SEND, action=a)
    if isinstance(opts, TurnOptions) and opts.here:
        out[opts.here] = DistrictTarget(TargetKind.STAY, stays=tuple(stays))
    return out


__all__ = ["MAP_DECISIONS", "DistrictTarget", "TargetKind", "targets"]
