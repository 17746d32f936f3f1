"""A lesson made of a sheet's script: steps turned into tasks and quizzes, written in
today's chapter format and proved by the engine (pure functions on sheets).

A studio task is a step the learner must do: its solution is the steps since the previous
task, its goal the step's first event (looser when the teacher keeps fewer of the event's
data: "any move that produces coca" keeps ``good`` and drops ``count``), and a wrong move
gets the engine's reason plus the teacher's sentence. A studio quiz asks for a number the
engine computes once some steps are played.

>>> from mp_tutor.core.editing import Position
>>> from mp_tutor.core.registry import get_game
>>> from mp_tutor.studio.script import record
>>> info = get_game("princes")
>>> raw = dict(info.read_scenario("coca-plantation-production").raw)
>>> sheet = record(Sheet(Position.read(info.game, {k: raw[k] for k in ("scenario", "players", "board")})),
...                ["move coca_plantation", "produce 1", "produce 1", "produce 2"])
>>> sheet = make_task(sheet, 0, "Enter the Coca Plantation.", "It borders the Central Plaza.")
>>> task = chapter_tables(sheet, "x")["task"][0]
>>> task["solution"], task["goal"]
(['move coca_plantation'], [{'event': 'moved', 'player': 'Blue', 'to': 'coca_plantation', 'how': 'adjacent', 'cost': 0, 'from': 'central_plaza'}])
>>> goal_keys(sheet, 1)
('district', 'count', 'good', 'paid')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from ..core.events import Event
from ..core.facts import Wanted, resolve
from ..core.game import BaseGame
from ..core.lessons.run import QUIET
from ..core.registry import info_for
from .model import LessonDraft, QuizDraft, Sheet, Table, TaskDraft
from .script import replay

#: the id of a lesson a teacher makes (a chapter's id is a number: teachers' lessons are 90)
LESSON_ID = "90"
#: what a quiz measures: the fact once the steps are played, or its change over the last one
QUIZ_MEASURES = ("fact", "change")
#: the fields of a studio task the studio writes itself (the teacher writes the others)
DERIVED = ("solution", "accept", "goal")


def step_events(sheet: Sheet, i: int) -> tuple[BaseGame, list[Event]]:
    """The game before step ``i`` and the events the step makes."""
    game = replay(sheet, i)
    before = game.fork()
    return before, game.apply(sheet.steps[i].action)


def main_event(sheet: Sheet, i: int) -> dict[str, Wanted]:
    """Step ``i``'s first event (not a quiet one) as a goal: ``event``, ``player`` (a colour)
    and the event's data that a goal can name (numbers, texts, lists of them)."""
    game, events = step_events(sheet, i)
    names = game.player_names()
    first = next((e for e in events if e.kind not in QUIET), events[0] if events else None)
    if first is None:
        return {}
    out: dict[str, Wanted] = {"event": first.kind}
    if first.player is not None and first.player < len(names):
        out["player"] = names[first.player]
    for k, v in first.data.items():
        if k in ("event", "player", "rule"):
            continue
        if isinstance(v, (str, int, float, bool)) or (
                isinstance(v, list) and all(isinstance(x, (str, int, float, bool)) for x in v)):
            out[k] = list(v) if isinstance(v, list) else v
    return out


def goal_keys(sheet: Sheet, i: int) -> tuple[str, ...]:
    """The data of step ``i``'s event a goal may keep or drop (its looser forms)."""
    return tuple(k for k in main_event(sheet, i) if k not in ("event", "player"))


def decider(sheet: Sheet, i: int) -> str | None:
    """Who decides step ``i`` (a colour), or None for an automatic step."""
    game = replay(sheet, i)
    who = game.decider
    return game.player_names()[who] if who is not None else None


def _consumed(tasks: Sequence[TaskDraft], upto: int) -> int | None:
    """How many script steps the tasks before ``upto`` play (None: a bot plays one)."""
    n = 0
    for task in tasks[:upto]:
        if task.step is not None:
            n = task.step + 1
            continue
        solution = task.table.get("solution")
        if not isinstance(solution, list):
            return None
        n += len(solution)
    return n


def task_table(sheet: Sheet, k: int) -> dict[str, object]:
    """Task ``k`` of the sheet's lesson as a ``[[task]]`` table (a studio task's solution,
    accepted moves and goal worked out from the script)."""
    assert sheet.lesson is not None
    task = sheet.lesson.tasks[k]
    if task.step is None:
        return dict(task.table)
    start = _consumed(sheet.lesson.tasks, k) or 0
    steps = sheet.steps[start: task.step + 1]
    full = main_event(sheet, task.step)
    keys = task.keys if task.keys is not None else goal_keys(sheet, task.step)
    goal = {k2: v for k2, v in full.items() if k2 in ("event", "player") or k2 in keys}
    out: dict[str, object] = {"id": task.id, **{key: task.table[key] for key in
                                                ("instruction", "hint") if key in task.table},
                              "solution": [s.action for s in steps]}
    if task.keys is not None and set(task.keys) != set(goal_keys(sheet, task.step)):
        whose = [decider(sheet, i) for i in range(start, task.step + 1)]
        accept = [f"{w}: {s.action}" if w else s.action for w, s in zip(whose, steps[:-1],
                                                                         strict=False)]
        verb = steps[-1].action.split(" ", 1)[0]
        accept.append(f"{whose[-1]}: {verb} *" if whose[-1] else f"{verb} *")
        out["accept"] = accept
    out["goal"] = [goal]
    for key, value in task.table.items():
        if key not in out and key not in DERIVED:
            out[key] = value
    return out


def quiz_table(sheet: Sheet, k: int) -> dict[str, object]:
    """Quiz ``k`` of the sheet's lesson as a ``[[quiz]]`` table (a studio quiz's moves and
    the engine's answer worked out from the script)."""
    assert sheet.lesson is not None
    quiz = sheet.lesson.quizzes[k]
    if quiz.step is None:
        return dict(quiz.table)
    measure = str(quiz.table.get("measure", "fact"))
    actions = list(sheet.actions[: quiz.step])
    moves: dict[str, object] = ({"do": actions} if measure == "fact"
                                else {"prelude": actions[:-1], "do": actions[-1:]})
    out: dict[str, object] = {"id": quiz.id, "question": quiz.table.get("question", ""),
                              "expect": quiz_answer(sheet, quiz.step, str(quiz.table["fact"]),
                                                    measure), "measure": measure,
                              "fact": quiz.table["fact"], **{k2: v for k2, v in moves.items() if v}}
    for key, value in quiz.table.items():
        if key not in out and key not in ("do", "prelude"):
            out[key] = value
    return out


def quiz_answer(sheet: Sheet, step: int, fact: str, measure: str = "fact") -> Wanted:
    """The engine's answer: ``fact`` after the first ``step`` steps, or (``change``) how
    much it changed over the last of them."""
    after = replay(sheet, step)
    names = after.player_names()
    value = resolve(after.facts(), fact, names)
    if measure == "change":
        before = resolve(replay(sheet, step - 1).facts(), fact, names)
        if isinstance(value, int) and isinstance(before, int):
            return value - before
    if isinstance(value, (int, str, float, bool)):
        return value
    return str(value)


def chapter_tables(sheet: Sheet, scenario_ref: str) -> dict[str, object]:
    """The lesson as a chapter file's tables (``scenario_ref``: where its scenario is)."""
    lesson = sheet.lesson
    assert lesson is not None
    chapter = dict(lesson.chapter)
    meta = sheet.meta
    chapter.setdefault("title", str(meta.get("title") or chapter.get("slug") or LESSON_ID))
    if meta.get("rulebook"):
        chapter.setdefault("section", meta["rulebook"])
    if meta.get("description"):
        chapter.setdefault("summary", meta["description"])
    chapter.setdefault("rules", cited_rules(sheet))
    if "new" not in chapter:
        chapter["scenario"] = scenario_ref
    out: dict[str, object] = {"chapter": chapter,
                              "task": [task_table(sheet, k) for k in range(len(lesson.tasks))]}
    if lesson.quizzes:
        out["quiz"] = [quiz_table(sheet, k) for k in range(len(lesson.quizzes))]
    if lesson.cells:
        out["cell"] = [dict(c) for c in lesson.cells]
    return out


def new_lesson(sheet: Sheet, lang: str) -> LessonDraft:
    """A lesson on the sheet, in ``lang`` (its title, text and rules come from the scenario's
    when it is written, unless the teacher gives them: :func:`chapter_tables`)."""
    info = info_for(sheet.position.game_type)
    return LessonDraft({"id": LESSON_ID, "slug": "lesson", "game": info.name, "lang": lang})


def cited_rules(sheet: Sheet) -> list[str]:
    """The rules the script's moves cite (their events'), in order, each once."""
    game = sheet.position.game()
    rules: list[str] = []
    for step in sheet.steps:
        for event in game.apply(step.action):
            if event.rule and event.rule not in rules:
                rules.append(event.rule)
    return rules


def _lesson(sheet: Sheet, lang: str = "en") -> LessonDraft:
    return sheet.lesson if sheet.lesson is not None else new_lesson(sheet, lang)


def _unique(base: str, taken: Sequence[str]) -> str:
    if base not in taken:
        return base
    n = 2
    while f"{base}-{n}" in taken:
        n += 1
    return f"{base}-{n}"


def make_task(sheet: Sheet, step: int, instruction: str, hint: str, *, wrong: str = "",
              done: str = "", lang: str = "en") -> Sheet:
    """Step ``step`` turned into a task for the learner (the tasks stay in script order)."""
    lesson = _lesson(sheet, lang)
    fields: dict[str, object] = {"id": _unique(f"step{step + 1}", [x.id for x in lesson.tasks]),
                                 "instruction": instruction, "hint": hint}
    if wrong:
        fields["wrong"] = wrong
    if done:
        fields["done"] = done
    tasks = [x for x in lesson.tasks if x.step != step] + [TaskDraft(fields, step)]
    tasks.sort(key=lambda x: x.step if x.step is not None else -1)
    return replace(sheet, lesson=replace(lesson, tasks=tuple(tasks)))


def edit_task(sheet: Sheet, k: int, **fields: str) -> Sheet:
    """Task ``k`` with the teacher's fields changed (an empty text drops an optional one)."""
    lesson = _lesson(sheet)
    tasks = list(lesson.tasks)
    table = {**tasks[k].table, **fields}
    for key in ("wrong", "done"):
        if key in fields and not fields[key]:
            table.pop(key)
    tasks[k] = replace(tasks[k], table=table)
    return replace(sheet, lesson=replace(lesson, tasks=tuple(tasks)))


def loosen(sheet: Sheet, k: int, keys: Sequence[str] | None) -> Sheet:
    """Task ``k``'s goal keeping only the event data ``keys`` (None: all, the exact move)."""
    lesson = _lesson(sheet)
    tasks = list(lesson.tasks)
    tasks[k] = replace(tasks[k], keys=None if keys is None else tuple(keys))
    return replace(sheet, lesson=replace(lesson, tasks=tuple(tasks)))


def drop_task(sheet: Sheet, k: int) -> Sheet:
    lesson = _lesson(sheet)
    return replace(sheet, lesson=replace(lesson, tasks=lesson.tasks[:k] + lesson.tasks[k + 1:]))


def make_quiz(sheet: Sheet, step: int, fact: str, question: str, *, measure: str = "fact",
              reveal: str = "", lang: str = "en") -> Sheet:
    """A quiz asking for ``fact`` once ``step`` steps are played (``change``: its change over
    the last of them)."""
    lesson = _lesson(sheet, lang)
    table: dict[str, object] = {"id": _unique(f"q{step}", [q.id for q in lesson.quizzes]),
                                "question": question, "measure": measure, "fact": fact}
    if reveal:
        table["reveal"] = reveal
    quizzes = (*lesson.quizzes, QuizDraft(table, step))
    return replace(sheet, lesson=replace(lesson, quizzes=quizzes))


def drop_quiz(sheet: Sheet, k: int) -> Sheet:
    lesson = _lesson(sheet)
    return replace(sheet, lesson=replace(lesson,
                                         quizzes=lesson.quizzes[:k] + lesson.quizzes[k + 1:]))


def set_chapter(sheet: Sheet, **fields: object) -> Sheet:
    """The lesson's ``[chapter]`` fields changed (a title, the summary...)."""
    lesson = _lesson(sheet)
    chapter = {**lesson.chapter, **fields}
    for key, value in fields.items():
        if value in ("", None, []):
            chapter.pop(key)
    return replace(sheet, lesson=replace(lesson, chapter=chapter))


def _matches_task(sheet: Sheet, tasks: list[TaskDraft], table: Table) -> TaskDraft:
    """A task of a chapter file as the studio holds it: a studio task when its solution,
    accepted moves and goal are what the studio would write for a step of the script."""
    start = _consumed(tasks, len(tasks))
    solution = table.get("solution")
    if start is None or not isinstance(solution, list) or not solution:
        return TaskDraft(table)
    end = start + len(solution) - 1
    if list(sheet.actions[start: end + 1]) != solution:
        return TaskDraft(table)
    goals = table.get("goal")
    if not (isinstance(goals, list) and len(goals) == 1 and isinstance(goals[0], Mapping)):
        return TaskDraft(table)
    kept = tuple(k for k in goals[0] if k not in ("event", "player"))
    for keys in (None, kept):
        guess = TaskDraft({k: v for k, v in table.items() if k not in DERIVED}, end, keys)
        trial = replace(sheet, lesson=LessonDraft({}, (*tasks, guess)))
        if task_table(trial, len(tasks)) == dict(table):
            return guess
    return TaskDraft(table)


def _matches_quiz(sheet: Sheet, table: Table) -> QuizDraft:
    """A quiz of a chapter file as the studio holds it: a studio quiz when its moves are
    the script's first steps and the rest is what the studio would write for them."""
    measure, do, prelude = table.get("measure"), table.get("do", []), table.get("prelude", [])
    if (measure not in QUIZ_MEASURES or "fact" not in table or "scenario" in table
            or "new" in table or not isinstance(do, list) or not isinstance(prelude, list)):
        return QuizDraft(table)
    played = prelude + do
    shape = len(do) == 1 if measure == "change" else not prelude
    if not shape or list(sheet.actions[: len(played)]) != played:
        return QuizDraft(table)
    guess = QuizDraft({k: v for k, v in table.items() if k not in ("do", "prelude")}, len(played))
    trial = replace(sheet, lesson=LessonDraft({}, (), (guess,)))
    return guess if quiz_table(trial, 0) == dict(table) else QuizDraft(table)


def read_lesson(sheet: Sheet, tables: Mapping[str, object]) -> LessonDraft:
    """A chapter file's tables (parsed) as the lesson of ``sheet`` (whose script is the
    chapter's scenario's): tasks and quizzes that are steps of the script become studio
    tasks and quizzes; everything else is kept as the file has it."""
    tasks: list[TaskDraft] = []
    for table in _tables(tables.get("task")):
        tasks.append(_matches_task(sheet, tasks, table))
    quizzes = tuple(_matches_quiz(sheet, q) for q in _tables(tables.get("quiz")))
    chapter = tables.get("chapter")
    return LessonDraft(dict(chapter) if isinstance(chapter, Mapping) else {}, tuple(tasks),
                       quizzes, tuple(_tables(tables.get("cell"))))


def _tables(value: object) -> list[Table]:
    return [dict(x) for x in value if isinstance(x, Mapping)] if isinstance(value, list) else []


__all__ = ["DERIVED", "LESSON_ID", "QUIZ_MEASURES", "chapter_tables", "cited_rules", "decider", "drop_quiz",
           "drop_task", "edit_task", "goal_keys", "loosen", "main_event", "make_quiz",
           "make_task", "new_lesson", "quiz_answer", "quiz_table", "read_lesson",
           "set_chapter", "step_events", "task_table"]
