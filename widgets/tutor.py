"""The whole tutor in one widget: board, decision panel, log, step controls and charts.

>>> from mp_tutor import Game, load_scenario
>>> tutor = Tutor(Game.new(players=3, seed=1), seat=0, bots="random")
>>> tutor.act("inca coca_planter")          # Yellow and Red (bots) place theirs at once
True
>>> tutor.game.pending.kind, tutor.game.pending.player
('turn', 0)
>>> tutor.click("coca_plantation")           # the first turn is free anywhere
True
>>> tutor.undo()
True
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from mp_tutor import Game, load_scenario
from mp_tutor.actions import Action

from .board import Board, BotsSpec, LogView
from .charts import Charts
from .panels import DecisionPanel

__all__ = ["Tutor", "show"]


class Tutor(w.VBox):
    """Board (with its step controls) + decision panel + narrated log + charts for ``game``.

    ``seat=None`` is hot-seat (one person plays every colour that is not a bot); with
    ``seat=p`` the learner plays colour ``p`` and the others are bots (``bots="random"``
    by default). ``viewer`` chooses whose hand is visible (see :class:`Board`).
    The methods mirror the intents of the board, so a notebook or a test can drive it.
    """

    def __init__(self, game: Game | None = None, seat: int | None = None, bots: BotsSpec = None, *,
                 viewer: int | str | None = "seat", charts: bool = True, auto_bots: bool = True,
                 auto_night: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("mp-tutor")
        self.board = Board(game, seat=seat, bots=bots, viewer=viewer, auto_bots=auto_bots,
                           auto_night=auto_night, show_log=False)
        self.panel = DecisionPanel(self.board)
        self.log_view = LogView(self.board)
        self.charts: Charts | None = Charts(self.board) if charts else None
        parts: list[w.Widget] = [self.board, self.panel, self.log_view]
        if self.charts is not None:
            parts.append(self.charts)
        self.children = parts

    @classmethod
    def from_scenario(cls, name: str, **kwargs: Any) -> Tutor:
        """A tutor on a teacher's scenario (``mp_tutor.load_scenario(name)``)."""
        return cls(load_scenario(name), **kwargs)

    # -- the intents ---------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.board.game

    def act(self, action: Action | str) -> bool:
        """Play an action or its notation (False and ``error`` if the engine refuses)."""
        return self.board.act(action)

    def click(self, district: str) -> bool:
        """Click a district on the board."""
        return self.board.click(district)

    def confirm(self) -> bool:
        """Answer yes to the board's question (e.g. pay a llama to move)."""
        return self.board.confirm()

    def cancel(self) -> None:
        self.board.cancel()

    def undo(self) -> bool:
        return self.board.undo()

    def redo(self) -> bool:
        return self.board.redo()

    def next(self) -> bool:
        """Play the next automatic step (a night phase, or a bot's decision)."""
        return self.board.next()

    def set_viewer(self, viewer: int | str | None) -> None:
        """Whose view: ``None`` (teacher), a player, ``"seat"`` or ``"pending"`` (pass and play)."""
        self.board.set_viewer(viewer)

    @property
    def error(self) -> dict[str, Any]:
        """The last refusal: ``{"rule", "section", "message", "action"}`` or ``{}``."""
        return dict(self.board.error)

    @property
    def log(self) -> list[dict[str, Any]]:
        """The narrated log shown (``{"text", "rule", ...}``)."""
        return list(self.board.entries)

    def set_game(self, game: Game) -> None:
        """Show another game (e.g. a loaded scenario)."""
        self.board.set_game(game)

    def __repr__(self) -> str:
        inner = repr(self.board)[len("Board("):-1]
        seat = "hot-seat" if self.board.seat is None else f"seat {self.board.seat}"
        return f"Tutor({inner}, {seat})"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        if isinstance(bundle, dict):
            bundle["text/plain"] = repr(self)
        return bundle


def show(game: Game | None = None, **kwargs: Any) -> Tutor:
    """Display a :class:`Tutor` for ``game`` in the notebook and return it."""
    from IPython.display import display

    tutor = Tutor(game, **kwargs)
    display(tutor)
    return tutor
