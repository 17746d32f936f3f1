"""The coach where no thread or process can start (the browser's Python), beside CPython's way.

For positions of builder games (the Princes) and schemer games (the priests) it asks for a
hint with a time budget both ways and prints:

- the hint's latency and playouts on CPython's coach thread and 2 worker processes;
- the same in the kernel itself, in slices on a running asyncio event loop (what Pyodide
  does: ``mp_tutor.core.runtime.CAN`` says no thread and no process can start), and how
  long the loop was kept from other work: the longest gap between two turns of a task
  that only yields (the board's messages wait at most that long);
- a check that both ways give the same hint for a fixed number of playouts.

    .venv/bin/python benchmarks/bench_coach_runtime.py --positions 10 --budget 1.0
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from typing import Any

from mp_tutor import Game
from mp_tutor.coach import hint, hint_async, shutdown, warm_up
from mp_tutor.core import runtime
from mp_tutor.core.table import play_until_person
from mp_tutor.priests import Game as PriestsGame
from mp_tutor.priests.bots import SchemerBot
from mp_tutor.princes.bots import BuilderBot


def positions(game_name: str, count: int, every: int = 7) -> list[Any]:
    """``count`` positions with a choice, every ``every``-th decision of bot games."""
    found: list[Any] = []
    seed = 0
    while len(found) < count:
        if game_name == "princes":
            game: Any = Game.new(players=4, seed=seed)
            bots: dict[int, Any] = {p: BuilderBot(seed=seed + p) for p in range(4)}
        else:
            game = PriestsGame.new(players=4, seed=seed)
            bots = {p: SchemerBot(seed=seed * 10 + p) for p in range(4)}
        seed += 1
        step = 0
        while not game.over and len(found) < count:
            if game.decider is not None and len(game.legal_actions()) > 1 and step % every == 0:
                found.append(game.copy())
            play_until_person(game, bots, limit=1)
            step += 1
    return found


def on_the_loop(game: Any, **options: Any) -> tuple[float, Any, float, float]:
    """(seconds, hint, longest gap between two turns of the loop, longest CPU time of this
    process in such a gap) of a hint on the loop (the wall time also counts the waits for a
    core on a loaded machine; the CPU time is the slice's own)."""
    async def main() -> tuple[float, Any, float, float]:
        gaps: list[float] = []
        cpu: list[float] = []
        stop = False

        async def ticker() -> None:
            last, last_cpu = time.perf_counter(), time.process_time()
            while not stop:
                await asyncio.sleep(0)
                now, now_cpu = time.perf_counter(), time.process_time()
                gaps.append(now - last)
                cpu.append(now_cpu - last_cpu)
                last, last_cpu = now, now_cpu

        task = asyncio.create_task(ticker())
        await asyncio.sleep(0)
        t0 = time.perf_counter()
        answer = await asyncio.wrap_future(hint_async(game, **options))
        took = time.perf_counter() - t0
        stop = True
        await task
        return took, answer, max(gaps, default=0.0), max(cpu, default=0.0)

    return asyncio.run(main())


def report(name: str, values: list[float], unit: str = "s") -> str:
    values = sorted(values)
    p95 = values[min(len(values) - 1, int(0.95 * len(values)))]
    return (f"{name}: median {statistics.median(values):.3f} {unit}, 95th percentile "
            f"{p95:.3f} {unit}, max {values[-1]:.3f} {unit}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=10)
    ap.add_argument("--budget", type=float, default=1.0)
    ap.add_argument("--iterations", type=int, default=60, help="for the same-answer check")
    args = ap.parse_args()
    for game_name in ("princes", "priests"):
        found = positions(game_name, args.positions)
        warm_up(game_name, 2)
        there, there_n, here, here_n, gaps, cpus, agree = [], [], [], [], [], [], 0
        for game in found:
            t0 = time.perf_counter()
            h = hint_async(game, budget_s=args.budget, workers=2).result()
            there.append(time.perf_counter() - t0)
            there_n.append(h.iterations)
            fixed = hint(game, iterations=args.iterations, workers=2, seed=1)
            runtime.CAN.threads, runtime.CAN.processes = False, False
            try:
                took, h2, gap, cpu = on_the_loop(game, budget_s=args.budget, workers=2)
                fixed2 = on_the_loop(game, iterations=args.iterations, workers=2, seed=1)[1]
            finally:
                runtime.CAN.threads, runtime.CAN.processes = None, None
            here.append(took)
            here_n.append(h2.iterations)
            gaps.append(gap)
            cpus.append(cpu)
            agree += fixed == fixed2
        print(f"{game_name}: {len(found)} positions, budget {args.budget} s, 2 workers")
        print("  " + report("thread + 2 processes, latency", there)
              + f"; playouts median {statistics.median(there_n):.0f}")
        print("  " + report("in the kernel, on the loop, latency", here)
              + f"; playouts median {statistics.median(here_n):.0f}")
        print("  " + report("longest wait of the loop's other work (wall)", gaps))
        print("  " + report("longest slice (CPU time)", cpus))
        print(f"  same hint both ways with {args.iterations} playouts: {agree} of {len(found)}")
    shutdown()


if __name__ == "__main__":
    main()
