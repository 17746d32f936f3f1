"""Presentation mode: a large, full-width board for a projector, stepped forwards and back.

A teacher presents (the *Present* button, or ``board.present()``): the board takes the whole
screen in large type, with the narration of the step, what the step changed (the goods and
counts, from the viewer's view before and after it) and Back/Forward buttons (the arrow keys
work too). The steps are a fixed list, and Back and Forward move by exactly one:

- on a scenario with a script, the script's actions, narrated by their ``say`` text
  (:class:`mp_tutor.core.scenarios.Presentation`);
- otherwise every action of the game so far (each bot's move and each automatic step too),
  narrated from the log, starting at the position the board shows.

A presentation plays on a game of its own: the game played, its tasks done and the lesson
beside it are never touched, so leaving shows the board exactly as it was. The
:class:`Presenter` is the session's (``board.presenter``).

>>> from mp_tutor import load_scenario
>>> from mp_tutor.widgets import Board
>>> board = Board(load_scenario("temple-of-the-sun"))
>>> board.present()
True
>>> board.presentation["step"], board.presentation["steps"]
(0, 3)
>>> board.presenter.forward()
True
>>> "temple stones" in board.presentation["text"]
True
>>> board.presenter.exit()
>>> board.presentation
{}
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import TYPE_CHECKING

from mp_tutor.core.game import BaseGame
from mp_tutor.core.i18n import render, t
from mp_tutor.core.scenarios import Mark, Scenario
from mp_tutor.core.scenarios import Presentation as Script

from .adapter import Count, SomeAdapter
from .snapshot import Change, Presentation

if TYPE_CHECKING:  # the session builds its snapshot with the presenter's view
    from .session import Session


class Steps(ABC):
    """A presentation's steps: a fixed list, over a game of the presentation's own."""

    #: the presentation's title
    title: str
    #: how many steps there are (fixed while presenting)
    total: int

    @property
    @abstractmethod
    def game(self) -> BaseGame:
        """The game whose position is shown."""

    @property
    @abstractmethod
    def position(self) -> int:
        """The steps played (0: the start)."""

    @abstractmethod
    def forward(self) -> bool:
        """Play the next step (False at the end)."""

    @abstractmethod
    def back(self) -> bool:
        """Take the last step back (False at the start)."""

    @abstractmethod
    def text(self) -> str:
        """The narration of the step shown."""

    def marks(self) -> tuple[Mark, ...]:
        """The marks drawn on the board at the step shown (none by default)."""
        return ()


class ScriptSteps(Steps):
    """A scenario's script: its actions, narrated by their ``say`` text (a step that says
    nothing, by its events)."""

    def __init__(self, scenario: Scenario, adapter: SomeAdapter) -> None:
        self.script = Script(scenario)
        self.adapter = adapter
        self.title = scenario.title
        self.total = len(self.script.steps)

    @property
    def game(self) -> BaseGame:
        return self.script.game

    @property
    def position(self) -> int:
        return self.script.position

    def forward(self) -> bool:
        if self.script.done:
            return False
        self.script.next()
        return True

    def back(self) -> bool:
        return self.script.back()

    def text(self) -> str:
        at, game = self.script.position, self.script.game
        if not at:
            return self.script.scenario.description
        return (self.script.steps[at - 1].say
                or self.adapter.presentation_text(game, game.last_events))

    def marks(self) -> tuple[Mark, ...]:
        at = self.script.position
        return self.script.steps[at - 1].marks if at else ()


class HistorySteps(Steps):
    """Every action of a game so far (and those taken back that Redo would play), each one
    a step, on a copy of the game: its undo and redo never touch the game played."""

    def __init__(self, game: BaseGame, adapter: SomeAdapter) -> None:
        self._game = game.copy()
        self.adapter = adapter
        self.title = render(t("The game"))
        self.total = len(self._game.history) + len(self._game.undone)

    @property
    def game(self) -> BaseGame:
        return self._game

    @property
    def position(self) -> int:
        return len(self._game.history)

    def forward(self) -> bool:
        return self._game.redo()

    def back(self) -> bool:
        return self._game.undo()

    def text(self) -> str:
        g = self._game
        if not g.history:
            return render(t("The start of the game."))
        # the step's events (public: an action is never named, it may hide a card)
        return self.adapter.presentation_text(g, g.last_events)


def changes(before: list[Count], after: list[Count], names: list[str]) -> tuple[Change, ...]:
    """What differs between two positions' counts (``names``: the players' names), in the
    order of ``after``: each thing counted in both whose number changed."""
    was: Mapping[tuple[int | None, str], int] = {(c.player, c.what): c.n for c in before}
    out = []
    for c in after:
        old = was.get((c.player, c.what))
        if old is not None and old != c.n:
            who = names[c.player] if c.player is not None and 0 <= c.player < len(names) else ""
            said = (t("{who}: {what} from {before} to {after}", who=who, what=c.what, before=old,
                      after=c.n) if who else
                    t("{what} from {before} to {after}", what=c.what, before=old, after=c.n))
            out.append(Change(c.player, who, c.what, old, c.n, render(said)))
    return tuple(out)


class Presenter:
    """Presentation mode of a :class:`~mp_tutor.widgets.session.Session` (see the module)."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self._steps: Steps | None = None
        self._changes: tuple[Change, ...] = ()

    @property
    def on(self) -> bool:
        """Whether the board presents now."""
        return self._steps is not None

    @property
    def game(self) -> BaseGame | None:
        """The game the presentation shows (None: it is off)."""
        return self._steps.game if self._steps is not None else None

    def start(self) -> bool:
        """Start presentation mode (on the scenario's script if the game has one), at the
        position shown: the script's start, or the game's position now."""
        session = self.session
        scenario = getattr(session.game, "scenario", None)
        if isinstance(scenario, Scenario) and scenario.script:
            self._steps = ScriptSteps(scenario, session.adapter)
        else:
            self._steps = HistorySteps(session.game, session.adapter)
        self._changes = self._compare()
        session.update()
        return True

    def toggle(self) -> None:
        """The board's Present button: start, or leave, presentation mode."""
        if self.on:
            self.exit()
        else:
            self.start()

    def close(self) -> None:
        """Stop presenting, without a new snapshot (the session makes one)."""
        self._steps = None
        self._changes = ()

    def exit(self) -> None:
        """Leave presentation mode: the board shows the game played, as it was."""
        self.close()
        self.session.update()

    def forward(self) -> bool:
        """The next step (False at the last)."""
        return self._move(forward=True)

    def back(self) -> bool:
        """One step back (False at the start)."""
        return self._move(forward=False)

    def _move(self, forward: bool) -> bool:
        steps = self._steps
        if steps is None:
            return False
        moved = steps.forward() if forward else steps.back()
        if moved:
            self._changes = self._compare()
            self.session.update()
        return moved

    def _counts(self, game: BaseGame) -> list[Count]:
        session = self.session
        return session.adapter.counts(game.view(session.seats.viewer(game)))

    def _compare(self) -> tuple[Change, ...]:
        """What the step shown changed: its position's counts against the step before."""
        steps = self._steps
        if steps is None or steps.position == 0:
            return ()
        after = self._counts(steps.game)
        steps.back()
        before = self._counts(steps.game)
        steps.forward()
        return changes(before, after, self.session.adapter.player_names(steps.game))

    def marks(self) -> tuple[Mark, ...]:
        """The marks of the step presented now (a script's step may have some)."""
        return self._steps.marks() if self._steps is not None else ()

    def view(self) -> Presentation | None:
        """What presentation mode shows now (None: it is off)."""
        steps = self._steps
        if steps is None:
            return None
        step, total = steps.position, steps.total
        return Presentation(str(steps.title), " ".join(str(steps.text()).split()), step, total,
                            step > 0, step < total,
                            render(t("step {i} of {n}", i=step, n=total)), self._changes,
                            render(t("What changed")) if self._changes else "")


__all__ = ["HistorySteps", "Presenter", "ScriptSteps", "Steps", "changes"]
