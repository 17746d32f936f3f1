"""The studio's files: every shipped scenario and chapter opened and saved gives the same
scenario or chapter (and saved again, the same bytes); positions reached by random play
saved and read back are the same position; a broken file names itself, its field and the
problem, and the draft keeps what it had."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest

from mp_tutor.core.game import BaseGame
from mp_tutor.core.lessons import find_chapter, load_lesson
from mp_tutor.core.lessons.model import chapter_folder
from mp_tutor.core.registry import get_game, known_games
from mp_tutor.core.scenarios import read_scenario
from mp_tutor.studio.draft import Draft, StudioError, scenario_tables

SCENARIOS = [(g, p) for g in known_games() for d in get_game(g).scenario_dirs
             for p in sorted(d.glob("*.toml"))]
CHAPTERS = [(g, lang, p) for g in known_games() for lang in ("en", "fr", "nl")
            for p in sorted(chapter_folder(get_game(g), lang).glob("*.toml"))]


@pytest.mark.parametrize(("game", "path"), SCENARIOS, ids=[p.stem for _, p in SCENARIOS])
def test_a_shipped_scenario_opened_and_saved_is_the_same_file(game: str, path: Path,
                                                              tmp_path: Path) -> None:
    draft = Draft.open(path)
    assert draft.info.name == game
    saved = draft.save(tmp_path / path.name)
    assert [p.name for p in saved] == [path.name]
    assert saved[0].read_bytes() == path.read_bytes()  # comments and layout kept
    again = Draft.open(saved[0]).save(tmp_path / "again.toml")
    assert again[0].read_bytes() == saved[0].read_bytes()


@pytest.mark.parametrize(("game", "lang", "path"), CHAPTERS,
                         ids=[f"{g}-{lang}-{p.stem}" for g, lang, p in CHAPTERS])
def test_a_shipped_chapter_opened_and_saved_is_the_same_chapter(game: str, lang: str,
                                                                path: Path,
                                                                tmp_path: Path) -> None:
    draft = Draft.open(path)
    saved = draft.save(tmp_path / f"{path.stem}.lesson.toml")
    chapter = load_lesson(saved[-1])
    shipped = find_chapter(path.stem.split("-", 1)[0], game, lang)
    assert chapter.lang == lang
    assert (chapter.tasks, chapter.quizzes, chapter.rules, chapter.summary, chapter.cells) == (
        shipped.tasks, shipped.quizzes, shipped.rules, shipped.summary, shipped.cells)
    assert chapter.start.scenario == shipped.start.scenario
    assert chapter.start.options == shipped.start.options
    original = tomllib.loads(path.read_text("utf-8"))
    written = tomllib.loads(saved[-1].read_text("utf-8"))
    assert {k: v for k, v in written["chapter"].items() if k not in ("game", "lang")} \
        == original["chapter"]
    again = Draft.open(saved[-1]).save(tmp_path / "again.lesson.toml")
    assert [p.read_bytes() for p in again] == [p.read_bytes() for p in saved]


def _savable(game: BaseGame, rng: random.Random, moves: int) -> BaseGame | None:
    """A position random play reaches that a scenario file can hold (None if none)."""
    found = None
    for _ in range(moves):
        if game.over:
            break
        try:
            game.position.write(game.state, "", "")
            found = game.copy()
        except ValueError:
            pass
        game.apply(rng.choice(list(game.legal_actions())))
    return found


@pytest.mark.parametrize("game_name", known_games())
def test_positions_of_random_play_saved_and_read_back_are_the_same(game_name: str,
                                                                   tmp_path: Path) -> None:
    info = get_game(game_name)
    tried = 0
    for seed in range(40):
        rng = random.Random(seed)
        game = _savable(info.new(players=rng.choice(info.players), seed=seed), rng,
                        rng.randrange(1, 160))
        if game is None:
            continue
        tried += 1
        saved = Draft.from_game(game).save(tmp_path / f"p{seed}.toml")[0]
        back = Draft.open(saved).position
        fmt = info.game.position
        assert fmt.write(back.state, "", "") == fmt.write(game.state, "", ""), seed
        replayed = back.game()
        assert replayed.pending.to_json() == game.pending.to_json(), seed
        assert [a.notation() for a in replayed.legal_actions()] == \
            [a.notation() for a in game.legal_actions()], seed
        assert replayed.facts()["player"] == game.facts()["player"], seed
    assert tried >= 20


@pytest.mark.parametrize(("text", "field"), [
    ("[scenario]\nplayers = 9\n", "scenario.players"),
    ("[scenario]\nplayers = 3\n[players.Blue]\ngoods = { coca = 90 }\n", "players.goods"),
    ("[scenario]\nplayers = 3\n[[script]]\naction = \"fly away\"\n", "script[0].action"),
    ("[scenario]\nplayers = 3\n[[script]]\naction = \"move coca_plantation\"\n"
     "marks = [{ arrow = [\"central_plaza\", \"nowhere\"] }]\n", "script[0].marks[0]"),
    ("[scenario]\nplayers = 3\ngame = \"chess\"\n", "scenario.game"),
    ("[chapter]\nid = \"90\"\nslug = \"x\"\ntitle = \"x\"\ngame = \"princes\"\n"
     "scenario = \"missing.toml\"\n[[task]]\nid = \"a\"\ninstruction = \"x\"\nhint = \"\"\n"
     "solution = [\"move x\"]\ngoal = [{ event = \"moved\" }]\n", "chapter.scenario"),
    ("[scenario\nplayers = 3\n", "<file>"),
])
def test_a_broken_file_names_itself_its_field_and_the_problem(text: str, field: str,
                                                              tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text(text, "utf-8")
    with pytest.raises(StudioError) as caught:
        Draft.open(path)
    assert caught.value.field == field
    assert str(path) in str(caught.value) and caught.value.message


def test_a_new_draft_saves_a_scenario_that_reads_back(tmp_path: Path) -> None:
    draft = Draft.new("princes", players=4, seed=5)
    assert draft.edit({"players.Red.goods.coca": 3, "scenario.title": "Red's coca"}) is None
    saved = draft.save(tmp_path / "reds-coca.toml")
    scenario = read_scenario(get_game("princes").game, saved[0])
    assert scenario.title == "Red's coca"
    assert scenario.build().facts()["player"][2]["goods"]["coca"] == 3
    assert scenario_tables(Draft.open(saved[0]).sheet) == scenario_tables(draft.sheet)
