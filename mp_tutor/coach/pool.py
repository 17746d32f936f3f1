"""A search split into shares: on worker processes, or in this process where none can start.

A search is split into ``workers`` shares (share ``w`` of ``k`` runs iterations ``w, w+k,
...`` with its own statistics) and the statistics are added up, so for a fixed number of
iterations the answer depends neither on timing nor on where the shares ran. They run on
the coach's worker processes (:mod:`mp_tutor.coach.workers`: plain Python processes that
never import your script again), started on first use and kept (``shutdown()`` ends
them; ``warm_up()`` starts them ahead, so the first hint does not wait). Where no process
can start (Pyodide in the browser, a sandbox; :mod:`mp_tutor.core.runtime`), or one fails
to start, the shares run here, a slice of each in turn: :func:`search_steps` yields between
slices so that a question on the event loop lets the kernel work (:mod:`mp_tutor.coach.tasks`).

>>> from mp_tutor import load_scenario
>>> from mp_tutor.coach.advisor import snapshot
>>> snap = snapshot(load_scenario("coca-plantation-production"))
>>> here = finish(search_steps(snap.game, snap.info, snap.player, snap.legal, workers=2,
...                            iterations=20, seed=3, processes=False))
>>> there = run_search(snap.game, snap.info, snap.player, snap.legal, workers=2,
...                    iterations=20, seed=3)
>>> [(s.action, s.visits) for s in here.stats] == [(s.action, s.visits) for s in there.stats]
True
"""

from __future__ import annotations

import os
import threading
import time
import warnings
from collections.abc import Sequence
from typing import Unpack

from ..core.actions import Action
from ..core.coaching import Knowledge
from ..core.registry import get_game
from ..core.runtime import can_start_processes, cannot
from .search import Search, SearchOptions, SearchResult, merge
from .tasks import SLICE_S, Steps, finish, stop_thread, thread_pool
from .workers import Job, WorkerError, Workers, opened

#: a search is split into at most this many shares by default
MOST_WORKERS = 2

_POOLS: dict[str, Workers] = {}
_LOCK = threading.Lock()


def default_workers() -> int:
    """The shares a search is split into by default: the cores, at most 2; where no process
    can start, 2 (they run in turn here, and the answer is a 2-core computer's)."""
    if not can_start_processes():
        return MOST_WORKERS
    return max(1, min(MOST_WORKERS, os.cpu_count() or 1))


def check_workers(workers: object) -> int:
    """The shares a search is split into: ``workers`` checked (a whole number from 1; 1
    runs the search in this process), or the default (:func:`default_workers`) for None.

    0 is refused (it once meant "in this process", which is 1 now), as is anything but a
    whole number:

    >>> check_workers(None) >= 1, check_workers(1)
    (True, 1)
    >>> check_workers(0)
    Traceback (most recent call last):
    ValueError: workers must be a whole number from 1 (the shares of a search; 1: in this process), not 0
    """
    if workers is None:
        return default_workers()
    if type(workers) is not int or workers < 1:
        raise ValueError("workers must be a whole number from 1 (the shares of a search; 1: in "
                         f"this process), not {workers!r}")
    return workers


def worker_pool(workers: int) -> Workers | None:
    """The coach's ``workers`` worker processes (started on first use), or None where
    processes cannot start (the shares then run in this process)."""
    if not can_start_processes():
        return None
    with _LOCK:
        pool = _POOLS.get("workers")
        if pool is None or pool.size < workers:
            if pool is not None:
                pool.close()
            try:
                pool = opened(Workers(workers))
            except (OSError, NotImplementedError):  # no fork/exec here (Pyodide raises OSError)
                _POOLS.pop("workers", None)
                cannot("processes")
                return None
            _POOLS["workers"] = pool
        return pool


def _drop(pool: Workers, exc: WorkerError) -> None:
    """A worker failed: close the pool (the next search starts a new one); one that never
    started means processes cannot start here."""
    with _LOCK:
        if _POOLS.get("workers") is pool:
            del _POOLS["workers"]
    pool.close()
    if not exc.started:
        cannot("processes")
    warnings.warn(f"{exc}: the coach searches in this process instead", RuntimeWarning,
                  stacklevel=3)


def search_steps(game: str, info: Knowledge, player: int, legal: Sequence[Action], *,
                 workers: int = 1, processes: bool = True, **options: Unpack[SearchOptions]
                 ) -> Steps[SearchResult]:
    """A search (:func:`mp_tutor.coach.search.search` ``options``) in ``workers`` shares:
    on the worker processes in one step when ``workers > 1`` and they can start (and
    ``processes``), else here, yielding after each slice of a share (the shares take turns).
    A bad ``workers`` raises ``ValueError`` (:func:`check_workers`)."""
    workers = check_workers(workers)
    legal = list(legal)
    if workers > 1 and processes:
        pool = worker_pool(workers)
        if pool is not None:
            try:
                waited = _ready(pool, game, workers)
                deadline = options.get("deadline")
                if deadline is not None:  # the budget starts once they are ready
                    options = {**options, "deadline": deadline + waited}
                jobs: list[Job] = [("search", game, info, player, legal,
                                    {**options, "first": w, "step": workers})
                                   for w in range(workers)]
                return merge(pool.searches(jobs))
            except WorkerError as exc:
                _drop(pool, exc)
    support = get_game(game).coach
    if support is None:
        raise ValueError(f"{game} has no coach")
    shares = [Search(support, info, player, legal, first=w, step=workers, **options)
              for w in range(workers)]
    turn = 0
    while True:
        share = shares[turn % workers]  # one share's slice per step, in turn
        turn += 1
        if not share.over:
            share.run(SLICE_S)
        if all(s.over for s in shares):
            break
        if not share.over:
            yield
    results = [s.result() for s in shares]
    return results[0] if workers == 1 else merge(results)


def run_search(game: str, info: Knowledge, player: int, legal: Sequence[Action], *,
               workers: int = 1, **options: Unpack[SearchOptions]) -> SearchResult:
    """:func:`search_steps` here and now (``workers`` 1: in this process)."""
    return finish(search_steps(game, info, player, legal, workers=workers, **options))


def _ready(pool: Workers, game: str, workers: int) -> float:
    """Start ``workers`` of the pool's processes and load ``game`` there, unless done before;
    the seconds waited."""
    if game in pool.loaded and pool.size >= workers:
        return 0.0
    t0 = time.monotonic()
    pool.map([("ready", game)] * pool.size)
    pool.loaded.add(game)
    return time.monotonic() - t0


def warm_up(game: str, workers: int | None = None) -> None:
    """Start the worker processes now and load ``game`` in them (waits until they are
    ready); nothing where processes cannot start. Else the first search that needs them
    waits (its time budget starts when they are ready)."""
    workers = check_workers(workers)
    pool = worker_pool(workers) if workers > 1 else None
    if pool is not None:
        try:
            _ready(pool, game, workers)
        except WorkerError as exc:
            _drop(pool, exc)


def shutdown() -> None:
    """Stop the coach's thread and worker processes (they start again when needed)."""
    stop_thread()
    with _LOCK:
        pool = _POOLS.pop("workers", None)
    if pool is not None:
        pool.close()


__all__ = ["MOST_WORKERS", "check_workers", "default_workers", "run_search", "search_steps", "shutdown",
           "thread_pool", "warm_up", "worker_pool"]
