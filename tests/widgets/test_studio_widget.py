"""The studio widget, kernel side: its parts drive the draft; a broken file is refused naming
its field and the teacher's work stays; the words follow the language; a lesson saved proves
itself and a learner's panel opens it."""

from __future__ import annotations

from pathlib import Path

from mp_tutor.widgets.lesson_panel import LessonPanel
from mp_tutor.widgets.studio import Studio

from mp_tutor import Game
from mp_tutor.core.i18n import set_language
from mp_tutor.core.lessons import load_lesson
from mp_tutor.studio.draft import scenario_tables


def test_a_broken_file_is_refused_and_the_work_stays(tmp_path: Path) -> None:
    studio = Studio(game="princes", players=3, folder=tmp_path)
    assert studio.edit({"players.Blue.goods.coca": 4})
    before = scenario_tables(studio.draft.sheet)
    (tmp_path / "broken.toml").write_text("[scenario]\nplayers = 3\n[players.Blue]\n"
                                          "incas = { coca_plantation = 30 }\n", "utf-8")
    pane = studio.panes["position"]
    pane.path.value = "broken.toml"
    pane.open_file()
    said = studio.message.value
    assert "broken.toml" in said and "players.Blue.incas" in said
    assert scenario_tables(studio.draft.sheet) == before          # nothing of the work lost
    assert studio.board.game.state.goods[0][2] == 4


def test_edits_refused_by_the_engine_say_why_on_the_board() -> None:
    studio = Studio(game="princes", players=3)
    assert not studio.edit({"players.Red.incas.coca_plantation": 11})
    error = studio.board.snapshot.error
    assert error is not None and error.rule == "setup.incas" and "10" in error.message
    studio.panes["position"].tools.value = ""          # no tool: a click says what to do
    assert not studio.board.click("coca_plantation")
    assert "form" in studio.board.snapshot.error.message


def test_the_studio_speaks_the_language_chosen() -> None:
    try:
        studio = Studio(game="princes", players=3, language="fr")
        assert [label for label, _ in studio.modes.options][1] == "2 · Script"
        assert [label for label, _ in studio.modes.options][3] == "4 · Enregistrer"
        assert "Mise en place" in studio.board.snapshot.status
        studio.board.set_language("nl")
        assert [label for label, _ in studio.modes.options][3] == "4 · Bewaren"
    finally:
        set_language("en")


def test_a_lesson_saved_proves_itself_and_opens_for_a_learner(tmp_path: Path) -> None:
    studio = Studio("coca-plantation-production", game="princes", folder=tmp_path)
    studio.set_mode("lesson")
    pane = studio.panes["lesson"]
    pane.step.value = 0
    pane.instruction.value = "Enter the Coca Plantation."
    pane.hint.value = "It borders the Central Plaza."
    pane.wrong.value = "Mind the bonus."
    pane.make.click()
    studio.panes["save"].name.value = "coca"
    written = studio.save()
    assert sorted(p.name for p in written) == ["coca.ipynb", "coca.lesson.toml", "coca.toml"]
    assert "✔" in studio.panes["save"].result.value
    chapter = load_lesson(tmp_path / "coca.lesson.toml")
    assert chapter.tasks[0].wrong == "Mind the bonus."
    learner = LessonPanel(str(tmp_path / "coca.lesson.toml"), board=False)
    assert learner.act("move house_of_priests").kind == "off_task"
    assert "Mind the bonus." in learner.run.feedback.text
    assert learner.act("move coca_plantation").ok


def test_a_live_games_position_opens_in_the_studio() -> None:
    game = Game.new(players=3, seed=2)
    for action in ("inca coca_planter", "inca potter", "inca weaver"):
        game.apply(action)
    studio = Studio.from_game(game)
    assert studio.draft.position.state.incas == game.state.incas
