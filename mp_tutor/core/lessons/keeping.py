"""A chapter being played and the learner's progress store: the saved moves played again when
the chapter opens, every change kept, a store that fails said once (see :mod:`.progress`).

The lesson panel (``mp_tutor.widgets.lesson_panel``) keeps its run with one of these; anything
else that plays a course chapter for a learner can do the same.

>>> import tempfile, pathlib
>>> from mp_tutor.core.lessons import find_chapter
>>> store = ProgressStore(pathlib.Path(tempfile.mkdtemp()) / "progress.json")
>>> run = LessonRun(find_chapter("04", "princes"))
>>> keeper = ProgressKeeper(run, store)
>>> feedback = run.act("move coca_plantation"); keeper.keep()
>>> again = ProgressKeeper(LessonRun(find_chapter("04", "princes")), store)
>>> again.resume(); print(again.run.feedback)
Welcome back: your moves in this chapter were played again (1 of 3 tasks done). Restart starts the chapter afresh.
"""

from __future__ import annotations

from ..i18n import render, t
from . import chapter_ids
from .progress import ProgressStore, chapter_key
from .run import Feedback, LessonRun, ResumeError


class ProgressKeeper:
    """Keeps ``run``'s progress in ``store`` (None: nowhere) under its chapter's key (or
    ``key``: a lesson file of its own is known by its file, not by its number)."""

    def __init__(self, run: LessonRun, store: ProgressStore | None, key: str = "") -> None:
        ch = run.chapter
        self.run = run
        #: the learner's store (None: progress is not kept, or no longer: the store failed)
        self.store = store
        self.key = key or chapter_key(ch.game.name, ch.lang, ch.id)
        self._order = chapter_ids(ch.game.name, ch.lang)
        #: False while the board plays something that is not the learner's (a walkthrough)
        self.keeping = True

    def resume(self) -> None:
        """Play the learner's saved moves again (a new game for ``run``); the run's feedback
        tells them (or what went wrong with the store)."""
        store = self.store
        if store is None:
            return
        saved = store.get(self.key)
        said = self.problem()
        if saved is not None and saved.actions:
            try:
                self.run.resume(saved.actions)
                said = render(t("Welcome back: your moves in this chapter were played again ({n} "
                                "of {total} tasks done). Restart starts the chapter afresh.",
                                n=self.run.index, total=len(self.run.tasks)))
            except ResumeError as exc:
                said = render(t("Your saved moves in this chapter could not be played again "
                                "({why}): the chapter starts afresh.", why=str(exc)))
        self._tell(said)

    def _tell(self, said: str) -> None:
        if said:
            self.run.feedback = Feedback("note", said)

    def problem(self) -> str:
        """What went wrong with the store, for the learner (empty if nothing)."""
        return store_problem(self.store)

    def keep(self) -> None:
        """Save the run's progress now (forgotten when no move is played: the chapter starts
        afresh). If the store fails, the run's feedback says so once and it is given up."""
        store = self.store
        if store is None or not self.keeping:
            return
        progress = self.run.progress()
        ok = (store.put(self.key, progress, self._order) if progress.actions
              else store.forget(self.key))
        if not ok and store.problem is not None:
            self._tell(self.problem())
            self.store = None  # said once; the chapter goes on without it


def store_problem(store: ProgressStore | None, lang: str | None = None) -> str:
    """What went wrong with a learner's store (:attr:`ProgressStore.problem`), said to them in
    ``lang`` (default: the current language); empty if nothing did."""
    if store is None or store.problem is None:
        return ""
    if store.problem == "put-aside":
        return render(t("Your saved progress could not be read; it was put aside ({file}) "
                        "and is kept afresh from now on.", file=store.detail), lang)
    if store.problem == "foreign":
        return render(t("Your progress is not kept: {file} is not a progress file of this "
                        "tutor (it is left as it is).", file=store.detail), lang)
    return render(t("Your progress cannot be kept here ({why}).", why=store.detail), lang)


__all__ = ["ProgressKeeper", "store_problem"]
