"""How strong can any bot of the priests game be? The ceiling of the coach's goals.

One bot in seat ``seed % 4`` of a 4-player game against three ``--opponents`` bots (the
seeds, seats and opponents' seeds of ``bench_coach_priests.py``), with a fixed number of
playouts per decision. The seat is one of:

- ``strong``: the coach's strong bot (what its seat knows, the belief of the table);
- ``oracle``: the same search on the **real** position: it sees every hidden card (the
  others' hands and priest cards, the cards laid face down, the draw pile and the sun/moon
  cards to come) and plays out from it, and knows the opponents' kind (random bots are
  played at random in its playouts, schemers by the playout policy). Benchmark-only: it
  reads the game state, which no seat of the tutor can;
- ``greedy``: the playout policy without noise on the real position (no search);
- ``random`` / ``schemer``: the opponents' bots themselves (the seat's chance).

It prints the win rate (a first place shared by k players counts 1/k) with its 95% Wilson
interval, how often the seat won alone and shared a first place, how often any game's first
place was shared, and ``--out FILE`` keeps one JSON line per game (for paired comparisons
on the same seeds). Run one process at a time on a shared machine, e.g.:

    nice -n 19 python benchmarks/bench_priests_ceiling.py --seat oracle --playouts 200 \\
        --opponents random --games 100
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from typing import Any

from bench_coach_priests import OPPONENTS, PLAYERS
from stats import apply_sets, use_cpu_clock, wilson

from mp_tutor.coach.search import Search
from mp_tutor.core.actions import Action
from mp_tutor.core.table import Observation, play_until_person
from mp_tutor.priests import Game
from mp_tutor.priests.bots import StrongBot
from mp_tutor.priests.coaching import SUPPORT
from mp_tutor.priests.playout import policy, preferred
from mp_tutor.priests.state import State


class OracleSupport:
    """The coach's support, but every "sample" is the real position (benchmark only)."""

    name = "priests"

    def __init__(self, aimless: frozenset[int]) -> None:
        self.aimless = aimless  # the players it knows to play at random

    def sample(self, info: State, rng: random.Random) -> Game:
        return Game(info.copy(), [], history=False, fast=True)

    def policy(self, game: Game, rng: random.Random) -> Action:
        """The playout policy, and a random choice for a player known to play at random."""
        if game.state.queue[0].player in self.aimless:
            legal = game.legal_actions()
            return legal[rng.randrange(len(legal))]
        return policy(game, rng)

    def __getattr__(self, attr: str) -> Any:
        return getattr(SUPPORT, attr)


class OracleBot:
    """The strong bot's search on the real state of ``game`` (it cheats: benchmark only)."""

    name = "oracle"

    def __init__(self, game: Game, seed: int, playouts: int, aimless: frozenset[int]) -> None:
        self.game, self.seed, self.playouts, self.decisions = game, seed, playouts, 0
        self.support = OracleSupport(aimless)

    def choose(self, obs: Observation) -> Action:
        legal = list(obs.legal)
        if len(legal) == 1:
            return legal[0]
        self.decisions += 1
        one = Search(self.support, self.game.state, obs.player or 0, legal,
                     iterations=self.playouts, seed=self.seed * 100_003 + self.decisions)
        one.run()
        return one.result().best.action


class GreedyBot:
    """The playout policy's first choice on the real state (it cheats: benchmark only)."""

    name = "greedy"

    def __init__(self, game: Game) -> None:
        self.game = game

    def choose(self, obs: Observation) -> Action:
        legal = list(obs.legal)
        return legal[0] if len(legal) == 1 else preferred(self.game, legal)[0]


def play(seat_kind: str, opponent: str, seed: int, playouts: int | None,
         budget: float = 0.25) -> dict[str, Any]:
    """One game; the seat's share of the win, the winners and the scores."""
    seat = seed % PLAYERS
    game = Game.new(players=PLAYERS, seed=seed, history=False)
    bot: Any
    if seat_kind == "strong":
        bot = StrongBot(seed=seed, iterations=playouts, budget_s=budget)
    elif seat_kind == "oracle":
        bot = OracleBot(game, seed, playouts, frozenset(
            p for p in range(PLAYERS) if p != seat and opponent == "random"))
    elif seat_kind == "greedy":
        bot = GreedyBot(game)
    else:
        bot = OPPONENTS[seat_kind](seed=seed * 10 + seat)
    bots = {p: bot if p == seat else OPPONENTS[opponent](seed=seed * 10 + p)
            for p in range(PLAYERS)}
    play_until_person(game, bots)
    out = game.outcome()
    assert out is not None
    winners = list(out.winners)
    return {"seed": seed, "seat": seat, "share": 1 / len(winners) if seat in winners else 0.0,
            "winners": winners, "scores": [sc.score for sc in out.scores],
            "cards": [sc.priest_card for sc in out.scores]}


def compare(first: str, second: str) -> None:
    """Two runs' games on the seeds both played: each win rate, and the paired difference
    (second minus first) with its 95% interval (normal, over the per-seed differences)."""
    runs = []
    for path in (first, second):
        with open(path) as f:
            runs.append({g["seed"]: g for g in map(json.loads, f)})
    seeds = sorted(set(runs[0]) & set(runs[1]))
    n = len(seeds)
    for path, run in zip((first, second), runs, strict=True):
        wins = sum(run[k]["share"] for k in seeds)
        lo, hi = wilson(wins, n)
        print(f"{path}: {wins / max(1, n):.1%} (95% CI {lo:.1%}-{hi:.1%}) over {n} games")
    diffs = [runs[1][k]["share"] - runs[0][k]["share"] for k in seeds]
    mean = statistics.fmean(diffs) if diffs else 0.0
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(n) if n > 1 else 1.0
    print(f"paired difference {mean:+.1%} (95% CI {mean - half:+.1%} to {mean + half:+.1%}); "
          f"better on {sum(d > 0 for d in diffs)} seeds, worse on {sum(d < 0 for d in diffs)}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seat", default="oracle", choices=["strong", "oracle", "greedy", *OPPONENTS])
    ap.add_argument("--opponents", default="random", choices=list(OPPONENTS))
    ap.add_argument("--playouts", type=int, default=200, help="playouts per decision")
    ap.add_argument("--cpu-budget", type=float, default=None, metavar="SECONDS",
                    help="the strong bot searches this much CPU time a decision (the search's "
                         "clock is the process's CPU time, so a loaded machine gives it the "
                         "same playouts as an idle core) instead of --playouts")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--out", default=None, help="one JSON line per game to this file")
    ap.add_argument("--set", action="append", default=[], metavar="MODULE.NAME=VALUE",
                    help="set a constant of mp_tutor.priests (e.g. playout.NOISE=0.3) "
                         "to compare variants on the same seeds")
    ap.add_argument("--search", action="append", default=[], metavar="NAME=VALUE",
                    help="a keyword default of the search (explore, shortlist, prior, paired)")
    ap.add_argument("--compare", nargs=2, metavar="RUN.jsonl",
                    help="compare two runs' --out files on their common seeds (no game played)")
    args = ap.parse_args()
    if args.compare:
        compare(*args.compare)
        return
    apply_sets(args.set)
    for item in args.search:
        name, _, text = item.partition("=")
        defaults = Search.__init__.__kwdefaults__
        assert defaults is not None and name in defaults, f"no search option {name}"
        defaults[name] = json.loads(text)
    if args.cpu_budget:
        use_cpu_clock()
    playouts = None if args.cpu_budget else args.playouts
    t0, games = time.perf_counter(), []
    sink = open(args.out, "a") if args.out else None  # noqa: SIM115 - kept open for the run
    for seed in range(args.first_seed, args.first_seed + args.games):
        r = play(args.seat, args.opponents, seed, playouts, args.cpu_budget or 0.25)
        games.append(r)
        if sink:
            sink.write(json.dumps({"seat_kind": args.seat, "opponents": args.opponents,
                                   "playouts": playouts, "cpu_budget": args.cpu_budget,
                                   "set": args.set,
                                   "search": args.search, **r}) + "\n")
            sink.flush()
        if len(games) % 10 == 0:
            wins = sum(g["share"] for g in games)
            print(f"  so far {len(games)}: {wins / len(games):.1%}", file=sys.stderr, flush=True)
    n = len(games)
    wins = sum(g["share"] for g in games)
    lo, hi = wilson(wins, n)
    alone = sum(g["share"] == 1 for g in games)
    shared = sum(0 < g["share"] < 1 for g in games)
    any_shared = sum(len(g["winners"]) > 1 for g in games)
    spent = f"{args.cpu_budget} s of CPU" if args.cpu_budget else f"{args.playouts} playouts"
    variant = "".join(f", {x}" for x in [*args.set, *args.search])
    print(f"{args.seat} ({spent}{variant}) vs 3 {args.opponents}, seeds "
          f"{args.first_seed}-{args.first_seed + n - 1}, {n} games: win rate {wins / n:.1%} "
          f"(95% CI {lo:.1%}-{hi:.1%}); won alone {alone}, shared a first place {shared}; "
          f"games with a shared first place {any_shared}  [{time.perf_counter() - t0:.0f} s]")


if __name__ == "__main__":
    main()
