"""Scenarios: game situations a teacher writes by hand (TOML), for any game of the tutor.

A scenario file has a ``[scenario]`` table (``title``, ``description``, ``rulebook`` and
the game's own fields), the game's tables describing the position (only what differs from
a standard setup), a ``[[script]]`` of steps a teacher presents (``action`` in the text
notation, ``say``) and ``[[check]]`` facts that must hold after some steps::

    [[check]]
    after = 2                                   # script steps played first
    facts = { "Blue.goods.coca" = 4, "pending.kind" = "produce" }
    illegal = "produce 3"                       # an action that must be refused ...
    rule = "produce.limit"                      # ... citing this rule
    legal = "produce 1"                         # an action that must be allowed
    player = "Blue"                             # (optional) who tries legal/illegal

A wanted fact ``"none"`` also matches nothing (a null: TOML has none).

Facts are paths of :mod:`mp_tutor.core.facts`; a wanted value is text, a number,
true/false, a list of those, a ``{ min, max }`` range of numbers or a table of wanted
values (``facts.WANTED``). The game builds the position (``Game.position.read(label,
raw)``: its :class:`PositionFormat`), validating its own fields and refusing positions that play cannot reach (pieces
created, duplicated or lost, rule states such as a Sun Tile before the third moon tile),
with the rule that forbids them. Every problem is a :class:`ScenarioError` naming the file
and the field (``players.Blue.cards[0]``; ``<file>`` for the file as a whole).

Limits (:mod:`mp_tutor.core.tomlfile`), each refused with a clear message:

- the file: at most 1,000,000 bytes, UTF-8 text, valid TOML;
- nesting: at most 24 levels of tables and lists (deeper is refused before it is walked);
- text: at most 20,000 characters per string (``title`` 200, ``description`` 5,000,
  ``rulebook`` 300, a script ``action`` or a check's ``legal``/``illegal`` 500, ``say``
  2,000, ``rule`` 100);
- numbers: whole numbers of at most 10**12 (and Python's 4,300 digits for any integer),
  floats finite; each field then has its own range (``players`` 2 to 5, ...);
- sizes: at most 10,000 items in a list or table and 100,000 values in the file; at most
  500 ``[[script]]`` steps and 500 ``[[check]]`` entries, 200 facts per check;
- ``after`` counts script steps (0 to the script's length); a ``rule`` needs an
  ``illegal`` action and must be a rule id of the game; ``legal`` must be an action in the
  notation; every script step must be one (checked when read) and legal when played
  (:func:`run_checks`, ``mp-tutor scenario check``, plays the whole script).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, NotRequired, TypedDict, TypeVar

from . import facts as facts_mod
from .errors import FileFieldError
from .i18n import LANGUAGES, Msg, t
from .rules import IllegalAction
from .tomlfile import Int, List, Map, Schema, Str, Table, parse, read_bytes, validate

if TYPE_CHECKING:  # the game protocol, for annotations only
    from .events import Event
    from .game import BaseGame
    from .state import GameState

#: a game's state
S = TypeVar("S", bound="GameState")


class ScenarioError(FileFieldError):
    """A scenario file is malformed or describes an impossible position."""


#: the colours a mark may be drawn in (the first is the default)
MARK_COLOURS = ("green", "red", "blue", "yellow")


@dataclass(frozen=True)
class Mark:
    """A shape drawn on the board for a step of a script: an arrow from the place ``at`` to
    the place ``to``, or the place ``at`` alone, highlighted (places are the picture's click
    targets, ``data-target``/``data-spot`` values); ``colour`` one of :data:`MARK_COLOURS`."""

    at: str
    to: str = ""
    colour: str = MARK_COLOURS[0]

    @property
    def arrow(self) -> bool:
        return bool(self.to)

    def to_toml(self) -> dict[str, object]:
        """The mark as a scenario file writes it (``{ arrow = [a, b] }`` or ``{ place = a }``)."""
        out: dict[str, object] = {"arrow": [self.at, self.to]} if self.to else {"place": self.at}
        if self.colour != MARK_COLOURS[0]:
            out["colour"] = self.colour
        return out


@dataclass
class Step:
    action: str
    say: str = ""
    marks: tuple[Mark, ...] = ()

    def heading(self, n: int) -> Msg:
        """'step 2: move sun_clock' (in the current language when shown)."""
        return t("step {n}: {action}", n=n, action=self.action)


#: the fields of ``[scenario]`` every game knows (a game adds its own)
META_FIELDS: dict[str, Schema] = {
    "title": Str(max_len=200),
    "description": Str(max_len=5000),
    "rulebook": Str(max_len=300),
    "game": Str(max_len=40),
    "lang": Str(LANGUAGES, what="language"),
}
MARK = Table({"arrow": List(Str(max_len=60), min_len=2, max_len=2), "place": Str(max_len=60),
              "colour": Str(MARK_COLOURS, what="colour")})
SCRIPT = List(Table({"action": Str(required=True, nonempty=True, max_len=500),
                     "say": Str(max_len=2000), "marks": List(MARK, max_len=50)}), max_len=500)
CHECK = List(Table({"after": Int(0, 500), "facts": Map(facts_mod.WANTED, max_len=200),
                    "legal": Str(max_len=500), "illegal": Str(max_len=500),
                    "rule": Str(max_len=100), "player": Str(max_len=40)}), max_len=500)


class ScenarioCheck(TypedDict):
    """A ``[[check]]`` of a scenario file (see :data:`CHECK`): after ``after`` steps of the
    script, ``facts`` hold, an action is ``legal`` or ``illegal`` (by ``rule``), for
    ``player``."""

    after: NotRequired[int]
    facts: NotRequired[dict[str, facts_mod.Wanted]]
    legal: NotRequired[str]
    illegal: NotRequired[str]
    rule: NotRequired[str]
    player: NotRequired[str]


@dataclass(frozen=True)
class PositionFormat(Generic[S]):
    """How a game reads its positions from scenario files and writes them: its tables
    besides ``[scenario]``, its own fields of ``[scenario]`` (``meta``), ``read(label, raw)``
    (the position, or a :class:`ScenarioError` naming the field) and ``write(state, title,
    description)`` (the file's text)."""

    tables: tuple[str, ...]
    meta: dict[str, Schema]
    #: ``read(label, raw)``: ``raw`` is the whole file, parsed (each game's schemas check it)
    read: Callable[[str, dict[str, object]], S]
    write: Callable[[S, str, str], str]
    #: the places of the board a script's marks may name (the picture's click targets)
    places: tuple[str, ...] = ()


@dataclass
class Scenario:
    """A scenario's description; the game itself is built by :meth:`build`."""

    name: str
    path: str
    title: str
    game_type: type[BaseGame]
    description: str = ""
    rulebook: str = ""
    script: list[Step] = field(default_factory=list)
    checks: list[ScenarioCheck] = field(default_factory=list)
    raw: dict[str, object] = field(default_factory=dict)

    def build(self) -> BaseGame:
        """A fresh game in the scenario's situation (``game.scenario`` is this object)."""
        state = self.game_type.position.read(self.path, self.raw)
        game = self.game_type(state, [])
        game.scenario = self
        return game


def find_scenario(name_or_path: str | Path, dirs: Iterable[Path]) -> Path:
    """The file of a scenario: a path to a ``.toml`` file, or a name looked up in ``dirs``."""
    dirs = tuple(dirs)
    p = Path(str(name_or_path))
    if p.suffix == ".toml" and p.is_file():
        return p
    name = str(name_or_path)
    if "/" not in name and "\\" not in name and name not in ("", ".", ".."):
        for folder in dirs:
            shipped = folder / f"{name}.toml"
            if shipped.is_file():
                return shipped
    known = sorted({f.stem for d in dirs for f in d.glob("*.toml")})
    raise ScenarioError(str(name_or_path)[:200], "<file>",
                        f"no such scenario file or name (known: {', '.join(known)})")


def read_scenario(game_type: type[BaseGame], name_or_path: str | Path, text: str | None = None,
                  dirs: Iterable[Path] = ()) -> Scenario:
    """Read and validate a scenario (by name, path, or ``text`` in the format).

    The position is built once to check it, and every script step is parsed (a step that
    is not an action is a :class:`ScenarioError` naming ``script[i].action``); whether each
    step is legal is found by playing the script: :func:`run_checks` (``mp-tutor scenario
    check``) plays all of it.
    """
    if text is None:
        path = find_scenario(name_or_path, dirs)
        label = str(path)
        text = read_bytes(path, ScenarioError)
        name = path.stem
    else:
        label = str(name_or_path)
        name = Path(label).stem
    raw = parse(label, text, ScenarioError)
    meta = read_meta(game_type, label, raw)
    script = validate(label, raw.get("script", []), SCRIPT, ScenarioError, "script")
    checks = validate(label, raw.get("check", []), CHECK, ScenarioError, "check")
    steps = []
    for i, step in enumerate(script):
        try:
            game_type.parse_action(step["action"])
        except IllegalAction as exc:
            raise ScenarioError(label, f"script[{i}].action", exc.message) from None
        marks = []
        for j, mark in enumerate(step.get("marks", [])):
            where = f"script[{i}].marks[{j}]"
            if ("arrow" in mark) == ("place" in mark):
                raise ScenarioError(label, where, "a mark is an arrow or a place")
            ends = mark["arrow"] if "arrow" in mark else [mark["place"]]
            for end in ends:
                if end not in game_type.position.places:
                    raise ScenarioError(label, where, f"no place {end!r} on the board (places: "
                                        f"{', '.join(game_type.position.places)})")
            marks.append(Mark(ends[0], ends[1] if len(ends) > 1 else "",
                              mark.get("colour", MARK_COLOURS[0])))
        steps.append(Step(step["action"], step.get("say", ""), tuple(marks)))
    for i, chk in enumerate(checks):
        if chk.get("after", 0) > len(steps):
            raise ScenarioError(label, f"check[{i}].after",
                                f"must be 0..{len(steps)} (the script has {len(steps)} steps)")
        if "rule" in chk and "illegal" not in chk:
            raise ScenarioError(label, f"check[{i}].rule", "goes with an illegal action")
        if "rule" in chk and chk["rule"] not in game_type.rules:
            raise ScenarioError(label, f"check[{i}].rule", f"unknown rule id {chk['rule']!r}")
        if "player" in chk and not ("legal" in chk or "illegal" in chk):
            raise ScenarioError(label, f"check[{i}].player", "goes with a legal or illegal action")
        if "legal" in chk:
            try:
                game_type.parse_action(chk["legal"])
            except IllegalAction as exc:
                raise ScenarioError(label, f"check[{i}].legal", exc.message) from None
    sc = Scenario(name=name, path=label, title=meta.get("title", name), game_type=game_type,
                  description=meta.get("description", ""), rulebook=meta.get("rulebook", ""),
                  script=steps, checks=checks, raw=raw)
    sc.build()  # validate the position now
    return sc


def read_meta(game_type: type[BaseGame], label: str, raw: Mapping[str, object]
              ) -> dict[str, Any]:
    """The ``[scenario]`` table of a scenario file (parsed as ``raw``), validated, and its
    tables checked to be known ones (else a :class:`ScenarioError` naming the field)."""
    known = {"scenario", "script", "check", *game_type.position.tables}
    for k in raw:
        if k not in known:
            raise ScenarioError(label, k, f"unknown table (known: {', '.join(sorted(known))})")
    if not isinstance(raw.get("scenario"), dict):
        raise ScenarioError(label, "scenario", "missing [scenario] table")
    meta: dict[str, Any] = validate(label, raw["scenario"],
                                    Table({**META_FIELDS, **game_type.position.meta}),
                                    ScenarioError, "scenario")
    return meta


def read_position(game_type: type[BaseGame], label: str, raw: dict[str, object]) -> GameState:
    """The position the tables of a scenario file describe (its ``[scenario]`` fields and the
    game's tables; a script and checks are not read): the same checks as :func:`read_scenario`
    makes of them, each failure a :class:`ScenarioError` naming the field."""
    read_meta(game_type, label, raw)
    state: GameState = game_type.position.read(label, raw)
    return state


def run_checks(sc: Scenario) -> list[str]:
    """Play the whole script and test each ``[[check]]``; returns failure messages."""
    failures: list[str] = []
    checks = sorted(enumerate(sc.checks), key=lambda ic: ic[1].get("after", 0))
    game = sc.build()
    played = 0

    def play_to(n: int) -> bool:
        nonlocal played
        while played < n:
            step = sc.script[played]
            try:
                game.apply(step.action)
            except IllegalAction as exc:
                failures.append(f"script[{played}] ({step.action}): {exc}")
                return False
            played += 1
        return True

    for i, chk in checks:
        where = f"check[{i}]"
        if not play_to(chk.get("after", 0)):
            return failures
        failures += facts_mod.check(game, chk.get("facts", {}), f"{where}.facts")
        player = None
        if "player" in chk:
            names = game.player_names()
            if chk["player"] not in names:
                failures.append(f"{where}.player: {chk['player']!r} is not a player "
                                f"({', '.join(names)})")
                continue
            player = names.index(chk["player"])
        if "legal" in chk:
            why = game.explain(chk["legal"], player)
            if why is not None:
                failures.append(f"{where}.legal: {chk['legal']!r} should be legal but: {why}")
        if "illegal" in chk:
            why = game.explain(chk["illegal"], player)
            if why is None:
                failures.append(f"{where}.illegal: {chk['illegal']!r} should be illegal")
            elif "rule" in chk and why.rule != chk["rule"]:
                failures.append(f"{where}.illegal: {chk['illegal']!r} is illegal by {why.rule}, "
                                f"expected {chk['rule']}")
    play_to(len(sc.script))
    return failures


class Presentation:
    """Step a scenario's script forwards and back, as a teacher presents it.

    ``scenario``: a :class:`Scenario`, or a name or file read from ``library`` (a game's
    presentation class names its library, so that ``Presentation("name")`` works).
    """

    #: where a scenario given by name or file is read (set by a game's subclass)
    library: ScenarioLibrary | None = None

    def __init__(self, scenario: Scenario | str | Path, library: ScenarioLibrary | None = None
                 ) -> None:
        if not isinstance(scenario, Scenario):
            found = library or self.library
            if found is None:
                raise TypeError("a scenario by name or file needs the game's scenario library")
            scenario = found.read(scenario)
        self.scenario = scenario
        self.game = scenario.build()
        self.position = 0

    @property
    def steps(self) -> list[Step]:
        return self.scenario.script

    @property
    def done(self) -> bool:
        return self.position >= len(self.steps)

    def next(self) -> tuple[Step, list[Event]]:
        """Play the next step of the script; returns it and the events."""
        if self.done:
            raise IndexError("the script is finished")
        step = self.steps[self.position]
        events = self.game.apply(step.action)
        self.position += 1
        return step, events

    def back(self) -> bool:
        """Take the last step back (False at the start)."""
        if self.position == 0:
            return False
        self.game.undo()
        self.position -= 1
        return True

    def restart(self) -> None:
        self.game = self.scenario.build()
        self.position = 0


class ScenarioLibrary:
    """A game's scenarios: the folders they are looked up in, and what a game does with one.

    ``dirs``: the folders, the first one holding the scenarios the library lists (the
    rulebook's examples), the others found by name too (a chapter's own situations).
    """

    def __init__(self, game_type: type[BaseGame], dirs: Iterable[Path]) -> None:
        self.game_type = game_type
        self.dirs = tuple(dirs)

    @classmethod
    def of(cls, game_type: type[BaseGame]) -> ScenarioLibrary:
        """The library beside a game's module: ``scenarios/`` (the rulebook's examples),
        then ``chapters/scenarios/`` (the chapters' own situations, for lessons)."""
        home = Path(inspect.getfile(game_type)).parent
        return cls(game_type, (home / "scenarios", home / "chapters" / "scenarios"))

    def names(self) -> list[str]:
        """The scenarios shipped in the first folder."""
        return sorted(p.stem for p in self.dirs[0].glob("*.toml"))

    def find(self, name_or_path: str | Path) -> Path:
        return find_scenario(name_or_path, self.dirs)

    def read(self, name_or_path: str | Path, text: str | None = None) -> Scenario:
        """A scenario by name, path, or ``text`` in the format, validated."""
        return read_scenario(self.game_type, name_or_path, text, self.dirs)

    def load(self, name_or_path: str | Path) -> BaseGame:
        """A game in the situation of a scenario."""
        return self.read(name_or_path).build()

    def text(self, game: BaseGame, title: str = "Saved scenario", description: str = "") -> str:
        """A scenario file for the game's current situation."""
        return str(self.game_type.position.write(game.state, title, description))

    def save(self, game: BaseGame, path: str | Path, title: str = "Saved scenario",
             description: str = "") -> Path:
        """Write the game's current situation as a scenario file; returns the path."""
        path = Path(path)
        path.write_text(self.text(game, title, description), "utf-8")
        return path

    def presentation(self, scenario: Scenario | str | Path) -> Presentation:
        """A presentation of a scenario (by name, path or object)."""
        return Presentation(scenario, self)


class PositionReader:
    """A scenario file being read into a position (what every game's ``scenario_state``
    needs): the ``[scenario]`` fields (``meta``), the player count ``n`` and ``seed``,
    the players' colours, and errors naming the file and the field.

    >>> raw = {"scenario": {"players": 2}, "players": {"Red": {"cards": 3}}}
    >>> pos = PositionReader("x.toml", raw, ("Blue", "Red", "Gold"))
    >>> pos.n, pos.seed, pos.seat("scenario.turn", "Red")
    (2, 0, 1)
    >>> pos.players(Table({"cards": Int(0, 5)}))
    [(1, 'players.Red', {'cards': 3})]
    >>> pos.seat("scenario.turn", "Gold")
    Traceback (most recent call last):
    ...
    mp_tutor.core.scenarios.ScenarioError: x.toml: scenario.turn: must be one of the players' colours Blue, Red, got 'Gold'
    """

    def __init__(self, label: str, raw: dict[str, Any], colours: Sequence[str]) -> None:
        self.label = label
        self.raw = raw
        self.meta: dict[str, Any] = raw["scenario"]
        self.n: int = self.meta["players"]
        self.seed: int = self.meta.get("seed", 0)
        self.colours = list(colours[: self.n])

    def err(self, field_name: str, message: str) -> ScenarioError:
        return ScenarioError(self.label, field_name, message)

    def seat(self, field_name: str, colour: str) -> int:
        """The seat of a player named by colour in the field ``field_name``."""
        if colour not in self.colours:
            raise self.err(field_name, f"must be one of the players' colours "
                                       f"{', '.join(self.colours)}, got {colour!r}")
        return self.colours.index(colour)

    def table(self, name: str, schema: Schema) -> dict[str, Any]:
        """The file's table ``name`` (empty if it has none), validated."""
        return validate(self.label, self.raw.get(name, {}), schema, ScenarioError, name)

    def players(self, schema: Schema) -> list[tuple[int, str, dict[str, Any]]]:
        """The ``[players.<Colour>]`` tables: ``(seat, field, table)`` each, validated."""
        return [(self.seat(f"players.{name}", name), f"players.{name}", spec)
                for name, spec in self.table("players", Map(schema)).items()]

    def variants(self, variants: Mapping[str, Sequence[str]]) -> dict[str, str]:
        """The reading of each of a game's ``variants`` (``{name: (the default, ...)}``)
        the ``[scenario]`` table names, the default where it names none (the game's
        ``SCENARIO_META`` checks the readings).

        >>> PositionReader("x.toml", {"scenario": {"players": 2, "deal": "draw"}}, ()).variants(
        ...     {"deal": ("pass", "draw"), "end": ("score", "last")})
        {'deal': 'draw', 'end': 'score'}
        """
        return {name: self.meta.get(name, readings[0]) for name, readings in variants.items()}

    def possible(self, state: S, invariants: Callable[[S], list[str]]) -> S:
        """``state`` if play can reach it (the game's ``invariants``), else the error."""
        broken = invariants(state)
        if broken:
            raise self.err("<position>", f"not a possible position: {broken[0]}")
        return state


def scenario_file(tables: Sequence[tuple[str, Sequence[tuple[str, object]]]]) -> str:
    """A scenario file's text: ``[(header, [(key, value), ...]), ...]``, in order (a value
    ``None`` is left out).

    >>> print(scenario_file([("scenario", [("title", "A"), ("players", 2), ("note", None)]),
    ...                      ("players.Blue", [("cards", [3, 4])])]), end="")
    [scenario]
    title = "A"
    players = 2
    <BLANKLINE>
    [players.Blue]
    cards = [3, 4]
    """
    return "\n\n".join("\n".join([f"[{header}]"] + [f"{k} = {toml_value(v)}" for k, v in pairs
                                                    if v is not None])
                       for header, pairs in tables) + "\n"


def toml_value(v: object) -> str:
    """A value in TOML syntax (for writing scenario files)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {toml_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(f"cannot write {v!r} to TOML")


__all__ = ["MARK_COLOURS", "Mark", "PositionFormat", "PositionReader", "Presentation", "Scenario",
           "ScenarioError", "ScenarioLibrary", "Step", "find_scenario", "read_meta",
           "read_position", "read_scenario", "run_checks", "scenario_file", "toml_value"]
