"""Fuzz every entry point of a game and print the figures of issue 8 (run by hand).

    python benchmarks/fuzz.py --game priests     # 100,000 action probes, 20,000 actions
                                                 # read from JSON, 10,000 scenario
                                                 # files, 5,000 saves, hidden-card swaps,
                                                 # hostile strings on the widgets, the
                                                 # command line (errors, control characters,
                                                 # what it must refuse, options anywhere)
    python benchmarks/fuzz.py                    # every game, one after the other
    python benchmarks/fuzz.py --game princes --scale 0.1 --seed 3

Every figure under "defects" must be 0: crashes (an exception other than the documented
``IllegalAction``/``ActionError``/``ActionParseError``, ``ScenarioError``/``LessonError``,
``SaveError``), impossible states accepted, changes after a refusal (or explain/apply
disagreeing), hidden-card leaks, unescaped strings, and from the command line: tracebacks,
raw control characters, command lines it cannot honour but accepts (a language it does not
have, an argument a command does not take), a meaning that changes when options move.
The generators and oracles are ``tests/fuzz_core.py`` (and ``fuzz_widgets.py``,
``fuzz_cli.py``) with one ``Fuzzer`` per game (``tests/fuzz_princes.py``,
``tests/fuzz_priests.py``), shared with the property-based tests. Exit status 1 if any defect.
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

DEFECT = {"crash": "crashes", "impossible": "impossible states accepted",
          "changed": "changes after a refusal", "disagree": "explain/apply disagreements",
          "leak": "hidden-card leaks", "unescaped": "unescaped strings",
          "traceback": "tracebacks from the command line",
          "cli": "command-line errors not one line with status 2, or raw control characters",
          "honour": "command lines accepted that cannot be honoured (a language, an argument)",
          "moved": "command lines whose meaning changes when options move"}
FULL = {"actions": 100_000, "json": 20_000, "scenarios": 10_000, "saves": 5_000, "swaps": 5_000,
        "boards": 200, "escapes": 300, "cli": 500, "strict": 300, "twins": 100}


class Run:
    """One game's run: its fuzzer, its random numbers, the defects found."""

    def __init__(self, fz: kit.Fuzzer, seed: int) -> None:
        self.fz, self.rng = fz, random.Random(f"{fz.name}-{seed}")
        self.found: Counter[str] = Counter()
        self.examples: dict[str, list[str]] = {}

    def note(self, outcome: str, detail: str) -> None:
        if outcome in DEFECT:
            self.found[outcome] += 1
            self.examples.setdefault(outcome, []).append(detail)

    def actions(self, probes: int) -> Counter[str]:
        fz, rng = self.fz, self.rng
        counts: Counter[str] = Counter()
        games = [fz.random_game(rng, None) for _ in range(60)]
        for i in range(probes):
            if i % 2000 == 1999:  # new positions now and then
                games[rng.randrange(len(games))] = fz.random_game(rng, None)
            game = rng.choice(games)
            outcome, detail = kit.probe(game, kit.any_action(fz, rng, game),
                                        kit.player_value(rng, game.players))
            counts[outcome] += 1
            self.note(outcome, detail)
        return counts

    def from_json(self, objects: int) -> Counter[str]:
        """Actions read back from JSON: an action of the game, or an error naming the field."""
        fz, rng = self.fz, self.rng
        counts: Counter[str] = Counter()
        games = [fz.random_game(rng, None) for _ in range(20)]
        for _ in range(objects):
            outcome, detail = kit.check_action_json(fz, kit.action_json(fz, rng, rng.choice(games)))
            counts[outcome] += 1
            self.note(outcome, detail)
        return counts

    def scenarios(self, files: int) -> Counter[str]:
        counts: Counter[str] = Counter()
        texts = [p.read_text("utf-8") for p in self.fz.shipped]
        with tempfile.TemporaryDirectory() as tmp:
            for _ in range(files):
                data = kit.mutate_scenario(self.fz, self.rng, self.rng.choice(texts))
                outcome, detail = kit.check_scenario(self.fz, data, Path(tmp), self.rng)
                counts[outcome] += 1
                self.note(outcome, detail)
        return counts

    def saves(self, edits: int) -> Counter[str]:
        counts: Counter[str] = Counter()
        bases = [kit.base_save(self.fz, self.rng) for _ in range(40)]
        for _ in range(edits):
            data = kit.mutate_save(self.fz, self.rng, self.rng.choice(bases))
            outcome, detail = kit.check_save(self.fz, data, self.rng)
            counts[outcome] += 1
            self.note(outcome, detail)
        return counts

    def hidden(self, swaps: int, board: bool = False) -> Counter[str]:
        counts: Counter[str] = Counter()
        games = [self.fz.random_game(self.rng, None) for _ in range(60)]
        for _ in range(swaps):
            problem = kit.hidden_leak(self.fz, self.rng.choice(games), self.rng, board=board)
            counts["leak" if problem else "same"] += 1
            if problem:
                self.note("leak", problem)
        return counts

    def boards(self, swaps: int) -> Counter[str]:
        """Hidden-card swaps, comparing everything a seated board sends too (slower)."""
        return self.hidden(swaps, board=True)

    def escapes(self, files: int) -> Counter[str]:
        counts: Counter[str] = Counter()
        for _ in range(files):
            outcome, detail = kit.escape_problem(self.fz, self.rng)
            counts[outcome] += 1
            self.note(outcome, detail)
        return counts

    def command_line(self, runs: int) -> Counter[str]:
        counts: Counter[str] = Counter()
        texts = [p.read_text("utf-8") for p in self.fz.shipped]
        with tempfile.TemporaryDirectory() as tmp:
            for _ in range(runs):
                argv = kit.cli_argv(self.fz, self.rng, Path(tmp), texts)
                code, out, err = kit.run_cli(argv)
                problem = kit.cli_problem(argv, code, err, out)
                counts[f"status {code}"] += 1
                if problem:
                    self.note("traceback" if problem.startswith("traceback") else "cli", problem)
        return counts

    def strict(self, runs: int) -> Counter[str]:
        """Command lines that must be refused: a language the tutor does not have, an
        argument a command does not take."""
        counts: Counter[str] = Counter()
        for _ in range(runs):
            argv, why = kit.cli_strict(self.fz, self.rng)
            code, out, err = kit.run_cli(argv)
            counts[f"status {code}"] += 1
            if code != 2 or out:
                self.note("honour", f"{why}: {argv!r} gave status {code}")
            elif kit.cli_problem(argv, code, err, out):
                self.note("cli", kit.cli_problem(argv, code, err, out))
        return counts

    def twins(self, runs: int) -> Counter[str]:
        """A command with its options moved among its arguments means the same."""
        counts: Counter[str] = Counter()
        for _ in range(runs):
            usual, moved = kit.cli_twins(self.fz, self.rng)
            same = kit.run_cli(moved) == kit.run_cli(usual)
            counts["same" if same else "other"] += 1
            if not same:
                self.note("moved", f"{moved!r} is not {usual!r}")
        return counts


def memory(fz: kit.Fuzzer) -> dict[str, float]:
    """Peak memory (MB) of loading the worst edits: 10**9 players, a save of 333,000 ``{}``."""
    base = kit.base_save(fz, random.Random(1))
    cases = {"n = 10**9": base.replace('"n": ', '"n": 1000000000, "x": ', 1),
             "1 MB of {}": base.replace('"actions": [', '"actions": [' + "{}," * 320_000),
             "2 MB of {}": base.replace('"actions": [', '"actions": [' + "{}," * 640_000)}
    out = {}
    for name, text in cases.items():
        tracemalloc.start()
        try:
            fz.game.from_json(text)
        except ValueError:
            pass
        out[name] = tracemalloc.get_traced_memory()[1] / 1e6
        tracemalloc.stop()
    return out


def fuzz_game(fz: kit.Fuzzer, scale: float, seed: int) -> int:
    """Run every part for one game and print its figures; the number of defects."""
    run = Run(fz, seed)
    n = {k: max(1, int(v * scale)) for k, v in FULL.items()}
    print(f"== {fz.name} ==")
    t0 = time.perf_counter()
    parts = [("action probes", run.actions, n["actions"]),
             ("actions from JSON", run.from_json, n["json"]),
             ("malformed scenario files", run.scenarios, n["scenarios"]),
             ("edited saves", run.saves, n["saves"]),
             ("hidden-card swaps", run.hidden, n["swaps"]),
             ("swaps seen by a board", run.boards, n["boards"]),
             ("hostile strings shown", run.escapes, n["escapes"]),
             ("command lines", run.command_line, n["cli"]),
             ("command lines to refuse", run.strict, n["strict"]),
             ("options moved", run.twins, n["twins"])]
    for label, fn, count in parts:
        t = time.perf_counter()
        got = fn(count)
        detail = ", ".join(f"{k} {v}" for k, v in sorted(got.items()))
        print(f"{count:>8,} {label:26} {time.perf_counter() - t:7.1f} s   {detail}", flush=True)
    print("memory peak: " + ", ".join(f"{k}: {v:.1f} MB" for k, v in memory(fz).items()))
    print(f"total {time.perf_counter() - t0:.1f} s (seed {seed})")
    print("defects:")
    for key, label in DEFECT.items():
        print(f"  {run.found[key]:>6} {label}")
        for ex in run.examples.get(key, [])[:5]:
            print(f"           e.g. {ex[:300]}")
    return sum(run.found.values())


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=[*kit.GAMES, "all"], default="all",
                    help="the game to fuzz (default: every game)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--scale", type=float, default=1.0, help="fraction of the full counts")
    args = ap.parse_args()
    games = kit.GAMES if args.game == "all" else [args.game]
    defects = sum(fuzz_game(kit.FUZZERS[name], args.scale, args.seed) for name in games)
    return 1 if defects else 0


if __name__ == "__main__":
    sys.exit(main())
