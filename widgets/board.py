"""The live board: an anywidget that shows a session's snapshot and sends the player's intents.

Python is the only source of truth. The game is played by a plain-Python
:class:`~mp_tutor.widgets.session.Session` (``board.session``: the seat and viewer rules,
the intents, the lesson's judge, bots, undo and redo, the coach and presentation mode),
which produces an immutable :class:`~mp_tutor.widgets.snapshot.Snapshot` of everything
shown after each intent. :class:`Board` maps each snapshot to its synced traits in one
``hold_sync()`` batch (one message, one redraw) and hands the browser's messages to the
session (:mod:`~mp_tutor.widgets.intents`). The browser side (``board.js``) knows no game:
it shows the picture (an SVG computed in Python by the game's adapter from
``game.view(viewer)``), the side boards, the status, the error and the question, and sends
intents. An illegal intent changes nothing and puts the engine's explanation (rule id,
rulebook section, sentence) into the synced ``error`` trait.

Hidden information by construction: every synced trait is computed from
``game.view(viewer)`` (and, for the player who may act here, their own legal actions). A
seated board never changes its viewer on a browser request; pass-and-play (``seat=None``)
shows the view of the player who decides; the teacher's view (``viewer=None``) is an
explicit choice.

>>> from mp_tutor import Game
>>> board = Board(Game.new(players=3, seed=1))
>>> board
Board(3 players, day 2, pending: place_inca Blue)
>>> board.act("inca coca_planter")
True
>>> board.click("main_temple")      # Yellow must place an Inca: the engine says why not
False
>>> board.error["rule"]
'engine.turn'
>>> board.undo()
True
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from concurrent.futures import Future

import anywidget
import traitlets as tr

from mp_tutor.coach import Hint
from mp_tutor.core.actions import Action
from mp_tutor.core.game import BaseGame
from mp_tutor.core.i18n import set_language
from mp_tutor.core.views import JSON

from .esm import CSS, module
from .intents import receive
from .language import check_language
from .layout import AFTER_BOARD_S
from .seats import BotsSpec, ViewerSpec, make_bots
from .session import Judge, Session
from .snapshot import Snapshot, marks_json
from .views import LogView, SideView, WithMetadata, text_bundle

__all__ = ["Board", "LogView", "SideView", "make_bots"]


class Browser:
    """The board's browser side as Python sees it: its messages go to the session
    (:func:`~mp_tutor.widgets.intents.receive`), and the listeners of a new snapshot are told
    after the board's own update was sent: after a browser's intent, a moment later, so that
    the browser draws the board before it receives the panels, the log, the side boards and
    the charts; at once otherwise (a script, a test)."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.listeners: list[Callable[[], None]] = []
        self.from_browser = False
        self._due = False

    def message(self, content: object) -> None:
        """One message of the browser (checked: it comes from outside); an error it raises
        is shown on the board, never lost."""
        self.from_browser = True
        try:
            receive(self.session, content)
        except Exception as exc:  # noqa: BLE001 - never lose an error: show it on the board
            self.session.fail("engine.unknown", f"{type(exc).__name__}: {exc}")
        finally:
            self.from_browser = False

    def notify(self) -> None:
        if self.from_browser:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                loop = None
            if loop is not None:
                if not self._due:
                    self._due = True
                    loop.call_later(AFTER_BOARD_S, self.run)
                return
        self.run()

    def run(self) -> None:
        self._due = False
        for fn in list(self.listeners):
            fn()


class Board(anywidget.AnyWidget):
    """The whole game at a glance, playable by clicks (see the module docstring).

    The arguments are the :class:`~mp_tutor.widgets.session.Session`'s (``seat``, ``bots``,
    ``viewer``, ``auto_bots``, ``auto_night``, ``judge``, ``coach``, ``coach_options``,
    ``log_size``), and: ``show_log`` / ``show_side``: the board draws its own log and side
    boards (the Tutor shows them apart); ``language``: the language of every text.
    ``board.session``, ``board.coach`` (Hint, why, cost) and ``board.presenter``
    (presentation mode) are the session and its collaborators; ``board.snapshot`` is what
    is shown now.
    """

    _esm = module("focus.js", "access.js", "marks.js", "board.js")
    _css = CSS

    #: the picture of the position (SVG built by the game's adapter from the view)
    svg = tr.Unicode("").tag(sync=True)
    #: the side boards ``[[name, svg], ...]``
    side: tr.List[list[str]] = tr.List().tag(sync=True)
    show_side = tr.Bool(True).tag(sync=True)
    #: the last refusal ``{"rule", "section", "message", "action", "kind"}`` or ``{}``
    error = tr.Dict().tag(sync=True)
    #: a question to answer ``{"kind", "text", "rule", "choices": [[label, action]]}`` or ``{}``
    ask = tr.Dict().tag(sync=True)
    #: narrated events ``{"i", "text", "rule", "section", "player", "kind", "bot"}``
    log: tr.List[dict[str, JSON]] = tr.List().tag(sync=True)
    log_total = tr.Int(0).tag(sync=True)
    show_log = tr.Bool(True).tag(sync=True)
    #: one line: what is going on now
    status = tr.Unicode("").tag(sync=True)
    #: buttons ``{"undo", "redo", "next", "*_tip", "viewers", "viewer", "present"}``
    controls = tr.Dict().tag(sync=True)
    #: the words of the controls (current language)
    labels = tr.Dict().tag(sync=True)
    #: colours and initials of the players (for the log)
    static = tr.Dict().tag(sync=True)
    #: presentation mode ``{"title", "text", "step", "steps", "back", "forward"}`` or ``{}``
    presentation = tr.Dict().tag(sync=True)
    #: the coach's box: Hint button state, the hint (move, value, reasons), the last own move
    coach_box = tr.Dict().tag(sync=True)
    #: the coach's answers under log entries ``{"<entry>": {"kind", "state", "text", ...}}``
    notes = tr.Dict().tag(sync=True)
    #: ``data-target`` values of the picture the hint highlights (space-separated) or ""
    hint_target = tr.Unicode("").tag(sync=True)
    #: the position in words, the last events, the keys (see :mod:`~mp_tutor.widgets.access`)
    access = tr.Dict().tag(sync=True)
    #: shapes drawn on the picture ``[{"at", "to", "colour"}]`` (arrows and marked places)
    marks: tr.List[JSON] = tr.List().tag(sync=True)
    #: what a screen reader is told besides the events: ``{"n", "text"}`` (see :meth:`announce`)
    news = tr.Dict().tag(sync=True)
    #: increases at every new snapshot (handy for observers and browser tests)
    revision = tr.Int(0).tag(sync=True)

    def __init__(self, game: BaseGame, *, seat: int | None = None, bots: BotsSpec = None,
                 viewer: ViewerSpec = "seat", auto_bots: bool = True,
                 auto_night: bool = False, log_size: int = 200, show_log: bool = True,
                 show_side: bool = True, judge: Judge | None = None,
                 language: str | None = None, coach: bool | None = False,
                 coach_options: Mapping[str, object] | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)
        if language is not None:
            check_language(language)
            set_language(language)
        self.show_log, self.show_side = show_log, show_side
        self.session = Session(game, seat=seat, bots=bots, viewer=viewer, auto_bots=auto_bots,
                               auto_night=auto_night, log_size=log_size, judge=judge,
                               coach=coach, coach_options=coach_options)
        self.coach = self.session.coach
        self.presenter = self.session.presenter
        #: the browser's messages in, the news of a new snapshot out (see :class:`Browser`)
        self.browser = Browser(self.session)
        self.snapshot: Snapshot = self.session.snapshot
        self._shown: Snapshot | None = None
        self.session.changed.connect(self._show)
        self.on_msg(lambda _widget, content, _buffers: self.browser.message(content))
        self._show(self.snapshot)

    @property
    def game(self) -> BaseGame:
        """The engine game shown (replace it with :meth:`set_game`)."""
        return self.session.game

    # -- intents (the browser sends the same as messages) ---------------------------------
    def act(self, action: Action | str) -> bool:
        """Play an action (or its notation) for the learner; False (and ``error``) if refused."""
        return self.session.act(action)

    def click(self, target: str) -> bool:
        """A click on the picture: what the game's adapter says it means. True if something
        was played or asked (``ask``: answer with :meth:`confirm` or dismiss with
        :meth:`cancel`)."""
        return self.session.click(target)

    def confirm(self) -> bool:
        """Answer yes to the question in ``ask`` (when it has one answer, e.g. pay the llama)."""
        return self.session.confirm()

    def cancel(self) -> None:
        """Dismiss the question in ``ask``, the error message and the pick."""
        self.session.cancel()

    def undo(self) -> bool:
        """Take back the learner's last action (and the bots' actions after it)."""
        return self.session.undo()

    def redo(self) -> bool:
        """Play again what :meth:`undo` took back (with the bots' replies)."""
        return self.session.redo()

    def next(self) -> bool:
        """Play the next automatic part: one night step, or one bot decision."""
        return self.session.next()

    def hint(self) -> Future[Hint] | None:
        """Ask the coach for a good move (the Hint button): ``board.coach.hint()``."""
        return self.coach.hint()

    def present(self) -> bool:
        """Presentation mode (``board.presenter``: ``forward()``, ``back()``, ``exit()``)."""
        return self.presenter.start()

    def set_game(self, game: BaseGame) -> None:
        """Show another game (seats, bots and viewer are kept if they fit)."""
        self.session.set_game(game)

    def set_viewer(self, viewer: ViewerSpec) -> None:
        """Show another view: ``None`` (teacher), a player, ``"seat"``, ``"pending"``.

        An explicit choice made in Python (the browser cannot change a seated board's view).
        """
        self.session.set_viewer(viewer)

    def refresh(self) -> None:
        """Re-sync after the game was changed from outside the board (or the language)."""
        self.session.refresh()

    def set_language(self, code: str) -> None:
        """Show every text in another language (``en``, ``fr``, ``nl``): the board, its panels,
        the log and a lesson beside it are drawn again; the game itself is not touched
        (``board.session.language.connect(fn)`` is told the code)."""
        self.session.set_language(code)

    def announce(self, text: str) -> None:
        """Tell a screen reader ``text`` with the events of the same moment (a lesson's task
        done): the browser says it politely, and only after the learner's own key or click.

        >>> from mp_tutor import Game
        >>> board = Board(Game.new(players=2, seed=1))
        >>> board.announce("Task 1 done.")
        >>> board.news
        {'n': 1, 'text': 'Task 1 done.'}
        """
        if text:
            self.news = {"n": int(self.news.get("n", 0)) + 1, "text": text}

    def on_sync(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` after every new snapshot, once the board's own update has been
        sent (so the browser redraws the board before the panels and charts are worked out)."""
        self.browser.listeners.append(callback)

    # -- the browser ------------------------------------------------------------------------
    def _show(self, snap: Snapshot) -> None:
        """Map a snapshot to the synced traits (the parts that changed), in one message."""
        old, self._shown, self.snapshot = self._shown, snap, snap

        def new(part: str) -> bool:
            return old is None or getattr(old, part) is not getattr(snap, part)

        with self.hold_sync():
            if new("picture"):
                self.svg = snap.picture
            if new("side") or old is None:
                self.side = [list(s) for s in snap.side] if self.show_side else []
            if new("error"):
                self.error = snap.error.to_json() if snap.error else {}
            if new("question"):
                self.ask = snap.question.to_json() if snap.question else {}
            if new("log"):
                self.log = [e.to_json() for e in snap.log] if self.show_log else []
            self.log_total, self.status = snap.log_total, snap.status
            if new("controls"):
                self.controls = snap.controls.to_json()
            if new("labels"):
                self.labels = dict(snap.labels)
            if new("static"):
                self.static = snap.static.to_json()
            if new("presentation"):
                self.presentation = snap.presentation.to_json() if snap.presentation else {}
            if new("access"):
                self.access = snap.access.to_json()
            if new("coach"):
                self.coach_box, self.notes = dict(snap.coach.box), dict(snap.coach.notes)
                self.hint_target = snap.coach.target
            if new("marks"):
                self.marks = marks_json(snap.marks)
            self.revision = snap.revision
        self.browser.notify()

    # -- text form ----------------------------------------------------------------------------
    def __repr__(self) -> str:
        return "Board" + repr(self.session)[len("Session"):]

    def _repr_mimebundle_(self, **kwargs: dict[str, object]) -> WithMetadata | None:
        return text_bundle(super()._repr_mimebundle_(**kwargs), repr(self))
