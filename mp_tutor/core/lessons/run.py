"""A learner working through a chapter: tasks ticked from the engine's events.

>>> from mp_tutor.core.lessons import find_chapter
>>> run = LessonRun(find_chapter("04", "princes"))
>>> print(run.status())
➜ 1. Send Blue's Prince from the Central Plaza to the Coca Plantation.
☐ 2. Let Blue's coca planter produce: pay 1 corn for 1 coca.
☐ 3. Now decide for the other players, in seating order: Yellow's coca planter and Red's two coca planters all produce.
>>> fb = run.act("move potters_quarter")
>>> fb.kind, fb.rule
('off_task', None)
>>> fb = run.act("move central_plaza")
>>> print(fb.text)
✘ Not allowed: Blue's Prince is already in the Central Plaza: a district cannot be used on two turns in a row, not even by paying a llama. To stay, take a moon tile instead. [move.not_twice: FAQ / Moving the Princes]
Hint: click the Coca Plantation on the board: it borders the Central Plaza, so the move is free.
>>> print(run.act("move coca_plantation").text)
Blue moves the Prince to the Coca Plantation.
Blue takes the bonus in the Coca Plantation: 2 coca.
✔ Task 1 done: send Blue's Prince from the Central Plaza to the Coca Plantation.
  The Prince took the whole bonus: 2 coca. Now every Inca in the plantation may produce, Blue first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..actions import Action
from ..facts import measure
from ..i18n import Term, after_colon, quoted, render, t, tn
from ..numbers import parse_number
from ..rules import IllegalAction
from ..table import play_until_person
from ..views import JSON
from .model import Chapter, Quiz, Task
from .progress import ChapterProgress

if TYPE_CHECKING:  # the game protocol, for annotations only
    from ..events import Event
    from ..game import BaseGame
    from ..table import Bot

# Events that add nothing to a narration of the learner's own actions.
QUIET = frozenset({"turn_began"})


def narrate(events: Sequence[Event], quiet: frozenset[str] = QUIET) -> list[str]:
    """The engine's sentences for ``events`` (without the quiet kinds)."""
    return [e.text for e in events if e.kind not in quiet]


def taken_back(gone: Sequence[Event], at_start: bool = False) -> str:
    """What an undo took back: the first event it undid, quoted, and how many followed it.

    >>> from mp_tutor.core.events import Event
    >>> class Said(Event):
    ...     narration = {"moved": lambda who, d: d["say"]}
    >>> print(taken_back([Said("moved", 0, None, {"say": "Blue moves."})]))
    Taken back: “Blue moves.”
    >>> print(taken_back([Said("moved", 0, None, {"say": s}) for s in ("Blue moves.", "Day 2.")], True))
    Taken back: “Blue moves.” and the event that followed it. The board is back at the start.
    """
    said = narrate(gone) or [e.text for e in gone]
    if not said:
        parts = [t("Taken back.")]
    elif len(said) == 1:
        parts = [t("Taken back: {event}", event=quoted(said[0]))]
    else:
        parts = [tn("Taken back: {event} and the event that followed it.",
                    "Taken back: {event} and the {n} events that followed it.", len(said) - 1,
                    event=quoted(said[0]))]
    if at_start:
        parts.append(t("The board is back at the start."))
    return " ".join(render(x) for x in parts)


class ResumeError(ValueError):
    """Saved moves that cannot be played again on this chapter (it changed since)."""


@dataclass
class Feedback:
    """What the tutor says after the learner's try.

    ``kind``: ``applied`` (the engine played it), ``illegal`` (the engine refused it: ``rule``,
    ``section`` and ``message`` say why), ``off_task`` (legal, but not what the current task
    asks; not played), ``undone`` (taken back) or ``note`` (the tutor tells something, e.g.
    that the learner's saved moves were played again). ``ticked``: the tasks this action completed.
    """

    kind: str
    message: str = ""
    rule: str | None = None
    section: str | None = None
    hint: str = ""
    action: str = ""
    #: the teacher's sentence for a wrong move (the task's ``wrong``), after the reason
    note: str = ""
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
            lines.append(render(t("✘ Not allowed: {why}", why=after_colon(self.message))) + where)
        elif self.kind == "off_task":
            lines.append(f"✘ {self.message}")
        elif self.kind in ("undone", "note"):
            lines.append(self.message)
        else:
            lines += narrate(self.events)
            lines += self._ticked_lines()
        if self.note and self.kind in ("illegal", "off_task"):
            lines.append(self.note)
        if self.hint and self.kind in ("illegal", "off_task"):
            lines.append(render(t("Hint: {hint}", hint=after_colon(self.hint))))
        return "\n".join(lines)

    def _ticked_lines(self) -> list[str]:
        lines = []
        for i, task in self.ticked:
            lines.append(render(t("✔ Task {n} done: {task}", n=i + 1, task=after_colon(task.instruction))))
            if task.done:
                lines.append(f"  {task.done}")
        return lines

    @property
    def news(self) -> str:
        """What a screen reader is told besides the narration of the events (which the board
        says itself): the tasks this action completed and what each showed, as sentences
        without the marks drawn before them."""
        return " ".join(line.strip().lstrip("✔ ") for line in self._ticked_lines())

    def __str__(self) -> str:
        return self.text


@dataclass
class Reveal:
    """A quiz answer computed by the engine, with the narration of what was played."""

    quiz: Quiz
    answer: object
    narration: list[str]
    #: the chapter's language: a number may be written in its words ("two", "deux", "twee")
    lang: str = "en"

    @property
    def text(self) -> str:
        answer = self.quiz.label(self.answer)
        lines = [self.quiz.reveal.format(answer=answer) if self.quiz.reveal
                 else render(t("The answer: {answer}.", answer=answer), self.lang)]
        if self.narration:
            lines.append(render(t("What was played:"), self.lang))
            lines += [f"  {x}" for x in self.narration]
        return "\n".join(lines)

    def check(self, guess: object) -> bool:
        """Whether a guess (number or choice, as typed) is the engine's answer."""
        text = str(guess).strip()
        if self.quiz.kind == "number":
            number = parse_number(text, self.lang)
            answer = self.answer
            return (number is not None and isinstance(answer, (int, float, str))
                    and number == int(answer))
        return text.lower() in (str(self.answer).strip().lower(),
                                self.quiz.label(self.answer).strip().lower())

    def __str__(self) -> str:
        return self.text


def compute_quiz(chapter: Chapter, quiz: Quiz) -> Reveal:
    """Play the quiz on a copy of the chapter's start and measure the answer."""
    game = (quiz.start or chapter.start).build()
    for a in quiz.prelude:
        game.apply(a)
    before = game.fork()
    events: list[Event] = []
    for a in quiz.do:
        events += game.apply(a)
    names = game.player_names()
    goal = quiz.events
    matcher = (lambda e: goal.matches(e, names)) if goal is not None else None
    answer = measure(quiz.measure, before, game, events, quiz.fact, matcher, quiz.sum)
    return Reveal(quiz, answer, narrate(events), chapter.lang)


class LessonRun:
    """A chapter being played: the live game, which tasks are done, feedback and quizzes.

    Actions come in two ways: :meth:`act` (the tutor plays them, after checking them with
    the engine and against the current task), or from outside (a board applies them to
    ``game``): then call :meth:`observe` to tick tasks from the new events. The run follows
    the game back when actions are taken back: a task whose finishing events were undone is
    open again.

    ``guard``: a legal action that does not belong to the current task is not played
    (``off_task`` feedback). ``autoplay``: bots play the seats the learner does not
    (chapters with a ``seat``), and automatic steps run when ``auto_steps`` is set.
    """

    def __init__(self, chapter: Chapter, game: BaseGame | None = None, *, guard: bool = True,
                 autoplay: bool = True) -> None:
        self.chapter = chapter
        self.game = game if game is not None else chapter.new_game()
        self.guard = guard
        self.autoplay = autoplay
        self.feedback: Feedback | None = None
        self.listeners: list[Callable[[LessonRun], None]] = []
        self.bots: dict[int, Bot] = {}
        if chapter.seat is not None and chapter.bots:
            kinds = chapter.game.bots
            me = chapter.seat_index
            self.bots = {p: kinds[chapter.bots](seed=100 + p)
                         for p in range(self.game.players) if p != me}
        self._reset_progress()
        if self.autoplay:
            self._autoplay()

    def _reset_progress(self) -> None:
        self._start = len(self.game.log)
        self._history_start = len(self.game.history)
        self._saw()
        #: for each task done, the log length when it was ticked
        self.marks: list[int] = []

    # -- reading ----------------------------------------------------------------------
    @property
    def tasks(self) -> tuple[Task, ...]:
        return self.chapter.tasks

    @property
    def index(self) -> int:
        """The number of tasks done (the current task's index)."""
        return len(self.marks)

    @property
    def done(self) -> list[bool]:
        return [i < len(self.marks) for i in range(len(self.tasks))]

    @property
    def current(self) -> Task | None:
        """The task the learner works on (None once all are done)."""
        return self.tasks[self.index] if self.index < len(self.tasks) else None

    @property
    def complete(self) -> bool:
        return self.index >= len(self.tasks)

    def status(self) -> str:
        """One line per task: ✔ done, ➜ current, ☐ still to do."""
        lines = []
        for i, task in enumerate(self.tasks):
            mark = "✔" if i < self.index else ("➜" if i == self.index else "☐")
            lines.append(f"{mark} {i + 1}. {task.instruction}")
        return "\n".join(lines)

    def hint(self) -> str:
        task = self.current
        return task.hint if task else render(t("All tasks are done: well played!"))

    def note(self) -> str:
        """The current task's sentence for a wrong move ("" if none)."""
        task = self.current
        return task.wrong if task else ""

    def pending_text(self) -> str:
        """Who must decide what now."""
        p = self.game.pending
        return p.prompt if p.kind != "game_over" else render(t("The game is over."))

    # -- acting -------------------------------------------------------------------------
    def _refusal(self, exc: IllegalAction, action: str) -> Feedback:
        return Feedback("illegal", exc.message, exc.rule, exc.section, self.hint(), action,
                        note=self.note())

    def judge(self, action: Action, player: int | None = None) -> Feedback | None:
        """Whether a try is this task (the board asks this before it applies anything).

        None when it may be played: the engine checks it, once, when it is applied. Else the
        refusal: ``off_task`` when ``guard`` is on and the action does not belong to the
        current task (the feedback tells what it would have done), or the engine's
        (``illegal``) when such an action is not allowed either.
        """
        task = self.current
        who = self.game.decider
        names = self.chapter.names
        if not (self.guard and task is not None and who is not None and who not in self.bots
                and not task.accepts(action.notation(), names[who], names)):
            return None
        scratch = self.game.fork()
        try:
            said = " ".join(narrate(scratch.apply(action, player)))
        except IllegalAction as exc:
            return self._refusal(exc, action.notation())
        return Feedback("off_task", render(t(
            "That move is allowed, but it is not this task, so it was not played. It would "
            "do this: {said}", said=after_colon(said))), hint=self.hint(), action=action.notation(),
            note=self.note())

    def act(self, action: Action | str) -> Feedback:
        """Try an action (or the notation a person typed) for the pending decision: the
        task's judge, then the engine (one check)."""
        try:
            act = self.game.parse(action)
        except IllegalAction as exc:
            return self._tell(self._refusal(exc, str(action)[:200]))
        refused = self.judge(act)
        if refused is not None:
            return self._tell(refused)
        before = len(self.game.log)
        try:
            self.game.apply(act)
        except IllegalAction as exc:
            return self._tell(self._refusal(exc, act.notation()))
        ticked = self._tick()
        if self.autoplay:
            ticked += self._autoplay()
        self._saw()
        return self._tell(Feedback("applied", action=act.notation(),
                                   events=self.game.log[before:], ticked=ticked))

    def _tell(self, fb: Feedback) -> Feedback:
        self.feedback = fb
        self._notify()
        return fb

    def _notify(self) -> None:
        for fn in list(self.listeners):
            fn(self)

    def observe(self, notify: bool = True) -> list[tuple[int, Task]]:
        """Follow the game after something else changed it (a board click, undo, a bot).

        New events tick tasks and become the feedback; after an undo, tasks whose
        finishing events were taken back are open again and the feedback says so.
        """
        log = self.game.log
        undone = len(log) < self._seen
        if undone:
            while self.marks and self.marks[-1] > len(log):
                self.marks.pop()
            gone = self._known[len(log):]
            self._start = min(self._start, len(log))
            self._saw()
            if notify:
                self.feedback = Feedback("undone", taken_back(gone, len(log) <= self._start))
                self._notify()
            return []
        new = log[self._seen:]
        self._saw()
        ticked = self._tick()
        if notify and (new or ticked):
            self.feedback = Feedback("applied", events=list(new), ticked=ticked)
        if notify:
            self._notify()
        return ticked

    def _saw(self) -> None:
        """The run has seen the game's log as it is now (what an undo takes back is told)."""
        self._known = list(self.game.log)
        self._seen = len(self._known)

    def _tick(self) -> list[tuple[int, Task]]:
        log = self.game.log
        ticked = []
        while self.index < len(self.tasks):
            task = self.tasks[self.index]
            since = self.marks[-1] if self.marks else self._start
            if not task.goal.met(log[since:], self.game):
                break
            ticked.append((self.index, task))
            self.marks.append(len(log))
        return ticked

    # -- keeping the learner's progress ----------------------------------------------------
    def played(self) -> list[Action]:
        """The actions played since the chapter's start (the learner's, the bots', automatic
        steps): replayed by :meth:`resume`, they give this position and these ticks again."""
        return self.game.history[self._history_start:]

    def progress(self) -> ChapterProgress:
        """What the progress store keeps of this run (see :mod:`.progress`)."""
        return ChapterProgress(tuple(a.to_json() for a in self.played()), self.index,
                               len(self.tasks))

    def resume(self, actions: Sequence[JSON | Action]) -> None:
        """Play ``actions`` (JSON forms from :meth:`progress`, or actions) again from the
        chapter's start, ticking tasks as they are done, as when they were played.

        A new game from the chapter's start is played (a board showing the old one is given
        the new one by its owner). Raises :class:`ResumeError` (the run is back at the start)
        if one of them cannot be read or is not legal here (the chapter changed since).
        """
        self.game = self.chapter.new_game()
        self._reset_progress()
        for i, item in enumerate(actions):
            try:
                act = item if isinstance(item, Action) else self.game.action_from_json(item)
                self.game.apply(act)
            except (IllegalAction, TypeError, ValueError) as exc:
                self.restart()
                raise ResumeError(f"move {i + 1} of {len(actions)}: {exc}") from None
            self.observe(notify=False)
        self.feedback = None

    def attach(self, game: BaseGame) -> None:
        """Follow another game object (e.g. after the board restarted)."""
        self.game = game
        self._reset_progress()

    def _autoplay(self) -> list[tuple[int, Task]]:
        ticked: list[tuple[int, Task]] = []

        def tick(_game: BaseGame, _events: list[Event], _by_bot: bool) -> None:
            ticked.extend(self._tick())

        play_until_person(self.game, self.bots, auto_steps=self.chapter.auto_steps,
                          on_apply=tick)
        return ticked

    def play_automatic(self) -> list[Event]:
        """Let the bots and automatic steps play (as after each action)."""
        before = len(self.game.log)
        ticked = self._autoplay()
        self._saw()
        events = self.game.log[before:]
        if events or ticked:
            self._tell(Feedback("applied", events=events, ticked=ticked))
        return events

    def solve(self) -> list[Feedback]:
        """Play the current task's solution on the live game (the "show me" button)."""
        task = self.current
        if task is None:
            return []
        out: list[Feedback] = []
        if task.by_bot:
            bot = self.chapter.game.bots["random"](seed=task.bot_seed)
            everyone = {p: bot for p in range(self.game.players)}
            before = len(self.game.log)
            ticked: list[tuple[int, Task]] = []

            def tick(_game: BaseGame, _events: list[Event], _by_bot: bool) -> None:
                ticked.extend(self._tick())

            play_until_person(self.game, everyone, on_apply=tick,
                              stop=lambda: self.current is not task or self.game.over)
            self._saw()
            out.append(self._tell(Feedback("applied", events=self.game.log[before:],
                                           ticked=ticked)))
            return out
        for a in task.solution:
            fb = self.act(a)
            out.append(fb)
            if not fb.ok:
                raise RuntimeError(f"chapter {self.chapter.id}, task {task.id}: {a!r}: {fb.text}")
        return out

    def restart(self) -> None:
        """Back to the chapter's start (a new game; tasks unticked)."""
        listeners = self.listeners
        self.__init__(self.chapter, guard=self.guard, autoplay=self.autoplay)  # type: ignore[misc]
        self.listeners = listeners

    # -- showing the way ------------------------------------------------------------------
    def walkthrough(self, max_lines: int = 12) -> str:
        """Solve every task on a fresh copy of the chapter and narrate it (the live game is untouched)."""
        run = LessonRun(self.chapter, guard=self.guard)  # headless copy: bots play
        lines = []
        for i, task in enumerate(self.tasks):
            fbs = run.solve()
            lines += task_report(i, task, fbs, run.done[i], self.chapter.seat, max_lines)
        return "\n".join(lines)

    def solved(self) -> LessonRun:
        """A fresh copy of the chapter with every task solved (the live game is untouched)."""
        run = LessonRun(self.chapter, guard=self.guard)
        while run.current is not None:
            run.solve()
        return run

    def mistake(self, task_id: str | None = None) -> Feedback:
        """On a fresh copy, solve the tasks before ``task_id`` and try its typical mistake."""
        task = self.chapter.task(task_id) if task_id else self.current
        if task is None or task.mistake is None:
            raise ValueError("this task has no typical mistake")
        run = LessonRun(self.chapter, guard=self.guard)
        while run.current is not task:
            run.solve()
        if not task.by_bot:
            for a in task.solution[: task.mistake_after]:
                run.act(a)
        return run.act(task.mistake)

    def check_answers(self) -> str:
        """Whether the engine's answers agree with the numbers the chapter states, without
        showing them (for a notebook that must not give the answers away)."""
        quizzes = self.chapter.quizzes
        wrong = [q.id for q in quizzes
                 if q.expect is not None and str(compute_quiz(self.chapter, q).answer)
                 != str(q.expect)]
        if wrong:
            return render(t("✘ Played out, these quick checks disagree with the chapter: {ids}",
                            ids=", ".join(wrong)))
        return render(tn("✔ Played out, the quick check gives the chapter's answer ({n} quick "
                         "check).",
                         "✔ Played out, every quick check gives the chapter's answer ({n} quick "
                         "checks).",
                         len(quizzes)))

    def reveal(self, quiz_id: str) -> Reveal:
        """The engine's answer to a quiz (computed on a copy of the chapter's start)."""
        return compute_quiz(self.chapter, self.chapter.quiz(quiz_id))

    def answer(self, quiz_id: str, guess: object) -> str:
        """Check a learner's prediction, then reveal the engine's answer."""
        r = self.reveal(quiz_id)
        verdict = (render(t("✔ Right!")) if r.check(guess)
                   else render(t("✘ Not quite: you said {guess}.", guess=str(guess).strip()[:40])))
        return f"{verdict}\n{r.text}"

    def __repr__(self) -> str:
        return (f"<LessonRun chapter {self.chapter.id} '{self.chapter.title}': "
                f"{self.index}/{len(self.tasks)} tasks done>")


def task_report(i: int, task: Task, fbs: list[Feedback], done: bool, seat: str | None,
                max_lines: int = 12) -> list[str]:
    """Lines narrating how task ``i`` was solved (the actions and the engine's events)."""
    lines = [render(t("Task {n}: {task}", n=i + 1, task=after_colon(task.instruction)))]
    if task.by_bot:
        said = [s for fb in fbs for s in narrate(fb.events)]
        who = Term("colour", seat) if seat else t("every player")
        lines.append("  " + render(t("(a random bot played for {who})", who=who)))
        shown = said[-max_lines:]
        if len(said) > len(shown):
            lines.append("  " + render(tn("... {n} earlier event ...", "... {n} earlier events ...",
                                          len(said) - len(shown))))
        lines += [f"  {s}" for s in shown]
    else:
        for fb in fbs:
            lines.append(f"  > {fb.action}")
            lines += [f"    {s}" for s in narrate(fb.events)]
    lines.append("  " + render(t("✔ done") if done else t("✘ NOT done")))
    return lines


__all__ = ["Feedback", "LessonRun", "ResumeError", "Reveal", "compute_quiz", "narrate",
           "task_report"]
