"""The priests game on the widget shell, kernel side: clicks, refusals, panels, hidden cards.

A card is laid with two clicks (a hand card, then a stair); a click that means nothing now
changes nothing and says why, with the rule; every decision kind has its panel; what a
seated learner's browser receives does not change when another player's hidden card is
swapped; hostile text in a chapter stays text.
"""

from __future__ import annotations

import doctest
import importlib
import random
import xml.etree.ElementTree as ET

import pytest
from mp_tutor.widgets import Board, DecisionPanel, LessonPanel, Tutor
from mp_tutor.widgets.priests import ADAPTER
from mp_tutor.widgets.priests.panels import (
    DrawnPanel,
    GameOverPanel,
    LayPanel,
    OrderPanel,
    ReturnPanel,
)
from test_markup_safety import PAYLOAD, assert_safe, toml_string
from widget_state import html_values, synced_states

from mp_tutor.core.i18n import set_language
from mp_tutor.core.lessons import find_chapter, load_chapter_text
from mp_tutor.priests import GAME, Game, load_scenario
from mp_tutor.priests.engine import DECISIONS
from mp_tutor.priests.scenario import list_scenarios
from mp_tutor.priests.svg import board as picture
from mp_tutor.priests.svg.style import CARD_BACK

MODULES = ["mp_tutor.widgets.priests", "mp_tutor.widgets.priests.adapter",
           "mp_tutor.widgets.priests.panels", "mp_tutor.priests.svg", "mp_tutor.priests.svg.style",
           "mp_tutor.priests.svg.temple", "mp_tutor.priests.svg.info", "mp_tutor.priests.svg.hand"]


def fresh() -> Board:
    """3 players, round 1 (everybody lays face up): Blue holds 10, 16, 22 and 30."""
    return Board(Game.new(players=3, seed=2))


def laid_all(board: Board) -> None:
    while board.game.pending.kind == "lay":
        assert board.act(board.game.legal_actions()[0])


def pushed_out() -> Board:
    """Priest 4 was pushed out and its start square is taken: Blue puts it back."""
    board = Board(load_scenario("pushed-out"))
    for action in ("lay 44 south", "lay 33 east", "lay 22 north", "lay 11 west", "order tallest"):
        assert board.act(action), board.error
    assert board.game.pending.kind == "return_priest"
    return board


# -- clicks ---------------------------------------------------------------------------------
def test_a_card_then_a_stair_lays_the_card() -> None:
    board = fresh()
    assert board.click("card-16")
    assert board.snapshot.selected == "card-16" and board.snapshot.targets["card-16"].selected
    assert 'data-hand-card="16"' in board.svg and "mp-pr-selected" in board.svg
    assert board.game.history == []  # picking a card plays nothing
    assert board.click("stair-east")
    assert board.game.state.stairs == [None, 16, None, None]
    assert board.snapshot.selected == "" and "mp-pr-selected" not in board.svg
    assert board.snapshot.log[-1].text == "Blue lays card 16 face up on the East stair and draws a card."
    assert 'data-stair="east" data-laid="true" data-open="true" data-card="16"' in board.svg


def test_a_picked_card_is_put_back_by_a_second_click_or_cancel() -> None:
    board = fresh()
    board.click("card-10")
    board.click("card-10")
    assert board.snapshot.selected == ""
    board.click("card-22")
    board.cancel()
    assert board.snapshot.selected == "" and "mp-pr-selected" not in board.svg
    board.click("card-22")
    board.click("card-30")  # another card: the pick moves
    assert board.snapshot.selected == "card-30"


def test_face_down_follows_the_sun_moon_card() -> None:
    lesson = LessonPanel("01", game="priests")
    board = lesson.board
    assert board.game.pending.options.face == "hidden"
    board.click("card-44")
    assert board.click("stair-north")
    assert board.game.state.open[0] is False and lesson.run.done[0]
    assert 'data-stair="north" data-laid="true" data-open="false"' in board.svg


def test_a_returning_priest_goes_on_a_highlighted_square() -> None:
    board = pushed_out()
    squares = sorted(k for k in board.snapshot.targets if k.startswith("square-"))
    assert squares == ["square-r0c1", "square-r1c0", "square-r1c2", "square-r2c1"]
    assert board.svg.count("data-target=\"square-") == 4
    assert board.click("square-r1c0")
    assert board.game.view(None)["priests"]["4"]["square"] == "r1c0"


# -- refusals -------------------------------------------------------------------------------
def unchanged(board: Board, click: str, rule: str, words: str) -> None:
    before, svg = board.game.to_json(), board.svg
    assert board.click(click) is False
    assert board.error["rule"] == rule, board.error
    assert words in board.error["message"], board.error["message"]
    assert board.error["section"]
    assert board.game.to_json() == before and board.svg == svg


def test_refused_clicks_change_nothing_and_say_why_with_the_rule() -> None:
    board = fresh()
    unchanged(board, "stair-north", "lay.turn", "First choose the card to lay")
    board.click("card-10")
    board.click("stair-north")
    board.click("card-4")  # Yellow's turn now: 4 is Yellow's
    unchanged(board, "stair-north", "lay.free_stair", "The North stair already holds a card")
    assert board.snapshot.selected == "card-4"  # the pick stays after a refusal
    board.browser.message({"type": "dismiss"})  # OK on the message: the card stays picked
    assert board.error == {} and board.snapshot.selected == "card-4"
    assert board.click("stair-north") is False
    board.browser.message({"type": "cancel"})  # Escape or Cancel: the pick goes too
    assert board.error == {} and board.snapshot.selected == ""
    board.click("card-4")
    laid_all(board)
    assert board.game.pending.kind == "order"
    unchanged(board, "stair-south", "move.order", "Answer in the panel beside the board")
    board = pushed_out()
    unchanged(board, "square-r3c3", "move.return_adjacent", "is not next to the start square r1c1")


def test_the_engine_refuses_a_face_against_the_sun_moon_card() -> None:
    lesson = LessonPanel("01", game="priests")
    before = lesson.game.to_json()
    assert lesson.board.act("lay 44 north open") is False
    assert lesson.board.error["rule"] == "lay.high_priest_hidden"
    assert lesson.game.to_json() == before


def test_a_seat_that_does_not_decide_has_nothing_to_click() -> None:
    board = Board(Game.new(players=3, seed=2), seat=1, bots={})
    assert board.snapshot.targets == {} and 'data-target="' not in board.svg
    unchanged(board, "card-4", "engine.turn", "It is Blue's turn")


# -- panels ---------------------------------------------------------------------------------
def test_every_decision_kind_has_a_panel() -> None:
    kinds = {str(d.kind) for d in DECISIONS if not d.internal}
    assert kinds | {"game_over"} == set(ADAPTER.panels)
    board = fresh()
    panel = DecisionPanel(board)
    assert isinstance(panel.current, LayPanel)
    assert panel.current.pick(22) and panel.current.cards[22].button_style == "primary"
    assert panel.current.lay_on("west") and board.game.state.stairs[3] == 22
    laid_all(board)
    assert isinstance(panel.current, OrderPanel)
    rows = panel.current.table.value
    assert rows.count("<tr") == 5 and "tallest first" in rows
    assert panel.current.choose("smallest")
    board = pushed_out()
    panel = DecisionPanel(board)
    assert isinstance(panel.current, ReturnPanel)
    assert [b.description for b in panel.current.list.children] == ["r0c1", "r1c0", "r1c2", "r2c1"]
    assert panel.current.choose("r2c1")
    game = Game.new(players=4, seed=3)
    rng = random.Random(3)
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
    panel = DecisionPanel(Board(game))
    assert isinstance(panel.current, GameOverPanel) and panel.current.table.value.count("<tr") == 5


def test_the_order_panel_shows_the_engines_preview() -> None:
    board = Board(load_scenario("order-reversed"))
    laid_all(board)
    panel = DecisionPanel(board)
    preview = board.game.pending.options.preview
    differs = [h for h in preview["tallest"].squares
               if (preview["tallest"].squares[h], preview["tallest"].tokens[h])
               != (preview["smallest"].squares[h], preview["smallest"].tokens[h])]
    value = panel.current.table.value
    assert differs and value.count('data-differs="true"') == len(differs)
    assert "The rows in bold differ" in value


@pytest.mark.parametrize("name", list_scenarios())
def test_scenario_plays_on_the_tutor(name: str) -> None:
    game = load_scenario(name)
    tutor = Tutor(game)
    assert tutor.panel.kind in (game.pending.kind, "waiting", "game_over")
    if not game.over:
        before = game.state.copy()
        assert tutor.act(game.legal_actions()[0]), tutor.error
        assert game.state != before
        assert tutor.undo() and game.state == before


@pytest.mark.parametrize("module", MODULES)
def test_docstring_examples(module: str) -> None:
    mod = importlib.import_module(module)
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


# -- hidden information ---------------------------------------------------------------------
def laying_game(swap: bool) -> Game:
    """Chapter 01's round 2; ``swap``: Blue's 44 and Red's 9 were swapped with cards deep in
    the draw pile from the start (the same public history, other hidden cards)."""
    game = find_chapter("01", "priests").new_game()
    if swap:
        for s in (game.state, game._initial):
            for p, card, deck_card in ((0, 44, 26), (2, 9, 24)):
                s.hands[p] = sorted(deck_card if c == card else c for c in s.hands[p])
                s.deck[s.deck.index(deck_card)] = card
        game._touch()
    game.apply("lay 26 north" if swap else "lay 44 north")  # face down: the card says so
    return game


def test_swapping_another_players_hidden_card_changes_nothing_a_seat_receives() -> None:
    game, twin = laying_game(False), laying_game(True)
    assert game.state.stairs != twin.state.stairs and game.state.hands[2] != twin.state.hands[2]
    a, b = Tutor(game, seat=1, bots={}), Tutor(twin, seat=1, bots={})
    assert synced_states(a) == synced_states(b)
    for tutor in (a, b):  # Yellow lays by clicking; then Red decides (not this seat)
        assert tutor.click("card-12") and tutor.click("stair-east")
        assert tutor.panel.kind == "waiting"
    assert synced_states(a) == synced_states(b)


def test_the_teacher_view_does_show_the_swap() -> None:
    a, b = Tutor(laying_game(False), viewer=None), Tutor(laying_game(True), viewer=None)
    assert synced_states(a) != synced_states(b)


def test_pass_and_play_hides_the_hands_of_the_seats_not_deciding() -> None:
    a, b = Tutor(laying_game(False)), Tutor(laying_game(True))
    assert a.board.snapshot.viewer == 1  # Yellow decides: Yellow's view
    assert synced_states(a) == synced_states(b)


def test_the_picture_of_a_seat_shows_a_back_for_a_face_down_card() -> None:
    game = laying_game(False)
    yellow, blue = picture(game.view(1)), picture(game.view(0))
    assert 'data-stair="north" data-laid="true" data-open="false" data-spot="stair-north">' in yellow
    assert 'data-stair="north" data-laid="true" data-open="false" data-card="44"' in blue
    assert "mp-pr-back" in yellow and ">44<" not in yellow


# -- words ----------------------------------------------------------------------------------
def test_hostile_chapter_renders_as_text() -> None:
    text = (GAME.chapter_dir / "01-laying.toml").read_text("utf-8")
    for key in ("title", "instruction", "hint", "done"):
        text = text.replace(f'\n{key} = "', f"\n{key} = {toml_string(PAYLOAD)[:-1]}", 1)
    chapter = load_chapter_text("hostile.toml", text, GAME)
    assert PAYLOAD in chapter.title
    lesson = LessonPanel(chapter)
    lesson.board.click("stair-north")  # refused: the reason
    lesson.board.click("card-44")
    lesson.board.click("stair-north")  # the first task: its hostile done text
    lesson.show_hint()
    values = html_values(lesson)
    assert_safe(values)
    assert "&lt;img src=x onerror=alert(1)&gt;" in "\n".join(values)


@pytest.mark.parametrize("lang", ["fr", "nl"])
def test_the_board_speaks_the_language(lang: str) -> None:
    set_language(lang)
    try:
        board = fresh()
        board.click("stair-north")
        words = {"fr": ("Tour 1 sur", "marche", "Jetons Soleil"),
                 "nl": ("Ronde 1 van", "trap", "Zonnefiches")}[lang]
        joined = board.svg + board.error["message"] + board.status
        for word in words:
            assert word in joined, word
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "words"), [("en", "38 cards"), ("fr", "38 cartes"),
                                              ("nl", "38 kaarten")])
def test_the_draw_pile_is_labelled_with_its_count_of_cards(lang: str, words: str) -> None:
    """Issue 19: the count on the pile's back read like a card's number."""
    set_language(lang)
    try:
        svg = picture(Game.new(players=3, seed=2).view(0))
    finally:
        set_language("en")
    pile = svg[svg.index('class="mp-pr-deck"'):]
    pile = pile[:pile.index("</g>")]
    assert f">{words}<" in pile and "mp-pr-back-mark" not in pile


# -- the variants (issue 19) -----------------------------------------------------------------
def test_the_card_drawn_from_the_pile_is_laid_with_one_click_on_a_stair() -> None:
    """``two_players = "draw"``: the drawer sees the card beside the hand and clicks a stair
    (or a stair's button in the panel); the other seat sees neither the card nor a target."""
    board = Board(Game.new(players=2, seed=5, first=0, two_players="draw"))
    panel = DecisionPanel(board)
    for _ in range(2):
        assert board.act(board.game.legal_actions()[0])
    drawn = board.game.state.drawn
    assert board.game.pending.kind == "lay_drawn" and isinstance(panel.current, DrawnPanel)
    assert f"You drew card {drawn}" in panel.current.info.value
    assert f'data-drawn="{drawn}"' in board.svg and "was drawn from the pile" in board.svg
    free = board.game.pending.options.stairs
    taken = next(st for st in ("north", "east", "south", "west") if st not in free)
    assert not board.click(f"card-{drawn}") and "click a free stair" in board.error["message"]
    assert not board.click(f"stair-{taken}") and board.error["rule"] == "lay.free_stair"
    assert [b.disabled for b in panel.current.stairs.values()] == [
        st not in free for st in ("north", "east", "south", "west")]
    other = Board(Game.from_json(board.game.to_json()), seat=1, bots={})
    assert f'data-drawn="{drawn}"' not in other.svg and other.snapshot.targets == {}
    assert panel.current.lay_on(free[0])
    assert board.game.state.stairs[("north", "east", "south", "west").index(free[0])] == drawn
    assert board.game.pending.kind == "lay_drawn" and board.game.pending.player == 1


def test_the_order_panel_and_the_picture_show_both_pairings_in_the_pairing_variant() -> None:
    board = Board(Game.new(players=3, seed=2, move_order="pairing"))
    laid_all(board)
    panel = DecisionPanel(board)
    value = panel.current.table.value
    pairs = board.game.pending.options
    top = pairs.pairs["4"].card
    assert pairs.pairs_smallest["1"].card == top and "this game&#x27;s variant" in \
        panel.current.info.value
    assert value.count("<tr") == 5 and f"{top} (" in value
    assert board.svg.count("reversed: priest") + board.svg.count(">reversed:<") == 4
    plain = Board(Game.new(players=3, seed=2))
    laid_all(plain)
    assert "reversed:" not in plain.svg


# -- what the picture shows ------------------------------------------------------------------
SVG = "{http://www.w3.org/2000/svg}"


def _stair(svg: str, name: str) -> ET.Element:
    found = ET.fromstring(svg).find(f".//{SVG}g[@data-stair='{name}']")
    assert found is not None, name
    return found


def test_a_card_laid_face_down_looks_face_down_where_its_number_is_known() -> None:
    """Chapter 01 (the teacher's view, its default): Blue lays 44 face down on the North
    stair. The teacher sees its number, but on the card's back, not on a face."""
    lesson = LessonPanel("01", game="priests")
    assert lesson.board is not None and lesson.board.snapshot.viewer is None
    lesson.solve()
    north = _stair(lesson.board.svg, "north")
    assert north.get("data-open") == "false" and north.get("data-card") == "44"
    card = next(g for g in north.iter(f"{SVG}g") if "mp-pr-card" in (g.get("class") or ""))
    assert "mp-pr-down" in (card.get("class") or "")
    assert card.find(f"{SVG}rect").get("fill") == CARD_BACK  # the back, not a face
    numbers = {t.get("class"): "".join(t.itertext()) for t in card.iter(f"{SVG}text")}
    assert numbers == {"mp-pr-peek-num": "44"}
    seated = Board(load_scenario("laying-three"), seat=0, auto_bots=False)  # Blue: the same
    assert seated.act("lay 44 north hidden")
    card = next(g for g in _stair(seated.svg, "north").iter(f"{SVG}g")
                if "mp-pr-card" in (g.get("class") or ""))
    assert "mp-pr-down" in (card.get("class") or "")


@pytest.mark.parametrize("moves", [0, 4], ids=["start", "after the moves"])
def test_a_start_squares_number_is_never_under_a_priest(moves: int) -> None:
    """Chapter 01's position: the priests stand on their start squares, whose numbers are
    left out (the square's title says whose start square it is); once a priest has moved
    on, its free start square shows its number."""
    board = Board(load_scenario("laying-three"), viewer=None)
    for step in load_scenario("laying-three").scenario.script[:moves]:
        assert board.act(step.action), board.error
    view = board.snapshot.view
    stood = {pr["square"] for pr in view["priests"].values()}
    root = ET.fromstring(board.svg)
    squares = {g.get("data-square"): g for g in root.iter(f"{SVG}g") if g.get("data-square")}
    starts = {name: g for name, g in squares.items() if g.find(f".//{SVG}g[@data-start]") is not None}
    assert starts and (set(starts) - stood if moves else stood & set(starts))
    for name, g in starts.items():
        nums = [t for t in g.iter(f"{SVG}text") if t.get("class") == "mp-pr-start-num"]
        assert (not nums) == (name in stood), name
        assert "the start square of priest" in "".join(g.find(f"{SVG}title").itertext())
