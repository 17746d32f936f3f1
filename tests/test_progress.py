"""A learner's progress kept between sessions (``mp_tutor.core.lessons.progress``): the store,
the lesson panel that plays the saved moves again, and the installed tutor's kernel restart."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path

import mp_tutor.widgets.course as course_widget
import pytest
from mp_tutor.widgets.course import CoursePanel
from mp_tutor.widgets.lesson_panel import LessonPanel

from mp_tutor.core.i18n import set_language
from mp_tutor.core.lessons import find_chapter
from mp_tutor.core.lessons.course import course, course_page
from mp_tutor.core.lessons.notebooks import check_course
from mp_tutor.core.lessons.progress import (
    ENV,
    ChapterProgress,
    ProgressStore,
    default_store,
    next_chapter,
    notebook_key,
)
from mp_tutor.core.lessons.progress import main as progress_main
from mp_tutor.core.lessons.run import LessonRun, ResumeError

KEY = "princes/en/04"


@pytest.fixture
def store(tmp_path: Path) -> ProgressStore:
    return ProgressStore(tmp_path / ".mp-tutor" / "progress.json")


def panel(store: ProgressStore | bool | None, cid: str = "04", **kw) -> LessonPanel:
    return LessonPanel(cid, game="princes", progress=store, **kw)


def test_moves_are_kept_and_played_again_with_their_ticks(store: ProgressStore) -> None:
    first = panel(store)
    assert first.board is not None, first.board_error
    first.board.click("coca_plantation")
    first.act("produce 1")
    assert first.run.done == [True, True, False]
    saved = store.get(KEY)
    assert saved is not None and (saved.done, saved.total, len(saved.actions)) == (2, 3, 2)
    again = panel(store)  # a new kernel, the same store
    assert again.run.done == [True, True, False]
    assert again.board is not None and again.board.game is again.game
    assert [a.notation() for a in again.game.history] == ["move coca_plantation", "produce 1"]
    assert "Welcome back" in again.feedback_html.value and "2 of 3 tasks done" in \
        again.feedback_html.value
    assert store.next_chapter("princes", "en") == "04"  # not complete: go on with it


def test_restart_starts_the_chapter_afresh_and_forgets_it(store: ProgressStore) -> None:
    lesson = panel(store)
    lesson.act("move coca_plantation")
    assert store.get(KEY) is not None
    lesson.restart()
    assert store.get(KEY) is None and store.next_chapter("princes", "en") == "04"
    assert not any(panel(store).run.done)


def test_the_walkthrough_leaves_the_learner_where_they_were(store: ProgressStore) -> None:
    lesson = panel(store)
    lesson.act("move coca_plantation")
    assert "the board is back where it was" in lesson.prove()
    assert lesson.run.done == [True, False, False]
    assert "✔ Task 1 done" in lesson.feedback_html.value  # what the panel said before
    assert [a.notation() for a in lesson.game.history] == ["move coca_plantation"]
    assert lesson.board is not None and lesson.board.game is lesson.game
    saved = store.get(KEY)
    assert saved is not None and saved.done == 1  # the walkthrough's moves were not kept


def test_a_complete_chapter_points_to_the_next(store: ProgressStore) -> None:
    lesson = panel(store)
    while lesson.run.current is not None:
        lesson.solve()
    assert store.get(KEY).complete  # type: ignore[union-attr]
    assert store.next_chapter("princes", "en") == "05"


def test_a_bot_chapter_is_played_again_to_the_same_position(store: ProgressStore) -> None:
    lesson = panel(store, "14")
    lesson.solve()
    lesson.solve()
    again = panel(store, "14")
    assert again.run.done == lesson.run.done and sum(again.run.done) == 2
    assert again.game.state.to_dict() == lesson.game.state.to_dict()


def test_an_unreadable_store_is_put_aside_with_a_message(store: ProgressStore) -> None:
    store.path.parent.mkdir(parents=True)
    store.path.write_text("{half a file")
    lesson = panel(store)
    assert "put aside" in lesson.feedback_html.value
    assert store.path.with_name("progress.json.broken").read_text() == "{half a file"
    lesson.act("move coca_plantation")
    assert ProgressStore(store.path).get(KEY) is not None  # kept afresh


@pytest.mark.parametrize("text", ['{"format": "something-else", "chapters": []}',
                                  '{"format": "mp-tutor-progress", "version": 99}'])
def test_another_programs_file_is_left_alone(store: ProgressStore, text: str) -> None:
    store.path.parent.mkdir(parents=True)
    store.path.write_text(text)
    lesson = panel(store)
    assert "is not a progress file of this tutor" in lesson.feedback_html.value
    lesson.act("move coca_plantation")
    assert lesson.run.done[0]  # the chapter works
    assert store.path.read_text() == text  # never written


def test_saved_moves_that_no_longer_fit_start_the_chapter_afresh(store: ProgressStore) -> None:
    store.put(KEY, ChapterProgress(({"action": "Move", "to": "coca_plantation"},
                                    {"action": "Move", "to": "nowhere"}), 1, 3))
    store.put("princes/en/05", ChapterProgress(({"bad": 1},), 9, 3))  # not valid: ignored
    lesson = panel(store)
    assert "could not be played again" in lesson.feedback_html.value
    assert not any(lesson.run.done) and not lesson.game.history
    assert store.get("princes/en/05") is None


def test_french_progress_is_its_own_and_said_in_french(store: ProgressStore) -> None:
    try:
        panel(store, language="fr").act("move coca_plantation")
        assert store.get("princes/fr/04") is not None and store.get(KEY) is None
        again = panel(store, language="fr")
        assert "Bon retour" in again.feedback_html.value
    finally:
        set_language("en")


def test_where_progress_is_kept(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(ENV, raising=False)
    assert default_store() is None  # scripts, tests and executed notebooks keep nothing
    assert panel(None).keeper.store is None
    monkeypatch.setenv(ENV, str(tmp_path / "p.json"))
    assert default_store().path == tmp_path / "p.json"  # type: ignore[union-attr]
    assert panel(None).keeper.store is not None  # a course chapter: the learner's store
    assert LessonPanel(find_chapter("04", "princes"), board=False).keeper.store is None  # a Chapter
    assert panel(False).keeper.store is None


def test_resume_checks_every_move() -> None:
    run = LessonRun(find_chapter("04", "princes"), autoplay=False)
    with pytest.raises(ResumeError, match="move 2 of 2"):
        run.resume([{"action": "Move", "to": "coca_plantation"}, {"action": "Fly"}])
    assert run.index == 0 and not run.game.history
    assert next_chapter(["00", "01"], {"00": ChapterProgress(done=1, total=1)}, "00") == "01"


def test_progress_is_kept_across_a_kernel_restart(tmp_path: Path) -> None:
    """The installed tutor (``scripts/tutor.sh`` sets MP_TUTOR_PROGRESS): a chapter played
    in a kernel, the kernel restarted, the chapter's first cell again: the learner's tasks
    and position are back."""
    jupyter_client = pytest.importorskip("jupyter_client")
    path = tmp_path / "progress.json"
    km = jupyter_client.KernelManager(kernel_name="python3")
    km.start_kernel(env={**os.environ, ENV: str(path)}, cwd=str(tmp_path))
    try:
        client = km.client()
        client.start_channels()
        client.wait_for_ready(timeout=120)

        def run(code: str) -> str:
            out: list[str] = []

            def hook(msg: dict) -> None:
                if msg["msg_type"] == "stream":
                    out.append(msg["content"]["text"])
                elif msg["msg_type"] == "error":
                    out.append("\n".join(msg["content"]["traceback"]))

            client.execute_interactive(code, output_hook=hook, timeout=120)
            return "".join(out)

        board = ('from mp_tutor.widgets.lesson_panel import LessonPanel\n'
                 'lesson = LessonPanel("04", game="princes")\n')
        said = run(board + 'lesson.board.click("coca_plantation")\nlesson.act("produce 1")\n'
                   'print(repr(lesson))')
        assert "2 of 3 tasks done" in said, said
        km.restart_kernel(now=True)
        client.wait_for_ready(timeout=120)
        said = run(board + 'print(repr(lesson), [a.notation() for a in lesson.game.history])')
        assert "2 of 3 tasks done" in said and "'produce 1'" in said, said
        client.stop_channels()
    finally:
        km.shutdown_kernel(now=True)
    data = json.loads(path.read_text())
    assert data["chapters"][KEY]["done"] == 2


def test_tutor_sh_fresh_forgets_the_chapters_progress(store: ProgressStore,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV, str(store.path))
    store.put("princes/fr/04", ChapterProgress(done=1, total=3))
    store.put(KEY, ChapterProgress(done=1, total=3))
    notebooks = Path(__file__).resolve().parents[1] / "notebooks"
    assert progress_main(["forget", str(notebooks / "fr" / "04-production.ipynb"),
                          str(notebooks / "README.md")]) == 0
    assert store.get("princes/fr/04") is None and store.get(KEY) is not None


@pytest.mark.parametrize("lang", ["en", "fr", "nl"])
def test_the_course_page_lists_every_chapter_notebook(lang: str) -> None:
    """The site's course page (built from ``course()``): its links are the notebooks, and its
    keys are the ones the notebooks' chapters keep their progress under."""
    notebooks = Path(__file__).resolve().parents[1] / "notebooks"
    page = course(lang)
    assert all(page["texts"].values()) and "{chapter}" in page["texts"]["go_on"]
    listed = [c for g in page["games"] for c in g["chapters"]]
    assert len(listed) == 22
    for chapter in listed:
        assert notebook_key(notebooks / chapter["path"]) == chapter["key"], chapter
    if lang != "en":
        assert page["texts"]["title"] != course("en")["texts"]["title"]


# -- the installed tutor's course page (mp_tutor.widgets.course) ---------------------------------


@pytest.mark.parametrize("lang", ["en", "fr", "nl"])
def test_the_course_notebooks_show_the_course_panel(lang: str) -> None:
    """``notebooks/course.ipynb`` (``fr/``, ``nl/``): written from the course page's words, run
    by the tutor's JupyterLab extension as it opens (its metadata), one hidden cell that
    shows the panel in its language; ``scripts/tutor.sh`` opens it first."""
    assert check_course(lang) == []
    path = Path(__file__).resolve().parents[1] / "notebooks" / course_page(lang)
    nb = json.loads(path.read_text("utf-8"))
    assert nb["metadata"]["mp_tutor"] == {"page": "course", "lang": lang}
    title, cell = nb["cells"]
    assert str(course(lang)["texts"]["title"]) in "".join(title["source"])
    assert cell["metadata"]["jupyter"]["source_hidden"] is True
    source = "".join(cell["source"])
    assert "CoursePanel(" in source and (lang == "en") != (f'language="{lang}"' in source)
    shown = "".join(cell["outputs"][0]["data"]["text/plain"])  # executed: its text form
    assert repr(CoursePanel(lang, progress=False)) == shown


def test_the_course_panel_shows_the_learners_store(store: ProgressStore) -> None:
    store.put(KEY, ChapterProgress(done=3, total=3), order=["03", "04", "05"])
    store.put("princes/en/06", ChapterProgress(done=1, total=4))
    store.put("princes/fr/07", ChapterProgress(done=2, total=2))  # another language's course
    panel = CoursePanel("en", progress=store, watch=False)
    assert panel.progress["chapters"][KEY] == {"done": 3, "total": 3, "complete": True,
                                               "updated": store.get(KEY).updated}  # type: ignore[union-attr]
    assert "actions" not in panel.progress["chapters"]["princes/en/06"]
    assert panel.progress["next"] == {"princes/en": "05"}
    assert repr(panel) == "Your course: 1 of 22 chapters done" and panel.status == ""
    keys = {c["key"] for g in panel.page["games"] for c in g["chapters"]}
    assert KEY in keys and "princes/fr/07" not in keys and len(keys) == 22
    assert [lang for lang, _, _ in panel.languages] == ["en", "fr", "nl"]
    assert panel.languages[1] == ["fr", "Français", "fr/course.ipynb"]
    # the French course has chapter 07 done, not 04
    assert repr(CoursePanel("fr", progress=store, watch=False)) == (
        "Votre parcours : 1 chapitre(s) fait(s) sur 22")


def test_start_afresh_on_the_course_panel_forgets_the_chapter(store: ProgressStore) -> None:
    panel(store).act("move coca_plantation")
    course_panel = CoursePanel("en", progress=store, watch=False)
    assert course_panel.progress["chapters"][KEY]["done"] == 1
    # what the browser sends; anything else is ignored
    for bad in (None, "afresh", {"type": "afresh"}, {"type": "afresh", "key": 4},
                {"type": "afresh", "key": "princes/fr/04"}, {"type": "other", "key": KEY}):
        course_panel._message(course_panel, bad)
    assert store.get(KEY) is not None and course_panel.forgotten == ""
    course_panel._message(course_panel, {"type": "afresh", "key": KEY})
    assert store.get(KEY) is None and course_panel.forgotten == KEY
    assert KEY not in course_panel.progress["chapters"]
    assert course_panel.progress["next"] == {"princes/en": "04"}  # the learner goes on there
    assert not any(panel(store).run.done)  # the chapter opens at its start


def test_the_course_panel_says_when_nothing_is_kept(store: ProgressStore,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV, raising=False)
    alone = CoursePanel("fr")  # no store here (not opened by tutor.sh)
    assert alone.store is None and alone.progress == {}
    assert "bash scripts/tutor.sh" in alone.status and "pas commencé" in alone.status
    store.path.parent.mkdir(parents=True)
    store.path.write_text("{half a file")
    broken = CoursePanel("en", progress=store, watch=False)
    assert "put aside" in broken.status and broken.progress["chapters"] == {}
    monkeypatch.setenv(ENV, str(store.path))
    assert CoursePanel("nl", watch=False).store is not None  # the learner's store


def test_the_course_panel_reads_the_store_again_when_it_changes(
        store: ProgressStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """As in a kernel: the panel looks at the file on the event loop, so a chapter played in
    another notebook shows on the course page when the learner comes back to it."""
    monkeypatch.setattr(course_widget, "POLL_S", 0.01)

    async def scenario() -> tuple[dict, dict, dict]:
        shown = CoursePanel("en", progress=store)
        before = dict(shown.progress)
        store.put(KEY, ChapterProgress(done=1, total=3))
        for _ in range(200):
            await asyncio.sleep(0.01)
            if KEY in shown.progress["chapters"]:
                break
        seen = dict(shown.progress)
        shown.close()  # a closed panel stops looking
        store.forget(KEY)
        await asyncio.sleep(0.1)
        return before, seen, shown.progress

    before, seen, after_close = asyncio.run(scenario())
    assert before["chapters"] == {} and seen["chapters"][KEY]["done"] == 1
    assert KEY in after_close["chapters"]
