"""Parts of a board shown somewhere else: its narrated log and its side boards.

The Tutor places them beside or under the board; they show the board's own synced values
(computed from the viewer's view), so they add nothing a viewer may not see. The log's
"Why?" and "What did that cost?" buttons are sent on to the board, whose coach answers
under the entry.

>>> from mp_tutor import Game
>>> from mp_tutor.widgets import Board
>>> board = Board(Game.new(players=2, seed=1), show_log=False)
>>> view = LogView(board)
>>> board.log, view.log[0]["rule"]
([], 'setup.start_day')
>>> SideView(board)
SideView(6 boards)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias, overload

import anywidget
import traitlets as tr

from mp_tutor.core.views import JSON, to_json

from .esm import CSS, module

if TYPE_CHECKING:  # the board mirrored (it imports these views)
    from .board import Board

__all__ = ["LogView", "MimeBundle", "SideView", "TutorMark", "WithMetadata", "text_bundle"]

#: a display bundle with its metadata (what an anywidget's ``_repr_mimebundle_`` returns)
WithMetadata: TypeAlias = "tuple[dict[str, object], dict[str, object]]"
#: what a widget's ``_repr_mimebundle_`` returns: the data by MIME type, with or without
#: metadata (None: nothing to show)
MimeBundle: TypeAlias = "dict[str, object] | WithMetadata | None"


@overload
def text_bundle(bundle: WithMetadata | None, text: str) -> WithMetadata | None: ...


@overload
def text_bundle(bundle: object, text: str) -> MimeBundle: ...


def text_bundle(bundle: object, text: str) -> MimeBundle:
    """A widget's display bundle (ipywidgets' own) with a deterministic text form.

    >>> text_bundle({"text/plain": "LogView(...)", "x": 1}, "LogView(3 events)")
    {'text/plain': 'LogView(3 events)', 'x': 1}
    """
    if isinstance(bundle, tuple):
        data, meta = bundle
        return {**data, "text/plain": text}, meta
    if isinstance(bundle, dict):
        return {**bundle, "text/plain": text}
    return None


class _Mirror(anywidget.AnyWidget):
    """A part of a board shown somewhere else (the Tutor places it)."""

    static = tr.Dict().tag(sync=True)
    labels = tr.Dict().tag(sync=True)
    _names: tuple[str, ...] = ()

    def __init__(self, board: Board, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.board = board
        board.on_sync(self.update)
        self.update()

    def update(self) -> None:
        """Show the board's latest snapshot."""
        snap = self.board.snapshot
        with self.hold_sync():
            self.static, self.labels = snap.static.to_json(), dict(snap.labels)
            for name in self._names:
                setattr(self, name, self._value(name))

    def _value(self, name: str) -> JSON:
        """The value of the synced trait ``name`` (one of ``_names``) now."""
        raise NotImplementedError

    def _repr_mimebundle_(self, **kwargs: dict[str, object]) -> WithMetadata | None:
        return text_bundle(super()._repr_mimebundle_(**kwargs), repr(self))


class LogView(_Mirror):
    """The narrated log of a board, as a widget of its own (placed by the Tutor)."""

    _esm = module("log.js")
    _css = CSS
    log: tr.List[dict[str, JSON]] = tr.List().tag(sync=True)
    log_total = tr.Int(0).tag(sync=True)
    #: the coach's answers under entries (the board's ``notes``)
    notes = tr.Dict().tag(sync=True)
    _names = ("log", "log_total", "notes")

    def __init__(self, board: Board, **kwargs: object) -> None:
        super().__init__(board, **kwargs)
        board.observe(lambda _change: self.update(), "notes")  # an answer arrived
        self.on_msg(self._forward)

    def _forward(self, _widget: object, content: object, buffers: object) -> None:
        """The log's coach buttons ask the board (which checks everything)."""
        if isinstance(content, dict) and content.get("type") in ("why", "cost"):
            self.board.browser.message(content)

    def _value(self, name: str) -> JSON:
        snap = self.board.snapshot
        if name == "notes":
            return to_json(snap.coach.notes)
        return [e.to_json() for e in snap.log] if name == "log" else snap.log_total

    def __repr__(self) -> str:
        return f"LogView({self.log_total} events)"


class SideView(_Mirror):
    """The side boards of a :class:`Board` (market, trail, players...), placed by the Tutor."""

    _esm = module("side.js")
    _css = CSS
    side: tr.List[list[str]] = tr.List().tag(sync=True)
    _names = ("side",)

    def _value(self, name: str) -> JSON:
        return [list(s) for s in self.board.snapshot.side]

    def __repr__(self) -> str:
        return f"SideView({len(self.side)} boards)"


class TutorMark(anywidget.AnyWidget):
    """Nothing to see: marks the widget it is shown in as the tutor's, where no board does (a
    quick check in a cell of its own, a lesson without its board): the keys pressed there
    stay in the tutor (JupyterLab's notebook shortcuts never act), and its text is read in
    ``lang``, the language it is written in (every board marks itself and its tutor so).

    >>> TutorMark("fr").lang, TutorMark("fr").layout.display
    ('fr', 'none')
    """

    _esm = module("mark.js")
    #: the language of the host's text
    lang = tr.Unicode("en").tag(sync=True)

    def __init__(self, lang: str, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.lang = lang
        self.layout.display = "none"

    def __repr__(self) -> str:
        return f"TutorMark({self.lang!r})"
