"""Fit the priests' value before the end of a game (``playout.ROUND_OFFSET``, ``ROUND_SCALE``).

A playout with a horizon stops at the start of a round and asks :func:`playout.value` how
likely the player is to win from there. This plays ``--games`` games of the playout policy
for each player count, notes at the start of every round each player's margin (their points
against the best other player's) and the rounds left (this one included), and fits

    P(win) = 1 / (1 + exp(-(margin - offset * left) / (1 + scale * sqrt(left))))

by the smallest log-loss over a grid (the win counted as the player's share of it). It
prints, per player count, the fitted offset and scale, the log-loss of the fit, of the value
without the rounds left (``_squash(margin, 6)``) and of knowing nothing (the base rate).

    python benchmarks/fit_priests_value.py [--games 1500]
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Callable

from mp_tutor.priests import Game
from mp_tutor.priests.data import DATA
from mp_tutor.priests.playout import (
    MARGIN_SCALE,
    ROUND_OFFSET,
    ROUND_SCALE,
    lead_chance,
    policy,
)
from mp_tutor.priests.scoring import scores

Row = tuple[int, int, float]  # rounds left, margin, share of the win


def rows(players: int, games: int) -> list[Row]:
    """(rounds left, margin, share of the win) of every player at every round's start."""
    out: list[Row] = []
    rng = random.Random(7)
    for g in range(games):
        game = Game.new(players=players, seed=1000 + g, fast=True)
        s, marks, last = game.state, [], None
        while not game.over:
            if s.round != last:
                last = s.round
                table = scores(s)
                for p in range(players):
                    best = max(x.score for x in table if x.player != p)
                    marks.append((p, DATA.rounds[players] - s.round + 1, table[p].score - best))
            game.apply(policy(game, rng))
        winners = [x.player for x in scores(s) if x.rank == 1]
        out += [(left, m, 1 / len(winners) if p in winners else 0.0) for p, left, m in marks]
    return out


def loss(data: list[Row], chance: Callable[[int, int], float]) -> float:
    """The mean log-loss of ``chance(left, margin)`` over ``data``."""
    total = 0.0
    for left, m, won in data:
        p = min(max(chance(left, m), 1e-9), 1 - 1e-9)
        total -= won * math.log(p) + (1 - won) * math.log(1 - p)
    return total / len(data)


def fitted(offset: float, scale: float) -> Callable[[int, int], float]:
    return lambda left, m: lead_chance(m, left, offset, scale)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=1500, help="policy games per player count")
    args = ap.parse_args()
    for players in (2, 3, 4):
        data = rows(players, args.games)
        best = min((loss(data, fitted(o / 4, r / 2)), o / 4, r / 2)
                   for o in range(9) for r in range(2, 11))
        base = sum(w for *_, w in data) / len(data)
        blind = loss(data, lambda left, m, b=base: b)
        flat = loss(data, lambda left, m: 1 / (1 + math.exp(-m / MARGIN_SCALE)))
        now = loss(data, fitted(ROUND_OFFSET[players], ROUND_SCALE))
        print(f"{players} players, {args.games} games, {len(data)} positions: fit offset "
              f"{best[1]:g}, scale {best[2]:g}, log-loss {best[0]:.3f}; the code's "
              f"{now:.3f}; without the rounds left {flat:.3f}; the base rate alone {blind:.3f}")


if __name__ == "__main__":
    main()
