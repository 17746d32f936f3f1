"""Kernel-side tests of the Tutor: decision panels for every kind, trade builder, charts."""

from __future__ import annotations

import functools
import json

import pytest
from mp_tutor.widgets import Tutor
from mp_tutor.widgets.charts import Charts, integer_ticks
from mp_tutor.widgets.panels import DecisionPanel
from mp_tutor.widgets.princes import ADAPTER
from mp_tutor.widgets.princes.charts import sample

from mp_tutor import Game
from mp_tutor.princes.actions import Trade
from mp_tutor.princes.bots import RandomBot, play_out

#: every decision kind a panel answers
KINDS = ("place_inca", "turn", "trade", "offer", "night", "redeem_moon", "sun_clock", "produce",
         "return_cards", "sun_clock_goods", "set_up_incas", "acquire", "sacrifice")


@functools.lru_cache(maxsize=1)
def _reach_table() -> dict[str, tuple[int, int]]:
    """(seed, actions) of the first random 3-player game (RandomBot(seed)) reaching each kind."""
    found: dict[str, tuple[int, int]] = {}
    for seed in range(200):
        game = Game.new(players=3, seed=seed, history=False)
        bot = RandomBot(seed)
        n = 0
        while not game.over and len(found) < len(KINDS):
            found.setdefault(game.pending.kind, (seed, n))
            game.apply(bot.choose(game))
            n += 1
        if all(k in found for k in KINDS):
            break
    return found


def reach(kind: str) -> Game:
    seed, n = _reach_table()[kind]
    game = Game.new(players=3, seed=seed)
    bot = RandomBot(seed)
    for _ in range(n):
        game.apply(bot.choose(game))
    assert game.pending.kind == kind, (kind, game.pending)
    return game


def start_game() -> Game:
    game = Game.new(players=3, seed=1)
    for prof in ("coca_planter", "coca_planter", "potter"):
        game.apply(f"inca {prof}")
    return game


def test_tutor_repr_and_parts() -> None:
    tutor = Tutor(start_game())
    assert repr(tutor) == "Tutor(3 players, day 2, pending: turn Blue, hot-seat)"
    assert tutor._repr_mimebundle_()["text/plain"] == repr(tutor)
    main, side_view, charts = tutor.children
    assert side_view is tutor.side_view and charts is tutor.charts
    assert tutor.panel in tutor.side_col.children and tutor.log_view in tutor.side_col.children
    assert tutor.board.log == [] and tutor.log_view.log == tutor.log == [
        e.to_json() for e in tutor.board.snapshot.log]
    assert tutor.board.side == [] and tutor.side_view.side == [
        list(s) for s in tutor.board.snapshot.side]
    assert repr(tutor.log_view) == f"LogView({len(tutor.game.log)} events)"
    assert repr(Tutor(start_game(), seat=1)).endswith("seat 1)")
    assert repr(tutor.panel) == "DecisionPanel(turn)"
    assert repr(tutor.charts) == "Charts(3 charts, 4 samples)"
    no_charts = Tutor(start_game(), charts=False)
    assert no_charts.charts is None and len(no_charts.children) == 2


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_decision_kind_has_a_panel(kind: str) -> None:
    game = reach(kind)
    tutor = Tutor(game, charts=False)
    panel = tutor.panel
    assert panel.kind == kind
    assert panel.current is not None and panel.current.kind == ("automatic" if kind == "night" else kind)
    assert panel.current.box in panel.children
    import html as html_mod

    assert html_mod.escape(game.pending.prompt) in panel.header.value
    assert game.pending.rule in panel.header.value
    # a decision through the panel is played by the engine (or refused with a rule id)
    n = len(game.history)
    sub = panel.current
    if kind == "place_inca":
        assert sub.choose("weaver")
    elif kind == "turn":
        assert sub.move()
    elif kind in ("produce", "sacrifice"):
        assert sub.count.value == game.pending.options.most
        assert sub.choose(sub.count.value)
    elif kind == "offer":
        assert sub.choose([])
    elif kind == "set_up_incas":
        assert set(sub.checks) <= {"farmer", "shepherd", "coca_planter", "potter", "weaver"}
        assert sub.choose([])
    elif kind == "acquire":
        assert sub.choose(None)
    elif kind == "trade":
        assert sub.confirm()  # the empty trade
    elif kind == "sun_clock":
        assert sub.choose(None)
    elif kind == "return_cards":
        need = game.pending.options.to_return
        picks = sorted(sub.checks)[:need]
        assert sub.choose(picks)
    elif kind == "redeem_moon":
        assert sub.choose([])
    elif kind == "sun_clock_goods":
        assert not sub.choose(["corn"])  # needs 3 different goods: the engine says so
        assert tutor.error["rule"] in ("sunclock.night", "ruling.bank_limit")
        assert sub.choose(["corn", "llama", "coca"])
    elif kind == "night":
        sub.next_button.click()
    if kind == "offer":  # a good the player cannot offer cannot be ticked
        have = game.view(game.pending.player)["player"][game.pending.player]["goods"]
        unit = game.pending.options.unit
        assert all(c.disabled == (have[g] < unit[g]) for g, c in sub.checks.items())
    assert len(game.history) == n + 1


def test_out_of_turn_decision_says_whose_it_is() -> None:
    game = start_game()
    tutor = Tutor(game, seat=0, bots={1: RandomBot(1), 2: RandomBot(2)}, auto_bots=False)
    tutor.click("coca_plantation")
    tutor.act("produce 1")
    assert game.pending.player == 1
    assert tutor.panel.kind == "waiting"
    assert "Yellow" in tutor.panel.current.info.value and "bot" in tutor.panel.current.info.value
    tutor.panel.current.next_button.click()
    assert game.pending.player != 1 or game.pending.kind != "produce"


def test_place_inca_panel_disables_taken_professions_in_the_learning_game() -> None:
    game = Game.new(players=3, seed=1, learning=True)
    tutor = Tutor(game, charts=False)
    assert tutor.panel.current.choose("potter")
    buttons = tutor.panel.current.buttons
    assert buttons["potter"].disabled and not buttons["weaver"].disabled
    assert not tutor.panel.current.choose("potter")
    assert tutor.error["rule"] == "setup.learning"


def test_trade_builder_live_preview_and_confirm() -> None:
    game = reach("trade")
    tutor = Tutor(game, charts=False)
    sub = tutor.panel.current
    p = game.pending.player
    before = game.to_json()
    goods = game.state.goods[p]
    # sell one unit of a good the player has: the engine prices it
    good = next(g for i, g in enumerate(("llama", "coca", "pottery", "cloth"), start=1) if goods[i])
    price = game.view(None)["market_prices"][good]["sell"]
    sub.set(sell={good: 1})
    assert f"sell 1 {good}: {price} corn" in sub.summary.value  # one unit: no sum
    assert not sub.ok.disabled
    assert game.to_json() == before  # previews never play
    sub.reset()
    sub.sell[good].value = 1  # typing in the box builds the same
    assert sub.trade() == Trade(None, ((good, 1),), ())
    # an impossible trade is explained by the engine, and cannot be confirmed
    sub.set(sell={good: 99})
    assert "Not possible" in sub.summary.value and "market.have" in sub.summary.value
    assert sub.ok.disabled
    assert not sub.confirm()
    assert tutor.error["rule"] == "market.have"
    assert game.to_json() == before
    sub.set(sell={good: 1})
    corn = game.state.goods[p][0]
    assert sub.confirm()
    assert game.state.goods[p][0] == corn + price


def test_turn_panel_lists_moves_and_stays() -> None:
    game = start_game()
    tutor = Tutor(game, charts=False)
    sub = tutor.panel.current
    assert len(sub.moves.options) == 15 and sub.tiles.options == ()
    assert sub.move("central_plaza")
    tutor.act("trade")
    for act in ("move coca_plantation", "produce 0", "produce 0", "move potters_quarter", "produce 0"):
        tutor.act(act)
    sub = tutor.panel.current
    assert tutor.panel.kind == "turn"
    labels = [label for label, _ in sub.moves.options]
    assert any(label.endswith("(costs 1 llama)") for label in labels)
    assert [label for label, _ in sub.tiles.options][:3] == [
        "take 2 steps", "take 3 steps", "take 3 corn"]
    assert len(sub.tiles.options) == 7
    sub.stay_button.click()
    assert game.state.moon_held[0] == ["steps2"]


def test_game_over_panel_and_charts_of_a_finished_game() -> None:
    game = Game.new(players=3, seed=4)
    play_out(game, RandomBot(4))
    tutor = Tutor(game, viewer=None)
    assert tutor.panel.kind == "game_over"
    table = tutor.panel.current.table.value
    heads = table.split("<tr>")[1]
    assert heads.count("<th ") == 7 and "multiplier" in heads and "></th>" not in heads
    charts = tutor.charts
    assert charts is not None
    assert len(charts.samples) == len(game.history) + 1
    assert all(s is not None for s in charts.samples)
    final = sample(game.view(None))
    assert final["rescue"] == [sc.final for sc in game.score_now("rescue_priests")]
    points = charts.chart("points")
    assert [list(r) for r in points.y] == [final["rescue"], final["conquest"]]
    scouts = charts.chart("scouts")
    assert [list(row)[-1] for row in scouts.y] == final["progress"]
    json.dumps(final)


def test_charts_follow_actions_bots_and_undo() -> None:
    tutor = Tutor(Game.new(players=3, seed=1), seat=0, bots="random")
    charts = tutor.charts
    assert isinstance(charts, Charts)
    tutor.act("inca potter")  # and the bots' Incas
    n = len(tutor.game.history)
    assert n == 3 and len(charts.samples) == 4
    assert all(s is not None for s in charts.samples)  # bots' actions are sampled too
    tutor.click("temple_of_the_sun")  # 3 steps for the temple stone
    blue = [list(row) for row in charts.chart("scouts").y][0]
    assert blue[-1] >= blue[0] + 3 or tutor.game.pending.kind != "turn"
    tutor.undo()
    assert len(charts.samples) == len(tutor.game.history) + 1
    assert len(charts.chart("scouts").x) == len(tutor.game.history) + 1


def test_charts_have_whole_number_ticks_and_no_flat_zero_lines() -> None:
    tutor = Tutor(Game.new(players=3, seed=1), viewer=None)
    for part in tutor.charts.parts:
        assert all(float(v).is_integer() for v in part.y_axis.tick_values)
    rescue = next(p for p in tutor.charts.parts if p.spec.id == "rescue")
    assert "No points yet" in rescue.legend.value  # nothing scored: said, not drawn flat
    assert integer_ticks(0, 2.5) == [0, 1, 2, 3]


def test_progress_counts_laps() -> None:
    game = reach("return_cards")
    s = sample(game.view(None))
    laps = [sum(1 for e in game.log if e.kind == "reached_summit" and e.player == p) for p in range(3)]
    assert any(laps)
    assert s["progress"] == [20 * laps[p] + game.state.scouts[p] for p in range(3)]


def test_panels_table_is_complete() -> None:
    kinds = {"place_inca", "turn", "produce", "sacrifice", "offer", "set_up_incas", "acquire",
             "trade", "sun_clock", "return_cards", "redeem_moon", "sun_clock_goods", "game_over"}
    assert set(ADAPTER.panels) == kinds  # the night is the shell's automatic step
    assert isinstance(Tutor(start_game(), charts=False).panel, DecisionPanel)


def test_undo_never_lands_on_a_bot_decision() -> None:
    tutor = Tutor(Game.new(players=3, seed=1), seat=2, bots="random")  # Blue and Yellow first
    game = tutor.game
    assert game.pending.player == 2 and len(game.history) == 2
    before = game.to_json()
    assert not tutor.undo()
    assert tutor.error["rule"] == "engine.turn"
    assert game.pending.player == 2 and len(game.history) == 2
    assert json.loads(game.to_json())["state"] == json.loads(before)["state"]


def test_show_displays_a_tutor(capsys: pytest.CaptureFixture[str]) -> None:
    from mp_tutor.widgets import show

    tutor = show(start_game(), charts=False)
    assert isinstance(tutor, Tutor)
    assert "Tutor(3 players, day 2, pending: turn Blue, hot-seat)" in capsys.readouterr().out


def test_clicks_answer_place_inca_and_sun_clock() -> None:
    tutor = Tutor(Game.new(players=3, seed=1), charts=False)
    assert tutor.board.snapshot.targets["coca_plantation"].what == "place"
    assert tutor.click("coca_plantation")
    assert tutor.game.log[-1].kind == "placed_inca" and tutor.game.state.incas[0][2] == 1

    game = reach("sun_clock")
    tutor = Tutor(game, charts=False)
    p = game.pending.player
    sources = {d for d, t in tutor.board.snapshot.targets.items() if t.what == "send"}
    assert sources
    before = game.to_json()
    assert not tutor.click("central_plaza")  # not a production district: the engine says why
    assert tutor.error["rule"] == "engine.turn" and game.to_json() == before
    district = sorted(sources)[0]
    assert tutor.click(district)
    assert game.view(None)["player"][p]["incas"]["sun_clock"] >= 1


# -- issue 19: small defects seen in the browser ------------------------------------------
def test_the_typed_move_box_is_emptied_when_the_decision_changes() -> None:
    tutor = Tutor(start_game(), charts=False)
    box = tutor.panel.text
    box.value = "move potters_quarter"  # typed, not played ...
    tutor.click("coca_plantation")  # ... and the board was clicked instead
    assert tutor.panel.kind == "produce" and box.value == ""
    box.value = "produce 4"
    tutor.panel.play.click()  # refused: the box keeps it to be corrected
    assert tutor.board.error["rule"] == "produce.limit" and box.value == "produce 4"
    tutor.board.cancel()
    assert box.value == "produce 4"
    tutor.panel.current.choose(1)  # the next player's production: another decision
    assert box.value == ""


def test_the_how_many_box_keeps_a_number_too_high_and_says_why() -> None:
    tutor = Tutor(start_game(), charts=False)
    tutor.click("coca_plantation")
    panel = tutor.panel.current
    assert panel.count.value == 1 and panel.note.value == ""
    panel.count.value = 2  # Blue has one Inca there: the box keeps 2 and the note says why
    assert panel.count.value == 2
    assert "produce.limit" in panel.note.value and "1" in panel.note.value
    assert panel.choose(panel.count.value) is False
    assert tutor.board.error["rule"] == "produce.limit"
    panel.count.value = -1
    assert "[" in panel.note.value
    panel.count.value = 1
    assert panel.note.value == "" and panel.choose(1)
