"""Chapters, tasks and quizzes: the data of the tutorial, read from TOML files.

A chapter file (``mp_tutor/lessons/NN-slug.toml``) holds the teaching text and
the things the learner does; the engine judges everything. The format::

    [chapter]
    id = "04"                      # two digits: the notebook is notebooks/04-<slug>.ipynb
    slug = "production"
    title = "Production districts"
    section = "The City Districts: Five districts for production"   # rulebook section
    rules = ["produce.who", "produce.corn"]                          # engine rule ids
    scenario = "coca-plantation-production"  # lessons/scenarios first, then mp_tutor/scenarios
    # or: new = { players = 3, seed = 2, learning = true }   (a fresh game, first Incas to place)
    # seat = "Blue", bots = "random", auto_night = true      (learner plays one seat)
    summary = "The rule in short (Markdown)."
    recap = "What to remember (Markdown)."
    lookup = ["production"]        # words for mp_tutor.rules.lookup in the recap

    [[task]]
    id = "enter"
    instruction = "Send Blue's Prince to the Coca Plantation."
    hint = "The Coca Plantation borders the Central Plaza: the move is free."
    solution = ["move coca_plantation"]         # from the end of the previous task ("bot": a bot plays)
    accept = ["move coca_plantation"]           # actions that belong to the task (glob; default: solution)
    mistake = "move central_plaza"              # a typical illegal try (shown with the engine's reason)
    mistake_rule = "move.not_twice"             # the rule the engine must cite for it
    mistake_after = 0                           # solution actions played before trying it
    goal = [{ event = "moved", player = "Blue", to = "coca_plantation" }]
    state = { "Blue.goods.coca" = 4 }           # optional facts of game.view() once done
    done = "Text shown when the task is ticked."

    [[quiz]]
    id = "coca"
    question = "How many coca does Blue gain on this turn?"
    expect = 3                                  # the number the chapter text states
    do = ["move coca_plantation", "produce 1"]  # played on a copy of the chapter start
    measure = "gain"                            # see mp_tutor.lessons.measures
    player = "Blue"
    good = "coca"
    reveal = "Blue gains {answer} coca."

    [[cell]]                                    # an extra notebook cell (optional)
    at = "board"                                # board | tasks | end | solution
    code = "print(lesson.game.summary())"       # or md = "Markdown text"
    check = true                                # nbval compares its output

Event goals match ``Event.kind`` (``event``), ``Event.player`` (``player``, a colour),
``Event.rule`` (``rule``) and any other key against ``Event.data`` (lists compare as sets,
tables as subsets). State paths start with a colour (that player's part of the view) or a
key of ``game.view()``; a value is compared for equality, or ``{ min = .., max = .. }``.

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
... ''')
>>> ch.tasks[0].goal.events[0]
EventGoal(kind='moved', player='Blue', rule=None, data={'to': 'coca_plantation'})
>>> ch.new_game().pending.kind
'turn'
"""

from __future__ import annotations

import fnmatch
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..actions import ActionParseError, parse_action
from ..data import COLOURS
from ..errors import FileFieldError
from ..events import Event
from ..game import Game
from ..rules import RULES

LESSON_DIR = Path(__file__).parent
CHAPTER_DIR = LESSON_DIR  # chapter files: mp_tutor/lessons/NN-slug.toml
SCENARIO_DIR = LESSON_DIR / "scenarios"


class LessonError(FileFieldError):
    """A chapter file is malformed; names the file and the field."""


# ---------------------------------------------------------------------------------------
# Goals
# ---------------------------------------------------------------------------------------
def _same(got: Any, want: Any) -> bool:
    if isinstance(want, dict) and ("min" in want or "max" in want) and not isinstance(got, dict):
        if not isinstance(got, (int, float)) or isinstance(got, bool):
            return False
        return want.get("min", got) <= got <= want.get("max", got)
    if isinstance(want, dict) and isinstance(got, dict):
        return all(k in got and _same(got[k], v) for k, v in want.items())
    if isinstance(want, list) and isinstance(got, (list, tuple)):
        return sorted(map(str, want)) == sorted(map(str, got))
    return bool(got == want)


def view_path(view: dict[str, Any], path: str, players: int | None = None) -> Any:
    """The value at a dotted ``path`` of ``game.view()``; a leading colour means that player.

    >>> game = Game.new(players=2, seed=1)
    >>> view_path(game.view(), "Yellow.goods.corn"), view_path(game.view(), "market.coca")
    (3, 2)
    """
    parts = path.split(".")
    colours = list(COLOURS[: players or view["players"]])
    node: Any = view
    if parts[0] in colours:
        node = view["player"][colours.index(parts[0])]
        parts = parts[1:]
    for part in parts:
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        elif isinstance(node, list) and part in colours:
            node = node[colours.index(part)]
        else:
            raise KeyError(f"no {part!r} in the game view (path {path!r})")
    return node


@dataclass(frozen=True)
class EventGoal:
    """One event that must have happened: its kind, who, the rule, and data fields."""

    kind: str
    player: str | None = None
    rule: str | None = None
    data: dict[str, Any] = field(default_factory=dict)

    def matches(self, event: Event) -> bool:
        if event.kind != self.kind:
            return False
        if self.player is not None and (
            event.player is None or COLOURS[event.player] != self.player
        ):
            return False
        if self.rule is not None and event.rule != self.rule:
            return False
        return all(_same(event.data.get(k), v) for k, v in self.data.items())

    def __str__(self) -> str:
        who = f"{self.player} " if self.player else ""
        extra = ", ".join(f"{k}={v}" for k, v in self.data.items())
        return f"{who}{self.kind}" + (f" ({extra})" if extra else "")


@dataclass(frozen=True)
class Goal:
    """A task's goal: events that happened since the task began, and facts of the state."""

    events: tuple[EventGoal, ...] = ()
    state: dict[str, Any] = field(default_factory=dict)

    def met(self, events: list[Event], game: Game) -> bool:
        if not all(any(g.matches(e) for e in events) for g in self.events):
            return False
        if self.state:
            view = game.view()
            for path, want in self.state.items():
                try:
                    got = view_path(view, path, game.players)
                except KeyError:
                    return False
                if not _same(got, want):
                    return False
        return True


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

    @property
    def by_bot(self) -> bool:
        return self.solution == "bot"

    def accepts(self, notation: str, player: str | None = None) -> bool:
        """Whether an action (its notation) by ``player`` (a colour) belongs to this task.

        Patterns are globs, optionally for one player only: ``"Red: produce 2"``.

        >>> t = Task("t", "", "", Goal(), ("produce 1",), accept=("Red: produce *", "move *"))
        >>> t.accepts("produce 2", "Red"), t.accepts("produce 2", "Blue"), t.accepts("move sun_clock")
        (True, False, True)
        """
        if self.by_bot:
            return True
        for pat in self.accept or tuple(self.solution):
            who, sep, rest = pat.partition(":")
            if sep and who.strip() in COLOURS:
                if player != who.strip():
                    continue
                pat = rest.strip()
            if fnmatch.fnmatchcase(notation, pat):
                return True
        return False


@dataclass(frozen=True)
class Quiz:
    """A question answered by predicting; the engine computes the answer."""

    id: str
    question: str
    measure: str
    params: dict[str, Any] = field(default_factory=dict)
    do: tuple[str, ...] = ()
    prelude: tuple[str, ...] = ()
    scenario: str | None = None
    new: Start | None = None  # a new game instead of the chapter's start
    choices: tuple[str, ...] = ()
    expect: Any = None
    reveal: str = "The engine says: {answer}."

    @property
    def kind(self) -> str:
        return "choice" if self.choices else "number"


@dataclass(frozen=True)
class Start:
    """How a chapter's game begins: a scenario, or a new game (``players, seed, learning``)."""

    scenario: str | None = None
    players: int = 3
    seed: int = 0
    learning: bool = False

    def build(self) -> Game:
        if self.scenario:
            from ..scenarios import read_scenario

            return read_scenario(scenario_path(self.scenario)).build()
        return Game.new(players=self.players, seed=self.seed, learning=self.learning)


@dataclass(frozen=True)
class Chapter:
    """One rules chapter of the tutorial (see the module docstring for the file format)."""

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
    auto_night: bool = False
    cells: tuple[dict[str, Any], ...] = ()
    path: str = ""

    @property
    def number(self) -> int:
        return int(self.id)

    @property
    def name(self) -> str:
        """``NN-slug``: the notebook is ``notebooks/<name>.ipynb``."""
        return f"{self.id}-{self.slug}"

    @property
    def seat_index(self) -> int | None:
        return None if self.seat is None else COLOURS.index(self.seat)

    def new_game(self) -> Game:
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


def scenario_path(name: str) -> Path:
    """A scenario by name: ``mp_tutor/lessons/scenarios`` first, then the engine's."""
    from ..scenarios import SCENARIO_DIR as ENGINE_SCENARIOS
    from ..scenarios import find_scenario

    return find_scenario(name, dirs=(SCENARIO_DIR, ENGINE_SCENARIOS))


# ---------------------------------------------------------------------------------------
# Reading chapter files
# ---------------------------------------------------------------------------------------
# Where extra notebook cells ([[cell]]) go: after the board, after the tasks, before the
# recap, or in the solutions section at the end.
CELL_PLACES = ("board", "tasks", "end", "solution")

_CHAPTER_KEYS = {
    "id",
    "slug",
    "title",
    "section",
    "rules",
    "summary",
    "recap",
    "scenario",
    "new",
    "lookup",
    "seat",
    "bots",
    "auto_night",
}
_TASK_KEYS = {
    "id",
    "instruction",
    "hint",
    "goal",
    "state",
    "solution",
    "accept",
    "mistake",
    "mistake_rule",
    "mistake_after",
    "done",
    "bot_seed",
}
_QUIZ_KEYS = {
    "id",
    "question",
    "measure",
    "do",
    "prelude",
    "scenario",
    "new",
    "choices",
    "expect",
    "reveal",
}


def _start_new(err: Any, f: str, new: Any) -> Start:
    if not isinstance(new, dict) or not set(new) <= {"players", "seed", "learning"}:
        raise err(f, "must be a table { players, seed, learning }")
    return Start(
        players=int(new.get("players", 3)),
        seed=int(new.get("seed", 0)),
        learning=bool(new.get("learning", False)),
    )


def _strs(err: Any, f: str, v: Any) -> tuple[str, ...]:
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise err(f, "must be a list of strings")
    return tuple(v)


def _actions(err: Any, f: str, v: Any) -> tuple[str, ...]:
    out = _strs(err, f, v)
    for i, a in enumerate(out):
        try:
            parse_action(a)
        except ActionParseError as exc:
            raise err(f"{f}[{i}]", str(exc)) from None
    return out


def load_chapter_text(label: str, text: str) -> Chapter:
    """Read a chapter from TOML text (``label`` names it in errors)."""

    def err(f: str, msg: str) -> LessonError:
        return LessonError(label, f, msg)

    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise err("<file>", f"not valid TOML: {exc}") from None
    for k in raw:
        if k not in ("chapter", "task", "quiz", "cell"):
            raise err(k, "unknown table (known: chapter, task, quiz, cell)")
    meta = raw.get("chapter")
    if not isinstance(meta, dict):
        raise err("chapter", "missing [chapter] table")
    for k in meta:
        if k not in _CHAPTER_KEYS:
            raise err(f"chapter.{k}", f"unknown field (known: {', '.join(sorted(_CHAPTER_KEYS))})")
    for k in ("id", "slug", "title"):
        if not isinstance(meta.get(k), str):
            raise err(f"chapter.{k}", "missing (a string)")
    rules = _strs(err, "chapter.rules", meta.get("rules", []))
    for r in rules:
        if r not in RULES:
            raise err("chapter.rules", f"unknown rule id {r!r}")
    if "scenario" in meta:
        try:
            scenario_path(meta["scenario"])
        except ValueError as exc:
            raise err("chapter.scenario", str(exc)) from None
        start = Start(scenario=meta["scenario"])
    else:
        start = _start_new(err, "chapter.new", meta.get("new", {}))
    seat = meta.get("seat")
    if seat is not None and seat not in COLOURS:
        raise err("chapter.seat", f"must be a colour ({', '.join(COLOURS)})")

    tasks = []
    for i, t in enumerate(raw.get("task", [])):
        f0 = f"task[{i}]"
        if not isinstance(t, dict):
            raise err(f0, "must be a table")
        for k in t:
            if k not in _TASK_KEYS:
                raise err(f"{f0}.{k}", f"unknown field (known: {', '.join(sorted(_TASK_KEYS))})")
        for k in ("id", "instruction", "hint"):
            if not isinstance(t.get(k), str):
                raise err(f"{f0}.{k}", "missing (a string)")
        goals = []
        for j, g in enumerate(t.get("goal", [])):
            if not isinstance(g, dict) or not isinstance(g.get("event"), str):
                raise err(f"{f0}.goal[{j}]", "each goal needs an event kind: { event = ... }")
            g = dict(g)
            kind = g.pop("event")
            player = g.pop("player", None)
            rule = g.pop("rule", None)
            if player is not None and player not in COLOURS:
                raise err(f"{f0}.goal[{j}].player", f"must be a colour ({', '.join(COLOURS)})")
            if rule is not None and rule not in RULES:
                raise err(f"{f0}.goal[{j}].rule", f"unknown rule id {rule!r}")
            goals.append(EventGoal(kind, player, rule, g))
        state = t.get("state", {})
        if not isinstance(state, dict):
            raise err(f"{f0}.state", "must be a table of view paths")
        if not goals and not state:
            raise err(f"{f0}.goal", "a task needs a goal (events) or state facts")
        sol = t.get("solution")
        if sol == "bot":
            solution: tuple[str, ...] | str = "bot"
        else:
            solution = _actions(err, f"{f0}.solution", sol)
            if not solution:
                raise err(f"{f0}.solution", "must list at least one action")
        mistake = t.get("mistake")
        if mistake is not None:
            _actions(err, f"{f0}.mistake", [mistake])
        mrule = t.get("mistake_rule")
        if mrule is not None and mrule not in RULES:
            raise err(f"{f0}.mistake_rule", f"unknown rule id {mrule!r}")
        tasks.append(
            Task(
                id=t["id"],
                instruction=t["instruction"],
                hint=t["hint"],
                goal=Goal(tuple(goals), dict(state)),
                solution=solution,
                accept=_strs(err, f"{f0}.accept", t.get("accept", [])),
                mistake=mistake,
                mistake_rule=mrule,
                mistake_after=int(t.get("mistake_after", 0)),
                done=str(t.get("done", "")),
                bot_seed=int(t.get("bot_seed", 0)),
            )
        )
    if not tasks:
        raise err("task", "a chapter needs at least one [[task]]")
    if len({t.id for t in tasks}) != len(tasks):
        raise err("task", "task ids must differ")

    from .measures import MEASURES

    quizzes = []
    for i, q in enumerate(raw.get("quiz", [])):
        f0 = f"quiz[{i}]"
        if not isinstance(q, dict):
            raise err(f0, "must be a table")
        for k in ("id", "question", "measure"):
            if not isinstance(q.get(k), str):
                raise err(f"{f0}.{k}", "missing (a string)")
        if q["measure"] not in MEASURES:
            raise err(f"{f0}.measure", f"unknown measure (known: {', '.join(sorted(MEASURES))})")
        params = {k: v for k, v in q.items() if k not in _QUIZ_KEYS}
        if "scenario" in q:
            try:
                scenario_path(q["scenario"])
            except ValueError as exc:
                raise err(f"{f0}.scenario", str(exc)) from None
        quizzes.append(
            Quiz(
                id=q["id"],
                question=q["question"],
                measure=q["measure"],
                params=params,
                do=_actions(err, f"{f0}.do", q.get("do", [])),
                prelude=_actions(err, f"{f0}.prelude", q.get("prelude", [])),
                scenario=q.get("scenario"),
                new=_start_new(err, f"{f0}.new", q["new"]) if "new" in q else None,
                choices=_strs(err, f"{f0}.choices", q.get("choices", [])),
                expect=q.get("expect"),
                reveal=str(q.get("reveal", "The engine says: {answer}.")),
            )
        )
    cells = []
    for i, c in enumerate(raw.get("cell", [])):
        f0 = f"cell[{i}]"
        if not isinstance(c, dict) or ("md" in c) == ("code" in c):
            raise err(f0, "a cell has either md (Markdown) or code (Python)")
        if c.get("at", "end") not in CELL_PLACES:
            raise err(f"{f0}.at", f"must be one of {', '.join(CELL_PLACES)}")
        for k in c:
            if k not in ("md", "code", "at", "check", "hidden"):
                raise err(f"{f0}.{k}", "unknown field (known: md, code, at, check, hidden)")
        cells.append(dict(c))
    return Chapter(
        id=meta["id"],
        slug=meta["slug"],
        title=meta["title"],
        section=str(meta.get("section", "")),
        rules=rules,
        summary=str(meta.get("summary", "")).strip(),
        recap=str(meta.get("recap", "")).strip(),
        start=start,
        tasks=tuple(tasks),
        quizzes=tuple(quizzes),
        lookup=_strs(err, "chapter.lookup", meta.get("lookup", [])),
        seat=seat,
        bots=meta.get("bots"),
        auto_night=bool(meta.get("auto_night", False)),
        cells=tuple(cells),
        path=label,
    )


def load_chapter(path: str | Path) -> Chapter:
    """Read a chapter file."""
    path = Path(path)
    return load_chapter_text(str(path), path.read_text("utf-8"))
