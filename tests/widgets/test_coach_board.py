"""The coach on the board: Hint, "What did that cost?", "Why?" (kernel side, no browser).

Small fixed ``iterations`` on one worker (no processes) keep it quick and deterministic;
the coach's pools are shut down after the module, so no process or thread is left behind.
"""

from __future__ import annotations

import asyncio
import re
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from mp_tutor.widgets import Board, LessonPanel, LogView, Tutor
from mp_tutor.widgets import coaching as coaching_module
from widget_state import synced_states

import mp_tutor.coach
from mp_tutor import Game, load_scenario
from mp_tutor.coach.pool import thread_pool
from mp_tutor.core.lessons import find_chapter
from mp_tutor.core.registry import get_game
from mp_tutor.priests import Game as PriestsGame
from mp_tutor.princes.bots import RandomBot

FAST = {"iterations": 24, "workers": 1}


@pytest.fixture(autouse=True, scope="module")
def _stop_the_coach() -> Iterator[None]:
    yield
    mp_tutor.coach.shutdown()


def full_game(**kwargs: Any) -> Tutor:
    """Chapter 14's start: Blue against two builder bots, nights played at once."""
    chapter = find_chapter("14", "princes", "en")
    kwargs.setdefault("coach_options", FAST)
    return Tutor(chapter.new_game(), seat=0, bots="builder", auto_night=True, **kwargs)


def played_a_little() -> Tutor:
    """Blue placed a farmer, moved and produced; the bots answered (Incas, moves)."""
    tutor = full_game()
    for move in ("inca farmer", "move corn_terraces", "produce 1"):
        assert tutor.act(move), tutor.error
    return tutor


def entries(board: Board, what: str) -> list[int]:
    return [e.i for e in board.snapshot.log if e.coach == what]


def wait_answers(board: Board) -> None:
    """Run an event loop until no answer is pending (answers come through the loop)."""
    async def until_answered() -> None:
        while board.coach_box.get("state") == "thinking" or any(
                n["state"] == "thinking" for n in board.notes.values()):
            await asyncio.sleep(0.01)
    asyncio.run(asyncio.wait_for(until_answered(), 60))


# -- the button ------------------------------------------------------------------------------
def test_the_hint_button_is_there_only_with_a_coach() -> None:
    assert full_game().board.coach_box["on"]
    assert Tutor(Game.new(players=3, seed=1)).board.coach_box["on"]  # the Princes: on
    assert not Tutor(Game.new(players=3, seed=1), coach=False).board.coach_box["on"]
    assert not Board(Game.new(players=3, seed=1)).coach_box["on"]  # a plain board: asked for
    assert get_game("priests").coach is not None
    assert Tutor(PriestsGame.new(players=3, seed=2)).board.coach_box["on"]  # the priests: on
    with pytest.raises(ValueError, match="coach option"):
        Board(Game.new(players=3, seed=1), coach=True, coach_options={"iterations": 0})
    with pytest.raises(ValueError, match="unknown coach option"):
        Board(Game.new(players=3, seed=1), coach=True, coach_options={"depth": 3})


def test_no_hint_for_a_decision_that_is_not_the_viewers() -> None:
    game = Game.new(players=3, seed=1)
    tutor = Tutor(game, seat=0, bots={1: RandomBot(1), 2: RandomBot(2)}, auto_bots=False,
                  coach_options=FAST)
    assert tutor.act("inca farmer")
    board = tutor.board
    assert game.decider == 1  # Yellow's bot decides (it waits for Next)
    assert not board.coach_box["can"] and "bot" in board.coach_box["tip"]
    assert board.hint() is None and board.error["message"]
    assert board.coach_box["state"] == ""
    seated = Tutor(Game.new(players=2, seed=3), seat=1, bots={}, coach_options=FAST)
    assert seated.board.hint() is None  # Blue (seat 0) decides: not this seat's decision
    assert not seated.board.coach_box["can"]


def test_the_coach_is_asked_about_the_seat_and_from_the_seats_knowledge(monkeypatch) -> None:
    asked: list[tuple[str, Any, Any]] = []
    real_hint, real_why = coaching_module.hint_async, coaching_module.why_async

    def spy_hint(game: Any, player: Any, *a: Any, **k: Any) -> Any:
        asked.append(("hint", player, None))
        return real_hint(game, player, *a, **k)

    def spy_why(before: Any, action: Any, player: Any, *a: Any, **k: Any) -> Any:
        asked.append(("why", player, k.get("viewer")))
        return real_why(before, action, player, *a, **k)

    monkeypatch.setattr(coaching_module, "hint_async", spy_hint)
    monkeypatch.setattr(coaching_module, "why_async", spy_why)
    tutor = played_a_little()
    board = tutor.board
    board.hint()
    board.coach.why(entries(board, "why")[0])
    assert asked[0] == ("hint", 0, None)
    assert asked[1][0] == "why" and asked[1][1] in (1, 2) and asked[1][2] == 0  # Blue's view


# -- the answer comes through the event loop ----------------------------------------------
def test_the_hint_arrives_through_the_event_loop_and_the_board_stays_responsive() -> None:
    tutor = full_game()
    board = tutor.board
    threads: list[int] = []
    board.observe(lambda _c: threads.append(threading.get_ident()), "coach_box")
    gate = threading.Event()

    async def main() -> dict[str, float]:
        thread_pool().submit(gate.wait, 30)  # the coach is busy: the hint waits its turn
        t0 = time.perf_counter()
        future = board.hint()
        asked = time.perf_counter() - t0
        assert future is not None and not future.done()
        assert board.coach_box["state"] == "thinking" and not board.coach_box["can"]
        assert board.hint() is future  # a second click while thinking asks nothing new
        t1 = time.perf_counter()
        assert not board.click("main_temple")  # handled at once: Blue must place an Inca
        clicked = time.perf_counter() - t1
        assert board.error["rule"] == "engine.turn" and not future.done()
        gate.set()
        await asyncio.wrap_future(future)
        while board.coach_box["state"] == "thinking":
            await asyncio.sleep(0.005)
        return {"asked": asked, "clicked": clicked}

    times = asyncio.run(main())
    assert times["asked"] < 0.5 and times["clicked"] < 0.5, times
    assert board.coach_box["state"] == "ready"
    assert set(threads) == {threading.get_ident()}  # every change on the kernel's thread
    box = board.coach_box
    assert box["move"] and not box["move"].startswith("inca ")  # in words, not notation
    assert box["value"].endswith("%") and str(FAST["iterations"]) in box["value_tip"]
    assert box["reasons"] and all(isinstance(r["rules"], list) for r in box["reasons"])
    assert 1 <= len(box["alternatives"]) <= 3
    assert board.hint_target in board.snapshot.targets  # a district the learner may click


def test_a_hint_for_a_position_that_is_gone_is_dropped() -> None:
    board = full_game().board
    gate = threading.Event()

    async def main() -> None:
        thread_pool().submit(gate.wait, 30)
        future = board.hint()
        assert board.act("inca farmer")  # the learner plays meanwhile
        assert board.coach_box["state"] == "" and board.hint_target == ""
        gate.set()
        await asyncio.sleep(0)
        if not future.cancelled():  # it was not started: cancelled; else it is dropped
            await asyncio.wrap_future(future)
        await asyncio.sleep(0.05)

    asyncio.run(main())
    assert board.coach_box["state"] == "" and board.hint_target == ""


def test_the_highlight_is_set_and_cleared() -> None:
    board = Board(load_scenario("coca-plantation-production"), coach=True, coach_options=FAST)
    assert board.hint() is not None and board.coach_box["state"] == "ready"  # no loop: waits
    target = board.hint_target
    assert target and target in board.snapshot.targets and board.snapshot.targets[target].what == "move"
    board.coach.close()
    assert board.hint_target == "" and board.coach_box["state"] == ""
    board.hint()
    assert board.hint_target == target  # the same answer: deterministic
    board.act(board.snapshot.targets[target].action)
    assert board.hint_target == "" and board.coach_box["state"] == ""
    board.undo()
    assert board.hint_target == ""  # the box does not come back with the position


def test_play_this_move_plays_the_suggestion_through_the_lesson() -> None:
    """The hint box's "Play this move" sends the suggestion like any typed move: checked,
    judged by the lesson (chapter 14 takes any legal move), and the box goes."""
    tutor = full_game()
    board = tutor.board
    board.hint()
    action = board.coach_box["action"]
    assert action in [a.notation() for a in board.game.legal_actions()]
    before = len(board.game.history)
    board._handle_custom_msg({"type": "act", "action": action}, [])
    assert not board.error and board.game.history[before].notation() == action
    assert board.coach_box["state"] == ""


# -- what did that cost? and why? -----------------------------------------------------------
def test_what_did_that_cost_and_why() -> None:
    tutor = played_a_little()
    board = tutor.board
    own, bots = entries(board, "cost"), entries(board, "why")
    assert len(own) == 3 and len(bots) == 6  # Blue's moves; the bots' Incas, moves, production
    last = board.coach_box["last"]
    assert last["i"] == own[-1] and "Produce with 1 Inca" in last["text"]
    board.coach.cost()  # the last move
    note = board.notes[str(own[-1])]
    assert note["kind"] == "cost" and note["state"] == "ready"
    assert note["text"] and note["choices"][0]["label"] == "Your move"
    assert all(c["value"].endswith("%") for c in note["choices"])
    board.coach.why(bots[-2])  # Red's move
    why = board.notes[str(bots[-2])]
    assert why["kind"] == "why" and why["state"] == "ready" and why["reasons"], why
    assert any(rule for r in why["reasons"] for rule in r["rules"])
    log = LogView(board)
    assert log.notes == board.notes
    assert [e["i"] for e in log.log if e.get("coach")] == sorted(own + bots)
    board.undo()  # Blue's production is taken back (and the bots' replies): the answers go
    assert str(own[-1]) not in board.notes and str(bots[-2]) not in board.notes
    assert board.coach_box["last"]["i"] == own[-2]


def test_too_few_games_give_no_figure() -> None:
    """A busy computer: the coach plays out too few games to tell a value (fewer than
    ``LEAST_GAMES`` a move). It says it had too little time and gives no figure, neither a
    0% nor the counts of its games (issue 29, point 7)."""
    tutor = full_game(coach_options={"iterations": 1, "workers": 1})
    board = tutor.board
    for move in ("inca farmer", "move corn_terraces", "produce 1"):
        assert tutor.act(move), tutor.error
    board.coach.cost()
    note = board.notes[str(entries(board, "cost")[-1])]
    assert note["state"] == "ready" and "too little time" in note["text"], note
    shown = [note["text"], note["value"], *(c["value"] for c in note["choices"]),
             *(r["text"] for c in note["choices"] for r in c["reasons"])]
    assert not any(re.search(r"%|games \(\d", x) for x in shown), shown
    assert note["value"] == "" and all(c["value"] == "" for c in note["choices"])
    board.coach.why(entries(board, "why")[-1])
    why = board.notes[str(entries(board, "why")[-1])]
    assert why["value"] == "" and any("too little time" in r["text"] for r in why["reasons"])
    assert not any("%" in r["text"] for r in why["reasons"]), why["reasons"]
    wait_answers(board)
    board.hint()
    wait_answers(board)
    box = board.coach_box
    assert box["state"] == "ready" and box["value"] == "" and "too little time" in box["value_text"]
    assert all(a["value"] == "" for a in box["alternatives"])


def test_answers_arrive_through_the_loop_from_the_log_view() -> None:
    tutor = played_a_little()
    board, bots = tutor.board, entries(tutor.board, "why")

    async def main() -> None:
        tutor.log_view._forward(tutor.log_view, {"type": "why", "i": bots[-1]}, [])
        assert board.notes[str(bots[-1])]["state"] == "thinking"
        assert tutor.log_view.notes == board.notes
        while board.notes[str(bots[-1])]["state"] == "thinking":
            await asyncio.sleep(0.01)

    asyncio.run(asyncio.wait_for(main(), 60))
    assert board.notes[str(bots[-1])]["state"] == "ready"
    assert tutor.log_view.notes == board.notes


def test_a_move_too_old_is_said_to_be(monkeypatch) -> None:
    monkeypatch.setattr(coaching_module, "COACH_MOVES", 1)
    tutor = played_a_little()
    board = tutor.board
    assert board.coach.why(entries(board, "why")[0]) is None
    note = board.notes[str(entries(board, "why")[0])]
    assert note["state"] == "old" and "too old" in note["text"]


@pytest.mark.parametrize("message", [
    {"type": "why", "i": 10**100}, {"type": "why", "i": -1}, {"type": "why", "i": "3"},
    {"type": "why", "i": 2.0}, {"type": "why", "i": True}, {"type": "why", "i": None},
    {"type": "why"}, {"type": "cost", "i": [1]}, {"type": "cost", "i": {"i": 1}},
    {"type": "why", "i": 0}, {"type": "cost", "i": 10**6}, {"type": "hint", "i": 3},
    {"type": "coach_close", "junk": "x" * 10_000}, {"type": "shown"},
])
def test_bad_messages_from_the_browser_never_crash(message: dict[str, Any]) -> None:
    tutor = played_a_little()
    board = tutor.board
    before = (board.game.to_json(), dict(board.notes))
    board._handle_custom_msg(message, [])
    tutor.log_view._forward(tutor.log_view, message, [])
    wait_answers(board)
    assert board.game.to_json() == before[0]
    if message["type"] in ("why", "cost"):  # nothing is asked about what is no move
        assert board.notes == before[1] and board.error["rule"] == "engine.unknown"
    assert "Error:" not in board.error.get("message", "")


def test_the_wrong_question_about_a_move_is_refused() -> None:
    board = played_a_little().board
    assert board.coach.why(entries(board, "cost")[0]) is None  # Blue's own move has no "why?"
    assert board.coach.cost(entries(board, "why")[0]) is None  # nor a bot's a "cost"
    assert board.notes == {}


def test_the_full_game_chapter_offers_the_coach() -> None:
    lesson = LessonPanel("14", game="princes")
    board = lesson.board
    assert board.coach.on and board.coach_box["can"]
    board.coach.options = coaching_module.check_options(FAST)
    board.hint()
    suggestion = board.hint_target
    assert board.coach_box["state"] == "ready" and suggestion
    board.click(suggestion)  # the suggested Inca is accepted by the lesson
    assert lesson.run.done[0]
    assert LessonPanel("04", game="princes").board.coach_box["on"] is False  # other chapters: no coach


def test_the_warm_up_starts_when_a_board_is_shown(monkeypatch) -> None:
    started: list[tuple[str, Any]] = []
    monkeypatch.setattr(coaching_module, "warm_up_async",
                        lambda name, workers=None: started.append((name, workers)))
    Tutor(Game.new(players=3, seed=1), coach_options=FAST).board._handle_custom_msg({"type": "shown"},
                                                                         [])
    assert started == []  # one worker: nothing to start
    board = Tutor(Game.new(players=3, seed=1)).board
    board._handle_custom_msg({"type": "shown"}, [])
    assert started == [("princes", None)]


# -- the priests game ------------------------------------------------------------------------
def priests_game(seed: int = 2, swap: tuple[int, int] | None = None) -> Tutor:
    """Blue against two schemer bots (3 players); ``swap=(p, k)``: player ``p``'s hand card
    ``k`` was exchanged with the middle card of the draw pile from the start."""
    game = PriestsGame.new(players=3, seed=seed)
    if swap is not None:
        p, k = swap
        for s in (game.state, game._initial):
            m = len(s.deck) // 2
            s.hands[p][k], s.deck[m] = s.deck[m], s.hands[p][k]
            s.hands[p].sort()
        game._touch()
    return Tutor(game, seat=0, bots="schemer", auto_night=True, coach_options=FAST)


def test_the_priests_hint_is_legal_and_highlights_the_card_and_its_stair() -> None:
    board = priests_game().board
    assert board.coach_box["can"]
    hint = board.hint().result()
    assert hint.action in board.game.legal_actions()
    box = board.coach_box
    assert box["state"] == "ready" and box["move"].startswith("Lay card")
    assert box["reasons"] and any(rule for r in box["reasons"] for rule, _ in r["rules"])
    card, stair = board.hint_target.split()
    assert card in board.snapshot.targets and stair in board.snapshot.targets
    assert board.act(hint.action.notation())
    assert board.hint_target == "" and board.coach_box["state"] == ""


def test_the_priests_cost_and_why() -> None:
    board = priests_game().board
    assert board.act(board.game.legal_actions()[-1].notation())
    own, bots = entries(board, "cost"), entries(board, "why")
    assert len(own) == 1 and len(bots) == 2  # Yellow and Red laid their cards
    board.coach.cost()
    note = board.notes[str(own[0])]
    assert note["state"] == "ready" and note["choices"][0]["label"] == "Your move"
    for i in bots:  # cards laid face up this round: "why?" works from Blue's knowledge
        board.coach.why(i)
        assert board.notes[str(i)]["state"] == "ready" and board.notes[str(i)]["reasons"]


def test_a_card_laid_face_down_is_not_explained_to_a_seat() -> None:
    board = priests_game().board
    asked = 0
    while asked < 2 and not board.game.over:
        assert board.act(board.game.legal_actions()[0].notation())
        for e in board.snapshot.log:
            if e.coach == "why" and "face down" in e.text and str(e.i) not in board.notes:
                board.coach.why(e.i)
                note = board.notes[str(e.i)]
                assert note["state"] == "error" and "cannot" in note["text"], note
                asked += 1
    assert asked == 2


@pytest.mark.parametrize("other", [1, 2])
def test_the_priests_coach_tells_a_seat_nothing_of_the_hidden_cards(other: int) -> None:
    """A bot's hand card swapped with a draw-pile card before any move: every answer of the
    coach (hint, cost, why on every bot move, face up or down) a seated Blue receives is the
    same, as long as the bots play the same (the same public log)."""
    def played(swap: tuple[int, int] | None) -> Tutor:
        tutor = priests_game(swap=swap)
        board = tutor.board
        board.hint()
        for _ in range(3):  # Blue's lays (the last one face down), the bots' replies
            assert board.act(board.game.legal_actions()[0].notation())
        return tutor

    first = played(None)
    texts = [e.text for e in first.board.snapshot.log]
    # a hand card the bot did not play (the bots then play the same: the same public log)
    twins = [played((other, k)) for k in range(len(first.game.state.hands[other]))]
    twin = next(t for t in twins if [e.text for e in t.board.snapshot.log] == texts)
    assert twin.game.state.hands[other] != first.game.state.hands[other]
    tutors = [first, twin]
    for tutor in tutors:
        board = tutor.board
        for i in entries(board, "why"):
            board.coach.why(i)
        board.coach.cost()
        board.hint()
    notes = tutors[0].board.notes
    assert {n["state"] for n in notes.values() if n["kind"] == "why"} == {"ready", "error"}
    assert tutors[0].board.coach_box["state"] == "ready"
    assert synced_states(tutors[0]) == synced_states(tutors[1])
