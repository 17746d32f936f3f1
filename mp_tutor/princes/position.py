"""A position of the Princes from a scenario file, and a scenario file from a position.

A scenario says only what differs from a standard setup; everything it does not mention
comes from the rulebook's setup. The bank holds whatever is left over, so no good is ever
created or lost, and a position that breaks the rules (a card twice, more pieces than the
game has, a Sun Tile before its moon tile) is refused with the rule that forbids it.

Fields (all optional but ``scenario.players``):

- ``[scenario]``: ``title``, ``description``, ``rulebook`` (section), ``players``, ``seed``,
  ``learning``, ``day``, ``turn`` (colour), ``start_player`` (colour), ``sun_tile`` (colour),
  ``last_turns`` (turns left today after the third moon tile), ``time_corn`` (days whose
  night still has corn), ``deck`` (card ids from the top; the rest follow, shuffled).
- ``[players.<Colour>]``: ``goods`` (table; goods not named keep the start amount),
  ``incas`` (district -> count, ``sun_clock`` too), ``prince`` (district), ``scout``,
  ``laps`` (summits reached so far; by default one less than the cards, as each summit
  adds a card to the one dealt), ``priests`` (virgin/puma/condor -> count), ``cards``
  (ids, at least one), ``moon_tiles`` (tile ids), ``summit_vp`` (0: summit VP come only
  with an empty deck, which ends the game).
- ``[board]``: ``bonus`` (district -> units: corn-terrace units are 3 corn each; temple
  stones), ``market`` (good -> units).
"""

from __future__ import annotations

import random
from typing import Any

from ..core.machine import Step
from ..core.scenarios import PositionFormat, PositionReader, scenario_file
from ..core.tomlfile import MAX_SEED, Bool, Int, List, Map, Str, Table
from .data import CARDS, COLOURS, DATA, DISTRICT_IDS, DISTRICTS, GOODS, PRIESTS
from .invariants import check_invariants
from .setup import new_state
from .state import Kind, Phase, State
from .tables import (
    DISTRICT_INDEX,
    GOOD_COUNT,
    PRIEST_KINDS,
    PRODUCTION,
    SLOT_COUNT,
    SUN_CLOCK,
    TEMPLES,
    TILE_IDS,
    TRAIL_LENGTH,
    UNLIMITED,
)

SCENARIO_TABLES = ("players", "board")
_CARD = Int(1, len(CARDS))
SCENARIO_META: dict[str, Any] = {
    "players": Int(DATA.min_players, DATA.max_players, required=True),
    "seed": Int(0, MAX_SEED),
    "learning": Bool(),
    "day": Int(1, DATA.last_day),
    "turn": Str(COLOURS, what="colour"),
    "start_player": Str(COLOURS, what="colour"),
    "sun_tile": Str(COLOURS, what="colour"),
    "last_turns": Int(1, DATA.max_players),
    "time_corn": List(Int(1, DATA.last_day - 1), unique=True, max_len=DATA.last_day),
    "deck": List(_CARD, unique=True, max_len=len(CARDS)),
}
_PIECE_PLACES = [DISTRICT_IDS[d] for d in PRODUCTION] + ["sun_clock"]
PLAYER = Table({
    "goods": Map(Int(0, 999), keys=Str(GOODS, what="good")),
    "incas": Map(Int(0, 99), keys=Str(_PIECE_PLACES, what="production district or sun_clock")),
    "prince": Str(DISTRICT_IDS, what="district"),
    "scout": Int(0, TRAIL_LENGTH - 1),
    "laps": Int(0, 999),
    "priests": Map(Int(0, 50), keys=Str(PRIEST_KINDS, what="priest kind")),
    "cards": List(_CARD, unique=True, min_len=1, max_len=len(CARDS)),
    "moon_tiles": List(Str(TILE_IDS, what="moon tile"), unique=True, max_len=len(TILE_IDS)),
    "summit_vp": Int(0, 999),
})
_BONUS_PLACES = [DISTRICT_IDS[d] for d in PRODUCTION + TEMPLES]
BOARD = Table({
    "bonus": Map(Int(0, DATA.production["bonus_cap"]),
                 keys=Str(_BONUS_PLACES, what="production district or temple")),
    "market": Map(Int(0, SLOT_COUNT), keys=Str(GOODS[1:], what="market good")),
})


def scenario_state(label: str, raw: dict[str, Any]) -> State:  # noqa: C901 - field by field
    """The position a scenario file describes (``ScenarioError`` naming the field if not)."""

    pos = PositionReader(label, raw, COLOURS)
    err, seat, meta, n, seed, colours = pos.err, pos.seat, pos.meta, pos.n, pos.seed, pos.colours
    s, _ = new_state(n, seed, meta.get("learning", False))
    if "day" in meta:
        s.day = meta["day"]
        s.time_corn = list(range(s.day, DATA.last_day))
    if "time_corn" in meta:
        bad = [d for d in meta["time_corn"] if d < s.day]
        if bad:
            raise err("scenario.time_corn", f"must list days from {s.day} to {DATA.last_day - 1}")
        s.time_corn = sorted(meta["time_corn"])
    turn = seat("scenario.turn", meta["turn"]) if "turn" in meta else s.start_player
    s.start_player = (seat("scenario.start_player", meta["start_player"])
                      if "start_player" in meta else turn)
    s.current = turn
    # First Incas are part of the scenario: the standard placement step is skipped.
    s.phase = Phase.DAY
    s.queue = [Step(Kind.TURN, turn)]
    for i in range(n):  # the scenario's start player on 1, the next on 2, ... unless given
        s.scouts[(s.start_player + i) % n] = i + 1

    explicit_cards: dict[int, list[int]] = {}
    for p, f0, spec in pos.players(PLAYER):
        for g, v in spec.get("goods", {}).items():
            s.goods[p][GOODS.index(g)] = v
        placed = 0
        for d, v in spec.get("incas", {}).items():
            s.incas[p][DISTRICT_INDEX[d]] = v
            placed += v
        total = DATA.incas_per_player[n]
        if placed > total:
            raise err(f"{f0}.incas", f"{placed} Incas placed but a player has only {total} with "
                                     f"{n} players [setup.incas]")
        s.supply[p] = total - placed
        if "prince" in spec:
            s.prince[p] = DISTRICT_INDEX[spec["prince"]]
        if "scout" in spec:
            s.scouts[p] = spec["scout"]
        for k, v in spec.get("priests", {}).items():
            if v > PRIESTS[k].count:
                raise err(f"{f0}.priests.{k}", f"only {PRIESTS[k].count} {PRIESTS[k].name}s "
                                               "exist")
            s.priests[p][PRIEST_KINDS.index(k)] = v
        if "cards" in spec:
            explicit_cards[p] = list(spec["cards"])
        if "moon_tiles" in spec:
            s.moon_held[p] = list(spec["moon_tiles"])
        s.laps[p] = spec.get("laps", len(spec.get("cards", [0])) - 1)
        if s.laps[p] < len(spec.get("cards", [0])) - 1:
            raise err(f"{f0}.laps", f"{len(spec['cards'])} cards need {len(spec['cards']) - 1} "
                                    "summits reached: one card is dealt, each summit adds one "
                                    "[trail.summit]")
        if spec.get("summit_vp", 0):
            raise err(f"{f0}.summit_vp", "summit VP are scored only when the deck is empty, which "
                                         "ends the game [end.empty_deck_vp]")

    # Cards: explicit hands first, everyone else keeps or redraws one card.
    used = [c for cs in explicit_cards.values() for c in cs]
    if len(set(used)) != len(used):
        raise err("players.cards", "a card can be in one hand only (each of the 28 cards exists "
                                   "once) [setup.cards]")
    deck_top = meta.get("deck", [])
    if set(deck_top) & set(used):
        raise err("scenario.deck", "a card in a hand cannot also be in the deck [setup.cards]")
    rng = random.Random(seed)
    pool = [c for c in CARDS if c not in used and c not in deck_top]
    rng.shuffle(pool)
    for p in range(n):
        if p in explicit_cards:
            s.hands[p] = sorted(explicit_cards[p])
        else:
            s.hands[p] = [pool.pop(0)] if pool else []
    s.deck = list(deck_top) + pool

    # Moon tiles and the Sun Tile
    held = [t for p in range(n) for t in s.moon_held[p]]
    if len(set(held)) != len(held):
        raise err("players.moon_tiles", "each moon tile exists once")
    s.moon_board = [t for t in TILE_IDS if t not in held]
    if "sun_tile" in meta:
        if len(held) < DATA.moon_day_end_at:
            raise err("scenario.sun_tile", f"the Sun Tile comes with the moon tile that makes "
                                           f"{DATA.moon_day_end_at} taken in a day, but only "
                                           f"{len(held)} are held [day.end]")
        s.sun_tile = seat("scenario.sun_tile", meta["sun_tile"])
        s.last_turns = meta.get("last_turns", n - 1)
        if s.last_turns > n - 1:
            raise err("scenario.last_turns", f"must be 1 to {n - 1}: the Sun Tile holder's turn "
                                             "is over, each other player has one more "
                                             "[day.last_turns]")
        if s.current != (s.sun_tile + n - s.last_turns) % n:
            raise err("scenario.turn", f"with {s.last_turns} last turns left after "
                                       f"{meta['sun_tile']}'s, it is "
                                       f"{colours[(s.sun_tile + n - s.last_turns) % n]}'s turn "
                                       "[day.last_turns]")
        if len(held) > DATA.moon_day_end_at + n - 1 - s.last_turns:
            raise err("players.moon_tiles", f"{len(held)} moon tiles are held, but only "
                                            f"{n - 1 - s.last_turns} turns followed the Sun "
                                            "Tile [day.end]")
        if not s.moon_held[s.sun_tile]:
            raise err("scenario.sun_tile", "the Sun Tile holder took a moon tile with it [day.end]")
    elif "last_turns" in meta:
        raise err("scenario.last_turns", "goes with sun_tile (the day is ending) [day.last_turns]")
    elif len(held) >= DATA.moon_day_end_at:
        raise err("scenario.sun_tile", f"with {DATA.moon_day_end_at} or more moon tiles taken, "
                                       "say who holds the Sun Tile [day.end]")

    # Board
    board = pos.table("board", BOARD)
    for d, v in board.get("bonus", {}).items():
        s.bonus[DISTRICT_INDEX[d]] = v
    for g, v in board.get("market", {}).items():
        s.market[GOODS.index(g) - 1] = v
    s.stones = DATA.temple_stones - sum(s.bonus[t] for t in TEMPLES)
    if s.stones < 0:
        raise err("board.bonus", f"only {DATA.temple_stones} temple stones exist")

    # Priest rows: what the players hold is off the board.
    for i, k in enumerate(PRIEST_KINDS):
        held_k = sum(s.priests[p][i] for p in range(n))
        if held_k > PRIESTS[k].count:
            raise err("players.priests", f"only {PRIESTS[k].count} {PRIESTS[k].name}s exist, the "
                                         f"players hold {held_k}")
        s.rows[i] = PRIESTS[k].count - held_k
    if not any(s.rows):
        raise err("players.priests", "all Priests and Virgins are taken: the game would be over "
                                     "[end.priests]")

    # Bank: what is left of each good.
    for gi in range(1, GOOD_COUNT):
        g = GOODS[gi]
        used_g = sum(s.goods[p][gi] for p in range(n)) + s.market[gi - 1]
        used_g += sum(s.bonus[d] for d in PRODUCTION if DISTRICTS[DISTRICT_IDS[d]].good == g)
        left = DATA.bank[g] - used_g
        if left < 0:
            raise err("players.goods", f"the game has only {DATA.bank[g]} {g}; this scenario "
                                       f"uses {used_g} [ruling.bank_limit]")
        s.bank[gi] = left
    s.bank[0] = UNLIMITED
    return pos.possible(s, check_invariants)


def scenario_text(s: State, title: str = "Saved scenario", description: str = "") -> str:
    """A scenario file for the position ``s`` (at the start of a turn)."""
    if (s.phase is not Phase.DAY or not s.queue or s.queue[0].kind != Kind.TURN
            or any(s.due[p] != [0, 0] for p in range(s.n))):
        raise ValueError("a scenario can be saved at the start of a turn only "
                         "(pending decision 'turn')")
    colours = COLOURS[: s.n]
    turn = s.queue[0].player
    assert turn is not None  # checked above: a turn
    tables: list[tuple[str, list[tuple[str, Any]]]] = [("scenario", [
        ("title", title), ("description", description or None), ("players", s.n),
        ("seed", s.seed), ("learning", s.learning), ("day", s.day),
        ("turn", colours[turn]), ("start_player", colours[s.start_player]),
        ("time_corn", list(s.time_corn)), ("deck", list(s.deck)),
        ("sun_tile", None if s.sun_tile is None else colours[s.sun_tile]),
        ("last_turns", None if s.sun_tile is None else s.last_turns)])]
    for p in range(s.n):
        tables.append((f"players.{colours[p]}", [
            ("goods", {g: s.goods[p][i] for i, g in enumerate(GOODS)}),
            ("incas", {DISTRICT_IDS[d]: s.incas[p][d] for d in PRODUCTION + (SUN_CLOCK,)
                       if s.incas[p][d]}),
            ("scout", s.scouts[p]),
            ("priests", {k: s.priests[p][i] for i, k in enumerate(PRIEST_KINDS) if s.priests[p][i]}),
            ("cards", list(s.hands[p])), ("moon_tiles", list(s.moon_held[p])),
            ("prince", None if (at := s.prince[p]) is None else DISTRICT_IDS[at]),
            ("summit_vp", s.summit_vp[p] or None), ("laps", s.laps[p] or None)]))
    tables.append(("board", [
        ("bonus", {DISTRICT_IDS[d]: s.bonus[d] for d in PRODUCTION + TEMPLES}),
        ("market", {GOODS[g]: s.market[g - 1] for g in range(1, GOOD_COUNT)})]))
    return scenario_file(tables)


#: how the game's positions are read from scenario files and written to them
POSITION = PositionFormat(SCENARIO_TABLES, SCENARIO_META, scenario_state, scenario_text,
                          tuple(DISTRICT_IDS))

__all__ = ["BOARD", "PLAYER", "POSITION", "SCENARIO_META", "SCENARIO_TABLES", "scenario_state",
           "scenario_text"]
