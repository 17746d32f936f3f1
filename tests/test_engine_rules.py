"""Engine tests, one rule area at a time, through the public API."""

from __future__ import annotations

import json

import pytest

from mp_tutor import Game, IllegalAction, parse_action
from mp_tutor.princes.actions import Move, Stay, Trade
from mp_tutor.princes.data import CARDS, DATA
from mp_tutor.princes.market import trade_preview
from mp_tutor.princes.scenario import read_scenario

BLUE, YELLOW, RED, GREEN, BLACK = range(5)


def scenario(text: str) -> Game:
    return read_scenario("test.toml", text=text).build()


def goods(game: Game, p: int) -> dict[str, int]:
    return game.view()["player"][p]["goods"]


def assert_illegal(game: Game, action: str, rule: str) -> IllegalAction:
    before = game.to_json()
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    assert info.value.rule == rule, info.value
    assert game.explain(action).rule == rule
    assert game.to_json() == before, "an illegal action changed the game"
    assert info.value.section and info.value.message
    return info.value


# --- setup -------------------------------------------------------------------------------
@pytest.mark.parametrize(("n", "day", "incas"), [(2, 1, 12), (3, 2, 10), (4, 3, 9), (5, 3, 8)])
def test_setup_by_player_count(n: int, day: int, incas: int) -> None:
    game = Game.new(players=n, seed=11)
    v = game.view()
    assert v["day"] == day
    assert all(pl["supply"] == incas for pl in v["player"])
    assert all(
        pl["goods"] == {"corn": 3, "llama": 1, "coca": 1, "pottery": 1, "cloth": 1}
        for pl in v["player"]
    )
    assert all(pl["cards"] == 1 for pl in v["player"])
    assert v["market"] == {"llama": 2, "coca": 2, "pottery": 2, "cloth": 2}
    assert v["deck"] == 28 - n
    # corn on each night ahead of the marker
    assert v["time_track"]["corn"] == list(range(day, 9))
    # scouts: start player on 1, then 2, 3 ... in seating order
    start = v["start_player"]
    assert [v["scouts"][(start + i) % n] for i in range(n)] == list(range(1, n + 1))
    bonus = {d: v["districts"][d]["bonus"] for d in v["districts"] if v["districts"][d]["bonus"]}
    assert len(bonus) == 9 and set(bonus.values()) == {1}
    # first Incas are placed in turn from the start player
    assert game.pending.kind == "place_inca" and game.pending.player == start


def test_learning_variant_two_days_shorter_and_different_professions() -> None:
    game = Game.new(players=3, seed=1, learning=True)
    assert game.view()["day"] == 4
    first = game.pending.player
    game.apply("inca farmer", player=first)
    assert_illegal(game, "inca farmer", "setup.learning")
    game.apply("inca weaver")
    assert "inca weaver" not in game.legal_actions()
    assert len(game.legal_actions()) == 3


def test_players_out_of_range() -> None:
    with pytest.raises(IllegalAction) as info:
        Game.new(players=6)
    assert info.value.rule == "setup.players"


def test_first_turn_any_district_for_free() -> None:
    game = Game.new(players=2, seed=4)
    game.apply("inca farmer")
    game.apply("inca potter")
    p = game.pending.player
    assert game.pending.kind == "turn" and game.pending.options.first_turn
    assert len([a for a in game.legal_actions() if isinstance(a, Move)]) == 15
    assert not [a for a in game.legal_actions() if isinstance(a, Stay)]
    assert_illegal(game, "stay llama", "move.first_turn")
    llamas = goods(game, p)["llama"]
    game.apply("move sun_clock")
    assert goods(game, p)["llama"] == llamas


# --- moving --------------------------------------------------------------------------------
MOVES = """
[scenario]
players = 2
turn = "Blue"
[players.Blue]
prince = "house_of_priests"
goods = { llama = 1 }
[players.Yellow]
prince = "sun_clock"
goods = { llama = 0 }
"""


def test_move_adjacent_free_elsewhere_one_llama() -> None:
    game = scenario(MOVES)
    assert game.explain("move watchmans_hut") is None
    events = game.apply("move puma_temple")  # not adjacent: 1 llama
    assert goods(game, BLUE)["llama"] == 0
    assert (
        events[0].kind == "moved"
        and events[0].data["how"] == "llama"
        and events[0].rule == "move.llama"
    )
    # Yellow has no llama: only adjacent districts
    e = assert_illegal(game, "move corn_terraces", "move.llama")
    assert "llama" in e.message
    assert game.explain("move house_of_virgins") is None


def test_never_the_same_district_twice_even_for_a_llama() -> None:
    game = scenario(MOVES)
    e = assert_illegal(game, "move house_of_priests", "move.not_twice")
    assert "moon tile" in e.message


def test_staying_takes_a_moon_tile_and_triggers_nothing() -> None:
    game = scenario(MOVES)
    events = game.apply("stay cloth")
    assert [e.kind for e in events][:1] == ["took_moon_tile"]
    assert game.view()["player"][BLUE]["moon_tiles"] == ["cloth"]
    assert "cloth" not in game.view()["moon_tiles"]
    assert game.pending.kind == "turn" and game.pending.player == YELLOW
    assert_illegal(game, "stay cloth", "move.no_tile")


# --- production ------------------------------------------------------------------------------
PROD = """
[scenario]
players = 3
turn = "Blue"
[players.Blue]
prince = "watchmans_hut"
incas = { corn_terraces = 2 }
[players.Yellow]
incas = { corn_terraces = 1, llamas_meadow = 2 }
goods = { corn = 1 }
[players.Red]
incas = { llamas_meadow = 1 }
goods = { corn = 0 }
[board]
bonus = { corn_terraces = 2, llamas_meadow = 1 }
"""


def test_farmers_produce_three_corn_for_free() -> None:
    game = scenario(PROD)
    game.apply("move corn_terraces")
    assert goods(game, BLUE)["corn"] == 3 + 6  # 2 bonus units = 6 corn
    assert game.pending.kind == "produce" and game.pending.player == BLUE
    assert [a.notation() for a in game.legal_actions()] == ["produce 0", "produce 1", "produce 2"]
    assert_illegal(game, "produce 3", "produce.limit")
    game.apply("produce 2")
    assert goods(game, BLUE)["corn"] == 15
    assert game.pending.player == YELLOW
    game.apply("produce 1")
    assert goods(game, YELLOW)["corn"] == 4
    assert game.view()["districts"]["corn_terraces"]["bonus"] == 0


def test_other_incas_pay_one_corn_each_and_are_not_forced() -> None:
    game = scenario(PROD)
    game.apply("move llamas_meadow")  # Blue has no Inca there: takes the bonus only
    assert goods(game, BLUE)["llama"] == 2
    assert game.pending.player == YELLOW
    assert_illegal(game, "produce 2", "produce.corn")  # only 1 corn
    game.apply("produce 0")  # nobody is forced
    assert any(e.kind == "declined" for e in game.log)
    # Red has no corn: no choice, recorded in the log
    assert any(e.kind == "no_choice" and e.player == RED for e in game.log)
    assert game.pending.kind == "turn" and game.pending.player == YELLOW


def test_no_production_without_a_bonus() -> None:
    game = scenario(
        PROD.replace("corn_terraces = 2, llamas_meadow = 1", "corn_terraces = 0, llamas_meadow = 1")
    )
    events = game.apply("move corn_terraces")
    assert any(e.kind == "no_bonus" and e.rule == "district.once_a_day" for e in events)
    assert game.pending.kind == "turn" and game.pending.player == YELLOW


# --- temples ------------------------------------------------------------------------------
TEMPLE = """
[scenario]
players = 3
turn = "Yellow"
[players.Blue]
priests = { condor = 2 }
goods = { llama = 3 }
scout = 2
[players.Yellow]
prince = "llamas_meadow"
scout = 4
[players.Red]
priests = { condor = 1 }
goods = { llama = 0 }
scout = 5
[board]
bonus = { condor_temple = 2 }
"""


def test_temple_stones_then_sacrifices_in_seating_order() -> None:
    game = scenario(TEMPLE)
    game.apply("move condor_temple")
    v = game.view()
    assert v["scouts"][YELLOW] == 4 + 6  # 2 stones x 3 steps
    assert v["rows"]["condor"]["value"] == 8 - 3
    # Yellow has no Condor priest; Blue is next in seating order after Red? order: Yellow, Red, Blue
    # Red has a priest but no llama: no choice; Blue decides.
    assert game.pending.kind == "sacrifice" and game.pending.player == BLUE
    assert_illegal(game, "sacrifice 3", "temple.llama")
    game.apply("sacrifice 2")
    assert game.view()["scouts"][BLUE] == 2 + 2 * 5
    assert goods(game, BLUE)["llama"] == 1


def test_main_temple_distinct_goods_two_steps_each() -> None:
    game = scenario(
        TEMPLE.replace("condor_temple = 2", "main_temple = 1").replace(
            "llamas_meadow", "corn_terraces"
        )
    )
    game.apply("move main_temple")
    assert game.pending.kind == "offer" and game.pending.player == YELLOW
    assert_illegal(game, parse_action("offer corn corn").notation(), "temple.main_distinct")
    game.apply("offer corn llama cloth")
    assert game.view()["scouts"][YELLOW] == 4 + 3 + 6
    assert goods(game, YELLOW) == {"corn": 0, "llama": 0, "coca": 1, "pottery": 1, "cloth": 0}


# --- set up Incas, houses ------------------------------------------------------------------
def test_watchmans_hut_one_of_each_with_supply_limit() -> None:
    game = scenario("""
[scenario]
players = 5
turn = "Blue"
[players.Blue]
prince = "central_plaza"
goods = { corn = 9, llama = 3, coca = 3, pottery = 3 }
incas = { corn_terraces = 4, potters_quarter = 3 }
""")
    game.apply("move watchmans_hut")
    assert game.pending.kind == "set_up_incas"
    assert_illegal(game, "setup potter", "incas.where")
    assert_illegal(game, "setup farmer shepherd", "incas.supply")  # 8 - 7 = 1 left
    game.apply("setup shepherd")
    v = game.view()["player"][BLUE]
    assert v["supply"] == 0 and v["incas"]["llamas_meadow"] == 1
    assert v["goods"]["corn"] == 6 and v["goods"]["coca"] == 2


def test_house_of_virgins_leftmost_value_falls_and_cost() -> None:
    game = scenario("""
[scenario]
players = 2
turn = "Blue"
[players.Blue]
prince = "central_plaza"
goods = { coca = 2, cloth = 1, pottery = 1 }
""")
    game.apply("move house_of_virgins")
    assert game.view()["rows"]["virgin"] == {
        "left": 6,
        "value": 10,
        "cost": {"coca": 2, "cloth": 1, "pottery": 1},
    }
    assert_illegal(game, "acquire puma", "house.which")
    game.apply("acquire virgin")
    assert game.view()["rows"]["virgin"]["value"] == 9
    assert goods(game, BLUE) == {"corn": 3, "llama": 1, "coca": 0, "pottery": 0, "cloth": 0}


# --- market -------------------------------------------------------------------------------
MARKET = """
[scenario]
players = 2
turn = "Blue"
[players.Blue]
prince = "watchmans_hut"
goods = { corn = 20, coca = 5 }
"""


def test_market_prices_and_bank_prices() -> None:
    game = scenario(MARKET)
    game.apply("move central_plaza")
    s = game.state
    assert trade_preview(s, BLUE, Trade(sell=(("coca", 3),)))[1]["sold"] == [
        ("coca", 3, [4, 3, 3])
    ]
    assert trade_preview(s, BLUE, Trade(buy=(("coca", 3),)))[1]["bought"] == [
        ("coca", 3, [5, 6, 6])
    ]
    assert trade_preview(s, BLUE, Trade("+coca", sell=(("coca", 1),)))[1]["sold"] == [
        ("coca", 1, [3])
    ]
    assert trade_preview(s, BLUE, Trade("-coca", buy=(("coca", 1),)))[1]["bought"] == [
        ("coca", 1, [6])
    ]
    assert_illegal(game, "trade buy 5llama", "market.pay")
    assert_illegal(game, "trade sell 1cloth 1cloth", "market.have")
    game.apply("trade sell 2coca buy 1llama")
    assert goods(game, BLUE)["corn"] == 20 + 7 - 5
    assert game.view()["market"]["coca"] == 4 and game.view()["market"]["llama"] == 1


def test_market_adjust_limits() -> None:
    game = scenario(
        MARKET.replace(
            "[players.Blue]", "[board]\nmarket = { pottery = 0, cloth = 4 }\n[players.Blue]"
        )
    )
    game.apply("move central_plaza")
    assert_illegal(game, "trade -pottery", "market.adjust")
    assert_illegal(game, "trade +cloth", "market.adjust")
    assert game.explain("trade +pottery") is None
    assert "trade" in game.pending.prompt.lower()


def test_no_trading_between_players() -> None:
    game = scenario(MARKET)
    why = game.explain("give 1 llama to Yellow")
    assert why is not None and why.rule == "faq.no_trading"


# --- sun clock -----------------------------------------------------------------------------
def test_sun_clock_then_night_pays_goods_and_steps() -> None:
    game = scenario("""
[scenario]
players = 2
turn = "Blue"
sun_tile = "Yellow"
last_turns = 1
[players.Blue]
prince = "central_plaza"
incas = { potters_quarter = 2 }
scout = 3
[players.Yellow]
moon_tiles = ["steps2", "llama", "corn3"]
""")
    game.apply("move sun_clock")
    assert game.pending.kind == "sun_clock"
    assert_illegal(game, "sunclock weavers_quarter", "sunclock.send")
    game.apply("sunclock potters_quarter")
    # last turn of the day: time corn to Blue, then the night
    assert any(e.kind == "time_corn" and e.player == BLUE for e in game.log)
    assert game.pending.kind == "night" and game.pending.options.step == "moon"
    game.apply("continue")  # moon tiles: Yellow gets 2 steps, 3 corn, then decides on the llama
    assert game.pending.kind == "redeem_moon" and game.pending.player == YELLOW
    game.apply("redeem llama")
    assert goods(game, YELLOW)["llama"] == 2 and goods(game, YELLOW)["corn"] == 3 + 3 - 1
    assert game.pending.options.step == "sun_clock"
    game.apply("continue")
    assert game.pending.kind == "sun_clock_goods" and game.pending.player == BLUE
    assert_illegal(game, "goods corn llama", "sunclock.night")
    game.apply("goods corn coca cloth")
    v = game.view()
    assert (
        v["player"][BLUE]["incas"]["sun_clock"] == 0 and v["player"][BLUE]["supply"] == 12 - 2 + 1
    )
    assert v["scouts"][BLUE] == 6
    game.apply("continue")  # bonus
    game.apply("continue")  # dawn
    assert game.view()["day"] == 2 and game.pending.player == YELLOW


# --- Incatrail -----------------------------------------------------------------------------
def test_trail_rewards_at_end_of_turn_and_summit_choice() -> None:
    game = scenario("""
[scenario]
players = 2
turn = "Blue"
[players.Blue]
prince = "llamas_meadow"
scout = 12
priests = { puma = 3 }
goods = { llama = 3 }
[players.Yellow]
priests = { puma = 1 }
[board]
bonus = { condor_temple = 0 }
""")
    game.apply("move condor_temple")  # no stone there: nothing happens
    game.apply("move weavers_quarter")  # Yellow
    game.apply("move puma_temple")  # Blue: 1 stone = 3 steps, 12 -> 15, passing the Llama Stable
    assert game.view()["scouts"][BLUE] == 15
    assert game.pending.kind == "sacrifice" and game.pending.player == BLUE
    corn = goods(game, BLUE)["corn"]
    game.apply("sacrifice 3")  # Puma row shows 9 - 4 = 5: 15 steps, 15 -> summit -> 10, Granary at 7
    v = game.view()
    assert v["scouts"][BLUE] == 10
    assert game.pending.kind == "return_cards" and game.pending.player == BLUE
    assert game.pending.options.to_json() == {"drawn": 3, "return": 2}
    hand = v["player"][BLUE]["hand"]
    drawn = v["player"][BLUE]["drawn"]
    assert len(drawn) == 3 and game.view(YELLOW)["player"][BLUE]["drawn"] is None
    assert goods(game, BLUE)["llama"] == 0  # the Stable's llama is paid at the end of the turn
    game.apply(f"return {hand[0]} {drawn[0]}")
    assert sorted(game.view()["player"][BLUE]["hand"]) == sorted(drawn[1:])
    assert game.view()["deck"] == 28 - 2 - 1  # net one card per summit
    assert game.pending.kind == "sacrifice" and game.pending.player == YELLOW  # seating order
    game.apply("sacrifice 0")
    # the turn is over: 1 llama (Stable) and 3 corn (Granary)
    assert goods(game, BLUE)["llama"] == 1 and goods(game, BLUE)["corn"] == corn + 3
    assert game.view()["player"][BLUE]["laps"] == 1


def test_summit_with_short_deck_and_empty_deck() -> None:
    base = """
[scenario]
players = 2
turn = "Blue"
deck = {deck}
[players.Blue]
prince = "llamas_meadow"
scout = 17
cards = [1]
[players.Yellow]
cards = [2]
[board]
bonus = {{ condor_temple = 1 }}
"""
    all_cards = [c for c in CARDS if c not in (1, 2)]
    # deck of 2: draw both, return 1
    game = scenario(
        base.format(deck=all_cards[:2]).replace(
            "cards = [1]", f"cards = [1, {', '.join(map(str, all_cards[2:]))}]"
        )
    )
    game.apply("move condor_temple")
    assert game.pending.kind == "return_cards" and game.pending.options.to_json() == {"drawn": 2, "return": 1}
    game.apply(f"return {all_cards[0]}")
    assert game.view()["deck"] == 1
    assert not game.over


def test_deck_exhausted_ends_game_and_later_summits_score_three_vp() -> None:
    others = [c for c in CARDS if c not in (1, 2, 3)]
    game = scenario(f"""
[scenario]
players = 2
turn = "Blue"
deck = [3]
[players.Blue]
prince = "llamas_meadow"
scout = 18
cards = [1, {", ".join(map(str, others))}]
[players.Yellow]
cards = [2]
scout = 19
priests = {{ condor = 1 }}
goods = {{ llama = 1 }}
[board]
bonus = {{ condor_temple = 1 }}
""")
    game.apply("move condor_temple")  # Blue 18 + 3 -> summit: takes the last card
    assert game.view()["deck"] == 0 and not game.over
    game.apply("sacrifice 1")  # Yellow 19 + 5 passes the summit: 3 VP instead of a card
    assert game.over and game.outcome().ending == "rescue_cards"
    assert game.state.summit_vp[YELLOW] == 3
    assert game.outcome().scores[YELLOW].summit_vp == 3


def test_passing_the_summit_twice_in_one_move() -> None:
    game = scenario("""
[scenario]
players = 2
turn = "Blue"
[players.Blue]
prince = "temple_of_the_sun"
scout = 19
priests = { puma = 5 }
goods = { llama = 5 }
[board]
bonus = { puma_temple = 1 }
""")
    game.apply("move puma_temple")  # 19 + 3 -> 2 (one summit)
    assert game.pending.kind == "return_cards"
    hand = game.view()["player"][BLUE]["hand"] + game.view()["player"][BLUE]["drawn"]
    game.apply(f"return {hand[0]} {hand[1]}")
    game.apply(
        "sacrifice 5"
    )  # value 4: 20 steps: 2 -> 22 -> 2, one more summit; granary+stable passed
    assert game.pending.kind == "return_cards"
    assert game.state.due[BLUE] == [3, 1]


# --- day end, night, day 9, endings ---------------------------------------------------------
def test_third_moon_tile_ends_the_day_after_one_last_turn_each() -> None:
    game = scenario("""
[scenario]
players = 3
turn = "Blue"
day = 5
[players.Blue]
prince = "sun_clock"
moon_tiles = ["steps2"]
[players.Yellow]
prince = "central_plaza"
moon_tiles = ["steps3"]
[players.Red]
prince = "royal_palace"
""")
    game.apply("stay coca")  # third tile: Blue takes the Sun Tile
    assert game.view()["sun_tile"] == BLUE
    game.apply("stay llama")  # Yellow's last turn (a 4th tile is allowed)
    assert game.pending.player == RED
    corn = goods(game, RED)["corn"]
    game.apply("move potters_quarter")  # Red's last turn: takes the time-track corn
    assert goods(game, RED)["corn"] == corn + 1
    assert 5 not in game.view()["time_track"]["corn"]
    assert game.pending.kind == "night"
    events = (
        game.advance()
    )  # stops at the players' decisions on goods moon tiles, Sun Tile holder first
    assert game.pending.kind == "redeem_moon" and game.pending.player == BLUE
    events += game.apply("redeem coca")
    assert game.pending.kind == "redeem_moon" and game.pending.player == YELLOW
    events += game.apply("redeem llama") + game.advance()
    assert [e.data["step"] for e in events if e.kind == "night_phase"] == [
        "moon",
        "sun_clock",
        "bonus",
        "dawn",
    ]
    assert game.view()["day"] == 6 and game.pending.player == BLUE
    assert len(game.view()["moon_tiles"]) == 7


def test_night_bonus_capped_at_two() -> None:
    game = scenario("""
[scenario]
players = 2
turn = "Blue"
sun_tile = "Yellow"
last_turns = 1
[players.Blue]
prince = "sun_clock"
[players.Yellow]
moon_tiles = ["steps2", "steps3", "corn3"]
[board]
bonus = { corn_terraces = 2, main_temple = 2, coca_plantation = 0 }
""")
    game.apply("move central_plaza")
    game.apply("trade")
    game.advance()
    v = game.view()["districts"]
    assert v["corn_terraces"]["bonus"] == 2 and v["main_temple"]["bonus"] == 2
    assert v["coca_plantation"]["bonus"] == 1 and v["puma_temple"]["bonus"] == 2


def test_day_nine_moon_tile_and_sun_clock_pay_at_once_then_conquest() -> None:
    game = scenario("""
[scenario]
players = 2
turn = "Blue"
day = 9
[players.Blue]
prince = "central_plaza"
incas = { weavers_quarter = 1 }
[players.Yellow]
prince = "royal_palace"
""")
    game.apply("stay llama")
    assert game.pending.kind == "redeem_moon"
    game.apply("redeem llama")
    assert goods(game, BLUE)["llama"] == 2 and goods(game, BLUE)["corn"] == 2
    game.apply("move sun_clock")  # Yellow
    assert game.pending.kind == "turn"  # Yellow has no Inca to send
    game.apply("move sun_clock")  # Blue: Central Plaza -> Sun Clock
    game.apply("sunclock weavers_quarter")
    assert game.pending.kind == "sun_clock_goods"
    game.apply("goods llama coca cloth")
    assert game.view()["player"][BLUE]["incas"]["sun_clock"] == 1  # stays there
    # finish the day: two more moon tiles
    game.apply("stay coca")  # Yellow: second tile
    game.apply("redeem none")
    game.apply("stay pottery")  # Blue: third tile -> last turns
    game.apply("redeem none")
    game.apply("move house_of_virgins")  # Yellow's last turn
    game.apply("acquire none") if game.pending.kind == "acquire" else None
    assert game.over and game.outcome().ending == "conquest"


def test_rescue_when_the_last_priest_is_taken() -> None:
    game = scenario("""
[scenario]
players = 2
turn = "Blue"
[players.Blue]
prince = "central_plaza"
priests = { virgin = 6, puma = 5, condor = 3 }
goods = { pottery = 2, coca = 1, cloth = 1 }
""")
    game.apply("move house_of_priests")
    game.apply("acquire condor")
    assert game.over and game.outcome().ending == "rescue_priests"
    assert game.pending.kind == "game_over" and len(game.legal_actions()) == 0
    assert_illegal(game, "move central_plaza", "engine.over")


# --- API guarantees ------------------------------------------------------------------------
def test_wrong_player_and_wrong_kind() -> None:
    game = scenario(MOVES)
    assert_illegal(game, "produce 1", "engine.turn")
    with pytest.raises(IllegalAction) as info:
        game.apply("move watchmans_hut", player=YELLOW)
    assert info.value.rule == "engine.turn"
    assert_illegal(game, "jump somewhere", "engine.unknown")


def test_player_view_hides_other_hands_and_deck_order() -> None:
    game = Game.new(players=3, seed=5)
    v = game.view(YELLOW)
    assert v["player"][YELLOW]["hand"] and v["player"][BLUE]["hand"] is None
    assert v["player"][BLUE]["cards"] == 1 and v["deck_order"] is None
    assert game.view()["deck_order"] is not None
    json.dumps(v)


def test_every_legal_notation_parses_back() -> None:
    game = Game.new(players=4, seed=3)
    from mp_tutor.princes.bots import EagerBot

    bot = EagerBot(3)
    for _ in range(300):
        if game.over:
            break
        for a in game.legal_actions():
            assert parse_action(a.notation()) == a
            assert a in game.legal_actions()
        game.apply(bot.choose(game))


def test_data_file_errors_name_the_key() -> None:
    from mp_tutor.princes.data import DATA_FILE, DataError, load_data

    text = DATA_FILE.read_text("utf-8")
    with pytest.raises(DataError) as info:
        load_data(
            text=text.replace(
                'adjacent = ["watchmans_hut", "llamas_meadow", "temple_of_the_sun", "main_temple"]',
                'adjacent = ["watchmans_hut", "llamas_meadow", "temple_of_the_sun"]',
            )
        )
    assert info.value.key == "districts.corn_terraces.adjacent"
    with pytest.raises(DataError) as info:
        load_data(text=text.replace("llama = 38", "llama = -1"))
    assert info.value.key == "goods.bank.llama"
    with pytest.raises(DataError) as info:
        load_data(text=text.replace('provenance = "derived"', 'provenance = "guessed"'))
    assert info.value.key == "market.provenance"
    assert DATA.provenance["map"] == "reconstructed"


def test_events_never_reveal_hidden_cards() -> None:
    """Events are public: no card id may appear in them (hands and deck order are secret)."""
    from mp_tutor.princes.bots import BuilderBot

    game = Game.new(players=3, seed=21)
    bot = BuilderBot(21)
    summits = 0
    while not game.over:
        for e in game.apply(bot.choose(game)):
            summits += e.kind == "drew_cards"
            assert not ({"cards", "hand_cards", "drawn"} & set(e.data)), e
    assert summits > 0
