"""The Princes of Machu Picchu's fuzzing regression tests: the bugs of issue 8 that the
property tests (``tests/test_fuzz_actions.py``, ``test_fuzz_files.py``, ``test_fuzz_cli.py``,
run for every game) found in action objects and text, ``player=``, scenario files and saves.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from fuzzing import PRINCES, snapshot

from mp_tutor import Game, IllegalAction, load_scenario
from mp_tutor.core.actions import ActionError
from mp_tutor.core.game import SaveError
from mp_tutor.core.scenarios import ScenarioError
from mp_tutor.princes.actions import (
    Acquire,
    ActionParseError,
    Move,
    Offer,
    PlaceInca,
    Produce,
    ReturnCards,
    Sacrifice,
    SetUpIncas,
    Trade,
    parse_action,
)
from mp_tutor.princes.engine import MACHINE
from mp_tutor.princes.scenario import SCENARIO_DIR, read_scenario, run_checks

COCA = (SCENARIO_DIR / "coca-plantation-production.toml").read_text("utf-8")

# ---------------------------------------------------------------------------------------
# Regression tests: the action bugs of issue 8
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("make", [
    lambda: Produce(math.nan), lambda: Sacrifice(math.nan), lambda: Produce(1.0),
    lambda: Produce(True), lambda: Produce(-1), lambda: Produce(10**5000), lambda: Produce("1"),
    lambda: Move([]), lambda: Move({}), lambda: SetUpIncas((1,)), lambda: SetUpIncas("farmer"),
    lambda: Trade(adjust=5), lambda: Trade(adjust="+x"), lambda: Trade(adjust="+corn"),
    lambda: Trade(sell={"x": 1}), lambda: Trade(sell=[("corn", 1)]),
    lambda: Trade(buy=[("coca", 1, 2)]), lambda: Trade(sell=[("coca", 600)] * 2),
    lambda: Trade(sell=[("coca", 1)] * 10_000), lambda: Offer([[1]]), lambda: Acquire([]),
    lambda: PlaceInca(math.nan), lambda: ReturnCards([1.0]), lambda: ReturnCards([0]),
])
def test_malformed_action_objects_raise_action_error(make) -> None:
    with pytest.raises(ActionError) as info:
        make()
    assert info.value.field and "Exceeds the limit" not in str(info.value)


@pytest.mark.parametrize("text", [
    "produce ²", "return ²", "produce 99999", "inca none", "inca -", "é😀", "\x00", "(",
    "trade +", "trade -", "trade sell 2corn", "move", "sacrifice -1",
    pytest.param("produce " + "9" * 4301, id="4301-digits"), pytest.param("x" * 10_000, id="long"),
])
def test_malformed_text_raises_action_parse_error(text: str) -> None:
    with pytest.raises(ActionParseError):
        parse_action(text)
    game = Game.new(players=3, seed=1)
    assert game.explain(text).rule == "engine.unknown"
    assert text not in game.legal_actions()


@pytest.mark.parametrize("player", [99, "Blue", 1.5, -1, True, 3, math.nan,
                                    pytest.param(10**5000, id="5001-digits")])
def test_player_that_is_not_a_seat_is_refused_with_engine_player(player) -> None:
    game = Game.new(players=3, seed=7)
    before = snapshot(game)
    why = game.explain("inca potter", player=player)
    assert why.rule == "engine.player" and "Black" not in why.message
    with pytest.raises(IllegalAction) as info:
        game.apply("inca potter", player=player)
    assert info.value.rule == "engine.player" and snapshot(game) == before


def test_nan_sacrifice_is_refused_before_anything_changes() -> None:
    game = load_scenario("temple-of-the-sun")
    before = snapshot(game)
    with pytest.raises(ActionError):
        game.apply(Sacrifice(math.nan))
    assert snapshot(game) == before
    assert Game.from_json(game.to_json()).to_json() == game.to_json()


def test_apply_is_atomic_even_if_an_effect_fails_half_way(monkeypatch) -> None:
    game = load_scenario("coca-plantation-production")
    before = snapshot(game)
    decision = MACHINE.decisions["turn"]

    def broken(s, p, payload, action, out) -> None:
        s.goods[p][0] += 5  # half-way through ...
        raise RuntimeError("boom")  # ... a bug

    monkeypatch.setitem(MACHINE.decisions, "turn", type(decision)(
        **{**decision.__dict__, "effect": broken}))
    with pytest.raises(RuntimeError):
        game.apply("move coca_plantation")
    assert snapshot(game) == before and not game.can_redo


# ---------------------------------------------------------------------------------------
# Regression tests: scenario files (issue 8)
# ---------------------------------------------------------------------------------------
def _edit(old: str, new: str, text: str = COCA) -> str:
    assert old in text
    return text.replace(old, new, 1)


BLUE = '[players.Blue]\nprince = "central_plaza"'
SCENARIO_BUGS = [
    ("a list for a district", _edit('prince = "central_plaza"', 'prince = ["central_plaza"]'),
     "players.Blue.prince"),
    ("nested lists of moon tiles", _edit(BLUE, BLUE + '\nmoon_tiles = [["llama"]]'),
     "players.Blue.moon_tiles[0]"),
    ("a key before [scenario]", "title = 5\n" + COCA, "title"),
    ("4,301 digits", _edit("day = 3", "day = " + "9" * 4301), "<file>"),
    ("500 deep", _edit("day = 3", "day = " + "[" * 500 + "]" * 500), "<file>"),
    ("a card in a hand and the deck",
     _edit('turn = "Blue"', 'turn = "Blue"\ndeck = [5]').replace(BLUE, BLUE + "\ncards = [5]"),
     "scenario.deck"),
    ("a card in two hands", _edit(BLUE, BLUE + "\ncards = [5]").replace(
        '[players.Red]', '[players.Red]\ncards = [5]'), "players.cards"),
    ("true as a card", _edit(BLUE, BLUE + "\ncards = [true]"), "players.Blue.cards[0]"),
    ("no card", _edit(BLUE, BLUE + "\ncards = []"), "players.Blue.cards"),
    ("a Sun Tile before the third moon tile", _edit('turn = "Blue"', 'turn = "Blue"\n'
                                                    'sun_tile = "Red"'), "scenario.sun_tile"),
    ("three moon tiles on day 9 and no Sun Tile",
     _edit("day = 3", "day = 9").replace(BLUE, BLUE + '\nmoon_tiles = ["llama", "coca", '
                                         '"cloth"]'), "scenario.sun_tile"),
    ("the Sun Tile holder plays again",
     _edit('turn = "Blue"', 'turn = "Blue"\nsun_tile = "Blue"\nlast_turns = 1').replace(
         BLUE, BLUE + '\nmoon_tiles = ["llama", "coca", "cloth"]'), "scenario.turn"),
    ("as many last turns as players",
     _edit('turn = "Blue"', 'turn = "Blue"\nsun_tile = "Yellow"\nlast_turns = 3').replace(
         '[players.Yellow]', '[players.Yellow]\nmoon_tiles = ["llama", "coca", "cloth"]'),
     "scenario.last_turns"),
    ("the Sun Tile holder has no moon tile",
     _edit('turn = "Blue"', 'turn = "Blue"\nsun_tile = "Yellow"\nlast_turns = 1').replace(
         BLUE, BLUE + '\nmoon_tiles = ["llama", "coca", "cloth"]'), "scenario.sun_tile"),
    ("summit VP before the deck is empty", _edit(BLUE, BLUE + "\nsummit_vp = 3"),
     "players.Blue.summit_vp"),
    ("more cards than summits", _edit(BLUE, BLUE + "\ncards = [1, 2, 3]\nlaps = 1"),
     "players.Blue.laps"),
    ("Incas created", _edit("incas = { coca_plantation = 1 }", "incas = { coca_plantation = 99 }"),
     "players.Blue.incas"),
    ("goods created", _edit(BLUE, BLUE + "\ngoods = { llama = 999 }"), "players.goods"),
    ("a bonus over the cap", _edit("bonus = { coca_plantation = 2 }",
                                   "bonus = { coca_plantation = 3 }"),
     "board.bonus.coca_plantation"),
    ("a priest created", _edit(BLUE, BLUE + "\npriests = { virgin = 7 }"),
     "players.Blue.priests.virgin"),
    ("every priest taken", _edit(BLUE, BLUE + "\npriests = { virgin = 6, puma = 5, condor = 4 }"),
     "players.priests"),
    ("a malformed script step", COCA + '\n[[script]]\naction = "fly"\n', "script[4].action"),
    ("a script step not in text", COCA + "\n[[script]]\naction = 5\n", "script[4].action"),
    ("facts = 5", COCA + "\n[[check]]\nfacts = 5\n", "check[3].facts"),
    ('after = "x"', COCA + '\n[[check]]\nafter = "x"\n', "check[3].after"),
    ("Blue = 5", COCA + "\n[[check]]\nBlue = 5\n", "check[3].Blue"),
    ('row = "x"', COCA + '\n[[check]]\nrow = "x"\n', "check[3].row"),
    ("market = 5", COCA + "\n[[check]]\nmarket = 5\n", "check[3].market"),
    ("winners = 5", COCA + "\n[[check]]\nwinners = 5\n", "check[3].winners"),
    ("a range of text", COCA + '\n[[check]]\nfacts = { day = { min = "a" } }\n',
     "check[3].facts.day.min"),
    ("a legal action that is not one", COCA + '\n[[check]]\nlegal = "fly"\n', "check[3].legal"),
]


@pytest.mark.parametrize(("text", "field"), [pytest.param(t, f, id=i) for i, t, f in SCENARIO_BUGS])
def test_malformed_or_impossible_scenarios_name_the_field(text: str, field: str) -> None:
    with pytest.raises(ScenarioError) as info:
        read_scenario("bad.toml", text=text)
    assert info.value.path == "bad.toml" and info.value.field == field, str(info.value)


def test_a_file_that_is_not_utf8_is_a_scenario_error(tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes(COCA.replace("Production", "Producci\xf3n").encode("latin-1"))
    with pytest.raises(ScenarioError) as info:
        read_scenario(str(path))
    assert info.value.field == "<file>" and "UTF-8" in str(info.value)


def test_check_plays_the_script_steps_no_check_covers() -> None:
    text = COCA + '\n[[script]]\naction = "produce 3"\n'  # after every check: never covered
    failures = run_checks(read_scenario("x.toml", text=text))
    assert failures and failures[-1].startswith("script[4] (produce 3)")


# ---------------------------------------------------------------------------------------
# Regression tests: saves (issue 8)
# ---------------------------------------------------------------------------------------
def _save(edit, keep_state: bool = False) -> str:
    data = json.loads(PRINCES.saves[3])
    if not keep_state:
        data.pop("state")
    edit(data)
    return json.dumps(data)


SAVE_BUGS = [
    ("999 llamas", lambda d: d["initial"]["goods"][0].__setitem__(1, 999), "initial"),
    ("a card twice", lambda d: d["initial"]["hands"][0].append(d["initial"]["deck"][0]),
     "initial"),
    ("50 Incas", lambda d: d["initial"]["supply"].__setitem__(0, 50), "initial.supply[0]"),
    ("a moon tile in markup", lambda d: d["initial"]["moon_board"].__setitem__(
        0, "<img src=x onerror=alert(1)>"), "initial.moon_board[0]"),
    ("10**9 players", lambda d: d["initial"].__setitem__("n", 10**9), "initial.n"),
    ("no initial", lambda d: d.pop("initial"), "initial"),
    ("actions reordered", lambda d: d["actions"].reverse(), "actions[0]"),
    ("an unknown action", lambda d: d["actions"].__setitem__(0, {"action": "Fly"}),
     "actions[0]"),
    ("a NaN count", lambda d: d["actions"].__setitem__(0, {"action": "Produce",
                                                            "count": float("nan")}),
     "actions[0]"),
    ("an undone action that cannot be redone", lambda d: d.__setitem__(
        "redo", [{"action": "Produce", "count": 5}]), "redo[0]"),
    ("forged opening events", lambda d: d.__setitem__("initial_events", [
        {"kind": "setup", "player": None, "rule": None,
         "data": {"players": "<img>", "day": 1, "start_player": 0, "learning": False}}]),
     "initial_events"),
    ("a pending turn during the setup", lambda d: d["initial"]["queue"].insert(
        0, ["turn", 0, None]), "initial"),
    ("an unknown field", lambda d: d.__setitem__("extra", 1), "extra"),
]


@pytest.mark.parametrize(("edit", "field"), [pytest.param(e, f, id=i) for i, e, f in SAVE_BUGS])
def test_edited_saves_are_save_errors_naming_the_field(edit, field: str) -> None:
    with pytest.raises(SaveError) as info:
        Game.from_json(_save(edit))
    assert isinstance(info.value, ValueError) and info.value.field == field, str(info.value)
