"""The end of the game and the score: priest values, priest cards and the tie-break.

Owns the rule ids ``end.*`` and ``score.*`` and the ruling on ties.

>>> ranks([(9, 7), (9, 8), (3, 10), (9, 8)])
[3, 1, 4, 1]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from ..core.i18n import Msg, Term, t
from ..core.machine import Out
from ..core.outcome import BaseOutcome, text_table
from .data import COLOURS, DATA
from .state import Ending, State
from .tables import PRIEST_INDEX
from .tokens import all_taken, best_sun, value
from .views import ScoreView

if TYPE_CHECKING:  # a JSON value, for annotations only
    pass

ENDING_TEXT: dict[str, Msg] = {
    Ending.SLOTS: t("all the priests' slots are filled"),
    Ending.ROUNDS: t("the last round has been played"),
}
ENDING_RULES = {Ending.SLOTS: "end.slots_full", Ending.ROUNDS: "end.rounds"}
#: a priest's value (sun tokens minus fire tokens), for explanations
RULE_VALUE = "score.priest_value"


@dataclass(frozen=True)
class PlayerScore:
    """One player's score: the two priests of their priest card and what they are worth."""

    player: int
    colour: str
    priest_card: str
    priests: tuple[int, int]
    values: tuple[int, int]
    score: int
    best_sun: int  # the highest single sun token on the two priests (the tie-break)
    rank: int = 0

    def to_json(self) -> ScoreView:
        return {"player": self.player, "colour": self.colour, "priest_card": self.priest_card,
                "priests": list(self.priests), "values": list(self.values), "score": self.score,
                "best_sun": self.best_sun, "rank": self.rank}


@dataclass(frozen=True)
class Outcome(BaseOutcome[ScoreView]):
    """How the game ended and everyone's score."""

    ending: str  # slots | rounds
    scores: list[PlayerScore] = field(default_factory=list)
    ending_text: ClassVar[dict[str, Msg]] = ENDING_TEXT

    def report(self) -> str:
        """The ending and the score table (for the command line)."""
        return f"{self.text}\n{self.table()}"

    def table(self) -> str:
        """A plain-text score table (headings and players' names in the current language)."""
        # TRANSLATORS: the headings of the score table (short words: they head columns)
        head = [t("player"), t("card"), t("priests"), t("score"), t("best"), t("rank")]
        return text_table(head, [[Term("colour", sc.colour), sc.priest_card,
                                  f"{sc.priests[0]}+{sc.priests[1]}", sc.score, sc.best_sun,
                                  sc.rank] for sc in self.scores])


def ranks(keys: list[tuple[int, int]]) -> list[int]:
    """Competition ranks (1 = best) for (score, best sun token) pairs; equal pairs share."""
    return [1 + sum(other > k for other in keys) for k in keys]


def priest_values(s: State) -> list[int]:
    """Each priest's value (tallest first): sun tokens minus fire tokens."""
    return [value(p) for p in s.slots]


def scores(s: State) -> list[PlayerScore]:
    """Everyone's score if the game ended now (priest cards revealed)."""
    vals = priest_values(s)
    rows = []
    for p in range(s.n):
        card = s.priest_cards[p]
        a, b = DATA.priest_cards[card]
        ia, ib = PRIEST_INDEX[a], PRIEST_INDEX[b]
        best = max(best_sun(s.slots[ia]), best_sun(s.slots[ib]))
        rows.append((p, card, (a, b), (vals[ia], vals[ib]), vals[ia] + vals[ib], best))
    order = ranks([(r[4], r[5]) for r in rows])
    return [PlayerScore(p, COLOURS[p], card, hs, vs, sc, best, rank)
            for (p, card, hs, vs, sc, best), rank in zip(rows, order, strict=True)]


def outcome(s: State) -> Outcome | None:
    """The ending and the scores, once the game is over (else None)."""
    if not s.over or s.ending is None:
        return None
    return Outcome(s.ending, scores(s))


def check_end(s: State, out: Out) -> bool:
    """At the end of a round: end the game if every slot is filled or the last round is over."""
    if all_taken(s):
        ending = Ending.SLOTS
    elif s.round >= DATA.rounds[s.n]:
        ending = Ending.ROUNDS
    else:
        return False
    s.over = True
    s.ending = ending
    s.queue = []
    table = scores(s)
    winners = [sc.player for sc in table if sc.rank == 1]
    for sc in table:
        out.event("priest_card", sc.player, "score.player", card=sc.priest_card,
                  priests=list(sc.priests), values=list(sc.values), score=sc.score)
    top = max(sc.score for sc in table)
    tied = [sc for sc in table if sc.score == top]
    if len(tied) > 1:
        out.event("tie", None, "score.tiebreak" if len(winners) == 1 else "ruling.tiebreak",
                  players=[sc.player for sc in tied], score=top,
                  best=max(sc.best_sun for sc in tied), winners=winners)
    out.event("game_over", None, ENDING_RULES[ending], ending=ending, round=s.round,
              winners=winners, scores=[sc.score for sc in table])
    return True


__all__ = ["ENDING_RULES", "RULE_VALUE", "Outcome", "PlayerScore", "check_end", "outcome", "priest_values",
           "ranks", "scores"]
