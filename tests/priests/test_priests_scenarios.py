"""The priests game's scenarios: the required situations are shipped and show what they
claim; scenario files are validated field by field. What every game's scenarios must do
(checks that hold, a script that plays, a presentation) is ``tests/test_protocol.py``'s."""

from __future__ import annotations

import pytest

from mp_tutor.core.registry import get_game
from mp_tutor.core.scenarios import ScenarioError
from mp_tutor.priests.scenario import (
    Presentation,
    list_scenarios,
    load_scenario,
    read_scenario,
    scenario_text,
)

REQUIRED = {"blocked-priest", "order-reversed", "pushed-out", "centre-sun-and-moon",
            "full-priest", "slots-full-end", "tie-break", "tie-shared"}


def test_the_required_situations_are_shipped() -> None:
    assert REQUIRED <= set(list_scenarios())
    assert set(get_game("priests").scenario_names()) == set(list_scenarios())


def _final(name: str) -> dict:
    show = Presentation(name)
    while not show.done:
        show.next()
    return show.game.facts()["priests"]


def test_the_same_cards_give_another_result_when_the_order_is_reversed() -> None:
    tallest, smallest = _final("blocked-priest"), _final("order-reversed")
    assert tallest["4"]["square"] == "r1c1" and tallest["4"]["slots"] == []
    assert smallest["4"]["square"] == "r1c0" and smallest["4"]["slots"] == [[1]]
    assert {h: p["square"] for h, p in tallest.items() if h != "4"} == \
        {h: p["square"] for h, p in smallest.items() if h != "4"}


def test_the_game_ends_before_the_last_round_when_every_slot_is_full() -> None:
    game = load_scenario("slots-full-end")
    for step in game.scenario.script:
        game.apply(step.action)
    out = game.outcome()
    assert out is not None and out.ending == "slots" and game.state.round == 3
    assert [e.kind for e in game.log][-2:] == ["priest_card", "game_over"]


def test_tie_break_events() -> None:
    for name, rule, winners in (("tie-break", "score.tiebreak", (0,)),
                                ("tie-shared", "ruling.tiebreak", (2, 3))):
        game = load_scenario(name)
        for step in game.scenario.script:
            game.apply(step.action)
        tie = next(e for e in game.log if e.kind == "tie")
        assert tie.rule == rule and game.outcome().winners == winners


def test_saved_scenarios_read_back() -> None:
    game = load_scenario("centre-sun-and-moon")
    for step in game.scenario.script[:5]:
        game.apply(step.action)
    again = read_scenario("saved.toml", text=scenario_text(game)).build()
    assert sorted(again.state.removed) == sorted(game.state.removed)
    for field in ("hands", "deck", "pos", "slots", "sun_left", "fire_left", "first",
                  "round", "sun_moon", "sun_moon_deck", "set_aside", "priest_cards"):
        assert getattr(again.state, field) == getattr(game.state, field), field
    game.apply(game.legal_actions()[0])  # a card laid: the laying goes on, and is saved
    again = read_scenario("laid.toml", text=scenario_text(game)).build()
    assert "laid = [{ card = " in scenario_text(game)
    for field in ("stairs", "open", "laid_by", "queue", "hands", "deck", "slots", "pos"):
        assert getattr(again.state, field) == getattr(game.state, field), field
    while game.pending.kind == "lay":
        game.apply(game.legal_actions()[0])
    with pytest.raises(ValueError):  # every card laid: the first player chooses the order
        scenario_text(game)


BAD = {
    "players.Blue.hand": '[scenario]\nplayers = 2\n[players.Blue]\nhand = [1, 2, 3]\n',
    "players": '[scenario]\nplayers = 2\n[players.Blue]\nhand = [1, 2, 3, 4]\n'
               '[players.Yellow]\nhand = [4, 5, 6, 7]\n',
    "players.Blue.priest_card": '[scenario]\nplayers = 2\n[players.Blue]\npriest_card = "A"\n',
    "players.Red": '[scenario]\nplayers = 2\n[players.Red]\npriest_card = "C"\n',
    "scenario.sun_moon": '[scenario]\nplayers = 3\nround = 1\nsun_moon = "moon_all_open"\n',
    "scenario.round": '[scenario]\nplayers = 4\nround = 9\n',
    "scenario.set_aside": '[scenario]\nplayers = 3\nset_aside = ["moon_all_open"]\n',
    "priests": '[scenario]\nplayers = 2\n[priests.4]\nsquare = "r1c3"\n',
    "priests.4.slots[1]": '[scenario]\nplayers = 2\n[priests.4]\nslots = [[1], [1]]\n',
    "priests.5": '[scenario]\nplayers = 2\n[priests.5]\nsquare = "r0c0"\n',
    # a token taken while a lower one is left: named by its slot (was "<position>")
    "priests.4.slots[0]": '[scenario]\nplayers = 2\n[priests.4]\nslots = [[2]]\n',
    "priests.3.slots": '[scenario]\nplayers = 2\n[priests.3]\nslots = [[2], [1]]\n',
    "priests.4.slots": '[scenario]\nplayers = 2\n[priests.4]\nslots = [[1], [2], [3], [4], [5], '
                       '[6]]\n',
    "priests.4.square": '[scenario]\nplayers = 2\n[priests.4]\nsquare = "r5c0"\n',
}


@pytest.mark.parametrize("field", sorted(BAD))
def test_bad_scenarios_name_the_field(field: str) -> None:
    with pytest.raises(ScenarioError) as info:
        read_scenario("bad.toml", text=BAD[field])
    assert info.value.field == field, info.value
