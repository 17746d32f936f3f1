"""How a game ended and everyone's score: the part every game's outcome shares.

A game's ``Outcome`` subclasses :class:`BaseOutcome` with its own score rows and
``ending_text`` (the words of each ending) and adds its own ``report`` and ``table``.

>>> from dataclasses import dataclass
>>> from typing import ClassVar
>>> from mp_tutor.core.i18n import t
>>> @dataclass(frozen=True)
... class Row:
...     player: int
...     rank: int
...     def to_json(self): return {"player": self.player, "rank": self.rank}
>>> @dataclass(frozen=True)
... class ToyOutcome(BaseOutcome):
...     ending_text: ClassVar = {"end": t("the toy game is over")}
>>> out = ToyOutcome("end", [Row(0, 2), Row(1, 1)])
>>> out.winners, out.text, out.to_json()["winners"]
((1,), 'the toy game is over', [1])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, Generic, Protocol, TypedDict, TypeVar

from .i18n import Msg, render

if TYPE_CHECKING:  # a JSON value, for annotations only
    pass


#: a game's score row in a view (its ``TypedDict``)
R = TypeVar("R")
R_co = TypeVar("R_co", covariant=True)


class Score(Protocol[R_co]):
    """What the core reads of a game's score row: whose it is, their rank (1: a winner), and
    the row as a view shows it (``R_co``: the game's ``TypedDict``)."""

    @property
    def player(self) -> int: ...
    @property
    def rank(self) -> int: ...
    def to_json(self) -> R_co: ...


class OutcomeView(TypedDict, Generic[R]):
    """An outcome as a view shows it (:meth:`BaseOutcome.to_json`): the ending, its ``text``
    in the current language, who won, every score (``R``: the game's row)."""

    ending: str
    text: str
    winners: list[int]
    scores: list[R]


@dataclass(frozen=True)
class BaseOutcome(Generic[R_co]):
    """How the game ended (``ending``, one of the game's endings) and everyone's score (a
    game's own rows, whose ``to_json`` gives its view's row ``R``: ``class
    Outcome(BaseOutcome[ScoreView])`` with ``scores: list[PlayerScore]``)."""

    ending: str
    scores: Sequence[Score[R_co]] = field(default_factory=list)
    #: the words of each ending (set by each game)
    ending_text: ClassVar[dict[str, Msg]] = {}

    @property
    def winners(self) -> tuple[int, ...]:
        """The players ranked first (several on a tie the rules leave standing)."""
        return tuple(sc.player for sc in self.scores if sc.rank == 1)

    @property
    def text(self) -> str:
        """The ending in words, in the current language."""
        return render(self.ending_text[self.ending])

    def report(self) -> str:  # pragma: no cover - each game's own
        """The ending and each player's score breakdown, one line each."""
        raise NotImplementedError

    def table(self) -> str:  # pragma: no cover - each game's own
        """A plain-text score table."""
        raise NotImplementedError

    def to_json(self) -> OutcomeView[R_co]:
        """The outcome as a view shows it."""
        return {"ending": str(self.ending), "text": self.text, "winners": list(self.winners),
                "scores": [sc.to_json() for sc in self.scores]}


def text_table(head: Sequence[object], rows: Sequence[Sequence[object]]) -> str:
    """A plain-text table in the current language: ``head`` (messages or texts) above
    ``rows``; the first column left-aligned (the players' names), the others right-aligned,
    each as wide as its widest cell.

    >>> print(text_table(["player", "VP"], [["Blue", 12], ["Yellow", 7]]))
    player  VP
    Blue    12
    Yellow   7
    """
    cells = [[render(h) for h in head], *([render(c) for c in row] for row in rows)]
    widths = [max(len(line[i]) for line in cells) for i in range(len(cells[0]))]
    return "\n".join("  ".join([line[0].ljust(widths[0])]
                               + [c.rjust(w) for c, w in zip(line[1:], widths[1:], strict=True)])
                     .rstrip() for line in cells)


__all__ = ["BaseOutcome", "OutcomeView", "Score", "text_table"]
