"""Scoring: victory points, gold, the Spanish conquest multipliers and the tie-break.

Owns the rule ids ``score.*`` and the rulings on second most gold and the goods tie-break.

>>> conquest_multipliers([18, 12, 17, 17])
[3, 1, 2, 2]
>>> conquest_multipliers([10, 10, 4])
[3, 3, 2]
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, ClassVar

from ..core.i18n import Msg, Term, render, t
from ..core.outcome import BaseOutcome, text_table
from .data import CARDS, COLOURS, DATA, PROFESSIONS
from .state import Ending, State
from .tables import PRIEST_INDEX, PROFESSION_DISTRICT, goods_units
from .views import ScoreView

if TYPE_CHECKING:  # a JSON value, for annotations only
    pass

#: the rules a score follows (for the coach's reasons)
RULE_ICONS, RULE_TRAIL, RULE_GOLD, RULE_MULTIPLIER = (
    "score.icons", "score.trail", "score.gold", "score.multiplier")

ENDING_TEXT: dict[str, Msg] = {
    Ending.RESCUE_PRIESTS: t("Machu Picchu is rescued (all Priests and Virgins acquired)"),
    Ending.RESCUE_CARDS: t("Machu Picchu is rescued (the Sacrifice Card deck is exhausted)"),
    Ending.CONQUEST: t("the Spanish conquer Machu Picchu after day {day}", day=DATA.last_day),
}


@dataclass(frozen=True)
class PlayerScore:
    """One player's score breakdown."""

    player: int
    colour: str
    icon_vp: dict[str, int]  # icon -> VP (icons on cards x matching pieces)
    trail_vp: int
    summit_vp: int
    vp: int
    card_gold: int
    gold: int  # card gold + trail bonus
    multiplier: int  # 1 in a rescue
    final: int
    goods_units: int
    rank: int = 0

    def to_json(self) -> ScoreView:
        return {"player": self.player, "colour": self.colour, "icon_vp": dict(self.icon_vp),
                "trail_vp": self.trail_vp, "summit_vp": self.summit_vp, "vp": self.vp,
                "card_gold": self.card_gold, "gold": self.gold, "multiplier": self.multiplier,
                "final": self.final, "goods_units": self.goods_units, "rank": self.rank}


@dataclass(frozen=True)
class Outcome(BaseOutcome[ScoreView]):
    """How the game ended and everyone's score."""

    ending: str  # rescue_priests | rescue_cards | conquest
    scores: list[PlayerScore] = field(default_factory=list)
    ending_text: ClassVar[dict[str, Msg]] = ENDING_TEXT

    def report(self) -> str:
        """The ending and each player's score breakdown, one line each."""
        lines = [render(t("Ending: {ending}.", ending=ENDING_TEXT[self.ending]))]
        width = max(7, *(len(render(Term("colour", sc.colour))) for sc in self.scores))
        for sc in self.scores:
            icons = ", ".join(f"{render(_icon(k))} {v}" for k, v in sc.icon_vp.items())
            lines.append(render(t(
                "{player} rank {rank}: final score {final} = {vp} VP ({icons}; trail {trail}; summit "
                "{summit}) x{multiplier}; gold {gold}; goods {goods}",
                player=render(Term("colour", sc.colour)).ljust(width), rank=sc.rank,
                final=sc.final, vp=sc.vp, icons=icons or t("no icons"), trail=sc.trail_vp,
                summit=sc.summit_vp, multiplier=sc.multiplier, gold=sc.gold,
                goods=sc.goods_units)))
        return "\n".join(lines)

    def table(self) -> str:
        """A plain-text score table (headings and players' names in the current language,
        the headings of the board's score card)."""
        head = [t("player"), t("VP"), t("gold"), t("multiplier"), t("final"), t("goods"),
                t("rank")]
        return text_table(head, [[Term("colour", sc.colour), sc.vp, sc.gold,
                                  f"x{sc.multiplier}", sc.final, sc.goods_units, sc.rank]
                                 for sc in self.scores])


def _icon(icon: str) -> Term:
    """A card's icon by its name: a profession or a kind of Priest/Virgin."""
    return Term("profession", icon) if icon in PROFESSIONS else Term("priest", icon)


def trail_bonus(pos: int) -> int:
    """VP (and gold) for a Scout's position: 1 from the Granary, 2 from the Llama Stable.

    >>> trail_bonus(6), trail_bonus(7), trail_bonus(12), trail_bonus(13), trail_bonus(19), trail_bonus(0)
    (0, 1, 1, 2, 2, 0)
    """
    tr = DATA.trail
    if pos >= tr["stable"]:
        return tr["stable_vp"]
    if pos >= tr["granary"]:
        return tr["granary_vp"]
    return 0


def icon_pieces(s: State, p: int, icon: str) -> int:
    """How many of ``p``'s pieces an icon counts: Incas in its district, or Priests/Virgins."""
    if icon in PROFESSIONS:
        return s.incas[p][PROFESSION_DISTRICT[icon]]
    return s.priests[p][PRIEST_INDEX[icon]]


def conquest_multipliers(golds: list[int]) -> list[int]:
    """x3 for the most gold, x2 for the second-highest amount (ties share; dense ranking)."""
    levels = sorted(set(golds), reverse=True)
    mult = {levels[0]: 3}
    if len(levels) > 1:
        mult[levels[1]] = 2
    return [mult.get(g, 1) for g in golds]


def scores(s: State, ending: str) -> list[PlayerScore]:
    """Every player's score as if the game ended now with ``ending``."""
    raw = []
    for p in range(s.n):
        icons: dict[str, int] = {}
        gold = 0
        for c in s.hands[p]:
            card = CARDS[c]
            gold += card.gold
            for icon in card.icons:
                icons[icon] = icons.get(icon, 0) + icon_pieces(s, p, icon)
        icons = {k: icons[k] for k in DATA.icons if k in icons}
        tb = trail_bonus(s.scouts[p])
        vp = sum(icons.values()) + tb + s.summit_vp[p]
        raw.append((p, icons, tb, vp, gold))
    golds = [r[4] + r[2] for r in raw]
    mults = conquest_multipliers(golds) if ending == Ending.CONQUEST else [1] * s.n
    out = [PlayerScore(p, COLOURS[p], icons, tb, s.summit_vp[p], vp, gold, total_gold, m, vp * m,
                       goods_units(s.goods[p]))
           for (p, icons, tb, vp, gold), total_gold, m in zip(raw, golds, mults, strict=True)]
    ranked = []
    for sc in out:
        better = sum(1 for o in out if (o.final, o.goods_units) > (sc.final, sc.goods_units))
        ranked.append(replace(sc, rank=better + 1))
    return ranked


def outcome(s: State) -> Outcome | None:
    """The outcome of a finished game (None while it goes on)."""
    if s.ending is None:
        return None
    return Outcome(str(s.ending), scores(s, s.ending))


__all__ = ["ENDING_TEXT", "RULE_GOLD", "RULE_ICONS", "RULE_MULTIPLIER", "RULE_TRAIL", "Outcome", "PlayerScore", "conquest_multipliers", "icon_pieces",
           "outcome", "scores", "trail_bonus"]
