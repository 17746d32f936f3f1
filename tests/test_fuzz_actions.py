"""Property-based tests of the engine's front door: action text, action objects, ``player=``.

Every outcome is a legal apply or a documented refusal (``IllegalAction``: ``ActionError``,
``ActionParseError``); ``explain()`` and ``apply()`` agree; a refusal changes nothing (state,
log, history, undo); a seated player's view and the public events never depend on another
player's hidden cards. The oracles are in ``tests/fuzz_core.py`` (shared with
``benchmarks/fuzz.py``); the bugs of issue 8 are the regression tests at the end.
"""

from __future__ import annotations

import math
import random

import pytest
from fuzzing import FINE, PRINCES, any_action, hidden_leak, player_value, probe, snapshot
from hypothesis import given
from hypothesis import strategies as st

from mp_tutor import Game, IllegalAction, load_scenario
from mp_tutor.actions import (
    Acquire,
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
from mp_tutor.core.actions import ActionError
from mp_tutor.princes.actions import ActionParseError
from mp_tutor.princes.engine import MACHINE


def _positions() -> list[Game]:
    """Games at every kind of decision (a few random games, cut at many points)."""
    rng = random.Random(8)
    out: list[Game] = []
    seen: dict[str, int] = {}
    for seed in range(6):
        game = Game.new(players=2 + seed % 4, seed=seed, learning=seed == 5)
        while not game.over:
            kind = game.pending.kind
            if seen.get(kind, 0) < 3 and rng.random() < 0.5:
                seen[kind] = seen.get(kind, 0) + 1
                out.append(Game.from_json(game.to_json()))
            game.apply(rng.choice(list(game.legal_actions())))
        out.append(game)  # a finished game refuses everything
    return out


POSITIONS = _positions()
position = st.sampled_from(range(len(POSITIONS)))


def test_the_positions_cover_every_decision() -> None:
    kinds = {g.pending.kind for g in POSITIONS}
    assert kinds >= {"place_inca", "turn", "produce", "trade", "game_over", "night"}


@given(position, st.randoms(use_true_random=False))
def test_any_input_is_applied_or_refused_and_a_refusal_changes_nothing(i: int, rng) -> None:
    game = POSITIONS[i]
    for _ in range(15):
        outcome, detail = probe(game, any_action(PRINCES, rng, game), player_value(rng, game.players))
        assert outcome in FINE, detail


@given(position, st.text(max_size=40))
def test_typed_text_is_an_action_or_an_illegal_action(i: int, text: str) -> None:
    outcome, detail = probe(POSITIONS[i], text)
    assert outcome in FINE, detail


@given(position, st.lists(st.sampled_from(
    ["produce", "return", "inca", "trade", "sell", "buy", "none", "-", "²", "1", "0", "-1",
     "9" * 4301, "coca", "+coca", "2coca", "corn", "setup", "farmer", "move", "co", "x"]),
    min_size=1, max_size=6))
def test_verbs_and_words_in_any_order(i: int, words: list[str]) -> None:
    outcome, detail = probe(POSITIONS[i], " ".join(words))
    assert outcome in FINE, detail


@given(st.randoms(use_true_random=False))
def test_action_fields_are_checked_when_made(rng) -> None:
    for _ in range(20):
        try:
            action = PRINCES.action_object(rng)
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
    ok = player is None or (type(player) is int and 0 <= player < game.players)
    if not ok:
        assert game.explain("continue", player=player).rule == "engine.player"


@given(position, st.randoms(use_true_random=False))
def test_a_hidden_card_changes_no_seated_view_and_no_event(i: int, rng) -> None:
    for _ in range(3):
        assert hidden_leak(PRINCES, POSITIONS[i], rng) == ""


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
