"""The lesson studio's model: a position set up by hand, a script recorded with sentences
and marks, checks written from the engine, a lesson made of the script's steps, saved in
today's scenario and chapter formats (see :class:`~mp_tutor.studio.draft.Draft`)."""

from pathlib import Path

from ..core.i18n import add_catalogs
from .model import Check, LessonDraft, QuizDraft, ScriptStep, Sheet, TaskDraft

add_catalogs(Path(__file__).with_name("locale"))  # the studio's sentences in each language

__all__ = ["Check", "LessonDraft", "QuizDraft", "ScriptStep", "Sheet", "TaskDraft"]
