"""Every printed number of Machu Picchu, loaded from ``data/game.toml`` and validated.

The data file is the one place where the grid, the tokens, the cards and the rounds live. It
is read with the tutor's one TOML reader: a wrong edit raises :class:`DataError` naming the
key.

>>> DATA.heights, DATA.slots, DATA.hand_size
((4, 3, 2, 1), 5, 4)
>>> DATA.start[4], DATA.centre, len(DATA.sun_squares)
((1, 1), (2, 2), 8)
>>> DATA.sun_moon["moon_all_open"].kind, DATA.rounds[3], DATA.set_aside[4]
('moon', 9, 1)
>>> PROVENANCE["grid"], PROVENANCE["tokens"]
('reconstructed', 'published')

The rule book (``data/rules.toml``: every rule id with its section and a statement, whose
numbers come from this file) is read here too, as :data:`RULES`:

>>> print(RULES["tokens.centre"])
[tokens.centre] (Déroulement (Playing): jetons Soleil et Feu (sun and fire tokens)) A priest arriving on the centre (2 suns) takes 2 sun tokens on a sun card and 1 on a moon card.
>>> [[r.id for r in RULES.lookup(words)][:2] for words in ("fire token", "ruling.")]
[['setup.tokens', 'move.out'], ['ruling.sun_tokens', 'ruling.move_order']]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.errors import DataError
from ..core.gamedata import BaseGameData, game_schema, load_game_data
from ..core.i18n import Term, alternatives, listed
from ..core.rules import RuleBook
from ..core.tomlfile import Check, Int, List, Map, Str, Table, fail, tagged

DATA_DIR = Path(__file__).with_name("data")
DATA_FILE = DATA_DIR / "game.toml"
PROVENANCES = ("rulebook", "published", "reconstructed")
KINDS = ("sun", "moon")
Square = tuple[int, int]


@dataclass(frozen=True)
class Instruction:
    """What a sun/moon card says about laying: who lays face up (by place in the round)."""

    id: str
    name: str
    open: frozenset[int]


@dataclass(frozen=True)
class SunMoonCard:
    """A sun/moon card: ``kind`` (sun or moon) and its laying instruction."""

    id: str
    kind: str
    instruction: str


@dataclass(frozen=True)
class GameData(BaseGameData):
    """All printed numbers, validated."""

    heights: tuple[int, ...]
    slots: int
    size: int
    centre: Square
    sun_squares: tuple[Square, ...]
    start: dict[int, Square]
    stairs: tuple[str, ...]
    push: dict[str, Square]
    card_count: int
    lowest_card: int
    hand_size: int
    cards_each: dict[int, int]
    from_deck: dict[int, int]
    sun_tokens: tuple[int, ...]
    fire_tokens: tuple[int, ...]
    gains: dict[tuple[str, str], int]  # (card kind, "sun_square" | "centre") -> tokens
    rounds: dict[int, int]
    set_aside: dict[int, int]
    instructions: dict[str, Instruction]
    printed: str
    sun_moon: dict[str, SunMoonCard]  # the printed card first, then the deck's cards
    priest_cards: dict[str, tuple[int, int]]
    priest_cards_used: dict[int, tuple[str, ...]]

    @property
    def cards(self) -> range:
        """The direction cards' numbers."""
        return range(self.lowest_card, self.lowest_card + self.card_count)


# ---------------------------------------------------------------------------------------
# The schema of game.toml
# ---------------------------------------------------------------------------------------
def _tagged(fields: dict[str, Any], extra: Any = None) -> Table:
    """A table with provenance and source."""
    return tagged(fields, PROVENANCES, extra)


def _square(value: object, where: str) -> Square:
    if not (isinstance(value, list) and len(value) == 2
            and all(type(x) is int and 0 <= x < 100 for x in value)):
        raise fail(where, f"must be a square [row, column], got {value!r}")
    return (value[0], value[1])


def _step(value: object, where: str) -> Square:
    if not (isinstance(value, list) and len(value) == 2
            and all(type(x) is int and -1 <= x <= 1 for x in value)
            and abs(value[0]) + abs(value[1]) == 1):
        raise fail(where, f"must be one orthogonal step like [1, 0], got {value!r}")
    return (value[0], value[1])


SQUARE = Check(_square, required=True, what="a square [row, column]")
_COUNTS = ("2", "3", "4", "5", "6")


def _per_players(item: Any) -> Map:
    return Map(item, keys=Str(_COUNTS, what="player count"), required=True)


SCHEMA = game_schema(PROVENANCES, 6, {
    "priests": _tagged({"heights": List(Int(1, 9), min_len=2, max_len=9, unique=True,
                                        required=True),
                        "slots": Int(1, 20, required=True)}),
    "temple": _tagged({"size": Int(3, 15, required=True), "centre": SQUARE}),
    "grid": _tagged({"sun_squares": List(SQUARE, max_len=200, unique=True, required=True),
                     "start": Map(SQUARE, keys=Str(tuple("123456789"), what="priest height"),
                                  required=True)}),
    "stairs": _tagged({"order": List(Str(nonempty=True, max_len=10), min_len=2, max_len=8,
                                     unique=True, required=True),
                       "push": Map(Check(_step, required=True, what="a step [rows, columns]"),
                                   required=True)}),
    "cards": _tagged({"count": Int(4, 200, required=True), "lowest": Int(0, 100, required=True),
                      "hand_size": Int(1, 10, required=True)}),
    "laying": _tagged({"cards_each": _per_players(Int(0, 8)),
                       "from_deck": _per_players(Int(0, 8))}),
    "tokens": _tagged({"sun": List(Int(1, 100), min_len=1, max_len=50, required=True),
                       "fire": List(Int(-100, -1), min_len=1, max_len=50, required=True)}),
    "gains": _tagged({k: Int(0, 5, required=True) for k in (
        "sun_card_sun_square", "sun_card_centre", "moon_card_sun_square", "moon_card_centre")}),
    "rounds": _tagged({"count": _per_players(Int(1, 30))}),
    "instructions": _tagged({}, extra=Table({
        "name": Str(required=True, nonempty=True),
        "open": List(Int(0, 5), unique=True, required=True)})),
    "sun_moon": _tagged({"printed": Str(required=True, nonempty=True),
                         "printed_kind": Str(KINDS, required=True),
                         "printed_instruction": Str(required=True)},
                        extra=Table({"kind": Str(KINDS, required=True),
                                     "instruction": Str(required=True)})),
    "priest_cards": _tagged({
        "cards": Map(List(Int(1, 9), min_len=2, max_len=2, unique=True), required=True),
        "used": _per_players(List(Str(nonempty=True), unique=True))}),
})


def load_data(path: Path | str = DATA_FILE, text: str | None = None) -> GameData:
    """Load and validate a game data file (or ``text`` in its format).

    >>> load_data(text='[players]\\nmin = 2').path
    Traceback (most recent call last):
    ...
    mp_tutor.core.errors.DataError: <text>: players.max: missing (a whole number from 1 to 6)
    """
    return load_game_data(path, text, SCHEMA, _build,
                          numbers=lambda v: not isinstance(v, (str, list)))


def _words(items: Any, last: str = "and") -> str:
    items = [str(x) for x in items]
    return f"{', '.join(items[:-1])} {last} {items[-1]}" if len(items) > 1 else "".join(items)


def _build(r: dict[str, Any], common: dict[str, Any],  # noqa: C901 - cross-checks
           err: Callable[[str, str], DataError]) -> GameData:
    counts = range(common["min_players"], common["max_players"] + 1)
    heights = tuple(r["priests"]["heights"])
    if list(heights) != sorted(heights, reverse=True):
        raise err("priests.heights", "must be listed tallest first")
    size = r["temple"]["size"]

    def inside(sq: Square, key: str) -> Square:
        if not (0 <= sq[0] < size and 0 <= sq[1] < size):
            raise err(key, f"{list(sq)} is not a square of the {size}x{size} temple")
        return sq

    centre = inside(r["temple"]["centre"], "temple.centre")
    suns = tuple(inside(sq, f"grid.sun_squares[{i}]") for i, sq in enumerate(r["grid"]["sun_squares"]))
    if centre in suns:
        raise err("grid.sun_squares", "the centre is not a one-sun square")
    start: dict[int, Square] = {}
    for h in heights:
        if str(h) not in r["grid"]["start"]:
            raise err(f"grid.start.{h}", "missing")
        start[h] = inside(r["grid"]["start"][str(h)], f"grid.start.{h}")
    if set(r["grid"]["start"]) != {str(h) for h in heights}:
        raise err("grid.start", f"must name the priests {_words(heights)} only")
    for h, sq in start.items():
        if sq == centre:
            raise err(f"grid.start.{h}", "a start square cannot be the centre")
        near = [(sq[0] + dr, sq[1] + dc) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))]
        if sum(0 <= a < size and 0 <= b < size for a, b in near) < len(heights) - 1:
            raise err(f"grid.start.{h}", f"needs {len(heights) - 1} neighbouring squares, so that "
                                         "a returning priest always finds a free one")
        for g, other in start.items():
            if g != h and (other == sq or other in near):
                raise err(f"grid.start.{h}", f"touches the start square of priest {g}")
    stairs = tuple(r["stairs"]["order"])
    push = r["stairs"]["push"]
    if set(push) != set(stairs):
        raise err("stairs.push", f"must give a step for each stair: {_words(stairs)}")
    if len(set(push.values())) != len(push):
        raise err("stairs.push", "two stairs push the same way")
    if len(stairs) != len(heights):
        raise err("stairs.order", f"one stair per priest: {len(heights)} stairs")
    cards = r["cards"]
    laying = r["laying"]
    for n in counts:
        for key in ("cards_each", "from_deck"):
            if str(n) not in laying[key]:
                raise err(f"laying.{key}.{n}", "missing")
        if n * laying["cards_each"][str(n)] + laying["from_deck"][str(n)] != len(stairs):
            raise err(f"laying.cards_each.{n}", f"with {n} players the cards laid must fill the "
                                                f"{len(stairs)} stairs")
    tokens = r["tokens"]
    if tokens["sun"] != sorted(tokens["sun"]):
        raise err("tokens.sun", "must be listed lowest first (the order they are taken)")
    if tokens["fire"] != sorted(tokens["fire"], reverse=True):
        raise err("tokens.fire", "must be listed smallest first (-3 before -4: the order they "
                                 "are taken)")
    instructions: dict[str, Instruction] = {}
    for iid, spec in r["instructions"].items():
        if isinstance(spec, dict):
            instructions[iid] = Instruction(iid, spec["name"], frozenset(spec["open"]))
    sm = r["sun_moon"]
    deck: dict[str, SunMoonCard] = {sm["printed"]: SunMoonCard(sm["printed"], sm["printed_kind"],
                                                               sm["printed_instruction"])}
    for cid, spec in sm.items():
        if isinstance(spec, dict):
            if cid == sm["printed"]:
                raise err(f"sun_moon.{cid}", "is the name of the printed card")
            deck[cid] = SunMoonCard(cid, spec["kind"], spec["instruction"])
    for cid, card in deck.items():
        if card.instruction not in instructions:
            key = "sun_moon.printed_instruction" if cid == sm["printed"] else f"sun_moon.{cid}.instruction"
            raise err(key, f"unknown instruction {card.instruction!r} (one of: "
                           f"{', '.join(instructions)})")
    rounds: dict[int, int] = {}
    set_aside: dict[int, int] = {}
    for n in counts:
        if str(n) not in r["rounds"]["count"]:
            raise err(f"rounds.count.{n}", "missing")
        rounds[n] = r["rounds"]["count"][str(n)]
        set_aside[n] = len(deck) - rounds[n]
        if set_aside[n] < 0:
            raise err(f"rounds.count.{n}", f"at most {len(deck)} rounds (one per sun/moon card)")
        need = n * cards["hand_size"] + rounds[n] * len(stairs)
        if need > cards["count"]:
            raise err(f"rounds.count.{n}", f"{rounds[n]} rounds with {n} players need {need} "
                                           f"direction cards, the game has {cards['count']}")
    pc = r["priest_cards"]
    pcards: dict[str, tuple[int, int]] = {}
    for cid, pair in pc["cards"].items():
        for h in pair:
            if h not in heights:
                raise err(f"priest_cards.cards.{cid}", f"names priest {h}, which does not exist")
        pcards[cid] = (max(pair), min(pair))
    used: dict[int, tuple[str, ...]] = {}
    for n in counts:
        if str(n) not in pc["used"]:
            raise err(f"priest_cards.used.{n}", "missing")
        names = tuple(pc["used"][str(n)])
        for cid in names:
            if cid not in pcards:
                raise err(f"priest_cards.used.{n}", f"unknown priest card {cid!r}")
        if len(names) < n:
            raise err(f"priest_cards.used.{n}", f"needs at least {n} cards, one per player")
        used[n] = names

    gains = {(kind, where): r["gains"][f"{kind}_card_{where}"]
             for kind in KINDS for where in ("sun_square", "centre")}
    common["values"].update({f"derived.{k}": v for k, v in {
        "sun_count": len(tokens["sun"]),
        "fire_count": len(tokens["fire"]),
        "tokens_total": len(tokens["sun"]) + len(tokens["fire"]),
        "slots_total": r["priests"]["slots"] * len(heights),
        "slots_but_one": r["priests"]["slots"] - 1,
        "highest_card": cards["lowest"] + cards["count"] - 1,
        "lowest_sun": tokens["sun"][0],
        "smallest_fire": tokens["fire"][0],
        # lists in the language a statement is shown in ("Nord, Est, Sud ou Ouest")
        "stairs": alternatives(Term("stair", s, s.capitalize()) for s in stairs),
        "deck_cards": len(deck) - 1,
        "size": f"{size}x{size}",
        **{f"priest_cards_{n}": listed(used[n]) for n in counts},
        **{f"set_aside_{n}": set_aside[n] for n in counts},
        **{f"in_play_{n}": rounds[n] - 1 for n in counts},
    }.items()})
    return GameData(
        **common,
        heights=heights,
        slots=r["priests"]["slots"],
        size=size,
        centre=centre,
        sun_squares=suns,
        start=start,
        stairs=stairs,
        push={s: push[s] for s in stairs},
        card_count=cards["count"],
        lowest_card=cards["lowest"],
        hand_size=cards["hand_size"],
        cards_each={n: laying["cards_each"][str(n)] for n in counts},
        from_deck={n: laying["from_deck"][str(n)] for n in counts},
        sun_tokens=tuple(tokens["sun"]),
        fire_tokens=tuple(tokens["fire"]),
        gains=gains,
        rounds=rounds,
        set_aside=set_aside,
        instructions=instructions,
        printed=sm["printed"],
        sun_moon=deck,
        priest_cards=pcards,
        priest_cards_used=used,
    )


DATA = load_data()
#: the rule book: every rule id, its section and its statement (numbers from ``DATA``)
RULES: RuleBook = RuleBook.for_game(DATA_DIR, DATA.values)
COLOURS: tuple[str, ...] = DATA.colours
PROVENANCE: dict[str, str] = DATA.provenance

__all__ = ["COLOURS", "DATA", "RULES", "DATA_FILE", "DataError", "GameData", "Instruction", "KINDS",
           "PROVENANCE", "SunMoonCard", "Square", "load_data"]
