"""Presentation mode: a large, full-width board for a projector, stepped forwards and back.

A teacher presses *Present* (or calls ``board.present()``): the board takes the whole width in
large type, with the narration of the step and Back/Forward buttons (the arrow keys work
too). On a scenario with a script, the steps are the script's actions and the narration is
their ``say`` text (:class:`mp_tutor.core.scenarios.Presentation`); otherwise Back and
Forward take back and replay the game's own actions, narrated from the log. The
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

from typing import TYPE_CHECKING

from mp_tutor.core.game import BaseGame
from mp_tutor.core.i18n import render, t
from mp_tutor.core.scenarios import Mark
from mp_tutor.core.scenarios import Presentation as Script

from .snapshot import Presentation

if TYPE_CHECKING:  # the session builds its snapshot with the presenter's view
    from .session import Session


class Presenter:
    """Presentation mode of a :class:`~mp_tutor.widgets.session.Session` (see the module)."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.on = False
        self._script: Script | None = None
        self._before: BaseGame | None = None

    def start(self) -> bool:
        """Start presentation mode (on the scenario's script if the game has one)."""
        session = self.session
        scenario = getattr(session.game, "scenario", None)
        self._before = session.game
        self._script = None
        if scenario is not None and scenario.script:
            self._script = Script(scenario)
            session.set_game(self._script.game)
        self.on = True
        session.refresh()
        return True

    def toggle(self) -> None:
        """The board's Present button: start, or leave, presentation mode."""
        if self.on:
            self.exit()
        else:
            self.start()

    def exit(self) -> None:
        """Leave presentation mode (the game shown before comes back)."""
        self.on = False
        if self._script is not None and self._before is not None:
            self.session.set_game(self._before)
        self._script = None
        self.session.refresh()

    def forward(self) -> bool:
        """The next step (the script's, or the next action taken back)."""
        if self._script is not None:
            if self._script.done:
                return False
            self._script.next()
            self.session.refresh()
            return True
        return self.session.redo()

    def back(self) -> bool:
        """One step back."""
        if self._script is not None:
            ok = self._script.back()
            self.session.refresh()
            return ok
        return self.session.undo()

    def marks(self) -> tuple[Mark, ...]:
        """The marks of the step presented now (a script's step may have some)."""
        script = self._script
        if script is None or not script.position:
            return ()
        return script.steps[script.position - 1].marks

    def view(self) -> Presentation | None:
        """What presentation mode shows now (None: it is off)."""
        if not self.on:
            return None
        game = self.session.game
        script = self._script
        if script is not None:
            steps, step = len(script.steps), script.position
            title = script.scenario.title
            text = script.steps[step - 1].say if step else script.scenario.description
            back, forward = step > 0, not script.done
        else:
            steps = len(game.history) + (1 if game.can_redo else 0)
            step = len(game.history)
            title = render(t("The game"))
            text = (self.session.adapter.presentation_text(game, game.last_events)
                    or render(t("The start of the game.")))
            back, forward = game.can_undo, game.can_redo
        return Presentation(str(title), " ".join(str(text).split()), step, steps, back, forward,
                            render(t("step {i} of {n}", i=step, n=steps)))


__all__ = ["Presenter"]
