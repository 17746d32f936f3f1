"""Property-based tests of every game's front door: action text, action objects, ``player=``.

Every outcome is a legal apply or a documented refusal (``IllegalAction``: ``ActionError``,
``ActionParseError``); ``explain()`` and ``apply()`` agree; a refusal changes nothing (state,
log, history, undo); a seated player's view, the public events and everything a seated board
sends never depend on another player's hidden cards.

Each test runs once per game (``[princes]``, ``[priests]``): what differs (positions, words,
action objects, hidden cards) is the game's ``Fuzzer`` (``tests/fuzz_princes.py``,
``tests/fuzz_priests.py``); the oracles are ``tests/fuzz_core.py``, shared with
``benchmarks/fuzz.py``. Each game's regression tests are ``tests/test_fuzz_princes.py`` and
``tests/priests/test_priests_fuzz.py``.
"""

from __future__ import annotations

import pytest
from fuzzing import (
    FINE,
    KITS,
    Fuzzer,
    action_json,
    any_action,
    check_action_json,
    few,
    hidden_leak,
    player_value,
    probe,
)
from hypothesis import given
from hypothesis import strategies as st

from mp_tutor.core.actions import ActionError

each_game = pytest.mark.parametrize("kit", KITS, ids=lambda kit: kit.name)


def position(kit: Fuzzer, data: st.DataObject):
    """One of the game's positions, drawn by hypothesis (an index: it shrinks)."""
    return kit.positions[data.draw(st.sampled_from(range(len(kit.positions))), label="position")]


@each_game
def test_the_positions_cover_every_decision(kit: Fuzzer) -> None:
    assert {g.pending.kind for g in kit.positions} >= kit.decisions
    assert {g.players for g in kit.positions} == set(kit.info.players)
    assert any(g.over for g in kit.positions) and len(kit.shipped) >= 10


@each_game
@given(data=st.data(), rng=st.randoms(use_true_random=False))
def test_any_input_is_applied_or_refused_and_a_refusal_changes_nothing(kit, data, rng) -> None:
    game = position(kit, data)
    for _ in range(15):
        outcome, detail = probe(game, any_action(kit, rng, game), player_value(rng, game.players))
        assert outcome in FINE, detail


@each_game
@given(data=st.data(), text=st.text(max_size=40))
def test_typed_text_is_an_action_or_an_illegal_action(kit, data, text: str) -> None:
    outcome, detail = probe(position(kit, data), text)
    assert outcome in FINE, detail


@each_game
@given(data=st.data())
def test_verbs_and_words_in_any_order(kit, data) -> None:
    words = data.draw(st.lists(st.sampled_from(kit.words), min_size=1, max_size=6), label="words")
    outcome, detail = probe(position(kit, data), " ".join(words))
    assert outcome in FINE, detail


@each_game
@given(rng=st.randoms(use_true_random=False))
def test_action_fields_are_checked_when_made(kit, rng) -> None:
    for _ in range(20):
        try:
            action = kit.action_object(rng)
        except ActionError as exc:
            assert exc.rule == "engine.unknown" and exc.field
            continue
        assert kit.game.parse_action(action.notation()) == action  # a valid action parses back


@each_game
@given(data=st.data(), rng=st.randoms(use_true_random=False))
def test_an_action_read_from_json_is_an_action_or_names_its_field(kit, data, rng) -> None:
    """Issue 19: ``action_from_json({"action": []})`` raised TypeError (both games)."""
    game = position(kit, data)
    for _ in range(10):
        outcome, detail = check_action_json(kit, action_json(kit, rng, game))
        assert outcome in FINE, detail


@pytest.mark.parametrize("obj", [{"action": []}, {"action": {}}, {"action": None}, {"action": 1},
                                  [], "Move", {}, {"action": ["Lay"]}])
@each_game
def test_json_that_names_no_action_is_an_action_error(kit, obj) -> None:
    with pytest.raises(ActionError) as info:
        kit.game.action_from_json(obj)
    assert info.value.field == "action"


@each_game
@given(data=st.data(), player=st.one_of(
    st.none(), st.integers(), st.floats(), st.booleans(), st.text(max_size=5),
    st.lists(st.integers(), max_size=2), st.sampled_from([10**5000, -(10**4301)])))
def test_player_argument_is_checked(kit, data, player) -> None:
    game = position(kit, data)
    legal = list(game.legal_actions())
    if legal:
        outcome, detail = probe(game, legal[0], player)
        assert outcome in FINE, detail
    if not (player is None or (type(player) is int and 0 <= player < game.players)):
        assert game.explain(kit.some_action, player=player).rule == "engine.player"


@each_game
@given(data=st.data(), rng=st.randoms(use_true_random=False))
def test_a_hidden_card_changes_no_seated_view_and_no_event(kit, data, rng) -> None:
    game = position(kit, data)
    for _ in range(3):
        assert hidden_leak(kit, game, rng) == ""


@each_game
def test_a_hidden_card_changes_nothing_a_seated_board_sends(kit) -> None:
    @few(kit)
    @given(data=st.data(), rng=st.randoms(use_true_random=False))
    def board_leaks_nothing(data, rng) -> None:
        assert hidden_leak(kit, position(kit, data), rng, board=True) == ""

    board_leaks_nothing()
