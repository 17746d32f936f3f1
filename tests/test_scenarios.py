"""The Princes' scenarios: one per worked example of the rulebook, each starting a turn and
saying something at every step of its script, and read back exactly when saved at its
start; malformed scenario files are refused with an error naming the file and the field,
and scenarios load from paths. What every game's scenarios must do (checks that hold, a
script that plays, a presentation) is ``tests/test_protocol.py``'s.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from mp_tutor import load_scenario
from mp_tutor.princes.scenario import (
    SCENARIO_DIR,
    ScenarioError,
    list_scenarios,
    read_scenario,
    run_checks,
    save_scenario,
    scenario_text,
)

# One scenario per worked example of the rulebook, plus three FAQ answers.
RULEBOOK_SCENARIOS = {
    "coca-plantation-production",
    "temple-of-the-sun",
    "main-temple-offering",
    "royal-palace",
    "house-of-priests",
    "market-prices",
    "market-trade",
    "incatrail-summit",
    "incatrail-wrap",
    "scoring-17vp",
    "spanish-conquest",
    "faq-not-twice",
    "faq-bonus-without-presence",
    "faq-no-trading",
}

SHIPPED = list_scenarios()


def test_every_rulebook_example_is_shipped() -> None:
    missing = RULEBOOK_SCENARIOS - set(SHIPPED)
    assert not missing, f"scenarios missing: {sorted(missing)}"


@pytest.mark.parametrize("name", SHIPPED)
def test_scenario_starts_a_turn_and_narrates_every_step(name: str) -> None:
    sc = read_scenario(name)
    assert len(sc.description) > 80, "a scenario explains itself in a description"
    assert sc.build().pending.kind == "turn"
    for i, step in enumerate(sc.script):
        assert step.say.strip(), f"script[{i}] ({step.action}) has no 'say' line for the teacher"


@pytest.mark.parametrize("name", SHIPPED)
def test_scenario_round_trip_at_its_start(name: str) -> None:
    game = load_scenario(name)
    text = scenario_text(game, title="again", description="saved at the start")
    again = read_scenario("again.toml", text=text)
    assert again.title == "again"
    assert again.build().state == game.state
    # Saving twice gives the same text.
    assert scenario_text(again.build(), title="again", description="saved at the start") == text


def test_run_checks_reports_a_wrong_expectation() -> None:
    """run_checks is not vacuous: a wrong number in a check is reported with its place."""
    text = (SCENARIO_DIR / "temple-of-the-sun.toml").read_text("utf-8")
    assert '"Blue.scout" = 6' in text
    sc = read_scenario("wrong.toml", text=text.replace('"Blue.scout" = 6', '"Blue.scout" = 5', 1))
    failures = run_checks(sc)
    assert len(failures) == 1
    assert "Blue.scout: expected 5, got 6" in failures[0]

    bad_rule = text.replace('rule = "temple.llama"', 'rule = "move.adjacent"', 1)
    failures = run_checks(read_scenario("wrong.toml", text=bad_rule))
    assert len(failures) == 1 and "expected move.adjacent" in failures[0]


def test_run_checks_reports_a_script_step_that_is_illegal() -> None:
    text = (SCENARIO_DIR / "royal-palace.toml").read_text("utf-8")
    broken = text.replace('action = "setup coca_planter weaver"', 'action = "setup farmer"')
    failures = run_checks(read_scenario("broken.toml", text=broken))
    assert failures and failures[-1].startswith("script[1] (setup farmer)")


# ---------------------------------------------------------------------------------------
# Validation: malformed scenario texts name the file and the field.
# ---------------------------------------------------------------------------------------
GOOD_HEAD = '[scenario]\ntitle = "t"\nplayers = 3\nturn = "Blue"\n'

MALFORMED = [
    ("not toml", "this is = = not TOML", "<file>"),
    ("no scenario table", "[board]\nbonus = { corn_terraces = 1 }\n", "scenario"),
    ("no player count", '[scenario]\ntitle = "t"\n', "scenario.players"),
    ("six players", "[scenario]\nplayers = 6\n", "scenario.players"),
    ("unknown scenario field", GOOD_HEAD + 'colour = "Blue"\n', "scenario.colour"),
    ("unknown colour", '[scenario]\nplayers = 3\nturn = "Green"\n', "scenario.turn"),
    ("unknown table", GOOD_HEAD + "[boards]\n", "boards"),
    (
        "unknown good",
        GOOD_HEAD + "[players.Blue]\ngoods = { gold = 3 }\n",
        "players.Blue.goods.gold",
    ),
    (
        "negative good",
        GOOD_HEAD + "[players.Blue]\ngoods = { corn = -1 }\n",
        "players.Blue.goods.corn",
    ),
    (
        "Incas in a temple",
        GOOD_HEAD + "[players.Red]\nincas = { puma_temple = 1 }\n",
        "players.Red.incas.puma_temple",
    ),
    (
        "too many Incas",
        "[scenario]\nplayers = 4\n[players.Blue]\nincas = { potters_quarter = 10 }\n",
        "players.Blue.incas",
    ),
    ("unknown district", GOOD_HEAD + '[players.Blue]\nprince = "kitchen"\n', "players.Blue.prince"),
    ("scout off the trail", GOOD_HEAD + "[players.Blue]\nscout = 20\n", "players.Blue.scout"),
    (
        "seven Virgins",
        GOOD_HEAD + "[players.Blue]\npriests = { virgin = 7 }\n",
        "players.Blue.priests.virgin",
    ),
    (
        "Virgins shared beyond six",
        GOOD_HEAD
        + "[players.Blue]\npriests = { virgin = 4 }\n[players.Red]\npriests = { virgin = 3 }\n",
        "players.priests",
    ),
    (
        "unknown priest kind",
        GOOD_HEAD + "[players.Blue]\npriests = { jaguar = 1 }\n",
        "players.Blue.priests.jaguar",
    ),
    ("card 29", GOOD_HEAD + "[players.Blue]\ncards = [29]\n", "players.Blue.cards[0]"),
    (
        "one card in two hands",
        GOOD_HEAD + "[players.Blue]\ncards = [5]\n[players.Red]\ncards = [5, 6]\n",
        "players.cards",
    ),
    (
        "card in hand and deck",
        "[scenario]\nplayers = 3\ndeck = [7]\n[players.Blue]\ncards = [7]\n",
        "scenario.deck",
    ),
    ("unknown player field", GOOD_HEAD + "[players.Blue]\nllamas = 3\n", "players.Blue.llamas"),
    ("too many llamas", GOOD_HEAD + "[players.Blue]\ngoods = { llama = 38 }\n", "players.goods"),
    (
        "moon tile twice",
        GOOD_HEAD
        + '[players.Blue]\nmoon_tiles = ["corn3"]\n[players.Red]\nmoon_tiles = ["corn3"]\n',
        "players.moon_tiles",
    ),
    (
        "third moon tile without a Sun Tile",
        '[scenario]\nplayers = 3\nday = 5\n[players.Blue]\nmoon_tiles = ["corn3", "llama", "coca"]\n',
        "scenario.sun_tile",
    ),
    (
        "bonus on the plaza",
        GOOD_HEAD + "[board]\nbonus = { central_plaza = 1 }\n",
        "board.bonus.central_plaza",
    ),
    (
        "three bonus units",
        GOOD_HEAD + "[board]\nbonus = { corn_terraces = 3 }\n",
        "board.bonus.corn_terraces",
    ),
    ("corn on the market", GOOD_HEAD + "[board]\nmarket = { corn = 2 }\n", "board.market.corn"),
    ("five units in a column", GOOD_HEAD + "[board]\nmarket = { coca = 5 }\n", "board.market.coca"),
    ("unknown board field", GOOD_HEAD + "[board]\nstones = 3\n", "board.stones"),
    ("step without action", GOOD_HEAD + '[[script]]\nsay = "hello"\n', "script[0].action"),
    (
        "step in no notation",
        GOOD_HEAD + '[[script]]\naction = "move central_plaza"\n[[script]]\naction = "fly home"\n',
        "script[1].action",
    ),
    ("checks not tables", "check = 3\n" + GOOD_HEAD, "check"),
    ("day 10", "[scenario]\nplayers = 3\nday = 10\n", "scenario.day"),
    ("learning not a boolean", '[scenario]\nplayers = 3\nlearning = "yes"\n', "scenario.learning"),
]


@pytest.mark.parametrize(("what", "text", "field"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_malformed_scenario_names_file_and_field(what: str, text: str, field: str) -> None:
    with pytest.raises(ScenarioError) as info:
        read_scenario("bad.toml", text=text)
    err = info.value
    assert err.path == "bad.toml"
    assert err.field == field, f"{what}: {err}"
    assert str(err).startswith(f"bad.toml: {field}: ")
    assert err.message


def test_scenario_error_is_a_value_error() -> None:
    assert issubclass(ScenarioError, ValueError)


def test_minimal_scenario_takes_the_rest_from_the_standard_setup() -> None:
    game = read_scenario("mini.toml", text=GOOD_HEAD).build()
    view = game.view()
    assert view["player"][0]["goods"] == {
        "corn": 3,
        "llama": 1,
        "coca": 1,
        "pottery": 1,
        "cloth": 1,
    }
    assert view["market"] == {"llama": 2, "coca": 2, "pottery": 2, "cloth": 2}
    assert view["pending"]["kind"] == "turn" and view["pending"]["player"] == 0


# ---------------------------------------------------------------------------------------
# Files and paths
# ---------------------------------------------------------------------------------------
def test_load_scenario_by_path(tmp_path: Path) -> None:
    shipped = SCENARIO_DIR / "royal-palace.toml"
    by_name = load_scenario("royal-palace")
    by_path = load_scenario(shipped)
    by_str = load_scenario(str(shipped))
    assert by_path.state == by_name.state == by_str.state

    copy = tmp_path / "my-palace.toml"
    shutil.copy(shipped, copy)
    game = load_scenario(copy)
    assert game.state == by_name.state
    assert game.scenario.name == "my-palace"
    assert game.scenario.path == str(copy)


def test_load_scenario_unknown_name() -> None:
    with pytest.raises(ScenarioError) as info:
        load_scenario("no-such-scenario")
    assert info.value.field == "<file>"
    assert "royal-palace" in info.value.message  # it lists the known names


def test_malformed_file_on_disk_names_the_path(tmp_path: Path) -> None:
    bad = tmp_path / "bad-file.toml"
    bad.write_text("[scenario]\nplayers = 3\n[players.Purple]\nscout = 1\n", "utf-8")
    with pytest.raises(ScenarioError) as info:
        load_scenario(bad)
    assert info.value.path == str(bad)
    assert info.value.field == "players.Purple"


def test_save_scenario_and_load_it_back(tmp_path: Path) -> None:
    game = load_scenario("spanish-conquest")
    path = save_scenario(game, tmp_path / "conquest.toml", title="Before the Spanish")
    again = load_scenario(path)
    assert again.scenario.title == "Before the Spanish"
    assert again.state == game.state
    # The copy ends the same way.
    for g in (game, again):
        g.apply("move house_of_virgins")
    assert again.outcome() == game.outcome()


def test_saving_mid_decision_is_refused() -> None:
    game = load_scenario("temple-of-the-sun")
    game.apply("move temple_of_the_sun")
    assert game.pending.kind == "sacrifice"
    with pytest.raises(ValueError, match="start of a turn"):
        scenario_text(game)
