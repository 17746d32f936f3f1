"""The whole tutor in one widget: board, decision panel, log, side boards and charts.

The layout follows the Tutor's own width (container queries in ``board.css``): with room,
the decision panel, a lesson's panel (``side=``) and the log stand beside the board;
without, under it, the decision panel staying in sight at the bottom of the screen.

>>> from mp_tutor import Game
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

from collections.abc import Mapping
from concurrent.futures import Future
from typing import TypedDict, Unpack

import ipywidgets as w

from mp_tutor.coach import Hint
from mp_tutor.core.actions import Action
from mp_tutor.core.game import BaseGame
from mp_tutor.core.i18n import render, t
from mp_tutor.core.markup import el
from mp_tutor.core.registry import get_game
from mp_tutor.core.views import JSON

from .board import Board, BotsSpec, LogView, SideView
from .charts import RENDERERS, Charts
from .panels import DecisionPanel
from .session import Judge
from .snapshot import Refusal
from .views import MimeBundle, text_bundle

__all__ = ["Tutor", "TutorOptions", "show"]


class TutorOptions(TypedDict, total=False):
    """The options of a :class:`Tutor` after its game (for :func:`show` and
    :meth:`Tutor.from_scenario`)."""

    seat: int | None
    bots: BotsSpec
    viewer: int | str | None
    charts: bool | str
    auto_bots: bool
    auto_night: bool
    side: list[w.Widget] | None
    judge: Judge | None
    language: str | None
    coach: bool | None
    coach_options: Mapping[str, object] | None


class Tutor(w.Box):
    """Board (with its controls) + decision panel + narrated log + side boards + charts.

    ``seat=None`` is hot-seat (one person plays every colour that is not a bot; the view
    follows the player who decides, so hands stay hidden between seats; ``viewer=None``
    chooses the teacher's view); with ``seat=p`` the learner plays colour ``p`` and the
    others are bots (``bots="random"`` by default). ``side``: widgets shown under the
    decision panel (a lesson). ``charts``: True (drawn by bqplot, or as SVG where bqplot
    cannot be imported), ``"svg"`` or ``"bqplot"`` to choose, False for none (the board is
    shown even when its charts cannot be: a note says why). ``coach``: the board's Hint
    button and the log's "why?"
    (default ``None``: on when the game has a coach support); ``coach_options`` its
    settings (``{"iterations": 60, "workers": 1}``...). The methods mirror the board's
    intents.
    """

    def __init__(self, game: BaseGame, seat: int | None = None, bots: BotsSpec = None, *,
                 viewer: int | str | None = "seat", charts: bool | str = True, auto_bots: bool = True,
                 auto_night: bool = False, side: list[w.Widget] | None = None,
                 judge: Judge | None = None, language: str | None = None, coach: bool | None = None,
                 coach_options: Mapping[str, object] | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.add_class("mp-tutor")
        self.board = Board(game, seat=seat, bots=bots, viewer=viewer, auto_bots=auto_bots,
                           auto_night=auto_night, show_log=False, show_side=False, judge=judge,
                           language=language, coach=coach, coach_options=coach_options)
        self.panel = DecisionPanel(self.board)
        self.log_view = LogView(self.board)
        self.side_view = SideView(self.board)
        self.charts: Charts | None = None
        charts_box = self._charts(charts)
        board_col = w.Box([self.board])
        board_col.add_class("mp-board-col")
        self.side_col = w.Box([self.panel, *(side or []), self.log_view])
        self.side_col.add_class("mp-side-col")
        main = w.Box([board_col, self.side_col])
        main.add_class("mp-tutor-main")
        parts: list[w.Widget] = [main, self.side_view]
        if charts_box is not None:
            parts.append(charts_box)
        self.children = parts
        self.board.observe(self._presenting, "presentation")

    def _charts(self, wanted: bool | str) -> w.Widget | None:
        """The charts (``self.charts``), or a note saying why they cannot be shown."""
        if wanted is False:
            return None
        renderer = None if wanted is True else wanted
        if renderer not in (None, *RENDERERS):
            raise ValueError(f"charts must be True, False or one of {', '.join(RENDERERS)}, "
                             f"not {wanted!r}")
        why: Exception | None = None
        for choice in ([renderer, "svg"] if renderer is None else [renderer]):
            try:
                self.charts = Charts(self.board, renderer=choice)
                return self.charts
            except Exception as exc:  # noqa: BLE001 - the board is shown all the same
                why = exc
        note = w.HTML(el("div", render(t("The charts could not be shown ({why}).",
                                         why=f"{type(why).__name__}: {why}")),
                         cls="mp-chart-note"))
        note.add_class("mp-charts")
        return note

    def _presenting(self, change: Mapping[str, object]) -> None:
        if change["new"]:
            self.add_class("mp-presenting-tutor")
        else:
            self.remove_class("mp-presenting-tutor")

    @classmethod
    def from_scenario(cls, name: str, game: str, **kwargs: Unpack[TutorOptions]) -> Tutor:
        """A tutor on a scenario of the game called ``game`` (by name or file)."""
        return cls(get_game(game).load_scenario(name), **kwargs)

    # -- the intents ---------------------------------------------------------------------
    @property
    def game(self) -> BaseGame:
        return self.board.game

    def act(self, action: Action | str) -> bool:
        """Play an action or its notation (False and ``error`` if refused)."""
        return self.board.act(action)

    def click(self, target: str) -> bool:
        """Click a district on the board."""
        return self.board.click(target)

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

    def hint(self) -> Future[Hint] | None:
        """Ask the coach for a good move (the board's Hint button); returns its future."""
        return self.board.hint()

    def present(self) -> bool:
        """Presentation mode: a large board with the scenario's narration and steps."""
        return self.board.present()

    def set_viewer(self, viewer: int | str | None) -> None:
        """Whose view: ``None`` (teacher), a player, ``"seat"`` or ``"pending"`` (pass and play)."""
        self.board.set_viewer(viewer)

    @property
    def error(self) -> dict[str, JSON]:
        """The last refusal: ``{"rule", "section", "message", "action"}`` or ``{}``."""
        error: Refusal | None = self.board.snapshot.error
        return error.to_json() if error else {}

    @property
    def log(self) -> list[dict[str, JSON]]:
        """The narrated log shown (``{"text", "rule", ...}``)."""
        return [e.to_json() for e in self.board.snapshot.log]

    def set_game(self, game: BaseGame) -> None:
        """Show another game (e.g. a loaded scenario)."""
        self.board.set_game(game)

    def __repr__(self) -> str:
        inner = repr(self.board)[len("Board("):-1]
        mine = self.board.session.seats.seat
        seat = "hot-seat" if mine is None else f"seat {mine}"
        return f"Tutor({inner}, {seat})"

    def _repr_mimebundle_(self, **kwargs: object) -> MimeBundle:
        return text_bundle(super()._repr_mimebundle_(**kwargs), repr(self))


def show(game: BaseGame, **kwargs: Unpack[TutorOptions]) -> Tutor:
    """Display a :class:`Tutor` for ``game`` in the notebook and return it."""
    from IPython.display import display

    tutor = Tutor(game, **kwargs)
    display(tutor)
    return tutor
