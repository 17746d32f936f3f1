"""The fuzzing kit's command-line half: random command lines for a game (mutated scenario
files to show or check, words), command lines it must refuse, the same command with its
options moved, and the oracles: one error line with status 2, never a traceback, never a
raw control character on the terminal.
"""

from __future__ import annotations

import io
import random
import re
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

from fuzz_core import Fuzzer, mutate_scenario

from mp_tutor.cli import main

#: what a terminal acts on instead of showing it: no output of the command line holds one raw
UNSHOWN = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029"
                     "\u202a-\u202e\u2066-\u2069]")

# ---------------------------------------------------------------------------------------
# The command line
# ---------------------------------------------------------------------------------------
CLI_WORDS = ("play", "scenario", "rules", "bench", "show", "check", "list", "--players",
             "--seed", "--games", "--game", "--bots", "--lang", "--json", "--learning",
             "--no-history", "0", "-1", "6", "x", "²", "9" * 40, "nope", "é😀", "(", "\\", "-",
             "", "/etc/passwd", "/dev/null", ".", "..")


def run_cli(argv: list[str]) -> tuple[int, str, str]:
    """``mp-tutor argv`` in this process: (status, stdout, stderr); an escaping
    exception is returned as status -1 with its traceback name."""
    out, err = io.StringIO(), io.StringIO()
    try:
        with redirect_stdout(out), redirect_stderr(err):
            code = main(argv)
    except SystemExit as exc:  # argparse's --help
        code = int(exc.code or 0)
    except BaseException as exc:  # noqa: BLE001
        return -1, out.getvalue(), f"Traceback: {type(exc).__name__}: {exc}"
    return code, out.getvalue(), err.getvalue()


def cli_problem(argv: list[str], code: int, err: str, out: str = "") -> str:
    """'' if an error is one line on stderr with status 2 (or 1: nothing found, checks fail),
    and nothing written holds a character a terminal would act on (an escape sequence...)."""
    if code == -1 or "Traceback" in err:
        return f"traceback: {argv!r}: {err[:200]}"
    if code == 2 and (err.count("\n") != 1 or not err.startswith("error:")):
        return f"not one error line: {argv!r}: {err[:200]!r}"
    if code not in (0, 1, 2):
        return f"status {code}: {argv!r}"
    for name, text in (("stdout", out.replace("\n", "")), ("stderr", err.rstrip("\n"))):
        raw = UNSHOWN.search(text)
        if raw:
            return f"raw control character {raw.group()!r} on {name}: {argv!r}"
    return ""


def cli_strict(fz: Fuzzer, rng: random.Random) -> tuple[list[str], str]:
    """A command line that must be refused (status 2) and why: a language the tutor does
    not have, or an argument a command does not take (``scenario list NAME``)."""
    game = ["--game", fz.name]
    pick = rng.randrange(3)
    if pick == 0:
        lang = rng.choice(["de", "es", "xx", "DE", "de_DE", "eng", "frr", "nl-XX-y", "e", "",
                           "zh-Hant", "en.UTF-8"])
        return ["--lang", lang, *rng.choice([["rules", "lay"], ["scenario", "list", *game]])], \
            "a language the tutor does not have"
    extra = rng.choice([*fz.info.scenario_names(), "x", "list", "0", "é😀"])
    if pick == 1:
        words = ["scenario", "list", *game, extra]
        return _shuffled_options(rng, words, 2), "an argument after scenario list"
    words = [rng.choice(["play", "bench"]), *game, "--players", "2", extra]
    return _shuffled_options(rng, words, 1), "an argument play or bench does not take"


def _shuffled_options(rng: random.Random, words: list[str], fixed: int) -> list[str]:
    """``words`` with its options (``--name value`` pairs) put anywhere after the first
    ``fixed`` words, the other arguments keeping their order."""
    head, rest = words[:fixed], words[fixed:]
    options, args, i = [], [], 0
    while i < len(rest):
        if rest[i].startswith("--") and "=" not in rest[i] and i + 1 < len(rest):
            options.append(rest[i:i + 2])
            i += 2
        else:
            args.append(rest[i])
            i += 1
    units = [[a] for a in args]
    for opt in options:
        units.insert(rng.randrange(len(units) + 1), opt)
    return head + [w for unit in units for w in unit]


def cli_twins(fz: Fuzzer, rng: random.Random) -> tuple[list[str], list[str]]:
    """A command line with its options where the usage puts them, and the same command with
    the options moved among its arguments: both must mean the same."""
    name = rng.choice(fz.info.scenario_names())
    game = ["--game", fz.name]
    pick = rng.randrange(3)
    if pick == 0:
        words = ["scenario", *game, rng.choice(["show", "check"]), name]
    elif pick == 1:
        words = ["rules", *game, *rng.sample(list(fz.cli_words[:6]) + ["rule"], 2)]
    else:
        words = ["play", *game, "--players", str(min(fz.info.players)), "--seed",
                 str(rng.randrange(50)), "--bots", "random"]
    lang = ["--lang", rng.choice(["en", "fr", "nl"])] if rng.random() < 0.3 else []
    return lang + words, lang + _shuffled_options(rng, words, 1)


def cli_argv(fz: Fuzzer, rng: random.Random, folder: Path, texts: list[str]) -> list[str]:
    """A command line for the game: a mutated scenario file to show or check, or words."""
    game = ["--game", fz.name] if rng.random() < 0.9 else []
    if rng.random() < 0.5:
        data = mutate_scenario(fz, rng, rng.choice(texts))
        path = folder / "cli.toml"
        (path.write_bytes if isinstance(data, bytes) else path.write_text)(data)
        return ["scenario", *game, rng.choice(["check", "show"]), str(path)]
    words = [*CLI_WORDS, *fz.cli_words, *fz.info.bots, *fz.info.scenario_names()]
    argv = [rng.choice(words) for _ in range(rng.randrange(1, 5))]
    if rng.random() < 0.5:
        argv = [rng.choice(["play", "scenario", "rules", "bench"]), *game, *argv]
    if argv[0] == "bench":
        argv += ["--games", "1"]
    return argv


__all__ = [name for name in dir() if not name.startswith("_")]
