"""The studio on the priests game (headless): a position set up by the editing spec's tools
and fields (priests placed, tokens taken, a card laid), two rounds of moves recorded with
sentences and marks, a task and a quiz, saved, read back and proved; a card laid changes
only that card, the hand it leaves and the pile it draws from; tokens are taken as play
takes them."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest

from mp_tutor.core.editing import Button, Field, Position, Refused
from mp_tutor.core.lessons import load_lesson
from mp_tutor.core.registry import get_game
from mp_tutor.core.scenarios import Mark, read_scenario, run_checks
from mp_tutor.priests.editing import EDITING
from mp_tutor.priests.game import Game
from mp_tutor.priests.state import State
from mp_tutor.priests.tables import SQUARE_NAMES
from mp_tutor.studio import lesson as lessons
from mp_tutor.studio.draft import Draft, scenario_tables


def _field(path: str) -> Field:
    return next(f for g in EDITING.groups for f in g.fields if f.path == path)


def _button(button_id: str) -> Button:
    return next(b for g in EDITING.groups for b in g.buttons if b.id == button_id)


def _state(draft: Draft) -> State:
    state = draft.position.state
    assert isinstance(state, State)
    return state


def _click(draft: Draft, tool_id: str, place: str, who: str) -> None:
    made = EDITING.tool(tool_id).change(draft.position, place, who, False)
    assert isinstance(made, dict), made
    assert draft.edit(made) is None


def _press(draft: Draft, button_id: str, item: str = "") -> Refused | None:
    made = _button(button_id).change(draft.position, item)
    assert isinstance(made, dict), made
    return draft.edit(made)


def _two_rounds(draft: Draft, seed: int) -> list[str]:
    """The moves of the rest of this round and the next one (random legal moves)."""
    game = draft.game()
    rng = random.Random(seed)
    end = game.state.round + 2
    moves = []
    while not game.over and not (game.state.round == end and game.pending.kind == "lay"):
        legal = game.legal_actions()
        action = legal[rng.randrange(len(legal))]
        moves.append(action.notation())
        game.apply(action)
    return moves


def test_a_priests_lesson_built_by_clicks_saves_reads_back_and_proves(tmp_path: Path) -> None:
    draft = Draft.new("priests", players=3, seed=11)
    # the form: Red holds the High Priest; the clicks: two priests placed, one card laid
    assert draft.edit({_field("scenario.first").at(""): "Red"}) is None
    _click(draft, "priest", "square-r2c1", "4")
    _click(draft, "priest", "square-r2c3", "1")
    assert _press(draft, "sun", "4") is None and _press(draft, "fire", "1") is None
    lay = EDITING.tool("lay")
    cards = [card for card, _ in lay.each(draft.position)]
    assert [int(c) for c in cards] == _state(draft).hands[2]  # Red lays first
    _click(draft, "lay", "stair-east", cards[0])
    s = _state(draft)
    assert s.stairs[1] == int(cards[0]) and s.laid_by[1] == 2 and s.open[1]
    assert draft.game().pending.player == 0  # then Blue
    # two rounds recorded, with sentences and marks
    moves = _two_rounds(draft, seed=3)
    assert draft.follow(moves) and draft.sheet.actions == tuple(moves)
    draft.say(0, "Blue lays a card: the highest card moves the tallest priest.")
    draft.mark(0, Mark("square-r2c1", "square-r3c1"))
    draft.mark(0, Mark("stair-east", "", "red"))
    # a task (Blue's lay) and a quiz the engine answers
    sheet = lessons.make_task(draft.sheet, 0, "Lay a card on a free stair.", "Any card of "
                              "your hand.", wrong="Lay from your own hand.")
    sheet = lessons.loosen(sheet, 0, ())  # any card laid by Blue
    sheet = lessons.make_quiz(sheet, len(moves), "priests.4.value",
                              "What is priest 4 worth after these two rounds?")
    assert draft.take(sheet) is None
    proof = draft.prove()
    assert proof.ok and (proof.tasks, proof.quizzes) == (1, 1), str(proof)
    # saved, the scenario holds the position and the lesson is a chapter that reads back
    saved = draft.save(tmp_path / "priests-lesson.lesson.toml")
    assert [p.name for p in saved] == ["priests-lesson.toml", "priests-lesson.lesson.toml"]
    raw = tomllib.loads(saved[0].read_text("utf-8"))
    assert raw["scenario"]["laid"] == [{"card": int(cards[0]), "stair": "east"}]
    assert raw["priests"]["4"]["square"] == "r2c1" and raw["priests"]["1"]["slots"] == [[-3]]
    assert raw["script"][0]["marks"] == [{"arrow": ["square-r2c1", "square-r3c1"]},
                                         {"place": "stair-east", "colour": "red"}]
    scenario = read_scenario(Game, saved[0])
    assert run_checks(scenario) == [] and len(scenario.script) == len(moves)
    chapter = load_lesson(saved[1])
    assert [t.id for t in chapter.tasks] == ["step1"] and len(chapter.quizzes) == 1
    again = Draft.open(saved[1])
    assert scenario_tables(again.sheet) == scenario_tables(draft.sheet)
    assert again.prove().ok
    resaved = again.save(tmp_path / "again.lesson.toml")
    assert [p.read_text("utf-8") for p in resaved][1].replace("again.toml", "x") == \
        saved[1].read_text("utf-8").replace("priests-lesson.toml", "x")


@pytest.mark.parametrize(("players", "two_players"), [(2, "alternate"), (2, "draw"),
                                                      (3, "alternate"), (4, "alternate")])
def test_a_card_laid_changes_only_the_card_the_hand_and_the_pile(players: int,
                                                                 two_players: str) -> None:
    for seed in range(4):
        draft = Draft.new("priests", players=players, seed=seed, two_players=two_players)
        if seed % 2:  # a file that names a hand and the top of the pile
            s = _state(draft)
            p = s.queue[0].player
            assert p is not None
            assert draft.edit({f"players.{draft.position.colours[p]}.hand": s.hands[p],
                               "scenario.deck": s.deck[:2]}) is None
        lay = EDITING.tool("lay")
        laid = 0
        while True:
            before = _state(draft).copy()
            step = before.queue[0]
            assert step.player is not None
            card, _ = lay.each(draft.position)[-1]
            place = lay.places(draft.position, card)
            made = lay.change(draft.position, sorted(place)[0], card, False)
            assert isinstance(made, dict)
            refused = draft.edit(made)
            if refused is not None:
                assert refused.field == "scenario.laid" and "at most" in refused.message
                break
            laid += 1
            after = _state(draft)
            drawn = step.kind == "lay_drawn"
            assert int(card) in after.stairs and after.laid_by.count(step.player) >= 1
            for q in range(players):
                want = before.hands[q]
                if q == step.player and not drawn:  # the card leaves, the top card comes in
                    want = sorted([c for c in want if c != int(card)] + before.deck[:1])
                assert after.hands[q] == want, (seed, q)
            pile = [before.drawn, *before.deck] if before.drawn is not None else before.deck
            now = [after.drawn, *after.deck] if after.drawn is not None else after.deck
            assert now == pile[1:]
            assert sorted(after.removed) == sorted(before.removed)
            assert (after.pos, after.slots, after.priest_cards, after.sun_moon_deck) == (
                before.pos, before.slots, before.priest_cards, before.sun_moon_deck)
        assert laid == (2 if players == 3 else 3)
        # taken back, the last card goes on top of the pile; the hands stay as they are
        s = _state(draft)
        hands, pile = s.hands, ([s.drawn, *s.deck] if s.drawn is not None else s.deck)
        last = draft.position.get("scenario.laid")
        assert isinstance(last, list)
        assert _press(draft, "take_back") is None
        s = _state(draft)
        assert s.hands == hands and last[-1]["card"] not in s.stairs
        top = [s.drawn, *s.deck] if s.drawn is not None else s.deck
        assert top[0] == last[-1]["card"] and top[1:] == pile[: len(top) - 1]


def test_tokens_are_taken_as_play_takes_them_and_given_back_last_first() -> None:
    draft = Draft.new("priests", players=4, seed=2)
    for button, h in (("sun", "4"), ("sun", "3"), ("fire", "4"), ("fire", "2")):
        assert _press(draft, button, h) is None

    def get(path: str) -> object:
        return draft.position.get(path)

    assert (get("priests.4.slots"), get("priests.3.slots"), get("priests.2.slots")) == (
        [[1], [-3]], [[2]], [[-4]])
    # a token taken before another goes back after it: priest 4's -3 after priest 2's -4
    refused = _press(draft, "give_back", "4")
    assert isinstance(refused, Refused) and "-4 is taken while -3 is left" in refused.message
    assert _press(draft, "give_back", "2") is None and _press(draft, "give_back", "4") is None
    refused = _press(draft, "give_back", "4")  # its sun token 1, while priest 3 holds the 2
    assert isinstance(refused, Refused) and "2 is taken while 1 is left" in refused.message
    assert (get("priests.4.slots"), get("priests.2.slots")) == ([[1]], [])
    # the centre: two sun tokens, both on the last free slot when only one is free
    for _ in range(3):
        assert _press(draft, "sun", "1") is None
    assert _press(draft, "fire", "1") is None and _press(draft, "centre", "1") is None
    assert get("priests.1.slots") == [[3], [4], [5], [-3], [5, 6]]
    assert _button("sun").change(draft.position, "1") == _button("fire").change(
        draft.position, "1")  # both say why: every slot of priest 1 is filled
    assert _button("give_back").change(draft.position, "3") == {"priests.3.slots": None}
    refused = _press(draft, "give_back", "3")  # sun tokens 3 to 6 were taken after its 2
    assert isinstance(refused, Refused) and refused.field.startswith("priests.")


def test_bad_clicks_and_items_are_answered_in_words() -> None:
    position = Position.read(Game, {"scenario": {"players": 2}})
    for tool_id, place, who in (("priest", "stair-north", "4"), ("priest", "square-r1c2", "9"),
                                ("lay", "square-r1c2", "1"), ("lay", "stair-north", "99"),
                                ("lay", "nowhere", "")):
        made = EDITING.tool(tool_id).change(position, place, who, False)
        assert not isinstance(made, dict) and str(made), (tool_id, place, who)
    for button in ("sun", "centre", "fire", "give_back"):
        assert not isinstance(_button(button).change(position, "7"), dict)
    assert not isinstance(_button("take_back").change(position, ""), dict)
    assert str(EDITING.place_name("stair-west")) == "West stair"
    assert EDITING.target("square-r2c2", "mark it").square == "r2c2"


def test_the_editor_of_every_game_names_its_tools_places() -> None:
    info = get_game("priests")
    assert info.editing is EDITING
    places = set(info.game.position.places)
    position = Position.read(Game, {"scenario": {"players": 3}})
    for tool in EDITING.tools:
        items = [who for who, _ in tool.each(position)] if tool.each else [""]
        for who in items:
            assert set(tool.places(position, who)) <= places
            # a click on a priest or on a card of the hand chooses it: an item of the tool
            picks = tool.picked(position, who)
            assert {item for item, _ in picks.values()} <= set(items)
            assert [str(says) for item, says in picks.values() if item == who]
    state = position.state
    assert isinstance(state, State)
    standing = EDITING.tool("priest").picked(position, "4")
    assert sorted(standing) == sorted(f"square-{SQUARE_NAMES[q]}" for q in state.pos if q is not None)
    layer = state.queue[0].player
    assert layer is not None
    assert set(EDITING.tool("lay").picked(position, "")) == {f"card-{c}" for c in state.hands[layer]}
