"""Tutorials for any game: chapters learned by doing on the live board.

Pure Python (no Jupyter imports). A game keeps its chapters as TOML files
``NN-slug.toml`` in its chapter folder (format in :mod:`.model`); :class:`LessonRun` plays
a chapter: the engine judges each try, tasks are ticked from the engine's events,
quizzes are answered by the engine; :mod:`.notebooks` writes one notebook per chapter.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ..registry import GameInfo, get_game, known_games
from ..tomlfile import read_file
from .model import (
    CELL_PLACES,
    Chapter,
    EventGoal,
    Goal,
    LessonError,
    Quiz,
    Start,
    Task,
    chapter_files,
    load_chapter,
    load_chapter_text,
    load_chapters,
    named,
)
from .proof import Proof, prove
from .run import Feedback, LessonRun, Reveal, compute_quiz, narrate, task_report


def load_lesson(path: str | Path) -> Chapter:
    """A lesson file of its own (a chapter a teacher made in the studio): its ``[chapter]``
    says its game (``game``) and language (``lang``); a scenario it names is found beside it.
    A malformed file is a :class:`LessonError` naming the file and the field.

    >>> from mp_tutor.core.lessons.model import chapter_folder
    >>> try:
    ...     load_lesson(chapter_folder(get_game("princes")) / "04-production.toml")
    ... except LessonError as exc:
    ...     print(exc.field, "-", exc.message)
    chapter.game - say which game this lesson is for (one of: priests, princes)
    """
    raw = read_file(path, None, LessonError)
    meta = raw.get("chapter")
    name = meta.get("game") if isinstance(meta, dict) else None
    if not isinstance(name, str) or name not in known_games():
        raise LessonError(str(path), "chapter.game", f"say which game this lesson is for (one "
                                                     f"of: {', '.join(known_games())})")
    return load_chapter(path, get_game(name))


def chapters_of(game: str, lang: str = "en") -> dict[str, Chapter]:
    """Every chapter of a game in a language, by id (read once)."""
    return _chapters(game, lang)


@lru_cache(maxsize=32)
def _chapters(game: str, lang: str) -> dict[str, Chapter]:
    return load_chapters(get_game(game), lang, _read_once)


def _read_once(path: Path, info: GameInfo, lang: str) -> Chapter:
    return _chapter_file(path, info.name, lang)


@lru_cache(maxsize=256)
def _chapter_file(path: Path, game: str, lang: str) -> Chapter:
    """A chapter file of ``game``'s chapter folder, read once (:func:`chapters_of` and
    :func:`find_chapter` give the same object)."""
    return load_chapter(path, get_game(game), lang)


def chapter_ids(game: str, lang: str = "en") -> list[str]:
    """The ids of a game's chapters in ``lang``, in order, from their files' names (none is
    read; a chapter file is named ``NN-slug.toml`` after its chapter)."""
    return [path.stem.split("-", 1)[0] for path in chapter_files(get_game(game), lang)]


def find_chapter(key: str | int, game: str | GameInfo, lang: str = "en") -> Chapter:
    """A chapter by id (``"04"`` or ``4``), name (``"04-production"``) or slug.

    Only the chapter's own file is read when its name tells it (``NN-slug.toml``); else
    (no file, or more than one, named so) every chapter of the game's folder in ``lang``
    (in English if it has none), with their errors, as :func:`chapters_of`.
    """
    info = game if isinstance(game, GameInfo) else get_game(game)
    if isinstance(key, int):
        key = f"{key:02d}"
    files, folder_lang = chapter_files(info, lang), lang
    if not files:
        files, folder_lang = chapter_files(info, "en"), "en"
    named_so = [path for path in files if key in (path.stem, *path.stem.split("-", 1))]
    if len(named_so) == 1:
        ch = named(named_so[0], _chapter_file(named_so[0], info.name, folder_lang))
        if key in (ch.id, ch.name, ch.slug):
            return ch
    chapters = load_chapters(info, folder_lang, _read_once)
    if key in chapters:
        return chapters[key]
    for ch in chapters.values():
        if key in (ch.name, ch.slug):
            return ch
    raise KeyError(f"no chapter {key!r} (chapters: {', '.join(c.name for c in chapters.values())})")


__all__ = ["CELL_PLACES", "Chapter", "EventGoal", "Feedback", "Goal", "LessonError", "LessonRun",
           "Proof", "Quiz", "prove", "Reveal", "Start", "Task", "chapter_ids", "chapters_of", "compute_quiz", "find_chapter",
           "load_chapter", "load_chapter_text", "load_chapters", "load_lesson", "narrate",
           "task_report"]
