"""The notebooks that are not chapters: the lesson studio's, one per game and language.

The studio's notebook comes after a game's last chapter (``16-lesson-studio.ipynb`` for a
game of 15 chapters); its one code cell opens the studio, and its text tells a teacher what
to do in it, step by step, in the notebook's language.

>>> from mp_tutor.core.registry import get_game
>>> name, nb = studio_notebook(get_game("princes"), "fr")
>>> name
'16-lesson-studio'
>>> nb["cells"][2]["source"][-1]
'studio'
"""

from __future__ import annotations

from ..i18n import render, t
from ..registry import GameInfo
from . import chapters_of
from .cells import KERNEL, Cell, Notebook, code, in_language, md

#: the slug of the studio's notebook
STUDIO_SLUG = "lesson-studio"


def studio_name(info: GameInfo, lang: str) -> str:
    """The studio notebook's name for a game: the number after its last chapter's."""
    chapters = chapters_of(info.name, lang) or chapters_of(info.name, "en")
    last = max((int(c.id) for c in chapters.values()), default=0)
    return f"{last + 1:02d}-{STUDIO_SLUG}"


def studio_title(lang: str) -> str:
    return render(t("The lesson studio"), lang)


def studio_cells(info: GameInfo, lang: str) -> list[Cell]:
    """The studio notebook's cells for a game, in ``lang``."""

    def say(text: str, **params: object) -> str:
        return render(t(text, **params), lang)

    number = studio_name(info, lang).split("-", 1)[0]
    p = f"c{number}"
    language = f', language="{lang}"' if lang != "en" else ""
    return [
        md(f"{p}-title", f"# {number} · {studio_title(lang)}\n\n" + say(
            "*For teachers.* Build a game situation of your own, record the moves you want to "
            "show with what you say about each and arrows on the board, make it a lesson your "
            "learners play, and save it: all by clicking. The tutor checks every step: it "
            "refuses a position the game cannot reach and a move the rules do not allow, and "
            "says why.")),
        md(f"{p}-how", say(
            "## How it works\n\nRun the next cell (or *Run ▸ Run All Cells*): the board appears "
            "with the studio beside it. Its four parts, in order:\n\n"
            "1. **Position**: start from a new game, an example of the rulebook or a chapter, "
            "or open a file you saved. Choose what a click on the board does and click the "
            "board; the form below sets everything else. *Undo change* takes back any change.\n"
            "2. **Script**: play the moves on the board, as a learner would. Each move is a step: "
            "choose it in the list to write what you say about it, and press *Draw on the board* "
            "to draw arrows (click where one starts, then where it ends) and to mark places.\n"
            "3. **Lesson**: choose a step and make it a task: the learner must play it. Write the "
            "instruction, a hint and a sentence for wrong moves; untick parts of the goal to "
            "accept more moves. Add quick checks: a number the tutor computes. *Check the "
            "lesson* plays it all to prove that it works.\n"
            "4. **Save**: give it a title and a file name, and save. The files go next to this "
            "notebook: the situation (*name*`.toml`) and, for a lesson, the lesson "
            "(*name*`.lesson.toml`) and a notebook that opens it (*name*`.ipynb`). The links "
            "download them; *Present the script* shows it full screen, with your words and "
            "arrows; *Try the lesson as a learner* opens it below.\n\n"
            "Everything works with the keyboard too (the Tab key reaches the board, the arrow "
            "keys move between its places and the Enter key clicks).")),
        code(f"{p}-studio", "from mp_tutor.widgets.studio import Studio\n\n"
             f'studio = Studio(game="{info.name}"{language})\nstudio'),
        md(f"{p}-share", say(
            "## Sharing a lesson\n\nOpen *name*`.ipynb` to play your lesson as a learner does. "
            "To put it in front of a class, give them the three files, or put them in a folder "
            "and build the classroom site with it (see the README's part for teachers): every "
            "learner opens it in their browser, nothing to install. To change a lesson later, "
            "open its file in the studio (*Position ▸ Or open a file*), change it and save it "
            "again.")),
    ]


def studio_notebook(info: GameInfo, lang: str) -> tuple[str, Notebook]:
    """The studio notebook of a game in ``lang``: ``(name, notebook)``."""
    return studio_name(info, lang), {
        "cells": [in_language(c, lang) for c in studio_cells(info, lang)],
        "metadata": dict(KERNEL, mp_tutor={"page": STUDIO_SLUG}),
        "nbformat": 4,
        "nbformat_minor": 5,
    }


__all__ = ["STUDIO_SLUG", "studio_cells", "studio_name", "studio_notebook", "studio_title"]
