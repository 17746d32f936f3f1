"""What this Python can do: start a thread, start a process; and whether it is a browser's.

The tutor runs in CPython on a computer and in Pyodide (JupyterLite: a WebAssembly Python in
the browser), where neither can start: ``threading.Thread.start()`` raises RuntimeError
("can't start new thread") and ``subprocess`` raises OSError. Code that would start one
asks here first and takes its other, explicit way where it cannot: the coach searches in
the kernel itself, in slices on the event loop (:mod:`mp_tutor.coach.tasks`); the notebook
generator says that it cannot execute notebooks there.

The answers come from the platform (``sys.platform == "emscripten"``) and from a start that
failed (:func:`cannot`), so a sandbox that forbids threads or processes is handled the
same way. Tests take an ability away with ``monkeypatch.setattr(CAN, "threads", False)``.

>>> can_start_threads() == (not BROWSER)
True
>>> with_ability = CAN.processes
>>> cannot("processes"); can_start_processes()
False
>>> CAN.processes = with_ability
"""

from __future__ import annotations

import sys
import threading
from dataclasses import dataclass

#: a browser's Python (Pyodide, JupyterLite): no threads, no processes, no terminal
BROWSER = sys.platform == "emscripten"


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


__all__ = ["BROWSER", "CAN", "Abilities", "can_start_processes", "can_start_threads", "cannot"]
