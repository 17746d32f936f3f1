"""Fuzz every entry point of the engine and print the figures of issue 8 (run by hand).

    python benchmarks/fuzz.py                    # 100,000 action probes, 10,000 scenario
                                                 # files, 5,000 saves, hidden-card swaps,
                                                 # the command line
    python benchmarks/fuzz.py --scale 0.1 --seed 3

Every figure under "defects" must be 0: crashes (an exception other than the documented
``IllegalAction``/``ActionError``/``ActionParseError``, ``ScenarioError``, ``SaveError``),
impossible states accepted, changes after a refusal (or explain/apply disagreeing),
hidden-card leaks and tracebacks from the command line. The generators and oracles are
``tests/fuzzing.py``, shared with the property-based tests. Exit status 1 if any defect.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

import fuzzing as kit  # noqa: E402 - the tests' fuzzing kit

from mp_tutor import Game  # noqa: E402

DEFECT = {"crash": "crashes", "impossible": "impossible states accepted",
          "changed": "changes after a refusal", "disagree": "explain/apply disagreements",
          "leak": "hidden-card leaks", "traceback": "tracebacks from the command line",
          "cli": "command-line errors not one line with status 2"}


def actions(rng: random.Random, probes: int, found: Counter[str], examples: dict) -> Counter[str]:
    counts: Counter[str] = Counter()
    games = [kit.random_game(rng) for _ in range(60)]
    for i in range(probes):
        if i % 2000 == 1999:  # new positions now and then
            games[rng.randrange(len(games))] = kit.random_game(rng)
        game = rng.choice(games)
        outcome, detail = kit.probe(game, kit.any_action(rng, game),
                                    kit.player_value(rng, game.players))
        counts[outcome] += 1
        _note(outcome, detail, found, examples)
    return counts


def scenarios(rng: random.Random, files: int, found: Counter[str], examples: dict) -> Counter[str]:
    counts: Counter[str] = Counter()
    texts = [p.read_text("utf-8") for p in kit.SHIPPED]
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(files):
            outcome, detail = kit.check_scenario(kit.mutate_scenario(rng, rng.choice(texts)),
                                                 Path(tmp))
            counts[outcome] += 1
            _note(outcome, detail, found, examples)
    return counts


def saves(rng: random.Random, edits: int, found: Counter[str], examples: dict) -> Counter[str]:
    counts: Counter[str] = Counter()
    bases = [kit.base_save(rng) for _ in range(40)]
    for _ in range(edits):
        outcome, detail = kit.check_save(kit.mutate_save(rng, rng.choice(bases)))
        counts[outcome] += 1
        _note(outcome, detail, found, examples)
    return counts


def hidden(rng: random.Random, swaps: int, found: Counter[str], examples: dict) -> int:
    games = [kit.random_game(rng) for _ in range(60)]
    for _ in range(swaps):
        problem = kit.hidden_leak(rng.choice(games), rng)
        if problem:
            _note("leak", problem, found, examples)
    return swaps


def command_line(rng: random.Random, runs: int, found: Counter[str], examples: dict) -> int:
    words = ["play", "scenario", "rules", "bench", "show", "check", "list", "--players",
             "--seed", "--games", "--game", "--bots", "--lang", "--json", "--learning", "0",
             "-1", "6", "x", "²", "9" * 40, "princes", "nope", "é😀", "(", "\\", "-", "",
             "/etc/passwd", "/dev/null", ".", "..", "coca-plantation-production"]
    with tempfile.TemporaryDirectory() as tmp:
        texts = [p.read_text("utf-8") for p in kit.SHIPPED]
        for i in range(runs):
            if i % 2:
                data = kit.mutate_scenario(rng, rng.choice(texts))
                path = Path(tmp) / "cli.toml"
                (path.write_bytes if isinstance(data, bytes) else path.write_text)(data)
                argv = ["scenario", rng.choice(["check", "show"]), str(path)]
            else:
                argv = [rng.choice(words) for _ in range(rng.randrange(1, 5))]
                if rng.random() < 0.3:
                    argv = ["rules", *argv]
                if argv[0] in ("play", "bench"):
                    argv += ["--games", "1"] if argv[0] == "bench" else []
            code, _out, err = kit.run_cli(argv)
            problem = kit.cli_problem(argv, code, err)
            if problem:
                _note("traceback" if problem.startswith("traceback") else "cli", problem, found,
                      examples)
    return runs


def memory() -> dict[str, float]:
    """Peak memory (MB) of loading the worst edits: 10**9 players, a save of 333,000 ``{}``."""
    base = kit.base_save(random.Random(1))
    cases = {"n = 10**9": base.replace('"n": ', '"n": 1000000000, "x": ', 1),
             "1 MB of {}": base.replace('"actions": [', '"actions": [' + "{}," * 320_000),
             "2 MB of {}": base.replace('"actions": [', '"actions": [' + "{}," * 640_000)}
    out = {}
    for name, text in cases.items():
        tracemalloc.start()
        try:
            Game.from_json(text)
        except ValueError:
            pass
        out[name] = tracemalloc.get_traced_memory()[1] / 1e6
        tracemalloc.stop()
    return out


def _note(outcome: str, detail: str, found: Counter[str], examples: dict) -> None:
    if outcome in DEFECT:
        found[outcome] += 1
        examples.setdefault(outcome, []).append(detail)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--scale", type=float, default=1.0, help="fraction of the full counts")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    found: Counter[str] = Counter()
    examples: dict[str, list[str]] = {}
    n = {"actions": 100_000, "scenarios": 10_000, "saves": 5_000, "swaps": 5_000, "cli": 500}
    n = {k: max(1, int(v * args.scale)) for k, v in n.items()}
    t0 = time.perf_counter()
    parts = [("action probes", actions, n["actions"]),
             ("malformed scenario files", scenarios, n["scenarios"]),
             ("edited saves", saves, n["saves"]),
             ("hidden-card swaps", hidden, n["swaps"]),
             ("command lines", command_line, n["cli"])]
    for label, fn, count in parts:
        t = time.perf_counter()
        got = fn(rng, count, found, examples)
        detail = ", ".join(f"{k} {v}" for k, v in sorted(got.items())) if isinstance(got, Counter) \
            else ""
        print(f"{count:>8,} {label:26} {time.perf_counter() - t:7.1f} s   {detail}")
    print("memory peak: " + ", ".join(f"{k}: {v:.1f} MB" for k, v in memory().items()))
    print(f"total {time.perf_counter() - t0:.1f} s (seed {args.seed})")
    print("defects:")
    for key, label in DEFECT.items():
        print(f"  {found[key]:>6} {label}")
        for ex in examples.get(key, [])[:5]:
            print(f"           e.g. {ex[:300]}")
    return 1 if sum(found.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
