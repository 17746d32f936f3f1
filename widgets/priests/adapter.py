"""Machu Picchu (the priests game) on the widget shell: click targets, clicks, the picture.

A learner lays a card with two clicks: a card of the hand (the board remembers it, a
:class:`~mp_tutor.widgets.adapter.Select`), then a stair. Face up or face down is not
clicked: the round's sun/moon card says it, and the engine refuses a contradicting choice.
A returning priest whose start square is taken goes on a highlighted square next to it.
The picture and side boards come from :mod:`mp_tutor.priests.svg` (as ``Game._repr_svg_``), drawn
from ``game.view(viewer)``.

>>> from dataclasses import replace
>>> from mp_tutor.priests import Game
>>> game = Game.new(players=3, seed=2)
>>> targets = ADAPTER.targets(game, 0)
>>> sorted(targets)[:2], len(targets)
(['card-10', 'card-16'], 8)
>>> ADAPTER.click(game, "card-10", targets)
Select(target='card-10')
>>> targets["card-10"] = replace(targets["card-10"], selected=True)
>>> ADAPTER.click(game, "stair-north", targets)
Act(action=Lay(card=10, stair='north', face=None))
"""

from __future__ import annotations

from collections.abc import Mapping

from mp_tutor.core.actions import Action
from mp_tutor.core.describe import Description
from mp_tutor.core.events import Event
from mp_tutor.core.game import BaseGame
from mp_tutor.core.i18n import Msg, render, t
from mp_tutor.core.marks import initials
from mp_tutor.priests.actions import Lay, Order, Place
from mp_tutor.priests.data import COLOURS
from mp_tutor.priests.describe import describe as describe_view
from mp_tutor.priests.moving import ReturnOptions
from mp_tutor.priests.svg import INK, PALETTE, picture, side_boards
from mp_tutor.priests.tables import SQUARE_NAMES
from mp_tutor.priests.targets import (
    CARD,
    SQUARE,
    STAIR,
    PlaceTarget,
    TargetKind,
    selected_card,
    targets,
)
from mp_tutor.priests.text import colour, priest, stair
from mp_tutor.priests.views import PriestsView

from ..adapter import Act, GameAdapter, Refuse, Select, Static


class PriestsAdapter(GameAdapter[PlaceTarget, PriestsView]):
    """Widgets of *Machu Picchu*, the priests game."""

    name = "priests"

    def static(self, game: BaseGame) -> Static:
        return Static(tuple(PALETTE[c] for c in COLOURS[:game.players]),
                      tuple(INK[c] for c in COLOURS[:game.players]),
                      tuple(initials(COLOURS[:game.players])))

    def targets(self, game: BaseGame, player: int | None) -> dict[str, PlaceTarget]:
        return targets(game.pending, game.legal_actions())

    def click(self, game: BaseGame, target: str, targets: Mapping[str, PlaceTarget]
              ) -> Act | Select | Refuse | None:
        if not target.startswith((CARD, STAIR, SQUARE)):
            return None
        spec = targets.get(target)
        pend = game.pending
        kind = str(pend.kind)
        if spec is not None and spec.what is TargetKind.CARD and kind == "lay":
            return Select("" if spec.selected else target)
        if spec is not None and spec.action is not None:
            return Act(spec.action)
        if spec is not None and spec.what is TargetKind.STAIR and spec.stair is not None:
            card = selected_card(targets)
            if card is None:
                return Refuse(pend.rule, render(t(
                    "First choose the card to lay: click a card of your hand, then the {stair} "
                    "stair.", stair=stair(spec.stair))))
            return Act(Lay(card, spec.stair))  # the engine judges the stair and the face
        # not a target now: the natural reading of the click, or why it means nothing
        if game.over:
            return Refuse("engine.over", render(t("The game is over.")))
        if pend.player is None:
            return Refuse("engine.turn", render(t("This step is played automatically: press Next.")))
        who = colour(pend.player)
        opts = pend.options
        if isinstance(opts, ReturnOptions) and target.startswith(SQUARE):
            square = target[len(SQUARE):]
            if square in SQUARE_NAMES:  # the engine says why this square is not allowed
                return Act(Place(opts.priest, square))
        if kind == "order":
            return Refuse(pend.rule, render(t(
                "Every stair holds a card: now {who} chooses the order of the moves, tallest priest "
                "first or smallest first. Answer in the panel beside the board.", who=who)))
        if isinstance(opts, ReturnOptions):
            return Refuse(pend.rule, render(t(
                "Now {who} puts {priest} back on a square next to its start square: click a "
                "highlighted square.", who=who, priest=priest(opts.priest))))
        if kind == "lay_drawn" and spec:  # the card drawn: nothing to pick, a stair to click
            return Refuse(pend.rule, render(t(
                "{who} lays the card drawn from the pile: click a free stair.", who=who)))
        if kind in ("lay", "lay_drawn"):
            return Refuse("engine.turn", render(t(
                "It is {who}'s turn to lay a card; this board does not decide for {who}.", who=who)))
        return Refuse(pend.rule, render(t("There is nothing to click there.")))

    def draw(self, view: PriestsView, targets: Mapping[str, PlaceTarget], large: bool = False
             ) -> tuple[str, list[tuple[str, str]]]:
        return picture(view, targets, large=large), side_boards(view)

    def description(self, view: PriestsView) -> Description:
        return describe_view(view)

    def when(self, view: PriestsView) -> str:
        return render(t("Round {round} of {rounds}", round=view["round"], rounds=view["rounds"]))

    def presentation_text(self, game: BaseGame, events: list[Event]) -> str:
        return " ".join(e.text for e in events)

    def describe(self, game: BaseGame, action: Action) -> Msg | str:
        if isinstance(action, Lay):
            return t("Lay card {card} on the {stair} stair", card=action.card,
                     stair=stair(action.stair))
        if isinstance(action, Order):
            return (t("Move the tallest priest first") if action.first == "tallest"
                    else t("Move the smallest priest first"))
        if isinstance(action, Place):
            return t("Put {priest} back on square {square}", priest=priest(action.priest),
                     square=action.square)
        return str(action.notation())

    def coach_target(self, game: BaseGame, action: Action, target: str | None) -> str:
        """The card and its stair (a card laid), the square (a priest put back)."""
        if isinstance(action, Lay):
            return f"{CARD}{action.card} {STAIR}{action.stair}"
        if isinstance(action, Place):
            return f"{SQUARE}{action.square}"
        return ""


ADAPTER = PriestsAdapter()

__all__ = ["ADAPTER", "PriestsAdapter"]
