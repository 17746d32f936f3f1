"""The Princes on the widget shell: click targets, the picture, the status line.

The picture and side boards come from :mod:`mp_tutor.princes.svg` (the same drawing as
``Game._repr_svg_``), computed from ``game.view(viewer)``.

>>> from mp_tutor import Game
>>> game = Game.new(players=3, seed=1)
>>> for p in ("coca_planter", "coca_planter", "potter"):
...     _ = game.apply(f"inca {p}")
>>> targets = ADAPTER.targets(game, 0)
>>> len(targets), targets["coca_plantation"]["action"]
(15, 'move coca_plantation')
"""

from __future__ import annotations

from typing import Any

from mp_tutor.core.actions import Action
from mp_tutor.core.i18n import after_colon, render, t
from mp_tutor.princes.actions import Move, PlaceInca, SendToSunClock, Stay
from mp_tutor.princes.data import COLOURS, DISTRICTS, MOON_TILES, PROFESSIONS
from mp_tutor.princes.describe import describe as describe_view
from mp_tutor.princes.svg import INK, PALETTE, cards, initials, map_svg
from mp_tutor.princes.text import amount, colour, district, tile_label

from ..adapter import Act, Ask, GameAdapter, Refuse
from .charts import chart_specs, sample
from .words import describe


class PrincesAdapter(GameAdapter):
    """Widgets of *The Princes of Machu Picchu*."""

    name = "princes"

    def static(self, game: Any) -> dict[str, Any]:
        n = game.players
        return {"palette": [PALETTE[c] for c in COLOURS[:n]], "ink": [INK[c] for c in COLOURS[:n]],
                "initials": initials()[:n]}

    def targets(self, game: Any, player: int | None) -> dict[str, dict[str, Any]]:
        pend = game.pending
        kind = str(pend.kind)
        opts = pend.options
        out: dict[str, dict[str, Any]] = {}
        if kind not in ("turn", "place_inca", "sun_clock"):
            where = opts.get("district")
            if where:
                out[where] = {"what": "decide", "action": None, "cost": 0}
            return out
        costs = opts.get("costs", {})
        stays = []
        for a in game.legal_actions():
            name = type(a).__name__
            if name == "Move":
                out[a.to] = {"what": "move", "action": a.notation(), "cost": costs.get(a.to, 0)}
            elif name == "Stay":
                stays.append(a.tile)
            elif name == "PlaceInca":
                out[PROFESSIONS[a.profession].district] = {"what": "place", "action": a.notation(),
                                                           "cost": 0}
            elif name == "SendToSunClock" and a.source:
                out[a.source] = {"what": "send", "action": a.notation(), "cost": 0}
        here = opts.get("from")
        if kind == "turn" and here:
            out[here] = {"what": "stay", "action": None, "cost": 0, "tiles": stays}
        return out

    def click(self, game: Any, target: str, targets: dict[str, dict[str, Any]]
              ) -> Act | Ask | Refuse | None:
        if target not in DISTRICTS:
            return None
        spec = targets.get(target)
        pend = game.pending
        if spec and spec["what"] == "stay":
            tiles = spec.get("tiles") or []
            if not tiles:
                return Act(f"stay {next(iter(MOON_TILES))}")  # the engine says why not
            return Ask("stay", render(game.rules["move.stay"].statement), "move.stay",
                       [(render(t("Take {tile}", tile=tile_label(x))), f"stay {x}") for x in tiles],
                       target)
        if spec and spec["what"] == "move" and spec["cost"]:
            here = pend.options.get("from")
            text = t("The {to} does not border the {here}: moving there costs {cost}.",
                     to=district(target), here=district(here), cost=amount(spec["cost"], "llama"))
            label = t("Pay {cost} and move", cost=amount(spec["cost"], "llama"))
            return Ask("llama", render(text), "move.llama", [(render(label), spec["action"])], target)
        if spec and spec.get("action"):
            return Act(spec["action"])
        # not a target: the natural reading of the click, so the engine says why not
        kind = str(pend.kind)
        if game.over:
            return Refuse("engine.over", render(t("The game is over.")))
        if kind not in ("turn", "place_inca", "sun_clock"):
            who = colour(pend.player) if pend.player is not None else t("Nobody")
            return Refuse("engine.turn", render(t(
                "Now {who} answers a question about the {where}: {prompt} Answer it in the panel "
                "beside the board.", who=who, where=district(pend.options.get("district") or target),
                prompt=pend.prompt)) if pend.player is not None else render(t(
                "This step is played automatically: press Next.")))
        profession = DISTRICTS[target].profession
        if kind == "place_inca" and profession:
            return Act(f"inca {profession}")
        if kind == "sun_clock" and DISTRICTS[target].kind == "production":
            return Act(f"sunclock {target}")
        return Act(f"move {target}")

    def draw(self, view: dict[str, Any], targets: dict[str, dict[str, Any]]
             ) -> tuple[str, list[tuple[str, str]]]:
        return str(map_svg(view, targets)), [(name, str(svg)) for name, svg in cards(view)]

    def description(self, view: dict[str, Any]) -> Any:
        return describe_view(view)

    def when(self, view: dict[str, Any]) -> str:
        return render(t("Day {day}", day=view["day"]))

    def automatic_status(self, view: dict[str, Any], prompt: str) -> str:
        return render(t("Night after day {day}: {what} (press Next)", day=view["day"],
                        what=after_colon(prompt)))

    def sample(self, view: dict[str, Any]) -> dict[str, Any]:
        return sample(view)

    def describe(self, game: Any, action: Action) -> Any:
        return describe(action)

    def coach_target(self, game: Any, action: Action, target: str | None) -> str:
        """The district to highlight: the one entered, the Prince's (a stay), the Inca's."""
        if isinstance(action, Move):
            return action.to
        if isinstance(action, Stay):
            return str(game.pending.options.get("from") or "")
        if isinstance(action, PlaceInca):
            return PROFESSIONS[action.profession].district
        if isinstance(action, SendToSunClock):
            return action.source or ""
        return ""

    def charts(self, game: Any, viewer: int | None) -> list[Any]:
        return chart_specs(game.players)

    def lesson_charts(self, chapter: Any) -> bool:
        return any(r.startswith(("score.", "end.")) for r in chapter.rules)


ADAPTER = PrincesAdapter()

__all__ = ["ADAPTER", "PrincesAdapter"]
