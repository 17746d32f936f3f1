"""The coach where no thread or process can start (the browser's Python), tried in CPython.

``mp_tutor.core.runtime.CAN`` is what the coach asks before starting a thread or a process;
taking both away here is what Pyodide does (there ``sys.platform == "emscripten"`` sets
them). The questions then run in slices on the running event loop: the same answers as
on CPython's thread and worker processes for the same game, seed, iterations and workers,
a future that completes on the loop, and a loop that does other work between slices.
A failed start (a thread, a process, a worker that cannot import mp_tutor) is detected and
the coach goes on in this process with the same answers.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from mp_tutor.widgets import Board
from mp_tutor.widgets import coaching as coaching_module

import mp_tutor.coach
from mp_tutor import Game, load_scenario
from mp_tutor.coach import hint, hint_async, review, review_async, why, why_async
from mp_tutor.coach import pool as pool_module
from mp_tutor.coach import workers as workers_module
from mp_tutor.coach.workers import Workers
from mp_tutor.core import runtime
from mp_tutor.core.lessons import notebooks
from mp_tutor.core.table import play_until_person
from mp_tutor.priests import Game as PriestsGame
from mp_tutor.priests.bots import SchemerBot
from mp_tutor.princes.bots import BuilderBot


@pytest.fixture(autouse=True)
def _fresh_coach() -> Iterator[None]:
    mp_tutor.coach.shutdown()
    yield
    mp_tutor.coach.shutdown()


@pytest.fixture
def browser(monkeypatch: pytest.MonkeyPatch) -> None:
    """No thread and no process can start (as in Pyodide)."""
    monkeypatch.setattr(runtime.CAN, "threads", False)
    monkeypatch.setattr(runtime.CAN, "processes", False)


def on_loop(future_of: Any) -> Any:
    """Ask on a running event loop (``future_of()`` returns the coach's future); its answer."""
    async def main() -> Any:
        return await asyncio.wrap_future(future_of())
    return asyncio.run(main())


def position(game: Any, bots: dict[int, Any], moves: int) -> Any:
    """``game`` after ``moves`` bot moves, then on to a decision with a choice."""
    for _ in range(moves):
        play_until_person(game, bots, limit=1)
    while game.decider is None or len(game.legal_actions()) < 2:
        play_until_person(game, bots, limit=1)
    return game


def princes_position() -> Game:
    return position(Game.new(players=4, seed=3), {p: BuilderBot(seed=3 + p) for p in range(4)}, 40)


def priests_position() -> Any:
    return position(PriestsGame.new(players=3, seed=12),
                    {p: SchemerBot(seed=120 + p) for p in range(3)}, 8)


QUESTIONS = {
    "hint": lambda g, **o: hint_async(g, **o),
    "review": lambda g, **o: review_async(g.copy(), list(g.legal_actions())[-1], **o),
    "why": lambda g, **o: why_async(g.copy(), list(g.legal_actions())[-1], **o),
}


@pytest.mark.parametrize("make", [princes_position, priests_position], ids=["princes", "priests"])
@pytest.mark.parametrize("workers", [1, 2])
def test_the_same_answers_on_the_loop_as_on_threads_and_processes(
        make: Any, workers: int, monkeypatch: pytest.MonkeyPatch) -> None:
    game = make()
    options = {"iterations": 24, "seed": 5, "workers": workers}
    computer = {k: ask(game, **options).result(timeout=120) for k, ask in QUESTIONS.items()}
    if workers > 1:
        assert pool_module._POOLS.get("workers") is not None  # the processes did it
    monkeypatch.setattr(runtime.CAN, "threads", False)
    monkeypatch.setattr(runtime.CAN, "processes", False)
    browser = {k: on_loop(lambda ask=ask: ask(game, **options)) for k, ask in QUESTIONS.items()}
    assert browser == computer
    assert computer["hint"].iterations == 24
    here = hint(game, **options)  # and here and now, without a loop
    assert here == computer["hint"]


def test_a_question_runs_in_slices_and_the_loop_works_between_them(browser: None) -> None:
    game = princes_position()
    threads_before = threading.active_count()

    async def main() -> tuple[int, int, Any]:
        ticks = 0
        stop = False

        async def ticker() -> None:
            nonlocal ticks
            while not stop:
                ticks += 1
                await asyncio.sleep(0)

        task = asyncio.create_task(ticker())
        await asyncio.sleep(0)
        future = hint_async(game, iterations=60, seed=1, workers=2)
        assert not future.done()  # answered later, on the loop
        seen: list[int] = []
        future.add_done_callback(lambda _f: seen.append(threading.get_ident()))
        start = ticks
        answer = await asyncio.wrap_future(future)
        stop = True
        await task
        return ticks - start, seen[0], answer

    ticks, thread, answer = asyncio.run(main())
    assert answer.iterations == 60 and answer.action in game.legal_actions()
    assert ticks >= 10  # the loop ran other work between slices (one tick per slice at least)
    assert thread == threading.get_ident()  # completed on the loop, in the kernel's thread
    assert threading.active_count() == threads_before  # no thread was started


def test_a_question_within_its_time_budget_on_the_loop(browser: None) -> None:
    game = load_scenario("coca-plantation-production")

    async def main() -> Any:
        loop = asyncio.get_running_loop()
        t0 = loop.time()
        answer = await asyncio.wrap_future(hint_async(game, budget_s=0.6))
        return answer, loop.time() - t0

    answer, took = asyncio.run(main())
    assert answer.iterations >= 2 and answer.action in game.legal_actions()
    assert took < 0.6 + 2.0  # the budget, the reasons and a loaded machine's slack


def test_questions_on_the_loop_run_in_order_and_one_not_started_can_be_cancelled(
        browser: None) -> None:
    game = load_scenario("coca-plantation-production")

    async def main() -> tuple[Any, Any, Any]:
        first = hint_async(game, iterations=20, workers=1)
        second = hint_async(game, iterations=20, workers=1)
        third = review_async(game.copy(), "move nowhere", iterations=5, workers=1)
        assert second.cancel()
        answer = await asyncio.wrap_future(first)
        with pytest.raises(Exception) as err:
            await asyncio.wrap_future(third)
        return answer, second, err.value

    answer, second, error = asyncio.run(main())
    assert answer.iterations == 20 and second.cancelled()
    assert error is not None  # the question's own error reaches its future


def test_without_threads_or_a_loop_the_answer_is_ready_at_once(browser: None) -> None:
    game = load_scenario("coca-plantation-production")
    future = hint_async(game, iterations=20, workers=2, seed=2)
    assert future.done() and future.result() == hint(game, iterations=20, workers=2, seed=2)


def test_the_board_takes_clicks_while_the_coach_thinks_on_the_loop(browser: None) -> None:
    board = Board(load_scenario("coca-plantation-production"), coach=True,
                  coach_options={"iterations": 60, "workers": 2, "seed": 3})

    async def main() -> tuple[str, str]:
        future = board.hint()
        assert future is not None and board.coach_box["state"] == "thinking"
        during: list[str] = []
        loop = asyncio.get_running_loop()

        def browser_click() -> None:  # a message from the browser, handled between slices
            board._handle_custom_msg({"type": "click", "target": "llamas_meadow"}, [])
            during.append(board.coach_box["state"])

        loop.call_soon(browser_click)
        await asyncio.wrap_future(future)
        while board.coach_box["state"] == "thinking":
            await asyncio.sleep(0.001)
        return during[0], board.coach_box["state"]

    during, after = asyncio.run(main())
    assert during == "thinking"  # the click came through while the coach was thinking
    assert board.ask["rule"] == "move.llama"  # and was answered (pay a llama to go there?)
    assert after == "ready" and board.hint_target


def test_the_board_shows_the_same_hint_both_ways(monkeypatch: pytest.MonkeyPatch) -> None:
    options = {"iterations": 30, "workers": 2, "seed": 4}
    there = Board(load_scenario("coca-plantation-production"), coach=True, coach_options=options)
    there.hint()  # no loop here: the board waits for the thread and processes
    monkeypatch.setattr(runtime.CAN, "threads", False)
    monkeypatch.setattr(runtime.CAN, "processes", False)
    here = Board(load_scenario("coca-plantation-production"), coach=True, coach_options=options)

    async def main() -> None:
        await asyncio.wrap_future(here.hint())
        while here.coach_box["state"] == "thinking":
            await asyncio.sleep(0.001)

    asyncio.run(main())
    assert here.coach_box == there.coach_box and here.coach_box["state"] == "ready"


def test_a_thread_that_cannot_start_is_detected(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(self: threading.Thread) -> None:
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(runtime.CAN, "threads", None)
    monkeypatch.setattr(threading.Thread, "start", refuse)
    assert not runtime.can_start_threads() and runtime.CAN.threads is False
    game = load_scenario("coca-plantation-production")
    assert on_loop(lambda: hint_async(game, iterations=10, workers=1)).iterations == 10


def test_a_process_that_cannot_start_leaves_the_search_here(monkeypatch: pytest.MonkeyPatch
                                                              ) -> None:
    game = load_scenario("coca-plantation-production")
    reference = hint(game, iterations=16, workers=2, seed=7)
    mp_tutor.coach.shutdown()

    def no_processes(*_a: Any, **_k: Any) -> None:
        raise OSError(38, "emscripten does not support processes")

    monkeypatch.setattr(runtime.CAN, "processes", None)
    monkeypatch.setattr(workers_module.subprocess, "Popen", no_processes)
    assert hint(game, iterations=16, workers=2, seed=7) == reference
    assert runtime.CAN.processes is False and pool_module.default_workers() == 2


def test_a_worker_that_cannot_start_python_leaves_the_search_here(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = load_scenario("coca-plantation-production")
    reference = hint(game, iterations=16, workers=2, seed=8)
    mp_tutor.coach.shutdown()
    monkeypatch.setattr(runtime.CAN, "processes", None)
    monkeypatch.setattr(workers_module, "BOOT", "import sys; sys.exit(3)")
    with pytest.warns(RuntimeWarning, match="could not start.*searches in this process"):
        assert hint(game, iterations=16, workers=2, seed=8) == reference
    assert runtime.CAN.processes is False


def test_a_workers_error_is_raised_here_and_the_workers_go_on() -> None:
    pool = Workers(1)
    try:
        with pytest.raises(ValueError, match="unknown job"):
            pool.map([("nonsense", "princes")])
        with pytest.raises(KeyError):
            pool.map([("ready", "no-such-game")])
        assert pool.map([("ready", "priests")]) == ["priests"]
    finally:
        pool.close()
    assert all(w.proc.poll() is not None for w in pool.workers) or not pool.workers


def test_review_and_why_here_and_now_without_threads(browser: None) -> None:
    game = load_scenario("coca-plantation-production")
    worst = list(game.legal_actions())[-1]
    assert review(game, worst, iterations=20, workers=2).played.action == worst
    assert why(game, worst, iterations=20, workers=2).reasons[-1].kind == "search"


def test_executing_notebooks_where_no_process_can_start_says_why(
        browser: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
        ) -> None:
    with pytest.raises(notebooks.CannotExecute, match="cannot start one"):
        notebooks.execute([Path("00-start-here.ipynb")], jobs=2)
    monkeypatch.setattr(notebooks, "write", lambda info, lang: [])  # leave the repository alone
    monkeypatch.setattr(notebooks, "write_index", lambda info, lang: None)
    assert notebooks.main(["--game", "priests", "--lang", "en", "--execute"]) == 2
    assert "Pyodide has no processes" in capsys.readouterr().err


def test_a_board_shown_where_no_process_can_start_starts_no_workers(
        browser: None, monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[Any] = []
    monkeypatch.setattr(coaching_module, "warm_up_async", lambda *a, **k: started.append(a))
    board = Board(Game.new(players=3, seed=1), coach=True)
    board._handle_custom_msg({"type": "shown"}, [])
    assert started == [] and pool_module.default_workers() == 2
