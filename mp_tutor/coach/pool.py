"""Searches on several cores: a process pool, and futures so a notebook stays responsive.

A search is split over ``workers`` processes (worker ``w`` runs iterations ``w, w+k, ...``
with its own statistics) and the statistics are added up, so for a fixed number of
iterations the answer does not depend on timing. The pool is started on first use and
kept (``shutdown()`` ends it); ``warm_up()`` starts it ahead (a front end calls it when it
opens, so the first hint does not wait for the workers). Workers are started by a fork
server (never forked from a kernel's threads), else spawned.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from ..core.actions import Action
from ..core.registry import get_game
from .search import SearchResult, merge, search

_POOLS: dict[str, Executor] = {}


def default_workers() -> int:
    """Worker processes a search uses by default: the cores, at most 2."""
    return max(1, min(2, os.cpu_count() or 1))


def process_pool(workers: int) -> Executor:
    """The shared process pool (started on first use)."""
    pool = _POOLS.get("process")
    if pool is None or getattr(pool, "_max_workers", 0) < workers:
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
        pool = ProcessPoolExecutor(max_workers=workers, mp_context=context)
        _POOLS["process"] = pool
    return pool


def _ready(game: str) -> str:
    return get_game(game).name


def warm_up(game: str, workers: int | None = None) -> None:
    """Start the worker processes now and load ``game`` in them (waits until they are ready)."""
    workers = default_workers() if workers is None else workers
    if workers > 1:
        pool = process_pool(workers)
        for f in [pool.submit(_ready, game) for _ in range(workers)]:
            f.result()


def thread_pool() -> Executor:
    """The thread that runs hints in the background (one at a time, in order)."""
    pool = _POOLS.get("thread")
    if pool is None:
        pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="mp-tutor-coach")
        _POOLS["thread"] = pool
    return pool


def shutdown() -> None:
    """Stop the coach's pools (they start again when needed)."""
    for pool in _POOLS.values():
        pool.shutdown(wait=False, cancel_futures=True)
    _POOLS.clear()


def _work(game: str, info: Any, player: int, legal: Sequence[Action], options: dict[str, Any]
          ) -> SearchResult:
    return search(get_game(game).coach, info, player, legal, **options)


def run_search(game: str, info: Any, player: int, legal: Sequence[Action], *,
               workers: int = 1, **options: Any) -> SearchResult:
    """Search on ``workers`` processes (1: in this process) and add the results up."""
    if workers <= 1:
        return _work(game, info, player, legal, options)
    pool = process_pool(workers)
    futures: list[Future[SearchResult]] = [
        pool.submit(_work, game, info, player, list(legal), {**options, "first": w, "step": workers})
        for w in range(workers)]
    return merge([f.result() for f in futures])


__all__ = ["default_workers", "process_pool", "run_search", "shutdown", "thread_pool", "warm_up"]
