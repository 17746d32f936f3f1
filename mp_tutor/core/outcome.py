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

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, Generic, Protocol, TypedDict, TypeVar

from .i18n import Msg, render

if TYPE_CHECKING:  # a JSON value, for annotations only
    from .views import JSON


class Score(Protocol):
    """What the core reads of a game's score row: whose it is, their rank (1: a winner)."""

    @property
    def player(self) -> int: ...
    @property
    def rank(self) -> int: ...
    def to_json(self) -> dict[str, JSON]: ...


#: a game's score row
Sc = TypeVar("Sc", bound=Score)


#: a game's score row in a view (its ``TypedDict``)
R = TypeVar("R")


class OutcomeView(TypedDict, Generic[R]):
    """An outcome as a game's view shows it (a game's ``Outcome.to_view()``): the ending,
    its ``text`` in the current language, who won, every score (``R``: the game's row)."""

    ending: str
    text: str
    winners: list[int]
    scores: list[R]


@dataclass(frozen=True)
class BaseOutcome(Generic[Sc]):
    """How the game ended (``ending``, one of the game's endings) and everyone's score (a
    game's own rows: ``class Outcome(BaseOutcome[ScoreRow])``)."""

    ending: str
    scores: list[Sc] = field(default_factory=list)
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

    def to_json(self) -> OutcomeView[dict[str, JSON]]:
        return {"ending": str(self.ending), "text": self.text, "winners": list(self.winners),
                "scores": [sc.to_json() for sc in self.scores]}


__all__ = ["BaseOutcome", "OutcomeView", "Score"]
