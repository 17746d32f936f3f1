"""The coach's figures for 4-player games of the priests game (run by hand; it takes a while).

1. the strong bot's win rate against three schemer bots (the heuristic bot) and against
   three random bots (chance: 25%; a shared win counts as a share), with a 95% Wilson
   interval; the strong bot's seat turns round the table;
2. the hint's latency (median, 95th percentile) on positions of schemer games, on 2 cores;
3. the rollout cost: microseconds per decision of random playouts (full game object and
   rollout mode), of the coach's policy playouts, and per search iteration (a sampled
   position, a playout, a value).

Games are played here, or on ``--workers`` processes (one game per process). Seeds run from
``--first-seed``; ``--uniform`` deals the others' priest cards and face-down cards uniformly
(the coach before it read the table, issue 20), to compare on the same seeds. Run:
``python benchmarks/bench_coach_priests.py [--games 400] [--budget 0.25] [--cpu-clock] [--hints 40]``
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from stats import apply_sets, hint_latency, tally, use_cpu_clock

from mp_tutor.coach import shutdown
from mp_tutor.coach.search import playout as search_playout
from mp_tutor.core.table import RandomBot, play_until_person
from mp_tutor.priests import Game, determinize
from mp_tutor.priests.bots import SchemerBot, StrongBot
from mp_tutor.priests.coaching import SUPPORT
from mp_tutor.priests.determinize import knowledge
from mp_tutor.priests.playout import policy

PLAYERS = 4
OPPONENTS = {"schemer": SchemerBot, "random": RandomBot}


def strong_vs(args: tuple[str, int, float, int | None, bool, bool, tuple[str, ...]]
              ) -> tuple[float, list[int]]:
    """One game: the strong bot in seat ``seed % 4`` against three ``opponent`` bots."""
    opponent, seed, budget, iterations, uniform, cpu, sets = args
    apply_sets(sets)
    if cpu:
        use_cpu_clock()
    if uniform:
        determinize.read_table = lambda *a, **k: None  # the belief: none (uniform deals)
    seat = seed % PLAYERS
    game = Game.new(players=PLAYERS, seed=seed, history=False)
    bots = {p: (StrongBot(seed=seed, budget_s=budget, iterations=iterations) if p == seat else
                OPPONENTS[opponent](seed=seed * 10 + p)) for p in range(PLAYERS)}
    play_until_person(game, bots)
    out = game.outcome()
    winners = out.winners
    share = 1.0 / len(winners) if seat in winners else 0.0
    return share, [sc.score for sc in out.scores]


def win_rate(opponent: str, args: argparse.Namespace) -> None:
    per = (f"{args.iterations} playouts" if args.iterations else
           f"{args.budget:.2f} s{' of CPU' if args.cpu_clock else ''}")
    how = (", uniform deals" if args.uniform else "") + "".join(f", {x}" for x in args.set)
    seeds = range(args.first_seed, args.first_seed + args.games)
    tally(f"strong ({per}/decision{how}) vs 3 {opponent} bots, seeds {seeds.start}-"
          f"{seeds.stop - 1}", strong_vs,
          [(opponent, s, args.budget, args.iterations, args.uniform, args.cpu_clock,
            tuple(args.set)) for s in seeds],
          args.workers, lambda r: r[0], every=10)


def playout_costs(seconds: float) -> dict[str, float]:
    """Microseconds per decision of random and policy playouts, and per search iteration."""
    rng = random.Random(0)
    out: dict[str, float] = {}
    for name, fast, chooser in (
            ("random, full game object", False, None),
            ("random, rollout mode", True, None),
            ("policy, rollout mode", True, policy)):
        decisions, t0, seed = 0, time.perf_counter(), 0
        while time.perf_counter() - t0 < seconds:
            game = Game.new(players=PLAYERS, seed=seed, fast=fast)
            seed += 1
            while not game.over:
                legal = game.legal_actions()
                game.apply(chooser(game, rng) if chooser else legal[rng.randrange(len(legal))])
                decisions += 1
        out[name] = (time.perf_counter() - t0) / decisions * 1e6
    game = Game.new(players=PLAYERS, seed=1)
    info = knowledge(game.view(game.decider), game.log, [])
    for label, horizon in (("to the end", None), (f"horizon {SUPPORT.horizon}", SUPPORT.horizon)):
        done, t0 = 0, time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            search_playout(SUPPORT.sample(info, rng), 0, SUPPORT, rng, horizon)
            done += 1
        out[f"search iteration from round 1 (sample, playout {label}, value)"] = (
            (time.perf_counter() - t0) / done * 1e6)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=400, help="games against each kind of bot")
    ap.add_argument("--first-seed", type=int, default=0, help="the first game's seed")
    ap.add_argument("--workers", type=int, default=2, help="processes playing games (1: here)")
    ap.add_argument("--uniform", action="store_true",
                    help="deal the others' hidden cards uniformly (no reading of the table)")
    ap.add_argument("--budget", type=float, default=0.25, help="seconds per strong decision")
    ap.add_argument("--iterations", type=int, default=None,
                    help="playouts per strong decision instead of a time budget (the same "
                         "strength on a busy machine)")
    ap.add_argument("--cpu-clock", action="store_true",
                    help="count --budget in each game's process CPU time (on a loaded machine "
                         "the strong bot then gets the playouts of an idle core)")
    ap.add_argument("--set", action="append", default=[], metavar="MODULE.NAME=VALUE",
                    help="a variant: set a constant of mp_tutor.priests (e.g. "
                         "playout.HORIZON=null: playouts to the end, as before)")
    ap.add_argument("--opponents", default="schemer,random", help="kinds of bots to play")
    ap.add_argument("--hints", type=int, default=40, help="hints timed")
    ap.add_argument("--hint-budget", type=float, default=1.0, help="seconds per hint")
    ap.add_argument("--hint-workers", type=int, default=2, help="worker processes per hint")
    ap.add_argument("--seconds", type=float, default=2.0, help="per playout measurement")
    args = ap.parse_args()
    for opponent in args.opponents.split(","):
        if opponent:
            win_rate(opponent, args)
    if args.hints:
        times, iterations = hint_latency(
            "priests", lambda i: Game.new(players=PLAYERS, seed=700 + i),
            lambda i: {p: SchemerBot(seed=i * 10 + p) for p in range(PLAYERS)},
            args.hints, args.hint_budget, every=5, workers=args.hint_workers)
        shutdown()
        q = statistics.quantiles(times, n=20)
        print(f"hint latency ({args.hint_budget:.1f} s budget, {args.hint_workers} workers, "
              f"{len(times)} hints): "
              f"median {statistics.median(times):.2f} s, 95th percentile {q[18]:.2f} s; "
              f"playouts per hint: median {statistics.median(iterations):.0f}", flush=True)
    for name, us in playout_costs(args.seconds).items():
        print(f"{name}: {us:.1f} us")


if __name__ == "__main__":
    main()
