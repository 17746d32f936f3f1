"""Every game's chapters, checked once for all the games of the tutor.

For each chapter of each registered game: solving its tasks one by one ticks exactly the
current task; each wrong move is refused by the engine citing a rule, with the task's hint;
every quiz answer is computed by the engine and is the one the chapter states; every rule id
the chapter cites exists and its lookups find rules; the chapters' own scenarios pass their
checks and stay out of the game's library; the notebooks match the
chapter files in every language, their committed outputs are deterministic, and a lesson
panel with its board proves every chapter. Each game's own chapter claims are tested in its
own files.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from lesson_checks import (
    assert_notebook_deterministic,
    assert_tasks_solved_in_order,
    assert_wrong_moves_explained,
)
from mp_tutor.widgets.lesson_panel import LessonPanel

from mp_tutor.core.lessons import LessonRun, chapters_of, compute_quiz
from mp_tutor.core.lessons.cells import NOTEBOOKS
from mp_tutor.core.lessons.course import course_page
from mp_tutor.core.lessons.notebooks import check, languages, notebook_dir
from mp_tutor.core.lessons.pages import studio_name
from mp_tutor.core.registry import get_game, known_games
from mp_tutor.core.scenarios import run_checks

GAMES = known_games()
CHAPTERS = [pytest.param(name, cid, id=f"{name}-{cid}") for name in GAMES
            for cid in sorted(chapters_of(name))]
_RULE_REF = re.compile(r"`([a-z0-9_]+\.[a-z0-9_]+)`")


def chapter(name: str, cid: str) -> Any:
    return chapters_of(name)[cid]


def prose(ch: Any) -> list[str]:
    """The sentences a learner reads (titles, texts, tasks, quizzes, markdown cells)."""
    texts = [ch.title, ch.summary, ch.recap]
    texts += [t.instruction + " " + t.hint + " " + t.done for t in ch.tasks]
    texts += [q.question + " " + q.reveal for q in ch.quizzes]
    texts += [c["md"] for c in ch.cells if "md" in c]
    return texts


@pytest.mark.parametrize(("name", "cid"), CHAPTERS)
def test_tasks_solved_in_order(name: str, cid: str) -> None:
    assert_tasks_solved_in_order(chapter(name, cid))


@pytest.mark.parametrize(("name", "cid"), CHAPTERS)
def test_wrong_moves_explained_with_rule_and_hint(name: str, cid: str) -> None:
    assert_wrong_moves_explained(chapter(name, cid), get_game(name).rules)


@pytest.mark.parametrize(("name", "cid"), CHAPTERS)
def test_quizzes_answered_by_the_engine(name: str, cid: str) -> None:
    ch = chapter(name, cid)
    assert ch.quizzes, f"chapter {cid} has no quick check"
    for q in ch.quizzes:
        r = compute_quiz(ch, q)
        if q.expect is not None:
            assert str(r.answer) == str(q.expect), f"{q.id}: engine {r.answer}, chapter {q.expect}"
        if q.choices:
            assert str(r.answer) in q.choices, f"{q.id}: {r.answer} not among {q.choices}"
        else:
            assert isinstance(r.answer, int)
        assert r.check(r.answer) and r.check(q.label(r.answer)) and not r.check("999")
        assert "{answer}" in q.reveal, f"{q.id}: the reveal should show the engine's answer"
        assert q.label(r.answer) in r.text  # in the learner's words (a choice's label)
    assert LessonRun(ch).check_answers().startswith("✔")


@pytest.mark.parametrize(("name", "cid"), CHAPTERS)
def test_cited_rule_ids_exist(name: str, cid: str) -> None:
    ch = chapter(name, cid)
    rules = get_game(name).rules
    assert ch.rules and ch.section and ch.summary and ch.recap
    prefixes = {r.split(".", 1)[0] for r in rules}
    cited = set(ch.cited_rules())
    for text in prose(ch):  # `move.llama` in a sentence (not `lesson.game` in code)
        cited |= {r for r in _RULE_REF.findall(text) if r.split(".", 1)[0] in prefixes}
    assert not sorted(r for r in cited if r not in rules)
    for words in ch.lookup:
        assert rules.lookup(words), f"lookup({words!r}) finds nothing"


def lesson_scenarios() -> list[Any]:
    return [pytest.param(name, path, id=f"{name}-{path.stem}") for name in GAMES
            for path in sorted(get_game(name).scenario_dirs[1].glob("*.toml"))]


@pytest.mark.parametrize(("name", "path"), lesson_scenarios())
def test_lesson_scenarios_valid_and_checked(name: str, path: Path) -> None:
    info = get_game(name)
    sc = info.read_scenario(path)
    assert sc.title and sc.rulebook
    assert run_checks(sc) == []
    assert path.stem not in info.scenario_names()  # lessons only: not the game's library


@pytest.mark.parametrize("name", GAMES)
def test_notebooks_match_chapter_files(name: str) -> None:
    info = get_game(name)
    for lang in languages(info):
        assert check(info, lang) == [], lang
    folder = notebook_dir(info)
    pages = [studio_name(info, "en")] if info.editing is not None else []
    if folder == NOTEBOOKS:  # the installed tutor's course page, in the top folder
        pages.append(Path(course_page("en")).stem)
    assert sorted(p.stem for p in folder.glob("*.ipynb")) == sorted(
        [c.name for c in chapters_of(name).values()] + pages)


@pytest.mark.parametrize(("name", "cid"), CHAPTERS)
def test_committed_notebook_outputs_are_deterministic(name: str, cid: str) -> None:
    ch = chapter(name, cid)
    nb = assert_notebook_deterministic(notebook_dir(get_game(name)) / f"{ch.name}.ipynb", 3)
    board = next(c for c in nb["cells"] if c["id"] == f"c{cid}-board")
    assert f'LessonPanel("{cid}", game="{name}")' in "".join(board["source"])


@pytest.mark.parametrize(("name", "cid"), CHAPTERS)
def test_a_panel_with_its_board_proves_the_chapter(name: str, cid: str) -> None:
    lesson = LessonPanel(cid, game=name)
    assert lesson.board is not None and lesson.board_error is None
    assert lesson.board.svg.startswith("<svg")
    assert lesson.prove().startswith("✔ All")
    assert not any(lesson.run.done)
    while lesson.run.current is not None:  # and the board plays every task's solution
        fbs = lesson.solve()
        assert fbs and all(fb.ok for fb in fbs), [fb.text for fb in fbs if not fb.ok]
    assert lesson.run.complete
