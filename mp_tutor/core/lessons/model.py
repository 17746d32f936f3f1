"""Chapters, tasks and quizzes: the data of a tutorial, read from TOML files.

A chapter file (``<game>/chapters/NN-slug.toml``) holds the teaching text and the things
the learner does; the engine judges everything. The format::

    [chapter]
    id = "04"                      # two digits: the notebook is notebooks/04-<slug>.ipynb
    slug = "production"
    title = "Production districts"
    section = "The City Districts: Five districts for production"   # rulebook section
    rules = ["produce.who", "produce.corn"]                          # engine rule ids
    scenario = "coca-plantation-production"  # a scenario of the game (chapter ones first)
    # or: new = { players = 3, seed = 2, learning = true }   (a new game, the game's options)
    # seat = "Blue", bots = "random", auto_steps = true      (learner plays one seat)
    # coach = true                 # the board's Hint, "what did that cost?", "why?" (if the game has a coach)
    # game = "princes", lang = "fr"  # a lesson file of its own says its game and language
    summary = "The rule in short (Markdown)."
    recap = "What to remember (Markdown)."
    lookup = ["production"]        # words for the rule lookup in the recap

    [[task]]
    id = "enter"
    instruction = "Send Blue's Prince to the Coca Plantation."
    hint = "The Coca Plantation borders the Central Plaza: the move is free."
    solution = ["move coca_plantation"]         # from the end of the previous task ("bot": a bot plays)
    accept = ["move coca_plantation"]           # actions that belong to the task (glob; default: solution)
    mistake = "move central_plaza"              # a typical illegal try (shown with the engine's reason)
    mistake_rule = "move.not_twice"             # the rule the engine must cite for it
    mistake_after = 0                           # solution actions played before trying it
    wrong = "Look at the bonus first."          # (optional) said after any wrong move
    goal = [{ event = "moved", player = "Blue", to = "coca_plantation" }]
    facts = { "Blue.goods.coca" = 4 }           # optional facts once done (mp_tutor.core.facts)
    done = "Text shown when the task is ticked."

    [[quiz]]
    id = "coca"
    question = "How many coca does Blue gain on this turn?"
    expect = 3                                  # the number the chapter text states
    do = ["move coca_plantation", "produce 1"]  # played on a copy of the chapter start
    measure = "change"                          # fact | change | loss | count | events
    fact = "Blue.goods.coca"                    # the fact measured (events: event, player, data, sum)
    reveal = "Blue gains {answer} coca."

    [[cell]]                                    # an extra notebook cell (optional)
    at = "board"                                # board | tasks | end | solution
    code = "print(lesson.game.summary())"       # or md = "Markdown text"
    check = true                                # nbval compares its output

Event goals match ``Event.kind`` (``event``), ``Event.player`` (``player``, a colour),
``Event.rule`` (``rule``) and any other key against ``Event.data`` (lists compare as sets,
tables as subsets). Facts are the same paths as in scenario checks.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

from ..errors import FileFieldError
from ..facts import MEASURES, WANTED, Wanted, same
from ..facts import check as check_facts
from ..i18n import LANGUAGES
from ..registry import GameInfo
from ..rules import IllegalAction
from ..scenarios import Scenario, ScenarioError
from ..tomlfile import (
    Bool,
    Check,
    Either,
    Int,
    List,
    Map,
    Str,
    Table,
    fail,
    read_bytes,
    read_text,
)

if TYPE_CHECKING:  # the game protocol, for annotations only
    from ..events import Event
    from ..game import BaseGame


class LessonError(FileFieldError):
    """A chapter file is malformed; names the file and the field."""


class ExtraCell(TypedDict):
    """A notebook cell a chapter adds (``[[cell]]``): Markdown or code, and where it goes."""

    md: NotRequired[str]
    code: NotRequired[str]
    at: NotRequired[str]
    check: NotRequired[bool]
    hidden: NotRequired[bool]


# ---------------------------------------------------------------------------------------
# Goals
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class EventGoal:
    """One event that must have happened: its kind, who, the rule, and data fields."""

    kind: str
    player: str | None = None
    rule: str | None = None
    data: dict[str, Wanted] = field(default_factory=dict)

    def matches(self, event: Event, names: list[str] | tuple[str, ...]) -> bool:
        if event.kind != self.kind:
            return False
        if self.player is not None and (event.player is None or event.player >= len(names)
                                        or names[event.player] != self.player):
            return False
        if self.rule is not None and event.rule != self.rule:
            return False
        return all(same(event.data.get(k), v) for k, v in self.data.items())

    def __str__(self) -> str:
        who = f"{self.player} " if self.player else ""
        extra = ", ".join(f"{k}={v}" for k, v in self.data.items())
        return f"{who}{self.kind}" + (f" ({extra})" if extra else "")


@dataclass(frozen=True)
class Goal:
    """A task's goal: events that happened since the task began, and facts that hold."""

    events: tuple[EventGoal, ...] = ()
    facts: dict[str, Wanted] = field(default_factory=dict)

    def met(self, events: Sequence[Event], game: BaseGame) -> bool:
        names = game.player_names()
        if not all(any(g.matches(e, names) for e in events) for g in self.events):
            return False
        return not (self.facts and check_facts(game, self.facts))


# ---------------------------------------------------------------------------------------
# Tasks, quizzes, chapters
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Task:
    """Something the learner does on the board, checked by the engine."""

    id: str
    instruction: str
    hint: str
    goal: Goal
    solution: tuple[str, ...] | str  # action notations, or "bot"
    accept: tuple[str, ...] = ()
    mistake: str | None = None
    mistake_rule: str | None = None
    mistake_after: int = 0
    done: str = ""
    bot_seed: int = 0
    #: the teacher's sentence for a wrong move (shown with the engine's reason)
    wrong: str = ""

    @property
    def by_bot(self) -> bool:
        return self.solution == "bot"

    def accepts(self, notation: str, player: str | None = None,
                names: tuple[str, ...] = ()) -> bool:
        """Whether an action (its notation) by ``player`` (a colour) belongs to this task.

        Patterns are globs, optionally for one player only: ``"Red: produce 2"``.

        >>> t = Task("t", "", "", Goal(), ("produce 1",), accept=("Red: produce *", "move *"))
        >>> names = ("Blue", "Red")
        >>> t.accepts("produce 2", "Red", names), t.accepts("produce 2", "Blue", names)
        (True, False)
        >>> t.accepts("move sun_clock", None, names)
        True
        """
        if self.by_bot:
            return True
        for pat in self.accept or tuple(self.solution):
            who, sep, rest = pat.partition(":")
            if sep and who.strip() in names:
                if player != who.strip():
                    continue
                pat = rest.strip()
            if fnmatch.fnmatchcase(notation, pat):
                return True
        return False


@dataclass(frozen=True)
class Start:
    """How a game begins: a scenario (``scenario``: a name of the game's library or a file;
    ``found``: that scenario, already read), or a new game with the game's options."""

    game: GameInfo
    scenario: str | None = None
    options: dict[str, int | bool] = field(default_factory=dict)
    found: Scenario | None = field(default=None, compare=False)

    def build(self) -> BaseGame:
        if self.found is not None:
            return self.found.build()
        if self.scenario:
            return self.game.load_scenario(self.scenario)
        return self.game.new(**self.options)


@dataclass(frozen=True)
class Quiz:
    """A question answered by predicting; the engine computes the answer."""

    id: str
    question: str
    measure: str
    fact: str = ""
    events: EventGoal | None = None
    sum: str = ""
    do: tuple[str, ...] = ()
    prelude: tuple[str, ...] = ()
    start: Start | None = None  # another start than the chapter's
    choices: tuple[str, ...] = ()
    expect: int | str | None = None
    #: the sentence that gives the answer (``{answer}``); empty: "The answer: ..." in the
    #: chapter's language
    reveal: str = ""
    #: what the learner sees for each choice (the choices are the engine's values)
    labels: tuple[str, ...] = ()

    @property
    def kind(self) -> str:
        return "choice" if self.choices else "number"

    def label(self, value: object) -> str:
        """The learner's words for an answer (a choice's label, else the value itself)."""
        text = str(value)
        if text in self.choices and self.labels:
            return self.labels[self.choices.index(text)]
        return text


@dataclass(frozen=True)
class Chapter:
    """One rules chapter of a tutorial (see the module docstring for the file format)."""

    id: str
    slug: str
    title: str
    section: str
    rules: tuple[str, ...]
    summary: str
    recap: str
    start: Start
    tasks: tuple[Task, ...]
    quizzes: tuple[Quiz, ...] = ()
    lookup: tuple[str, ...] = ()
    seat: str | None = None
    bots: str | None = None
    auto_steps: bool = False
    #: the board offers the coach (Hint, "what did that cost?", "why?") if the game has one
    coach: bool = False
    cells: tuple[ExtraCell, ...] = ()
    path: str = ""
    lang: str = "en"

    @property
    def game(self) -> GameInfo:
        return self.start.game

    @property
    def number(self) -> int:
        return int(self.id)

    @property
    def name(self) -> str:
        """``NN-slug``: the notebook is ``<name>.ipynb``."""
        return f"{self.id}-{self.slug}"

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names (colours) of the chapter's game."""
        return self.game.colours

    @property
    def seat_index(self) -> int | None:
        return None if self.seat is None else self.names.index(self.seat)

    def new_game(self) -> BaseGame:
        """A fresh game at the chapter's start."""
        return self.start.build()

    def task(self, task_id: str) -> Task:
        for t in self.tasks:
            if t.id == task_id:
                return t
        raise KeyError(f"chapter {self.id} has no task {task_id!r}")

    def quiz(self, quiz_id: str) -> Quiz:
        for q in self.quizzes:
            if q.id == quiz_id:
                return q
        raise KeyError(f"chapter {self.id} has no quiz {quiz_id!r}")

    def cited_rules(self) -> list[str]:
        """Every rule id the chapter cites (its list, mistakes' expected rules, goals)."""
        ids = list(self.rules)
        for t in self.tasks:
            if t.mistake_rule:
                ids.append(t.mistake_rule)
            ids += [g.rule for g in t.goal.events if g.rule]
        return list(dict.fromkeys(ids))


# ---------------------------------------------------------------------------------------
# Reading chapter files
# ---------------------------------------------------------------------------------------
#: Where extra notebook cells ([[cell]]) go: after the board, after the tasks, before the
#: recap, or in the solutions section at the end.
CELL_PLACES = ("board", "tasks", "end", "solution")
_TEXT = Str(max_len=20_000)
_STRS = List(Str(max_len=500), max_len=200)


def _schema(info: GameInfo) -> Table:
    rule = Str(lambda: list(info.rules), what="rule id")
    colour = Str(info.colours, what="colour")
    new = Map(Either((Int(), Bool()), what="a number or true/false"), max_len=20)
    event_goal = Table({"event": Str(required=True, nonempty=True), "player": colour,
                        "rule": rule}, extra=WANTED)
    measure = Str(MEASURES, what="measure", required=True)
    return Table({
        "chapter": Table({
            "id": Str(required=True, nonempty=True, max_len=4),
            "slug": Str(required=True, nonempty=True, max_len=60),
            "title": Str(required=True, nonempty=True, max_len=200),
            "section": Str(max_len=300), "rules": List(rule, max_len=100), "summary": _TEXT,
            "recap": _TEXT, "scenario": Str(max_len=200), "new": new, "lookup": _STRS,
            "seat": colour, "bots": Str(lambda: list(info.bots), what="bot"),
            "auto_steps": Bool(), "coach": Bool(),
            "game": Str((info.name,), what="the game of this chapter"),
            "lang": Str(LANGUAGES, what="language"),
        }, required=True),
        "task": List(Table({
            "id": Str(required=True, nonempty=True, max_len=60),
            "instruction": Str(required=True, nonempty=True, max_len=2000),
            "hint": Str(required=True, max_len=2000), "goal": List(event_goal, max_len=20),
            "facts": Map(WANTED, max_len=50),
            "solution": Either((Check(_bot, what='"bot"'), List(Str(max_len=500), min_len=1,
                                                                  max_len=200)),
                               what='a list of actions or "bot"', required=True),
            "accept": _STRS, "mistake": Str(max_len=500), "mistake_rule": rule,
            "mistake_after": Int(0, 200), "done": Str(max_len=2000), "bot_seed": Int(0, 2**31),
            "wrong": Str(max_len=2000),
        }), min_len=1, max_len=50, required=True),
        "quiz": List(Table({
            "id": Str(required=True, nonempty=True, max_len=60),
            "question": Str(required=True, nonempty=True, max_len=2000),
            "measure": measure, "fact": Str(max_len=200), "event": Str(max_len=60),
            "player": colour, "sum": Str(max_len=60), "do": _STRS, "prelude": _STRS,
            "scenario": Str(max_len=200), "new": new, "choices": _STRS, "labels": _STRS,
            "expect": Either((Int(), Str(max_len=200)), what="a number or a text"),
            "reveal": Str(max_len=2000),
        }, extra=Either((Int(), Str(max_len=200), Bool()), what="an event data value")),
            max_len=50),
        "cell": List(Table({"md": _TEXT, "code": _TEXT, "at": Str(CELL_PLACES),
                            "check": Bool(), "hidden": Bool()}), max_len=50),
    })


def _bot(value: object, where: str) -> str:
    if value != "bot":
        raise fail(where, 'must be "bot"')
    return value


def load_chapter_text(label: str, text: str, info: GameInfo, lang: str = "en",
                      scenarios: Mapping[str, Scenario] | None = None,
                      folder: Path | None = None) -> Chapter:
    """Read a chapter of ``info``'s game from TOML text (``label`` names it in errors).

    The chapter's ``scenario`` (and a quiz's) is a name of the game's scenario library, a
    file (a path relative to ``folder``, the chapter file's, when given) or one of
    ``scenarios`` (by the name the chapter uses: scenarios not saved yet). A chapter's own
    ``lang`` says its language (else ``lang``).

    >>> from mp_tutor.core.registry import get_game
    >>> ch = load_chapter_text("x.toml", '''
    ... [chapter]
    ... id = "99"
    ... slug = "demo"
    ... title = "Demo"
    ... scenario = "coca-plantation-production"
    ... [[task]]
    ... id = "enter"
    ... instruction = "Enter the Coca Plantation."
    ... hint = "It borders the Central Plaza."
    ... solution = ["move coca_plantation"]
    ... goal = [{ event = "moved", player = "Blue", to = "coca_plantation" }]
    ... ''', get_game("princes"))
    >>> ch.tasks[0].goal.events[0]
    EventGoal(kind='moved', player='Blue', rule=None, data={'to': 'coca_plantation'})
    >>> ch.new_game().pending.kind
    'turn'
    """

    def err(f: str, msg: str) -> LessonError:
        return LessonError(label, f, msg)

    raw = read_text(label, text, _schema(info), LessonError)
    meta = raw["chapter"]

    def start_of(f: str, spec: dict[str, Any]) -> Start:
        if "scenario" in spec:
            name = spec["scenario"]
            known = (scenarios or {}).get(name)
            if known is not None:
                return Start(info, scenario=name, found=known)
            beside = folder / name if folder is not None and name.endswith(".toml") else None
            try:
                if beside is not None and beside.is_file():
                    return Start(info, scenario=name, found=info.read_scenario(beside))
                info.read_scenario(name)
            except ScenarioError as exc:
                raise err(f"{f}.scenario", str(exc)) from None
            return Start(info, scenario=name)
        try:
            info.new(**spec.get("new", {}))
        except (TypeError, ValueError) as exc:
            raise err(f"{f}.new", str(exc)) from None
        return Start(info, options=dict(spec.get("new", {})))

    def actions(f: str, items: list[str]) -> tuple[str, ...]:
        for i, a in enumerate(items):
            try:
                info.game.parse_action(a)
            except IllegalAction as exc:
                raise err(f"{f}[{i}]", exc.message) from None
        return tuple(items)

    start = start_of("chapter", meta)
    tasks = []
    for i, task in enumerate(raw["task"]):
        f0 = f"task[{i}]"
        goals = []
        for g in task.get("goal", []):
            g = dict(g)
            kind, player, rule = g.pop("event"), g.pop("player", None), g.pop("rule", None)
            goals.append(EventGoal(kind, player, rule, g))
        if not goals and not task.get("facts"):
            raise err(f"{f0}.goal", "a task needs a goal (events) or facts")
        sol = task["solution"]
        solution: tuple[str, ...] | str = "bot" if sol == "bot" else actions(f"{f0}.solution", sol)
        if task.get("mistake") is not None:
            actions(f"{f0}.mistake", [task["mistake"]])
        tasks.append(Task(
            id=task["id"], instruction=task["instruction"], hint=task["hint"],
            goal=Goal(tuple(goals), dict(task.get("facts", {}))), solution=solution,
            accept=tuple(task.get("accept", [])), mistake=task.get("mistake"),
            mistake_rule=task.get("mistake_rule"), mistake_after=task.get("mistake_after", 0),
            done=task.get("done", ""), bot_seed=task.get("bot_seed", 0),
            wrong=task.get("wrong", "")))
    if len({t.id for t in tasks}) != len(tasks):
        raise err("task", "task ids must differ")

    quizzes = []
    for i, q in enumerate(raw.get("quiz", [])):
        f0 = f"quiz[{i}]"
        known = {"id", "question", "measure", "fact", "event", "player", "sum", "do", "prelude",
                 "scenario", "new", "choices", "labels", "expect", "reveal"}
        data = {k: v for k, v in q.items() if k not in known}
        measure = q["measure"]
        if measure == "events":
            if "event" not in q or "sum" not in q:
                raise err(f"{f0}.event", "an events measure needs event and sum")
            events = EventGoal(q["event"], q.get("player"), None, data)
        else:
            if not q.get("fact"):
                raise err(f"{f0}.fact", f"a {measure} measure needs a fact path")
            if data:
                raise err(f"{f0}.{next(iter(data))}", "unknown field")
            events = None
        other = start_of(f0, q) if ("scenario" in q or "new" in q) else None
        if "labels" in q and len(q["labels"]) != len(q.get("choices", [])):
            raise err(f"{f0}.labels", "needs one label per choice")
        quizzes.append(Quiz(
            id=q["id"], question=q["question"], measure=measure, fact=q.get("fact", ""),
            events=events, sum=q.get("sum", ""), do=actions(f"{f0}.do", q.get("do", [])),
            prelude=actions(f"{f0}.prelude", q.get("prelude", [])), start=other,
            choices=tuple(q.get("choices", [])), expect=q.get("expect"),
            reveal=q.get("reveal", ""),
            labels=tuple(q.get("labels", []))))
    cells: list[ExtraCell] = []
    for i, c in enumerate(raw.get("cell", [])):
        if ("md" in c) == ("code" in c):
            raise err(f"cell[{i}]", "a cell has either md (Markdown) or code (Python)")
        cells.append(ExtraCell(**c))
    return Chapter(
        id=meta["id"], slug=meta["slug"], title=meta["title"], section=meta.get("section", ""),
        rules=tuple(meta.get("rules", [])), summary=meta.get("summary", "").strip(),
        recap=meta.get("recap", "").strip(), start=start, tasks=tuple(tasks),
        quizzes=tuple(quizzes), lookup=tuple(meta.get("lookup", [])), seat=meta.get("seat"),
        bots=meta.get("bots"), auto_steps=meta.get("auto_steps", False),
        coach=meta.get("coach", False), cells=tuple(cells), path=label,
        lang=meta.get("lang", lang))


def load_chapter(path: str | Path, info: GameInfo, lang: str = "en") -> Chapter:
    """Read a chapter file of ``info``'s game (written in ``lang``, unless it says its own);
    a scenario file it names is found beside it."""
    return load_chapter_text(str(path), read_bytes(path, LessonError), info, lang,
                             folder=Path(path).parent)


def chapter_folder(info: GameInfo, lang: str = "en") -> Path:
    """A game's chapters in ``lang``: the chapter folder (English) or its ``<lang>/``."""
    return info.chapter_dir if lang == "en" else info.chapter_dir / lang


def chapter_files(info: GameInfo, lang: str = "en") -> list[Path]:
    """A game's chapter files in ``lang`` (``NN-slug.toml``), in order, none read."""
    return sorted(chapter_folder(info, lang).glob("*.toml"))


def named(path: Path, ch: Chapter) -> Chapter:
    """``ch``, read from the chapter file ``path``, which must be named after it
    (``NN-slug.toml``): else a :class:`LessonError`."""
    if path.stem != ch.name:
        raise LessonError(str(path), "chapter.slug", f"file should be named {ch.name}.toml")
    return ch


def load_chapters(info: GameInfo, lang: str = "en",
                  load: Callable[[Path, GameInfo, str], Chapter] | None = None
                  ) -> dict[str, Chapter]:
    """Every chapter of a game in ``lang`` (``NN-slug.toml`` files), by id (each file read
    by ``load``, default :func:`load_chapter`)."""
    out: dict[str, Chapter] = {}
    for path in chapter_files(info, lang):
        ch = (load or load_chapter)(path, info, lang)
        if ch.id in out:
            raise LessonError(str(path), "chapter.id", f"chapter {ch.id} is defined twice")
        out[ch.id] = named(path, ch)
    return out


__all__ = ["CELL_PLACES", "Chapter", "chapter_files", "chapter_folder", "EventGoal", "Goal", "LessonError", "Quiz", "Start", "Task",
           "load_chapter", "load_chapter_text", "load_chapters", "named"]
