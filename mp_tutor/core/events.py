"""Events: what happened, one small public record each, narrated on demand.

Every applied action returns events; the tutor narrates from them and charts are built
from them. A game gives its events a narrator (``Event`` subclass with ``narrate``), and
``text`` is rendered lazily in the current language, so headless play stays fast.

>>> class Demo(Event):
...     @staticmethod
...     def narrate(e):
...         return f"{e.kind} by {e.player}"
>>> Demo("moved", 1, None, {"to": "x"}).text
'moved by 1'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from .i18n import render


@dataclass
class Event:
    """Something that happened: ``kind``, ``player``, the ``rule`` it applies, ``data``."""

    kind: str
    player: int | None = None
    rule: str | None = None
    data: dict[str, Any] = field(default_factory=dict)

    #: the game's narrator: event -> message (overridden by each game's Event class)
    narrate: ClassVar[Any] = None

    @property
    def text(self) -> str:
        """One sentence narrating the event, in the current language."""
        fn = type(self).narrate
        if fn is None:
            return f"{self.kind} {self.data}"
        return render(fn(self))

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player, "rule": self.rule, "data": self.data,
                "text": self.text}

    def __str__(self) -> str:
        return f"{self.text} [{self.rule}]" if self.rule else self.text


__all__ = ["Event"]
