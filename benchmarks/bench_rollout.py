"""Random playouts, side by side in one process: the Princes' rollout mode and python-chess.

One decision of the Princes and one ply of chess are measured the same way: list the
legal actions (moves), pick one at random, apply it; a game is played to its end (chess:
until no move is legal or 300 plies). The figures are microseconds per decision (ply) and
their ratio; the modes of the Princes are the full game object (history, narration),
``history=False`` and the rollout mode (``Game.rollout()``: no history, no events, legal
actions from each decision's ``fast_legal``, trusted legal actions). The measurements take
turns in short rounds, so a machine whose load changes weighs on all of them alike.

Run: ``python benchmarks/bench_rollout.py [--seconds 3]`` (needs ``pip install -e .[bench]``).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import chess

from mp_tutor import Game


def chess_playouts(seconds: float, seed: int = 0) -> tuple[float, int]:
    """(microseconds per ply, plies) of random chess games for about ``seconds``."""
    rng = random.Random(seed)
    plies = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        board = chess.Board()
        for _ in range(300):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(moves[rng.randrange(len(moves))])
            plies += 1
    return (time.perf_counter() - t0) / plies * 1e6, plies


def princes_playouts(make: Callable[[int], Game], seconds: float, seed: int = 0
                     ) -> tuple[float, int]:
    """(microseconds per decision, decisions) of random 4-player games for about ``seconds``."""
    rng = random.Random(seed)
    decisions = 0
    t0 = time.perf_counter()
    game_seed = 0
    while time.perf_counter() - t0 < seconds:
        game = make(game_seed)
        game_seed += 1
        while not game.over:
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
            decisions += 1
    return (time.perf_counter() - t0) / decisions * 1e6, decisions


MODES: dict[str, Callable[[int], Game]] = {
    "full game (history, events)": lambda s: Game.new(players=4, seed=s),
    "history=False": lambda s: Game.new(players=4, seed=s, history=False),
    "rollout mode": lambda s: Game.new(players=4, seed=s, fast=True),
}


def copy_cost(rounds: int = 20000) -> float:
    """Microseconds to copy a mid-game position into the rollout mode."""
    game = Game.new(players=4, seed=1, fast=True)
    rng = random.Random(1)
    for _ in range(120):
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    t0 = time.perf_counter()
    for _ in range(rounds):
        game.rollout()
    return (time.perf_counter() - t0) / rounds * 1e6


def interleaved(seconds: float, modes: dict[str, Callable[[int], Game]], round_s: float = 0.2
                ) -> dict[str, float]:
    """Microseconds per step of python-chess (key ``chess``) and of each mode, measured in
    alternating rounds of ``round_s`` for about ``seconds`` each."""
    spent = dict.fromkeys(["chess", *modes], 0.0)
    steps = dict.fromkeys(spent, 0)
    for r in range(max(1, round(seconds / round_s))):
        us, n = chess_playouts(round_s, seed=r)
        spent["chess"] += us * n
        steps["chess"] += n
        for name, make in modes.items():
            us, n = princes_playouts(make, round_s, seed=r)
            spent[name] += us * n
            steps[name] += n
    return {k: spent[k] / steps[k] for k in spent}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = ap.parse_args()
    us = interleaved(args.seconds, MODES)
    print(f"python-chess {chess.__version__}: {us['chess']:6.1f} us/ply")
    ratio = 0.0
    for name in MODES:
        ratio = us[name] / us["chess"]
        print(f"Princes, {name:28}: {us[name]:6.1f} us/decision  ratio {ratio:4.2f}x python-chess")
    print(f"copy of a position (rollout): {copy_cost():5.1f} us")
    print(f"rollout cost ratio against python-chess: {ratio:.2f}")


if __name__ == "__main__":
    main()
