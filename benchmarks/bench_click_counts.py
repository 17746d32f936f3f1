"""How often one board intent parses text, checks an action and computes the pending
decision and the legal actions.

The core caches the pending decision and the legal actions per position
(``BaseGame._pending`` / ``BaseGame._legal``), so reading them again is free; this script
counts the real work, i.e. the calls of ``Notation.parse`` (text notation read), of
``Machine.check`` (one action checked against the pending decision), of ``Machine.pending``
and of ``Machine.legal`` (the engine's own calls while it applies an action, for example to
settle a decision with a single answer, are counted too). The aim, per intent: at most one
parse (none for a click: a click carries an action), one check, one pending, at most two
legal-action computations. It drives a
:class:`~mp_tutor.widgets.Tutor` (board + decision panel + log + charts) and a
:class:`~mp_tutor.widgets.lesson_panel.LessonPanel` the way a learner does:

- a board click that moves a Prince into the Coca Plantation (3 players, hot-seat);
- a production decision answered in the decision panel (its Produce button);
- an Undo from the board's toolbar;
- the same click inside chapter 04 (the lesson's judge looks at the move first), a move the
  lesson refuses (typed: one parse) and its *Show me* (the chapter's solution is text).

    python benchmarks/bench_click_counts.py
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from mp_tutor import Game
from mp_tutor.core.actions import Notation
from mp_tutor.core.machine import Machine

#: what is counted: (class, method)
COUNTED = {"parse": (Notation, "parse"), "check": (Machine, "check"),
           "pending": (Machine, "pending"), "legal": (Machine, "legal")}
COUNTS = dict.fromkeys(COUNTED, 0)


@contextmanager
def counting() -> Iterator[dict[str, int]]:
    """Count the calls of the methods of :data:`COUNTED` inside the block."""
    originals = {name: getattr(cls, method) for name, (cls, method) in COUNTED.items()}

    def wrap(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def counted(*args: Any, **kwargs: Any) -> Any:
            COUNTS[name] += 1
            return fn(*args, **kwargs)
        return counted

    for name, fn in originals.items():
        cls, method = COUNTED[name]
        setattr(cls, method, wrap(name, fn))
    try:
        yield COUNTS
    finally:
        for name, fn in originals.items():
            cls, method = COUNTED[name]
            setattr(cls, method, fn)


def measure(label: str, intent: Callable[[], Any]) -> dict[str, int]:
    """Run ``intent`` once and print the work it caused."""
    COUNTS.update(dict.fromkeys(COUNTED, 0))
    with counting():
        ok = intent()
    figures = "   ".join(f"{name} {COUNTS[name]:>2}" for name in COUNTED)
    print(f"  {label:<48} {figures}   ({'played' if ok is not False else 'refused'})")
    return dict(COUNTS)


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
    measure("typed: an off-task answer (produce 0)", lambda: lesson.board.act("produce 0"))
    measure("lesson: Show me (task 2)", lesson.solve)


if __name__ == "__main__":
    main()
