"""What the front end shows, as one immutable, typed value: :class:`Snapshot`.

A :class:`~mp_tutor.widgets.session.Session` produces a new snapshot after every intent
(a click, an answer, undo...). The board widget maps it to its synced traits (each part's
``to_json()`` is what the browser receives); panels, the log and the charts read its typed
fields; a text renderer (a screen reader's description, a terminal) can read the same value.
Everything in it is computed from the viewer's view (``game.view(viewer)``) and, for the
person who decides here, their own legal actions: nothing hidden from the viewer is in it.

>>> from mp_tutor import Game
>>> from mp_tutor.widgets.session import Session
>>> snap = Session(Game.new(players=3, seed=1)).snapshot
>>> snap.pending.kind, snap.decider, snap.may_act, snap.status
('place_inca', 0, True, 'Day 2 · Blue: place your first Inca (choose a profession).')
>>> snap.controls.undo, snap.controls.next_tip
(False, 'Nothing to play automatically: Blue decides.')
>>> snap.log[0].text
'A 3-player game starts on day 2; Blue is the starting player.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import TypedDict

from mp_tutor.core.events import Event
from mp_tutor.core.game import BaseGame
from mp_tutor.core.i18n import get_language
from mp_tutor.core.machine import Pending
from mp_tutor.core.scenarios import Mark
from mp_tutor.core.views import JSON, Target, to_json

from .access import Access
from .adapter import Choice, SomeAdapter, Static
from .language import labels


@dataclass(frozen=True)
class Refusal:
    """Why an intent changed nothing: the rule, its rulebook section and a sentence.

    ``kind``: ``illegal`` (the engine refused it, or nothing may be done there), ``off_task``
    and the like (a lesson refused a legal move); ``action``: what was tried, as text.
    """

    rule: str
    message: str
    section: str = ""
    action: str | None = None
    kind: str = "illegal"

    def to_json(self) -> dict[str, JSON]:
        return {"rule": self.rule, "section": self.section, "message": self.message,
                "action": self.action, "kind": self.kind}


@dataclass(frozen=True)
class Question:
    """A click that needs an answer first (pay a llama, which moon tile): its text, its rule
    and a button per choice (each plays its action)."""

    kind: str
    text: str
    rule: str
    section: str = ""
    target: str = ""
    choices: tuple[Choice, ...] = ()

    def to_json(self) -> dict[str, JSON]:
        return {"kind": self.kind, "text": self.text, "rule": self.rule, "section": self.section,
                "target": self.target,
                "choices": [[c.label, c.action.notation()] for c in self.choices]}


@dataclass(frozen=True)
class LogEntry:
    """One narrated event: its place ``i`` in the game's log, its sentence, rule (and
    section), whose it is, its kind, whether a bot's move made it, and ``coach``: the
    question the coach may be asked about the move it starts (``why``, ``cost`` or "")."""

    i: int
    text: str
    rule: str | None
    section: str
    player: int | None
    kind: str
    bot: bool = False
    coach: str = ""

    def to_json(self) -> dict[str, JSON]:
        """The entry as the browser receives it (made once per entry: a log of 200 entries
        is sent again after every move)."""
        return self._json

    @cached_property
    def _json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {"i": self.i, "text": self.text, "rule": self.rule,
                                "section": self.section, "player": self.player,
                                "kind": self.kind, "bot": self.bot}
        if self.coach:
            out["coach"] = self.coach
        return out


@dataclass(frozen=True)
class Controls:
    """The board's buttons and menus: which are on, their tooltips, the viewer menu
    (``viewers``: ``(value, label)`` pairs, ``viewer`` the one chosen) and the languages."""

    undo: bool
    redo: bool
    next: bool
    undo_tip: str
    redo_tip: str
    next_tip: str
    over: bool
    seat: int | None
    viewer: str
    viewers: tuple[tuple[str, str], ...] = ()
    present: bool = True
    language: str = "en"
    languages: tuple[tuple[str, str], ...] = ()

    def to_json(self) -> dict[str, JSON]:
        return {"undo": self.undo, "redo": self.redo, "next": self.next,
                "undo_tip": self.undo_tip, "redo_tip": self.redo_tip, "next_tip": self.next_tip,
                "over": self.over, "seat": self.seat, "viewer": self.viewer,
                "viewers": [list(v) for v in self.viewers], "present": self.present,
                "language": self.language, "languages": [list(v) for v in self.languages]}


@dataclass(frozen=True)
class Change:
    """What a presentation's step changed: a count of a player's (``who``, ``player``; or the
    board's: None and "") went from ``before`` to ``after``; ``said``: that in a sentence
    (what a screen reader reads)."""

    player: int | None
    who: str
    what: str
    before: int
    after: int
    said: str

    def to_json(self) -> dict[str, JSON]:
        return {"player": self.player, "who": self.who, "what": self.what,
                "before": self.before, "after": self.after, "said": self.said}


@dataclass(frozen=True)
class Presentation:
    """Presentation mode: the title, the narration of the step, where it stands, and what
    the step changed (``changes``, under the heading ``changes_title``)."""

    title: str
    text: str
    step: int
    steps: int
    back: bool
    forward: bool
    counter: str
    changes: tuple[Change, ...] = ()
    changes_title: str = ""

    def to_json(self) -> dict[str, JSON]:
        return {"title": self.title, "text": self.text, "step": self.step, "steps": self.steps,
                "back": self.back, "forward": self.forward, "counter": self.counter,
                "changes": [c.to_json() for c in self.changes],
                "changes_title": self.changes_title}


class ReasonJSON(TypedDict):
    """A reason of the coach as the browser shows it (``rules``: ``[rule id, section]`` pairs,
    ``against``: a drawback, shown apart)."""

    text: str
    kind: str
    against: bool
    rules: list[list[str]]


class ChoiceJSON(TypedDict):
    """A move the coach judged: who it is (``label``), the move in words, its value, reasons."""

    label: str
    move: str
    value: str
    reasons: list[ReasonJSON]


class LastMove(TypedDict):
    """The learner's last move under the hint box: its first log entry and a sentence."""

    i: int
    text: str


class CoachBox(TypedDict, total=False):
    """The hint box: ``on`` and ``state`` always (``""``, ``thinking``, ``ready``,
    ``error``); the Hint button (``can``, ``tip``) when the coach is on; the hint when it is
    ready (``title``, ``move``, ``action``, its value and reasons, the alternatives); a
    problem's ``text``; the learner's ``last`` move."""

    on: bool
    state: str
    can: bool
    tip: str
    text: str
    title: str
    move: str
    action: str
    value: str
    value_text: str
    value_tip: str
    reasons: list[ReasonJSON]
    alt_title: str
    alternatives: list[ChoiceJSON]
    last: LastMove


class Note(TypedDict):
    """The coach's answer under a log entry (``kind``: ``why`` or ``cost``; ``state``:
    ``thinking``, ``old``, ``error`` or ``ready``)."""

    kind: str
    state: str
    text: str
    choices: list[ChoiceJSON]
    reasons: list[ReasonJSON]
    value: str


@dataclass(frozen=True)
class CoachView:
    """The coach's part: the hint box (``box``: its button, the hint, the learner's last
    move), the answers under log entries (``notes``, by entry) and the places of the picture
    the hint highlights (``target``: ``data-target`` values, separated by spaces)."""

    box: CoachBox = field(default_factory=lambda: CoachBox(on=False, state=""))
    notes: Mapping[str, Note] = field(default_factory=dict)
    target: str = ""


@dataclass(frozen=True)
class Snapshot:
    """Everything the front end shows (see the module docstring).

    ``view``: the viewer's view (a game's JSON view; a text description reads it);
    ``viewer``: whose it is (None: the teacher's view of every hand); ``decider``: who
    decides now; ``may_act``: the person here decides now and sees their decision;
    ``bot``: a bot decides now; ``targets``: what they may click on the picture (typed, each
    with the action a click plays), ``selected`` the one picked for the next click;
    ``picture`` and ``side``: the SVG pictures; ``error`` / ``question``: the last refusal
    and the question waiting for an answer; ``log``: the last narrated events
    (``log_total`` in all); ``access``: the position in words, the last events and the
    keys (:mod:`~mp_tutor.widgets.access`); ``revision``: counts the snapshots of a session;
    ``presentation``: presentation mode (None: off). While presenting, ``view``, ``picture``,
    ``side``, ``status`` and ``access`` show the presentation's own game (no click
    targets); the decision, the log and the coach stay those of the game played.
    """

    revision: int
    viewer: int | None
    teacher: bool
    seat: int | None
    decider: int | None
    may_act: bool
    bot: bool
    pending: Pending
    view: Mapping[str, object]
    names: tuple[str, ...]
    static: Static
    labels: Mapping[str, str]
    targets: Mapping[str, Target]
    selected: str
    picture: str
    side: tuple[tuple[str, str], ...]
    status: str
    controls: Controls
    log: tuple[LogEntry, ...]
    log_total: int
    access: Access
    error: Refusal | None = None
    question: Question | None = None
    presentation: Presentation | None = None
    coach: CoachView = field(default_factory=CoachView)
    #: shapes drawn on the picture (a presented step's, or the studio's while it draws them)
    marks: tuple[Mark, ...] = ()

    def to_json(self) -> dict[str, JSON]:
        """The snapshot as JSON, without the game: what a text renderer may be sent."""
        return {"revision": self.revision, "viewer": self.viewer, "teacher": self.teacher,
                "seat": self.seat, "decider": self.decider, "may_act": self.may_act,
                "bot": self.bot, "pending": to_json(self.pending.to_json()), "view": to_json(self.view),
                "names": list(self.names), "targets": to_json(self.targets),
                "selected": self.selected, "status": self.status,
                "controls": self.controls.to_json(), "log": [e.to_json() for e in self.log],
                "log_total": self.log_total, "access": self.access.to_json(),
                "error": self.error.to_json() if self.error else None,
                "question": self.question.to_json() if self.question else None,
                "presentation": self.presentation.to_json() if self.presentation else None,
                "marks": list(marks_json(self.marks))}


def marks_json(marks: tuple[Mark, ...]) -> list[JSON]:
    """Marks as the browser draws them: ``{"at", "to", "colour"}`` (``to`` "" for a place)."""
    return [{"at": m.at, "to": m.to, "colour": m.colour} for m in marks]


def section(game: BaseGame, rule: str | None) -> str:
    """The rulebook section of ``rule`` in ``game``'s rule book ("" for none)."""
    spec = game.rules.get(rule) if rule else None
    return spec.section if spec is not None else ""


class Fixed:
    """What changes only with the game and the language: the players' names, their colours
    and initials, the words of the controls (worked out once for each)."""

    def __init__(self) -> None:
        self._for: tuple[object, ...] = ()
        self._value: tuple[tuple[str, ...], Static, dict[str, str]] | None = None

    def get(self, adapter: SomeAdapter, game: BaseGame
            ) -> tuple[tuple[str, ...], Static, dict[str, str]]:
        """``(names, static, labels)`` for ``game`` in the current language."""
        key = (game, adapter, get_language())
        if self._value is None or len(key) != len(self._for) or any(
                a is not b for a, b in zip(key, self._for, strict=True)):
            self._for = key
            self._value = (tuple(adapter.player_names(game)), adapter.static(game), labels())
        return self._value


class LogBook:
    """The narrated log of a game, entry by entry, kept while the game's log is the same
    (an undo drops the entries it took back; nothing else is narrated again)."""

    def __init__(self, size: int) -> None:
        self.size = size
        #: the events bots' moves made (their ids)
        self.bot_events: set[int] = set()
        self._cache: list[tuple[Event, LogEntry]] = []
        self._last: tuple[LogEntry, ...] | None = None  # the last answer, while it holds

    def reset(self, bots: bool = True) -> None:
        """Narrate again (another language), and for another game forget the bots' moves."""
        self._cache, self._last = [], None
        if bots:
            self.bot_events = set()

    def entries(self, log: list[Event], section: Callable[[str], str]) -> tuple[LogEntry, ...]:
        """The last ``size`` entries of ``log`` (``section(rule)``: a rule's rulebook section)."""
        cache = self._cache
        keep = 0
        for (event, _), current in zip(cache, log, strict=False):
            if event is not current:
                break
            keep += 1
        if keep == len(cache) == len(log) and self._last is not None:
            return self._last  # nothing new: the same entries (the board sends nothing)
        del cache[keep:]
        for i in range(keep, len(log)):
            e = log[i]
            cache.append((e, LogEntry(i, e.text, e.rule, section(e.rule) if e.rule else "",
                                      e.player, e.kind, id(e) in self.bot_events)))
        self._last = tuple(entry for _, entry in cache[-self.size:])
        return self._last


__all__ = ["Access", "Change", "CoachView", "Controls", "Fixed", "LogBook", "LogEntry",
           "Presentation", "Question", "Refusal", "Snapshot", "Static", "marks_json", "section"]
