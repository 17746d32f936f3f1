"""The tutorial: one chapter per rules chapter, learned by doing on the live board.

Pure Python (no Jupyter imports). Chapters are TOML files ``NN-slug.toml`` here (text, tasks,
quizzes; format in :mod:`mp_tutor.lessons.model`), their situations are scenarios in
``scenarios/`` (or the engine's rulebook examples). :class:`LessonRun` plays a chapter:
the engine judges each try, tasks are ticked from the engine's events, quizzes are answered
by the engine. ``widgets.lesson_panel`` puts this next to the board in JupyterLab.

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

from .measures import MEASURES
from .model import (
    CHAPTER_DIR,
    SCENARIO_DIR,
    Chapter,
    EventGoal,
    Goal,
    LessonError,
    Quiz,
    Start,
    Task,
    load_chapter,
    load_chapter_text,
    scenario_path,
    view_path,
)
from .run import Feedback, LessonRun, Reveal, compute_quiz, narrate


def _load_all() -> dict[str, Chapter]:
    out: dict[str, Chapter] = {}
    for path in sorted(CHAPTER_DIR.glob("*.toml")):
        ch = load_chapter(path)
        if ch.id in out:
            raise LessonError(str(path), "chapter.id", f"chapter {ch.id} is defined twice")
        if path.stem != ch.name:
            raise LessonError(str(path), "chapter.slug", f"file should be named {ch.name}.toml")
        out[ch.id] = ch
    return out


CHAPTERS: dict[str, Chapter] = _load_all()


def chapter(key: str | int) -> Chapter:
    """A chapter by id (``"04"`` or ``4``), name (``"04-production"``) or slug."""
    if isinstance(key, int):
        key = f"{key:02d}"
    if key in CHAPTERS:
        return CHAPTERS[key]
    for ch in CHAPTERS.values():
        if key in (ch.name, ch.slug):
            return ch
    raise KeyError(f"no chapter {key!r} (chapters: {', '.join(c.name for c in CHAPTERS.values())})")


def start(key: str | int) -> LessonRun:
    """Begin a chapter headless (the board widget wraps the same object)."""
    return LessonRun(chapter(key))


__all__ = [
    "CHAPTERS",
    "Chapter",
    "EventGoal",
    "Feedback",
    "Goal",
    "LessonError",
    "LessonRun",
    "MEASURES",
    "Quiz",
    "Reveal",
    "SCENARIO_DIR",
    "Start",
    "Task",
    "chapter",
    "compute_quiz",
    "load_chapter",
    "load_chapter_text",
    "narrate",
    "scenario_path",
    "start",
    "view_path",
]
