"""Property-based tests of the files every game reads: scenario files, saved games, and the
strings of chapters and scenarios shown on the widgets.

Every malformed scenario is a ``ScenarioError(file, field)`` and every accepted one builds a
possible position whose script and checks run without crashing, then plays on; every problem
of a save is a ``SaveError`` (a ``ValueError``) naming the field, and a loaded save is a
possible game that round-trips; hostile strings in a chapter or a scenario stay text on the
widgets. Each test runs once per game (its ``Fuzzer``: ``tests/fuzz_princes.py``,
``tests/fuzz_priests.py``); each game's regression tests are ``tests/test_fuzz_princes.py``
and ``tests/priests/test_priests_fuzz.py``.
"""

from __future__ import annotations

import json
import tracemalloc

import pytest
from fuzzing import (
    FINE,
    KITS,
    check_save,
    check_scenario,
    escape_problem,
    few,
    markup_problems,
    mutate_save,
    mutate_scenario,
)
from hypothesis import given
from hypothesis import strategies as st

from mp_tutor.core.game import SaveError
from mp_tutor.core.scenarios import run_checks

each_game = pytest.mark.parametrize("kit", KITS, ids=lambda kit: kit.name)


@each_game
@given(data=st.data(), rng=st.randoms(use_true_random=False))
def test_a_mutated_scenario_is_refused_by_field_or_is_possible(tmp_path_factory, kit, data,
                                                               rng) -> None:
    text = data.draw(st.sampled_from(kit.texts), label="shipped scenario")
    folder = tmp_path_factory.mktemp("fuzz", numbered=True)
    for _ in range(4):
        outcome, detail = check_scenario(kit, mutate_scenario(kit, rng, text), folder, rng)
        assert outcome in FINE, detail


@each_game
@given(data=st.data(), rng=st.randoms(use_true_random=False))
def test_an_edited_save_is_refused_by_field_or_is_a_possible_game(kit, data, rng) -> None:
    save = kit.saves[data.draw(st.sampled_from(range(len(kit.saves))), label="save")]
    for _ in range(4):
        outcome, detail = check_save(kit, mutate_save(kit, rng, save), rng)
        assert outcome in FINE, detail


@each_game
@given(data=st.binary(max_size=200) | st.text(max_size=200))
def test_any_bytes_are_a_save_error(kit, data) -> None:
    with pytest.raises(SaveError):
        kit.game.from_json(data)


@each_game
@pytest.mark.parametrize("text", [
    b"\xff\xfe", "", "[]", "null", "[" * 100_000 + "]" * 100_000,
    '{"format": "mp-tutor-game", "version": ' + "9" * 5000 + "}",
], ids=lambda t: repr(t)[:20])
def test_saves_that_are_not_json_objects_are_save_errors(kit, text) -> None:
    with pytest.raises(SaveError):
        kit.game.from_json(text)


@each_game
def test_a_huge_player_count_allocates_nothing(kit) -> None:
    data = json.loads(kit.saves[3])
    data.pop("state")
    data["initial"]["n"] = 10**9
    text = json.dumps(data)
    tracemalloc.start()
    with pytest.raises(SaveError):
        kit.game.from_json(text)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 2_000_000


@each_game
def test_a_save_without_its_state_replays_to_the_same_game(kit) -> None:
    for text in kit.saves:
        data = json.loads(text)
        data.pop("state")
        assert kit.game.from_json(json.dumps(data)).to_json() == text


@each_game
def test_every_shipped_scenario_is_a_possible_position(kit) -> None:
    for text in kit.texts:
        sc = kit.info.read_scenario("x.toml", text)
        assert kit.game.invariants(sc.build().state) == [] and run_checks(sc) == []


# -- what a browser receives ----------------------------------------------------------------
@each_game
def test_hostile_strings_in_chapters_and_scenarios_stay_text(kit) -> None:
    @few(kit)
    @given(rng=st.randoms(use_true_random=False))
    def stays_text(rng) -> None:
        outcome, detail = escape_problem(kit, rng)
        assert outcome in FINE, detail

    stays_text()


def test_the_markup_oracle_sees_a_tag_and_a_handler() -> None:
    assert markup_problems(["<p>x<img src=x onerror=alert(1)></p>"])
    assert markup_problems(["<svg><text></text><svg onload=alert(1)></svg></svg>"])
    assert markup_problems(["<p>x&lt;img src=x onerror=alert(1)&gt;</p>", "<svg></svg>"]) == ""


# -- regressions of issue 19 (both games) ----------------------------------------------------
@each_game
@pytest.mark.parametrize("seed", [2**63, 2**64, -1, True, 1.0])
def test_a_seed_beyond_the_games_seeds_is_refused_naming_initial_seed(kit, seed) -> None:
    """A seed of 2**63 passed the schema and then failed in the set-up (IllegalAction)."""
    data = json.loads(kit.saves[0])
    data.pop("state")
    data["initial"]["seed"] = seed
    with pytest.raises(SaveError) as info:
        kit.game.from_json(json.dumps(data))
    assert info.value.field == "initial.seed"


@each_game
def test_the_largest_seed_is_a_game_that_saves_and_loads(kit) -> None:
    game = kit.info.new(players=3, seed=2**63 - 1)
    assert kit.game.from_json(game.to_json()).to_json() == game.to_json()
