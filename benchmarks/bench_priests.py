"""Speed of the priests game's engine: complete random 4-player games per second, one core.

Each game is ``Game.new(players=4, seed=...)`` played to its end by choosing uniformly among
``legal_actions()`` and calling ``apply()`` (the public API, with its checks and events),
with history off (no undo snapshots) and on. A second figure plays through the table's
observers (``play_until_person`` with random bots), as the tutor does. The target is at least
2,000 games/s with history off.

Rates are games per CPU second of this process (``time.process_time``: one core, not
disturbed by other programs sharing the machine), best of ``--repeat`` runs; the wall-clock
rate of the last run is printed beside.

    python benchmarks/bench_priests.py [--games 2000] [--players 4] [--repeat 3]
"""

from __future__ import annotations

import argparse
import random
import time

from mp_tutor.core.table import play_until_person
from mp_tutor.priests import Game
from mp_tutor.priests.bots import RandomBot

TARGET = 2000


def random_games(games: int, players: int, history: bool, seed: int = 0) -> tuple[float, float]:
    """Games per CPU second and per wall second, choosing uniformly among the legal actions."""
    rng = random.Random(seed)
    cpu, wall = time.process_time(), time.perf_counter()
    for s in range(games):
        game = Game.new(players=players, seed=s, history=history)
        while not game.over:
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
    return games / (time.process_time() - cpu), games / (time.perf_counter() - wall)


def bot_games(games: int, players: int) -> tuple[float, float]:
    """Games per CPU second and per wall second, random bots as observers."""
    cpu, wall = time.process_time(), time.perf_counter()
    for s in range(games):
        game = Game.new(players=players, seed=s, history=False)
        play_until_person(game, {p: RandomBot(s * 10 + p) for p in range(players)})
    return games / (time.process_time() - cpu), games / (time.perf_counter() - wall)


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=5, help="best of this many runs")
    args = parser.parse_args(argv)
    random_games(50, args.players, False)  # warm up
    runs = {
        "history off": [random_games(args.games, args.players, False) for _ in range(args.repeat)],
        "history on": [random_games(args.games, args.players, True) for _ in range(args.repeat)],
        "bots, history off": [bot_games(args.games, args.players) for _ in range(args.repeat)],
    }
    best = {name: max(r[0] for r in rates) for name, rates in runs.items()}
    for name, rates in runs.items():
        print(f"{args.players}-player random games, {name:18}: {best[name]:7.0f} games/s "
              f"(wall clock: {rates[-1][1]:.0f})")
    verdict = "meets" if best["history off"] >= TARGET else "is below"
    print(f"history off {verdict} the target of {TARGET} games/s")
    return best


if __name__ == "__main__":
    main()
