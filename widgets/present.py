"""Presentation mode: a large, full-width board for a projector, stepped forwards and back.

A teacher presses *Present* (or calls :meth:`PresentMixin.present`): the board takes the
whole width in large type, with the narration of the step and Back/Forward buttons (the
arrow keys work too). On a scenario with a script, the steps are the script's actions and
the narration is their ``say`` text (:class:`mp_tutor.core.scenarios.Presentation`);
otherwise Back and Forward take back and replay the game's own actions, narrated from
the log.

>>> from mp_tutor import load_scenario
>>> from mp_tutor.widgets import Board
>>> board = Board(load_scenario("temple-of-the-sun"))
>>> board.present()
True
>>> board.presentation["step"], board.presentation["steps"]
(0, 3)
>>> board.present_forward()
True
>>> "temple stones" in board.presentation["text"]
True
>>> board.present_exit()
>>> board.presentation
{}
"""

from __future__ import annotations

from typing import Any

from mp_tutor.core.i18n import render, t
from mp_tutor.core.scenarios import Presentation


class PresentMixin:
    """Presentation mode for :class:`~mp_tutor.widgets.board.Board`."""

    _presenting: Presentation | None = None
    _presented_game: Any = None
    _present_on: bool = False

    def present(self) -> bool:
        """Start presentation mode (on the scenario's script if the game has one)."""
        board: Any = self
        scenario = getattr(board.game, "scenario", None)
        self._presented_game = board.game
        self._presenting = None
        if scenario is not None and getattr(scenario, "script", None):
            self._presenting = Presentation(scenario)
            board.set_game(self._presenting.game)
        self._present_on = True
        board.refresh()
        return True

    def present_toggle(self) -> None:
        """The board's Present button: start, or leave, presentation mode."""
        if self._present_on:
            self.present_exit()
        else:
            self.present()

    def present_exit(self) -> None:
        """Leave presentation mode (the game shown before comes back)."""
        board: Any = self
        self._present_on = False
        if self._presenting is not None and self._presented_game is not None:
            board.set_game(self._presented_game)
        self._presenting = None
        board.refresh()

    def present_forward(self) -> bool:
        """The next step (the script's, or the next action taken back)."""
        board: Any = self
        if self._presenting is not None:
            if self._presenting.done:
                return False
            self._presenting.next()
            board.refresh()
            return True
        return bool(board.redo())

    def present_back(self) -> bool:
        """One step back."""
        board: Any = self
        if self._presenting is not None:
            ok = self._presenting.back()
            board.refresh()
            return ok
        return bool(board.undo())

    def _sync_presentation(self) -> None:
        board: Any = self
        if not self._present_on:
            board.presentation = {}
            return
        game = board.game
        pres = self._presenting
        if pres is not None:
            steps, step = len(pres.steps), pres.position
            title = pres.scenario.title
            text = pres.steps[step - 1].say if step else pres.scenario.description
            back, forward = step > 0, not pres.done
        else:
            steps = len(game.history) + (1 if game.can_redo else 0)
            step = len(game.history)
            title = render(t("The game"))
            events = self._last_events(game)
            text = board.adapter.presentation_text(game, events) or render(t("The start of the game."))
            back, forward = game.can_undo, game.can_redo
        board.presentation = {"title": str(title), "text": " ".join(str(text).split()),
                              "step": step, "steps": steps, "back": back, "forward": forward,
                              "counter": render(t("step {i} of {n}", i=step, n=steps))}

    @staticmethod
    def _last_events(game: Any) -> list[Any]:
        snaps = getattr(game, "_snapshots", [])
        start = snaps[-1][1] if snaps else 0
        return list(game.log[start:])


__all__ = ["PresentMixin"]
