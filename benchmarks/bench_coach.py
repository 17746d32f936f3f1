"""The coach's figures for 4-player games of the Princes (run by hand; it takes a while).

1. the strong bot's win rate against three heuristic (builder) bots (chance: 25%), with a
   95% Wilson interval; the strong bot's seat turns round the table;
2. the share of rescue endings when four strong bots play;
3. the hint's latency (median, 95th percentile) on positions of real games, on 2 cores;
4. the rollout cost against python-chess (benchmarks/bench_rollout.py).

Games are played on ``--workers`` processes (one game per process; 1: here). Run:
``python benchmarks/bench_coach.py [--games 200] [--strong-games 40] [--budget 0.25]``
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from bench_rollout import interleaved
from stats import games, hint_latency, tally, wilson

from mp_tutor import Game
from mp_tutor.coach import shutdown
from mp_tutor.core.table import play_until_person
from mp_tutor.princes.bots import BuilderBot, StrongBot

PLAYERS = 4


def strong_vs_builders(args: tuple[int, float, int | None]) -> tuple[float, str, int, list[int]]:
    """One game: the strong bot in seat ``seed % 4`` against three builders."""
    seed, budget, iterations = args
    seat = seed % PLAYERS
    game = Game.new(players=PLAYERS, seed=seed, history=False)
    bots = {p: (StrongBot(seed=seed, budget_s=budget, iterations=iterations) if p == seat else
                BuilderBot(seed=seed * 10 + p)) for p in range(PLAYERS)}
    play_until_person(game, bots)
    out = game.outcome()
    winners = out.winners
    share = 1.0 / len(winners) if seat in winners else 0.0
    return share, out.ending, seat, [sc.final for sc in out.scores]


def strong_only(args: tuple[int, float, int | None]) -> str:
    seed, budget, iterations = args
    game = Game.new(players=PLAYERS, seed=seed, history=False)
    bots = {p: StrongBot(seed=seed * 10 + p, budget_s=budget, iterations=iterations)
            for p in range(PLAYERS)}
    play_until_person(game, bots)
    return game.outcome().ending


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200, help="strong vs builders games")
    ap.add_argument("--strong-games", type=int, default=40, help="games of four strong bots")
    ap.add_argument("--budget", type=float, default=0.25, help="seconds per strong decision")
    ap.add_argument("--iterations", type=int, default=None,
                    help="playouts per strong decision instead of a time budget (the same "
                         "strength on a busy machine)")
    ap.add_argument("--hints", type=int, default=40, help="hints timed")
    ap.add_argument("--hint-budget", type=float, default=1.0, help="seconds per hint")
    ap.add_argument("--seconds", type=float, default=3.0, help="per rollout measurement")
    ap.add_argument("--first-seed", type=int, default=0, help="the first game's seed")
    ap.add_argument("--workers", type=int, default=2, help="processes playing games (1: here)")
    ap.add_argument("--hint-workers", type=int, default=2, help="worker processes per hint")
    args = ap.parse_args()
    per = (f"{args.iterations} playouts" if args.iterations else f"{args.budget:.2f} s")
    seeds = range(args.first_seed, args.first_seed + args.games)
    if args.games:
        results = tally(f"strong ({per}/decision) vs 3 builders, seeds {seeds.start}-"
                        f"{seeds.stop - 1}", strong_vs_builders,
                        [(s, args.budget, args.iterations) for s in seeds], args.workers,
                        lambda r: r[0], every=10)
        print(f"  endings {dict(Counter(r[1] for r in results))}", flush=True)
    if args.strong_games:
        t1 = time.perf_counter()
        endings = Counter(games(strong_only, [(s, args.budget, args.iterations)
                                              for s in range(args.strong_games)], args.workers))
        rescues = sum(v for k, v in endings.items() if k != "conquest")
        n = sum(endings.values())
        lo, hi = wilson(rescues, n)
        print(f"4 strong bots ({per}/decision), {n} games: rescue endings {rescues / n:.1%} "
              f"(95% CI {lo:.1%}-{hi:.1%}); endings {dict(endings)}  "
              f"[{time.perf_counter() - t1:.0f} s]", flush=True)
    if not args.hints:
        return
    times, _ = hint_latency("princes", lambda i: Game.new(players=PLAYERS, seed=500 + i),
                            lambda i: {p: BuilderBot(seed=i * 10 + p) for p in range(PLAYERS)},
                            args.hints, args.hint_budget, every=25, workers=args.hint_workers)
    shutdown()
    q = statistics.quantiles(times, n=20)
    print(f"hint latency ({args.hint_budget:.1f} s budget, {args.hint_workers} workers, "
          f"{len(times)} hints): median {statistics.median(times):.2f} s, 95th percentile "
          f"{q[18]:.2f} s", flush=True)
    us = interleaved(args.seconds, {"fast": lambda s: Game.new(players=PLAYERS, seed=s,
                                                               fast=True)})
    print(f"rollout cost: {us['fast']:.1f} us/decision vs python-chess {us['chess']:.1f} us/ply: "
          f"ratio {us['fast'] / us['chess']:.2f}")


if __name__ == "__main__":
    main()
