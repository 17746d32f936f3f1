"""A scenario, and a lesson on it, being made in the studio: :class:`Draft`.

A draft holds the studio's :class:`~mp_tutor.studio.model.Sheet` and every earlier one
(undo and redo of any change: an edit of the position, a sentence, a mark, a task...), where
the board stands in the script (``cursor``), and the files it was opened from. It starts from
a new game, a scenario (shipped or a file), a chapter, a saved file or a live game's
position; every change is checked by the engine (the position by the game's position
reader, the script by playing it), and a change refused leaves the draft as it was.

>>> draft = Draft.new("princes", players=3)
>>> draft.edit({"players.Blue.goods.coca": 5}) is None
True
>>> draft.edit({"players.Blue.goods.coca": 99}).field
'players.goods'
>>> draft.position.get("players.Blue.goods.coca"), draft.undo(), draft.position.get("players.Blue.goods.coca")
(5, True, 1)
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from ..core.editing import Change, Position, Refused
from ..core.errors import FileFieldError
from ..core.game import BaseGame
from ..core.i18n import LANGUAGES, get_language, render, t
from ..core.lessons import Chapter, LessonError, load_chapter_text
from ..core.lessons.model import chapter_folder
from ..core.lessons.proof import Proof, prove
from ..core.registry import GameInfo, get_game, info_for, known_games, read_scenario_file
from ..core.scenarios import Mark, Scenario, ScenarioError, read_scenario
from ..core.tomlfile import read_bytes
from . import lesson as lessons
from . import script as scripts
from .files import Document, dumps, parse, sync, text_of
from .model import Check, ScriptStep, Sheet

#: the end of a lesson file's name (``NAME.lesson.toml``, its scenario ``NAME.toml``)
LESSON_SUFFIX = ".lesson.toml"


class StudioError(FileFieldError):
    """A file the studio cannot open: names the file, the field and the problem."""


@dataclass(frozen=True)
class Sources:
    """The documents a draft was read from (or last saved to): the scenario file's and the
    chapter file's, kept to be written again with their comments."""

    scenario: Document | None = None
    chapter: Document | None = None


def _position_tables(raw: Mapping[str, object]) -> dict[str, object]:
    return {k: v for k, v in raw.items() if k not in ("script", "check")}


def sheet_of(scenario: Scenario) -> Sheet:
    """A scenario (read and checked) as a sheet: its position, script and checks."""
    game_type = scenario.game_type
    position = Position.read(game_type, _position_tables(scenario.raw), scenario.path)
    steps = tuple(ScriptStep(s.action, s.say, s.marks) for s in scenario.script)
    checks: list[Check] = []
    seen: set[int] = set()
    for chk in scenario.checks:
        after = chk.get("after", 0)
        mine = set(chk) <= {"after", "facts"} and after >= 1 and after not in seen
        if mine:
            seen.add(after)
        checks.append(Check(dict(chk), step=mine))
    return Sheet(position, steps, tuple(checks))


class Draft:
    """What the studio is making (see the module docstring). ``lang``: the language the
    teacher writes in (their sentences are kept as typed, with it)."""

    def __init__(self, sheet: Sheet, *, lang: str | None = None, sources: Sources = Sources(),
                 name: str = "") -> None:
        self.info: GameInfo = info_for(sheet.position.game_type)
        self._sheets = [sheet]
        self._at = 0
        self.lang = lang or get_language()
        self.sources = sources
        #: the name the draft was opened or saved under ("" for a new one)
        self.name = name
        #: how many steps of the script the board has played
        self.cursor = len(sheet.steps)

    # -- starting points -----------------------------------------------------------------
    @classmethod
    def new(cls, game: str, lang: str | None = None, **options: object) -> Draft:
        """A new game of ``game`` (``players``, and the game's options of its scenario files:
        ``learning``, ``seed``, a variant's reading...)."""
        info = get_game(game)
        lang = lang or get_language()
        scenario: dict[str, object] = {"game": info.name, "lang": lang,
                                       "players": info.players[1 if len(info.players) > 1 else 0]}
        scenario.update(options)
        return cls(Sheet(Position.read(info.game, {"scenario": scenario})), lang=lang)

    @classmethod
    def from_scenario(cls, scenario: Scenario | str | Path, game: str = "") -> Draft:
        """A scenario read, a shipped scenario of ``game`` (by name) or a scenario file."""
        if not isinstance(scenario, Scenario):
            if not game:
                return cls.open(scenario)
            scenario = get_game(game).read_scenario(scenario)
        sheet = sheet_of(scenario)
        lang = sheet.meta.get("lang")
        return cls(sheet, lang=lang if isinstance(lang, str) else None, name=scenario.name)

    @classmethod
    def from_game(cls, game: BaseGame, title: str = "") -> Draft:
        """A live game's position (at the start of a turn or round, as a scenario file
        can hold it: else a ``ValueError`` saying when it can)."""
        info = info_for(game)
        text = info.game.position.write(game.state, title or render(t("Saved position")), "")
        return cls.from_scenario(read_scenario(info.game, "<game>", text))

    @classmethod
    def from_chapter(cls, key: str | int, game: str, lang: str = "en") -> Draft:
        """A shipped chapter (by id, name or slug) in ``lang``."""
        info = get_game(game)
        folder = chapter_folder(info, lang)
        for path in sorted(folder.glob("*.toml")):
            if str(key) in (path.stem, path.stem.split("-", 1)[0], path.stem.split("-", 1)[-1]) \
                    or (isinstance(key, int) and path.stem.startswith(f"{key:02d}-")):
                return cls.open(path, lang=lang)
        raise KeyError(f"no chapter {key!r} of {game} in {lang}")

    @classmethod
    def open(cls, path: str | Path, *, lang: str | None = None) -> Draft:
        """A scenario or lesson file (a chapter), checked as the tutor reads it; a problem is
        a :class:`StudioError` naming the file, the field and the problem."""
        path = Path(path)
        try:
            text = read_bytes(path, StudioError)
            raw = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise StudioError(str(path), "<file>", f"not valid TOML: {exc}") from None
        name = path.name[: -len(LESSON_SUFFIX)] if path.name.endswith(LESSON_SUFFIX) else path.stem
        if "chapter" not in raw:
            return cls._open_scenario(path, text, raw, name, lang)
        return cls._open_chapter(path, text, raw, name, lang)

    @classmethod
    def _open_scenario(cls, path: Path, text: str, raw: Mapping[str, object], name: str,
                       lang: str | None) -> Draft:
        meta = raw.get("scenario")
        meta = meta if isinstance(meta, dict) else {}
        try:
            scenario = read_scenario_file(path, text)
        except ScenarioError as exc:
            raise StudioError(exc.path, exc.field, exc.message) from None
        said = meta.get("lang")
        return cls(sheet_of(scenario), lang=lang or (said if isinstance(said, str) else None),
                   sources=Sources(scenario=parse(text)), name=name)

    @classmethod
    def _open_chapter(cls, path: Path, text: str, raw: Mapping[str, object], name: str,
                      lang: str | None) -> Draft:
        meta = raw.get("chapter")
        meta = meta if isinstance(meta, dict) else {}
        game = meta.get("game") or _game_of_folder(path)
        if game not in known_games():
            raise StudioError(str(path), "chapter.game", f"say which game this lesson is for "
                                                         f"(one of: {', '.join(known_games())})")
        info = get_game(str(game))
        lang = str(meta.get("lang") or lang or _lang_of_folder(path))
        try:
            chapter = load_chapter_text(str(path), text, info, lang, folder=path.parent)
        except LessonError as exc:
            raise StudioError(exc.path, exc.field, exc.message) from None
        found = chapter.start.found
        scenario_doc = None
        if chapter.start.scenario:
            scenario = found or info.read_scenario(chapter.start.scenario)
            sheet = sheet_of(scenario)
            if found is not None:
                scenario_doc = parse(Path(scenario.path).read_text("utf-8"))
        else:
            sheet = Sheet(Position.read(info.game, {"scenario": dict(chapter.start.options)}))
        sheet = replace(sheet, scenario_ref=chapter.start.scenario or "")
        sheet = replace(sheet, lesson=lessons.read_lesson(sheet, raw))
        return cls(sheet, lang=lang, sources=Sources(scenario_doc, parse(text)), name=name)

    # -- the sheets ------------------------------------------------------------------------
    @property
    def sheet(self) -> Sheet:
        return self._sheets[self._at]

    @property
    def position(self) -> Position:
        return self.sheet.position

    @property
    def steps(self) -> tuple[ScriptStep, ...]:
        return self.sheet.steps

    def take(self, result: Sheet | Refused) -> Refused | None:
        """Make ``result`` the draft's sheet (undoably), or return the refusal unchanged."""
        if isinstance(result, Refused):
            return result
        if result == self.sheet:
            return None
        del self._sheets[self._at + 1:]
        self._sheets.append(result)
        self._at += 1
        self.cursor = min(self.cursor, len(result.steps))
        return None

    @property
    def can_undo(self) -> bool:
        return self._at > 0

    @property
    def can_redo(self) -> bool:
        return self._at < len(self._sheets) - 1

    def undo(self) -> bool:
        """Take the last change back (False if there is none)."""
        if not self.can_undo:
            return False
        self._at -= 1
        self.cursor = min(self.cursor, len(self.sheet.steps))
        return True

    def redo(self) -> bool:
        if not self.can_redo:
            return False
        self._at += 1
        return True

    # -- the position ------------------------------------------------------------------------
    @property
    def locked(self) -> str:
        """Why the position cannot be edited ("" when it can): a lesson on a new game with
        its set-up keeps that start."""
        lesson = self.sheet.lesson
        if lesson is not None and "new" in lesson.chapter:
            return render(t("This lesson starts from a new game with its set-up: its position "
                            "is not edited here."))
        return ""

    def edit(self, change: Change) -> Refused | None:
        """Change the start position (the script must still play from it)."""
        if self.locked:
            return Refused("chapter.new", self.locked)
        return self.take(scripts.edit(self.sheet, change))

    def restart(self, position: Position | Mapping[str, object]) -> Refused | None:
        """Start again from another position (a new game, a scenario's): the script is
        dropped (undo brings it back)."""
        if not isinstance(position, Position):
            try:
                position = Position.read(self.info.game, position)
            except ScenarioError as exc:
                return Refused(exc.field, exc.message)
        self.cursor = 0
        return self.take(Sheet(position, lesson=self.sheet.lesson))

    # -- the script ------------------------------------------------------------------------
    def game(self, upto: int | None = None) -> BaseGame:
        """A game at the start with the first ``upto`` steps played (the cursor's by default)."""
        return scripts.replay(self.sheet, self.cursor if upto is None else upto)

    def follow(self, history: Sequence[str], ahead: Sequence[str] = ()) -> bool:
        """The board played ``history`` from the start (and can redo ``ahead``, next first):
        the script follows (new moves recorded, each with a check of what it changed).
        True if the script changed."""
        actions = list(history) + list(ahead)
        keep = self.sheet.steps
        if list(self.sheet.actions[: len(actions)]) == actions and not ahead and len(
                history) <= len(keep):
            self.cursor = len(history)  # the board went back: the steps after stay
            return False
        changed = self.take(scripts.record(self.sheet, actions)) is None and (
            self.sheet.actions != tuple(s.action for s in keep))
        self.cursor = len(history)
        return changed

    def say(self, i: int, text: str) -> None:
        self.take(scripts.say(self.sheet, i, text))

    def mark(self, i: int, mark: Mark) -> None:
        """Draw ``mark`` on step ``i`` (or take it away if it is drawn)."""
        self.take(scripts.toggle_mark(self.sheet, i, mark))

    def move(self, i: int, delta: int) -> Refused | None:
        return self.take(scripts.move(self.sheet, i, delta))

    def cut(self, i: int) -> None:
        """Drop step ``i`` and the steps after it (undo brings them back)."""
        self.take(scripts.cut(self.sheet, i))

    def set_fact(self, i: int, path: str, keep: bool) -> None:
        self.take(scripts.set_fact(self.sheet, i, path, keep))

    # -- the lesson -----------------------------------------------------------------------
    def chapter(self) -> Chapter:
        """The lesson as the tutor reads it (its chapter file's text, read by the engine)."""
        sheet = self.sheet
        ref = sheet.scenario_ref or f"{self.name or 'lesson'}.toml"
        text = dumps(lessons.chapter_tables(sheet, ref))
        scenario = read_scenario(self.info.game, ref, dumps(scenario_tables(sheet)))
        return load_chapter_text(f"{self.name or 'lesson'}{LESSON_SUFFIX}", text, self.info,
                                 self.lang, scenarios={ref: scenario})

    def prove(self) -> Proof:
        """Whether the lesson works: every task can be done in order and is not done before
        its time, every quiz answer is the engine's, every check of the scenario holds."""
        return prove(self.chapter(), self.scenario())

    def scenario(self) -> Scenario:
        """The scenario as the tutor reads it (its file's text, read by the engine)."""
        tables = scenario_tables(self.sheet)
        meta = tables.get("scenario")
        if isinstance(meta, dict) and not meta.get("title"):  # an untitled script: say so
            tables["scenario"] = {**meta, "title": self.name or render(t("Untitled"))}
        return read_scenario(self.info.game, f"{self.name or 'scenario'}.toml", dumps(tables))

    # -- files -------------------------------------------------------------------------------
    def texts(self, name: str) -> dict[str, str]:
        """The files a save under ``name`` writes: ``{file name: text}``."""
        sheet = self.sheet
        out: dict[str, str] = {}
        lesson = sheet.lesson
        if lesson is None or not lesson.tasks and not lesson.quizzes:
            out[f"{name}.toml"] = _text(self.sources.scenario, scenario_tables(sheet))
            return out
        ref = sheet.scenario_ref
        if not ref or not self._shipped(ref):
            ref = f"{name}.toml"
            out[ref] = _text(self.sources.scenario, scenario_tables(sheet))
        tables = lessons.chapter_tables(replace(sheet, lesson=replace(
            lesson, chapter=self._chapter_fields(lesson.chapter, name))), ref)
        out[f"{name}{LESSON_SUFFIX}"] = _text(self.sources.chapter, tables)
        return out

    def save(self, path: str | Path) -> list[Path]:
        """Write the scenario (``NAME.toml``) and, for a lesson, the chapter
        (``NAME.lesson.toml``); ``path`` names either. Returns the files written."""
        path = Path(path)
        name = path.name[: -len(LESSON_SUFFIX)] if path.name.endswith(LESSON_SUFFIX) else path.stem
        written = []
        texts = self.texts(name)
        for file_name, text in texts.items():
            target = path.parent / file_name
            target.write_text(text, "utf-8")
            written.append(target)
        scenario_text = texts.get(f"{name}.toml")
        chapter_text = texts.get(f"{name}{LESSON_SUFFIX}")
        self.sources = Sources(parse(scenario_text) if scenario_text else self.sources.scenario,
                               parse(chapter_text) if chapter_text else self.sources.chapter)
        if scenario_text:
            self.take(replace(self.sheet, scenario_ref=f"{name}.toml")
                      if self.sheet.lesson is not None else self.sheet)
        self.name = name
        return written

    def _shipped(self, ref: str) -> bool:
        """Whether the lesson's scenario is the game's library one, unchanged."""
        if ref.endswith(".toml"):
            return False
        try:
            shipped = self.info.read_scenario(ref)
        except ScenarioError:
            return False
        return scenario_tables(sheet_of(shipped)) == scenario_tables(self.sheet)

    def _chapter_fields(self, chapter: Mapping[str, object], name: str) -> dict[str, object]:
        out = dict(chapter)
        out.setdefault("game", self.info.name)
        if self.lang != "en" and self.lang in LANGUAGES:
            out.setdefault("lang", self.lang)
        if out.get("slug") == "lesson":
            out["slug"] = name
        return out


def scenario_tables(sheet: Sheet) -> dict[str, object]:
    """The sheet as a scenario file's tables."""
    out: dict[str, object] = dict(sheet.position.raw)
    if sheet.steps:
        out["script"] = [s.table() for s in sheet.steps]
    if sheet.checks:
        out["check"] = [dict(c.table) for c in sheet.checks]
    return out


def _text(doc: Document | None, tables: Mapping[str, object]) -> str:
    if doc is None:
        return dumps(tables)
    return text_of(sync(parse(text_of(doc)), tables))


def _game_of_folder(path: Path) -> str:
    for name in known_games():
        info = get_game(name)
        if info.chapter_dir in path.resolve().parents or path.resolve().parent == info.chapter_dir:
            return name
    return ""


def _lang_of_folder(path: Path) -> str:
    parent = path.resolve().parent.name
    return parent if parent in LANGUAGES else "en"


__all__ = ["Draft", "LESSON_SUFFIX", "Sources", "StudioError", "scenario_tables", "sheet_of"]
