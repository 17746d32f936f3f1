"""The fuzzing kit of issue 8: hostile inputs for every entry point, and the oracles.

Shared by the property-based tests (``tests/test_fuzz_*.py``, which draw a
``random.Random`` from hypothesis) and the hand-run script ``benchmarks/fuzz.py``.
Each oracle returns an outcome: ``applied``/``refused``/``accepted`` are fine; anything
else (``crash``, ``disagree``, ``changed``, ``impossible``, ``leak``, ``traceback``) is a
defect, with a detail to reproduce it.
"""

from __future__ import annotations

import io
import json
import math
import random
import tomllib
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import MISSING, fields
from pathlib import Path
from typing import Any

from mp_tutor import Game
from mp_tutor.actions import ACTION_TYPES
from mp_tutor.cli import main
from mp_tutor.core.game import SaveError
from mp_tutor.core.rules import IllegalAction
from mp_tutor.core.scenarios import ScenarioError
from mp_tutor.data import DISTRICT_IDS, GOODS, MOON_TILES, PRIESTS, PROFESSIONS
from mp_tutor.princes.invariants import check_invariants
from mp_tutor.scenarios import SCENARIO_DIR, read_scenario, run_checks

FINE = ("applied", "refused", "accepted")
COLOURS = ("Blue", "Yellow", "Red", "Green", "Black")
NAMES = (*DISTRICT_IDS, *GOODS, *PROFESSIONS, *MOON_TILES, *PRIESTS, "none", "-")
HOSTILE = ("", " ", "\x00", "é😀", "<img src=x onerror=alert(1)>", "'\"", "\\", "(", "-",
           "x" * 600, "\u202e", "produce ²", "inca none", "inca -", "return ²")
VERBS = ("inca", "move", "stay", "produce", "sacrifice", "offer", "setup", "acquire", "trade",
         "sunclock", "return", "redeem", "goods", "continue", "give", "fly", "sell", "buy")


# ---------------------------------------------------------------------------------------
# Values
# ---------------------------------------------------------------------------------------
def weird_value(rng: random.Random, depth: int = 0) -> Any:
    """A value of any type and size an outsider might pass (Python objects)."""
    pick = rng.randrange(16 if depth < 3 else 11)
    if pick == 0:
        return rng.choice([math.nan, math.inf, -math.inf, 0.0, 1.5, -1.0, 1e300, 2.0])
    if pick == 1:
        return rng.choice([True, False, None])
    if pick == 2:
        return rng.choice([0, 1, 2, 3, -1, 99, 1000, 1001, 2**31, 2**63, 10**12 + 1])
    if pick == 3:
        return rng.choice([10**4300, -(10**4301), 10**100, -(2**64)])
    if pick in (4, 5):
        return rng.choice(NAMES)
    if pick == 6:
        return rng.choice(HOSTILE)
    if pick == 7:
        return "".join(chr(rng.randrange(32, 0x2FFF)) for _ in range(rng.randrange(8)))
    if pick == 8:
        return tuple(rng.choice(NAMES) for _ in range(rng.randrange(4)))
    if pick == 9:
        return tuple((rng.choice(GOODS), rng.randrange(-2, 5)) for _ in range(rng.randrange(3)))
    if pick == 10:
        return rng.randrange(-3, 30)
    if pick == 11:
        return [weird_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    if pick == 12:
        return {rng.choice(NAMES): weird_value(rng, depth + 1)
                for _ in range(rng.randrange(3))}
    if pick == 13:
        return tuple(weird_value(rng, depth + 1) for _ in range(rng.randrange(4)))
    if pick == 14:
        return b"bytes"
    return [[[]]] if rng.random() < 0.5 else object()


def player_value(rng: random.Random, n: int) -> Any:
    """A ``player=`` argument: mostly real seats, often not."""
    if rng.random() < 0.5:
        return rng.choice([None, *range(n)])
    return rng.choice([99, "Blue", 1.5, -1, True, False, n, 10**5000, math.nan, [0], "0"])


def action_text(rng: random.Random) -> str:
    """Text for the action box: verbs with names, numbers and hostile words."""
    pick = rng.randrange(4)
    if pick == 0:
        return rng.choice(HOSTILE)
    if pick == 1:
        return "".join(chr(rng.randrange(1, 0x1FFFF)) for _ in range(rng.randrange(12))
                       if not 0xD800 <= rng.randrange(1, 0x1FFFF) < 0xE000)
    words = [rng.choice(VERBS)]
    for _ in range(rng.randrange(5)):
        words.append(rng.choice([
            rng.choice(NAMES), str(rng.randrange(-3, 40)), "9" * rng.choice([5, 4301]), "²",
            f"{rng.randrange(0, 9)}{rng.choice(GOODS)}", f"{rng.choice('+-')}{rng.choice(GOODS)}",
            "sell", "buy", rng.choice(HOSTILE)]))
    return (" " if pick == 2 else ", ").join(words)


def action_object(rng: random.Random) -> Any:
    """An action object with random field values (``ActionError`` if they are malformed)."""
    cls = rng.choice(list(ACTION_TYPES.values()))
    kwargs = {f.name: weird_value(rng) for f in fields(cls)
              if f.default is MISSING or rng.random() < 0.8}
    return cls(**kwargs)


def any_action(rng: random.Random, game: Game) -> Any:
    """A legal action, a text, an object, or something that is not an action at all."""
    pick = rng.randrange(5)
    legal = list(game.legal_actions())
    if pick == 0 and legal:
        return rng.choice(legal)
    if pick == 1 and legal:
        return rng.choice(legal).notation()
    if pick == 2:
        return action_text(rng)
    if pick == 3:
        try:
            return action_object(rng)
        except IllegalAction:
            return weird_value(rng)
    return weird_value(rng)


# ---------------------------------------------------------------------------------------
# Games and the action oracle
# ---------------------------------------------------------------------------------------
def random_game(rng: random.Random, steps: int | None = None) -> Game:
    """A game after some random legal actions (every kind of decision comes up)."""
    game = Game.new(players=rng.randrange(2, 6), seed=rng.randrange(10**6),
                    learning=rng.random() < 0.2)
    for _ in range(rng.randrange(400) if steps is None else steps):
        if game.over:
            break
        game.apply(rng.choice(list(game.legal_actions())))
    return game


def snapshot(game: Game) -> tuple[str, str, list[str], bool]:
    """What a refusal must leave untouched: the state, the log, the history, undo."""
    state = json.dumps(game.state.to_dict(), sort_keys=True)
    log = json.dumps([(e.kind, e.player, e.rule, e.data) for e in game.log], sort_keys=True)
    return state, log, [a.notation() for a in game.history], game.can_undo


def probe(game: Game, action: Any, player: Any = None) -> tuple[str, str]:
    """Explain and apply ``action``; the outcome and a detail. An applied action is undone."""
    before = snapshot(game)
    label = f"{_short(action)} player={_short(player)} at {game!r}"
    try:
        why = game.explain(action, player=player)
    except Exception as exc:  # noqa: BLE001 - the oracle reports every exception
        return "crash", f"explain {label}: {type(exc).__name__}: {exc}"
    try:
        game.apply(action, player=player)
    except IllegalAction as exc:
        if why is None:
            return "disagree", f"explain allowed, apply refused {label}: {exc}"
        if exc.rule != why.rule:
            return "disagree", f"explain says {why.rule}, apply {exc.rule}: {label}"
        if snapshot(game) != before:
            return "changed", f"refused but changed: {label}"
        return "refused", exc.rule
    except Exception as exc:  # noqa: BLE001
        return "crash", f"apply {label}: {type(exc).__name__}: {exc}"
    if why is not None:
        return "disagree", f"explain refused ({why.rule}), apply allowed: {label}"
    broken = check_invariants(game.state)
    game.undo()
    if broken:
        return "impossible", f"{label}: {broken[0]}"
    if snapshot(game) != before:
        return "changed", f"undo did not restore the position after {label}"
    return "applied", ""


def _short(value: Any) -> str:
    try:
        text = repr(value)
    except ValueError:
        text = f"<{type(value).__name__}>"
    return text if len(text) < 80 else text[:77] + "..."


def _public(events: list[Any]) -> list[str]:
    """The texts of events before the final scoring (which turns every card up)."""
    return [e.text for e in events if e.kind != "game_over"]


def hidden_leak(game: Game, rng: random.Random) -> str:
    """Swap another player's hidden card with a deck card: a seated player's view and the
    events of the next actions (up to the final scoring) must not change. Returns a problem
    or ''."""
    s = game.state
    if game.over or not s.deck:
        return ""
    viewer = rng.randrange(s.n)
    others = [q for q in range(s.n) if q != viewer and s.hands[q]]
    if not others:
        return ""
    q = rng.choice(others)
    twin = Game.from_json(game.to_json())
    hand, deck = twin.state.hands[q], twin.state.deck
    i, j = rng.randrange(len(hand)), rng.randrange(len(deck))
    hand[i], deck[j] = deck[j], hand[i]
    hand.sort()
    twin._touch()
    if twin.view(viewer) != game.view(viewer):
        return f"view({viewer}) changed when player {q}'s hidden card was swapped at {game!r}"
    a, b = game.fork(), twin.fork()
    for _ in range(rng.randrange(1, 12)):
        if a.over:
            break
        act = rng.choice(list(a.legal_actions()))
        if b.explain(act) is not None:
            break  # the swapped hand allows other answers (a private decision of q)
        ea, eb = a.apply(act), b.apply(act)
        if _public(ea) != _public(eb):
            return f"events of {act} name a hidden card (swap of player {q}'s card)"
    return ""


# ---------------------------------------------------------------------------------------
# Scenario files
# ---------------------------------------------------------------------------------------
SHIPPED = sorted(SCENARIO_DIR.glob("*.toml"))


def toml_value(v: Any) -> str:
    """Any TOML value, inline (floats, nested lists and tables too)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return "nan" if v != v else ("inf" if v > 0 else "-inf") if math.isinf(v) else repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{toml_value(str(k))} = {toml_value(x)}" for k, x in v.items()) + " }"
    return toml_value(str(v))


def toml_doc(doc: dict[str, Any]) -> str:
    return "".join(f"{toml_value(str(k))} = {toml_value(v)}\n" for k, v in doc.items())


def toml_weird(rng: random.Random, depth: int = 0) -> Any:
    """A TOML value of any type, in and beyond the limits."""
    pick = rng.randrange(12 if depth < 2 else 8)
    if pick == 0:
        return rng.choice([0, 1, -1, 3, 9, 99, 999, 10**12 + 1, 2**63 - 1, -(2**63)])
    if pick == 1:
        return rng.choice([math.nan, math.inf, 1.5, -0.0])
    if pick == 2:
        return rng.choice([True, False])
    if pick in (3, 4):
        return rng.choice([*NAMES, *COLOURS])
    if pick == 5:
        return rng.choice(HOSTILE)
    if pick == 6:
        return rng.randrange(0, 30)
    if pick == 7:
        return "x" * rng.choice([201, 5001, 20_001])
    if pick == 8:
        return [toml_weird(rng, depth + 1) for _ in range(rng.randrange(4))]
    if pick == 9:
        return {rng.choice([*NAMES, *COLOURS, "x"]): toml_weird(rng, depth + 1)
                for _ in range(rng.randrange(3))}
    if pick == 10:
        return [rng.choice([*NAMES, *COLOURS])]
    return {}


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path] if path else []
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, (*path, i))
    return out


def _parent(doc: Any, path: tuple[Any, ...]) -> Any:
    for k in path[:-1]:
        doc = doc[k]
    return doc


def _domain_edit(rng: random.Random, doc: dict[str, Any]) -> None:
    """Edits that stay well-typed but may describe an impossible position."""
    meta = doc.setdefault("scenario", {})
    if not isinstance(meta, dict):
        return
    n = meta.get("players", 3) if isinstance(meta.get("players"), int) else 3
    players = doc.setdefault("players", {})
    if not isinstance(players, dict):
        return
    colour = rng.choice(COLOURS[: max(2, min(5, n))] if rng.random() < 0.9 else COLOURS)
    spec = players.setdefault(colour, {})
    if not isinstance(spec, dict):
        return
    pick = rng.randrange(14)
    if pick == 0:
        spec["cards"] = rng.sample(range(1, 29), rng.randrange(0, 5)) + [rng.randrange(1, 29)]
    elif pick == 1:
        spec["cards"] = [True]
    elif pick == 2:
        meta["sun_tile"] = rng.choice(COLOURS)
        if rng.random() < 0.5:
            meta["last_turns"] = rng.randrange(0, 6)
    elif pick == 3:
        spec["moon_tiles"] = rng.sample(list(MOON_TILES), rng.randrange(0, 5))
    elif pick == 4:
        spec["incas"] = {rng.choice(DISTRICT_IDS): rng.randrange(0, 14)}
    elif pick == 5:
        spec["priests"] = {rng.choice(list(PRIESTS)): rng.randrange(0, 8)}
    elif pick == 6:
        spec["goods"] = {rng.choice(GOODS): rng.choice([0, 5, 40, 999])}
    elif pick == 7:
        board = doc.setdefault("board", {})
        if isinstance(board, dict):
            board["bonus"] = {rng.choice(DISTRICT_IDS): rng.randrange(0, 4)}
    elif pick == 8:
        board = doc.setdefault("board", {})
        if isinstance(board, dict):
            board["market"] = {rng.choice(GOODS): rng.randrange(0, 9)}
    elif pick == 9:
        meta["deck"] = rng.sample(range(1, 29), rng.randrange(0, 6))
    elif pick == 10:
        meta.update({"turn": rng.choice(COLOURS), "day": rng.randrange(1, 10)})
    elif pick == 11:
        spec.update({"laps": rng.randrange(0, 5), "summit_vp": rng.choice([0, 0, 3]),
                     "scout": rng.randrange(0, 20)})
    elif pick == 12:
        script = doc.setdefault("script", [])
        if isinstance(script, list):
            script.append({"action": action_text(rng) if rng.random() < 0.5 else
                           rng.choice(["produce 1", "move central_plaza", "stay llama", "trade"])})
    else:
        checks = doc.setdefault("check", [])
        if isinstance(checks, list):
            checks.append(rng.choice([
                {"facts": 5}, {"after": "x"}, {"Blue": 5}, {"row": "x"}, {"market": 5},
                {"winners": 5}, {"after": rng.randrange(0, 9), "facts": {
                    rng.choice(["Blue.goods.coca", "day", "x", "winners.rescue"]):
                        toml_weird(rng)}},
                {"illegal": action_text(rng), "rule": rng.choice(["move.llama", "x"])},
                {"legal": action_text(rng)}]))


def mutate_scenario(rng: random.Random, text: str) -> str | bytes:
    """A malformed or impossible variant of a scenario file (text, or bytes)."""
    doc = tomllib.loads(text)
    for _ in range(rng.randrange(1, 4)):
        paths = _paths(doc)
        pick = rng.randrange(5)
        if pick == 0 and paths:
            path = rng.choice(paths)
            _parent(doc, path)[path[-1]] = toml_weird(rng)
        elif pick == 1 and paths:
            path = rng.choice(paths)
            del _parent(doc, path)[path[-1]]
        elif pick == 2:
            tables = [p for p in [(), *paths] if isinstance(_get(doc, p), dict)]
            _get(doc, rng.choice(tables))[rng.choice(["x", "Blue", "foo", "prince"])] = \
                toml_weird(rng)
        else:
            _domain_edit(rng, doc)
    out = toml_doc(doc)
    pick = rng.randrange(12)
    if pick == 0:
        return out.encode("utf-8")[: rng.randrange(len(out))] + b"\xff\xfe\xc3"
    if pick == 1:
        return out + "deep = " + "[" * 500 + "]" * 500 + "\n"
    if pick == 2:
        return out + "big = " + "9" * 4301 + "\n"
    if pick == 3:
        return out[: rng.randrange(len(out))]
    if pick == 4:
        return "title = 5\n" + out
    return out


def _get(doc: Any, path: tuple[Any, ...]) -> Any:
    for k in path:
        doc = doc[k]
    return doc


def check_scenario(data: str | bytes, folder: Path) -> tuple[str, str]:
    """Read a scenario text (bytes go through a file); build it; play its script."""
    try:
        if isinstance(data, bytes):
            path = folder / "fuzz.toml"
            path.write_bytes(data)
            sc = read_scenario(str(path))
        else:
            sc = read_scenario("fuzz.toml", text=data)
    except ScenarioError as exc:
        if not exc.field or not exc.path:
            return "crash", f"ScenarioError without file or field: {exc}"
        return "refused", exc.field
    except Exception as exc:  # noqa: BLE001
        return "crash", f"read: {type(exc).__name__}: {exc}"
    try:
        game = sc.build()
        broken = check_invariants(game.state)
        if broken:
            return "impossible", broken[0]
        run_checks(sc)
    except Exception as exc:  # noqa: BLE001
        return "crash", f"build/run_checks: {type(exc).__name__}: {exc}"
    return "accepted", ""


# ---------------------------------------------------------------------------------------
# Saves
# ---------------------------------------------------------------------------------------
def json_weird(rng: random.Random) -> Any:
    v = toml_weird(rng)
    return v if rng.random() < 0.8 else rng.choice([None, 10**30, "<img src=x onerror=alert(1)>"])


def mutate_save(rng: random.Random, text: str) -> str | bytes:
    """An edited save: fields dropped or altered, impossible positions, actions reordered."""
    doc = json.loads(text)
    init = doc["initial"]
    pick = rng.randrange(16)
    if pick == 0:
        doc.pop(rng.choice(list(doc)))
    elif pick in (1, 2):
        path = rng.choice(_paths(doc))
        _parent(doc, path)[path[-1]] = json_weird(rng)
    elif pick == 3:
        path = rng.choice(_paths(doc))
        del _parent(doc, path)[path[-1]]
    elif pick == 4:
        init["goods"][rng.randrange(init["n"])][1] = 999
    elif pick == 5:
        init["hands"][rng.randrange(init["n"])].append(rng.randrange(1, 29))
    elif pick == 6:
        init["supply"][0] = 50
        init["incas"][0][0] += rng.choice([0, 1, 50])
    elif pick == 7:
        init["moon_board"][0] = "<img src=x onerror=alert(1)>"
    elif pick == 8:
        init["n"] = rng.choice([10**9, 1, 6, 0, -1, True, 4.0])
    elif pick == 9:
        rng.shuffle(doc["actions"])
    elif pick == 10:
        acts = doc["actions"]
        if acts:
            i = rng.randrange(len(acts))
            acts.insert(i, acts[i]) if rng.random() < 0.5 else acts.pop(i)
    elif pick == 11:
        doc["redo"] = [rng.choice(doc["actions"] or [{"action": "Continue"}])]
    elif pick == 12:
        doc["initial_events"] = [{"kind": rng.choice(["setup", "moved", "x"]),
                                  "player": json_weird(rng), "rule": None,
                                  "data": {"players": json_weird(rng)}}]
    elif pick == 13:
        init["queue"].insert(0, [rng.choice(["turn", "produce", "night", "x"]),
                                 rng.randrange(-1, 6), json_weird(rng)])
    elif pick == 14:
        for k in rng.sample(list(init), 2):
            init[k] = json_weird(rng)
    if rng.random() < 0.5:
        doc.pop("state", None)  # then nothing but the checks guards the initial position
    out = json.dumps(doc)
    tail = rng.randrange(10)
    if tail == 0:
        return out.encode()[: rng.randrange(len(out))] + b"\xff"
    if tail == 1:
        return "[" * 100_000 + "]" * 100_000
    if tail == 2:
        return out.replace('"version": 2', '"version": ' + "9" * 5000)
    return out


def check_save(data: str | bytes) -> tuple[str, str]:
    """Load an edited save: a SaveError naming a field, or a possible game that round-trips."""
    try:
        game = Game.from_json(data)
    except SaveError as exc:
        if not isinstance(exc, ValueError) or not exc.field:
            return "crash", f"SaveError without a field: {exc}"
        return "refused", exc.field
    except Exception as exc:  # noqa: BLE001
        return "crash", f"{type(exc).__name__}: {exc}"
    for s in (game._initial, game.state):
        broken = check_invariants(s)
        if broken:
            return "impossible", broken[0]
    again = Game.from_json(game.to_json())
    if again.to_json() != game.to_json():
        return "crash", "the loaded game does not round-trip"
    return "accepted", ""


def base_save(rng: random.Random) -> str:
    game = random_game(rng, rng.randrange(0, 120))
    for _ in range(rng.randrange(3)):
        game.undo()
    return game.to_json()


# ---------------------------------------------------------------------------------------
# The command line
# ---------------------------------------------------------------------------------------
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


def cli_problem(argv: list[str], code: int, err: str) -> str:
    """'' if an error is one line on stderr with status 2 (or 1: nothing found, checks fail)."""
    if code == -1 or "Traceback" in err:
        return f"traceback: {argv!r}: {err[:200]}"
    if code == 2 and (err.count("\n") != 1 or not err.startswith("error:")):
        return f"not one error line: {argv!r}: {err[:200]!r}"
    if code not in (0, 1, 2):
        return f"status {code}: {argv!r}"
    return ""


__all__ = [name for name in dir() if not name.startswith("_")]
