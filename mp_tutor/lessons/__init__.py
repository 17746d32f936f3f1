"""The Princes' tutorial (kept here for the public API): chapters learned on the live board.

The machinery is the tutor core's (:mod:`mp_tutor.core.lessons`); the chapter files are in
``mp_tutor/princes/chapters/``.

>>> [c.name for c in CHAPTERS.values()][:3]
['00-start-here', '01-overview', '02-setting-up']
>>> run = start("04")
>>> for fb in run.solve(): pass
>>> run.done
[True, False, False]
>>> print(run.reveal("coca").answer)
3
"""

from __future__ import annotations

from typing import Any

from ..core.lessons import (
    Chapter,
    EventGoal,
    Feedback,
    Goal,
    LessonError,
    Quiz,
    Reveal,
    Start,
    Task,
    chapters_of,
    compute_quiz,
    find_chapter,
    load_chapter,
    narrate,
)
from ..core.lessons import LessonRun as _LessonRun
from ..core.lessons import load_chapter_text as _load_chapter_text
from ..core.registry import GameInfo
from ..princes import GAME
from ..princes.scenario import CHAPTER_SCENARIO_DIR as SCENARIO_DIR
from ..princes.scenario import find_scenario as scenario_path

CHAPTER_DIR = GAME.chapter_dir
CHAPTERS: dict[str, Chapter] = chapters_of("princes")


def chapter(key: str | int) -> Chapter:
    """A chapter by id (``"04"`` or ``4``), name (``"04-production"``) or slug."""
    return find_chapter(key, "princes")


class LessonRun(_LessonRun):
    """A chapter of the Princes being played (a chapter may be given by id, name or slug)."""

    def __init__(self, chapter: Chapter | str | int, game: Any = None, *, guard: bool = True,
                 autoplay: bool = True) -> None:
        ch = chapter if isinstance(chapter, Chapter) else find_chapter(chapter, "princes")
        super().__init__(ch, game, guard=guard, autoplay=autoplay)


def load_chapter_text(label: str, text: str, info: GameInfo = GAME) -> Chapter:
    """Read a chapter of the Princes (or of ``info``'s game) from TOML text."""
    return _load_chapter_text(label, text, info)


def start(key: str | int) -> LessonRun:
    """Begin a chapter headless (the board widget wraps the same object)."""
    return LessonRun(chapter(key))


__all__ = ["CHAPTERS", "CHAPTER_DIR", "SCENARIO_DIR", "scenario_path", "Chapter", "EventGoal", "Feedback", "Goal", "LessonError",
           "LessonRun", "Quiz", "Reveal", "Start", "Task", "chapter", "compute_quiz",
           "load_chapter", "load_chapter_text", "narrate", "start"]
