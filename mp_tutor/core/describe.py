"""A position in words, for a learner who cannot see the picture (a screen reader's board).

Each game writes ``describe(view)`` in its own package (``mp_tutor.<game>.describe``), a pure
function of ``Game.view(viewer)``, the same view the picture is drawn from, so a description
tells nothing the picture hides. What every game's description shares is here: its shape
(:class:`Description`), the sentence about the pending decision and the players' names.

>>> d = Description(when="Day 2", pending="Blue: move your Prince.",
...                 sections=(("Districts", ("Coca Plantation: empty.",)),),
...                 goods="Blue: 3 corn.", scores="Blue: 0 points.")
>>> print(d.text())
Day 2. Blue: move your Prince.
<BLANKLINE>
Districts
Coca Plantation: empty.
<BLANKLINE>
Your goods and cards
Blue: 3 corn.
<BLANKLINE>
Points
Blue: 0 points.
>>> sorted(d.to_dict())
['goods', 'heads', 'pending', 'scores', 'sections', 'summary', 'when']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from .i18n import after_colon, render, t
from .views import JSON

__all__ = ["Description", "pending_text"]

#: ``(heading, lines)`` of a part of a description
Section = tuple[str, tuple[str, ...]]


@dataclass(frozen=True)
class Description:
    """A position in words: where the game stands in time (``when``), the pending decision,
    the parts of the board (``sections``: heading and lines), what the viewer holds
    (``goods``: their goods and cards, or every player's in the teacher's view) and the points
    as far as the viewer may know them (``scores``). Every text is rendered already."""

    when: str
    pending: str
    sections: tuple[Section, ...]
    goods: str
    scores: str

    @property
    def summary(self) -> str:
        """One line: where the game stands and who decides what."""
        return f"{self.when}. {self.pending}" if self.when else self.pending

    def headings(self) -> tuple[str, str]:
        """The headings of the viewer's goods and of the points, in the language."""
        return render(t("Your goods and cards")), render(t("Points"))

    def text(self) -> str:
        """The whole description as plain text (headings, then their lines)."""
        goods_head, scores_head = self.headings()
        parts = [self.summary]
        for head, lines in (*self.sections, (goods_head, (self.goods,)), (scores_head, (self.scores,))):
            parts.append("\n".join([head, *lines]))
        return "\n\n".join(parts)

    def to_dict(self) -> dict[str, JSON]:
        """What the browser receives (JSON): the summary, each part, the reading keys' texts."""
        goods_head, scores_head = self.headings()
        return {"summary": self.summary, "when": self.when, "pending": self.pending,
                "sections": [[head, list(lines)] for head, lines in self.sections],
                "goods": self.goods, "scores": self.scores,
                "heads": {"goods": goods_head, "scores": scores_head}}


def pending_text(view: Mapping[str, object], names: Sequence[str],
                 outcome: Callable[[Mapping[str, object]], str] | None = None) -> str:
    """Who decides what now (the decision's own prompt), a step nobody decides, or the end.

    >>> view = {"pending": {"player": None, "prompt": "Night: production."}, "outcome": None}
    >>> pending_text(view, ["Blue"])
    'Nobody decides: night: production. Press Next to play it.'
    """
    out = view.get("outcome")
    if isinstance(out, Mapping) and out:
        if outcome is not None:
            return outcome(out)
        winners = out.get("winners")
        who = [names[w] for w in winners if isinstance(w, int)] if isinstance(winners, list) else []
        return render(t("The game is over: {how}. Winner: {who}.", how=out.get("text", ""),
                        who=render(who)))
    pend = view.get("pending")
    if not isinstance(pend, Mapping):
        pend = {}
    prompt = str(pend.get("prompt", ""))
    if pend.get("player") is None:
        return render(t("Nobody decides: {what} Press Next to play it.", what=after_colon(prompt)))
    return prompt
