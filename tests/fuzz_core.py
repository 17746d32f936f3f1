"""The fuzzing kit's shared half: hostile values, file mutations and the oracles, for any game.

What differs between the games (their words, positions, action texts and objects, edits of
a scenario or a save that stay well-typed but describe an impossible position, and the
hidden cards a seated player must not see) is a :class:`Fuzzer`, one per game
(``tests/fuzz_princes.py``, ``tests/fuzz_priests.py``); ``tests/fuzzing.py`` gathers them.
Every oracle is written once, here (the widgets' escaping in ``fuzz_widgets``, the command
line in ``fuzz_cli``), and takes the game's :class:`Fuzzer` or a game object.

An oracle returns an outcome and a detail: ``applied``/``refused``/``accepted`` are fine;
anything else (``crash``, ``disagree``, ``changed``, ``impossible``, ``leak``, ``traceback``)
is a defect, with a detail to reproduce it.
"""

from __future__ import annotations

import json
import math
import random
import sys
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from mp_tutor.widgets import Board

from mp_tutor.core.game import SaveError
from mp_tutor.core.registry import GameInfo
from mp_tutor.core.rules import IllegalAction
from mp_tutor.core.scenarios import ScenarioError, run_checks

sys.path.insert(0, str(Path(__file__).resolve().parent / "widgets"))
from widget_state import synced_states  # noqa: E402 - the widget tests' helper

FINE = ("applied", "refused", "accepted")
HOSTILE = ("", " ", "\x00", "é😀", "<img src=x onerror=alert(1)>", "'\"", "\\", "(", "-",
           "x" * 600, "\u202e", "²", "٣", "\n", "none", "\x1b[2J\x1b]0;x\x07", "\r", "\x9b")
#: seeds at the edges of the games' seeds (0 .. 2**63 - 1) and beyond
SEEDS = (0, 1, 2**63 - 1, 2**63, 2**64, -1)


@dataclass(frozen=True)
class Fuzzer:
    """One game's generators; the oracles below are the same for every game."""

    info: GameInfo
    #: the game's words (names of places, pieces, cards...) and verbs, for hostile values
    names: tuple[str, ...]
    verbs: tuple[str, ...]
    #: a game after ``steps`` random legal actions (``None``: a random number)
    random_game: Callable[[random.Random, int | None], Any]
    #: text for the action box, and an action object with random fields (may raise)
    action_text: Callable[[random.Random], str]
    action_object: Callable[[random.Random], Any]
    #: edits that keep a scenario document (a dict) well-typed but may make it impossible
    scenario_edit: Callable[[random.Random, dict[str, Any]], None]
    #: the same for a save document (``doc["initial"]`` is the first position)
    save_edit: Callable[[random.Random, dict[str, Any]], None]
    #: ``(viewer, twin, what)``: a copy of the game in which a card ``viewer`` cannot see was
    #: swapped with another one they cannot see, or None
    hidden_swap: Callable[[Any, random.Random], tuple[int, Any, str] | None]
    #: kinds of event that may name a card hidden until then (a comparison stops there)
    reveals: frozenset[str]
    #: the decision kinds the action tests' positions must cover
    decisions: frozenset[str]
    #: games at every kind of decision (and finished games), for the property tests
    make_positions: Callable[[], list[Any]]
    #: verbs and words to type in any order in the action box
    words: tuple[str, ...]
    #: the text of a real action (legal or not): a bad ``player=`` is refused before it is read
    some_action: str
    #: words for command lines, besides the commands and options
    cli_words: tuple[str, ...] = ()
    #: saves are made after up to this many random actions
    save_steps: int = 120
    #: examples of the slow properties (widgets, seated boards, command lines) in the CI
    #: profile: the Princes' board draws a map, twice the priests' cost
    few_examples: int = 15
    #: actions that are illegal in ``game`` now (the wrong kind, a wrong value...), for the
    #: protocol tests' probes (``tests/test_protocol.py``)
    illegal: Callable[[Any, random.Random], list[Any]] = lambda game, rng: []

    @property
    def name(self) -> str:
        return self.info.name

    @property
    def game(self) -> Any:
        return self.info.game

    @property
    def shipped(self) -> list[Path]:
        """Every scenario file shipped with the game (library and chapters)."""
        return [p for d in self.info.scenario_dirs for p in sorted(d.glob("*.toml"))]

    @cached_property
    def positions(self) -> list[Any]:
        """``make_positions()``, made once (the tests share them: a probe undoes itself)."""
        return self.make_positions()

    @cached_property
    def texts(self) -> list[str]:
        """The texts of the shipped scenario files."""
        return [p.read_text("utf-8") for p in self.shipped]

    @cached_property
    def saves(self) -> list[str]:
        """Eight saves of random games (seeds 0-7), some actions undone: see :func:`base_save`."""
        return [base_save(self, random.Random(seed)) for seed in range(8)]


# ---------------------------------------------------------------------------------------
# Values and actions
# ---------------------------------------------------------------------------------------
def weird_value(rng: random.Random, names: tuple[str, ...], depth: int = 0) -> Any:
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
        return rng.choice(names)
    if pick == 6:
        return rng.choice(HOSTILE)
    if pick == 7:
        return "".join(chr(rng.randrange(32, 0x2FFF)) for _ in range(rng.randrange(8)))
    if pick == 8:
        return tuple(rng.choice(names) for _ in range(rng.randrange(4)))
    if pick == 9:
        return tuple((rng.choice(names), rng.randrange(-2, 5)) for _ in range(rng.randrange(3)))
    if pick == 10:
        return rng.randrange(-3, 30)
    if pick == 11:
        return [weird_value(rng, names, depth + 1) for _ in range(rng.randrange(4))]
    if pick == 12:
        return {rng.choice(names): weird_value(rng, names, depth + 1)
                for _ in range(rng.randrange(3))}
    if pick == 13:
        return tuple(weird_value(rng, names, depth + 1) for _ in range(rng.randrange(4)))
    if pick == 14:
        return b"bytes"
    return [[[]]] if rng.random() < 0.5 else object()


def some_or_all(rng: random.Random, few: int, every: int, share: float = 0.2) -> int:
    """How many things of a kind a list names: a few, or (issue 19: every sun/moon card named
    as coming next crashed a loader) all of them, or all but one (a ``share`` of the time)."""
    return rng.randrange(0, few) if rng.random() >= share else rng.choice([every, every - 1])


def player_value(rng: random.Random, n: int) -> Any:
    """A ``player=`` argument: mostly real seats, often not."""
    if rng.random() < 0.5:
        return rng.choice([None, *range(n)])
    return rng.choice([99, "Blue", 1.5, -1, True, False, n, 10**5000, math.nan, [0], "0"])


def unicode_text(rng: random.Random) -> str:
    """Up to 12 characters from anywhere in Unicode (no lone surrogates)."""
    return "".join(chr(c) for c in (rng.randrange(1, 0x1FFFF) for _ in range(rng.randrange(12)))
                   if not 0xD800 <= c < 0xE000)


def any_action(fz: Fuzzer, rng: random.Random, game: Any) -> Any:
    """A legal action, its notation, a text, an object, or something that is not an action."""
    pick = rng.randrange(5)
    legal = list(game.legal_actions())
    if pick == 0 and legal:
        return rng.choice(legal)
    if pick == 1 and legal:
        return rng.choice(legal).notation()
    if pick == 2:
        return fz.action_text(rng)
    if pick == 3:
        try:
            return fz.action_object(rng)
        except IllegalAction:
            return weird_value(rng, fz.names)
    return weird_value(rng, fz.names)


def action_json(fz: Fuzzer, rng: random.Random, game: Any) -> Any:
    """What a save (or a script) may hold for an action: a legal action's JSON with a field
    dropped, added or given any value (issue 19: ``{"action": []}``), or any value at all."""
    legal = list(game.legal_actions())
    if not legal or rng.random() < 0.2:
        return json_weird(rng, fz.names) if rng.random() < 0.5 else {"action": weird_value(
            rng, fz.names)}
    obj = rng.choice(legal).to_json()
    key = rng.choice(list(obj) + ["x"])
    pick = rng.randrange(3)
    if pick == 0:
        obj.pop(key, None)
    else:
        obj[key] = json_weird(rng, fz.names) if pick == 1 else weird_value(rng, fz.names)
    return obj


def check_action_json(fz: Fuzzer, obj: Any) -> tuple[str, str]:
    """An action read back from JSON is an action of the game or an ``ActionError`` naming
    the field; nothing else."""
    try:
        action = fz.game.action_from_json(obj)
    except IllegalAction as exc:
        field = getattr(exc, "field", None)
        return ("refused", str(field)) if field else ("crash", f"no field: {exc}")
    except Exception as exc:  # noqa: BLE001 - the oracle reports every exception
        return "crash", f"action_from_json({short(obj)}): {type(exc).__name__}: {exc}"
    again = fz.game.action_from_json(action.to_json())
    return ("accepted", "") if again == action else ("crash", f"{action!r} does not round-trip")


# ---------------------------------------------------------------------------------------
# The action oracle
# ---------------------------------------------------------------------------------------
def snapshot(game: Any) -> tuple[str, str, list[str], bool]:
    """What a refusal must leave untouched: the state, the log, the history, undo."""
    state = json.dumps(game.state.to_dict(), sort_keys=True)
    log = json.dumps([(e.kind, e.player, e.rule, e.data) for e in game.log], sort_keys=True)
    return state, log, [a.notation() for a in game.history], game.can_undo


def probe(game: Any, action: Any, player: Any = None) -> tuple[str, str]:
    """Explain and apply ``action``; the outcome and a detail. An applied action is undone."""
    before = snapshot(game)
    label = f"{short(action)} player={short(player)} at {game!r}"
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
    broken = type(game).invariants(game.state)
    game.undo()
    if broken:
        return "impossible", f"{label}: {broken[0]}"
    if snapshot(game) != before:
        return "changed", f"undo did not restore the position after {label}"
    return "applied", ""


def play_on(game: Any, rng: random.Random, steps: int = 8) -> tuple[str, str]:
    """Play up to ``steps`` random legal actions from a loaded position: ``("", "")`` if each
    one plays and leaves a possible position, else ``("crash" or "impossible", detail)``."""
    for _ in range(steps):
        if game.over:
            break
        try:
            act = rng.choice(list(game.legal_actions()))
            game.apply(act)
        except Exception as exc:  # noqa: BLE001 - no legal action (IndexError) included
            return "crash", f"play on at {game!r}: {type(exc).__name__}: {exc}"
        broken = type(game).invariants(game.state)
        if broken:
            return "impossible", f"after {act} at {game!r}: {broken[0]}"
    return "", ""


def short(value: Any) -> str:
    try:
        text = repr(value)
    except ValueError:
        text = f"<{type(value).__name__}>"
    return text if len(text) < 80 else text[:77] + "..."


# ---------------------------------------------------------------------------------------
# Hidden cards
# ---------------------------------------------------------------------------------------
def hidden_leak(fz: Fuzzer, game: Any, rng: random.Random, board: bool = False) -> str:
    """Swap a card a seated player cannot see with another one they cannot see: their view
    (and, with ``board``, everything a board seated there sends), then the events of the
    next actions until a card is revealed, must not change. Returns a problem or ''."""
    got = fz.hidden_swap(game, rng)
    if got is None:
        return ""
    viewer, twin, what = got
    if twin.view(viewer) != game.view(viewer):
        return f"view({viewer}) changed when {what} at {game!r}"
    if board and board_states(game, viewer) != board_states(twin, viewer):
        return f"the board seated at {viewer} sent something else when {what} at {game!r}"
    a, b = game.fork(), twin.fork()
    for _ in range(rng.randrange(1, 12)):
        if a.over:
            break
        act = rng.choice(list(a.legal_actions()))
        if b.explain(act) is not None:
            break  # the swapped card allows other answers (a private decision)
        ea, eb = a.apply(act), b.apply(act)
        pa, pb = _until_revealed(fz, ea), _until_revealed(fz, eb)
        if pa != pb:
            return f"events of {act} name a hidden card ({what})"
        if len(pa) < len(ea):
            break  # a card was revealed: from here on the games may differ
    return ""


def _until_revealed(fz: Fuzzer, events: list[Any]) -> list[str]:
    out = []
    for e in events:
        if e.kind in fz.reveals:
            break
        out.append(e.text)
    return out


def board_states(game: Any, seat: int) -> list[dict[str, Any]]:
    """Everything a board seated at ``seat`` (no bots) sends to the browser."""
    return synced_states(Board(game, seat=seat, bots={}))


# ---------------------------------------------------------------------------------------
# Scenario files
# ---------------------------------------------------------------------------------------
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


def toml_weird(rng: random.Random, names: tuple[str, ...], depth: int = 0) -> Any:
    """A TOML value of any type, in and beyond the limits."""
    pick = rng.randrange(12 if depth < 2 else 8)
    if pick == 0:
        return rng.choice([0, 1, -1, 3, 9, 99, 999, 10**12 + 1, 2**63 - 1, -(2**63)])
    if pick == 1:
        return rng.choice([math.nan, math.inf, 1.5, -0.0])
    if pick == 2:
        return rng.choice([True, False])
    if pick in (3, 4):
        return rng.choice(names)
    if pick == 5:
        return rng.choice(HOSTILE)
    if pick == 6:
        return rng.randrange(0, 30)
    if pick == 7:
        return "x" * rng.choice([201, 5001, 20_001])
    if pick == 8:
        return [toml_weird(rng, names, depth + 1) for _ in range(rng.randrange(4))]
    if pick == 9:
        return {rng.choice([*names, "x"]): toml_weird(rng, names, depth + 1)
                for _ in range(rng.randrange(3))}
    if pick == 10:
        return [rng.choice(names)]
    return {}


def paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value of nested tables and lists."""
    out = [path] if path else []
    if isinstance(node, dict):
        for k, v in node.items():
            out += paths(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += paths(v, (*path, i))
    return out


def parent(doc: Any, path: tuple[Any, ...]) -> Any:
    for k in path[:-1]:
        doc = doc[k]
    return doc


def get(doc: Any, path: tuple[Any, ...]) -> Any:
    for k in path:
        doc = doc[k]
    return doc


def table(doc: dict[str, Any], *keys: str) -> dict[str, Any] | None:
    """The nested table ``doc[k1][k2]...``, made if missing; None if something else is there."""
    for k in keys:
        doc = doc.setdefault(k, {})
        if not isinstance(doc, dict):
            return None
    return doc


def mutate_scenario(fz: Fuzzer, rng: random.Random, text: str) -> str | bytes:
    """A malformed or impossible variant of a scenario file (text, or bytes)."""
    doc = tomllib.loads(text)
    for _ in range(rng.randrange(1, 4)):
        found = paths(doc)
        pick = rng.randrange(5)
        if pick == 0 and found:
            path = rng.choice(found)
            parent(doc, path)[path[-1]] = toml_weird(rng, fz.names)
        elif pick == 1 and found:
            path = rng.choice(found)
            del parent(doc, path)[path[-1]]
        elif pick == 2:
            tables = [p for p in [(), *found] if isinstance(get(doc, p), dict)]
            get(doc, rng.choice(tables))[rng.choice(["x", *fz.info.colours[:2], *fz.names[:3]])] \
                = toml_weird(rng, fz.names)
        else:
            fz.scenario_edit(rng, doc)
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


def check_scenario(fz: Fuzzer, data: str | bytes, folder: Path,
                   rng: random.Random | None = None) -> tuple[str, str]:
    """Read a scenario text (bytes go through a file); build it; play its script and checks,
    then a few random actions."""
    try:
        if isinstance(data, bytes):
            path = folder / "fuzz.toml"
            path.write_bytes(data)
            sc = fz.info.read_scenario(str(path))
        else:
            sc = fz.info.read_scenario("fuzz.toml", data)
    except ScenarioError as exc:
        if not exc.field or not exc.path:
            return "crash", f"ScenarioError without file or field: {exc}"
        return "refused", exc.field
    except Exception as exc:  # noqa: BLE001
        return "crash", f"read: {type(exc).__name__}: {exc}"
    try:
        game = sc.build()
        broken = fz.game.invariants(game.state)
        if broken:
            return "impossible", broken[0]
        run_checks(sc)
    except Exception as exc:  # noqa: BLE001
        return "crash", f"build/run_checks: {type(exc).__name__}: {exc}"
    outcome, detail = play_on(game, rng or random.Random(0))
    return (outcome, detail) if outcome else ("accepted", "")


# ---------------------------------------------------------------------------------------
# Saves
# ---------------------------------------------------------------------------------------
def json_weird(rng: random.Random, names: tuple[str, ...]) -> Any:
    v = toml_weird(rng, names)
    return v if rng.random() < 0.8 else rng.choice([None, 10**30, "<img src=x onerror=alert(1)>"])


def mutate_save(fz: Fuzzer, rng: random.Random, text: str) -> str | bytes:
    """An edited save: fields dropped or altered, impossible positions, actions reordered."""
    doc = json.loads(text)
    init = doc["initial"]
    pick = rng.randrange(17)
    if pick == 0:
        doc.pop(rng.choice(list(doc)))
    elif pick in (1, 2):
        path = rng.choice(paths(doc))
        parent(doc, path)[path[-1]] = json_weird(rng, fz.names)
    elif pick == 3:
        path = rng.choice(paths(doc))
        del parent(doc, path)[path[-1]]
    elif pick in (4, 5, 6, 7):
        fz.save_edit(rng, doc)
    elif pick == 8:
        init["n"] = rng.choice([10**9, 1, 6, 0, -1, True, 4.0, init["n"] + 1])
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
        doc["initial_events"] = [{"kind": rng.choice(["setup", "moved", "laid", "x"]),
                                  "player": json_weird(rng, fz.names),
                                  "rule": rng.choice([None, ["x"], "x", {}]),
                                  "data": {"players": json_weird(rng, fz.names)}}]
    elif pick == 13:
        init["queue"].insert(0, [rng.choice([*sorted(fz.decisions), "x"]), rng.randrange(-1, 6),
                                 json_weird(rng, fz.names)])
    elif pick == 14:
        for k in rng.sample(list(init), 2):
            init[k] = json_weird(rng, fz.names)
    elif pick == 15:
        init["seed"] = rng.choice(SEEDS)
    if rng.random() < 0.5:
        doc.pop("state", None)  # then nothing but the checks guards the initial position
    out = json.dumps(doc)
    tail = rng.randrange(10)
    if tail == 0:
        return out.encode()[: rng.randrange(len(out))] + b"\xff"
    if tail == 1:
        return "[" * 100_000 + "]" * 100_000
    if tail == 2:
        return out.replace(f'"version": {fz.game.VERSION}', '"version": ' + "9" * 5000)
    return out


def check_save(fz: Fuzzer, data: str | bytes, rng: random.Random | None = None) -> tuple[str, str]:
    """Load an edited save: a SaveError naming a field, or a possible game that round-trips
    and plays on."""
    try:
        game = fz.game.from_json(data)
    except SaveError as exc:
        if not isinstance(exc, ValueError) or not exc.field:
            return "crash", f"SaveError without a field: {exc}"
        return "refused", exc.field
    except Exception as exc:  # noqa: BLE001
        return "crash", f"{type(exc).__name__}: {exc}"
    for s in (game._initial, game.state):
        broken = fz.game.invariants(s)
        if broken:
            return "impossible", broken[0]
    again = fz.game.from_json(game.to_json())
    if again.to_json() != game.to_json():
        return "crash", "the loaded game does not round-trip"
    outcome, detail = play_on(game, rng or random.Random(0))
    return (outcome, detail) if outcome else ("accepted", "")


def base_save(fz: Fuzzer, rng: random.Random) -> str:
    """A save of a random game, with some of its last actions undone."""
    game = fz.random_game(rng, rng.randrange(0, fz.save_steps))
    for _ in range(rng.randrange(3)):
        game.undo()
    return str(game.to_json())


__all__ = [name for name in dir() if not name.startswith("_")]
