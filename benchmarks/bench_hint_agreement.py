"""Do the coach's hints stand up to a longer search? (issue 20, item 3)

For positions of bot games (builder games for the Princes, schemer games for the priests,
4 players, a choice to make) it asks for the hint with the short budget (default 1 s) and
then reviews that hint with the long budget (default 10 s): the long search's best move is
the hint at 10 s, and its value of the short hint's move gives the value lost. It prints,
per game, the share of positions where the two agree (with its 95% Wilson interval), the
share where they agree or the short hint loses at most ``CLOSE`` (a near tie), and, where
they do not agree, the value lost (mean, median, largest; 0..1 is a lost..won game, so 0.05
is five points of winning chance), with the playouts each search got.

Hints run here (``--workers 1``: no worker process) with the same seed both times. The
budgets are wall-clock seconds, so on a busy machine both searches get fewer playouts
than on an idle one (the figures say how many); ``--iterations 60,600`` gives both searches
a fixed number of playouts instead (what the budgets give on an idle core), the same on
any machine. Run:

    python benchmarks/bench_hint_agreement.py [--positions 50] [--budgets 1,10] [--games princes,priests]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from typing import Any

from bench_coach_runtime import positions
from stats import apply_sets, use_cpu_clock, wilson

from mp_tutor.coach import hint, review, shutdown

#: a hint that loses at most this much value by the long search is as good as its choice
#: (the two searches' values differ by more than this from luck alone)
CLOSE = 0.02
#: every how many decisions and steps of a bot game a position is taken (a game's length)
EVERY = {"princes": 25, "priests": 5}


def compare(game: Any, short: dict[str, Any], long: dict[str, Any], seed: int
            ) -> tuple[bool, float, int, int]:
    """(agree, value lost, playouts of the short hint, playouts of the long review) at
    ``game``'s position; ``short`` and ``long``: the options of each search."""
    quick = hint(game, seed=seed, **short)
    rev = review(game, quick.action, seed=seed, **long)
    return (rev.best.action == quick.action, rev.loss, quick.iterations,
            rev.hint.iterations)


def run(game_name: str, count: int, short: dict[str, Any], long: dict[str, Any],
        label: str, first: int = 0) -> None:
    found = positions(game_name, first + count, EVERY[game_name])[first:]
    t0 = time.perf_counter()
    results = []
    for k, game in enumerate(found):
        results.append(compare(game, short, long, seed=first + k))
        agree = sum(r[0] for r in results)
        print(f"  {game_name} {k + 1}/{count}: agree {agree}/{k + 1}, lost "
              f"{results[-1][1]:.3f}, playouts {results[-1][2]} / {results[-1][3]}",
              file=sys.stderr, flush=True)
    agree = sum(r[0] for r in results)
    lo, hi = wilson(agree, len(results))
    close = sum(r[0] or r[1] <= CLOSE for r in results)
    lost = [r[1] for r in results if not r[0]]
    lost_text = (f"value lost where they differ ({len(lost)}): mean {statistics.mean(lost):.3f}, "
                 f"median {statistics.median(lost):.3f}, largest {max(lost):.3f}; "
                 f"over all positions: mean {sum(lost) / len(results):.3f}" if lost
                 else "no position where they differ")
    print(f"{game_name}: hint {label}, {len(results)} positions: agree "
          f"{agree / len(results):.1%} (95% CI {lo:.1%}-{hi:.1%}), or lose at most {CLOSE:g}: "
          f"{close / len(results):.1%}; {lost_text}; playouts "
          f"median {statistics.median(r[2] for r in results):.0f} vs "
          f"{statistics.median(r[3] for r in results):.0f}  [{time.perf_counter() - t0:.0f} s]",
          flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--positions", type=int, default=50, help="positions per game")
    ap.add_argument("--budgets", default="1,10", help="the short and the long budget (seconds)")
    ap.add_argument("--games", default="princes,priests", help="which games")
    ap.add_argument("--set", action="append", default=[], metavar="MODULE.NAME=VALUE",
                    help="set a constant of mp_tutor.priests (e.g. playout.HORIZON=8)")
    ap.add_argument("--workers", type=int, default=1, help="search shares (1: this process)")
    ap.add_argument("--first", type=int, default=0,
                    help="skip the first positions (to extend an earlier run)")
    ap.add_argument("--cpu-clock", action="store_true",
                    help="the budgets are seconds of this process's CPU time (a loaded machine "
                         "then gives the searches what an idle core would)")
    ap.add_argument("--iterations", default=None,
                    help="the short and the long search's playouts instead of budgets")
    args = ap.parse_args()
    apply_sets(args.set)
    if args.cpu_clock:
        use_cpu_clock()
    if args.iterations:
        short_n, long_n = (int(x) for x in args.iterations.split(","))
        short = {"iterations": short_n, "workers": args.workers}
        long = {"iterations": long_n, "workers": args.workers}
        label = f"with {short_n} playouts vs {long_n}"
    else:
        short_s, long_s = (float(x) for x in args.budgets.split(","))
        short = {"budget_s": short_s, "workers": args.workers}
        long = {"budget_s": long_s, "workers": args.workers}
        label = f"at {short_s:g} s vs at {long_s:g} s" + (" of CPU" if args.cpu_clock else "")
    for name in args.games.split(","):
        if name:
            run(name, args.positions, short, long, label, args.first)
    shutdown()


if __name__ == "__main__":
    main()
