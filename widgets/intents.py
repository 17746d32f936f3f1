"""The browser's messages, turned into a session's intents (checked: they come from outside).

The board's browser side (``board.js``) sends ``{"type": "click", "target": ...}``,
``{"type": "choose", "i": ...}`` (an answer of the question shown), ``{"type":
"play_hint"}`` (the coach's suggestion), ``{"type": "act", "action": ...}`` (an action's
notation), ``{"type": "undo"}`` and the like; :func:`receive` hands each to the
:class:`~mp_tutor.widgets.session.Session`. Anything else is refused with a message.

>>> from mp_tutor import Game
>>> from mp_tutor.widgets.session import Session
>>> session = Session(Game.new(players=3, seed=1))
>>> receive(session, {"type": "click", "target": "corn_terraces"})
>>> session.snapshot.pending.player, session.snapshot.error
(1, None)
>>> receive(session, {"type": "fly"})
>>> session.snapshot.error.message
'Unknown message from the board.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from mp_tutor.core.i18n import render, t

from .coaching import COACH_MESSAGES

if TYPE_CHECKING:  # the board hands its browser's messages to its session
    from .session import Session

#: the messages without arguments, and what each does
PLAIN: dict[str, Callable[[Session], object]] = {
    "confirm": lambda s: s.confirm(), "cancel": lambda s: s.cancel(),
    "dismiss": lambda s: s.cancel(pick=False), "undo": lambda s: s.undo(), "redo": lambda s: s.redo(),
    "next": lambda s: s.next(), "present": lambda s: s.presenter.toggle(),
    "exit": lambda s: s.presenter.exit(), "back": lambda s: s.presenter.back(),
    "forward": lambda s: s.presenter.forward(),
}


def choose(session: Session, index: object) -> bool:
    """Answer the question shown with its choice number ``index``."""
    question = session.snapshot.question
    if question is None or type(index) is not int or not 0 <= index < len(question.choices):
        return session.fail("engine.turn", render(t("There is nothing to confirm.")))
    return session.act(question.choices[index].action)


def play_hint(session: Session) -> bool:
    """Play the move the coach's hint box suggests (judged like any other move)."""
    action = session.coach.suggested()
    if action is None:
        return session.fail("engine.unknown", render(t("There is no move to ask the coach about "
                                                       "there.")))
    return session.act(action)


def switch_viewer(session: Session, value: object) -> None:
    """The viewer menu: a pass-and-play board switches between the player who decides and
    the teacher (once the teacher's view was chosen in Python); a seated board refuses."""
    if session.seats.switch(value):
        session.update()
    else:
        session.fail("engine.turn", render(t("This board shows only its own player's view.")))


def receive(session: Session, content: object) -> None:
    """Hand one message of the browser to ``session`` (see the module docstring)."""
    if not isinstance(content, Mapping):
        return
    kind = content.get("type")
    if kind == "click":
        session.click(str(content.get("target", content.get("district", "")))[:100])
    elif kind == "act":
        session.act(str(content.get("action", ""))[:500])
    elif kind == "choose":
        choose(session, content.get("i"))
    elif kind == "play_hint":
        play_hint(session)
    elif isinstance(kind, str) and kind in PLAIN:
        PLAIN[kind](session)
    elif kind == "viewer":
        switch_viewer(session, content.get("viewer"))
    elif kind == "language":
        session.set_language(str(content.get("language", "")))
    elif isinstance(kind, str) and kind in COACH_MESSAGES:
        session.coach.message(kind, content)
    else:
        session.fail("engine.unknown", render(t("Unknown message from the board.")))


__all__ = ["PLAIN", "choose", "play_hint", "receive", "switch_viewer"]
