"""The priests game's fuzzing regression tests: bad command lines, and the defects the
property tests found.

The property tests themselves (actions, ``player=``, hidden cards, scenario files, saves,
hostile strings on the widgets, random command lines) run for every game:
``tests/test_fuzz_actions.py``, ``test_fuzz_files.py``, ``test_fuzz_cli.py``, with the
priests' generators in ``tests/fuzz_priests.py`` and the oracles in ``tests/fuzz_core.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fuzzing import probe, run_cli, snapshot

from mp_tutor.core.game import SaveError
from mp_tutor.core.scenarios import ScenarioError
from mp_tutor.priests import GAME, Game
from mp_tutor.priests.actions import ActionParseError, parse_action
from mp_tutor.priests.invariants import check_invariants

LAST = (GAME.chapter_dir / "scenarios" / "last-rounds.toml").read_text("utf-8")


@pytest.mark.parametrize("argv", [
    ["play", "--game", "priests", "--players", "5"], ["play", "--game", "priests", "--players", "1"],
    ["scenario", "--game", "priests", "show", "nope"], ["bench", "--game", "priests", "--bots", "x"],
    ["scenario", "--game", "priests", "check", "{bad}"], ["rules", "--game", "priests", "--nope"],
])
def test_a_bad_priests_command_line_is_one_error_line_and_status_2(tmp_path: Path, argv) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(LAST.replace("slots = [[6], [7], [-3]]", "slots = [[7], [6], [-3]]"), "utf-8")
    argv = [a.replace("{bad}", str(bad)) for a in argv]
    code, _out, err = run_cli(argv)
    assert code == 2 and err.startswith("error: ") and err.count("\n") == 1, (code, err)


# ---------------------------------------------------------------------------------------
# Regression tests: the defects the fuzzing found
# ---------------------------------------------------------------------------------------
def _save(edit) -> str:
    doc = json.loads(Game.new(players=3, seed=5).to_json())
    edit(doc)
    doc.pop("state", None)  # nothing but the checks guards the initial position
    return json.dumps(doc)


def test_a_rule_that_is_not_text_in_a_saved_event_is_a_save_error() -> None:
    """Was a TypeError (unhashable list) from ``rule not in rules``."""
    with pytest.raises(SaveError) as info:
        Game.from_json(_save(lambda d: d["initial_events"][0].update(rule=["x"])))
    assert info.value.field == "initial_events[0].rule"


def test_invented_set_up_events_in_a_save_are_refused() -> None:
    """Were accepted: any text in the log of a loaded game (the priests game had no
    ``initial_events_for``)."""
    hostile = "<img src=x onerror=alert(1)>"
    with pytest.raises(SaveError) as info:
        Game.from_json(_save(lambda d: d["initial_events"][0]["data"].update(players=hostile)))
    assert info.value.field == "initial_events"
    assert Game.from_json(_save(lambda d: d.update(initial_events=[]))).log == []


def test_decisions_out_of_the_laying_order_in_a_save_are_refused() -> None:
    """Was accepted: a player laying out of turn (and other queues the rules never make)."""
    def swap(d) -> None:
        q = d["initial"]["queue"]
        q[0], q[1] = q[1], q[0]

    with pytest.raises(SaveError) as info:
        Game.from_json(_save(swap))
    assert info.value.field == "initial" and "laying" in str(info.value)


def test_a_priests_tokens_out_of_the_order_they_are_taken_in_are_refused() -> None:
    """Was accepted: sun token 7 taken before 6 by one priest (last-rounds.toml had it)."""
    with pytest.raises(ScenarioError) as info:
        GAME.read_scenario("x.toml", LAST.replace("[[6], [7], [-3]]", "[[7], [6], [-3]]"))
    assert info.value.field == "priests.3.slots" and "in this order" in str(info.value)
    s = Game.new(players=4, seed=1).state
    s.slots[0] = [(-3,), (-4,), (1,), (2,), (3, 5)]  # a pair of sun tokens not side by side
    assert any("taken together" in b for b in check_invariants(s))


def test_a_token_taken_while_a_lower_one_is_left_names_the_slot() -> None:
    """Was refused naming no field (``<position>``)."""
    with pytest.raises(ScenarioError) as info:
        GAME.read_scenario("x.toml", LAST.replace("slots = [[1], [2]]", "slots = [[1], [9]]", 1))
    assert info.value.field == "priests.4.slots[1]" and "2 is left" in str(info.value)


def test_a_round_with_every_slot_filled_is_refused() -> None:
    """Was accepted: a round began although the game had ended (every slot filled)."""
    text = "\n".join(["[scenario]", "players = 4", "seed = 3",
                      "[priests.4]", "slots = [[1], [2], [3], [4], [-3]]",
                      "[priests.3]", "slots = [[5], [5], [6], [6], [-4]]",
                      "[priests.2]", "slots = [[7], [8], [9], [10], [-5]]",
                      "[priests.1]", "slots = [[-6], [-7], [-8], [-9], [-10]]"])
    with pytest.raises(ScenarioError) as info:
        GAME.read_scenario("x.toml", text)
    assert info.value.field == "priests" and "every slot" in str(info.value)


def test_a_refused_action_leaves_a_loaded_scenario_untouched() -> None:
    game = GAME.load_scenario("last-rounds")
    before = snapshot(game)
    for bad in ("lay 99 north", "lay 50 up", "order biggest", "place 4 r9c9", "\x00", 10**5000):
        assert probe(game, bad)[0] == "refused"
    assert snapshot(game) == before
    with pytest.raises(ActionParseError):
        parse_action("lay " + "9" * 4301 + " north")


# ---------------------------------------------------------------------------------------
# Regression tests of issue 19
# ---------------------------------------------------------------------------------------
MOONS = ('["sun_all_hidden", "sun_high_priest_open", "sun_high_priest_hidden", '
         '"sun_first_two_open", "moon_all_hidden", "moon_all_open", "moon_high_priest_open", '
         '"moon_first_two_open"]')


@pytest.mark.parametrize(("players", "round_", "ok"), [(3, 1, True), (3, 2, False), (4, 1, False),
                                                        (2, 5, False)])
def test_every_sun_moon_card_named_as_coming_next(tmp_path: Path, players, round_, ok) -> None:
    """Was an IndexError from the loader (the command line printed "error: IndexError")."""
    text = f"[scenario]\nplayers = {players}\nround = {round_}\nsun_moon_next = {MOONS}\n"
    if ok:  # 3 players play the printed card and all 8: every one is still to come in round 1
        assert GAME.read_scenario("x.toml", text).build().state.sun_moon_deck[-1] == \
            "moon_first_two_open"
        return
    with pytest.raises(ScenarioError) as info:
        GAME.read_scenario("x.toml", text)
    assert info.value.field == "scenario.sun_moon_next" and "at most" in str(info.value)
    path = tmp_path / "all.toml"
    path.write_text(text, "utf-8")
    code, _out, err = run_cli(["scenario", "--game", "priests", "check", str(path)])
    assert code == 2 and "scenario.sun_moon_next" in err and "IndexError" not in err
