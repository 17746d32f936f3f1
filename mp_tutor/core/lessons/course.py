"""The course: every game's chapters in a language, in order, and the words of the page that
shows a learner where they are.

Two pages show it, from this one source (the chapters, their keys in the progress store and
the words), with the learner's progress (:mod:`.progress`) and the same code in the browser
(``widgets/course_list.js``: which chapter is done, started or not, where to go on, *Start
afresh*):

- the classroom site's ``course/`` page: the site's build writes :func:`course` of every
  language into the page's data file; the page reads the progress from the browser's storage;
- the installed tutor's course notebooks (:func:`course_notebook`: ``notebooks/course.ipynb``,
  ``notebooks/fr/course.ipynb``...), which ``scripts/tutor.sh`` opens first: their one cell
  shows :class:`mp_tutor.widgets.course.CoursePanel`, which reads the learner's store in the
  kernel. Their texts are messages of the tutor's catalogs like every other text a learner
  reads.

>>> game = {g["title"]: g for g in course("fr")["games"]}["Les Princes de Machu Picchu"]
>>> game["chapters"][4]["path"], game["chapters"][4]["key"], game["chapters"][4]["tasks"]
('fr/04-production.ipynb', 'princes/fr/04', 3)
>>> course_page("nl")
'nl/course.ipynb'
"""

from __future__ import annotations

from ..i18n import DEFAULT_LANGUAGE, LANGUAGES, render, t
from ..registry import get_game, known_games
from ..views import JSON
from . import chapters_of
from .cells import KERNEL, NOTEBOOKS, Notebook, code, in_language, md, notebook_dir
from .progress import chapter_key

#: the words of the course page (rendered in each language by :func:`texts`); the site's page
#: and the installed tutor's panel share most, ``site_*`` and ``tutor_*`` are one's own
TEXTS = {
    "title": t("Your course"),
    "intro": t("Go through the chapters in order. Each opens with its board and runs by itself; "
               "your progress in it (the tasks done, your moves) is kept in this browser, so a "
               "chapter opened again goes on where you left it."),
    "tutor_intro": t("Go through the chapters in order. Each opens with its board and runs by "
                     "itself; your progress in it (the tasks done, your moves) is kept on this "
                     "computer, so a chapter opened again goes on where you left it."),
    "go_on": t("Go on with chapter {chapter}"),
    "start": t("Start with chapter {chapter}"),
    "all_done": t("Every chapter is done: well played!"),
    "done": t("done"),
    "tasks": t("{n} of {total} tasks done"),
    "not_started": t("not started"),
    "afresh": t("Start afresh"),
    "afresh_title": t("Forget your moves in this chapter: it opens at its start"),
    "confirm": t("Start chapter {chapter} afresh? Your moves in it will be forgotten."),
    "close_first": t("Close the chapter's tab first, or it keeps your moves."),
    "forgotten": t("Chapter {chapter} starts afresh the next time you open it."),
    "loading": t("Looking for your progress in this browser…"),
    "unreadable": t("Your progress could not be read in this browser ({error}): every chapter "
                    "is shown as not started."),
    "none_kept": t("This browser keeps nothing for this site (a private window, or storage "
                   "turned off): your progress is lost when you close it."),
    "tutor_not_kept": t("Your progress is not kept here (open the tutor with {command} to keep "
                        "it): every chapter is shown as not started.",
                        command="bash scripts/tutor.sh"),
    "tutor_run": t("This page runs by itself when the tutor opens it. If the list of chapters "
                   "does not appear, choose *Run ▸ Run All Cells*. *View ▸ Show Left Sidebar* "
                   "(Ctrl+B) shows your files."),
    "tutor_summary": t("{title}: {n} of {total} chapters done"),
    "reset": t("Put chapters back as they were shipped"),
    "lab": t("All the files (JupyterLab)"),
    "language": t("Language"),
}
#: the course notebook's file name, in each language's folder of the notebooks
COURSE_NOTEBOOK = "course.ipynb"


def texts(lang: str) -> dict[str, JSON]:
    """The course page's words in ``lang``."""
    return {key: render(msg, lang) for key, msg in TEXTS.items()}


def _folder(lang: str) -> str:
    """A language's folder of the notebooks, as a prefix of their paths ('' or 'fr/')."""
    return "" if lang == DEFAULT_LANGUAGE else f"{lang}/"


def course(lang: str) -> dict[str, JSON]:
    """The course page's content in ``lang``: its words and each game's chapters (id, title,
    the notebook's path in the site and under ``notebooks/``, the progress store's key, the
    number of tasks)."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r} (one of {', '.join(LANGUAGES)})")
    games: list[JSON] = []
    for name in known_games():
        info = get_game(name)
        chapters = list(chapters_of(name, lang).values())
        if not chapters:
            continue
        folder = notebook_dir(info, lang).relative_to(NOTEBOOKS).as_posix()
        prefix = "" if folder == "." else folder + "/"
        games.append({
            "name": name,
            "title": render(info.title, lang),
            "chapters": [{"id": ch.id, "title": ch.title, "path": f"{prefix}{ch.name}.ipynb",
                          "key": chapter_key(name, lang, ch.id), "tasks": len(ch.tasks)}
                         for ch in chapters],
        })
    # the longest course first (the main game's, which the tutor's first chapter opens)
    games.sort(key=lambda g: -len(g["chapters"]) if isinstance(g, dict) and isinstance(
        g["chapters"], list) else 0)
    return {"lang": lang, "texts": texts(lang), "games": games}


def course_page(lang: str) -> str:
    """The installed tutor's course notebook in ``lang``: its path under ``notebooks/`` (and
    under a learner's ``my-notebooks/``), ``course.ipynb`` or ``fr/course.ipynb``."""
    return _folder(lang) + COURSE_NOTEBOOK


def course_notebook(lang: str) -> Notebook:
    """The installed tutor's course notebook in ``lang`` (nbformat 4.5, without outputs): its
    title, how it runs, and one cell (its code hidden) that shows the course panel."""
    words = texts(lang)
    language = f'language="{lang}"' if lang != DEFAULT_LANGUAGE else ""
    cells = [md("course-title", f"# {words['title']}\n\n{words['tutor_run']}"),
             code("course-panel", "from mp_tutor.widgets.course import CoursePanel\n\n"
                  f"CoursePanel({language})", hidden=True)]
    return {
        "cells": [in_language(c, lang) for c in cells],
        # the tutor's JupyterLab extension runs a course page when it opens
        "metadata": dict(KERNEL, mp_tutor={"page": "course", "lang": lang}),
        "nbformat": 4,
        "nbformat_minor": 5,
    }


__all__ = ["COURSE_NOTEBOOK", "TEXTS", "course", "course_notebook", "course_page", "texts"]
