"""The Princes on the widget shell: click targets, the picture, the status line.

The picture and side boards come from :mod:`mp_tutor.princes.svg` (the same drawing as
``Game._repr_svg_``), computed from ``game.view(viewer)``.

>>> from mp_tutor import Game
>>> game = Game.new(players=3, seed=1)
>>> for p in ("coca_planter", "coca_planter", "potter"):
...     _ = game.apply(f"inca {p}")
>>> targets = ADAPTER.targets(game, 0)
>>> len(targets), targets["coca_plantation"].action
(15, Move(to='coca_plantation'))
>>> ADAPTER.click(game, "llamas_meadow", targets)
Act(action=Move(to='llamas_meadow'))
"""

from __future__ import annotations

from collections.abc import Mapping

from mp_tutor.core.actions import Action
from mp_tutor.core.describe import Description
from mp_tutor.core.game import BaseGame
from mp_tutor.core.i18n import Msg, after_colon, render, t
from mp_tutor.core.lessons.model import Chapter
from mp_tutor.princes.actions import Move, PlaceInca, SendToSunClock, Stay
from mp_tutor.princes.data import COLOURS, DISTRICTS, MOON_TILES, PROFESSIONS
from mp_tutor.princes.describe import describe as describe_view
from mp_tutor.princes.districts import AtDistrict
from mp_tutor.princes.moving import TurnOptions
from mp_tutor.princes.svg import INK, PALETTE, cards, initials, map_svg
from mp_tutor.princes.targets import MAP_DECISIONS, DistrictTarget, TargetKind, targets
from mp_tutor.princes.text import amount, colour, district, good, priests, tile_label
from mp_tutor.princes.views import PrincesView

from ..adapter import Act, Ask, Choice, Count, GameAdapter, Refuse, Static
from ..chartdata import ChartSpec, Sample
from .charts import chart_specs, sample
from .words import describe


class PrincesAdapter(GameAdapter[DistrictTarget, PrincesView]):
    """Widgets of *The Princes of Machu Picchu*."""

    name = "princes"

    def static(self, game: BaseGame) -> Static:
        n = game.players
        return Static(tuple(PALETTE[c] for c in COLOURS[:n]), tuple(INK[c] for c in COLOURS[:n]),
                      tuple(initials()[:n]))

    def targets(self, game: BaseGame, player: int | None) -> dict[str, DistrictTarget]:
        return targets(game.pending, game.legal_actions())

    def click(self, game: BaseGame, target: str, targets: Mapping[str, DistrictTarget]
              ) -> Act | Ask | Refuse | None:
        if target not in DISTRICTS:
            return None
        spec = targets.get(target)
        pend = game.pending
        if spec is not None and spec.what is TargetKind.STAY:
            if not spec.stays:
                return Act(Stay(next(iter(MOON_TILES))))  # the engine says why not
            return Ask("stay", render(game.rules["move.stay"].statement), "move.stay",
                       tuple(Choice(render(t("Take {tile}", tile=tile_label(a.tile))), a)
                             for a in spec.stays), target)
        opts = pend.options
        here = opts.here if isinstance(opts, TurnOptions) else None
        if (spec is not None and spec.what is TargetKind.MOVE and spec.cost and spec.action
                and here is not None):  # a move that costs a llama: from where the Prince is
            text = t("The {to} does not border the {here}: moving there costs {cost}.",
                     to=district(target), here=district(here), cost=amount(spec.cost, "llama"))
            label = t("Pay {cost} and move", cost=amount(spec.cost, "llama"))
            return Ask("llama", render(text), "move.llama", (Choice(render(label), spec.action),),
                       target)
        if spec is not None and spec.action is not None:
            return Act(spec.action)
        # not a target: the natural reading of the click, so the engine says why not
        kind = str(pend.kind)
        if game.over:
            return Refuse("engine.over", render(t("The game is over.")))
        if kind not in MAP_DECISIONS:
            opts = pend.options
            where = opts.district if isinstance(opts, AtDistrict) else target
            who = colour(pend.player) if pend.player is not None else t("Nobody")
            return Refuse("engine.turn", render(t(
                "Now {who} answers a question about the {where}: {prompt} Answer it in the panel "
                "beside the board.", who=who, where=district(where),
                prompt=pend.prompt)) if pend.player is not None else render(t(
                "This step is played automatically: press Next.")))
        profession = DISTRICTS[target].profession
        if kind == "place_inca" and profession:
            return Act(PlaceInca(profession))
        if kind == "sun_clock" and DISTRICTS[target].kind == "production":
            return Act(SendToSunClock(target))
        return Act(Move(target))

    def draw(self, view: PrincesView, targets: Mapping[str, DistrictTarget], large: bool = False
             ) -> tuple[str, list[tuple[str, str]]]:
        return (str(map_svg(view, targets, large=large)),
                [(name, str(svg)) for name, svg in cards(view)])

    def counts(self, view: PrincesView) -> list[Count]:
        """Each player's goods, Incas in the supply, Scout, Priests and Virgins, moon tiles and
        Sacrifice Cards (a hand's size is public; which cards, not always)."""
        out = []
        for p, pl in enumerate(view["player"]):
            things = [*((render(good(g)), n) for g, n in pl["goods"].items()),
                      (render(t("Incas in the supply")), pl["supply"]),
                      (render(t("Scout's step")), pl["scout"]),
                      *((render(priests(k)), n) for k, n in pl["priests"].items()),
                      (render(t("moon tiles")), len(pl["moon_tiles"])),
                      (render(t("Sacrifice Cards")), pl["cards"])]
            out += [Count(p, what, int(n)) for what, n in things]
        return out

    def description(self, view: PrincesView) -> Description:
        return describe_view(view)

    def when(self, view: PrincesView) -> str:
        return render(t("Day {day}", day=view["day"]))

    def automatic_status(self, view: PrincesView, prompt: str) -> str:
        return render(t("Night after day {day}: {what} (press Next)", day=view["day"],
                        what=after_colon(prompt)))

    def sample(self, view: PrincesView) -> Sample:
        return sample(view)

    def describe(self, game: BaseGame, action: Action) -> Msg | str:
        return describe(action)

    def coach_target(self, game: BaseGame, action: Action, target: str | None) -> str:
        """The district to highlight: the one entered, the Prince's (a stay), the Inca's."""
        if isinstance(action, Move):
            return action.to
        if isinstance(action, Stay):
            opts = game.pending.options
            return (opts.here or "") if isinstance(opts, TurnOptions) else ""
        if isinstance(action, PlaceInca):
            return PROFESSIONS[action.profession].district
        if isinstance(action, SendToSunClock):
            return action.source or ""
        return ""

    def charts(self, game: BaseGame, viewer: int | None) -> list[ChartSpec]:
        return chart_specs(game.players)

    def lesson_charts(self, chapter: Chapter) -> bool:
        return any(r.startswith(("score.", "end.")) for r in chapter.rules)


ADAPTER = PrincesAdapter()

__all__ = ["ADAPTER", "PrincesAdapter"]
