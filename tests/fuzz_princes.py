"""The fuzzing kit's generators for The Princes of Machu Picchu (the oracles: ``fuzz_core``)."""

from __future__ import annotations

import random
from dataclasses import MISSING, fields
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

from mp_tutor import Game
from mp_tutor.core.registry import get_game
from mp_tutor.princes.actions import ACTION_TYPES, Continue, Move, Produce, Stay, Trade
from mp_tutor.princes.data import DISTRICT_IDS, GOODS, MOON_TILES, PRIESTS, PROFESSIONS

COLOURS = ("Blue", "Yellow", "Red", "Green", "Black")
NAMES = (*DISTRICT_IDS, *GOODS, *PROFESSIONS, *MOON_TILES, *PRIESTS, "none", "-", *COLOURS)
VERBS = ("inca", "move", "stay", "produce", "sacrifice", "offer", "setup", "acquire", "trade",
         "sunclock", "return", "redeem", "goods", "continue", "give", "fly", "sell", "buy")
WORDS = ("produce", "return", "inca", "trade", "sell", "buy", "none", "-", "²", "1", "0", "-1",
         "9" * 4301, "coca", "+coca", "2coca", "corn", "setup", "farmer", "move", "co", "x")


def action_text(rng: random.Random) -> str:
    """Text for the action box: verbs with names, numbers and hostile words."""
    pick = rng.randrange(4)
    if pick == 0:
        return rng.choice([*HOSTILE, "produce ²", "inca none", "inca -", "return ²"])
    if pick == 1:
        return unicode_text(rng)
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
    kwargs = {f.name: weird_value(rng, NAMES) for f in fields(cls)
              if f.default is MISSING or rng.random() < 0.8}
    return cls(**kwargs)


def random_game(rng: random.Random, steps: int | None = None) -> Game:
    """A game after some random legal actions (every kind of decision comes up)."""
    game = Game.new(players=rng.randrange(2, 6), seed=rng.randrange(10**6),
                    learning=rng.random() < 0.2)
    for _ in range(rng.randrange(400) if steps is None else steps):
        if game.over:
            break
        game.apply(rng.choice(list(game.legal_actions())))
    return game


def positions() -> list[Game]:
    """Games at every kind of decision (a few random games, cut at many points)."""
    rng = random.Random(8)
    out: list[Game] = []
    seen: dict[str, int] = {}
    for seed in range(6):
        game = Game.new(players=2 + seed % 4, seed=seed, learning=seed == 5)
        while not game.over:
            kind = game.pending.kind
            if seen.get(kind, 0) < 3 and rng.random() < 0.5:
                seen[kind] = seen.get(kind, 0) + 1
                out.append(Game.from_json(game.to_json()))
            game.apply(rng.choice(list(game.legal_actions())))
        out.append(game)  # a finished game refuses everything
    return out


def scenario_edit(rng: random.Random, doc: dict[str, Any]) -> None:  # noqa: C901 - one per pick
    """Edits that stay well-typed but may describe an impossible position."""
    meta = table(doc, "scenario")
    if meta is None:
        return
    n = meta.get("players", 3) if isinstance(meta.get("players"), int) else 3
    colour = rng.choice(COLOURS[: max(2, min(5, n))] if rng.random() < 0.9 else COLOURS)
    spec = table(doc, "players", colour)
    if spec is None:
        return
    pick = rng.randrange(14)
    if pick == 0:
        spec["cards"] = rng.sample(range(1, 29), some_or_all(rng, 5, 28)) + [rng.randrange(1, 29)]
    elif pick == 1:
        spec["cards"] = [True]
    elif pick == 2:
        meta["sun_tile"] = rng.choice(COLOURS)
        if rng.random() < 0.5:
            meta["last_turns"] = rng.randrange(0, 6)
    elif pick == 3:
        spec["moon_tiles"] = rng.sample(list(MOON_TILES), some_or_all(rng, 5, len(MOON_TILES)))
    elif pick == 4:
        spec["incas"] = {rng.choice(DISTRICT_IDS): rng.randrange(0, 14)}
    elif pick == 5:
        spec["priests"] = {rng.choice(list(PRIESTS)): rng.randrange(0, 8)}
    elif pick == 6:
        spec["goods"] = {rng.choice(GOODS): rng.choice([0, 5, 40, 999])}
    elif pick in (7, 8):
        board = table(doc, "board")
        if board is not None and pick == 7:
            board["bonus"] = {rng.choice(DISTRICT_IDS): rng.randrange(0, 4)}
        elif board is not None:
            board["market"] = {rng.choice(GOODS): rng.randrange(0, 9)}
    elif pick == 9:
        meta["deck"] = rng.sample(range(1, 29), some_or_all(rng, 6, 28))
    elif pick == 10:
        meta.update({"turn": rng.choice(COLOURS), "day": rng.randrange(1, 10),
                     "seed": rng.choice([0, 1, 2**40, 10**12])})
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
                        toml_weird(rng, NAMES)}},
                {"illegal": action_text(rng), "rule": rng.choice(["move.llama", "x"])},
                {"legal": action_text(rng)}]))


def save_edit(rng: random.Random, doc: dict[str, Any]) -> None:
    """Edits of a save's first position that create or lose goods, cards, Incas or tiles."""
    init = doc["initial"]
    pick = rng.randrange(4)
    if pick == 0:
        init["goods"][rng.randrange(init["n"])][1] = 999
    elif pick == 1:
        init["hands"][rng.randrange(init["n"])].append(rng.randrange(1, 29))
    elif pick == 2:
        init["supply"][0] = 50
        init["incas"][0][0] += rng.choice([0, 1, 50])
    else:
        init["moon_board"][0] = "<img src=x onerror=alert(1)>"


def hidden_swap(game: Game, rng: random.Random) -> tuple[int, Game, str] | None:
    """Another player's hand card swapped with a card of the draw pile."""
    s = game.state
    if game.over or not s.deck:
        return None
    viewer = rng.randrange(s.n)
    others = [q for q in range(s.n) if q != viewer and s.hands[q]]
    if not others:
        return None
    q = rng.choice(others)
    twin = Game.from_json(game.to_json())
    hand, deck = twin.state.hands[q], twin.state.deck
    i, j = rng.randrange(len(hand)), rng.randrange(len(deck))
    hand[i], deck[j] = deck[j], hand[i]
    hand.sort()
    twin._touch()
    return viewer, twin, f"player {q}'s card {s.hands[q][i]} was swapped with the deck's {s.deck[j]}"


def illegal(game: Game, rng: random.Random) -> list[Any]:
    """Actions that are illegal now: the wrong kind, staying in place, a tile taken..."""
    kind = game.pending.kind
    probes: list[Any] = [Continue()] if kind != "night" else [Produce(1)]
    if kind == "turn":
        p = game.pending.player
        cur = game.state.prince[p]
        if cur is not None:
            probes.append(Move(DISTRICT_IDS[cur]))
        taken = [t for h in game.state.moon_held for t in h]
        if taken:
            probes.append(Stay(taken[0]))
    if kind == "trade":
        probes.append(Trade(buy=(("llama", 99),)))
    if kind == "produce":
        probes.append(Produce(99))
    return probes


PRINCES = Fuzzer(
    info=get_game("princes"), names=NAMES, verbs=VERBS, random_game=random_game,
    action_text=action_text, action_object=action_object, scenario_edit=scenario_edit,
    save_edit=save_edit, hidden_swap=hidden_swap, reveals=frozenset({"game_over"}),
    decisions=frozenset({"place_inca", "turn", "produce", "trade", "game_over", "night"}),
    make_positions=positions, words=WORDS, some_action="continue", illegal=illegal,
    few_examples=4,
    cli_words=("princes", "coca-plantation-production", "move.llama", "--learning"),
)

__all__ = ["NAMES", "PRINCES", "VERBS", "WORDS"]
