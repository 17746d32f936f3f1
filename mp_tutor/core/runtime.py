"""What this Python can do: start a thread, start a process, show a line on a terminal.

The tutor runs in CPython on a computer and in Pyodide (JupyterLite: a WebAssembly Python in
the browser), where neither can start: ``threading.Thread.start()`` raises RuntimeError
("can't start new thread") and ``subprocess`` raises OSError. Code that would start one
asks here first and takes its other, explicit way where it cannot: the coach searches in
the kernel itself, in slices on the event loop (:mod:`mp_tutor.coach.tasks`); the notebook
generator says that it cannot execute notebooks there.

The answers come from the platform (``sys.platform == "emscripten"``) and from a start that
failed (:func:`cannot`), so a sandbox that forbids threads or processes is handled the
same way. Tests take an ability away with ``monkeypatch.setattr(CAN, "threads", False)``.
A long command-line game shows its :class:`Progress` only where standard error is a
terminal (never in the browser, a pipe or a file).

>>> can_start_threads() == (not BROWSER)
True
>>> with_ability = CAN.processes
>>> cannot("processes"); can_start_processes()
False
>>> CAN.processes = with_ability
"""

from __future__ import annotations

import math
import sys
import threading
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, TextIO

from .i18n import render, t

if TYPE_CHECKING:  # what a progress line is told after each action, for annotations only
    from .events import Event
    from .game import BaseGame

#: a browser's Python (Pyodide, JupyterLite): no threads, no processes, no terminal
BROWSER = sys.platform == "emscripten"
#: a long game shows its progress on a terminal after this many seconds, at most this often
PROGRESS_AFTER_S = 1.0
PROGRESS_EVERY_S = 0.25


@dataclass
class Abilities:
    """What may be started here (None: not tried yet)."""

    threads: bool | None = None
    processes: bool | None = None


#: the abilities of this Python (see the module docstring)
CAN = Abilities(threads=False if BROWSER else None, processes=False if BROWSER else None)


def _nothing() -> None:
    return None


def can_start_threads() -> bool:
    """Whether a thread can start here (tried once: a thread that does nothing)."""
    if CAN.threads is None:
        try:
            probe = threading.Thread(target=_nothing, name="mp-tutor-probe", daemon=True)
            probe.start()
            probe.join()
            CAN.threads = True
        except RuntimeError:  # "can't start new thread"
            CAN.threads = False
    return CAN.threads


def can_start_processes() -> bool:
    """Whether a process may be tried here (False once a start has failed, or in a browser)."""
    return CAN.processes is not False


def cannot(ability: str) -> None:
    """Note that ``ability`` (``"threads"`` or ``"processes"``) failed to start: not tried again."""
    if ability not in ("threads", "processes"):
        raise ValueError(f"unknown ability {ability!r}")
    setattr(CAN, ability, False)


class Progress:
    """A line on a terminal while a long game plays (strong bots take about 40 s a game):
    the moves played and the seconds so far, rewritten in place on standard error after
    the first :data:`PROGRESS_AFTER_S` seconds, and erased at the end. Only on a terminal:
    piped or redirected output (``--json`` to a file, a log) never gets it.

    >>> import io
    >>> class Tty(io.StringIO):
    ...     def isatty(self): return True
    >>> Progress.on(io.StringIO()) is None
    True
    >>> out = Tty(); line = Progress.on(out, after_s=0)
    >>> class G: history = [1, 2, 3]
    >>> line(G(), [], True); line.clear()
    >>> out.getvalue().startswith("\\rPlaying: 3 moves, 0 s so far")
    True
    """

    def __init__(self, stream: TextIO, after_s: float) -> None:
        self.stream = stream
        self.after_s = after_s
        self.t0 = time.monotonic()
        self.last = -math.inf
        self.width = 0

    @classmethod
    def on(cls, stream: TextIO, after_s: float | None = None) -> Progress | None:
        """A progress line on ``stream`` if it is a terminal, else None."""
        isatty = getattr(stream, "isatty", None)
        if not (callable(isatty) and isatty()):
            return None
        return cls(stream, PROGRESS_AFTER_S if after_s is None else after_s)

    def __call__(self, game: BaseGame, _events: list[Event], _by_bot: bool) -> None:
        now = time.monotonic()
        if now - self.t0 < self.after_s or now - self.last < PROGRESS_EVERY_S:
            return
        self.last = now
        text = render(t("Playing: {moves} moves, {seconds} s so far…",
                        moves=len(game.history), seconds=int(now - self.t0)))
        self._write("\r" + text.ljust(self.width))
        self.width = len(text)

    def clear(self) -> None:
        """Erase the line (before the game's own output)."""
        if self.width:
            self._write("\r" + " " * self.width + "\r")
            self.width = 0

    def _write(self, text: str) -> None:
        encoding = getattr(self.stream, "encoding", None) or "utf-8"
        self.stream.write(text.encode(encoding, "replace").decode(encoding))
        self.stream.flush()


__all__ = ["BROWSER", "CAN", "Abilities", "Progress", "can_start_processes", "can_start_threads",
           "cannot"]
