"""The rulebook's worked examples, number by number, through the public API.

Each test loads the scenario of one example and asserts the numbers the rulebook prints,
so that a reader can hold this file next to the rulebook. Where a number is wrong, the
engine disagrees with the rulebook: fix the engine, not the number.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from mp_tutor import IllegalAction, load_scenario
from mp_tutor.princes.actions import Offer, ReturnCards, Sacrifice, SetUpIncas, Trade
from mp_tutor.princes.data import CARDS, COLOURS
from mp_tutor.princes.market import trade_preview
from mp_tutor.princes.scenario import SCENARIO_DIR, read_scenario
from mp_tutor.princes.scoring import conquest_multipliers

BLUE, YELLOW, RED, GREEN = 0, 1, 2, 3


def player(game, p: int) -> dict:
    return game.view()["player"][p]


def goods(game, p: int) -> dict[str, int]:
    return player(game, p)["goods"]


def scout(game, p: int) -> int:
    return player(game, p)["scout"]


def pending(game) -> tuple[str, str | None]:
    pend = game.pending
    return pend.kind, (COLOURS[pend.player] if pend.player is not None else None)


def rule_of(game, action) -> str | None:
    why = game.explain(action)
    return why.rule if why else None


# ---------------------------------------------------------------------------------------
# Five districts for production
# ---------------------------------------------------------------------------------------
def test_coca_plantation_production() -> None:
    game = load_scenario("coca-plantation-production")
    game.apply("move coca_plantation")
    assert goods(game, BLUE)["coca"] == 1 + 2  # the two coca of the bonus
    assert pending(game) == ("produce", "Blue")
    game.apply("produce 1")  # Blue: 1 corn for 1 coca
    game.apply("produce 1")  # Yellow: 1 corn for 1 coca
    game.apply("produce 2")  # Red: 2 corn for 2 coca
    assert goods(game, BLUE)["coca"] == 4 and goods(game, BLUE)["corn"] == 3 - 1
    assert goods(game, YELLOW)["coca"] == 2 and goods(game, YELLOW)["corn"] == 3 - 1
    assert goods(game, RED)["coca"] == 3 and goods(game, RED)["corn"] == 3 - 2
    assert game.view()["districts"]["coca_plantation"]["bonus"] == 0


# ---------------------------------------------------------------------------------------
# Four districts to sacrifice
# ---------------------------------------------------------------------------------------
def test_temple_of_the_sun() -> None:
    game = load_scenario("temple-of-the-sun")
    rows = game.view()["rows"]
    assert rows["virgin"]["left"] == 6 - 3  # 3 Virgins acquired...
    assert rows["virgin"]["value"] == 7  # ...so 7 is the lowest visible number

    before = scout(game, BLUE)
    game.apply("move temple_of_the_sun")
    assert scout(game, BLUE) - before == 6  # two temple stones, 3 steps each
    # Blue owns no Virgin: the first to decide is Yellow.
    assert pending(game) == ("sacrifice", "Yellow")

    before = scout(game, YELLOW)
    game.apply(Sacrifice(1))
    assert scout(game, YELLOW) - before == 7
    assert goods(game, YELLOW)["llama"] == 0

    # Red: two Virgins, one llama.
    assert pending(game) == ("sacrifice", "Red")
    assert player(game, RED)["priests"]["virgin"] == 2
    assert goods(game, RED)["llama"] == 1
    assert rule_of(game, Sacrifice(2)) == "temple.llama"
    with pytest.raises(IllegalAction) as info:
        game.apply(Sacrifice(2))
    assert info.value.rule == "temple.llama"
    assert game.pending.options.most == 1
    before = scout(game, RED)
    game.apply(Sacrifice(1))
    assert scout(game, RED) - before == 7  # "no more than 7 steps"


def test_temple_of_the_sun_red_with_more_llamas_walks_14() -> None:
    """'If Red had owned more llamas, he could have ... advanced a total of 14 steps.'"""
    text = (SCENARIO_DIR / "temple-of-the-sun.toml").read_text("utf-8")
    red = '[players.Red]\nprince = "house_of_virgins"\npriests = { virgin = 2 }\n'
    assert red + "goods = { llama = 1 }" in text
    text = text.replace(red + "goods = { llama = 1 }", red + "goods = { llama = 2 }")
    rich = read_scenario("rich-red.toml", text=text).build()
    assert goods(rich, RED)["llama"] == 2
    rich.apply("move temple_of_the_sun")
    rich.apply("sacrifice 1")  # Yellow
    before = scout(rich, RED)
    rich.apply("sacrifice 2")
    assert scout(rich, RED) - before == 14


def test_main_temple_offering() -> None:
    game = load_scenario("main-temple-offering")
    game.apply("move main_temple")
    game.apply(Offer(()))  # Red, whose turn it is, offers nothing
    assert pending(game) == ("offer", "Blue")
    assert player(game, BLUE)["priests"] == {"virgin": 1, "puma": 1, "condor": 0}

    # Goods offered together must be different.
    assert rule_of(game, "offer corn corn") == "temple.main_distinct"
    assert rule_of(game, Offer(("cloth", "cloth", "llama"))) == "temple.main_distinct"
    # 5 different goods at most: the maximum offering is 10 steps.
    before = scout(game, BLUE)
    game.apply("offer corn llama coca pottery cloth")
    assert scout(game, BLUE) - before == 5 * 2
    game.undo()

    # 1 cloth, 1 llama and 3 corn = 3 goods = 6 steps.
    before, had = scout(game, BLUE), goods(game, BLUE)
    game.apply(Offer(("cloth", "llama", "corn")))
    assert scout(game, BLUE) - before == 6
    now = goods(game, BLUE)
    assert had["corn"] - now["corn"] == 3  # 3 corn count as one good
    assert had["llama"] - now["llama"] == 1
    assert had["cloth"] - now["cloth"] == 1

    # Yellow has no Priest and no Virgin, and may offer too.
    assert pending(game) == ("offer", "Yellow")
    assert sum(player(game, YELLOW)["priests"].values()) == 0
    before = scout(game, YELLOW)
    game.apply("offer corn llama cloth")
    assert scout(game, YELLOW) - before == 6


# ---------------------------------------------------------------------------------------
# Two districts to set up Incas
# ---------------------------------------------------------------------------------------
def test_royal_palace() -> None:
    game = load_scenario("royal-palace")
    game.apply("move royal_palace")
    assert pending(game) == ("set_up_incas", "Red")
    # A potter as well would have been allowed, had Red been able to pay for it.
    assert rule_of(game, SetUpIncas(("coca_planter", "potter", "weaver"))) == "incas.cost"
    assert rule_of(game, "setup potter") is None
    # Farmers are set up at the Watchman's Hut.
    assert rule_of(game, "setup farmer") == "incas.where"
    assert rule_of(game, "setup coca_planter weaver") is None

    had = goods(game, RED)
    game.apply(SetUpIncas(("coca_planter", "weaver")))
    now = goods(game, RED)
    # coca planter: 1 pottery + 1 cloth; weaver: 1 coca + 1 pottery
    assert had["pottery"] - now["pottery"] == 2
    assert had["cloth"] - now["cloth"] == 1
    assert had["coca"] - now["coca"] == 1
    assert player(game, RED)["incas"]["coca_plantation"] == 1
    assert player(game, RED)["incas"]["weavers_quarter"] == 1
    assert player(game, RED)["supply"] == 10 - 1 - 2


# ---------------------------------------------------------------------------------------
# House of Priests / House of Virgins
# ---------------------------------------------------------------------------------------
def test_house_of_priests() -> None:
    game = load_scenario("house-of-priests")
    assert game.view()["rows"]["puma"]["value"] == 6
    assert game.view()["rows"]["puma"]["cost"] == {"cloth": 2, "pottery": 1, "coca": 1}
    game.apply("move house_of_priests")
    # Yellow may choose a Priest of Puma or of Condor, not a Virgin.
    assert rule_of(game, "acquire puma") is None
    assert rule_of(game, "acquire condor") is None
    assert rule_of(game, "acquire virgin") == "house.which"

    had = goods(game, YELLOW)
    game.apply("acquire puma")
    now = goods(game, YELLOW)
    assert (had["cloth"] - now["cloth"], had["pottery"] - now["pottery"]) == (2, 1)
    assert had["coca"] - now["coca"] == 1
    assert player(game, YELLOW)["priests"]["puma"] == 1
    assert game.view()["rows"]["puma"]["value"] == 5  # the "5" is now visible


# ---------------------------------------------------------------------------------------
# Central Plaza
# ---------------------------------------------------------------------------------------
def prices(game, p: int, trade: Trade) -> list[list[int]]:
    why, res = trade_preview(game.state, p, trade)
    assert why is None, why
    return [pr for _, _, pr in res["sold"]] + [pr for _, _, pr in res["bought"]]


def test_market_prices() -> None:
    game = load_scenario("market-prices")
    assert game.view()["market"]["coca"] == 2  # on the 6 and the 5
    assert game.view()["market_prices"]["coca"] == {"units": 2, "sell": 4, "buy": 5}

    # Selling: 1 coca earns 4; 2 earn 4 + 3 = 7; more go to the bank for 3 each.
    assert prices(game, BLUE, Trade(sell=(("coca", 1),))) == [[4]]
    assert prices(game, BLUE, Trade(sell=(("coca", 2),))) == [[4, 3]]
    assert prices(game, BLUE, Trade(sell=(("coca", 3),))) == [[4, 3, 3]]
    # Buying: 1 coca costs 5; 2 cost 5 + 6 = 11; more come from the bank for 6 each.
    assert goods(game, RED)["corn"] == 17
    assert prices(game, RED, Trade(buy=(("coca", 1),))) == [[5]]
    assert prices(game, RED, Trade(buy=(("coca", 2),))) == [[5, 6]]
    assert prices(game, RED, Trade(buy=(("coca", 3),))) == [[5, 6, 6]]
    assert trade_preview(game.state, RED, Trade(buy=(("coca", 4),)))[0].rule == "market.pay"

    game.apply("move central_plaza")
    game.apply("trade sell 3coca")
    assert goods(game, BLUE)["corn"] == 3 + 4 + 3 + 3
    assert game.view()["market"]["coca"] == 4
    game.apply("move central_plaza")
    game.apply("trade buy 2coca")  # Yellow, from the full column: 3 + 4
    assert goods(game, YELLOW)["corn"] == 7 - 3 - 4
    assert game.view()["market"]["coca"] == 2
    game.apply("move central_plaza")
    events = game.apply("trade buy 3coca")
    bought = [e for e in events if e.kind == "bought"]
    assert bought[0].data["prices"] == [5, 6, 6]
    assert goods(game, RED)["corn"] == 17 - 5 - 6 - 6 == 0
    assert goods(game, RED)["coca"] == 3
    assert game.view()["market"]["coca"] == 0


def test_market_trade() -> None:
    game = load_scenario("market-trade")
    assert game.view()["market"] == {"llama": 3, "coca": 1, "pottery": 0, "cloth": 2}
    game.apply("move central_plaza")
    trade = Trade(
        adjust="-cloth", sell=(("cloth", 2), ("coca", 1)), buy=(("llama", 1), ("pottery", 1))
    )
    assert trade.notation() == "trade -cloth sell 1coca 2cloth buy 1llama 1pottery"
    assert prices(game, BLUE, trade) == [[5], [5, 4], [4], [6]]  # coca, cloth, llama, pottery

    had = goods(game, BLUE)
    events = game.apply("trade -cloth sell 2cloth 1coca buy 1llama 1pottery")
    now = goods(game, BLUE)
    sold = {e.data["good"]: e.data["prices"] for e in events if e.kind == "sold"}
    bought = {e.data["good"]: e.data["prices"] for e in events if e.kind == "bought"}
    assert sold == {"cloth": [5, 4], "coca": [5]}
    assert bought == {"llama": [4], "pottery": [6]}
    assert now["corn"] - had["corn"] == 5 + 4 + 5 - 4 - 6 == 4
    assert (now["cloth"], now["coca"]) == (had["cloth"] - 2, had["coca"] - 1)
    assert (now["llama"], now["pottery"]) == (had["llama"] + 1, had["pottery"] + 1)
    assert game.view()["market"] == {"llama": 2, "coca": 2, "pottery": 0, "cloth": 3}


# ---------------------------------------------------------------------------------------
# The Incatrail
# ---------------------------------------------------------------------------------------
def test_incatrail_summit_from_12_by_15() -> None:
    game = load_scenario("incatrail-summit")
    assert scout(game, YELLOW) == 12
    assert game.view()["rows"]["puma"]["value"] == 5
    assert player(game, YELLOW)["priests"]["puma"] == 3
    had = goods(game, YELLOW)
    game.apply("move puma_temple")
    events = game.apply("sacrifice 3")
    assert scout(game, YELLOW) == (12 + 15) - 20 == 7
    kinds = [e.kind for e in events if e.player == YELLOW]
    order = [k for k in kinds if k in ("passed_stable", "reached_summit", "passed_granary")]
    assert order == ["passed_stable", "reached_summit", "passed_granary"]

    # Cards at once: draw 3, return 2.
    assert pending(game) == ("return_cards", "Yellow")
    assert game.pending.options.to_json() == {"drawn": 3, "return": 2}
    assert len(player(game, YELLOW)["drawn"]) == 3
    assert rule_of(game, ReturnCards((20,))) == "trail.summit"
    # The llama and the corn are not paid yet.
    assert goods(game, YELLOW)["llama"] == had["llama"] - 3
    assert goods(game, YELLOW)["corn"] == had["corn"]

    game.apply(ReturnCards((1, 20)))  # even a card held before may go back
    assert player(game, YELLOW)["cards"] == 1 + 3 - 2 == 2  # 1 old + 3 drawn - 2 returned
    assert sorted(player(game, YELLOW)["hand"]) == [21, 25]
    # End of the turn: 1 llama (Llama Stable) and 3 corn (Granary).
    assert pending(game) == ("turn", "Yellow")
    assert goods(game, YELLOW)["llama"] == had["llama"] - 3 + 1
    assert goods(game, YELLOW)["corn"] == had["corn"] + 3


def test_incatrail_wrap_from_18_by_5() -> None:
    game = load_scenario("incatrail-wrap")
    assert scout(game, BLUE) == 18
    assert game.view()["rows"]["virgin"]["value"] == 5
    game.apply("move temple_of_the_sun")
    game.apply("sacrifice 1")
    assert scout(game, BLUE) == 3
    assert pending(game) == ("return_cards", "Blue")


# ---------------------------------------------------------------------------------------
# Victory Points and gold
# ---------------------------------------------------------------------------------------
def test_scoring_17_vp_and_19_gold() -> None:
    game = load_scenario("scoring-17vp")
    hand = player(game, BLUE)["hand"]
    icons = Counter(icon for c in hand for icon in CARDS[c].icons)
    assert icons == {"farmer": 1, "coca_planter": 2, "weaver": 2, "puma": 3}
    assert sorted(CARDS[c].gold for c in hand) == sorted([5, 5, 3, 5])
    assert player(game, BLUE)["incas"] == {
        "corn_terraces": 2,
        "llamas_meadow": 1,
        "coca_plantation": 1,
        "potters_quarter": 0,
        "weavers_quarter": 3,
        "sun_clock": 0,
    }
    assert player(game, BLUE)["priests"] == {"virgin": 1, "puma": 2, "condor": 0}
    assert scout(game, BLUE) == 11

    score = game.score_now()[BLUE]
    assert score.icon_vp == {"farmer": 1 * 2, "coca_planter": 2 * 1, "weaver": 2 * 3, "puma": 3 * 2}
    assert score.trail_vp == 1
    assert score.vp == 2 + 2 + 6 + 6 + 1 == 17
    assert score.card_gold == 5 + 5 + 3 + 5 == 18
    assert score.gold == 18 + 1 == 19

    # Each further weaver scores once per weaver icon: +2 VP.
    game.apply("move royal_palace")
    game.apply("setup weaver")
    assert game.score_now()[BLUE].vp == 19
    assert game.score_now()[BLUE].gold == 19


def test_spanish_conquest() -> None:
    assert conquest_multipliers([18, 12, 17, 17]) == [3, 1, 2, 2]

    game = load_scenario("spanish-conquest")
    view = game.view()
    assert (view["day"], view["players"]) == (9, 4)
    assert pending(game) == ("turn", "Red")
    # Every card is in one hand at most.
    hands = [c for p in view["player"] for c in p["hand"]]
    assert len(hands) == len(set(hands))

    table = {"Blue": (17, 18, 3, 51), "Green": (34, 12, 1, 34), "Red": (18, 17, 2, 36),
             "Yellow": (27, 17, 2, 54)}  # fmt: skip
    now = {s.colour: (s.vp, s.gold, s.multiplier, s.final) for s in game.score_now("conquest")}
    assert now == table
    assert game.outcome() is None

    game.apply("move house_of_virgins")  # Red's last turn of day 9
    out = game.outcome()
    assert out is not None and out.ending == "conquest"
    assert game.pending.kind == "game_over"
    assert {s.colour: (s.vp, s.gold, s.multiplier, s.final) for s in out.scores} == table
    assert [COLOURS[p] for p in out.winners] == ["Yellow"]
    assert max(s.final for s in out.scores) == 54
    assert game.view()["outcome"]["ending"] == "conquest"


# ---------------------------------------------------------------------------------------
# FAQ
# ---------------------------------------------------------------------------------------
def test_faq_not_twice() -> None:
    game = load_scenario("faq-not-twice")
    assert player(game, BLUE)["prince"] == "coca_plantation"
    assert goods(game, BLUE)["llama"] >= 1  # a llama would not help
    assert rule_of(game, "move coca_plantation") == "move.not_twice"
    with pytest.raises(IllegalAction):
        game.apply("move coca_plantation")
    assert rule_of(game, "move puma_temple") is None  # elsewhere, for a llama

    had = goods(game, BLUE)
    events = game.apply("stay steps3")
    assert [e.kind for e in events][:1] == ["took_moon_tile"]
    assert goods(game, BLUE) == had
    assert player(game, BLUE)["moon_tiles"] == ["steps3"]
    assert game.view()["districts"]["coca_plantation"]["bonus"] == 1  # nothing was triggered
    assert pending(game) == ("turn", "Yellow")


def test_faq_bonus_without_presence() -> None:
    game = load_scenario("faq-bonus-without-presence")
    assert player(game, BLUE)["incas"]["llamas_meadow"] == 0
    llamas = goods(game, BLUE)["llama"]
    game.apply("move llamas_meadow")
    assert goods(game, BLUE)["llama"] == llamas + 2
    game.apply("produce 1")  # Yellow's shepherd

    assert sum(player(game, YELLOW)["priests"].values()) == 0
    before = scout(game, YELLOW)
    game.apply("move condor_temple")
    assert scout(game, YELLOW) - before == 2 * 3
    assert game.view()["districts"]["condor_temple"]["bonus"] == 0
    assert pending(game) == ("sacrifice", "Red")


def test_faq_no_trading() -> None:
    game = load_scenario("faq-no-trading")
    why = game.explain("give 1llama yellow")
    assert why is not None and why.rule == "faq.no_trading"
    with pytest.raises(IllegalAction) as info:
        game.apply("give 1llama yellow")
    assert info.value.rule == "faq.no_trading"
    # A trade names no partner: it is always with the bank, at the Central Plaza only.
    assert {f.name for f in dataclasses.fields(Trade)} == {"adjust", "sell", "buy"}
    assert rule_of(game, "trade sell 1llama") == "engine.turn"
    game.apply("move central_plaza")
    assert pending(game) == ("trade", "Blue")
    yellow_before = goods(game, YELLOW)
    game.apply("trade sell 1llama")
    assert goods(game, YELLOW) == yellow_before
