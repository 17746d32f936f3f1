"""Scenarios: game situations a teacher writes by hand (TOML), one per rulebook example.

A scenario file says only what differs from a standard setup. Everything it does not
mention comes from the setup of the rulebook (start goods, bonus units, market, ...).
The bank holds whatever the scenario leaves over, so no good is ever created or lost.

A minimal file::

    [scenario]
    title = "Production at the Coca Plantation"
    players = 3
    turn = "Blue"            # whose turn it is

    [players.Blue]
    prince = "central_plaza"
    incas = { coca_plantation = 1 }

    [board]
    bonus = { coca_plantation = 2 }

Fields (all optional but ``scenario.players``):

- ``[scenario]``: ``title``, ``description``, ``rulebook`` (section), ``players``, ``seed``,
  ``learning``, ``day``, ``turn`` (colour), ``start_player`` (colour), ``sun_tile`` (colour),
  ``last_turns`` (turns left today after the third moon tile), ``time_corn`` (days whose
  night still has corn), ``deck`` (card ids from the top; the rest follow, shuffled).
- ``[players.<Colour>]``: ``goods`` (table; goods not named keep the start amount),
  ``incas`` (district -> count, ``sun_clock`` too), ``prince`` (district), ``scout`` (0-19),
  ``laps`` (summits reached so far, for charts),
  ``priests`` (virgin/puma/condor -> count), ``cards`` (ids), ``moon_tiles`` (tile ids),
  ``summit_vp``.
- ``[board]``: ``bonus`` (district -> units: corn-terrace units are 3 corn each; temple
  stones), ``market`` (good -> units 0-4).
- ``[[script]]``: steps a teacher can present: ``action`` (notation) and ``say`` (text).
- ``[[check]]``: facts the tests assert after the script (see ``tests/test_scenarios.py``).

>>> game = load_scenario("coca-plantation-production")
>>> game.scenario.title
'Production at the Coca Plantation'
"""

from __future__ import annotations

import random
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..actions import ActionParseError, parse_action
from ..data import CARDS, COLOURS, DATA, DISTRICT_IDS, DISTRICTS, GOODS, MOON_TILES, PRIESTS
from ..engine import DI, KINDS, NG, PROD, SUN_CLOCK, TEMPLES, TILES, UNLIMITED, State, new_state
from ..errors import FileFieldError
from ..game import Game

SCENARIO_DIR = Path(__file__).parent


class ScenarioError(FileFieldError):
    """A scenario file is malformed; names the file and the field."""


@dataclass
class Step:
    action: str
    say: str = ""


@dataclass
class Scenario:
    """A scenario's description; the game itself is built by :meth:`build`."""

    name: str
    path: str
    title: str
    description: str = ""
    rulebook: str = ""
    script: list[Step] = field(default_factory=list)
    checks: list[dict[str, Any]] = field(default_factory=list)
    raw: dict[str, Any] = field(default_factory=dict)

    def build(self) -> Game:
        """A fresh game in the scenario's situation (``game.scenario`` is this object)."""
        state = _build_state(self.path, self.raw)
        game = Game(state, [])
        game.scenario = self  # type: ignore[attr-defined]
        return game


def list_scenarios() -> list[str]:
    """Names of the scenarios shipped with mp-tutor."""
    return sorted(p.stem for p in SCENARIO_DIR.glob("*.toml"))


def find_scenario(name_or_path: str | Path, dirs: tuple[Path, ...] = (SCENARIO_DIR,)) -> Path:
    """The file of a scenario: a path to a ``.toml`` file, or a name looked up in ``dirs``."""
    p = Path(name_or_path)
    if p.suffix == ".toml" and p.exists():
        return p
    for folder in dirs:
        shipped = folder / f"{name_or_path}.toml"
        if shipped.exists():
            return shipped
    raise ScenarioError(
        str(name_or_path),
        "<file>",
        f"no such scenario file or name (known: {', '.join(list_scenarios())})",
    )


def read_scenario(name_or_path: str | Path, text: str | None = None) -> Scenario:
    """Read and validate a scenario (by name, path, or ``text`` in the format)."""
    if text is None:
        path = find_scenario(name_or_path)
        label = str(path)
        try:
            text = path.read_text("utf-8")
        except OSError as exc:
            raise ScenarioError(label, "<file>", f"cannot read: {exc}") from None
        name = path.stem
    else:
        label = str(name_or_path)
        name = Path(label).stem
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(label, "<file>", f"not valid TOML: {exc}") from None
    meta = raw.get("scenario")
    if not isinstance(meta, dict):
        raise ScenarioError(label, "scenario", "missing [scenario] table")
    script = []
    for i, step in enumerate(raw.get("script", [])):
        if not isinstance(step, dict) or not isinstance(step.get("action"), str):
            raise ScenarioError(
                label, f"script[{i}].action", "each step needs an action (text notation)"
            )
        try:
            parse_action(step["action"])
        except ActionParseError as exc:
            raise ScenarioError(label, f"script[{i}].action", str(exc)) from None
        script.append(Step(step["action"], str(step.get("say", ""))))
    checks = raw.get("check", [])
    if not isinstance(checks, list) or not all(isinstance(c, dict) for c in checks):
        raise ScenarioError(label, "check", "must be a list of [[check]] tables")
    sc = Scenario(
        name=name,
        path=label,
        title=str(meta.get("title", name)),
        description=str(meta.get("description", "")),
        rulebook=str(meta.get("rulebook", "")),
        script=script,
        checks=checks,
        raw=raw,
    )
    _build_state(label, raw)  # validate now
    return sc


def load_scenario(name_or_path: str | Path) -> Game:
    """A game in the situation of a scenario (by name or path).

    >>> load_scenario("no-such-thing")
    Traceback (most recent call last):
    ...
    mp_tutor.scenarios.ScenarioError: no-such-thing: <file>: no such scenario file or name (known: ...)
    """
    return read_scenario(name_or_path).build()


# ---------------------------------------------------------------------------------------
def _build_state(label: str, raw: dict[str, Any]) -> State:  # noqa: C901 - one field after another
    meta = raw["scenario"]

    def err(f: str, msg: str) -> ScenarioError:
        return ScenarioError(label, f, msg)

    def integer(f: str, v: Any, lo: int, hi: int) -> int:
        if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
            raise err(f, f"must be a whole number from {lo} to {hi}, got {v!r}")
        return v

    known_top = {"scenario", "players", "board", "script", "check"}
    for k in raw:
        if k not in known_top:
            raise err(k, f"unknown table (known: {', '.join(sorted(known_top))})")
    known_meta = {
        "title",
        "description",
        "rulebook",
        "players",
        "seed",
        "learning",
        "day",
        "turn",
        "start_player",
        "sun_tile",
        "last_turns",
        "time_corn",
        "deck",
    }
    for k in meta:
        if k not in known_meta:
            raise err(f"scenario.{k}", f"unknown field (known: {', '.join(sorted(known_meta))})")
    if "players" not in meta:
        raise err("scenario.players", "missing (2 to 5)")
    n = integer("scenario.players", meta["players"], DATA.min_players, DATA.max_players)
    seed = integer("scenario.seed", meta.get("seed", 0), 0, 2**63)
    learning = meta.get("learning", False)
    if not isinstance(learning, bool):
        raise err("scenario.learning", "must be true or false")
    s, _ = new_state(n, seed, learning)
    colours = list(COLOURS[:n])

    def seat(f: str, v: Any) -> int:
        if v not in colours:
            raise err(f, f"must be one of the players' colours {', '.join(colours)}, got {v!r}")
        return colours.index(v)

    if "day" in meta:
        s.day = integer("scenario.day", meta["day"], 1, DATA.last_day)
        s.time_corn = list(range(s.day, DATA.last_day))
    if "time_corn" in meta:
        tc = meta["time_corn"]
        if not isinstance(tc, list) or not all(
            isinstance(d, int) and s.day <= d < DATA.last_day for d in tc
        ):
            raise err("scenario.time_corn", f"must list days from {s.day} to {DATA.last_day - 1}")
        s.time_corn = sorted(set(tc))
    turn = seat("scenario.turn", meta["turn"]) if "turn" in meta else s.start_player
    s.start_player = (
        seat("scenario.start_player", meta["start_player"]) if "start_player" in meta else turn
    )
    s.current = turn
    # First Incas are part of the scenario: clear the standard placement step.
    s.phase = "day"
    s.queue = [("turn", turn, None)]
    # Scouts: the scenario's start player on 1, the next on 2, ... unless given.
    for i in range(n):
        s.scouts[(s.start_player + i) % n] = i + 1

    players = raw.get("players", {})
    if not isinstance(players, dict):
        raise err("players", "must be tables [players.<Colour>]")
    explicit_cards: dict[int, list[int]] = {}
    known_p = {
        "goods",
        "incas",
        "prince",
        "scout",
        "laps",
        "priests",
        "cards",
        "moon_tiles",
        "summit_vp",
    }
    for name, spec in players.items():
        p = seat(f"players.{name}", name)
        f0 = f"players.{name}"
        if not isinstance(spec, dict):
            raise err(f0, "must be a table")
        for k in spec:
            if k not in known_p:
                raise err(f"{f0}.{k}", f"unknown field (known: {', '.join(sorted(known_p))})")
        for g, v in _table(err, f"{f0}.goods", spec.get("goods", {})).items():
            if g not in GOODS:
                raise err(f"{f0}.goods.{g}", f"unknown good (goods: {', '.join(GOODS)})")
            s.goods[p][GOODS.index(g)] = integer(f"{f0}.goods.{g}", v, 0, 999)
        placed = 0
        for d, v in _table(err, f"{f0}.incas", spec.get("incas", {})).items():
            if d not in DI or (DI[d] not in PROD and DI[d] != SUN_CLOCK):
                raise err(
                    f"{f0}.incas.{d}",
                    "Incas stand in the 5 production districts or at the sun_clock",
                )
            s.incas[p][DI[d]] = integer(f"{f0}.incas.{d}", v, 0, 99)
            placed += s.incas[p][DI[d]]
        total = DATA.incas_per_player[n]
        if placed > total:
            raise err(
                f"{f0}.incas",
                f"{placed} Incas placed but a player has only {total} with {n} players",
            )
        s.supply[p] = total - placed
        if "prince" in spec:
            d = spec["prince"]
            if d not in DI:
                raise err(f"{f0}.prince", f"unknown district {d!r}")
            s.prince[p] = DI[d]
        if "scout" in spec:
            s.scouts[p] = integer(f"{f0}.scout", spec["scout"], 0, DATA.trail["length"] - 1)
        for k, v in _table(err, f"{f0}.priests", spec.get("priests", {})).items():
            if k not in PRIESTS:
                raise err(f"{f0}.priests.{k}", f"unknown kind (kinds: {', '.join(PRIESTS)})")
            s.priests[p][KINDS.index(k)] = integer(f"{f0}.priests.{k}", v, 0, PRIESTS[k].count)
        if "cards" in spec:
            cards = spec["cards"]
            if not isinstance(cards, list) or not all(
                isinstance(c, int) and c in CARDS for c in cards
            ):
                raise err(f"{f0}.cards", f"must list card ids 1..{len(CARDS)}")
            explicit_cards[p] = list(cards)
        if "moon_tiles" in spec:
            tiles = spec["moon_tiles"]
            if not isinstance(tiles, list) or not all(t in MOON_TILES for t in tiles):
                raise err(f"{f0}.moon_tiles", f"must list moon tiles ({', '.join(MOON_TILES)})")
            s.moon_held[p] = list(tiles)
        if "laps" in spec:
            s.laps[p] = integer(f"{f0}.laps", spec["laps"], 0, 999)
        if "summit_vp" in spec:
            s.summit_vp[p] = integer(f"{f0}.summit_vp", spec["summit_vp"], 0, 999)

    # Cards: explicit hands first, everyone else keeps or redraws one card.
    used: list[int] = [c for cs in explicit_cards.values() for c in cs]
    if len(set(used)) != len(used):
        raise err("players.cards", "a card can be in one hand only")
    deck_top = meta.get("deck", [])
    if not isinstance(deck_top, list) or not all(
        isinstance(c, int) and c in CARDS for c in deck_top
    ):
        raise err("scenario.deck", f"must list card ids 1..{len(CARDS)}")
    if set(deck_top) & set(used):
        raise err("scenario.deck", "a card in a hand cannot also be in the deck")
    rng = random.Random(seed)
    pool = [c for c in CARDS if c not in used and c not in deck_top]
    rng.shuffle(pool)
    for p in range(n):
        if p in explicit_cards:
            s.hands[p] = sorted(explicit_cards[p])
        else:
            s.hands[p] = [pool.pop(0)] if pool else []
    s.deck = list(deck_top) + pool

    # Moon tiles
    held = [t for p in range(n) for t in s.moon_held[p]]
    if len(set(held)) != len(held):
        raise err("players.moon_tiles", "each moon tile exists once")
    s.moon_board = [t for t in TILES if t not in held]
    if "sun_tile" in meta:
        s.sun_tile = seat("scenario.sun_tile", meta["sun_tile"])
        s.last_turns = integer("scenario.last_turns", meta.get("last_turns", n - 1), 1, n)
    elif len(held) >= DATA.moon_day_end_at and s.day < DATA.last_day:
        raise err(
            "scenario.sun_tile", "with 3 or more moon tiles taken, say who holds the Sun Tile"
        )

    # Board
    board = raw.get("board", {})
    if not isinstance(board, dict):
        raise err("board", "must be a table")
    for k in board:
        if k not in ("bonus", "market"):
            raise err(f"board.{k}", "unknown field (known: bonus, market)")
    for d, v in _table(err, "board.bonus", board.get("bonus", {})).items():
        if d not in DI or (DI[d] not in PROD and DI[d] not in TEMPLES):
            raise err(
                f"board.bonus.{d}", "bonus units lie on production districts and temples only"
            )
        s.bonus[DI[d]] = integer(f"board.bonus.{d}", v, 0, DATA.production["bonus_cap"])
    for g, v in _table(err, "board.market", board.get("market", {})).items():
        if g not in GOODS[1:]:
            raise err(f"board.market.{g}", "market columns are llama, coca, pottery, cloth")
        s.market[GOODS.index(g) - 1] = integer(f"board.market.{g}", v, 0, len(DATA.market_slots))
    s.stones = DATA.temple_stones - sum(s.bonus[t] for t in TEMPLES)
    if s.stones < 0:
        raise err("board.bonus", f"only {DATA.temple_stones} temple stones exist")

    # Priest rows: what the players hold is off the board.
    for i, k in enumerate(KINDS):
        held_k = sum(s.priests[p][i] for p in range(n))
        if held_k > PRIESTS[k].count:
            raise err(
                "players.priests",
                f"only {PRIESTS[k].count} {PRIESTS[k].name}s exist, the players hold {held_k}",
            )
        s.rows[i] = PRIESTS[k].count - held_k
    if not any(s.rows):
        raise err("players.priests", "all Priests and Virgins are taken: the game would be over")

    # Bank: what is left of each good.
    for gi in range(1, NG):
        g = GOODS[gi]
        used_g = sum(s.goods[p][gi] for p in range(n)) + s.market[gi - 1]
        used_g += sum(s.bonus[d] for d in PROD if DISTRICTS[DISTRICT_IDS[d]].good == g)
        left = DATA.bank[g] - used_g
        if left < 0:
            raise err(
                "players.goods",
                f"the game has only {DATA.bank[g]} {g}; this scenario uses {used_g}",
            )
        s.bank[gi] = left
    s.bank[0] = UNLIMITED
    # Princes on the board mean their first turn is done; validate the pending turn.
    return s


def _table(err: Any, f: str, v: Any) -> dict[str, Any]:
    if not isinstance(v, dict):
        raise err(f, "must be a table like { name = number }")
    return v


# ---------------------------------------------------------------------------------------
def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(v, list):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {_toml_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(f"cannot write {v!r} to TOML")


def scenario_text(game: Game, title: str = "Saved scenario", description: str = "") -> str:
    """A scenario file for the game's current situation (at the start of a turn).

    >>> from mp_tutor import Game
    >>> g = load_scenario("coca-plantation-production")
    >>> again = read_scenario("x.toml", text=scenario_text(g)).build()
    >>> again.state == g.state
    True
    """
    s = game.state
    if (
        s.phase != "day"
        or not s.queue
        or s.queue[0][0] != "turn"
        or any(s.due[p] != [0, 0] for p in range(s.n))
    ):
        raise ValueError(
            "a scenario can be saved at the start of a turn only (pending decision 'turn')"
        )
    colours = COLOURS[: s.n]
    lines = ["[scenario]", f"title = {_toml_value(title)}"]
    if description:
        lines.append(f"description = {_toml_value(description)}")
    lines += [
        f"players = {s.n}",
        f"seed = {s.seed}",
        f"learning = {_toml_value(s.learning)}",
        f"day = {s.day}",
        f"turn = {_toml_value(colours[s.queue[0][1]])}",
        f"start_player = {_toml_value(colours[s.start_player])}",
        f"time_corn = {_toml_value(list(s.time_corn))}",
        f"deck = {_toml_value(list(s.deck))}",
    ]
    if s.sun_tile >= 0:
        lines += [f"sun_tile = {_toml_value(colours[s.sun_tile])}", f"last_turns = {s.last_turns}"]
    for p in range(s.n):
        lines += [
            "",
            f"[players.{colours[p]}]",
            f"goods = {_toml_value({g: s.goods[p][i] for i, g in enumerate(GOODS)})}",
            f"incas = {_toml_value({DISTRICT_IDS[d]: s.incas[p][d] for d in PROD + (SUN_CLOCK,) if s.incas[p][d]})}",
            f"scout = {s.scouts[p]}",
            f"priests = {_toml_value({k: s.priests[p][i] for i, k in enumerate(KINDS) if s.priests[p][i]})}",
            f"cards = {_toml_value(list(s.hands[p]))}",
            f"moon_tiles = {_toml_value(list(s.moon_held[p]))}",
        ]
        if s.prince[p] >= 0:
            lines.append(f"prince = {_toml_value(DISTRICT_IDS[s.prince[p]])}")
        if s.summit_vp[p]:
            lines.append(f"summit_vp = {s.summit_vp[p]}")
        if s.laps[p]:
            lines.append(f"laps = {s.laps[p]}")
    lines += [
        "",
        "[board]",
        f"bonus = {_toml_value({DISTRICT_IDS[d]: s.bonus[d] for d in PROD + TEMPLES})}",
        f"market = {_toml_value({GOODS[g]: s.market[g - 1] for g in range(1, NG)})}",
    ]
    return "\n".join(lines) + "\n"


def save_scenario(
    game: Game, path: str | Path, title: str = "Saved scenario", description: str = ""
) -> Path:
    """Write the game's current situation as a scenario file; returns the path."""
    path = Path(path)
    path.write_text(scenario_text(game, title, description), "utf-8")
    return path


# ---------------------------------------------------------------------------------------
# Checks: facts a scenario file asserts after some steps of its script.
# ---------------------------------------------------------------------------------------
_SCORE_FIELDS = ("vp", "gold", "card_gold", "multiplier", "final", "trail_vp", "rank")


def run_checks(sc: Scenario) -> list[str]:
    """Play the scenario's script and test each ``[[check]]``; returns failure messages.

    A check has ``after`` (script steps played first) and any of: ``<Colour> = {...}``
    with goods, ``scout``, ``cards``, ``supply``, priest kinds, ``incas_<district>`` and
    score fields (``vp gold card_gold multiplier final trail_vp rank``, scored with
    ``ending``, default rescue); ``pending`` (kind), ``pending_player`` (colour);
    ``legal``/``illegal`` (an action) with ``rule`` (the expected rule id); ``row``
    (priest kind -> step value); ``market`` (good -> units); ``ending`` (also checked
    against the outcome once the game is over); ``winners`` (colours).
    """
    from ..scoring import scores

    failures: list[str] = []
    checks = sorted(enumerate(sc.checks), key=lambda ic: ic[1].get("after", 0))
    game = sc.build()
    played = 0
    colours = list(COLOURS[: game.players])
    for i, chk in checks:
        where = f"check[{i}]"
        after = chk.get("after", 0)
        if not isinstance(after, int) or not 0 <= after <= len(sc.script):
            failures.append(f"{where}.after: must be 0..{len(sc.script)}")
            continue
        while played < after:
            step = sc.script[played]
            try:
                game.apply(step.action)
            except ValueError as exc:
                failures.append(f"script[{played}] ({step.action}): {exc}")
                return failures
            played += 1
        s = game.state
        ending = chk.get("ending", "rescue_priests")
        if ending not in ("rescue_priests", "rescue_cards", "conquest"):
            failures.append(f"{where}.ending: unknown ending {ending!r}")
            continue
        score = scores(s, ending)
        out = game.outcome()
        if out is not None and "ending" in chk and out.ending != ending:
            failures.append(f"{where}.ending: game ended by {out.ending}, expected {ending}")
        for key, want in chk.items():
            f = f"{where}.{key}"
            if key in ("after", "ending", "rule"):
                continue
            if key in colours:
                p = colours.index(key)
                for field_name, value in want.items():
                    got: Any
                    if field_name in GOODS:
                        got = s.goods[p][GOODS.index(field_name)]
                    elif field_name == "scout":
                        got = s.scouts[p]
                    elif field_name == "cards":
                        got = len(s.hands[p])
                    elif field_name == "supply":
                        got = s.supply[p]
                    elif field_name in PRIESTS:
                        got = s.priests[p][KINDS.index(field_name)]
                    elif field_name.startswith("incas_") and field_name[6:] in DI:
                        got = s.incas[p][DI[field_name[6:]]]
                    elif field_name in _SCORE_FIELDS:
                        got = getattr(score[p], field_name)
                    else:
                        failures.append(f"{f}.{field_name}: unknown field")
                        continue
                    if got != value:
                        failures.append(f"{f}.{field_name}: expected {value}, got {got}")
            elif key == "pending":
                if game.pending.kind != want:
                    failures.append(f"{f}: expected {want}, got {game.pending.kind}")
            elif key == "pending_player":
                pp = game.pending.player
                got_c = colours[pp] if pp is not None else None
                if got_c != want:
                    failures.append(f"{f}: expected {want}, got {got_c}")
            elif key in ("legal", "illegal"):
                why = game.explain(want)
                if key == "legal" and why is not None:
                    failures.append(f"{f}: {want!r} should be legal but: {why}")
                if key == "illegal":
                    if why is None:
                        failures.append(f"{f}: {want!r} should be illegal")
                    elif "rule" in chk and why.rule != chk["rule"]:
                        failures.append(
                            f"{f}: {want!r} is illegal by {why.rule}, expected {chk['rule']}"
                        )
            elif key == "row":
                from ..engine import row_value

                for k, v in want.items():
                    if k not in PRIESTS:
                        failures.append(f"{f}.{k}: unknown kind")
                    elif row_value(s, KINDS.index(k)) != v:
                        failures.append(
                            f"{f}.{k}: expected {v}, got {row_value(s, KINDS.index(k))}"
                        )
            elif key == "market":
                for g, v in want.items():
                    if g not in GOODS[1:]:
                        failures.append(f"{f}.{g}: unknown good")
                    elif s.market[GOODS.index(g) - 1] != v:
                        failures.append(
                            f"{f}.{g}: expected {v}, got {s.market[GOODS.index(g) - 1]}"
                        )
            elif key == "winners":
                got_w = [colours[sc_.player] for sc_ in score if sc_.rank == 1]
                if sorted(got_w) != sorted(want):
                    failures.append(f"{f}: expected {want}, got {got_w}")
            else:
                failures.append(f"{f}: unknown check field")
    return failures


class Presentation:
    """Step a scenario's script forwards and back, as a teacher presents it.

    >>> show = Presentation("coca-plantation-production")
    >>> step, events = show.next()
    >>> step.action, events[0].text
    ('move coca_plantation', 'Blue moves the Prince to the Coca Plantation.')
    >>> show.position, show.back(), show.position
    (1, True, 0)
    """

    def __init__(self, scenario: Scenario | str | Path) -> None:
        self.scenario = scenario if isinstance(scenario, Scenario) else read_scenario(scenario)
        self.game = self.scenario.build()
        self.position = 0

    @property
    def steps(self) -> list[Step]:
        return self.scenario.script

    @property
    def done(self) -> bool:
        return self.position >= len(self.steps)

    def next(self) -> tuple[Step, list[Any]]:
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
