"""What the studio makes, as immutable values: a :class:`Sheet` (a position, its script with
sentences and marks, its checks, and a lesson on it).

Every operation of the studio makes a new sheet (:mod:`.script`, :mod:`.lesson`), so undo
and redo are a list of sheets (:class:`~mp_tutor.studio.draft.Draft`). A sheet holds the
tables of today's file formats: a scenario file (``[scenario]`` and the game's tables in
``position.raw``, ``[[script]]`` in ``steps``, ``[[check]]`` in ``checks``) and, for a lesson,
a chapter file (``[chapter]``, ``[[task]]``, ``[[quiz]]``, ``[[cell]]``). What the studio
works out itself (a studio task's solution and goal, the facts of a step's check) is
derived from the script when the files are written; anything else a hand-written file says
is kept as it was.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..core.editing import Position
from ..core.facts import Wanted
from ..core.scenarios import Mark

#: the tables of a file as the studio keeps them (TOML values)
Table = Mapping[str, object]


@dataclass(frozen=True)
class ScriptStep:
    """One step of the script: the action (the game's notation), what the teacher says about
    it and the marks drawn on the board while it is presented."""

    action: str
    say: str = ""
    marks: tuple[Mark, ...] = ()

    def table(self) -> dict[str, object]:
        """The step as a ``[[script]]`` table."""
        out: dict[str, object] = {"action": self.action}
        if self.say:
            out["say"] = self.say
        if self.marks:
            out["marks"] = [m.to_toml() for m in self.marks]
        return out


@dataclass(frozen=True)
class Check:
    """A ``[[check]]`` of the scenario. ``step``: the studio's check of what a step changed
    (only ``after`` and ``facts``; its values are written again from the engine whenever the
    script or the position changes); otherwise a check kept as the file had it."""

    table: Table
    step: bool = False

    @property
    def after(self) -> int:
        after = self.table.get("after", 0)
        return after if isinstance(after, int) else 0

    @property
    def facts(self) -> Mapping[str, Wanted]:
        found = self.table.get("facts", {})
        return found if isinstance(found, Mapping) else {}


@dataclass(frozen=True)
class TaskDraft:
    """A ``[[task]]`` of the lesson. A studio task (``step`` set) is the script's step
    ``step`` (0 for the first) done by the learner: its solution is the steps since the
    previous studio task's and its goal the step's first event, keeping the event's data
    ``keys`` (None: all of them; fewer keys, a looser goal). Its table holds what the teacher
    wrote (``id``, ``instruction``, ``hint``, ``wrong``, ``done``...). A task without a step
    is kept as the file had it."""

    table: Table
    step: int | None = None
    keys: tuple[str, ...] | None = None

    @property
    def id(self) -> str:
        return str(self.table.get("id", ""))


@dataclass(frozen=True)
class QuizDraft:
    """A ``[[quiz]]`` of the lesson. A studio quiz (``step`` set) asks for the fact
    ``table["fact"]`` once the script's first ``step`` steps are played (its ``do`` is those
    steps, its ``expect`` the engine's answer); else it is kept as the file had it."""

    table: Table
    step: int | None = None

    @property
    def id(self) -> str:
        return str(self.table.get("id", ""))


@dataclass(frozen=True)
class LessonDraft:
    """A lesson on the scenario: the ``[chapter]`` table, its tasks, quizzes and extra cells."""

    chapter: Table
    tasks: tuple[TaskDraft, ...] = ()
    quizzes: tuple[QuizDraft, ...] = ()
    cells: tuple[Table, ...] = ()


@dataclass(frozen=True)
class Sheet:
    """Everything the studio is making (see the module docstring): the start ``position``
    (its ``raw`` tables include ``[scenario]``: the title, the description, the language),
    the ``steps`` of the script, the ``checks`` and the ``lesson`` (None: a scenario only)."""

    position: Position
    steps: tuple[ScriptStep, ...] = ()
    checks: tuple[Check, ...] = ()
    lesson: LessonDraft | None = None
    #: where the lesson's chapter says its scenario is: a name of the game's library, or a
    #: file beside the chapter ("" until the lesson is saved)
    scenario_ref: str = ""

    @property
    def meta(self) -> Table:
        """The ``[scenario]`` table (the title, the description, the game's fields...)."""
        found = self.position.raw.get("scenario", {})
        return found if isinstance(found, Mapping) else {}

    @property
    def actions(self) -> tuple[str, ...]:
        return tuple(s.action for s in self.steps)


__all__ = ["Check", "LessonDraft", "QuizDraft", "ScriptStep", "Sheet", "TaskDraft", "Table"]
