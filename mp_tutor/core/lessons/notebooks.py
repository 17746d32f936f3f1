"""Write the tutorial notebooks (``<notebook dir>/NN-slug.ipynb``) from the chapter files.

The chapter files are the single source: a notebook's cells are generated from its chapter
(title, the rule in short, the board and panel, the tasks, a wrong move, the solution, the
quick checks, the recap), so text, tasks and tests never disagree. Only the standard library
is used here; executing the notebooks calls ``jupyter nbconvert`` in a subprocess (where no
process can start, as in the browser, :class:`CannotExecute` says so).

    python -m mp_tutor.core.lessons.notebooks            # write every game's notebooks
    python -m mp_tutor.core.lessons.notebooks --execute  # ... and run them, keeping the outputs
    python -m mp_tutor.core.lessons.notebooks --check    # do the committed sources match?

It also writes the installed tutor's course notebooks, one per language
(``notebooks/course.ipynb``, ``notebooks/fr/course.ipynb``...; see :mod:`.course`).

Cells whose outputs state a rules fact carry the tag ``nbval-check-output``: ``pytest
--nbval-lax notebooks`` compares them. Widget cells are not compared. After execution the
widget state and cell timings are removed, and a widget output keeps only its text form, so
the committed notebooks are deterministic.

>>> from mp_tutor.core.lessons import find_chapter
>>> nb = notebook(find_chapter("04", "princes"))
>>> nb["cells"][0]["source"][0]
'# 04 · Production districts\\n'
>>> [c["id"] for c in nb["cells"]][:3]
['c04-title', 'c04-board-intro', 'c04-board']
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from ..i18n import DEFAULT_LANGUAGE, LANGUAGES, Term, render, t
from ..registry import GameInfo, get_game, known_games
from ..runtime import can_start_processes, can_start_threads
from ..views import JSON
from . import chapters_of
from .cells import (
    KERNEL,
    REPO,
    WIDGET_MIME,
    Cell,
    Notebook,
    Output,
    code,
    in_language,
    md,
    notebook_dir,
)
from .course import course_notebook, course_page
from .model import Chapter
from .pages import studio_name, studio_notebook, studio_title


def _title(ch: Chapter) -> str:
    rules = " ".join(f"`{r}`" for r in ch.rules)
    head = render(t("Rulebook: {section}", section=ch.section), ch.lang)
    ids = render(t("rules: {ids}", ids=rules), ch.lang)
    return f"# {ch.id} · {ch.title}\n\n*{head}* · {ids}\n\n{ch.summary}"


def _extra(ch: Chapter, place: str) -> list[Cell]:
    out = []
    for i, c in enumerate(ch.cells):
        if c.get("at", "end") != place:
            continue
        cid = f"c{ch.id}-extra{i}"
        if "md" in c:
            out.append(md(cid, c["md"]))
        else:
            out.append(
                code(cid, c["code"], check=bool(c.get("check")), hidden=bool(c.get("hidden")))
            )
    return out


def chapter_cells(ch: Chapter, chapters: list[Chapter] | None = None, opener: str = ""
                  ) -> list[Cell]:
    """The cells of a chapter's notebook, in the chapter's language (``opener``: the code
    that makes ``lesson``, for a lesson that is not a chapter of its game)."""
    lang = ch.lang

    def say(text: str, **params: object) -> str:
        return render(t(text, **params), lang)

    p = f"c{ch.id}"
    cells = [md(f"{p}-title", _title(ch))]
    who = (say("You play **{seat}**; the other seats are played by bots.",
               seat=Term("colour", ch.seat)) if ch.seat
           else say("You decide for every player at the table."))
    help_text = render(ch.game.board_help, lang) if ch.game.board_help else ""
    sidebar = say("When the tutor or the classroom site opens a chapter, its cells run by "
                  "themselves and the file browser on the left is closed to give the board room: "
                  "*View ▸ Show Left Sidebar* (Ctrl+B) opens it again.")
    cells.append(md(f"{p}-board-intro", say(
        "## The board\n\nRun the next cell (or *Run ▸ Run All Cells*): the board and the lesson "
        "panel appear. {who} {help}", who=who, help=help_text) + "\n\n" + sidebar))
    lang_arg = f', language="{lang}"' if lang != DEFAULT_LANGUAGE else ""
    opener = opener or f'lesson = LessonPanel("{ch.id}"{_game_arg(ch)}{lang_arg})'
    cells.append(code(
        f"{p}-board",
        f"from mp_tutor.widgets.lesson_panel import LessonPanel\n\n{opener}\nlesson"))
    cells += _extra(ch, "board")

    tasks = "\n".join(f"{i + 1}. {task.instruction}" for i, task in enumerate(ch.tasks))
    first = next((task for task in ch.tasks if not task.by_bot), None)
    typed = (" " + say("You can also type a move, for example {example}.",
                       example=f'`lesson.act("{first.solution[0]}")`')
             if first is not None else "")
    if typed and lang != DEFAULT_LANGUAGE:
        typed += " " + say("Moves are typed in the tutor's notation, which is English in every "
                           "language (as in this example and the wrong moves below).")
    cells.append(md(f"{p}-tasks", say(
        "## Your tasks\n\n{tasks}\n\nThe panel ticks each task once it has happened on the board. "
        "A move that breaks a rule is refused with the reason and a hint; a legal move that is "
        "not the task is refused with what it would have done.", tasks=tasks) + typed))
    mistakes = [(i, task) for i, task in enumerate(ch.tasks) if task.mistake]
    if mistakes:
        listing = "\n".join("- " + say("task {n}: {move}", n=i + 1, move=f"`{task.mistake}`")
                            for i, task in mistakes)
        cells.append(md(f"{p}-mistakes", say(
            "### Wrong moves\n\nWhat does the tutor say to a typical mistake? Each cell below "
            "tries one on a copy of the board, at the moment of its task:\n\n{listing}",
            listing=listing)))
        for _, task in mistakes:
            cells.append(code(f"{p}-mistake-{task.id}", f'print(lesson.run.mistake("{task.id}"))',
                              check=True))
    cells += _extra(ch, "tasks")

    if ch.quizzes:
        cells.append(md(f"{p}-quiz-intro", say(
            "## Quick check\n\nPredict, then let the tutor play it out: type your answer in the "
            "box and press *Reveal*.")))
        for n, q in enumerate(ch.quizzes, 1):
            choices = (" " + say("Choose one of: {choices}.",
                                 choices=", ".join(f"*{q.label(c)}*" for c in q.choices))
                       if q.choices else "")
            cells.append(md(f"{p}-quiz-{q.id}-q", f"**Q{n}.** {q.question}{choices}"))
            cells.append(code(f"{p}-quiz-{q.id}", f'lesson.quiz("{q.id}")'))
    cells += _extra(ch, "end")

    cells.append(md(f"{p}-recap", say(
        "## Recap\n\n{recap}\n\nThe rules of this chapter, as the tutor cites them. Look any "
        "rule up with {lookup}.", recap=ch.recap, lookup='`lesson.rules.lookup("words")`')))
    cells.append(code(f"{p}-rules",
                      "for rule_id in lesson.chapter.rules:\n    print(lesson.rules[rule_id])",
                      check=True))
    if ch.lookup:
        cells.append(code(f"{p}-lookup",
                          f'for rule in lesson.rules.lookup("{ch.lookup[0]}"):\n    print(rule)',
                          check=True))
    cells += _solutions(ch)
    nav = _nav(ch, chapters)
    if nav:
        cells.append(md(f"{p}-next", nav))
    return cells


def _solutions(ch: Chapter) -> list[Cell]:
    """The last section: proof that the chapter works, without giving anything away.

    Running every cell (as the notebook says) must not show a solution or an answer: these
    cells only say *that* every task can be done on this board and *that* playing them out agrees
    with the chapter's numbers. The solutions stay one command away.
    """
    p = f"c{ch.id}"
    answers = (" " + render(t("The second checks the quick-check answers without showing them; "
                              "press *Reveal* above to see each one."), ch.lang)
               if ch.quizzes else "")
    cells = [
        md(f"{p}-solution-intro", render(t(
            "## Checking the chapter (no spoilers)\n\nThe first cell below plays every task on a "
            "copy of the board and reports only whether they can all be done.{answers} Stuck? "
            "Press *Show me* in the panel (it plays the next task only), or run {command} in a "
            "new cell to watch the whole solution.", answers=answers,
            command="`print(lesson.walkthrough())`"), ch.lang)),
        code(f"{p}-solution", "print(lesson.prove())", check=True, tags=("solution",),
             hidden=True),
    ]
    if ch.quizzes:
        cells.append(code(f"{p}-answers", "print(lesson.run.check_answers())", check=True,
                          tags=("answer",), hidden=True))
    cells += _extra(ch, "solution")
    return cells


def _nav(ch: Chapter, chapters: list[Chapter] | None) -> str:
    if not chapters:
        return ""
    ids = [c.id for c in chapters]
    i = ids.index(ch.id)
    parts = []
    if i > 0:
        prev = chapters[i - 1]
        parts.append(f"← [{prev.id} · {prev.title}]({prev.name}.ipynb)")
    if i + 1 < len(chapters):
        nxt = chapters[i + 1]
        parts.append(render(t("Next: {link}", link=f"[{nxt.id} · {nxt.title}]({nxt.name}.ipynb)"),
                            ch.lang) + " →")
    elif ch.game.editing is not None:  # after the last chapter: the lesson studio
        page = studio_name(ch.game, ch.lang)
        link = f"[{page.split('-', 1)[0]} · {studio_title(ch.lang)}]({page}.ipynb)"
        parts.append(render(t("Next: {link}", link=link), ch.lang) + " →")
    return " · ".join(parts)


def _game_arg(ch: Chapter) -> str:
    return f', game="{ch.game.name}"'


def notebook(ch: Chapter, chapters: list[Chapter] | None = None) -> Notebook:
    """A chapter's notebook (nbformat 4.5 JSON), without outputs."""
    return {
        "cells": [in_language(c, ch.lang) for c in chapter_cells(ch, chapters)],
        # the chapter, its game and language: the progress store's key, the site's course
        "metadata": dict(KERNEL, mp_tutor={"chapter": ch.id, "game": ch.game.name,
                                           "lang": ch.lang}),
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def lesson_notebook(ch: Chapter, file_name: str) -> str:
    """The notebook of a lesson file of its own (``file_name``, beside the notebook), as
    text: the chapter's cells, opening the lesson from its file.

    >>> from mp_tutor.core.lessons import find_chapter
    >>> text = lesson_notebook(find_chapter("04", "princes"), "my.lesson.toml")
    >>> json.loads(text)["cells"][2]["source"][2].strip()
    'lesson = LessonPanel("my.lesson.toml")'
    """
    nb: Notebook = {
        "cells": [in_language(c, ch.lang) for c in chapter_cells(
            ch, opener=f"lesson = LessonPanel({json.dumps(file_name)})")],
        "metadata": dict(KERNEL, mp_tutor={"lesson": file_name}),
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    return _dump(nb)


def _dump(nb: Notebook) -> str:
    return json.dumps(nb, indent=1, ensure_ascii=False, sort_keys=True) + "\n"


def _streams(outputs: list[Output]) -> list[Output]:
    """``outputs`` with each run of text printed to one stream as one output (the kernel
    sends printed text in chunks that depend on timing).

    >>> _streams([{"output_type": "stream", "name": "stdout", "text": ["ok"]},
    ...           {"output_type": "stream", "name": "stdout", "text": ["\\n", "next\\n"]}])
    [{'output_type': 'stream', 'name': 'stdout', 'text': ['ok\\n', 'next\\n']}]
    """
    out: list[Output] = []
    for o in outputs:
        last = out[-1] if out else None
        if (last is not None and o.get("output_type") == last.get("output_type") == "stream"
                and o.get("name") == last.get("name")):
            text = "".join(last["text"]) + "".join(o["text"])
            out[-1] = {**last, "text": text.splitlines(keepends=True)}
        else:
            out.append(o)
    return out


def normalize(nb: Notebook) -> Notebook:
    """Make an executed notebook deterministic: no widget state, no timings, text widget
    outputs, printed text in one output per stream."""
    nb["metadata"].pop("widgets", None)
    for cell in nb["cells"]:
        cell["metadata"].pop("execution", None)
        if cell["cell_type"] != "code":
            continue
        for out in cell.get("outputs", []):
            data = out.get("data")
            if data and WIDGET_MIME in data:
                del data[WIDGET_MIME]
            out.get("metadata", {}).pop(WIDGET_MIME, None)
        cell["outputs"] = _streams(cell.get("outputs", []))
    return nb


def _sources(nb: Notebook) -> list[tuple[str, str, str, dict[str, JSON]]]:
    return [(c["id"], c["cell_type"], "".join(c["source"]), c["metadata"]) for c in nb["cells"]]


def languages(info: GameInfo) -> list[str]:
    """The languages a game's chapters are written in (English first)."""
    return [DEFAULT_LANGUAGE] + sorted(
        d.name for d in info.chapter_dir.iterdir() if d.is_dir() and d.name in LANGUAGES
    ) if info.chapter_dir.is_dir() else []


def write(info: GameInfo, lang: str = DEFAULT_LANGUAGE) -> list[Path]:
    """Write every chapter's notebook (keeping the outputs of cells whose source is unchanged)."""
    chapters = list(chapters_of(info.name, lang).values())
    out_dir = notebook_dir(info, lang)
    out_dir.mkdir(parents=True, exist_ok=True)
    wanted = [(f"{ch.name}.ipynb", notebook(ch, chapters)) for ch in chapters]
    if info.editing is not None and chapters:
        name, nb = studio_notebook(info, lang)
        wanted.append((f"{name}.ipynb", nb))
    return [write_notebook(out_dir / file_name, nb) for file_name, nb in wanted]


def write_notebook(path: Path, nb: Notebook) -> Path:
    """Write ``nb`` at ``path``, keeping the outputs of the code cells whose source is the
    same as in the notebook there (and its other metadata)."""
    if path.exists():
        before = json.loads(path.read_text("utf-8"))
        old = {c["id"]: c for c in before["cells"]}
        nb["metadata"] = {**before.get("metadata", {}), **nb["metadata"],
                          "language_info": before.get("metadata", {}).get(
                              "language_info", nb["metadata"]["language_info"])}
        for c in nb["cells"]:
            prev = old.get(c["id"])
            if c["cell_type"] == "code" and prev and prev["source"] == c["source"]:
                c["outputs"] = prev.get("outputs", [])
                c["execution_count"] = prev.get("execution_count")
    text = _dump(nb)
    if not path.exists() or path.read_text("utf-8") != text:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, "utf-8")
    return path


def write_course(lang: str) -> Path:
    """Write the installed tutor's course notebook in ``lang`` (see :mod:`.course`)."""
    return write_notebook(REPO / "notebooks" / course_page(lang), course_notebook(lang))


class CannotExecute(RuntimeError):
    """Notebooks cannot be executed here: no new process can start (the browser's Python)."""

    def __init__(self, why: str = "in the browser, Pyodide has no processes") -> None:
        super().__init__(f"executing notebooks runs `jupyter nbconvert` in a new process, and "
                         f"this Python cannot start one ({why}): write them here without "
                         f"--execute and execute them on a computer, or run each notebook's "
                         f"cells in JupyterLab")


def execute(paths: list[Path], timeout: int = 300, jobs: int = 2) -> None:
    """Run notebooks in place with ``jupyter nbconvert`` (``jobs`` at a time), then normalize.

    Each runs in a new process; where none can start, :class:`CannotExecute` says so."""
    if not can_start_processes():
        raise CannotExecute()
    if jobs > 1 and can_start_threads():
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            list(pool.map(lambda p: _execute_one(p, timeout), paths))
    else:
        for path in paths:
            _execute_one(path, timeout)


def _execute_one(path: Path, timeout: int) -> None:
    cmd = [sys.executable, "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute"]
    cmd += ["--inplace", f"--ExecutePreprocessor.timeout={timeout}", str(path)]
    try:
        proc = subprocess.run(cmd, cwd=path.parent, capture_output=True, text=True)
    except OSError as exc:  # e.g. ENOTSUP where processes are not supported
        raise CannotExecute(str(exc)) from exc
    if proc.returncode != 0:
        raise RuntimeError(f"{path.name} failed:\n{proc.stderr[-4000:]}")
    nb = normalize(json.loads(path.read_text("utf-8")))
    path.write_text(_dump(nb), "utf-8")


def index(info: GameInfo, lang: str) -> str:
    """The README of a game's notebooks in another language than English (Markdown)."""
    chapters = list(chapters_of(info.name, lang).values())

    def say(text: str, **params: object) -> str:
        return render(t(text, **params), lang)

    title = say("The tutorial notebooks: {game}", game=info.title)
    heads = [say("notebook"), say("chapter"), say("rulebook section")]
    lines = ["# " + title, "",
             say("One notebook per chapter of the rules: start with the first one and run "
                 "each notebook from top to bottom (*Run ▸ Run All Cells*). On your computer, "
                 "{command} opens them; in the classroom site they are already open in your "
                 "browser.", command="`bash scripts/tutor.sh`"), "",
             "| " + " | ".join(heads) + " |", "|---|---|---|"]
    lines += [f"| [{ch.name}]({ch.name}.ipynb) | {ch.title} | {ch.section} |" for ch in chapters]
    return "\n".join(lines) + "\n"


def write_index(info: GameInfo, lang: str) -> Path | None:
    """Write the README of a game's notebooks in ``lang`` (English ones are written by hand)."""
    if lang == DEFAULT_LANGUAGE or not chapters_of(info.name, lang):
        return None
    path = notebook_dir(info, lang) / "README.md"
    text = index(info, lang)
    if not path.exists() or path.read_text("utf-8") != text:
        path.write_text(text, "utf-8")
    return path


def check(info: GameInfo, lang: str = DEFAULT_LANGUAGE) -> list[str]:
    """Notebooks whose cell sources differ from their chapter file (empty: all in sync)."""
    chapters = list(chapters_of(info.name, lang).values())
    out_dir = notebook_dir(info, lang)
    bad = []
    readme = out_dir / "README.md"
    if lang != DEFAULT_LANGUAGE and chapters and (
            not readme.exists() or readme.read_text("utf-8") != index(info, lang)):
        bad.append(f"{readme.relative_to(REPO)}: out of date")
    for ch in chapters:
        path = out_dir / f"{ch.name}.ipynb"
        if not path.exists():
            bad.append(f"{path.name}: missing")
            continue
        have = _sources(json.loads(path.read_text("utf-8")))
        want = _sources(notebook(ch, chapters))
        if have != want:
            bad.append(f"{path.name}: cells differ from {Path(ch.path).name}")
    if info.editing is not None and chapters:
        name, nb = studio_notebook(info, lang)
        path = out_dir / f"{name}.ipynb"
        if not path.exists():
            bad.append(f"{path.name}: missing")
        elif _sources(json.loads(path.read_text("utf-8"))) != _sources(nb):
            bad.append(f"{path.name}: cells differ from the studio's page")
    return bad


def check_course(lang: str) -> list[str]:
    """The course notebook in ``lang``, if it differs from :func:`course_notebook`."""
    path = REPO / "notebooks" / course_page(lang)
    if not path.exists():
        return [f"{path.relative_to(REPO)}: missing"]
    if _sources(json.loads(path.read_text("utf-8"))) != _sources(course_notebook(lang)):
        return [f"{path.relative_to(REPO)}: cells differ from the course page's"]
    return []


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m mp_tutor.core.lessons.notebooks",
                                 description=__doc__)
    ap.add_argument("--game", action="append", help="only this game (default: every game)")
    ap.add_argument("--lang", action="append", help="only this language (default: all)")
    ap.add_argument("--execute", action="store_true", help="run the notebooks and keep outputs")
    ap.add_argument("--check", action="store_true", help="only check that notebooks are in sync")
    ap.add_argument("-j", "--jobs", type=int, default=2, help="notebooks run at a time")
    ap.add_argument("chapters", nargs="*", help="chapter ids to execute (default: all)")
    args = ap.parse_args(argv)
    games = [get_game(name) for name in (args.game or known_games())]
    todo = [(info, lang) for info in games for lang in languages(info)
            if not args.lang or lang in args.lang]
    # the course pages show every game: written unless one game is asked for
    courses = [lang for lang in LANGUAGES if not args.lang or lang in args.lang] \
        if not args.game else []
    if args.check:
        bad = [b for info, lang in todo for b in check(info, lang)]
        bad += [b for lang in courses for b in check_course(lang)]
        for b in bad:
            print(b)
        return 1 if bad else 0
    paths = [p for info, lang in todo for p in write(info, lang)]
    paths += [write_course(lang) for lang in courses]
    for info, lang in todo:
        write_index(info, lang)
    if args.execute:
        chosen = [p for p in paths if not args.chapters or p.name[:2] in args.chapters]
        try:
            execute(chosen, jobs=args.jobs)
        except CannotExecute as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
    for p in paths:
        print(p.relative_to(REPO))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
