"""The studio on the priests game, kernel side: a click on a priest or on a card of the hand
chooses it (the picture shows which), the next click puts it; the script's steps are named
in words in the studio's language; a quick check asks for the value unless told, and the
quick check shown is the one Remove takes."""

from __future__ import annotations

from mp_tutor.widgets.studio import Studio
from mp_tutor.widgets.studio.script import step_names

from mp_tutor.core.i18n import set_language
from mp_tutor.priests.targets import PlaceTarget


def _target(studio: Studio, place: str) -> PlaceTarget:
    found = studio.board.snapshot.targets[place]
    assert isinstance(found, PlaceTarget)
    return found


def _laid(studio: Studio) -> object:
    return studio.draft.position.get("scenario.laid")


def test_a_click_on_a_priest_chooses_it_and_the_next_puts_it() -> None:
    studio = Studio(game="priests", players=3)
    board, pane = studio.board, studio.panes["position"]
    assert (studio.editor.tool.id, studio.editor.tool.who) == ("priest", "4")
    assert _target(studio, "square-r1c1").selected  # priest 4's square, chosen
    assert _target(studio, "square-r3c1").says == "r3c1: choose priest 1, who stands here"
    assert board.click("square-r3c1")               # a click on priest 1 chooses it
    assert (studio.editor.tool.who, pane.who.value) == ("1", "1")
    assert studio.draft.position.get("priests.1.square") == "r3c1"  # nothing moved
    assert not studio.draft.can_undo
    assert _target(studio, "square-r3c1").selected
    assert _target(studio, "square-r3c1").says == "r3c1: priest 1 stands here, chosen"
    assert "(priest 1)" in board.snapshot.status
    assert board.click("square-r0c2")               # the next click puts it there
    assert studio.draft.position.get("priests.1.square") == "r0c2"
    assert _target(studio, "square-r0c2").selected
    assert _target(studio, "square-r2c2").says == "r2c2: put priest 1 here"


def test_a_click_on_a_card_of_the_hand_chooses_the_card_to_lay() -> None:
    studio = Studio(game="priests", players=3)
    board, pane = studio.board, studio.panes["position"]
    pane.tools.value = "lay"
    cards = sorted(p for p in board.snapshot.targets if p.startswith("card-"))
    assert cards == ["card-27", "card-28", "card-34", "card-6"]  # Yellow lays first
    assert _target(studio, "card-6").selected and pane.who.value == "6"
    assert _target(studio, "card-27").says == "Card 27: click it, then a free stair"
    assert board.click("card-27")
    assert pane.who.value == "27" and _laid(studio) is None
    assert _target(studio, "card-27").selected and not _target(studio, "card-6").selected
    picture = board.snapshot.picture
    assert 'class="mp-pr-hand-card mp-pr-selected" data-hand-card="27"' in picture
    assert "Card 27 chosen: now click a free stair." in picture
    assert "lay card 27 here" in _target(studio, "stair-east").says
    assert board.click("stair-east")
    assert _laid(studio) == [{"card": 27, "stair": "east"}]
    # Red lays next: the cards offered are Red's, the first chosen
    assert sorted(p for p in board.snapshot.targets if p.startswith("card-")) == [
        "card-29", "card-44", "card-49", "card-8"]
    assert pane.who.value == "8" and _target(studio, "card-8").selected
    assert studio.history(False) and _laid(studio) is None  # Undo change


def test_steps_in_words_and_quick_checks() -> None:
    studio = Studio(game="priests", players=3)
    board = studio.board
    studio.set_mode("script")
    for place in ("card-27", "stair-east", "card-49", "stair-north", "card-4", "stair-south"):
        assert board.click(place), place
    assert board.act("order tallest")
    assert step_names(studio) == ["1. Yellow: Lay card 27 on the East stair",
                                  "2. Red: Lay card 49 on the North stair",
                                  "3. Blue: Lay card 4 on the South stair",
                                  "4. Yellow: Move the tallest priest first"]
    try:
        set_language("fr")
        assert step_names(studio)[1] == "2. Rouge : Poser la carte 49 sur la marche Nord"
    finally:
        set_language("en")
    studio.set_mode("lesson")
    pane = studio.panes["lesson"]
    assert [label for label, _ in pane.step.options] == step_names(studio)
    assert pane.quiz_measure.value == "fact"
    pane.quiz_step.value = 4
    pane.quiz_fact.value = "tokens.sun_left"
    pane.question.value = "How many sun tokens are left?"
    pane.add_quiz.click()
    assert "answer is 11." in studio.message.value
    lesson = studio.draft.sheet.lesson
    assert lesson is not None and lesson.quizzes[0].table["measure"] == "fact"
    assert pane.quizzes.value == 0  # shown: Remove takes it
    pane.drop_quiz.click()
    lesson = studio.draft.sheet.lesson
    assert lesson is not None and not lesson.quizzes
