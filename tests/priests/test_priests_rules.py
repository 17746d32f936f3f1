"""Engine tests of the priests game, one rule area at a time, through the public API."""

from __future__ import annotations

import pytest

from mp_tutor.core.actions import ActionError
from mp_tutor.core.rules import IllegalAction
from mp_tutor.priests import Game, parse_action
from mp_tutor.priests.actions import ActionParseError, Lay, Order, Place, action_from_json
from mp_tutor.priests.bots import RandomBot, play_out
from mp_tutor.priests.data import DATA, DataError, load_data
from mp_tutor.priests.scenario import read_scenario
from mp_tutor.priests.tables import DECK_SUN_MOON, PRINTED, face_up

BLUE, YELLOW, RED, GREEN = range(4)


def scenario(text: str) -> Game:
    return read_scenario("test.toml", text=text).build()


def assert_illegal(game: Game, action: str, rule: str, player: int | None = None) -> IllegalAction:
    before = game.to_json()
    with pytest.raises(IllegalAction) as info:
        game.apply(action, player=player)
    assert info.value.rule == rule, info.value
    assert game.explain(action, player=player).rule == rule
    assert game.to_json() == before, "an illegal action changed the game"
    assert info.value.section and info.value.message
    return info.value


FOUR = """
[scenario]
players = 4
seed = 1
first = "Blue"
{extra}
[players.Blue]
hand = [50, 1, 2, 3]
[players.Yellow]
hand = [40, 4, 5, 6]
[players.Red]
hand = [30, 7, 8, 9]
[players.Green]
hand = [20, 10, 11, 12]
{priests}
"""


def four(extra: str = "", priests: str = "") -> Game:
    return scenario(FOUR.format(extra=extra, priests=priests))


def lay_all(game: Game, *actions: str) -> None:
    for a in actions:
        game.apply(a)


# --- set-up ------------------------------------------------------------------------------
@pytest.mark.parametrize(("n", "rounds", "aside", "cards"),
                         [(2, 8, 1, "CD"), (3, 9, 0, "ABE"), (4, 8, 1, "ABCD")])
def test_setup_by_player_count(n: int, rounds: int, aside: int, cards: str) -> None:
    game = Game.new(players=n, seed=11)
    v = game.view()
    assert v["rounds"] == rounds and v["round"] == 1
    assert all(len(pl["hand"]) == 4 for pl in v["player"])
    assert v["deck"] == 50 - 4 * n
    assert sorted(pl["priest_card"] for pl in v["player"]) == sorted(cards)
    assert len(v["sun_moon"]["set_aside"]) == aside
    assert v["sun_moon"]["left"] == rounds - 1
    assert v["sun_moon"]["card"] == PRINTED and v["sun_moon"]["kind"] == "sun"
    assert v["tokens"] == {"sun": list(DATA.sun_tokens), "fire": list(DATA.fire_tokens)}
    assert {h: p["square"] for h, p in v["priests"].items()} == {
        "4": "r1c1", "3": "r1c3", "2": "r3c3", "1": "r3c1"}
    assert game.pending.kind == "lay" and game.pending.player == v["first"]


def test_players_and_seed_out_of_range() -> None:
    for bad in (1, 5, "4", 2.0):
        with pytest.raises(IllegalAction) as info:
            Game.new(players=bad)  # type: ignore[arg-type]
        assert info.value.rule == "setup.players"
    with pytest.raises(IllegalAction):
        Game.new(players=2, seed=-1)


def test_all_randomness_comes_from_the_seed() -> None:
    seen = {(g.state.first, tuple(g.state.sun_moon_deck), tuple(g.state.set_aside),
             tuple(g.state.priest_cards), tuple(g.state.deck))
            for g in (Game.new(players=4, seed=s) for s in range(30))}
    assert len(seen) == 30
    assert len({Game.new(players=4, seed=s).state.first for s in range(30)}) == 4


# --- laying -------------------------------------------------------------------------------
def test_lay_refusals_cite_the_rule_with_real_numbers() -> None:
    game = four()
    why = assert_illegal(game, "lay 40 north", "lay.hand")
    assert "40" in why.message and "1, 2, 3 and 50" in why.message
    assert_illegal(game, "lay 50 north", "engine.turn", player=YELLOW)
    assert_illegal(game, "order tallest", "engine.turn")
    assert_illegal(game, "lay 50 north hidden", "lay.all_open")
    game.apply("lay 50 north")
    why = assert_illegal(game, "lay 40 north", "lay.free_stair")
    assert "East, South and West" in why.message
    assert game.view()["player"][BLUE]["cards"] == 4  # drew back to 4


def test_every_instruction_says_who_lays_face_up() -> None:
    for card in DECK_SUN_MOON:
        spec = DATA.sun_moon[card]
        open_places = DATA.instructions[spec.instruction].open
        game = four(extra=f'round = 2\nsun_moon = "{card}"')
        faces = []
        for a in ("lay 50 north", "lay 40 east", "lay 30 south", "lay 20 west"):
            faces.append(game.pending.options.face)
            game.apply(a)
        assert faces == ["open" if k in open_places else "hidden" for k in range(4)], card
        assert all(face_up(card, k) == (k in open_places) for k in range(4))


def test_hidden_cards_are_named_only_when_revealed() -> None:
    game = four(extra='round = 2\nsun_moon = "moon_all_hidden"')
    events = game.apply("lay 50 north")
    assert events[0].data == {"stair": "north", "face": "hidden", "drew": True}
    assert "50" not in events[0].text
    assert game.view(YELLOW)["stairs"]["north"]["card"] is None
    assert game.view(BLUE)["stairs"]["north"]["card"] == 50
    assert game.view()["stairs"]["north"]["card"] == 50
    events = []
    for a in ("lay 40 east", "lay 30 south", "lay 20 west"):
        events += game.apply(a)
    assert "50" in events[-1].text and events[-1].kind == "revealed"
    assert game.view(YELLOW)["stairs"]["north"]["card"] == 50


def test_three_players_deck_card_and_two_players_alternate() -> None:
    game = Game.new(players=3, seed=4)
    first = game.state.first
    order = []
    while game.pending.kind == "lay":
        order.append(game.pending.player)
        game.apply(game.legal_actions()[0])
    assert order == [first, (first + 1) % 3, (first + 2) % 3]
    assert all(c is not None for c in game.state.stairs)
    assert [e.kind for e in game.log][-2:] == ["deck_card", "revealed"]
    game = Game.new(players=2, seed=4)
    first = game.state.first
    order = []
    while game.pending.kind == "lay":
        assert game.pending.rule == "ruling.two_players"
        order.append(game.pending.player)
        game.apply(game.legal_actions()[-1])
        assert len(game.state.hands[order[-1]]) == 4
    assert order == [first, 1 - first, first, 1 - first]


# --- moving -------------------------------------------------------------------------------
def test_pairing_highest_card_tallest_priest_and_one_square_each() -> None:
    game = four()
    lay_all(game, "lay 50 west", "lay 40 south", "lay 30 east", "lay 20 north")
    pairs = game.pending.options.to_json()["pairs"]
    assert pairs == {"4": {"card": 50, "stair": "west"}, "3": {"card": 40, "stair": "south"},
                     "2": {"card": 30, "stair": "east"}, "1": {"card": 20, "stair": "north"}}
    game.apply("order tallest")
    sq = {h: p["square"] for h, p in game.view()["priests"].items()}
    # West pushes east, South north, East west, North south
    assert sq == {"4": "r1c2", "3": "r0c3", "2": "r3c2", "1": "r4c1"}
    assert game.view()["priests"]["1"]["slots"] == [[2]] and game.view()["priests"]["3"]["slots"] == [[1]]


def test_reversing_changes_the_order_not_the_pairing() -> None:
    results = {}
    for first in ("tallest", "smallest"):
        game = four(priests='[priests.2]\nsquare = "r1c0"')
        lay_all(game, "lay 50 east", "lay 40 north", "lay 30 south", "lay 20 west")
        preview = game.pending.options.preview[first]
        game.apply(f"order {first}")
        v = game.view()
        results[first] = {h: (p["square"], p["slots"]) for h, p in v["priests"].items()}
        assert preview.squares == {h: p["square"] for h, p in v["priests"].items()}
    assert results["tallest"]["4"] == ("r1c1", [])
    assert results["smallest"]["4"] == ("r1c0", [[1]])
    assert results["tallest"]["2"] == results["smallest"]["2"] == ("r0c0", [])


def test_return_refusals() -> None:
    game = read_scenario("pushed-out").build()
    for a in read_scenario("pushed-out").script[:5]:
        game.apply(a.action)
    assert game.pending.kind == "return_priest" and game.pending.options.squares == (
        "r0c1", "r1c0", "r1c2", "r2c1")
    why = assert_illegal(game, "place 4 r2c2", "move.return_adjacent")
    assert "r1c1" in why.message and "r0c1, r1c0, r1c2 and r2c1" in why.message
    assert_illegal(game, "place 4 r1c1", "move.return_adjacent")
    assert_illegal(game, "place 1 r1c0", "move.return")
    assert_illegal(game, "lay 1 north", "engine.turn")


def test_tokens_run_out() -> None:
    slots = ("[priests.4]\nsquare = \"r0c1\"\nslots = [[1], [2], [3], [4], [-3]]\n"
             "[priests.3]\nslots = [[5], [5], [6], [6], [-4]]\n"
             "[priests.2]\nslots = [[7], [8], [9], [10], [-5]]\n"
             "[priests.1]\nsquare = \"r3c0\"\nslots = [[-6], [-7], [-8], [-9]]\n")
    game = four(priests=slots)  # 19 tokens on the slots: only fire token -10 is left
    lay_all(game, "lay 50 south", "lay 40 west", "lay 30 north", "lay 20 east")
    events = game.apply("order tallest")
    assert game.over and game.outcome().ending == "slots"  # priest 1 took the last token
    out = [e for e in events if e.kind == "pushed_out"]
    assert out[0].rule == "tokens.full" and out[0].data["fire"] is None
    assert out[1].data["priest"] == 1 and out[1].data["fire"] == -10
    # sun tokens gone, slots free: a sun square gives nothing, leaving costs nothing
    slots = ("[priests.4]\nslots = [[1], [2], [3], [4]]\n"
             "[priests.3]\nslots = [[5], [5], [6], [6]]\n"
             "[priests.2]\nsquare = \"r4c3\"\nslots = [[7], [8], [9], [10]]\n"
             "[priests.1]\nslots = [[-3], [-4], [-5], [-6], [-7]]\n")
    game = four(priests=slots)
    lay_all(game, "lay 50 east", "lay 40 west", "lay 30 north", "lay 20 south")
    events = game.apply("order tallest")
    moved = next(e for e in events if e.kind == "moved" and e.data["priest"] == 4)
    assert moved.rule == "ruling.tokens_out" and moved.data["note"] == "none_left"
    out = next(e for e in events if e.kind == "pushed_out")
    assert out.data["fire"] == -8
    assert not game.over


def test_last_round_ends_the_game_and_priest_cards_are_revealed() -> None:
    game = Game.new(players=3, seed=8)
    play_out(game, RandomBot(8))
    v = game.view(0)
    assert game.over and v["round"] == 9 and game.outcome().ending == "rounds"
    assert all(pl["priest_card"] is not None for pl in v["player"])
    assert game.log[-1].kind == "game_over" and game.log[-1].rule == "end.rounds"
    assert_illegal(game, "order tallest", "engine.over")
    assert game.pending.kind == "game_over" and game.legal_actions().count() == 0


def test_views_hide_what_players_may_not_see() -> None:
    game = Game.new(players=4, seed=3)
    for p in range(4):
        v = game.view(p)
        for q, pl in enumerate(v["player"]):
            assert (pl["hand"] is not None) == (p == q)
            assert (pl["priest_card"] is not None) == (p == q)
        assert v["deck_order"] is None and v["sun_moon"]["order"] is None
        assert v["sun_moon"]["set_aside"] is None
    teacher = game.view()
    assert teacher["deck_order"] == game.state.deck and teacher["sun_moon"]["set_aside"]
    with pytest.raises(ValueError):
        game.view(4)


# --- actions and data -----------------------------------------------------------------------
def test_bad_actions_raise_action_errors_naming_the_field() -> None:
    for make, field in ((lambda: Lay("5", "north"), "card"), (lambda: Lay(5, "up"), "stair"),
                        (lambda: Lay(5, "north", "sideways"), "face"),
                        (lambda: Order("middle"), "first"), (lambda: Place(4, "a1"), "square"),
                        (lambda: Place(True, "r1c1"), "priest"), (lambda: Lay(float("nan"), "north"), "card")):
        with pytest.raises(ActionError) as info:
            make()
        assert info.value.field == field
    for text in ("", "lay", "lay x north", "lay 5 north up", "order", "place 4", "fly", "lay 99 north",
                 "x" * 500, None):
        with pytest.raises(ActionParseError):
            parse_action(text)  # type: ignore[arg-type]
    game = Game.new(players=2, seed=1)
    assert game.explain("lay 99 north").rule == "engine.unknown"
    with pytest.raises(ActionError):
        game.apply(42)  # type: ignore[arg-type]
    with pytest.raises(ActionError):
        action_from_json({"action": "Lay", "card": 5, "stair": "north", "extra": 1})
    assert action_from_json(Place(4, "r1c2").to_json()) == Place(4, "r1c2")


def test_data_file_errors_name_the_key() -> None:
    with open(DATA.path, encoding="utf-8") as f:
        text = f.read()
    cases = {
        "grid.sun_squares[0]": ("sun_squares = [[0, 1]", "sun_squares = [[9, 1]"),
        "tokens.sun": ("sun = [1, 2,", "sun = [2, 1,"),
        "grid.start.1": ("1 = [3, 1]", "1 = [2, 2]"),
        "rounds.count.4": ("4 = 8 }", "4 = 10 }"),
        "priest_cards.cards.E": ("E = [4, 1]", "E = [4, 7]"),
        "tokens.provenance": ('provenance = "published"', 'provenance = "guessed"'),
        "laying.cards_each.3": ("cards_each = { 2 = 2, 3 = 1,", "cards_each = { 2 = 2, 3 = 2,"),
    }
    for key, (old, new) in cases.items():
        bad = text.replace(old, new, 1)
        assert bad != text, key
        with pytest.raises(DataError) as info:
            load_data(text=bad)
        assert info.value.key == key, (key, info.value)
    assert DATA.provenance["grid"] == "reconstructed" and DATA.provenance["tokens"] == "published"
