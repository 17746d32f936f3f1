"""Events: what happened, one small public record each, narrated on demand.

Every applied action returns events; the tutor narrates from them and charts are built
from them. A game's ``Event`` subclass gives its sentences (``narration``: one narrator per
kind of event, called with the player named as the game names them, ``who``, and the
event's data), and ``text`` is rendered lazily in the current language, so headless play
stays fast.

>>> class Demo(Event):
...     narration = {"moved": lambda who, d: t("{who} moves to {to}.", who=who, to=d["to"])}
...     who = staticmethod(lambda p: f"player {p}")
>>> Demo("moved", 1, None, {"to": "x"}).text, Demo("flew", 2).text
('player 1 moves to x.', 'flew {}')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, TypeAlias

from .i18n import Msg, Term, render, t

if TYPE_CHECKING:  # a JSON value, for annotations only
    from .views import JSON

#: how a game's sentence names a player: a term (their colour), or a plain name
Who: TypeAlias = Term | Msg | str


@dataclass
class Event:
    """Something that happened: ``kind``, ``player``, the ``rule`` it applies, ``data``."""

    kind: str
    player: int | None = None
    rule: str | None = None
    data: dict[str, Any] = field(default_factory=dict)

    #: the game's sentences: kind -> ``narrator(who, data)`` (set by each game's Event class)
    narration: ClassVar[Mapping[str, Callable[[Who, dict[str, Any]], Msg]]] = {}
    @staticmethod
    def who(player: int | None, /) -> Who:
        """How the game's sentences name a player (``None``: nobody); a game's event class
        sets its own (``who = staticmethod(colour)``)."""
        return str(player)

    @property
    def msg(self) -> Msg | str:
        """The sentence, not yet rendered (``kind data`` for a kind the game does not narrate)."""
        fn = self.narration.get(self.kind)
        if fn is None:
            return f"{self.kind} {self.data}"
        return fn(self.who(self.player), self.data)

    @property
    def text(self) -> str:
        """One sentence narrating the event, in the current language."""
        return render(self.msg)

    def to_json(self) -> dict[str, JSON]:
        return {"kind": self.kind, "player": self.player, "rule": self.rule, "data": self.data,
                "text": self.text}

    def __str__(self) -> str:
        return f"{self.text} [{self.rule}]" if self.rule else self.text


__all__ = ["Event"]


#: what a game says of a player at a decision (decision kind -> (who, event data -> sentence)):
#: ``declines`` when the player chose to do nothing, ``unable`` when nothing else was possible
#: (the data's "why" is the reason, to put after a colon)
Declines = dict[str, Callable[[Who, dict[str, Any]], Msg]]


def machine_narration(declines: Declines, unable: Declines | None = None
                      ) -> dict[str, Callable[[Who, dict[str, Any]], Msg]]:
    """The sentences of the two events the core machine makes (for a game's narrator).

    ``declined``: a player chose to do nothing (``declines[kind](who, data)``, e.g. "Blue
    offers nothing."). ``no_choice``: the decision had one legal answer and was settled
    alone; the sentence says why (the event's "why", written to follow a colon). When the
    answer is to do nothing, ``unable[kind](who, data)`` says what the player cannot do and
    why; without it, the sentence says there was no choice, why, and what was done.
    Notation never reaches the learner.

    >>> said = machine_narration(
    ...     {"offer": lambda who, d: t("{who} offers nothing.", who=who)},
    ...     {"offer": lambda who, d: t("{who} cannot offer anything: {why}", who=who,
    ...                                why=d["why"])})
    >>> render(said["no_choice"]("Red", {"kind": "offer", "declines": True,
    ...                                  "why": "Red has no goods."}))
    'Red cannot offer anything: Red has no goods.'
    >>> render(said["no_choice"]("Red", {"kind": "trade", "declines": True,
    ...                                  "why": "the market is closed."}))
    'Red has no choice: the market is closed. Red lets this decision pass.'
    >>> render(said["declined"]("Red", {"kind": "offer"}))
    'Red offers nothing.'
    """
    cannot = unable or {}

    def declined(who: Who, d: dict[str, Any]) -> Msg:
        say = declines.get(str(d.get("kind")))
        return say(who, d) if say is not None else t("{who} lets this decision pass.", who=who)

    def no_choice(who: Who, d: dict[str, Any]) -> Msg:
        why = d.get("why", "")
        if d.get("declines"):
            say = cannot.get(str(d.get("kind")))
            if say is not None:
                return say(who, d)
            return t("{who} has no choice: {why} {what}", who=who, why=why,
                     what=declined(who, d))
        return t("{who} has no choice: {why}", who=who, why=why)

    return {"declined": declined, "no_choice": no_choice}
