"""How well does the coach read the table? The belief about the priest cards, round by round.

In games of four bots of one kind (``--opponents schemer`` or ``random``; 4 players, seeds
from ``--first-seed``), at the start of every round it reads the table from seat 0
(:func:`mp_tutor.priests.inference.read_table` on seat 0's view and the public log) and
notes the chance the belief gives to the true deal of the other players' priest cards. It
prints per round: the mean chance of the true deal, the share of positions where it is over
one half, and the mean log score (the mean natural log of that chance; higher is better,
and knowing nothing, a uniform belief, scores ``log(1/6)`` = -1.79 with four players).

A belief that reads schemers well gives the true deal most of the chance by the middle of
the game; of random bots, whose play says nothing, a good belief stays near the uniform
one (a log score below -1.79 means it was misled). ``--set inference.TEMPERATURE=0.7``
(any ``MODULE.NAME=VALUE`` of ``mp_tutor.priests``) measures a variant of the model of play.

    python benchmarks/bench_priests_belief.py [--opponents schemer] [--games 40] [--set ...]
"""

from __future__ import annotations

import argparse
import math
from collections import defaultdict
from collections.abc import Iterator

from bench_coach_priests import OPPONENTS, PLAYERS
from stats import apply_sets

from mp_tutor.priests import Game
from mp_tutor.priests.inference import read_table

#: the least chance counted in a log score (a belief that rules the truth out scores this)
FLOOR = 1e-6


def decisions(opponents: str, games: int, first_seed: int) -> Iterator[tuple[int, Game]]:
    """Every decision of ``games`` games of four ``opponents`` bots (seeds from
    ``first_seed``): the game's seed and the game before the decision (a bot then makes it)."""
    kind = OPPONENTS[opponents]
    for seed in range(first_seed, first_seed + games):
        game = Game.new(players=PLAYERS, seed=seed)
        bots = {p: kind(seed=seed * 10 + p) for p in range(PLAYERS)}
        while not game.over:
            yield seed, game
            player = game.state.queue[0].player
            assert player is not None  # the game resolves the others itself
            game.apply(bots[player].choose(game))


def options(doc: str, games: int) -> argparse.Namespace:
    """The options of a benchmark of :func:`decisions` (``--set`` already applied)."""
    ap = argparse.ArgumentParser(description=doc.split("\n")[0])
    ap.add_argument("--opponents", choices=list(OPPONENTS), default="schemer")
    ap.add_argument("--games", type=int, default=games)
    ap.add_argument("--first-seed", type=int, default=2000)
    ap.add_argument("--set", action="append", default=[], metavar="MODULE.NAME=VALUE",
                    help="a constant of mp_tutor.priests for a variant (JSON value)")
    args = ap.parse_args()
    apply_sets(args.set)
    return args


def true_deal_chances(opponents: str, games: int, first_seed: int) -> dict[int, list[float]]:
    """For every round, the chance seat 0's belief gave the true deal, one per game."""
    out: dict[int, list[float]] = defaultdict(list)
    read = set()
    for seed, game in decisions(opponents, games, first_seed):
        s = game.state
        if (seed, s.round) not in read:
            read.add((seed, s.round))
            belief = read_table(game.view(0), game.log)
            truth = tuple(s.priest_cards[p] for p in belief.players)
            out[s.round].append(sum(c for d, c in zip(belief.deals, belief.chances,
                                                      strict=True) if tuple(d) == truth))
    return out


def main() -> None:
    args = options(__doc__ or "", 40)
    chances = true_deal_chances(args.opponents, args.games, args.first_seed)
    uniform = 1 / math.factorial(PLAYERS - 1)  # each deal of the others' priest cards
    print(f"{args.games} games of 4 {args.opponents} bots, seeds {args.first_seed}-"
          f"{args.first_seed + args.games - 1}, seat 0 reads the table"
          + (f" ({', '.join(args.set)})" if args.set else ""))
    print(f"a uniform belief: chance {uniform:.3f}, log score {math.log(uniform):.2f}")
    print("round  positions  chance of the true deal  over 1/2  log score")
    for r in sorted(chances):
        xs = chances[r]
        log = sum(math.log(max(x, FLOOR)) for x in xs) / len(xs)
        print(f"{r:5d}  {len(xs):9d}  {sum(xs) / len(xs):23.3f}  "
              f"{sum(x > 0.5 for x in xs) / len(xs):8.0%}  {log:9.2f}")


if __name__ == "__main__":
    main()
