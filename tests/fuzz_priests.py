"""The fuzzing kit's generators for Machu Picchu, the priests game (the oracles: ``fuzz_core``).

Positions come from random games of 2, 3 and 4 players; the hidden cards a seated player must
not see are the other hands, the cards laid face down by others, the draw pile, the other
players' priest cards and the order of the sun/moon cards (and the one set aside).
"""

from __future__ import annotations

import random
from dataclasses import fields
from typing import Any

from fuzz_core import (
    HOSTILE,
    Fuzzer,
    some_or_all,
    table,
    toml_weird,
    unicode_text,
    weird_value,
)

from mp_tutor.core.registry import get_game
from mp_tutor.priests import Game
from mp_tutor.priests.actions import ACTION_TYPES, FACES, Lay, Order, Place
from mp_tutor.priests.data import COLOURS, DATA
from mp_tutor.priests.tables import CARDS as CARDS_ALL
from mp_tutor.priests.tables import (
    HEIGHTS,
    ORDERS,
    SQUARE_NAMES,
    STAIRS,
    SUN_MOON_IDS,
    VARIANTS,
)

CARDS = ("0", "00", "050", "51", "-1", "9" * 5, "9" * 4301, "²", "٣", "1e2", "+5", "0x1f", "5.0")
STAIR_WORDS = (*STAIRS, "n", "e", "s", "w", "N", "NORTH", "up", "nord", "north-east")
SQUARES = (*SQUARE_NAMES, "r5c5", "r-1c0", "R1C2", "r1c", "c1r1", "r01c02", "r1c2 ")
NAMES = (*STAIRS, *FACES, *ORDERS, *SQUARE_NAMES[::3], *DATA.priest_cards, *SUN_MOON_IDS,
         *COLOURS, "r5c5", "none", "-", "up", "down")
VERBS = ("lay", "order", "place", "move", "reveal", "pass", "draw", "inca", "continue")
WORDS = ("lay", "order", "place", "44", "4", "0", "51", "-1", "9" * 4301, "²", "north", "n",
         "up", "hidden", "open", "down", "tallest", "smallest", "r1c2", "r5c5", "x", "lay 44")
SUN_TOKENS, FIRE_TOKENS = list(DATA.sun_tokens), list(DATA.fire_tokens)


def _card(rng: random.Random) -> str:
    return str(rng.randrange(1, 51)) if rng.random() < 0.7 else rng.choice(CARDS)


def action_text(rng: random.Random) -> str:
    """Text for the action box: the notation with good and bad words, and hostile text."""
    pick = rng.randrange(5)
    if pick == 0:
        return rng.choice(HOSTILE)
    if pick == 1:
        return unicode_text(rng)
    if pick == 2:
        words = [rng.choice(VERBS)] + [rng.choice([
            _card(rng), rng.choice(STAIR_WORDS), rng.choice(FACES), rng.choice(ORDERS),
            rng.choice(SQUARES), rng.choice(HOSTILE)]) for _ in range(rng.randrange(4))]
        return " ".join(words)
    verb = rng.choice(("lay", "order", "place"))
    if verb == "lay":
        text = f"lay {_card(rng)} {rng.choice(STAIR_WORDS)}"
        if rng.random() < 0.5:
            text += " " + rng.choice([*FACES, "up", "down", "open open"])
    elif verb == "order":
        text = "order " + rng.choice([*ORDERS, "biggest", "first", "tallest smallest"])
    else:
        text = f"place {rng.choice(['1', '2', '3', '4', '0', '5', '44'])} {rng.choice(SQUARES)}"
    return text.upper() if rng.random() < 0.1 else text


_GOOD = {"card": lambda rng: rng.randrange(1, 51), "stair": lambda rng: rng.choice(STAIRS),
         "face": lambda rng: rng.choice([None, *FACES]), "first": lambda rng: rng.choice(ORDERS),
         "priest": lambda rng: rng.choice(HEIGHTS), "square": lambda rng: rng.choice(SQUARE_NAMES)}


def action_object(rng: random.Random) -> Any:
    """An action object whose fields are good, or of any type and size (``ActionError``)."""
    cls = rng.choice(list(ACTION_TYPES.values()))
    kwargs = {f.name: _GOOD[f.name](rng) if rng.random() < 0.5 else weird_value(rng, NAMES)
              for f in fields(cls)}
    return cls(**kwargs)


def variants(rng: random.Random) -> dict[str, str]:
    """The readings of a game (issue 19): the rulings most of the time, else any."""
    if rng.random() < 0.6:
        return {}
    return {name: rng.choice(readings) for name, readings in VARIANTS.items()}


def random_game(rng: random.Random, steps: int | None = None) -> Game:
    """A game of 2, 3 or 4 players (any variant) after some random legal actions (a game is
    ~45 actions)."""
    game = Game.new(players=rng.choice((2, 3, 4)), seed=rng.randrange(10**6), **variants(rng))
    for _ in range(rng.randrange(60) if steps is None else steps):
        if game.over:
            break
        game.apply(rng.choice(list(game.legal_actions())))
    return game


def positions() -> list[Game]:
    """Games of 2, 3 and 4 players at every kind of decision, and finished games."""
    rng = random.Random(8)
    out: list[Game] = []
    for seed in range(8):
        options = {"two_players": "draw", "move_order": "pairing"} if seed >= 6 else {}
        game = Game.new(players=2 + seed % 3, seed=seed, **options)
        while not game.over:
            if rng.random() < 0.15 or game.pending.kind in ("return_priest", "lay_drawn"):
                out.append(Game.from_json(game.to_json()))
            game.apply(rng.choice(list(game.legal_actions())))
        out.append(game)  # a finished game refuses everything
    return out


# ---------------------------------------------------------------------------------------
# Scenario files
# ---------------------------------------------------------------------------------------
def _tokens(rng: random.Random) -> list[list[int]]:
    """A priest's slots: good and bad tokens, sometimes two on a slot, sometimes too many."""
    pool = [*SUN_TOKENS, *FIRE_TOKENS, 0, 11, -11, -2]
    out = [[rng.choice(pool)] for _ in range(rng.randrange(7))]
    if out and rng.random() < 0.3:
        out[rng.randrange(len(out))].append(rng.choice(SUN_TOKENS))
    return out


def scenario_edit(rng: random.Random, doc: dict[str, Any]) -> None:  # noqa: C901 - one per pick
    """Edits that stay well-typed but may describe an impossible position."""
    meta = table(doc, "scenario")
    if meta is None:
        return
    n = meta.get("players", 4) if isinstance(meta.get("players"), int) else 4
    colour = rng.choice(COLOURS[: max(2, min(4, n))] if rng.random() < 0.9 else COLOURS)
    height = rng.choice([*map(str, HEIGHTS), "0", "5", "04", "four"] if rng.random() < 0.2
                        else list(map(str, HEIGHTS)))
    pick = rng.randrange(13)
    spec = table(doc, "players", colour) if pick < 2 else table(doc, "priests", height)
    if spec is None:
        return
    if pick == 0:
        size = rng.choice([4, 4, 4, 3, 5, 0])
        spec["hand"] = [rng.randrange(0, 52) if rng.random() < 0.1 else rng.randrange(1, 51)
                        for _ in range(size)]
    elif pick == 1:
        spec["priest_card"] = rng.choice([*DATA.priest_cards, "F", "a"])
    elif pick in (2, 3):
        spec["square"] = rng.choice(SQUARE_NAMES if rng.random() < 0.9 else SQUARES)
    elif pick in (4, 5):
        spec["slots"] = _tokens(rng)
    elif pick == 6:
        meta.update({"round": rng.choice([1, 2, 3, 7, 8, 9, 10]),
                     "sun_moon": rng.choice(SUN_MOON_IDS)})
    elif pick == 7:  # a few sun/moon cards, or (issue 19) every one of them, or nearly
        key = rng.choice(["sun_moon_next", "set_aside"])
        meta[key] = rng.sample(SUN_MOON_IDS[1:], some_or_all(rng, 4, len(SUN_MOON_IDS) - 1, 0.5))
        if rng.random() < 0.5:
            meta["round"] = rng.randrange(1, 10)
        if rng.random() < 0.5:
            meta.pop("sun_moon", None)  # the round's card is then drawn from those left
    elif pick == 8:
        meta["deck"] = rng.sample(range(1, 51), some_or_all(rng, 6, 50)) or [rng.randrange(1, 51)]
    elif pick == 9:
        meta.update({"players": rng.choice([2, 3, 4, 4, 5, 1]), "first": rng.choice(COLOURS),
                     "seed": rng.choice([0, 1, 77, 10**12, 2**63])})
        for name, readings in VARIANTS.items():  # a reading of each ruling, or none at all
            if rng.random() < 0.5:
                meta[name] = rng.choice([*readings, "x", readings[0].upper()])
    elif pick == 12:  # cards laid so far this round: a card twice, a stair twice, too many
        meta["laid"] = [{"card": rng.randrange(0, 52) if rng.random() < 0.1 else
                         rng.randrange(1, 51),
                         "stair": rng.choice([*STAIRS, "up"] if rng.random() < 0.1 else STAIRS)}
                        for _ in range(rng.choice([1, 1, 2, 3, 4]))]
    elif pick == 10:
        script = doc.setdefault("script", [])
        if isinstance(script, list):
            script.append({"action": action_text(rng) if rng.random() < 0.5 else
                           rng.choice(["lay 44 north", "order tallest", "place 4 r1c2"])})
    else:
        checks = doc.setdefault("check", [])
        if isinstance(checks, list):
            checks.append(rng.choice([
                {"facts": 5}, {"after": "x"}, {"Blue": 5}, {"after": 99}, {"player": "Blue"},
                {"after": rng.randrange(0, 6), "facts": {
                    rng.choice(["priests.4.square", "Blue.score", "stairs.north.card", "x.y",
                                "pending.options.preview.tallest.squares.4", "tokens.sun"]):
                        toml_weird(rng, NAMES)}},
                {"illegal": action_text(rng), "rule": rng.choice(["lay.hand", "x", "move"])},
                {"legal": action_text(rng), "player": rng.choice(COLOURS)}]))


# ---------------------------------------------------------------------------------------
# Saves
# ---------------------------------------------------------------------------------------
def _card_places(s: dict[str, Any]) -> list[list[Any]]:
    return [s["deck"], s["removed"], s["stairs"], *s["hands"]]


def save_edit(rng: random.Random, doc: dict[str, Any]) -> None:  # noqa: C901 - one per pick
    """Edits of a save's first position that stay well-typed: cards or tokens created, lost or
    moved, priests on one square, decisions, faces, orders and endings the rules never reach."""
    s = doc["initial"]
    pick = rng.randrange(13)
    if pick == 12:  # another reading, or a card drawn from the pile that nobody drew
        key = rng.choice([*VARIANTS, "drawn"])
        s[key] = rng.choice([*VARIANTS[key], "x"]) if key in VARIANTS else rng.choice(
            [s["deck"][0] if s["deck"] else 1, None, 99])
        return
    if pick == 0:  # a card moved (or copied) to another place
        src = rng.choice([p for p in _card_places(s) if any(c is not None for c in p)])
        dst = rng.choice(_card_places(s))
        i = rng.choice([k for k, c in enumerate(src) if c is not None])
        card = src[i]
        if rng.random() < 0.7:  # moved, else copied
            src.__setitem__(i, None) if src is s["stairs"] else src.pop(i)
        free = [k for k, c in enumerate(dst) if c is None]
        dst.__setitem__(free[0], card) if free else dst.append(card)
    elif pick == 1:  # a token taken, created or lost
        priest = rng.choice(s["slots"])
        supply = rng.choice([s["sun_left"], s["fire_left"]])
        if supply and rng.random() < 0.6:
            priest.append([supply.pop(rng.randrange(len(supply))) if rng.random() < 0.7
                           else supply[0]])
        elif priest:
            priest.pop(rng.randrange(len(priest)))
    elif pick == 2:
        i, k = rng.sample(range(len(s["pos"])), 2)
        s["pos"][i] = rng.choice([s["pos"][k], None, rng.randrange(25)])
    elif pick == 3:
        queue = s["queue"]
        if queue:
            step = queue[rng.randrange(len(queue))]
            rng.choice([queue.reverse, queue.clear, lambda: queue.append(list(step)),
                        lambda: step.__setitem__(1, rng.randrange(s["n"])),
                        lambda: queue.insert(0, [rng.choice(["order", "return_priest", "lay"]),
                                                 s["first"], rng.choice([None, 4, 1])])])()
    elif pick == 4:
        s["order"] = rng.choice([None, *ORDERS])
    elif pick == 5:
        s.update({"over": True, "ending": rng.choice(["slots", "rounds"]), "queue": []})
    elif pick == 6:
        s[rng.choice(["round", "first"])] += rng.choice([-1, 1])
    elif pick == 7:
        j = rng.randrange(len(s["stairs"]))
        if rng.random() < 0.5:
            s["open"][j] = not s["open"][j]
        else:
            s["laid_by"][j] = rng.choice([None, *range(s["n"])])
    elif pick == 8:
        slots = rng.choice(s["slots"])
        if len(slots) >= 2 and rng.random() < 0.5:
            slots.reverse()
        elif len(slots) >= 2:
            slots[-2:] = [slots[-2] + slots[-1]]
        else:
            slots.extend([[rng.choice(SUN_TOKENS)]] * rng.randrange(1, 7))
    elif pick == 9:
        cards = s["priest_cards"]
        cards[rng.randrange(len(cards))] = rng.choice(list(DATA.priest_cards))
    elif pick == 10:
        lists = [s["sun_moon_played"], s["sun_moon_deck"], s["set_aside"]]
        src, dst = rng.sample(lists, 2)
        if src:
            dst.append(src.pop(rng.randrange(len(src))))
    else:
        s["sun_moon"] = rng.choice(SUN_MOON_IDS)


# ---------------------------------------------------------------------------------------
# Hidden cards
# ---------------------------------------------------------------------------------------
def _unseen(s: Any, viewer: int) -> list[tuple[str, int, int]]:
    """Where a direction card lies that ``viewer`` cannot see: (place, index, index)."""
    out = [("deck", 0, i) for i in range(len(s.deck))]
    out += [("hand", q, i) for q in range(s.n) if q != viewer for i in range(len(s.hands[q]))]
    out += [("stair", 0, j) for j, c in enumerate(s.stairs)
            if c is not None and not s.open[j] and s.laid_by[j] != viewer]
    if s.drawn is not None and s.queue[0].player != viewer:  # another's card drawn to lay
        out.append(("drawn", 0, 0))
    return out


class _Drawn(list):  # type: ignore[type-arg]
    """The state's card drawn from the pile as a one-item list, written back on change."""

    def __init__(self, s: Any) -> None:
        super().__init__([s.drawn])
        self.state = s

    def __setitem__(self, i: Any, value: Any) -> None:
        super().__setitem__(i, value)
        self.state.drawn = value


def _place(s: Any, where: tuple[str, int, int]) -> list[Any]:
    kind, q, _ = where
    if kind == "drawn":
        return _Drawn(s)
    return s.deck if kind == "deck" else s.hands[q] if kind == "hand" else s.stairs


def hidden_swap(game: Game, rng: random.Random) -> tuple[int, Game, str] | None:
    """Two direction cards the viewer cannot see swapped (hands, face-down cards, the draw
    pile); or two other players' priest cards; or two sun/moon cards still unseen."""
    s = game.state
    viewer = rng.randrange(s.n)
    twin = Game.from_json(game.to_json())
    t = twin.state
    pick = rng.randrange(4)
    others = [q for q in range(s.n) if q != viewer]
    if pick == 0 and len(others) >= 2 and not s.over:
        a, b = rng.sample(others, 2)
        t.priest_cards[a], t.priest_cards[b] = t.priest_cards[b], t.priest_cards[a]
        what = f"the priest cards of players {a} and {b} were swapped"
    elif pick == 1 and len(t.sun_moon_deck) + len(t.set_aside) >= 2:
        cards = t.sun_moon_deck + t.set_aside
        i, k = rng.sample(range(len(cards)), 2)
        cards[i], cards[k] = cards[k], cards[i]
        t.sun_moon_deck, t.set_aside = cards[: len(t.sun_moon_deck)], cards[len(t.sun_moon_deck):]
        what = f"the unseen sun/moon cards {cards[k]} and {cards[i]} were swapped"
    else:
        unseen = _unseen(s, viewer)
        if len(unseen) < 2:
            return None
        x, y = rng.sample(unseen, 2)
        px, py = _place(t, x), _place(t, y)
        cx, cy = px[x[2]], py[y[2]]
        px[x[2]], py[y[2]] = cy, cx
        for hand in t.hands:
            hand.sort()
        what = f"card {cx} ({x[0]}) was swapped with card {cy} ({y[0]})"
    twin._touch()
    return viewer, twin, what


def illegal(game: Game, rng: random.Random) -> list[Any]:
    """Actions that are illegal now: the wrong kind, a card not in hand, a taken stair, the
    wrong face, a hand card where the card drawn from the pile must be laid, a returning
    priest far from its start square."""
    s = game.state
    kind = game.pending.kind
    out: list[Any] = [Order("tallest")] if kind != "order" else [Lay(1, "north")]
    p = game.pending.player
    if kind == "lay_drawn":  # only the card drawn: a hand card is refused
        out.append(Lay(s.hands[p][0], game.pending.options.stairs[0]))
    if kind == "lay":
        hand = s.hands[p]
        out.append(Lay(next(c for c in CARDS_ALL if c not in hand), STAIRS[rng.randrange(4)]))
        taken = [st for j, st in enumerate(STAIRS) if s.stairs[j] is not None]
        if taken:
            out.append(Lay(hand[0], taken[0]))
        wrong = "hidden" if game.pending.options.face == "open" else "open"
        out.append(Lay(hand[0], game.pending.options.stairs[0], wrong))
    if kind == "return_priest":
        out.append(Place(s.queue[0].payload, SQUARE_NAMES[12]))
    return out


PRIESTS = Fuzzer(
    info=get_game("priests"), names=NAMES, verbs=VERBS, random_game=random_game,
    action_text=action_text, action_object=action_object, scenario_edit=scenario_edit,
    save_edit=save_edit, hidden_swap=hidden_swap,
    reveals=frozenset({"revealed", "deck_card", "round_began", "priest_card", "tie", "game_over"}),
    decisions=frozenset({"lay", "lay_drawn", "order", "return_priest", "game_over"}),
    make_positions=positions, words=WORDS, some_action="order tallest", illegal=illegal,
    cli_words=("priests", "lay", "lay.hand", "move.order", "2", "3", "4", "5", "--no-history"),
    save_steps=60,
)

__all__ = ["NAMES", "PRIESTS", "VERBS", "WORDS"]
