"""A reason the coach gives: a sentence (a message, translated when shown) and its rules.

>>> from mp_tutor.core.i18n import t
>>> r = Reason(t("{who} produces {n} coca.", who="Blue", n=2), ("produce.corn",))
>>> r.text
'Blue produces 2 coca.'
>>> str(r)
'Blue produces 2 coca. [produce.corn]'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core.i18n import Msg, render

if TYPE_CHECKING:  # a JSON value, for annotations only
    from ..core.views import JSON


@dataclass(frozen=True)
class Reason:
    """One reason: ``message`` (a :class:`~mp_tutor.core.i18n.Msg`) and the rule ids it cites."""

    message: Msg | str
    rules: tuple[str, ...] = ()
    #: what the reason is about: "effect" (what the action does), "enables", "costs",
    #: "score", "search"
    kind: str = "effect"
    #: a drawback of the move (something it loses or makes worse), not a reason for it
    against: bool = False

    @property
    def text(self) -> str:
        """The sentence in the current language."""
        return render(self.message)

    def __str__(self) -> str:
        cites = " ".join(f"[{r}]" for r in self.rules)
        return f"{self.text} {cites}" if cites else self.text

    def to_json(self) -> dict[str, JSON]:
        return {"text": self.text, "rules": list(self.rules), "kind": self.kind,
                "against": self.against}


def for_and_against(reasons: Iterable[Reason]) -> tuple[list[Reason], list[Reason]]:
    """The reasons for a move, then its drawbacks, each in their order.

    >>> good, bad = for_and_against([Reason("Takes 2 coca."), Reason("Loses a llama.", against=True)])
    >>> [r.text for r in good], [r.text for r in bad]
    (['Takes 2 coca.'], ['Loses a llama.'])
    """
    listed = list(reasons)
    return [r for r in listed if not r.against], [r for r in listed if r.against]


__all__ = ["Reason", "for_and_against"]
