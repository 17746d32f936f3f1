"""Property-based tests of every entry point of the priests game: bad input never crashes
and never corrupts.

Action text and objects and ``player=`` are applied or refused with ``IllegalAction`` (a
refusal changes nothing, ``explain()`` agrees with ``apply()``); a mutated scenario file is a
``ScenarioError`` naming the file and the field, or a possible position that plays on; an
edited save is a ``SaveError`` naming the field, or a possible game; a seated player receives
nothing that depends on a card they cannot see; hostile strings in chapters and scenarios
stay text on the widgets; the command line answers one error line with status 2. The
generators are ``tests/fuzz_priests.py``, the oracles ``tests/fuzz_core.py`` (shared with the
princes and with ``benchmarks/fuzz.py --game priests``); the defects the fuzzing found are
the regression tests at the end.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from fuzz_priests import WORDS
from fuzzing import (
    FINE,
    PRIESTS,
    any_action,
    base_save,
    check_save,
    check_scenario,
    cli_argv,
    cli_problem,
    escape_problem,
    hidden_leak,
    markup_problems,
    mutate_save,
    mutate_scenario,
    player_value,
    probe,
    run_cli,
    snapshot,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from mp_tutor.core.actions import ActionError
from mp_tutor.core.game import SaveError
from mp_tutor.core.scenarios import ScenarioError
from mp_tutor.priests import GAME, Game
from mp_tutor.priests.actions import ActionParseError, parse_action
from mp_tutor.priests.invariants import check_invariants


def _positions() -> list[Game]:
    """Games of 2, 3 and 4 players at every kind of decision, and finished games."""
    rng = random.Random(8)
    out: list[Game] = []
    for seed in range(6):
        game = Game.new(players=2 + seed % 3, seed=seed)
        while not game.over:
            if rng.random() < 0.15 or game.pending.kind == "return_priest":
                out.append(Game.from_json(game.to_json()))
            game.apply(rng.choice(list(game.legal_actions())))
        out.append(game)  # a finished game refuses everything
    return out


POSITIONS = _positions()
position = st.sampled_from(range(len(POSITIONS)))
TEXTS = [p.read_text("utf-8") for p in PRIESTS.shipped]
SAVES = [base_save(PRIESTS, random.Random(seed)) for seed in range(8)]
LAST = (GAME.chapter_dir / "scenarios" / "last-rounds.toml").read_text("utf-8")
FEW = settings(max_examples=15)


def test_the_positions_cover_every_decision() -> None:
    assert {g.pending.kind for g in POSITIONS} >= PRIESTS.decisions
    assert len(PRIESTS.shipped) >= 10 and {g.players for g in POSITIONS} == {2, 3, 4}


# -- actions --------------------------------------------------------------------------------
@given(position, st.randoms(use_true_random=False))
def test_any_input_is_applied_or_refused_and_a_refusal_changes_nothing(i: int, rng) -> None:
    game = POSITIONS[i]
    for _ in range(15):
        outcome, detail = probe(game, any_action(PRIESTS, rng, game),
                                player_value(rng, game.players))
        assert outcome in FINE, detail


@given(position, st.text(max_size=40))
def test_typed_text_is_an_action_or_an_illegal_action(i: int, text: str) -> None:
    outcome, detail = probe(POSITIONS[i], text)
    assert outcome in FINE, detail


@given(position, st.lists(st.sampled_from(WORDS), min_size=1, max_size=5))
def test_verbs_and_words_in_any_order(i: int, words: list[str]) -> None:
    outcome, detail = probe(POSITIONS[i], " ".join(words))
    assert outcome in FINE, detail


@given(st.randoms(use_true_random=False))
def test_action_fields_are_checked_when_made(rng) -> None:
    for _ in range(20):
        try:
            action = PRIESTS.action_object(rng)
        except ActionError as exc:
            assert exc.rule == "engine.unknown" and exc.field
            continue
        assert parse_action(action.notation()) == action  # a valid action parses back


@given(position, st.one_of(
    st.none(), st.integers(), st.floats(), st.booleans(), st.text(max_size=5),
    st.lists(st.integers(), max_size=2), st.sampled_from([10**5000, -(10**4301)])))
def test_player_argument_is_checked(i: int, player) -> None:
    game = POSITIONS[i]
    legal = list(game.legal_actions())
    if legal:
        outcome, detail = probe(game, legal[0], player)
        assert outcome in FINE, detail
    if not (player is None or (type(player) is int and 0 <= player < game.players)):
        assert game.explain("order tallest", player=player).rule == "engine.player"


@given(position, st.randoms(use_true_random=False))
def test_a_hidden_card_changes_no_seated_view_and_no_event(i: int, rng) -> None:
    for _ in range(3):
        assert hidden_leak(PRIESTS, POSITIONS[i], rng) == ""


@FEW
@given(position, st.randoms(use_true_random=False))
def test_a_hidden_card_changes_nothing_a_seated_board_sends(i: int, rng) -> None:
    assert hidden_leak(PRIESTS, POSITIONS[i], rng, board=True) == ""


# -- files ----------------------------------------------------------------------------------
@given(st.sampled_from(range(len(TEXTS))), st.randoms(use_true_random=False))
def test_a_mutated_scenario_is_refused_by_field_or_is_possible(tmp_path_factory, i, rng) -> None:
    folder = tmp_path_factory.mktemp("fuzz", numbered=True)
    for _ in range(4):
        data = mutate_scenario(PRIESTS, rng, TEXTS[i])
        outcome, detail = check_scenario(PRIESTS, data, folder, rng)
        assert outcome in FINE, detail


@given(st.sampled_from(range(len(SAVES))), st.randoms(use_true_random=False))
def test_an_edited_save_is_refused_by_field_or_is_a_possible_game(i, rng) -> None:
    for _ in range(4):
        outcome, detail = check_save(PRIESTS, mutate_save(PRIESTS, rng, SAVES[i]), rng)
        assert outcome in FINE, detail


@given(st.binary(max_size=200) | st.text(max_size=200))
def test_any_bytes_are_a_save_error(data) -> None:
    with pytest.raises(SaveError):
        Game.from_json(data)


# -- what a browser and a terminal receive ----------------------------------------------------
@FEW
@given(st.randoms(use_true_random=False))
def test_hostile_strings_in_chapters_and_scenarios_stay_text(rng) -> None:
    outcome, detail = escape_problem(PRIESTS, rng)
    assert outcome in FINE, detail


def test_the_markup_oracle_sees_a_tag_and_a_handler() -> None:
    assert markup_problems(["<p>x<img src=x onerror=alert(1)></p>"])
    assert markup_problems(["<svg><text></text><svg onload=alert(1)></svg></svg>"])
    assert markup_problems(["<p>x&lt;img src=x onerror=alert(1)&gt;</p>", "<svg></svg>"]) == ""


@FEW
@given(st.randoms(use_true_random=False))
def test_a_command_line_is_never_a_traceback(tmp_path_factory, rng) -> None:
    folder = tmp_path_factory.mktemp("cli", numbered=True)
    argv = cli_argv(PRIESTS, rng, folder, TEXTS)
    code, _out, err = run_cli(argv)
    assert cli_problem(argv, code, err) == ""


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
