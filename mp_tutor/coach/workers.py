"""The coach's worker processes: plain Python processes that import ``mp_tutor``, never your script.

A worker is ``python -P -c "...serve()"`` started with :mod:`subprocess`, given the parent's
``sys.path`` (``-P``: the current folder is not searched first) and nothing else: unlike :mod:`multiprocessing`'s spawn and fork-server
start methods it does not import the parent's ``__main__`` again, so the coach works from
a plain script without an ``if __name__ == "__main__":`` guard, from ``python -`` (standard
input), ``python -c`` and a notebook alike. Jobs and answers are pickled frames on the
worker's standard input and output (its own ``print``\\s go to standard error); a worker
ends when its input closes, so none outlives the Python that started it.

>>> pool = Workers(1)
>>> pool.map([("ready", "princes")])
['princes']
>>> pool.close()
"""

from __future__ import annotations

import atexit
import json
import os
import pickle
import struct
import subprocess
import sys
import threading
from collections.abc import Sequence
from typing import IO, Literal

from ..core.actions import Action
from ..core.coaching import Knowledge
from ..core.registry import get_game
from .search import SearchResult, ShareOptions, search

#: a job for a worker: ``("ready", game)`` (load the game: the answer is its name) or
#: ``("search", game, info, player, legal, options)`` (a search share: its result)
Job = (tuple[Literal["ready"], str]
       | tuple[Literal["search"], str, Knowledge, int, Sequence[Action], ShareOptions])

#: what a worker runs: reads ``sys.path`` from its argument, then serves
BOOT = ("import sys, json; sys.path[:] = json.loads(sys.argv[1]); "
        "from mp_tutor.coach.workers import serve; serve()")
_SIZE = struct.Struct("!Q")


class WorkerError(RuntimeError):
    """A worker process stopped (or could not start): ``started`` says which."""

    def __init__(self, message: str, started: bool) -> None:
        super().__init__(message)
        self.started = started


def write_frame(out: IO[bytes], value: object) -> None:
    data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    out.write(_SIZE.pack(len(data)) + data)
    out.flush()


def read_frame(inp: IO[bytes]) -> object:
    """The next pickled value (whatever the other side sent: checked by the reader), or
    raise EOFError when the other side is gone."""
    head = inp.read(_SIZE.size)
    if len(head) < _SIZE.size:
        raise EOFError
    size = _SIZE.unpack(head)[0]
    data = inp.read(size)
    if len(data) < size:
        raise EOFError
    return pickle.loads(data)


def run_job(job: object) -> str | SearchResult:
    """One :data:`Job`: ``("ready", game)`` (load the game) or ``("search", game, info,
    player, legal, options)`` (a search share, :func:`mp_tutor.coach.search.search`)."""
    if not isinstance(job, tuple) or len(job) not in (2, 6) or not isinstance(job[1], str):
        raise ValueError(f"not a job: {job!r}"[:200])
    info = get_game(job[1])
    if job[0] == "ready":
        return info.name
    if job[0] == "search" and len(job) == 6:
        if info.coach is None:
            raise ValueError(f"{info.name} has no coach")
        _, _, knowledge, player, legal, options = job
        return search(info.coach, knowledge, player, legal, **options)
    raise ValueError(f"unknown job {job[0]!r}")


def serve() -> None:
    """A worker's loop: a job in, its answer out (``("ok", value)`` or ``("error", exc)``)."""
    out = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())  # prints cannot mix with the answers
    sys.stdout = sys.stderr
    inp = sys.stdin.buffer
    while True:
        try:
            job = read_frame(inp)
        except EOFError:
            return
        try:
            answer: tuple[str, object] = ("ok", run_job(job))
        except Exception as exc:  # noqa: BLE001 - sent back and raised in the parent
            answer = ("error", exc)
        try:
            try:
                write_frame(out, answer)
            except (pickle.PicklingError, TypeError, AttributeError):
                write_frame(out, ("error", RuntimeError(repr(answer[1])[:2000])))
        except OSError:  # the parent is gone (or shut the pool down): nobody to answer
            return


class _Worker:
    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-P", "-c", BOOT, json.dumps([str(p) for p in sys.path])],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, close_fds=True)
        self.answered = False

    def send(self, job: Job) -> None:
        assert self.proc.stdin is not None
        try:
            write_frame(self.proc.stdin, job)
        except (BrokenPipeError, OSError) as exc:
            raise self._stopped() from exc

    def receive(self) -> object:
        """The answer to the job sent (a job's error is raised here)."""
        assert self.proc.stdout is not None
        try:
            frame = read_frame(self.proc.stdout)
        except (EOFError, OSError, pickle.UnpicklingError) as exc:
            raise self._stopped() from exc
        self.answered = True
        if not (isinstance(frame, tuple) and len(frame) == 2):
            raise RuntimeError(f"a coach worker answered {frame!r}"[:2000])
        kind, value = frame
        if kind == "error":
            raise value if isinstance(value, BaseException) else RuntimeError(repr(value))
        return value

    def _stopped(self) -> WorkerError:
        code = self.proc.poll()
        how = f"exit status {code}" if code is not None else "its output closed"
        if self.answered:
            return WorkerError(f"a coach worker process stopped ({how})", True)
        return WorkerError(f"a coach worker process could not start ({how}; {sys.executable} "
                           "-c ... could not import mp_tutor?)", False)

    def close(self) -> None:
        for pipe in (self.proc.stdin, self.proc.stdout):
            if pipe is not None:
                try:
                    pipe.close()
                except OSError:
                    pass
        try:
            self.proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


class Workers:
    """``count`` worker processes, started at once; one :meth:`map` at a time (a lock)."""

    def __init__(self, count: int) -> None:
        self.lock = threading.Lock()
        self.workers: list[_Worker] = []
        #: the games the workers have loaded (their first search does not wait for it)
        self.loaded: set[str] = set()
        try:
            for _ in range(count):
                self.workers.append(_Worker())
        except BaseException:
            self.close()
            raise

    @property
    def size(self) -> int:
        return len(self.workers)

    def searches(self, jobs: Sequence[Job]) -> list[SearchResult]:
        """Run search ``jobs`` (at most one per worker) at the same time; their results in
        order."""
        results = self.map(jobs)
        found = [r for r in results if isinstance(r, SearchResult)]
        if len(found) != len(results):
            raise RuntimeError(f"a coach worker answered a search with {results!r}"[:2000])
        return found

    def map(self, jobs: Sequence[Job]) -> list[object]:
        """Run ``jobs`` (at most one per worker) at the same time; their answers in order."""
        if len(jobs) > len(self.workers):
            raise ValueError(f"{len(jobs)} jobs for {len(self.workers)} workers")
        with self.lock:
            busy = self.workers[:len(jobs)]
            for worker, job in zip(busy, jobs, strict=True):
                worker.send(job)
            answers: list[object] = []
            failure: BaseException | None = None
            for worker in busy:  # read every answer, so the next map starts clean
                try:
                    answers.append(worker.receive())
                except WorkerError:
                    raise
                except Exception as exc:  # noqa: BLE001 - the job's own error, raised below
                    failure = failure or exc
                    answers.append(None)
            if failure is not None:
                raise failure
            return answers

    def close(self) -> None:
        """End the workers (their input closes; one that does not end is killed)."""
        for worker in self.workers:
            worker.close()
        self.workers = []
        if self in _OPEN:
            _OPEN.remove(self)


_OPEN: list[Workers] = []


def opened(pool: Workers) -> Workers:
    """Remember ``pool`` so that it is closed when Python exits."""
    _OPEN.append(pool)
    return pool


@atexit.register
def _close_all() -> None:
    for pool in list(_OPEN):
        pool.close()


__all__ = ["BOOT", "WorkerError", "Workers", "opened", "read_frame", "run_job", "serve",
           "write_frame"]
