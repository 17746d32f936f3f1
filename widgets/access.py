"""What the board gives a learner without a mouse or without sight (the ``access`` trait).

The board syncs, with every redraw, the position in words (the game's ``describe`` of the
same ``view(viewer)`` the picture is drawn from, so it tells nothing the picture hides), the
last events for the live region, the board's keys and their words. The browser (``board.js``)
shows the description under a Describe control, refers to its summary with
``aria-describedby``, announces new events in a polite live region (refusals go to an
assertive one), reads out the last event, the viewer's goods, the pending decision and the
points on a key, as lichess's blind mode does, and lists the keys under "?".

>>> from mp_tutor import Game
>>> from mp_tutor.widgets import Board
>>> board = Board(Game.new(players=3, seed=1))
>>> a = board.access
>>> a["description"]["summary"]
'Day 2 of 9. Blue: place your first Inca (choose a profession).'
>>> [key for key, _ in a["keys"]][:4]
['← ↑ → ↓', 'Home / End', 'Enter / Space', 'Escape']
>>> a["events"][-1][1]
'A 3-player game starts on day 2; Blue is the starting player.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING

from mp_tutor.core.i18n import get_language, render, t
from mp_tutor.core.views import JSON

from .layout import LIVE_EVENTS

if TYPE_CHECKING:  # the session builds the access part of its snapshot with these
    from .adapter import SomeAdapter
    from .snapshot import LogEntry

__all__ = ["Access", "access", "keys", "words"]


def keys() -> list[list[str]]:
    """The board's keys and what they do, in the current language (the "?" list)."""
    return [[key, render(what)] for key, what in (
        ("← ↑ → ↓", t("go to the next place you can click, in that direction")),
        ("Home / End", t("go to the first or the last place you can click")),
        ("Enter / Space", t("click the place in focus")),
        ("Escape", t("cancel a choice or a question, close a message or this list")),
        ("u", t("undo")), ("r", t("redo")), ("n", t("next: play the automatic step or the bot")),
        ("d", t("describe the position in words")),
        ("l", t("read the last event")), ("g", t("read your goods and cards")),
        ("p", t("read the decision to make now")), ("s", t("read the points")),
        ("?", t("show or hide this list of keys")),
    )]


def words() -> dict[str, str]:
    """The words of the accessible parts of the board."""
    return {k: render(v) for k, v in {
        "describe": t("Describe"), "keys": t("Keys"), "keys_title": t("The board's keys"),
        "description": t("The position in words"), "board": t("The board"),
        "close": t("Close"), "nothing": t("Nothing has happened yet."),
        "undone": t("Taken back."),
    }.items()}


@dataclass(frozen=True)
class Access:
    """The access part of a snapshot: the position in words (``description``, empty when the
    game has none), the last events ``(entry, sentence)``, the keys and the words."""

    description: Mapping[str, JSON]
    events: tuple[tuple[int, str], ...]
    keys: tuple[tuple[str, str], ...]
    words: Mapping[str, str]

    def to_json(self) -> dict[str, JSON]:
        """What the browser receives (the board's ``access`` trait)."""
        return {"description": dict(self.description), "events": [list(e) for e in self.events],
                "keys": [list(k) for k in self.keys], "words": dict(self.words)}


def access(adapter: SomeAdapter, view: Mapping[str, object], log: Sequence[LogEntry]
           ) -> Access:
    """The access part for ``view`` (the view the picture is drawn from) and the narrated
    ``log``."""
    description = adapter.description(view)
    fixed_keys, fixed_words = _in_words(get_language())
    return Access(description.to_dict() if description is not None else {},
                  tuple((e.i, e.text) for e in log[-LIVE_EVENTS:]), fixed_keys, fixed_words)


@cache
def _in_words(lang: str) -> tuple[tuple[tuple[str, str], ...], Mapping[str, str]]:
    """The keys and the words in ``lang`` (the current language; worked out once each)."""
    return tuple((k, w) for k, w in keys()), MappingProxyType(words())
