"""The installed tutor's course page: every chapter of both games in a language, with the
learner's progress (which chapters are done, how far a started one is, where to go on) and
*Start afresh* for a chapter.

``scripts/tutor.sh`` opens the course notebook in the learner's language first
(``course.ipynb``, ``fr/course.ipynb``...: :func:`mp_tutor.core.lessons.course.course_notebook`),
and the tutor's JupyterLab extension runs it as it opens; its one cell is this panel. Its
chapters and words are the classroom site's course page's (:func:`~mp_tutor.core.lessons.course.course`),
its progress the learner's store (:mod:`mp_tutor.core.lessons.progress`: the one the
chapters keep, ``my-notebooks/.mp-tutor/progress.json``), and the browser shows them with the
site's own code (``course_list.js``). A chapter's link opens it in this JupyterLab (the
extension's ``links`` plugin; its address works in a new tab). The panel reads the store again
whenever the file changes (it looks every :data:`POLL_S` seconds, on the kernel's event loop),
so coming back to it from a chapter shows the new ticks. *Start afresh* forgets a chapter's
progress (:meth:`ProgressStore.forget`, as the site's page and ``tutor.sh --fresh`` do).

>>> import tempfile, pathlib
>>> from mp_tutor.core.lessons.progress import ChapterProgress
>>> store = ProgressStore(pathlib.Path(tempfile.mkdtemp()) / "progress.json")
>>> store.put("princes/en/00", ChapterProgress(done=3, total=3))
True
>>> panel = CoursePanel(progress=store)
>>> panel
Your course: 1 of 22 chapters done
>>> panel.afresh("princes/en/00"); panel, panel.forgotten
(Your course: 0 of 22 chapters done, 'princes/en/00')
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import anywidget
import traitlets as tr

from mp_tutor.core.i18n import LANGUAGES, Msg, get_language, render
from mp_tutor.core.lessons.course import TEXTS, course, course_page
from mp_tutor.core.lessons.keeping import store_problem
from mp_tutor.core.lessons.progress import ProgressStore, default_store
from mp_tutor.core.views import JSON

from .esm import HERE, module
from .language import LANGUAGE_NAMES, check_language
from .layout import COURSE_POLL_S

#: how often the panel looks whether the learner's progress file changed (seconds)
POLL_S = COURSE_POLL_S


class CoursePanel(anywidget.AnyWidget):
    """The course page in ``language`` (default: the current one); see the module docstring.

    ``progress``: the learner's store, a :class:`ProgressStore`, ``False`` (none: every
    chapter shows as not started, and the panel says why) or ``None`` (the learner's store
    here, :func:`default_store`). ``watch``: look for changes of the store on the kernel's
    event loop (where there is one running); :meth:`refresh` reads it again at once.
    """

    _esm = module("course_list.js", "course.js")
    _css = HERE / "course.css"

    #: the page: its words, each game's chapters (``course(lang)``)
    page = tr.Dict().tag(sync=True)
    #: the course page in each language: ``[[code, name, path], ...]``
    languages: tr.List[list[str]] = tr.List().tag(sync=True)
    #: the learner's progress (:meth:`ProgressStore.summary`); empty when nothing is kept
    progress = tr.Dict().tag(sync=True)
    #: the key of the chapter just started afresh ("" if none): the page says so
    forgotten = tr.Unicode("").tag(sync=True)
    #: what is wrong with the store, said to the learner ("" if nothing)
    status = tr.Unicode("").tag(sync=True)

    def __init__(self, language: str | None = None, *,
                 progress: ProgressStore | bool | None = None, watch: bool = True) -> None:
        lang = language or get_language()
        check_language(lang)
        super().__init__()
        self.lang = lang
        #: the learner's store (None: nothing is kept here)
        self.store: ProgressStore | None = (
            progress if isinstance(progress, ProgressStore)
            else default_store() if progress is None or progress is True else None)
        self.page = course(lang)
        self._keys = {str(c["key"]) for g in _games(self.page) for c in _chapters(g)}
        self.languages = [[code, LANGUAGE_NAMES.get(code, code), course_page(code)]
                          for code in LANGUAGES]
        self._seen: tuple[int, int] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self.on_msg(self._message)
        self.refresh()
        if watch and self.store is not None:
            self._watch()

    # -- the learner's progress ---------------------------------------------------------------
    def refresh(self) -> None:
        """Read the learner's store again and show it."""
        store = self.store
        with self.hold_sync():
            if store is None:
                self.progress = {}
                self.status = render(TEXTS["tutor_not_kept"], self.lang)
                return
            self.progress = store.summary()
            self._seen = _stamp(store.path)
            self.status = store_problem(store, self.lang)

    def afresh(self, key: str) -> None:
        """Start the chapter ``key`` (``"princes/fr/04"``) afresh: its progress is forgotten and
        the learner goes on there (a key of no chapter of this course changes nothing)."""
        if key not in self._keys or self.store is None:
            return
        forgot = self.store.forget(key)
        with self.hold_sync():
            self.refresh()
            self.forgotten = key if forgot else ""

    def _message(self, _widget: object, content: object, _buffers: object = None) -> None:
        """A message of the browser (checked: it comes from outside): ``{"type": "afresh",
        "key": ...}``."""
        if isinstance(content, dict) and content.get("type") == "afresh":
            key = content.get("key")
            if isinstance(key, str):
                self.afresh(key)

    # -- watching the store -------------------------------------------------------------------
    def _watch(self) -> None:
        try:
            self._loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (a script, a test): refresh() when asked
            return
        self._loop.call_later(POLL_S, self._look)

    def _look(self) -> None:
        """Read the store again if its file changed; look again later while the panel lives."""
        if self.comm is None or self.store is None or self._loop is None:
            return  # closed
        if _stamp(self.store.path) != self._seen:
            self.refresh()
        self._loop.call_later(POLL_S, self._look)

    def __repr__(self) -> str:
        """The panel as text (a notebook keeps it beside the widget), in its language."""
        saved = self.progress.get("chapters")
        saved = saved if isinstance(saved, dict) else {}
        done = sum(1 for key in self._keys if isinstance(entry := saved.get(key), dict)
                   and entry.get("complete") is True)
        return render(Msg(TEXTS["tutor_summary"].text, {"title": TEXTS["title"], "n": done,
                                                        "total": len(self._keys)}), self.lang)


def _stamp(path: Path) -> tuple[int, int] | None:
    """When a file last changed and its size (None: there is none)."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size


def _games(page: dict[str, JSON]) -> list[dict[str, JSON]]:
    games = page.get("games")
    return [g for g in games if isinstance(g, dict)] if isinstance(games, list) else []


def _chapters(game: dict[str, JSON]) -> list[dict[str, JSON]]:
    chapters = game.get("chapters")
    return [c for c in chapters if isinstance(c, dict)] if isinstance(chapters, list) else []


__all__ = ["POLL_S", "CoursePanel"]
