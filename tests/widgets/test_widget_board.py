"""Kernel-side tests of the board widget: intents in, engine and synced state out.

Messages are sent exactly as the browser sends them (``board._handle_custom_msg``).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from mp_tutor.widgets import Board
from mp_tutor.widgets.lesson_panel import LessonPanel
from mp_tutor.widgets.snapshot import Refusal

from mp_tutor import Game
from mp_tutor.core.actions import Notation
from mp_tutor.core.machine import Machine
from mp_tutor.princes.bots import RandomBot, play_out
from mp_tutor.princes.data import DISTRICTS
from mp_tutor.princes.targets import DistrictTarget, TargetKind

SYNCED = ("svg", "side", "error", "ask", "log", "log_total", "status", "controls", "labels",
          "static", "presentation")


def start_game() -> Game:
    """3 players (seed 1: Blue starts), first Incas placed: Blue and Yellow coca planters, Red potter."""
    game = Game.new(players=3, seed=1)
    for prof in ("coca_planter", "coca_planter", "potter"):
        game.apply(f"inca {prof}")
    assert game.pending.kind == "turn" and game.pending.player == 0
    return game


def send(board: Board, **msg: Any) -> None:
    """What the browser does: a custom message to the widget."""
    board._handle_custom_msg(msg, [])


def snapshot(board: Board) -> tuple[str, dict[str, Any]]:
    traits = {k: json.loads(json.dumps(getattr(board, k))) for k in SYNCED if k != "error"}
    traits["view"] = json.loads(json.dumps(board.snapshot.view))
    return board.game.to_json(), traits


def test_repr_is_deterministic() -> None:
    a, b = Board(start_game()), Board(start_game())
    assert repr(a) == repr(b) == "Board(3 players, day 2, pending: turn Blue)"
    bundle = a._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert data["text/plain"] == repr(a)
    assert "0x" not in repr(a)


def test_static_data() -> None:
    board = Board(start_game())
    assert board.static["initials"] == ["B", "Y", "R"]
    assert len(set(board.static["palette"])) == 3
    assert set(board.labels) >= {"undo", "redo", "next", "present"}
    assert board.svg.count('class="mp-region') == 15 and "Map reconstructed" in board.svg


def test_synced_state_is_json_and_complete() -> None:
    board = Board(start_game())
    for name in SYNCED:
        json.dumps(getattr(board, name))
    assert set(board.snapshot.view["districts"]) == set(DISTRICTS)
    t = board.snapshot.targets
    # first turn: every district, all free
    assert set(t) == set(DISTRICTS)
    assert all(v.cost == 0 and v.what == "move" for v in t.values())
    assert board.svg.count("data-target=") == 2 * 15  # region and label of each district
    assert board.controls["undo"] and not board.controls["redo"]


def test_click_moves_the_prince_and_narrates() -> None:
    board = Board(start_game())
    rev = board.revision
    send(board, type="click", district="coca_plantation")
    g = board.game
    assert g.state.prince[0] == list(DISTRICTS).index("coca_plantation")
    assert board.snapshot.view["districts"]["coca_plantation"]["princes"] == [0]
    assert board.snapshot.view["player"][0]["goods"]["coca"] == 2  # the bonus unit
    assert g.pending.kind == "produce" and g.pending.player == 0
    assert board.snapshot.targets == {"coca_plantation": DistrictTarget(TargetKind.DECIDE)}
    assert board.revision > rev
    texts = [e["text"] for e in board.log]
    assert any("moves the Prince to the Coca Plantation" in t for t in texts)
    assert any(e["rule"] == "district.bonus" for e in board.log)
    assert board.error == {}


def test_production_decision_by_message() -> None:
    board = Board(start_game())
    board.click("coca_plantation")
    corn = board.snapshot.view["player"][0]["goods"]["corn"]
    send(board, type="act", action="produce 1")
    assert board.snapshot.view["player"][0]["goods"]["coca"] == 3
    assert board.snapshot.view["player"][0]["goods"]["corn"] == corn - 1
    assert board.game.pending.player == 1 and board.game.pending.kind == "produce"
    assert board.log[-1]["rule"] in ("produce.corn", None) or any(
        e["rule"] == "produce.corn" for e in board.log)


@pytest.mark.parametrize(
    ("msg", "rule"),
    [
        ({"type": "act", "action": "produce 5"}, "produce.limit"),
        ({"type": "act", "action": "fly north"}, "engine.unknown"),
        ({"type": "act", "action": "move central_plaza"}, "engine.turn"),
        ({"type": "click", "target": "main_temple"}, "engine.turn"),
        ({"type": "click", "district": "atlantis"}, "engine.unknown"),
        ({"type": "viewer", "viewer": "teacher"}, "engine.turn"),
        ({"type": "redo"}, "engine.turn"),
        ({"type": "warp"}, "engine.unknown"),
    ],
)
def test_illegal_intents_change_nothing(msg: dict[str, Any], rule: str) -> None:
    board = Board(start_game())
    board.click("coca_plantation")  # Blue must now decide the production
    before = snapshot(board)
    send(board, **msg)
    assert snapshot(board) == before
    assert board.error["rule"] == rule
    assert board.error["message"]
    assert "section" in board.error
    send(board, type="dismiss")
    assert board.error == {}


def test_illegal_out_of_turn_for_a_seat() -> None:
    game = start_game()
    game.apply("move coca_plantation")
    game.apply("produce 1")  # now Yellow produces
    board = Board(game, seat=0, bots={})
    before = snapshot(board)
    assert board.act("produce 1") is False
    assert board.error["rule"] == "engine.turn"
    assert "Blue" in board.error["message"]
    assert snapshot(board) == before


def test_llama_move_asks_then_pays() -> None:
    board = Board(start_game())
    board.click("watchmans_hut")  # Blue's Prince: Watchman's Hut
    board.act("setup none")
    # Yellow, Red play, back to Blue
    board.act("move coca_plantation")
    board.act("produce 0")
    board.act("produce 0")
    board.act("move potters_quarter")
    board.act("produce 0")
    assert board.game.pending.player == 0 and board.game.pending.kind == "turn"
    far = "condor_temple"
    assert far not in DISTRICTS["watchmans_hut"].adjacent
    assert board.snapshot.targets[far].cost == 1
    before = snapshot(board)
    send(board, type="click", target=far)
    assert board.ask["kind"] == "llama" and board.ask["rule"] == "move.llama"
    assert board.ask["choices"] == [["Pay 1 llama and move", f"move {far}"]]
    assert board.game.to_json() == before[0]  # nothing played yet
    send(board, type="cancel")
    assert board.ask == {} and snapshot(board) == before
    board.click(far)
    llamas = board.snapshot.view["player"][0]["goods"]["llama"]
    send(board, type="confirm")
    assert board.snapshot.view["player"][0]["prince"] == far
    assert board.snapshot.view["player"][0]["goods"]["llama"] == llamas - 1
    assert any(e["rule"] == "move.llama" for e in board.log)


def test_click_own_district_offers_moon_tiles() -> None:
    board = Board(start_game())
    board.click("central_plaza")
    board.act("trade")
    board.act("move coca_plantation")
    board.act("produce 0")
    board.act("produce 0")
    board.act("move potters_quarter")
    board.act("produce 0")
    assert board.game.pending.player == 0
    send(board, type="click", target="central_plaza")
    assert board.ask["kind"] == "stay"
    assert [a for _, a in board.ask["choices"]] == [f"stay {x}" for x in board.snapshot.view["moon_tiles"]]
    assert board.ask["choices"][2][0] == "Take 3 corn"
    send(board, type="act", action=board.ask["choices"][2][1])  # third tile: corn3
    assert board.snapshot.view["player"][0]["moon_tiles"] == ["corn3"]
    assert "corn3" not in board.snapshot.view["moon_tiles"]
    assert board.ask == {}


def test_undo_redo_by_message() -> None:
    board = Board(start_game())
    start = board.game.to_json()
    view0 = board.snapshot.view
    board.click("coca_plantation")
    after_move = board.snapshot.view
    send(board, type="undo")
    assert board.snapshot.view == view0
    assert json.loads(board.game.to_json())["state"] == json.loads(start)["state"]
    assert board.controls["redo"]
    send(board, type="redo")
    assert board.snapshot.view == after_move
    assert not board.controls["redo"]


def test_hot_seat_plays_every_colour() -> None:
    board = Board(start_game())
    assert board.session.seats.seat is None and board.session.seats.bots == {}
    board.click("coca_plantation")
    for player in (0, 1):
        assert board.game.pending.player == player
        assert board.session.seats.may_act(player) and board.snapshot.targets
        assert board.act("produce 1")
    assert board.game.pending.kind == "turn" and board.game.pending.player == 1


def test_seat_with_bots_and_undo_back_to_the_learner() -> None:
    board = Board(Game.new(players=3, seed=1), seat=0, bots="random")
    assert sorted(board.session.seats.bots) == [1, 2]
    assert board.act("inca weaver")
    # the bots placed their Incas at once; back to Blue's first turn
    assert board.game.pending.kind == "turn" and board.game.pending.player == 0
    assert any(e["bot"] for e in board.log)
    assert board.click("temple_of_the_sun")
    g = board.game
    assert g.pending.player in (0, None) or g.over  # bots played until Blue or the night
    assert any(e["bot"] and e["kind"] in ("moved", "took_moon_tile") for e in board.log)
    n = len(g.history)
    assert board.undo()
    assert g.pending.player == 0 and g.pending.kind == "turn"
    assert len(g.history) < n
    assert board.redo()
    assert len(g.history) == n


def test_bot_decision_cannot_be_taken_by_the_learner() -> None:
    board = Board(start_game(), seat=0, bots={1: RandomBot(3)}, auto_bots=False)
    board.click("coca_plantation")
    board.act("produce 1")
    assert board.game.pending.player == 1
    before = snapshot(board)
    assert not board.act("produce 0")
    assert board.error["rule"] == "engine.turn" and "bot" in board.error["message"]
    assert snapshot(board) == before
    assert board.controls["next"]
    send(board, type="next")  # the bot plays its decision
    assert board.game.pending.player != 1 or board.game.pending.kind != "produce"
    assert board.log[-1]["bot"] or any(e["bot"] for e in board.log)


def test_player_view_hides_other_hands() -> None:
    game = start_game()
    blue = Board(game, viewer=0)
    assert blue.snapshot.view["viewer"] == 0
    assert blue.snapshot.view["player"][0]["hand"] and blue.snapshot.view["player"][1]["hand"] is None
    assert blue.snapshot.view["deck_order"] is None
    hot_seat = Board(game)  # pass and play: the view of the player who decides
    assert hot_seat.snapshot.viewer == 0 and hot_seat.snapshot.view["player"][1]["hand"] is None
    assert hot_seat.controls["viewers"] == []  # the teacher's view is not offered
    send(hot_seat, type="viewer", viewer="teacher")
    assert hot_seat.error["rule"] == "engine.turn" and hot_seat.snapshot.viewer == 0
    teacher = Board(game, viewer=None)  # an explicit choice in Python
    assert all(p["hand"] for p in teacher.snapshot.view["player"])
    send(teacher, type="viewer", viewer="pending")
    assert teacher.snapshot.viewer == 0 and teacher.snapshot.view["player"][1]["hand"] is None
    send(teacher, type="viewer", viewer="teacher")
    assert all(p["hand"] for p in teacher.snapshot.view["player"])


def test_seated_board_never_changes_its_viewer_on_request() -> None:
    board = Board(start_game(), seat=1, bots={})
    for value in ("teacher", None, 0, "pending", 2):
        send(board, type="viewer", viewer=value)
        assert board.snapshot.viewer == 1 and board.snapshot.view["player"][0]["hand"] is None
    with pytest.raises(ValueError):
        board.set_viewer(7)
    board.set_viewer(None)  # the teacher's view: an explicit choice, in Python only
    assert board.snapshot.view["player"][0]["hand"] is not None


def test_pass_and_play_view_follows_the_decider() -> None:
    board = Board(start_game(), viewer="pending")
    board.click("coca_plantation")
    assert board.snapshot.view["viewer"] == 0
    board.act("produce 1")
    assert board.snapshot.view["viewer"] == 1
    assert board.snapshot.view["player"][0]["hand"] is None


def test_next_plays_the_night_one_step_at_a_time() -> None:
    game = Game.new(players=3, seed=0)
    bot = RandomBot(0)
    while game.pending.kind != "night":
        game.apply(bot.choose(game))
    board = Board(game)
    assert board.controls["next"] and "Next" in board.status
    assert board.controls["next_tip"].startswith("Play the next automatic step")
    n = board.log_total
    send(board, type="next")
    assert board.log_total > n and board.error == {}
    assert board.log[-1]["kind"] in ("night_phase", "moon_paid", "scout_moved", "passed_granary",
                                     "passed_stable", "reached_summit", "drew_cards") or any(
        e["kind"] == "night_phase" for e in board.log)
    chooser = RandomBot(1)
    for _ in range(100):  # finish the night: Next for automatic steps, choices for the rest
        pend = board.game.pending
        if pend.kind == "turn":
            break
        assert board.next() if pend.kind == "night" else board.act(chooser.choose(board.game))
    assert board.game.pending.kind == "turn"
    assert sum(e["kind"] == "night_phase" for e in board.log) == 4
    before = snapshot(board)
    assert not board.next()  # nothing automatic during the day
    assert snapshot(board) == before and board.error


def test_finished_game_renders() -> None:
    game = Game.new(players=4, seed=2)
    play_out(game, RandomBot(2))
    board = Board(game)
    assert repr(board) == "Board(4 players, day 9, game over)" or repr(board).endswith("game over)")
    assert board.snapshot.view["outcome"] is not None
    assert board.status.startswith("Game over")
    assert board.snapshot.targets == {}
    before = snapshot(board)
    assert not board.click("central_plaza")
    assert board.error["rule"] == "engine.over"
    assert snapshot(board) == before
    assert board.undo()  # a finished game can be stepped back


def test_auto_night_plays_the_night_at_once() -> None:
    board = Board(Game.new(players=3, seed=1), seat=0, bots="random", auto_night=True)
    bot = RandomBot(5)
    for _ in range(200):
        if board.game.over:
            break
        assert board.game.pending.kind != "night"
        assert board.act(bot.choose(board.game))
    assert any(e.kind == "night_phase" for e in board.game.log)


def test_set_game_shows_another_state() -> None:
    board = Board(start_game())
    board.click("coca_plantation")
    other = Game.new(players=2, seed=4)
    board.set_game(other)
    assert board.game is other and board.snapshot.view["players"] == 2
    assert repr(board).startswith("Board(2 players")
    assert board.log_total == len(other.log)


# -- issue 19: small defects seen in the browser ------------------------------------------
def test_a_refused_llama_move_closes_its_confirmation() -> None:
    """The "Pay 1 llama and move" question is stale once its move is refused (here by a
    lesson's judge); a question about another move stays open."""
    board = Board(start_game())
    for a in ("move watchmans_hut", "setup none", "move coca_plantation", "produce 0",
              "produce 0", "move potters_quarter", "produce 0"):
        board.act(a)
    far = "condor_temple"
    board.session.judge = lambda action, player: (Refusal("lesson.task", "Not now.")
                                                  if action.notation() == f"move {far}" else None)
    board.click(far)
    assert board.ask["choices"] == [["Pay 1 llama and move", f"move {far}"]]
    assert board.act("fly") is False  # another refusal: the question is still asked
    assert board.ask["kind"] == "llama"
    send(board, type="act", action=board.ask["choices"][0][1])
    assert board.error["message"] == "Not now." and board.ask == {}


def test_every_district_answers_a_click_while_the_panel_asks_a_question() -> None:
    """Only the district of the question is a target; every other one is a ``data-spot``
    whose click the board sends, and the kernel says why it means nothing now."""
    board = Board(start_game())
    board.click("coca_plantation")  # Blue decides the production now
    assert board.svg.count("data-target=") == 2  # the Coca Plantation: region and label
    assert board.svg.count("data-spot=") == 2 * 14
    before = snapshot(board)
    send(board, type="click", target="main_temple")
    assert board.error["rule"] == "engine.turn" and snapshot(board) == before
    assert "answers a question about the Coca Plantation" in board.error["message"]
    assert "panel" in board.error["message"]


def test_the_first_placement_of_a_prince_cites_the_first_turn_ruling() -> None:
    board = Board(start_game())
    assert board.game.pending.rule == "ruling.first_turn"
    board.act("move coca_plantation")
    moved = [e for e in board.log if e["kind"] == "moved"]
    assert [e["rule"] for e in moved] == ["ruling.first_turn"]


def test_one_click_parses_nothing_and_checks_once(monkeypatch) -> None:
    """A click carries its action: no text is read, the engine checks it once (when it is
    applied), with a lesson's judge in front too; a refused click changes nothing."""
    calls = {"parse": 0, "check": 0}

    def counted(name: str, fn: Any) -> Any:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            calls[name] += 1
            return fn(*args, **kwargs)
        return wrapper

    monkeypatch.setattr(Notation, "parse", counted("parse", Notation.parse))
    monkeypatch.setattr(Machine, "check", counted("check", Machine.check))
    boards = [Board(start_game()), LessonPanel("04", game="princes").board]
    for board in boards:
        calls.update(parse=0, check=0)
        assert board.click("coca_plantation")
        assert calls == {"parse": 0, "check": 1}, calls
    before = boards[0].game.to_json()
    calls.update(parse=0, check=0)
    assert not boards[0].click("condor_temple")  # Blue must produce now: refused, unchanged
    assert calls["parse"] == 0 and boards[0].game.to_json() == before
