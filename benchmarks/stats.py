"""What the coach benchmarks share: the Wilson interval, the hint-latency loop, the CPU clock
for budgets and the variants (``--set``)."""

from __future__ import annotations

import importlib
import json
import math
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from types import SimpleNamespace
from typing import Any

from mp_tutor.coach import hint, warm_up
from mp_tutor.core.table import play_until_person


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def use_cpu_clock() -> None:
    """Count the coach's time budgets (a search's seconds, a hint's deadline) in this
    process's CPU time: on a loaded machine a budget then gives a search the playouts an idle
    core would (each process of a run calls it)."""
    from mp_tutor.coach import advisor, search

    clock = SimpleNamespace(monotonic=time.process_time, perf_counter=time.process_time)
    advisor.time = clock  # type: ignore[assignment]
    search.time = clock  # type: ignore[assignment]


def apply_sets(items: Sequence[str]) -> None:
    """Set constants of the priests game's modules for a variant: ``MODULE.NAME=VALUE``
    (VALUE in JSON), e.g. ``playout.HORIZON=null``."""
    for item in items:
        where, _, text = item.partition("=")
        module, _, name = where.rpartition(".")
        target = importlib.import_module(f"mp_tutor.priests.{module}")
        if not hasattr(target, name):
            raise SystemExit(f"--set {item}: mp_tutor.priests.{module} has no {name}")
        setattr(target, name, json.loads(text))


def games(play: Callable[[Any], Any], jobs: Sequence[Any], workers: int) -> Iterator[Any]:
    """``play(job)`` for each job, in order: here (``workers`` 1, so a busy machine gets
    no extra process) or on ``workers`` processes, one game per process at a time."""
    if workers <= 1:
        yield from map(play, jobs)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(play, jobs)


def win_line(label: str, shares: Sequence[float], seconds: float) -> str:
    """``label``'s win rate over ``shares`` (1 a win, a fraction a shared win) with its 95%
    Wilson interval."""
    wins, n = sum(shares), len(shares)
    lo, hi = wilson(wins, n)
    return (f"{label}, {n} games: win rate {wins / max(1, n):.1%} (95% CI {lo:.1%}-{hi:.1%}; "
            f"chance 25%)  [{seconds:.0f} s]")


def tally(label: str, play: Callable[[Any], Any], jobs: Sequence[Any], workers: int,
          share: Callable[[Any], float], every: int = 0) -> list[Any]:
    """Play ``jobs``; print the win rate (``share`` of each result) every ``every`` games
    (to stderr, so that a run stopped early still says what it had) and at the end."""
    t0, out = time.perf_counter(), []
    for r in games(play, jobs, workers):
        out.append(r)
        if every and len(out) % every == 0 and len(out) < len(jobs):
            print("  so far: " + win_line(label, [share(x) for x in out],
                                          time.perf_counter() - t0), file=sys.stderr, flush=True)
    print(win_line(label, [share(x) for x in out], time.perf_counter() - t0), flush=True)
    return out


def hint_latency(game_name: str, new_game: Callable[[int], Any],
                 bots: Callable[[int], dict[int, Any]], positions: int, budget: float,
                 every: int, workers: int = 2) -> tuple[list[float], list[int]]:
    """Seconds per hint (``workers`` worker processes, started ahead; 1: here) and playouts
    per hint, at every ``every``-th position with a choice of games ``new_game(i)`` played
    by ``bots(i)``."""
    warm_up(game_name, workers)
    times: list[float] = []
    iterations: list[int] = []
    i = 0
    while len(times) < positions:
        game, players = new_game(i), bots(i)
        i += 1
        step = 0
        while not game.over and len(times) < positions:
            if game.decider is not None and len(game.legal_actions()) > 1 and step % every == 0:
                t0 = time.perf_counter()
                h = hint(game, budget_s=budget, workers=workers)
                times.append(time.perf_counter() - t0)
                iterations.append(h.iterations)
            play_until_person(game, players, limit=1)
            step += 1
    return times, iterations
