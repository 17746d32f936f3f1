"""The ``mp-tutor`` command line (also ``python -m mp_tutor``).

>>> main(["rules", "move.llama"])
[move.llama] (Moving the Princes) A Prince may move into any other district by paying 1 llama to the bank.
0
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Sequence

from .bots import BOTS, play_out
from .data import COLOURS
from .game import Game
from .rules import RULES, lookup


def _play(args: argparse.Namespace) -> int:
    game = Game.new(players=args.players, seed=args.seed, learning=args.learning)
    bots = [BOTS[args.bots](seed=args.seed * 100 + p) for p in range(args.players)]
    while not game.over:
        p = game.pending.player
        bot = bots[p if p is not None else 0]
        game.apply(bot.choose(game))
    out = game.outcome()
    assert out is not None
    if args.json:
        print(
            json.dumps(
                {
                    "players": args.players,
                    "seed": args.seed,
                    "actions": [a.notation() for a in game.history],
                    "log": [e.to_json() for e in game.log],
                    "outcome": out.to_json(),
                },
                indent=1,
            )
        )
        return 0
    for e in game.log:
        if e.kind != "turn_began":
            print(e)
    print()
    print(f"Ending: {out.text}.")
    for sc in out.scores:
        icons = ", ".join(f"{k} {v}" for k, v in sc.icon_vp.items()) or "no icons"
        print(
            f"{sc.colour:7} rank {sc.rank}: {sc.final} final = {sc.vp} VP ({icons}; trail {sc.trail_vp}; "
            f"summit {sc.summit_vp}) x{sc.multiplier}; gold {sc.gold}; goods {sc.goods_units}"
        )
    return 0


def _scenario(args: argparse.Namespace) -> int:
    from .scenarios import ScenarioError, list_scenarios, read_scenario, run_checks

    if args.what == "list":
        for name in list_scenarios():
            sc = read_scenario(name)
            print(f"{name:32} {sc.title}")
        return 0
    if not args.name:
        print(f"mp-tutor scenario {args.what}: give a scenario name or file", file=sys.stderr)
        return 2
    try:
        sc = read_scenario(args.name)
    except ScenarioError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    if args.what == "show":
        game = sc.build()
        print(f"{sc.title}  [{sc.name}]")
        if sc.rulebook:
            print(f"Rulebook: {sc.rulebook}")
        if sc.description:
            print(sc.description.strip())
        print()
        print(game.summary())
        for i, step in enumerate(sc.script):
            print(f"\nstep {i + 1}: {step.action}" + (f"  -- {step.say}" if step.say else ""))
            for e in game.apply(step.action):
                print(f"   {e}")
        return 0
    failures = run_checks(sc)
    for f in failures:
        print(f"FAIL {sc.path}: {f}")
    if not failures:
        print(f"ok {sc.path}: valid, {len(sc.script)} steps, {len(sc.checks)} checks pass")
    return 1 if failures else 0


def _rules(args: argparse.Namespace) -> int:
    query = " ".join(args.query)
    found = lookup(query)
    if not found:
        print(f"no rule matches {query!r}; try 'mp-tutor rules' for the list", file=sys.stderr)
        return 1
    for r in found:
        print(r)
    return 0


def _bench(args: argparse.Namespace) -> int:
    print(
        f"Full random games, one core ({args.games} games per player count, history recording on):"
    )
    for n in range(2, 6):
        t0 = time.perf_counter()
        actions = 0
        decisions_cost: list[float] = []
        for seed in range(args.games):
            game = Game.new(players=n, seed=seed)
            bot = BOTS["random"](seed=seed)
            start = time.perf_counter()
            play_out(game, bot)
            decisions_cost.append((time.perf_counter() - start) / len(game.history))
            actions += len(game.history)
        dt = time.perf_counter() - t0
        print(
            f"  {n} players: {args.games / dt:7.1f} games/s  ({dt / args.games * 1000:6.2f} ms/game, "
            f"{actions / args.games:5.0f} decisions/game, mean {statistics.mean(decisions_cost) * 1e6:5.1f} us/decision)"
        )
    return 0


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(
        prog="mp-tutor", description="Rules tutor for The Princes of Machu Picchu."
    )
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="play a whole game with bots and print the log and the score")
    p.add_argument("--players", type=int, default=4, choices=range(2, len(COLOURS) + 1))
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--bots", default="random", choices=sorted(BOTS))
    p.add_argument("--learning", action="store_true", help="the learning variant")
    p.add_argument("--json", action="store_true", help="print JSON instead of the narrated log")
    p.set_defaults(func=_play)
    s = sub.add_parser("scenario", help="the scenario library: list | show NAME | check FILE")
    s.add_argument("what", choices=["list", "show", "check"])
    s.add_argument("name", nargs="?")
    s.set_defaults(func=_scenario)
    r = sub.add_parser("rules", help="look a rule up by id or by words")
    r.add_argument("query", nargs="*")
    r.set_defaults(func=_rules)
    b = sub.add_parser("bench", help="full random games per second for 2-5 players")
    b.add_argument("--games", type=int, default=200)
    b.set_defaults(func=_bench)
    return ap


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = build_parser().parse_args(argv)
    try:
        code = int(args.func(args))
        sys.stdout.flush()
    except BrokenPipeError:  # output piped into e.g. `head`
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        code = 0
    return code


__all__ = ["main", "RULES"]
