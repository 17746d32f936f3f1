"""The course: every game's chapters in a language, in order, and the words of the page that
shows a learner where they are (the classroom site's ``course/`` page, built from this).

The site's build writes :func:`course` of every language into the page's data file; the page
reads the learner's progress store (:mod:`.progress`, in the browser's storage) and shows,
chapter by chapter, what is done, with a link to go on. Its texts are messages of the tutor's
catalogs like every other text a learner reads.

>>> game = {g["title"]: g for g in course("fr")["games"]}["Les Princes de Machu Picchu"]
>>> game["chapters"][4]["path"], game["chapters"][4]["key"], game["chapters"][4]["tasks"]
('fr/04-production.ipynb', 'princes/fr/04', 3)
"""

from __future__ import annotations

from ..i18n import LANGUAGES, render, t
from ..registry import get_game, known_games
from ..views import JSON
from . import chapters_of
from .notebooks import REPO, notebook_dir
from .progress import chapter_key

#: the words of the course page (rendered in each language by :func:`texts`)
TEXTS = {
    "title": t("Your course"),
    "intro": t("Go through the chapters in order. Each opens with its board and runs by itself; "
               "your progress in it (the tasks done, your moves) is kept in this browser, so a "
               "chapter opened again goes on where you left it."),
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
    "reset": t("Put chapters back as they were shipped"),
    "lab": t("All the files (JupyterLab)"),
    "language": t("Language"),
}


def texts(lang: str) -> dict[str, JSON]:
    """The course page's words in ``lang``."""
    return {key: render(msg, lang) for key, msg in TEXTS.items()}


def course(lang: str) -> dict[str, JSON]:
    """The course page's content in ``lang``: its words and each game's chapters (id, title,
    the notebook's path in the site, the progress store's key, the number of tasks)."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r} (one of {', '.join(LANGUAGES)})")
    games: list[JSON] = []
    for name in known_games():
        info = get_game(name)
        chapters = list(chapters_of(name, lang).values())
        if not chapters:
            continue
        folder = notebook_dir(info, lang).relative_to(REPO / "notebooks").as_posix()
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


__all__ = ["TEXTS", "course", "texts"]
