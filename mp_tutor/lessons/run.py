"""A learner working through a chapter: tasks ticked from the engine's events.

>>> run = LessonRun("04")
>>> print(run.status())
➜ 1. Send Blue's Prince from the Central Plaza to the Coca Plantation.
☐ 2. Let Blue's coca planter produce: pay 1 corn for 1 coca.
☐ 3. Now decide for the other players, in seating order: Yellow's coca planter and Red's two coca planters all produce.
>>> fb = run.act("move potters_quarter")
>>> fb.kind, fb.rule
('off_task', None)
>>> fb = run.act("move central_plaza")
>>> print(fb.text)
✘ Not allowed: Blue's Prince is already in the Central Plaza: a district cannot be used on two turns in a row, not even for a llama. To stay, take a moon tile instead. [move.not_twice: FAQ / Moving the Princes]
Hint: Click the Coca Plantation on the board: it borders the Central Plaza, so the move is free.
>>> print(run.act("move coca_plantation").text)
Blue moves the Prince to the Coca Plantation.
Blue takes the bonus in the Coca Plantation: 2 coca.
✔ Task 1 done: Send Blue's Prince from the Central Plaza to the Coca Plantation.
  The Prince took the whole bonus: 2 coca. Now every Inca in the plantation may produce, Blue first.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..actions import Action, ActionParseError, Continue, parse_action
from ..data import COLOURS
from ..engine import IllegalAction
from ..events import Event
from ..game import Game
from .measures import MEASURES
from .model import Chapter, Quiz, Task, scenario_path

# Events that add nothing to a narration of the learner's own actions.
QUIET = frozenset({"turn_began"})


def narrate(events: list[Event], quiet: frozenset[str] = QUIET) -> list[str]:
    """The engine's sentences for ``events`` (without the quiet kinds)."""
    return [e.text for e in events if e.kind not in quiet]


@dataclass
class Feedback:
    """What the tutor says after the learner's try.

    ``kind``: ``applied`` (the engine played it), ``illegal`` (the engine refused it: ``rule``,
    ``section`` and ``message`` say why) or ``off_task`` (legal, but not what the current task
    asks; not played). ``ticked``: the tasks this action completed.
    """

    kind: str
    message: str = ""
    rule: str | None = None
    section: str | None = None
    hint: str = ""
    action: str = ""
    events: list[Event] = field(default_factory=list)
    ticked: list[tuple[int, Task]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.kind == "applied"

    @property
    def text(self) -> str:
        lines: list[str] = []
        if self.kind == "illegal":
            where = f" [{self.rule}: {self.section}]" if self.rule else ""
            lines.append(f"✘ Not allowed: {self.message}{where}")
        elif self.kind == "off_task":
            lines.append(f"✘ {self.message}")
        else:
            lines += narrate(self.events)
            for i, t in self.ticked:
                lines.append(f"✔ Task {i + 1} done: {t.instruction}")
                if t.done:
                    lines.append(f"  {t.done}")
        if self.hint and not self.ok:
            lines.append(f"Hint: {self.hint}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text


@dataclass
class Reveal:
    """A quiz answer computed by the engine, with the narration of what was played."""

    quiz: Quiz
    answer: Any
    narration: list[str]

    @property
    def text(self) -> str:
        lines = [self.quiz.reveal.format(answer=self.answer)]
        if self.narration:
            lines.append("What the engine played:")
            lines += [f"  {t}" for t in self.narration]
        return "\n".join(lines)

    def check(self, guess: Any) -> bool:
        """Whether a guess (number or choice, as typed) is the engine's answer."""
        if self.quiz.kind == "number":
            try:
                return int(str(guess).strip()) == int(self.answer)
            except ValueError:
                return False
        return str(guess).strip().lower() == str(self.answer).strip().lower()

    def __str__(self) -> str:
        return self.text


def _build(chapter: Chapter, scenario: str | None = None) -> Game:
    if scenario:
        from ..scenarios import read_scenario

        return read_scenario(scenario_path(scenario)).build()
    return chapter.new_game()


def compute_quiz(chapter: Chapter, quiz: Quiz) -> Reveal:
    """Play the quiz on a copy of the chapter's start and measure the answer."""
    game = quiz.new.build() if quiz.new is not None else _build(chapter, quiz.scenario)
    for a in quiz.prelude:
        game.apply(a)
    before = game.fork()
    events: list[Event] = []
    for a in quiz.do:
        events += game.apply(a)
    answer = MEASURES[quiz.measure](before, game, events, **quiz.params)
    return Reveal(quiz, answer, narrate(events))


def _chapter(ch: Chapter | str | int) -> Chapter:
    if isinstance(ch, Chapter):
        return ch
    from . import chapter

    return chapter(ch)


class LessonRun:
    """A chapter being played: the live game, which tasks are done, feedback and quizzes.

    Actions come in two ways: :meth:`act` (the tutor plays them, after checking them with
    the engine and against the current task), or from outside (a board widget applies
    them to ``game``): then call :meth:`observe` to tick tasks from the new events.

    ``guard``: a legal action that does not belong to the current task is not played
    (``off_task`` feedback). ``autoplay``: bots play the seats the learner does not
    (chapters with a ``seat``), and automatic night steps run when ``auto_night`` is set.
    """

    def __init__(
        self,
        chapter: Chapter | str | int,
        game: Game | None = None,
        *,
        guard: bool = True,
        autoplay: bool = True,
    ) -> None:
        self.chapter = _chapter(chapter)
        self.game = game if game is not None else self.chapter.new_game()
        self.guard = guard
        self.autoplay = autoplay
        self.done = [False] * len(self.chapter.tasks)
        self.index = 0
        self._task_start = len(self.game.log)
        self._seen = len(self.game.log)
        self.feedback: Feedback | None = None
        self.listeners: list[Callable[[LessonRun], None]] = []
        self.bots: dict[int, Any] = {}
        if self.chapter.seat is not None and self.chapter.bots:
            from ..bots import BOTS

            me = self.chapter.seat_index
            self.bots = {
                p: BOTS[self.chapter.bots](seed=100 + p)
                for p in range(self.game.players)
                if p != me
            }
        if self.autoplay:
            self._autoplay()

    def play_automatic(self) -> list[Event]:
        """Let the bots and automatic night steps play (as after each action)."""
        events, ticked = self._autoplay()
        if events or ticked:
            self.feedback = Feedback("applied", events=events, ticked=ticked)
            self._notify()
        return events

    # -- reading ----------------------------------------------------------------------
    @property
    def tasks(self) -> tuple[Task, ...]:
        return self.chapter.tasks

    @property
    def current(self) -> Task | None:
        """The task the learner works on (None once all are done)."""
        return self.tasks[self.index] if self.index < len(self.tasks) else None

    @property
    def complete(self) -> bool:
        return all(self.done)

    def status(self) -> str:
        """One line per task: ✔ done, ➜ current, ☐ still to do."""
        lines = []
        for i, t in enumerate(self.tasks):
            mark = "✔" if self.done[i] else ("➜" if i == self.index else "☐")
            lines.append(f"{mark} {i + 1}. {t.instruction}")
        return "\n".join(lines)

    def hint(self) -> str:
        t = self.current
        return t.hint if t else "All tasks are done: well played!"

    # -- acting -------------------------------------------------------------------------
    def _parse(self, action: Action | str) -> Action | Feedback:
        if isinstance(action, Action):
            return action
        try:
            return parse_action(action)
        except ActionParseError:
            why = self.game.explain(action)
            assert why is not None
            return Feedback("illegal", why.message, why.rule, why.section, self.hint(), str(action))

    def judge(self, action: Action | str) -> tuple[Action | None, Feedback | None]:
        """Check a try without playing it.

        Returns ``(action, None)`` when it may be played, else ``(None, feedback)``: the
        engine's refusal (``illegal``), or ``off_task`` when ``guard`` is on and the action
        does not belong to the current task (the feedback tells what it would have done).
        """
        act = self._parse(action)
        if isinstance(act, Feedback):
            return None, act
        notation = act.notation()
        why = self.game.explain(act)
        if why is not None:
            return None, Feedback(
                "illegal", why.message, why.rule, why.section, self.hint(), notation
            )
        task = self.current
        who = self.game.pending.player
        if self.guard and task is not None and not task.accepts(notation, colour_of(who)):
            scratch = self.game.fork()
            said = " ".join(narrate(scratch.apply(act)))
            return None, Feedback(
                "off_task",
                f"'{notation}' is legal, but it is not this task (the engine would play: {said})",
                hint=self.hint(),
                action=notation,
            )
        return act, None

    def act(self, action: Action | str) -> Feedback:
        """Try an action for the pending decision; the engine judges it."""
        act, refused = self.judge(action)
        if refused is not None or act is None:
            assert refused is not None
            return self._tell(refused)
        events = self.game.apply(act)
        self._seen = len(self.game.log)  # these events are reported here, not by observe()
        ticked = self._tick()
        if self.autoplay:
            more, more_ticked = self._autoplay()
            events += more
            ticked += more_ticked
        return self._tell(Feedback("applied", action=act.notation(), events=events, ticked=ticked))

    def _tell(self, fb: Feedback) -> Feedback:
        self.feedback = fb
        self._notify()
        return fb

    def _notify(self) -> None:
        for fn in list(self.listeners):
            fn(self)

    def observe(self, notify: bool = True) -> list[tuple[int, Task]]:
        """Tick tasks from the events the game logged since the last look.

        Call this after anything else changed ``game`` (a board click, undo, a bot): the
        new events become the current feedback. Ticks are kept when an action is taken back.
        """
        log = self.game.log
        if len(log) < self._seen:  # undone
            self._task_start = min(self._task_start, len(log))
            self._seen = len(log)
        new = log[self._seen :]
        self._seen = len(log)
        ticked = self._tick()
        if notify and (new or ticked):
            self.feedback = Feedback("applied", events=list(new), ticked=ticked)
        if notify:
            self._notify()
        return ticked

    def _tick(self) -> list[tuple[int, Task]]:
        log = self.game.log
        ticked = []
        while self.index < len(self.tasks):
            t = self.tasks[self.index]
            if not t.goal.met(log[self._task_start :], self.game):
                break
            self.done[self.index] = True
            ticked.append((self.index, t))
            self.index += 1
            self._task_start = len(log)
        return ticked

    def attach(self, game: Game) -> None:
        """Follow another game object (e.g. after the board restarted)."""
        self.game = game
        self._seen = self._task_start = len(game.log)

    def _autoplay(self, limit: int = 100_000) -> tuple[list[Event], list[tuple[int, Task]]]:
        events: list[Event] = []
        ticked: list[tuple[int, Task]] = []
        for _ in range(limit):
            if self.game.over:
                break
            p = self.game.pending.player
            if p is not None and p in self.bots:
                events += self.game.apply(self.bots[p].choose(self.game))
            elif p is None and self.chapter.auto_night:
                events += self.game.apply(Continue())
            else:
                break
            self._seen = len(self.game.log)
            ticked += self._tick()
        return events, ticked

    def solve(self, limit: int = 100_000) -> list[Feedback]:
        """Play the current task's solution on the live game (the "show me" button)."""
        task = self.current
        if task is None:
            return []
        out: list[Feedback] = []
        if task.by_bot:
            from ..bots import RandomBot

            bot = RandomBot(seed=task.bot_seed)
            for _ in range(limit):
                if self.current is not task or self.game.over:
                    break
                if self.game.pending.player is None:
                    out.append(self.act(Continue()))
                else:
                    out.append(self.act(bot.choose(self.game)))
            return out
        for a in task.solution:
            fb = self.act(a)
            out.append(fb)
            if not fb.ok:
                raise RuntimeError(f"chapter {self.chapter.id}, task {task.id}: {a!r}: {fb.text}")
        return out

    def restart(self) -> None:
        """Back to the chapter's start (a new game; tasks unticked)."""
        self.__init__(self.chapter, guard=self.guard, autoplay=self.autoplay)  # type: ignore[misc]

    # -- showing the way ------------------------------------------------------------------
    def walkthrough(self, max_lines: int = 12) -> str:
        """Solve every task on a fresh copy of the chapter and narrate it (the live game is untouched)."""
        run = LessonRun(self.chapter, guard=self.guard)  # headless copy: bots play
        lines = []
        for i, t in enumerate(self.tasks):
            fbs = run.solve()
            lines += task_report(i, t, fbs, run.done[i], self.chapter.seat, max_lines)
        return "\n".join(lines)

    def solved(self) -> LessonRun:
        """A fresh copy of the chapter with every task solved (the live game is untouched)."""
        run = LessonRun(self.chapter, guard=self.guard)  # headless copy: bots play
        while run.current is not None:
            run.solve()
        return run

    def mistake(self, task_id: str | None = None) -> Feedback:
        """On a fresh copy, solve the tasks before ``task_id`` and try its typical mistake."""
        task = self.chapter.task(task_id) if task_id else self.current
        if task is None or task.mistake is None:
            raise ValueError("this task has no typical mistake")
        run = LessonRun(self.chapter, guard=self.guard)  # headless copy: bots play
        while run.current is not task:
            run.solve()
        if not task.by_bot:
            for a in task.solution[: task.mistake_after]:
                run.act(a)
        return run.act(task.mistake)

    def reveal(self, quiz_id: str) -> Reveal:
        """The engine's answer to a quiz (computed on a copy of the chapter's start)."""
        return compute_quiz(self.chapter, self.chapter.quiz(quiz_id))

    def answer(self, quiz_id: str, guess: Any) -> str:
        """Check a learner's prediction, then reveal the engine's answer."""
        r = self.reveal(quiz_id)
        verdict = "✔ Right!" if r.check(guess) else f"✘ Not quite: you said {str(guess).strip()}."
        return f"{verdict}\n{r.text}"

    def pending_text(self) -> str:
        """Who must decide what now."""
        p = self.game.pending
        return p.prompt if p.kind != "game_over" else "The game is over."

    def __repr__(self) -> str:
        n = sum(self.done)
        return f"<LessonRun chapter {self.chapter.id} '{self.chapter.title}': {n}/{len(self.done)} tasks done>"


def task_report(
    i: int, task: Task, fbs: list[Feedback], done: bool, seat: str | None, max_lines: int = 12
) -> list[str]:
    """Lines narrating how task ``i`` was solved (the actions and the engine's events)."""
    lines = [f"Task {i + 1}: {task.instruction}"]
    if task.by_bot:
        n = sum(1 for fb in fbs if fb.ok)
        lines.append(f"  (a random bot played {n} decisions for {seat})")
        said = [s for fb in fbs for s in narrate(fb.events)]
        shown = said[-max_lines:]
        if len(said) > len(shown):
            lines.append(f"  ... {len(said) - len(shown)} earlier events ...")
        lines += [f"  {s}" for s in shown]
    else:
        for fb in fbs:
            lines.append(f"  > {fb.action}")
            lines += [f"    {s}" for s in narrate(fb.events)]
    lines.append(f"  {'✔ done' if done else '✘ NOT done'}")
    return lines


def colour_of(p: int | None) -> str:
    return "-" if p is None else COLOURS[p]


__all__ = [
    "LessonRun",
    "Feedback",
    "Reveal",
    "compute_quiz",
    "narrate",
    "task_report",
    "IllegalAction",
]
