"""A whole browser made N times slower, as on a school laptop: its processes (the browser, its
renderers, the kernel's web worker inside them, its GPU and network processes) are paused and
resumed on a duty cycle, SIGSTOP for (N-1)/N of every period and SIGCONT for 1/N of it.

Chromium's own CPU throttle (CDP ``Emulation.setCPUThrottlingRate``) slows only a page's main
thread, not the kernel's worker, so it cannot show what a slow computer does to Python in the
browser; this slows everything the browser runs, network included, by the same factor.

Only the processes of the browser this script started are touched: the one whose command line
holds ``marker`` and its descendants (read from /proc), found again every period (renderers
come and go).
"""

from __future__ import annotations

import os
import signal
import threading
from pathlib import Path


def processes_with(marker: str) -> list[int]:
    """The pids whose command line holds ``marker``, and all their descendants."""
    children: dict[int, list[int]] = {}
    roots = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        pid = int(entry.name)
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(ppid, []).append(pid)
        if marker.encode() in cmdline and pid != os.getpid():
            roots.append(pid)
    out, todo = [], list(roots)
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo.extend(children.get(pid, []))
    return out


class DutyCycle:
    """``with DutyCycle(marker, factor=4):`` everything of that browser runs 1/4 of the time."""

    def __init__(self, marker: str, factor: float, period_s: float = 0.1) -> None:
        if factor < 1:
            raise ValueError("the slowdown factor is 1 or more")
        self.marker, self.factor, self.period = marker, factor, period_s
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _signal(self, pids: list[int], sig: int) -> None:
        for pid in pids:
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                pass

    def _run(self) -> None:
        running = self.period / self.factor
        while not self._stop.is_set():
            pids = processes_with(self.marker)
            self._signal(pids, signal.SIGSTOP)
            self._stop.wait(self.period - running)
            self._signal(pids, signal.SIGCONT)
            self._stop.wait(running)

    def __enter__(self) -> DutyCycle:
        if self.factor > 1:
            self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()
        self._signal(processes_with(self.marker), signal.SIGCONT)
