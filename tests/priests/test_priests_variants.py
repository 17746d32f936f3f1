"""The two rulings the French text reads both ways, each playable in both readings.

``move_order``: reversing the order changes only the order of the moves (``order``, the
ruling and the default) or also pairs the highest card with the smallest priest
(``pairing``); ``two_players``: with 2 players the players alternate, two cards each from
the hand (``alternate``) or each lays one from the hand and then draws the top card of the
pile and lays it where they wish (``draw``). A variant is an option of ``Game.new``, of the
scenario format and of the command line, survives saves, undo and redo, and whole games are
played under each (random and scheming bots, every invariant after every action; the rollout
mode in lockstep). The first player can be named too.
"""

from __future__ import annotations

import json
import random

import pytest
from fuzzing import FUZZERS, run_cli
from machine_checks import (
    assert_json_and_undo_round_trips,
    assert_rollout_in_lockstep,
    play_checked,
)
from test_priests_rules import FOUR

from mp_tutor.core.game import SaveError
from mp_tutor.core.rules import IllegalAction
from mp_tutor.core.scenarios import ScenarioError
from mp_tutor.core.table import observe
from mp_tutor.priests import GAME, Game, read_scenario
from mp_tutor.priests.bots import RandomBot, SchemerBot
from mp_tutor.priests.coaching import SUPPORT
from mp_tutor.priests.tables import DEFAULT_VARIANT, VARIANTS

VARIANT_SETS = [{}, {"move_order": "pairing"}, {"two_players": "draw"},
                {"move_order": "pairing", "two_players": "draw"}]
IDS = ["rulings", "pairing", "draw", "both"]


def play(players: int, seed: int, bot_cls: type = RandomBot, **options: str) -> Game:
    """A whole bot game under ``options``, every action checked (the protocol tests' checks,
    with the priests' illegal probes and each decision's fast listing of legal actions)."""
    return play_checked(GAME, players, seed, bot_cls, FUZZERS["priests"].illegal,
                        fast_legal=True, **options)


# -- whole games under each variant ----------------------------------------------------------
@pytest.mark.parametrize("options", VARIANT_SETS, ids=IDS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_under_each_variant_keep_every_invariant(players: int, options) -> None:
    for seed in range(8):
        game = play(players, 300 + seed, **options)
        out = game.outcome()
        assert out is not None and out.winners
        again = Game.from_json(game.to_json())
        assert again.state.to_dict() == game.state.to_dict()
        assert {k: getattr(again.state, k) for k in VARIANTS} == {**DEFAULT_VARIANT, **options}
        replay = Game.new(players=players, seed=300 + seed, **options)
        for a in game.history:
            replay.apply(a)
        assert replay.to_json() == game.to_json()


@pytest.mark.parametrize("options", VARIANT_SETS[1:], ids=IDS[1:])
@pytest.mark.parametrize("players", [2, 4])
def test_scheming_bots_and_the_rollout_mode_under_each_variant(players: int, options) -> None:
    for seed in range(3):
        play(players, 400 + seed, SchemerBot, **options)
        assert_rollout_in_lockstep(Game, players, 400 + seed, SchemerBot, observe, **options)


@pytest.mark.parametrize("options", VARIANT_SETS[1:], ids=IDS[1:])
def test_a_variant_survives_json_undo_and_redo(options) -> None:
    game = Game.new(players=2, seed=12, **options)
    assert_json_and_undo_round_trips(game, RandomBot(12), 30)
    assert {k: getattr(game.state, k) for k in VARIANTS} == {**DEFAULT_VARIANT, **options}


def test_the_draw_reading_changes_nothing_with_three_or_four_players() -> None:
    for players in (3, 4):
        a = play(players, 7, two_players="draw")
        b = play(players, 7)
        assert [x.notation() for x in a.history] == [x.notation() for x in b.history]
        assert a.outcome() == b.outcome()


# -- move_order = "pairing" ------------------------------------------------------------------
def _text(first: str = "Blue", extra: str = "") -> str:
    """Four players, Blue to lay 50, Yellow 40, Red 30, Green 20 (``FOUR`` of the rules tests)."""
    return FOUR.format(extra=extra, priests="").replace('first = "Blue"', f'first = "{first}"')


def _four(extra: str = "") -> Game:
    game = read_scenario("four.toml", _text(extra=extra)).build()
    for action in ("lay 50 north", "lay 40 east", "lay 30 south", "lay 20 west"):
        game.apply(action)
    assert game.pending.kind == "order"
    return game


def _moves(game: Game, order: str) -> list[tuple[int, int, str]]:
    """(priest, card, where it went) of each move of ``order``, in the order made."""
    events = game.apply(f"order {order}")
    return [(e.data["priest"], e.data["card"], e.data.get("to")) for e in events
            if e.kind in ("moved", "blocked", "pushed_out")]


def test_reversed_the_highest_card_moves_the_smallest_priest_in_the_pairing_variant() -> None:
    game = _four('move_order = "pairing"')
    pend = game.pending
    assert pend.rule == "ruling.move_order_pairing" and pend.options.move_order == "pairing"
    assert pend.options.pairs["4"].card == 50 and pend.options.pairs_smallest["1"].card == 50
    assert "smallest priest" in pend.prompt
    reveal = next(e for e in game.log if e.kind == "revealed")
    assert "if the order is reversed" in reveal.text
    preview = pend.options.preview["smallest"].squares
    # 50 (North stair: south) moves priest 1 first, 40 (East: west) priest 2, 30 (South: north)
    # priest 3, 20 (West: east) priest 4
    assert _moves(game, "smallest") == [(1, 50, "r4c1"), (2, 40, "r3c2"), (3, 30, "r0c3"),
                                         (4, 20, "r1c2")]
    assert preview == {"4": "r1c2", "3": "r0c3", "2": "r3c2", "1": "r4c1"}
    chosen = next(e for e in game.log if e.kind == "order_chosen")
    assert chosen.rule == "ruling.move_order_pairing" and "highest card moves the smallest" in chosen.text
    assert game.facts()["stairs"]["north"]["moves"] is None  # the round is over: no cards


def test_reversed_under_the_ruling_only_the_order_changes() -> None:
    game = _four()
    assert game.pending.rule == "move.order"
    assert _moves(game, "smallest") == [(1, 20, "r3c2"), (2, 30, "r2c3"), (3, 40, "r1c2"),
                                         (4, 50, "r2c1")]
    chosen = next(e for e in game.log if e.kind == "order_chosen")
    assert chosen.rule == "ruling.move_order"


def test_not_reversed_both_readings_move_the_same() -> None:
    assert _moves(_four('move_order = "pairing"'), "tallest") == _moves(_four(), "tallest")


def test_the_pairing_variant_in_the_facts_follows_the_order_chosen() -> None:
    game = _four('move_order = "pairing"')
    assert game.facts()["stairs"]["north"]["moves"] == 4  # tallest first until chosen
    game.state.order = "smallest"
    assert game.facts()["stairs"]["north"]["moves"] == 1


# -- two_players = "draw" ----------------------------------------------------------------------
def _round_of_two(game: Game) -> list[str]:
    kinds = []
    r = game.state.round
    while game.state.round == r and not game.over:
        kinds.append(f"{game.pending.kind} {game.pending.player}")
        game.apply(game.legal_actions()[0])
    return kinds


def test_two_players_draw_one_card_each_from_the_pile_after_their_hand_card() -> None:
    game = Game.new(players=2, seed=3, first=0, two_players="draw")
    assert _round_of_two(game) == ["lay 0", "lay 1", "lay_drawn 0", "lay_drawn 1", "order 0"]
    kinds = [e.kind for e in game.log if e.kind in ("laid", "drew")][:6]
    assert kinds == ["laid", "laid", "drew", "laid", "drew", "laid"]
    assert all(len(h) == 4 for h in game.state.hands)
    assert _round_of_two(game)[:4] == ["lay 1", "lay 0", "lay_drawn 1", "lay_drawn 0"]


def test_the_card_drawn_is_seen_only_by_the_player_who_drew_it() -> None:
    game = Game.new(players=2, seed=5, first=0, two_players="draw")
    game.apply(game.legal_actions()[0])
    game.apply(game.legal_actions()[0])
    drawn = game.state.drawn
    assert game.pending.kind == "lay_drawn" and game.pending.player == 0 and drawn is not None
    assert game.view(0)["player"][0]["drawn"] == drawn and game.view(None)["player"][0]["drawn"] == drawn
    assert game.view(1)["player"][0]["drawn"] is None
    assert str(drawn) not in json.dumps(game.pending.to_json())
    drew = game.log[-1]
    assert drew.kind == "drew" and drew.rule == "ruling.two_players_draw" and str(drawn) not in drew.text
    assert [a.card for a in game.legal_actions()] == [drawn] * len(game.legal_actions())
    hand_card = game.state.hands[0][0]
    why = game.explain(f"lay {hand_card} {game.pending.options.stairs[0]}")
    assert why.rule == "ruling.two_players_draw" and str(drawn) in why.message
    # another player's view does not change when the card drawn is swapped with the pile's
    twin = Game.from_json(game.to_json())
    twin.state.drawn, twin.state.deck[0] = twin.state.deck[0], twin.state.drawn
    twin._touch()
    assert twin.view(1) == game.view(1) and twin.view(0) != game.view(0)


def test_the_coach_advises_the_card_drawn_from_what_the_player_knows() -> None:
    game = Game.new(players=2, seed=5, first="Blue", two_players="draw", move_order="pairing")
    game.apply(game.legal_actions()[0])
    game.apply(game.legal_actions()[0])
    for viewer in (0, 1):
        info = SUPPORT.knowledge(game.view(viewer), game.log, [])
        world = SUPPORT.sample(info, random.Random(viewer))
        assert world.view(viewer) == game.view(viewer)
        assert Game.invariants(world.state) == []
    reasons = SUPPORT.explain(game, 0, game.legal_actions()[0], random.Random(1))
    texts = [str(r) for r in reasons]
    assert any("drawn from the pile" in x for x in texts), texts
    assert any("ruling.move_order_pairing" in x for x in texts), texts


# -- choosing: Game.new, scenarios, saves, the command line ---------------------------------
def test_the_first_player_can_be_named_and_the_seed_deals_the_same_cards() -> None:
    drawn = Game.new(players=3, seed=8)
    for first in (0, 1, 2, "Blue", "Yellow", "Red"):
        game = Game.new(players=3, seed=8, first=first)
        seat = first if isinstance(first, int) else ["Blue", "Yellow", "Red"].index(first)
        assert game.state.first == seat == game.pending.player
        assert game.state.hands == drawn.state.hands and game.state.deck == drawn.state.deck
        assert Game.from_json(game.to_json()).log[0].data["first"] == seat
    for bad in (3, -1, "Green", "red", True, 1.0, None.__class__):
        with pytest.raises(IllegalAction) as info:
            Game.new(players=3, seed=8, first=bad)
        assert info.value.rule == "setup.first_player"


@pytest.mark.parametrize(("name", "bad"), [("move_order", "pairs"), ("two_players", "Draw"),
                                           ("move_order", None), ("two_players", 2)])
def test_a_reading_the_text_does_not_have_is_refused(name: str, bad) -> None:
    with pytest.raises(IllegalAction) as info:
        Game.new(players=2, **{name: bad})
    assert info.value.rule == "setup.variant" and "two ways" in info.value.message


def test_a_scenario_plays_a_variant_and_is_saved_with_it() -> None:
    text = _text("Red", 'move_order = "pairing"\ntwo_players = "draw"')
    sc = read_scenario("four.toml", text)
    game = sc.build()
    assert (game.state.move_order, game.state.two_players, game.state.first) == ("pairing", "draw", 2)
    saved = GAME.scenarios.text(game)
    assert 'move_order = "pairing"' in saved and 'two_players = "draw"' in saved
    assert read_scenario("again.toml", saved).build().state == game.state
    plain = GAME.scenarios.text(read_scenario("four.toml", _text("Red")).build())
    assert "move_order" not in plain and "two_players" not in plain
    with pytest.raises(ScenarioError) as info:
        read_scenario("bad.toml", _text("Red", 'move_order = "backwards"'))
    assert info.value.field == "scenario.move_order"


def test_a_save_names_its_variant_and_an_old_save_reads_as_the_rulings() -> None:
    plain = json.loads(Game.new(players=2, seed=4).to_json())
    assert "move_order" not in plain["initial"] and "drawn" not in plain["initial"]
    game = Game.new(players=2, seed=4, two_players="draw")
    for _ in range(3):
        game.apply(game.legal_actions()[0])
    data = json.loads(game.to_json())
    assert data["initial"]["two_players"] == "draw" and data["state"]["drawn"] == game.state.drawn
    data["initial"]["two_players"] = "sideways"
    with pytest.raises(SaveError) as info:
        Game.from_json(json.dumps(data))
    assert info.value.field == "initial.two_players"
    data = json.loads(game.to_json())
    del data["initial"]["two_players"]  # the ruling's game: its queue is not this one's
    data.pop("state")
    with pytest.raises(SaveError) as info:
        Game.from_json(json.dumps(data))
    assert info.value.field == "initial" and "laying" in info.value.message


def test_the_command_line_plays_a_variant_and_a_first_player() -> None:
    argv = ["play", "--game", "priests", "--players", "2", "--seed", "3", "--json", "--first",
            "Yellow", "--variant", "two_players=draw", "--variant", "move_order=pairing"]
    code, out, err = run_cli(argv)
    assert code == 0, err
    data = json.loads(out)
    assert data["options"] == {"first": "Yellow", "two_players": "draw", "move_order": "pairing"}
    game = Game.new(players=2, seed=3, first="Yellow", two_players="draw", move_order="pairing")
    for a in data["actions"]:
        game.apply(a)
    assert game.over and game.outcome().to_json() == data["outcome"]
    for bad, said in ((["--variant", "two_players=sideways"], "not a variant"),
                      (["--variant", "learning=1"], "move_order=order|pairing"),
                      (["--first", "Green"], "Blue, Yellow")):
        code, out, err = run_cli(["play", "--game", "priests", "--players", "2", *bad])
        assert code == 2 and said in err, err
    code, _out, err = run_cli(["play", "--variant", "move_order=pairing"])
    assert code == 2 and "variants: none" in err
