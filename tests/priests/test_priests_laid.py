"""Cards laid so far this round in a priests scenario (``scenario.laid``): who laid each and
face up or down follow from the round's order and its sun/moon card, the next player lays,
every position of play during the laying saves and reads back the same, and a list play
cannot reach is refused naming the field."""

from __future__ import annotations

import random

import pytest

from mp_tutor.core.scenarios import ScenarioError
from mp_tutor.priests import Game
from mp_tutor.priests.position import laid_entries, scenario_text
from mp_tutor.priests.scenario import read_scenario
from mp_tutor.priests.state import Kind

#: the fields of a state a scenario file describes (``removed`` is a set: compared sorted)
DESCRIBED = ("n", "seed", "round", "first", "sun_moon", "deck", "stairs", "open", "laid_by",
             "sun_moon_deck", "sun_moon_played", "set_aside", "priest_cards", "pos", "sun_left",
             "fire_left", "hands", "slots", "queue", "move_order", "two_players", "drawn")


def _read(text: str) -> Game:
    game = read_scenario("laid.toml", text=text).build()
    assert isinstance(game, Game)
    return game


def _same_position(again: Game, game: Game) -> None:
    for field in DESCRIBED:
        assert getattr(again.state, field) == getattr(game.state, field), field
    assert sorted(again.state.removed) == sorted(game.state.removed)
    assert again.pending == game.pending
    assert list(again.legal_actions()) == list(game.legal_actions())


@pytest.mark.parametrize(("players", "two_players"), [(2, "alternate"), (2, "draw"),
                                                      (3, "alternate"), (4, "alternate")])
def test_every_position_of_the_laying_saves_and_reads_back(players: int, two_players: str
                                                           ) -> None:
    laid_seen: set[int] = set()
    for seed in range(12):
        rng = random.Random(seed)
        game = Game.new(players=players, seed=seed, two_players=two_players)
        while not game.over and game.state.round <= 3:
            if game.pending.kind in Kind.LAYS:
                text = scenario_text(game.state)
                again = _read(text)
                _same_position(again, game)
                assert scenario_text(again.state) == text
                laid_seen.add(len(laid_entries(game.state)))
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
    # every count of laid cards a scenario can hold was met (all but the round's last lay)
    lays = 4 - (1 if players == 3 else 0)
    assert laid_seen == set(range(lays))


def test_the_layer_and_the_face_follow_the_round() -> None:
    # round 2 of a 4-player game, Red holds the High Priest: Red, Green, Blue, Yellow lay in
    # turn, and only the first player lays face up
    text = ('[scenario]\nplayers = 4\nround = 2\nfirst = "Red"\nsun_moon = '
            '"sun_high_priest_open"\nlaid = [{ card = 50, stair = "east" }, '
            '{ card = 3, stair = "north" }]\n')
    game = _read(text)
    s = game.state
    assert s.stairs == [3, 50, None, None] and s.laid_by == [3, 2, None, None]
    assert s.open == [False, True, False, False]
    assert game.pending.kind == "lay" and game.pending.player == 0  # Blue lays next
    assert game.pending.options.face == "hidden"
    view = game.view(0)
    assert view["stairs"]["north"]["card"] is None  # Green's card is face down: Blue cannot see it
    assert view["stairs"]["east"]["card"] == 50


def test_the_draw_variant_draws_the_top_card_for_the_next_lay() -> None:
    text = ('[scenario]\nplayers = 2\ntwo_players = "draw"\nfirst = "Blue"\n'
            'deck = [44, 45, 46]\n[players.Blue]\nhand = [1, 2, 3, 4]\n[players.Yellow]\n'
            'hand = [5, 6, 7, 8]\n')
    two = text.replace('two_players = "draw"\n', 'two_players = "draw"\nlaid = [{ card = 9, '
                       'stair = "north" }, { card = 10, stair = "south" }]\n')
    game = _read(two)
    assert game.pending.kind == "lay_drawn" and game.pending.player == 0
    assert game.state.drawn == 44 and game.state.deck[:2] == [45, 46]
    assert [str(a) for a in game.legal_actions()] == ["lay 44 east", "lay 44 west"]
    again = _read(scenario_text(game.state))
    _same_position(again, game)
    assert "deck = [44, 45, 46" in scenario_text(game.state)  # the card drawn is the top one
    three = two.replace('stair = "south" }]', 'stair = "south" }, { card = 44, stair = "east" }]'
                        ).replace("deck = [44, 45, 46]", "deck = [45, 46]")
    game = _read(three)
    assert game.pending.kind == "lay_drawn" and game.pending.player == 1 and game.state.drawn == 45


BAD = {
    "scenario.laid[1].card": ('players = 3\nlaid = [{ card = 5, stair = "north" }, '
                              '{ card = 5, stair = "east" }]', "laid before"),
    "scenario.laid[0].card": ('players = 3\nlaid = [{ card = 5, stair = "north" }]\n'
                              '[players.Blue]\nhand = [5, 6, 7, 8]', "also in a hand"),
    "scenario.laid[1].stair": ('players = 4\nlaid = [{ card = 5, stair = "north" }, '
                               '{ card = 6, stair = "north" }]', "free stair"),
    "scenario.laid": ('players = 3\nlaid = [{ card = 5, stair = "north" }, { card = 6, stair = '
                      '"east" }, { card = 7, stair = "south" }]', "at most 2"),
    "scenario.laid[0].stair": ('players = 2\nlaid = [{ card = 5, stair = "up" }]', "stair"),
    "scenario.laid[0]": ('players = 2\nlaid = [{ card = 5 }]', "missing"),
}


@pytest.mark.parametrize("field", sorted(BAD))
def test_laid_cards_play_cannot_reach_name_the_field(field: str) -> None:
    body, words = BAD[field]
    with pytest.raises(ScenarioError) as info:
        _read(f"[scenario]\n{body}\n")
    assert info.value.field in (field, f"{field}.stair"), info.value
    assert words in info.value.message, info.value
