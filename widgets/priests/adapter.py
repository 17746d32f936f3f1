"""Machu Picchu (the priests game) on the widget shell: click targets, clicks, the picture.

A learner lays a card with two clicks: a card of the hand (the board remembers it, a
:class:`~mp_tutor.widgets.adapter.Select`), then a stair. Face up or face down is not
clicked: the round's sun/moon card says it, and the engine refuses a contradicting choice.
A returning priest whose start square is taken goes on a highlighted square next to it.
The picture and side boards come from :mod:`mp_tutor.priests.svg` (as ``Game._repr_svg_``), drawn
from ``game.view(viewer)``.

>>> from mp_tutor.priests import Game
>>> game = Game.new(players=3, seed=2)
>>> targets = ADAPTER.targets(game, 0)
>>> sorted(targets)[:2], len(targets)
(['card-10', 'card-16'], 8)
>>> ADAPTER.click(game, "card-10", targets)
Select(target='card-10')
>>> targets["card-10"]["selected"] = True
>>> ADAPTER.click(game, "stair-north", targets)
Act(action='lay 10 north')
"""

from __future__ import annotations

from typing import Any

from mp_tutor.core.i18n import render, t
from mp_tutor.core.marks import initials
from mp_tutor.priests.actions import Lay, Order, Place
from mp_tutor.priests.data import COLOURS
from mp_tutor.priests.describe import describe as describe_view
from mp_tutor.priests.svg import INK, PALETTE, picture, side_boards
from mp_tutor.priests.tables import SQUARE_NAMES, STAIRS
from mp_tutor.priests.text import colour, priest, stair

from ..adapter import Act, GameAdapter, Refuse, Select

#: the prefixes of the click targets on the picture
CARD, STAIR, SQUARE = "card-", "stair-", "square-"


def selected_card(targets: dict[str, dict[str, Any]]) -> int | None:
    """The hand card the learner picked (None: none yet)."""
    for key, spec in targets.items():
        if key.startswith(CARD) and spec.get("selected"):
            return int(spec["card"])
    return None


class PriestsAdapter(GameAdapter):
    """Widgets of *Machu Picchu*, the priests game."""

    name = "priests"

    def static(self, game: Any) -> dict[str, Any]:
        return {"palette": [PALETTE[c] for c in COLOURS[:game.players]],
                "ink": [INK[c] for c in COLOURS[:game.players]],
                "initials": initials(COLOURS[:game.players])}

    def targets(self, game: Any, player: int | None) -> dict[str, dict[str, Any]]:
        pend = game.pending
        kind = str(pend.kind)
        out: dict[str, dict[str, Any]] = {}
        if kind in ("lay", "lay_drawn") and player is not None:
            free = set(pend.options.get("stairs", []))
            cards = sorted({a.card for a in game.legal_actions() if isinstance(a, Lay)})
            for card in cards:  # the player's own hand: their legal actions name it
                out[f"{CARD}{card}"] = {"what": "card", "card": card, "action": None}
            drawn = cards[0] if kind == "lay_drawn" and cards else None
            for name in STAIRS:  # the card drawn from the pile goes on a stair in one click
                out[f"{STAIR}{name}"] = {"what": "stair", "stair": name, "free": name in free,
                                         "action": f"lay {drawn} {name}" if drawn else None}
        elif kind == "return_priest":
            h = pend.options["priest"]
            for square in pend.options.get("squares", []):
                out[f"{SQUARE}{square}"] = {"what": "square", "square": square,
                                            "action": f"place {h} {square}"}
        return out

    def click(self, game: Any, target: str, targets: dict[str, dict[str, Any]]
              ) -> Act | Select | Refuse | None:
        if not target.startswith((CARD, STAIR, SQUARE)):
            return None
        spec = targets.get(target)
        pend = game.pending
        kind = str(pend.kind)
        if spec and spec["what"] == "card" and kind == "lay":
            return Select("" if spec.get("selected") else target)
        if spec and spec.get("action"):
            return Act(spec["action"])
        if spec and spec["what"] == "stair":
            card = selected_card(targets)
            if card is None:
                return Refuse(pend.rule, render(t(
                    "First choose the card to lay: click a card of your hand, then the {stair} "
                    "stair.", stair=stair(spec["stair"]))))
            return Act(f"lay {card} {spec['stair']}")  # the engine judges the stair and the face
        # not a target now: the natural reading of the click, or why it means nothing
        if game.over:
            return Refuse("engine.over", render(t("The game is over.")))
        if pend.player is None:
            return Refuse("engine.turn", render(t("This step is played automatically: press Next.")))
        who = colour(pend.player)
        if kind == "return_priest" and target.startswith(SQUARE):
            square = target[len(SQUARE):]
            if square in SQUARE_NAMES:  # the engine says why this square is not allowed
                return Act(f"place {pend.options['priest']} {square}")
        if kind == "order":
            return Refuse(pend.rule, render(t(
                "Every stair holds a card: now {who} chooses the order of the moves, tallest priest "
                "first or smallest first. Answer in the panel beside the board.", who=who)))
        if kind == "return_priest":
            return Refuse(pend.rule, render(t(
                "Now {who} puts {priest} back on a square next to its start square: click a "
                "highlighted square.", who=who, priest=priest(pend.options["priest"]))))
        if kind == "lay_drawn" and spec:  # the card drawn: nothing to pick, a stair to click
            return Refuse(pend.rule, render(t(
                "{who} lays the card drawn from the pile: click a free stair.", who=who)))
        if kind in ("lay", "lay_drawn"):
            return Refuse("engine.turn", render(t(
                "It is {who}'s turn to lay a card; this board does not decide for {who}.", who=who)))
        return Refuse(pend.rule, render(t("There is nothing to click there.")))

    def draw(self, view: dict[str, Any], targets: dict[str, dict[str, Any]]
             ) -> tuple[str, list[tuple[str, str]]]:
        return picture(view, targets), side_boards(view)

    def description(self, view: dict[str, Any]) -> Any:
        return describe_view(view)

    def when(self, view: dict[str, Any]) -> str:
        return render(t("Round {round} of {rounds}", round=view["round"], rounds=view["rounds"]))

    def presentation_text(self, game: Any, events: list[Any]) -> str:
        return " ".join(e.text for e in events)

    def describe(self, game: Any, action: Any) -> Any:
        if isinstance(action, Lay):
            return t("Lay card {card} on the {stair} stair", card=action.card,
                     stair=stair(action.stair))
        if isinstance(action, Order):
            return (t("Move the tallest priest first") if action.first == "tallest"
                    else t("Move the smallest priest first"))
        if isinstance(action, Place):
            return t("Put {priest} back on the highlighted square", priest=priest(action.priest))
        return str(action.notation())

    def coach_target(self, game: Any, action: Any, target: str | None) -> str:
        """The card and its stair (a card laid), the square (a priest put back)."""
        if isinstance(action, Lay):
            return f"{CARD}{action.card} {STAIR}{action.stair}"
        if isinstance(action, Place):
            return f"{SQUARE}{action.square}"
        return ""


ADAPTER = PriestsAdapter()

__all__ = ["ADAPTER", "CARD", "SQUARE", "STAIR", "PriestsAdapter", "selected_card"]
