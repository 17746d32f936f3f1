"""The ``mp-tutor`` command line (also ``python -m mp_tutor``), for every game of the tutor.

``--game`` chooses the game; without it, the package's own game (``from mp_tutor import
Game``, the Princes) is played.

Every error is one line on stderr and exit status 2, never a traceback; a scenario whose
checks fail exits with 1.

>>> main(["rules", "move.llama"])
[move.llama] (Moving the Princes) A Prince may move into any other district by paying 1 llama to the bank.
0
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from collections.abc import Sequence
from typing import Any, NoReturn

from . import Game
from .core.errors import FileFieldError, shown
from .core.events import Event
from .core.game import BaseGame
from .core.i18n import LANGUAGES, render, set_language, t, translate
from .core.registry import GameInfo, get_game, info_for, known_games
from .core.rules import IllegalAction
from .core.runtime import Progress
from .core.scenarios import ScenarioError, run_checks
from .core.table import play_until_person, seat_seed


class UsageError(Exception):
    """A wrong command line (reported in one line, exit status 2)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message}")


class _Command(_Parser):
    """A command's parser: its options may stand anywhere among its arguments
    (``scenario show --game priests NAME`` as well as ``scenario --game priests show NAME``)."""

    _inside = False

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        if self._inside:  # the intermixed parse calls this method itself
            return super().parse_known_args(args, namespace)
        self._inside = True
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._inside = False


_DIGITS = re.compile(r"[0-9]{1,18}")
_LANGUAGE = re.compile(r"[A-Za-z]{2,3}([_-][A-Za-z]{2})?")


def _positive(text: str) -> int:
    if not _DIGITS.fullmatch(text) or not 1 <= int(text) <= 1_000_000:
        raise argparse.ArgumentTypeError(
            f"must be a whole number from 1 to 1000000, not {text[:40]!r}")
    return int(text)


def _seed(text: str) -> int:
    if not _DIGITS.fullmatch(text):
        raise argparse.ArgumentTypeError(
            f"must be a whole number from 0 to {10**18 - 1}, not {text[:40]!r}")
    return int(text)


def _language(text: str) -> str:
    code = text.lower().replace("-", "_").split("_")[0] if _LANGUAGE.fullmatch(text) else None
    if code not in LANGUAGES:
        raise argparse.ArgumentTypeError(f"must be one of the languages {', '.join(LANGUAGES)}, "
                                         f"not {shown(text[:40])}")
    return code


def _game(args: argparse.Namespace) -> GameInfo:
    try:
        return get_game(args.game)
    except KeyError as exc:
        raise UsageError(str(exc.args[0])) from None


def _play(args: argparse.Namespace) -> int:
    info = _game(args)
    if args.players not in info.players:
        raise UsageError(f"{info.title} is for {min(info.players)} to {max(info.players)} "
                         f"players, not {args.players}")
    if args.bots not in info.bots:
        raise UsageError(f"unknown bot {args.bots!r} (bots: {', '.join(sorted(info.bots))})")
    options: dict[str, int | bool | str] = {"players": args.players, "seed": args.seed}
    if args.learning:
        options["learning"] = True
    if args.first is not None:
        if "first" not in info.new_options:
            raise UsageError(f"{info.title}: the first player is not chosen (no --first)")
        if args.first not in info.colours[:args.players]:
            raise UsageError(f"--first: one of the players' colours "
                             f"({', '.join(info.colours[:args.players])}), not {shown(args.first)}")
        options["first"] = args.first
    options.update(_variants(info, args.variant or []))
    try:
        game = info.new(**options)
    except TypeError:
        raise UsageError(f"{info.title} has no learning variant") from None
    bots = {p: info.bots[args.bots](seed=seat_seed(args.seed, p)) for p in range(args.players)}
    progress = Progress.on(sys.stderr)
    try:
        play_until_person(game, bots, on_apply=progress)
    finally:
        if progress is not None:
            progress.clear()
    out = game.outcome()
    if args.json:
        chosen = {k: v for k, v in options.items() if k not in ("players", "seed")}
        print(json.dumps({"game": info.name, "players": args.players, "seed": args.seed,
                          "options": chosen, "actions": [a.notation() for a in game.history],
                          "log": [e.to_json() for e in game.log],
                          "outcome": out.to_json() if out is not None else None}, indent=1))
        return 0
    for e in game.log:
        if e.kind != "turn_began":
            print(e)
    print()
    if out is not None:
        print(out.report())
    return 0


#: characters a terminal acts on instead of showing: control characters (escape sequences,
#: a carriage return, a bell...), line separators and the bidirectional overrides
_UNSHOWN = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029"
                      "\u202a-\u202e\u2066-\u2069]")


def terminal(text: object, lines: bool = False) -> str:
    """``text`` safe to show on a terminal: every control character written as an escape
    (``\\x1b``), line breaks kept only if ``lines`` (else ``\\n``).

    >>> terminal("Title\\x1b[2J\\u202e")
    'Title\\\\x1b[2J\\\\u202e'
    >>> terminal("two\\nlines"), terminal("two\\nlines", lines=True)
    ('two\\\\nlines', 'two\\nlines')
    """
    text = str(text)
    if not lines:
        text = text.replace("\n", "\\n")
    return _UNSHOWN.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


def _variants(info: GameInfo, given: list[str]) -> dict[str, str]:
    """``--variant NAME=READING`` options: the readings of a game's variants."""
    out = {}
    known = "; ".join(f"{n}={'|'.join(r)}" for n, r in info.variants.items()) or "none"
    for text in given:
        name, _, reading = text.partition("=")
        if name not in info.variants or reading not in info.variants[name]:
            raise UsageError(f"--variant: {shown(text)} is not a variant of {info.title} "
                             f"(variants: {known})")
        out[name] = reading
    return out


def _tr(text: str, lines: bool = False) -> str:
    """A scenario's text in the current language (its catalog message is the stripped text),
    safe for the terminal (a scenario file is anybody's text)."""
    return terminal(translate(text.strip()), lines)


def _scenario(args: argparse.Namespace) -> int:
    info = _game(args)
    if args.what == "list":
        if args.name:
            raise UsageError(f"mp-tutor scenario list: takes no name or file (got "
                             f"{shown(args.name)}); use 'scenario show NAME'")
        for name in info.scenario_names():
            sc = info.read_scenario(name)
            print(f"{terminal(name):32} {_tr(sc.title)}")
        return 0
    if not args.name:
        raise UsageError(f"mp-tutor scenario {args.what}: give a scenario name or file")
    sc = info.read_scenario(args.name)
    where = terminal(sc.path)
    if args.what == "show":
        game = sc.build()
        print(f"{_tr(sc.title)}  [{terminal(sc.name)}]")
        if sc.rulebook:
            print(render(t("Rulebook: {section}", section=_tr(sc.rulebook))))
        if sc.description:
            print(_tr(sc.description, lines=True))
        print()
        print(terminal(game.summary(), lines=True))
        for i, step in enumerate(sc.script):
            print("\n" + terminal(render(step.heading(i + 1)))
                  + (f"  -- {_tr(step.say, lines=True)}" if step.say else ""))
            try:
                events = game.apply(step.action)
            except IllegalAction as exc:
                raise ScenarioError(sc.path, f"script[{i}].action", str(exc)) from None
            for e in events:
                print(f"   {terminal(e)}")
        return 0
    failures = run_checks(sc)
    for f in failures:
        print(f"FAIL {where}: {terminal(f)}")
    if not failures:
        print(f"ok {where}: valid, the whole script ({len(sc.script)} steps) plays, "
              f"{len(sc.checks)} checks pass")
    return 1 if failures else 0


def _rules(args: argparse.Namespace) -> int:
    info = _game(args)
    query = " ".join(args.query)
    found = info.rules.lookup(query)
    if not found:
        _say(f"mp-tutor rules: no rule matches {query[:80]!r}; try 'mp-tutor rules' for the list")
        return 1
    for r in found:
        print(r)
    return 0


def _bench(args: argparse.Namespace) -> int:
    info = _game(args)
    bot = info.bots["random"]
    mode = ("the rollout mode" if args.fast else
            f"history {'on' if args.history else 'off'}")
    print(f"{info.title}: full random games, one core ({args.games} games per player count, "
          f"{mode}):")
    for n in info.players:
        t0 = time.perf_counter()
        decisions = 0

        def count(_game: BaseGame, _events: list[Event], _by_bot: bool) -> None:
            nonlocal decisions
            decisions += 1

        for seed in range(args.games):
            game = info.new(players=n, seed=seed, history=args.history and not args.fast,
                            **({"fast": True} if args.fast else {}))
            bots = {p: bot(seed=seed) for p in range(n)}
            play_until_person(game, bots, on_apply=count)
        dt = time.perf_counter() - t0
        print(f"  {n} players: {args.games / dt:8.1f} games/s  ({dt / args.games * 1000:6.2f} "
              f"ms/game, {decisions / args.games:5.0f} decisions/game, "
              f"{dt / max(1, decisions) * 1e6:5.1f} us/decision)")
    return 0


def build_parser() -> argparse.ArgumentParser:
    games = known_games()
    default = info_for(Game).name  # the package's game: ``from mp_tutor import Game``
    ap = _Parser(prog="mp-tutor", description="Rules tutor for the games of Machu Picchu.")
    ap.add_argument("--lang", type=_language, help="language of the texts (en, fr, nl)")
    sub = ap.add_subparsers(dest="command", required=True, parser_class=_Command)

    def with_game(p: argparse.ArgumentParser) -> None:
        p.add_argument("--game", default=default, choices=games,
                       help=f"which game (default: {default})")

    p = sub.add_parser("play", help="play a whole game with bots and print the log and the score")
    with_game(p)
    p.add_argument("--players", type=_positive, default=4)
    p.add_argument("--seed", type=_seed, default=0)
    p.add_argument("--bots", default="random", help="random, or a game's other bots")
    p.add_argument("--learning", action="store_true", help="the learning variant (Princes)")
    p.add_argument("--first", metavar="COLOUR",
                   help="who starts (the priests game: by the rules the youngest player)")
    p.add_argument("--variant", action="append", metavar="NAME=READING",
                   help="another reading of a ruling, e.g. move_order=pairing or "
                        "two_players=draw (the priests game; see docs/RULINGS.md)")
    p.add_argument("--json", action="store_true", help="print JSON instead of the narrated log")
    p.set_defaults(func=_play)
    s = sub.add_parser("scenario", help="the scenario library: list | show NAME | check FILE")
    with_game(s)
    s.add_argument("what", choices=["list", "show", "check"])
    s.add_argument("name", nargs="?")
    s.set_defaults(func=_scenario)
    r = sub.add_parser("rules", help="look a rule up by id or by words")
    with_game(r)
    r.add_argument("query", nargs="*")
    r.set_defaults(func=_rules)
    b = sub.add_parser("bench", help="full random games per second for each player count")
    with_game(b)
    b.add_argument("--games", type=_positive, default=200)
    b.add_argument("--no-history", dest="history", action="store_false",
                   help="without history and undo snapshots")
    b.add_argument("--fast", action="store_true",
                   help="the rollout mode: no history, no narration, trusted legal actions")
    b.set_defaults(func=_bench)
    return ap


def _say(message: str) -> None:
    """One line on stderr, whatever its encoding can show."""
    text = terminal(" ".join(str(message).split())[:500])
    encoding = getattr(sys.stderr, "encoding", None) or "utf-8"
    print(text.encode(encoding, "backslashreplace").decode(encoding), file=sys.stderr)


def _fail(message: str) -> int:
    _say(f"error: {message}")
    return 2


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    try:
        args = build_parser().parse_args(argv)
        if args.lang:
            set_language(args.lang)
        code = int(args.func(args))
        sys.stdout.flush()
    except BrokenPipeError:  # output piped into e.g. `head`
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        code = 0
    except UsageError as exc:
        return _fail(str(exc))
    except (FileFieldError, IllegalAction, ValueError, KeyError, OSError) as exc:
        return _fail(str(exc.args[0]) if isinstance(exc, KeyError) and exc.args else str(exc))
    except Exception as exc:  # noqa: BLE001 - a command line never shows a traceback
        return _fail(f"{type(exc).__name__}: {exc}")
    return code


__all__ = ["main"]
