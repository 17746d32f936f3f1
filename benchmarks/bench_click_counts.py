"""How often the pending decision and the legal actions are COMPUTED per board intent.

The core caches both per position (``BaseGame._pending`` / ``BaseGame._legal``), so reading
them again is free; this script counts the real computations, i.e. the calls of
``Machine.pending`` and ``Machine.legal`` (the engine's own calls while it applies an action,
for example to settle a decision with a single answer, are counted too). It drives a
:class:`~mp_tutor.widgets.Tutor` (board + decision panel + log + charts) and a
:class:`~mp_tutor.widgets.lesson_panel.LessonPanel` the way a learner does:

- a board click that moves a Prince into the Coca Plantation (3 players, hot-seat);
- a production decision answered in the decision panel (its Produce button);
- an Undo from the board's toolbar;
- the same click inside chapter 04 (the lesson's judge looks at the move first).

    python benchmarks/bench_click_counts.py
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from mp_tutor import Game
from mp_tutor.core.machine import Machine

COUNTS = {"pending": 0, "legal": 0}


@contextmanager
def counting() -> Iterator[dict[str, int]]:
    """Count the calls of Machine.pending and Machine.legal inside the block."""
    originals = {name: getattr(Machine, name) for name in COUNTS}

    def wrap(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def counted(*args: Any, **kwargs: Any) -> Any:
            COUNTS[name] += 1
            return fn(*args, **kwargs)
        return counted

    for name, fn in originals.items():
        setattr(Machine, name, wrap(name, fn))
    try:
        yield COUNTS
    finally:
        for name, fn in originals.items():
            setattr(Machine, name, fn)


def measure(label: str, intent: Callable[[], Any]) -> tuple[int, int]:
    """Run ``intent`` once and print the computations it caused."""
    COUNTS.update(pending=0, legal=0)
    with counting():
        ok = intent()
    print(f"  {label:<52} pending {COUNTS['pending']:>3}   legal {COUNTS['legal']:>3}"
          f"   ({'played' if ok is not False else 'refused'})")
    return COUNTS["pending"], COUNTS["legal"]


def start_game() -> Game:
    """3 players (seed 1, Blue starts), the first Incas placed; Blue's first turn."""
    game = Game.new(players=3, seed=1)
    for profession in ("coca_planter", "coca_planter", "potter"):
        game.apply(f"inca {profession}")
    return game


def produce_button(tutor: Any) -> Callable[[], Any]:
    """The decision panel's Produce button (whatever the panel module calls it)."""
    sub = tutor.panel.current
    button = getattr(sub, "ok", None)
    if button is not None:
        return lambda: button.click()
    return lambda: sub.choose(1)


def main() -> None:
    from mp_tutor.widgets import Tutor
    from mp_tutor.widgets.lesson_panel import LessonPanel

    print("Tutor (board + decision panel + log + charts), 3 players, hot-seat:")
    tutor = Tutor(start_game())
    measure("board click: move into the Coca Plantation", lambda: tutor.click("coca_plantation"))
    measure("panel: Blue's Produce button (produce 1)", produce_button(tutor))
    measure("toolbar: Undo", tutor.undo)
    measure("typed: produce 1", lambda: tutor.act("produce 1"))

    print("Tutor with a seat (Blue) and random bots replying:")
    seated = Tutor(start_game(), seat=0, bots="random")
    measure("board click: move into the Coca Plantation", lambda: seated.click("coca_plantation"))

    print("Lesson, chapter 04 (board + lesson panel):")
    lesson = LessonPanel("04", game="princes")
    measure("board click: move into the Coca Plantation", lambda: lesson.board.click("coca_plantation"))
    measure("board click: an off-task answer (produce 0)", lambda: lesson.board.act("produce 0"))
    measure("lesson: Show me (task 2)", lesson.solve)


if __name__ == "__main__":
    main()
