"""A position of the priests game from a scenario file, and a scenario file from a position.

A scenario starts while a card is to be laid: at the beginning of a round (the round's
sun/moon card is up, nobody has laid a card yet) or during its laying (``laid``: the cards
laid so far), and says only what differs from a standard set-up; everything else comes from
the seed. Tokens not on a priest's slots are left beside the board, so no token is ever
created or lost, and a position the rules cannot reach (two priests on a square, a token
twice, a high sun token taken while a lower one is left, a priest's tokens out of the order
they are taken in, every slot filled before the round, a card in two places, two cards on a
stair) is refused naming the field.

Fields (all optional but ``scenario.players``):

- ``[scenario]``: ``title``, ``description``, ``rulebook`` (section), ``players``, ``seed``,
  ``round``, ``first`` (the colour holding the High Priest: in round 1, the player who
  starts), ``sun_moon`` (the round's sun/moon card; round 1 always uses the printed one),
  ``sun_moon_next`` (the next sun/moon cards, top first), ``set_aside`` (the sun/moon card
  set aside with 2 or 4 players), ``deck`` (direction cards on top of the draw pile, top
  first), ``move_order`` and ``two_players`` (the reading of each ruling the rules text
  reads both ways: ``"order"``/``"pairing"``, ``"alternate"``/``"draw"``; the ruling when
  left out, see ``docs/RULINGS.md``), ``laid`` (the cards laid so far this round, in the
  order they were laid: ``[{ card = 50, stair = "east" }, ...]``; who laid each, and face up
  or down, follow from the round's order of laying, its first player and its sun/moon card;
  at least one card of the round is still to be laid, and the next player lays it; with
  ``two_players = "draw"``, once the cards from the hands are laid, the player to lay has
  drawn the top card of ``deck``).
- ``[players.<Colour>]``: ``hand`` (the direction cards in hand now: a player who laid a card
  this round has drawn another one), ``priest_card``.
- ``[priests.<height>]``: ``square`` (like ``r2c1``), ``slots`` (the tokens on its slots in
  the order it took them, one list per slot, e.g. ``[[1], [-3], [4], [-4], [5, 5]]``: its sun
  tokens go up and its fire tokens down, and only the last slot holds two tokens, the two sun
  tokens taken at once on the centre).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from ..core.machine import Out, Step
from ..core.scenarios import PositionFormat, PositionReader, scenario_file
from ..core.tomlfile import MAX_SEED, Int, List, Map, Str, Table
from .data import COLOURS, DATA
from .invariants import check_invariants, slot_problems
from .laying import DRAW, lays_open, round_steps
from .setup import new_state
from .state import Kind, State
from .tables import (
    CARDS,
    DECK_SUN_MOON,
    DEFAULT_VARIANT,
    HAND,
    HEIGHTS,
    PRINTED,
    SLOTS,
    SQUARE_INDEX,
    SQUARE_NAMES,
    STAIR_INDEX,
    STAIRS,
    SUN_MOON_IDS,
    VARIANTS,
)
from .tokens import all_taken

SCENARIO_TABLES = ("players", "priests")
_CARD = Int(CARDS.start, CARDS.stop - 1)
_MOON = Str(DECK_SUN_MOON, what="sun/moon card")
#: a card laid this round, and its stair
LAID = Table({"card": Int(CARDS.start, CARDS.stop - 1, required=True),
              "stair": Str(STAIRS, what="stair", required=True)})
SCENARIO_META: dict[str, Any] = {
    "players": Int(DATA.min_players, DATA.max_players, required=True),
    "seed": Int(0, MAX_SEED),
    "round": Int(1, max(DATA.rounds.values())),
    "first": Str(COLOURS, what="colour"),
    "sun_moon": Str(SUN_MOON_IDS, what="sun/moon card"),
    "sun_moon_next": List(_MOON, unique=True, max_len=len(DECK_SUN_MOON)),
    "set_aside": List(_MOON, unique=True, max_len=len(DECK_SUN_MOON)),
    "deck": List(_CARD, unique=True, max_len=len(CARDS)),
    "laid": List(LAID, max_len=len(STAIRS)),
    **{name: Str(readings, what=f"a reading of the ruling {name}")
       for name, readings in VARIANTS.items()},
}
PLAYER = Table({"hand": List(_CARD, unique=True, max_len=HAND),
                "priest_card": Str(tuple(DATA.priest_cards), what="priest card")})
_TOKEN = Int(min(DATA.fire_tokens), max(DATA.sun_tokens))
PRIEST = Table({"square": Str(SQUARE_NAMES, what="square"),
                "slots": List(List(_TOKEN, min_len=1, max_len=2), max_len=SLOTS)})


def scenario_state(label: str, raw: dict[str, Any]) -> State:  # noqa: C901 - field by field
    """The position a scenario file describes (``ScenarioError`` naming the field if not)."""

    pos = PositionReader(label, raw, COLOURS)
    err, seat, meta, n, seed = pos.err, pos.seat, pos.meta, pos.n, pos.seed
    s, _ = new_state(n, seed, **pos.variants(VARIANTS))
    rng = random.Random(seed)
    r = meta.get("round", 1)
    if r > DATA.rounds[n]:
        raise err("scenario.round", f"a {n}-player game has {DATA.rounds[n]} rounds")
    s.round = r
    if "first" in meta:
        s.first = seat("scenario.first", meta["first"])

    # sun/moon cards: the printed one, r - 2 played, the current one; the set-aside; the rest
    current = meta.get("sun_moon")
    if r == 1 and current not in (None, PRINTED):
        raise err("scenario.sun_moon", f"round 1 always uses the card printed on the board "
                                       f"({PRINTED!r})")
    if r > 1 and current == PRINTED:
        raise err("scenario.sun_moon", "the printed card is used in round 1 only")
    nxt = list(meta.get("sun_moon_next", []))
    if len(nxt) > DATA.rounds[n] - r:
        raise err("scenario.sun_moon_next", f"names {len(nxt)} sun/moon cards to come, but after "
                  f"round {r} of a {n}-player game at most {DATA.rounds[n] - r} are left")
    aside = list(meta.get("set_aside", []))
    named = ([current] if current and current != PRINTED else []) + nxt + aside
    if len(set(named)) != len(named):
        raise err("scenario.sun_moon_next", "each sun/moon card exists once")
    if "set_aside" in meta and len(aside) != DATA.set_aside[n]:
        raise err("scenario.set_aside", f"{DATA.set_aside[n]} sun/moon cards are set aside with "
                                        f"{n} players")
    pool = [c for c in DECK_SUN_MOON if c not in named]
    rng.shuffle(pool)
    if "set_aside" not in meta:
        aside, pool = pool[:DATA.set_aside[n]], pool[DATA.set_aside[n]:]
    if r > 1 and current is None:
        current, pool = pool[0], pool[1:]
    played_before = r - 2 if r > 1 else 0
    if len(pool) < played_before:
        raise err("scenario.sun_moon_next", f"round {r} has used {r} sun/moon cards: too few are "
                                            "left for the cards named")
    s.set_aside = aside
    s.sun_moon_played = [PRINTED] + pool[:played_before] + ([current] if r > 1 and current is not None else [])
    s.sun_moon = s.sun_moon_played[-1]
    s.sun_moon_deck = nxt + pool[played_before:]

    # players: hands and priest cards
    hands: dict[int, list[int]] = {}
    cards_named: dict[int, str] = {}
    for p, f0, spec in pos.players(PLAYER):
        if "hand" in spec:
            if len(spec["hand"]) != HAND:
                raise err(f"{f0}.hand", f"a player holds {HAND} direction cards")
            hands[p] = sorted(spec["hand"])
        if "priest_card" in spec:
            if spec["priest_card"] not in DATA.priest_cards_used[n]:
                raise err(f"{f0}.priest_card", f"with {n} players the priest cards are "
                          f"{', '.join(DATA.priest_cards_used[n])}")
            cards_named[p] = spec["priest_card"]
    if len(set(cards_named.values())) != len(cards_named):
        raise err("players", "each priest card is dealt to one player")
    free_pc = [c for c in DATA.priest_cards_used[n] if c not in cards_named.values()]
    rng.shuffle(free_pc)
    s.priest_cards = [cards_named[p] if p in cards_named else free_pc.pop() for p in range(n)]
    in_hands = [c for h in hands.values() for c in h]
    top = list(meta.get("deck", []))
    if len(set(in_hands)) != len(in_hands) or set(in_hands) & set(top):
        raise err("players", "each direction card exists once (in one hand, or in the deck)")
    laid = _laid_cards(meta.get("laid", []), set(in_hands) | set(top), err)
    pool_cards = [c for c in CARDS if c not in in_hands and c not in top and c not in laid]
    rng.shuffle(pool_cards)
    for p in range(n):
        if p not in hands:
            hands[p], pool_cards = sorted(pool_cards[:HAND]), pool_cards[HAND:]
    s.hands = [hands[p] for p in range(n)]
    gone = len(STAIRS) * (r - 1)
    s.removed, pool_cards = sorted(pool_cards[:gone]), pool_cards[gone:]
    s.deck = top + pool_cards
    if len(s.deck) < len(STAIRS) * (DATA.rounds[n] - r + 1) - len(laid):
        raise err("scenario.deck", "too few direction cards left for the rest of the game")
    s.queue = _lay(s, meta.get("laid", []), err)

    # priests: squares and tokens
    priests = pos.table("priests", Map(PRIEST))
    sun_left, fire_left = list(DATA.sun_tokens), list(DATA.fire_tokens)
    for key, spec in priests.items():
        if key not in {str(h) for h in HEIGHTS}:
            raise err(f"priests.{key}", f"priests are named by height: {', '.join(map(str, HEIGHTS))}")
        i = HEIGHTS.index(int(key))
        if "square" in spec:
            s.pos[i] = SQUARE_INDEX[spec["square"]]
        slots = [tuple(x) for x in spec.get("slots", [])]
        for k, slot in enumerate(slots):
            for v in slot:
                supply = sun_left if v > 0 else fire_left
                if v not in supply:
                    raise err(f"priests.{key}.slots[{k}]", f"no token {v} is left (tokens: sun "
                              f"{list(DATA.sun_tokens)}, fire {list(DATA.fire_tokens)})")
                supply.remove(v)
        bad = slot_problems(int(key), slots)
        if bad:
            raise err(f"priests.{key}.slots", bad[0])
        s.slots[i] = slots
    s.sun_left, s.fire_left = sun_left, fire_left
    _lowest_first(priests, s, err)
    if len(set(s.pos)) != len(s.pos):
        raise err("priests", "a square holds one priest")
    if all_taken(s):
        raise err("priests", "every slot is filled, or no token is left: the game ended at the "
                             "end of the last round")
    return pos.possible(s, check_invariants)


def _laid_cards(laid: list[dict[str, Any]], elsewhere: set[int],
                err: Callable[[str, str], Exception]) -> list[int]:
    """The cards laid this round: each exists once (not twice laid, not in a hand or the
    deck as well)."""
    cards: list[int] = []
    for i, entry in enumerate(laid):
        card = entry["card"]
        if card in cards or card in elsewhere:
            where = "laid before" if card in cards else "also in a hand or in the deck"
            raise err(f"scenario.laid[{i}].card", f"card {card} is {where}: each direction "
                                                  "card exists once")
        cards.append(card)
    return cards


def _lay(s: State, laid: list[dict[str, Any]], err: Callable[[str, str], Exception]) -> list[Step]:
    """The cards of ``laid`` on their stairs, laid in the round's order (its first player,
    its variant) and face up or down as its sun/moon card says; returns the decisions left
    (the next player lays; with ``two_players = "draw"``, having drawn the top card)."""
    steps = list(round_steps(s))
    at = [(k, step.player) for k, step in enumerate(steps)
          if step.kind in Kind.LAYS and step.player is not None]
    if len(laid) >= len(at):
        raise err("scenario.laid", f"names {len(laid)} cards, but a scenario starts while a "
                  f"card is to be laid: with {s.n} players at most {len(at) - 1} of the round's "
                  f"{len(at)} cards laid by the players (the script lays the last one)")
    for i, (entry, (_k, p)) in enumerate(zip(laid, at, strict=False)):
        j = STAIR_INDEX[entry["stair"]]
        if s.stairs[j] is not None:
            raise err(f"scenario.laid[{i}].stair", f"the {entry['stair']} stair already holds "
                      f"card {s.stairs[j]}: a card goes on a free stair")
        s.stairs[j], s.open[j], s.laid_by[j] = entry["card"], lays_open(s, p), p
    queue = steps[at[len(laid) - 1][0] + 1:] if laid else steps
    while queue[0].kind == Kind.DRAW:  # the variant's draw: the next player took the top card
        step = queue.pop(0)
        if isinstance(step.payload, int):
            DRAW.effect(s, None, step.payload, None, Out(record=False))
    return queue


def _lowest_first(priests: dict[str, Any], s: State, err: Callable[[str, str], Exception]) -> None:
    """The tokens on the slots must be the lowest sun tokens and the smallest fire tokens:
    those are always taken first (the first token beyond them names the field)."""
    for supply, left, what in ((DATA.sun_tokens, s.sun_left, "the lowest sun token"),
                               (DATA.fire_tokens, s.fire_left, "the smallest fire token")):
        taken = Counter(supply[: len(supply) - len(left)])
        if left == list(supply[len(supply) - len(left):]):
            continue
        for key, spec in priests.items():
            for k, slot in enumerate(spec.get("slots", [])):
                for v in slot:
                    if (v > 0) != (supply[0] > 0):
                        continue
                    if not taken[v]:
                        raise err(f"priests.{key}.slots[{k}]", f"token {v} is taken while "
                                  f"{left[0]} is left: {what} left is always taken first")
                    taken[v] -= 1


def scenario_text(s: State, title: str = "Saved scenario", description: str = "") -> str:
    """A scenario file for the position ``s`` (while a player is to lay a card: at the start
    of a round or during its laying).

    >>> from mp_tutor.priests import Game
    >>> game = Game.new(players=3, seed=4)
    >>> _ = game.apply("lay 22 north")
    >>> text = scenario_text(game.state)
    >>> "[players.Blue]" in text and "[priests.4]" in text
    True
    >>> [line for line in text.splitlines() if line.startswith("laid")]
    ['laid = [{ card = 22, stair = "north" }]']
    """
    if s.over or not s.queue or s.queue[0].kind not in Kind.LAYS:
        raise ValueError("a scenario can be saved while a card is to be laid only (at the "
                         "start of a round or during its laying)")
    colours = COLOURS[: s.n]
    tables: list[tuple[str, list[tuple[str, Any]]]] = [("scenario", [
        ("title", title), ("description", description or None), ("players", s.n),
        ("seed", s.seed), ("round", s.round), ("first", colours[s.first]),
        ("sun_moon", s.sun_moon), ("sun_moon_next", s.sun_moon_deck),
        ("set_aside", s.set_aside), ("deck", [s.drawn, *s.deck] if s.drawn is not None else s.deck),
        ("laid", laid_entries(s) or None),
        *((name, getattr(s, name) if getattr(s, name) != DEFAULT_VARIANT[name] else None)
          for name in VARIANTS)])]
    tables += [(f"players.{colours[p]}", [("hand", s.hands[p]), ("priest_card", s.priest_cards[p])])
               for p in range(s.n)]
    tables += [(f"priests.{h}", [
        ("square", None if (at := s.pos[i]) is None else SQUARE_NAMES[at]),
        ("slots", [list(slot) for slot in s.slots[i]])]) for i, h in enumerate(HEIGHTS)]
    return scenario_file(tables)


def laid_entries(s: State) -> list[dict[str, Any]]:
    """The cards laid so far this round (``scenario.laid``), in an order they can have been
    laid in: the k-th by the k-th player to lay (a player's own cards by stair)."""
    out: list[dict[str, Any]] = []
    used: set[int] = set()
    for step in round_steps(s):
        if step.kind not in Kind.LAYS:
            continue
        j = next((j for j, by in enumerate(s.laid_by)
                  if by == step.player and s.stairs[j] is not None and j not in used), None)
        if j is None:
            break
        used.add(j)
        out.append({"card": s.stairs[j], "stair": STAIRS[j]})
    return out


#: how the game's positions are read from scenario files and written to them
POSITION = PositionFormat(SCENARIO_TABLES, SCENARIO_META, scenario_state, scenario_text,
                          (*(f"square-{q}" for q in SQUARE_NAMES),
                           *(f"stair-{d}" for d in STAIRS)))

__all__ = ["LAID", "PLAYER", "POSITION", "PRIEST", "SCENARIO_META", "SCENARIO_TABLES",
           "laid_entries", "scenario_state", "scenario_text"]
