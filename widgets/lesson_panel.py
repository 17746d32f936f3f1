"""The lesson panel: a chapter's tasks, feedback and quick checks beside the live board.

``LessonPanel("04", game="princes")`` shows the board of the Princes' chapter 04 (a
:class:`~mp_tutor.widgets.Tutor`)
with, in its side column, the chapter's tasks with check marks, the feedback (the engine's
narration, or its reason and the task's hint after a wrong move) and the buttons Hint,
Show me (the next task only) and Restart; the board has the one Undo. A move is judged
before it is applied: the board asks the lesson (``LessonRun.judge``), which refuses an
illegal move or a move that is not the current task, and nothing changes. The panel
follows the game through undo, redo and restart: ticks and narration are rebuilt from
the game's log (``LessonRun.observe``). ``lesson.quiz("coca")`` is a quick check: type a
prediction, press Reveal, and the engine computes the answer.

>>> lesson = LessonPanel("04", game="princes", board=False)
>>> lesson
Chapter 04, “Production districts”: 0 of 3 tasks done
>>> print(lesson.act("move coca_plantation").text.splitlines()[-2])
✔ Task 1 done: send Blue's Prince from the Central Plaza to the Coca Plantation.
>>> "mp-lesson-task done" in lesson.tasks_html.value
True
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as W

from mp_tutor.core.actions import Action
from mp_tutor.core.game import BaseGame
from mp_tutor.core.i18n import (
    LANGUAGES,
    after_colon,
    get_language,
    quoted,
    render,
    set_language,
    t,
    tn,
)
from mp_tutor.core.lessons import Chapter, Feedback, LessonRun, Reveal, find_chapter, load_lesson
from mp_tutor.core.lessons.keeping import ProgressKeeper
from mp_tutor.core.lessons.progress import ProgressStore, default_store, lesson_key
from mp_tutor.core.lessons.run import task_report
from mp_tutor.core.markup import Markup, el, join
from mp_tutor.core.registry import known_games
from mp_tutor.core.rules import IllegalAction, RuleBook

from .adapter import adapter_for
from .board import Board
from .language import check_language
from .layout import WALKTHROUGH_LINES
from .panels import button, row
from .snapshot import Refusal
from .tutor import Tutor
from .views import TutorMark

__all__ = ["LessonPanel", "QuizBox", "feedback_html"]


def seen(game: BaseGame) -> tuple[int, int]:
    """Where a game stands, as the panel last saw it: which game, how long its log."""
    return id(game), len(game.log)


def feedback_html(text: str, kind: str = "") -> Markup:
    """Feedback lines as paragraphs (proportional text, escaped)."""
    lines = [x for x in str(text).splitlines() if x.strip()]
    return el("div", join([el("p", x) for x in lines]), cls=f"mp-feedback {kind}".strip())


class QuizBox(W.VBox):
    """A quick check: the question, an input for the prediction, Reveal, the engine's answer."""

    def __init__(self, run: LessonRun, quiz_id: str) -> None:
        self.run = run
        self.quiz = run.chapter.quiz(quiz_id)
        self.question = W.HTML()
        if self.quiz.choices:
            self.answer_input: W.Widget = W.ToggleButtons(
                options=self._options(), value=None, style={"button_width": "auto"})
        else:
            self.answer_input = W.Text()
        self.answer_input.add_class("mp-quiz-input")
        self.reveal_button = button(t("Reveal"), "mp-quiz-reveal", "info")
        self._label()
        self.result = W.HTML("")
        self.result.add_class("mp-quiz-answer")
        self.reveal_button.on_click(lambda _: self.reveal())
        self.mark = TutorMark(run.chapter.lang)
        super().__init__([self.question, row([self.answer_input, self.reveal_button]), self.result,
                          self.mark])
        self.add_class("mp-quiz")

    def _options(self) -> list[tuple[str, str]]:
        """The choices as (what the learner reads, the engine's value)."""
        return [(self.quiz.label(c), c) for c in self.quiz.choices]

    def _label(self) -> None:
        self.question.value = el("b", self.quiz.question)
        if isinstance(self.answer_input, W.Text):
            self.answer_input.placeholder = render(t("your prediction (a number)"))
        elif isinstance(self.answer_input, W.ToggleButtons):
            value = self.answer_input.value
            self.answer_input.options = self._options()
            self.answer_input.value = value
        self.reveal_button.description = render(t("Reveal"))

    def relabel(self, chapter: Chapter) -> None:
        """Show the question in the language of ``chapter`` (the same chapter, translated)."""
        self.quiz = chapter.quiz(self.quiz.id)
        self.mark.lang = chapter.lang
        self._label()
        self.result.value = ""

    def reveal(self, guess: object = None) -> Reveal:
        """Check the prediction (``guess`` or what was typed) and show the engine's answer."""
        if guess is None:
            guess = self.answer_input.value
        r = self.run.reveal(self.quiz.id)
        if guess in (None, ""):
            verdict, cls = render(t("No prediction made.")), "none"
        elif r.check(guess):
            verdict, cls = render(t("✔ Right!")), "right"
        else:
            said = self.quiz.label(str(guess).strip())[:40]
            verdict, cls = render(t("✘ Not quite: you said {guess}.", guess=said)), "wrong"
        self.result.value = feedback_html(f"{verdict}\n{r.text}")
        for c in ("right", "wrong", "none"):
            self.result.remove_class(c)
        self.result.add_class(cls)
        return r

    def __repr__(self) -> str:
        """The box as text, in the chapter's language: 'Quick check: How many ...?'."""
        return render(t("Quick check: {question}", question=after_colon(self.quiz.question)),
                      self.run.chapter.lang)


class LessonPanel(W.VBox):
    """A chapter on the live board (see the module docstring).

    ``chapter``: an id (``"04"``), a name or slug of a chapter of ``game`` (a game's name),
    a :class:`Chapter` (which knows its game), or a lesson file of its own (``*.toml``, made in
    the studio: it says its game and language). ``board=False``
    leaves the board out (the panel alone, for headless use and tests). ``guard``: refuse
    legal moves that are not the current task. A chapter without a seat is played from the
    teacher's view (the learner decides for everyone); with a seat, from that seat's view.

    ``progress``: where the learner's progress is kept (tasks done, the position; see
    :mod:`mp_tutor.core.lessons.progress`): a :class:`ProgressStore`, ``False`` (nowhere), or
    ``None``: the learner's store (:func:`default_store`) for a chapter given by id or name
    (a course chapter), nowhere for a :class:`Chapter` object. A chapter with saved progress
    opens where the learner left it; Restart starts it afresh.
    """

    def __init__(self, chapter: str | int | Chapter, *, board: bool = True, guard: bool = True,
                 game: str | None = None, language: str | None = None,
                 progress: ProgressStore | bool | None = None) -> None:
        #: the lesson file this panel shows ("" for a chapter of the game)
        self.own_file = ""
        if isinstance(chapter, str) and chapter.endswith(".toml"):
            self.own_file = chapter
            chapter = load_lesson(chapter)  # a lesson file of its own: it knows its game
            language = language or chapter.lang
        if not isinstance(chapter, Chapter) and game is None:
            raise TypeError(f"LessonPanel needs the game of a chapter given by id or name "
                            f"(game= one of {', '.join(known_games())}); a Chapter knows its game")
        if language is not None:
            set_language(language)
        lang = language or get_language()
        self.chapter = (chapter if isinstance(chapter, Chapter)
                        else find_chapter(chapter, str(game), lang if lang in LANGUAGES else "en"))
        self.guard = guard
        self.run = LessonRun(self.chapter, guard=guard, autoplay=False)
        #: the learner's progress, kept after every change (before the panel is drawn again)
        self.keeper = ProgressKeeper(self.run, (
            progress if isinstance(progress, ProgressStore)
            else default_store() if progress is None and (
                self.own_file or not isinstance(chapter, Chapter))
            else None), key=lesson_key(self.own_file) if self.own_file else "")
        self.run.listeners.append(lambda _run: self.keeper.keep())
        self.run.listeners.append(lambda _run: self.refresh())
        self.keeper.resume()
        self._game_name: str = self.chapter.game.name
        self._quizzes: dict[str, QuizBox] = {}
        self.header = W.HTML()
        self.tasks_html = W.HTML()
        self.tasks_html.add_class("mp-lesson-tasks-box")
        self.pending_html = W.HTML()
        self.feedback_html = W.HTML()
        self.feedback_html.add_class("mp-lesson-feedback")
        self.move_input = W.Text()
        self.move_input.add_class("mp-lesson-move")
        self.play_button = button(t("Play"), "mp-lesson-play")
        self.play_button.on_click(lambda _: self._play_typed())
        self.move_row = row([self.move_input, self.play_button])
        self.hint_button = button(t("Hint"), "mp-lesson-hint")
        self.show_button = button(t("Show me"), "mp-lesson-show")
        self.undo_button = button(t("Undo"), "mp-lesson-undo")
        self.restart_button = button(t("Restart"), "mp-lesson-restart")
        self._label_buttons()
        self.hint_button.on_click(lambda _: self.show_hint())
        self.show_button.on_click(lambda _: self.solve())
        self.undo_button.on_click(lambda _: self.undo())
        self.restart_button.on_click(lambda _: self.restart())
        self.buttons = row([self.hint_button, self.show_button, self.undo_button, self.restart_button])
        self.side = W.VBox([self.header, self.tasks_html, self.pending_html, self.feedback_html,
                            self.move_row, self.buttons])
        self.side.add_class("mp-lesson-side")
        self.side.add_class("mp-lesson-panel")
        self.tutor: Tutor | None = None
        #: the panel's language and keys where no board marks them
        self.mark = TutorMark(self.chapter.lang)
        self.board: Board | None = None
        #: why the board could not be shown (None if it is, or was not wanted)
        self.board_error: str | None = None
        self._seen: tuple[int, int] = (0, 0)
        self._told: Feedback | None = None  # the last feedback told to a screen reader
        self._busy = False
        children: list[W.Widget] = [self.side]
        if board:
            try:
                self.tutor = self._make_tutor()
            except Exception as exc:  # noqa: BLE001 - a broken board must not hide the lesson
                self.board_error = f"{type(exc).__name__}: {exc}"
        if self.tutor is None:
            children.append(self.mark)  # the keys pressed in the panel stay in it
            self.run.autoplay = True  # no board: the run plays the bots and night steps itself
            self.run.play_automatic()
        else:
            children = [self.tutor]
            self.move_row.layout.display = "none"  # the decision panel has the typed-move box
            self.undo_button.layout.display = "none"  # the board has the one Undo
        super().__init__(children)
        self.add_class("mp-lesson")
        self._seen = seen(self.run.game)
        self.refresh()

    # -- the board ------------------------------------------------------------------------
    def _make_tutor(self) -> Tutor:
        ch = self.chapter
        adapter = adapter_for(self.run.game)
        tutor = Tutor(self.run.game, seat=ch.seat_index, bots=ch.bots if ch.seat else None,
                      viewer=None if ch.seat is None else "seat", auto_night=ch.auto_steps,
                      charts=adapter.lesson_charts(ch), side=[self.side], judge=self._judge,
                      coach=None if ch.coach else False)
        self.board = tutor.board
        self.board.on_sync(self._on_board)
        self.board.session.language.connect(self.set_language)
        self.run.observe(notify=False)
        return tutor

    # -- the language -----------------------------------------------------------------------
    def _label_buttons(self) -> None:
        """Write the panel's fixed words (title, buttons) in the current language."""
        ch = self.chapter
        self.header.value = el("div", el("div", f"{ch.id} · {ch.title}", cls="mp-lesson-title"),
                               el("div", render(t("Rulebook: {section}", section=ch.section)),
                                  cls="mp-lesson-meta") if ch.section else None)
        self.move_input.placeholder = render(t("type a move, e.g. {example}", example="produce 1"))
        for b, label in ((self.play_button, t("Play")), (self.hint_button, t("Hint")),
                         (self.show_button, t("Show me")), (self.undo_button, t("Undo")),
                         (self.restart_button, t("Restart"))):
            b.description = render(label)
        self.restart_button.tooltip = render(t("Start the chapter again"))

    def set_language(self, code: str) -> None:
        """Go on in another language (``en``, ``fr``, ``nl``): the chapter's text is read again
        in that language and the panel, the board and the quick checks are drawn again; the
        game and the tasks done so far are kept. The board's language menu calls this."""
        check_language(code)
        if get_language() != code:
            set_language(code)
            if self.board is not None:
                self.board.set_language(code)  # calls back here with the language already set
                return
        # a lesson file of its own keeps its words in the language it is written in
        chapter = (self.chapter if self.own_file else
                   find_chapter(self.chapter.id, self._game_name, code))
        if [x.id for x in chapter.tasks] != [x.id for x in self.chapter.tasks]:
            raise ValueError(f"chapter {chapter.id} has other tasks in {code!r}")
        self.chapter = self.run.chapter = chapter
        self.mark.lang = chapter.lang
        fb = self.run.feedback
        if fb is not None and fb.ok:
            self.run.feedback = None  # the last narration was in the old language
        self._label_buttons()
        for box in self._quizzes.values():
            box.relabel(chapter)
        self.refresh()

    def _judge(self, action: Action, player: int | None) -> Refusal | None:
        """The board asks before it applies a move: is it this task? (the engine checks it
        when it is applied)."""
        refused = self.run.judge(action, player)
        if refused is None:
            return None
        self.run.feedback = refused
        self.refresh()
        return Refusal(refused.rule or "", refused.message, kind=refused.kind)

    def _on_board(self) -> None:
        """The board re-synced (a click, a decision, undo, a bot, a refusal...)."""
        if self._busy or self.board is None:
            return
        run = self.run
        if self.board.game is not run.game:
            run.attach(self.board.game)
            self._seen = seen(self.run.game)
        g = run.game
        if seen(g) == self._seen:
            err = self.board.snapshot.error
            if err is not None and err.message and err.kind == "illegal":
                run.feedback = Feedback("illegal", err.message, err.rule or None,
                                        err.section or None, run.hint(), err.action or "",
                                        note=run.note())
                self.refresh()
            return
        self._seen = seen(self.run.game)
        run.observe(notify=True)

    # -- acting -----------------------------------------------------------------------------
    @property
    def game(self) -> BaseGame:
        """The live game."""
        return self.run.game

    def act(self, action: Action | str) -> Feedback:
        """Play a move on the live board, as if clicked (judged before it is applied)."""
        if self.board is None:
            return self.run.act(action)
        try:  # read once: the board gets the action (text it cannot read, it refuses itself)
            act: Action | str = self.run.game.parse(action)
        except IllegalAction:
            act = action
        text = act.notation() if isinstance(act, Action) else str(action)[:200]
        if self.run.game.decider is None and not self.run.game.over:
            ok = self.board.next()
        else:
            ok = self.board.act(act)
        fb = self.run.feedback
        if ok and fb is not None and fb.ok and not fb.action:
            fb.action = text  # the narration came from the log: say what was played
        if fb is None or (ok and not fb.ok) or (not ok and fb.ok):
            err = self.board.snapshot.error
            fb = Feedback("applied", action=text) if ok else Feedback(
                "illegal", err.message if err else "", err.rule if err else None,
                (err.section or None) if err else None, self.run.hint(), text,
                note=self.run.note())
            self.run.feedback = fb
            self.refresh()
        return fb

    def _play_typed(self) -> None:
        text = self.move_input.value.strip()
        if text and self.act(text).ok:
            self.move_input.value = ""

    def solve(self) -> list[Feedback]:
        """Play the current task's solution on the live board (the "Show me" button).

        Only the current task is played; the board stops when it is ticked.
        """
        task = self.run.current
        if task is None:
            return []
        if self.board is None:
            return self.run.solve()
        if task.by_bot:
            self._busy = True
            try:
                out = self.run.solve()
            finally:
                self._busy = False
            self.board.refresh()
            self._seen = seen(self.run.game)
            self.refresh()
            return out
        return [self.act(a) for a in task.solution]

    def walkthrough(self, max_lines: int = WALKTHROUGH_LINES) -> str:
        """Play every task's solution on the live board (as "Show me" does), narrate it, and
        set the board back where it was (the learner's moves played again). Proves the chapter
        solvable on the board."""
        played, said = list(self.run.played()), self.run.feedback
        self.keeper.keeping = False  # the learner's progress is theirs, not the walkthrough's
        try:
            self.restart()
            lines = []
            for i, task in enumerate(self.run.tasks):
                fbs = self.solve()
                lines += task_report(i, task, fbs, self.run.done[i], self.chapter.seat, max_lines)
            self._complete = self.run.complete
        finally:
            self.restart(played)
            self.keeper.keeping = True
        self.run.feedback = said
        self.refresh()
        lines.append(render(t("All tasks done on the board; the board is back where it was.")
                            if self._complete else t("✘ The board did not complete the chapter.")))
        return "\n".join(lines)

    def prove(self) -> str:
        """Play every task on the board (as *Show me* does), set the board back where it was,
        and say only whether the chapter can be completed (no solution is shown)."""
        self.walkthrough()
        if self._complete:
            return render(tn(
                "✔ The {n} task of this chapter can be done on this board (checked by playing "
                "it); the board is back where it was.",
                "✔ All {n} tasks of this chapter can be done on this board (checked by playing "
                "them); the board is back where it was.", len(self.run.tasks)))
        return render(t("✘ The board did not complete the chapter."))

    def undo(self) -> bool:
        """Take back the last move (the task it finished is open again)."""
        ok = bool(self.board.undo()) if self.board is not None else self.run.game.undo()
        if self.board is None:
            self.run.observe(notify=ok)
        if not ok:
            self.run.feedback = None
            self.refresh()
        return ok

    def restart(self, moves: Sequence[Action] = ()) -> None:
        """Back to the start of the chapter (the same board shows the new game): it starts
        afresh, and the learner's saved progress in it is forgotten. ``moves`` are played
        again from there (the walkthrough gives the learner their position back this way)."""
        self._busy = True
        try:
            if moves:
                self.run.resume(moves)
            else:
                self.run.restart()
            if self.board is not None:
                self.run.autoplay = False
                self.board.set_game(self.run.game)
                self.run.observe(notify=False)
        finally:
            self._busy = False
        self.run.feedback = None
        self._seen = seen(self.run.game)
        self.keeper.keep()
        self.refresh()

    def show_hint(self) -> str:
        hint = self.run.hint()
        # TRANSLATORS: the lesson's hint for the current task, shown when Hint is pressed
        self.feedback_html.value = feedback_html(render(t("Hint: {hint}", hint=after_colon(hint))), "hint")
        return hint

    def quiz(self, quiz_id: str) -> QuizBox:
        """The quick check ``quiz_id`` (a widget: prediction, Reveal, the engine's answer)."""
        if quiz_id not in self._quizzes:
            self._quizzes[quiz_id] = QuizBox(self.run, quiz_id)
        return self._quizzes[quiz_id]

    def status(self) -> str:
        return self.run.status()

    @property
    def rules(self) -> RuleBook:
        """The rule book of the chapter's game (``lesson.rules["move.llama"]``, ``.lookup``)."""
        return self.chapter.game.rules

    # -- drawing ----------------------------------------------------------------------------
    def refresh(self) -> None:
        run = self.run
        items = []
        for i, task in enumerate(run.tasks):
            cls, mark = (("done", "✔") if run.done[i] else ("current", "➜") if i == run.index
                         else ("todo", "☐"))
            items.append(el("li", el("span", mark, cls="mp-mark"), f"{i + 1}. {task.instruction}",
                            cls=f"mp-lesson-task {cls}", data_task=task.id))
        n, total = sum(run.done), len(run.done)
        progress = (render(t("All tasks done: well played!")) if run.complete
                    else render(t("{n} of {total} tasks done", n=n, total=total)))
        self.tasks_html.value = el("div", el("ol", join(items), cls="mp-lesson-tasks"),
                                   el("div", progress, cls="mp-lesson-progress"))
        warn = (el("div", render(t("The board could not be shown ({why}): type your moves below.",
                                   why=self.board_error)), cls="mp-lesson-now")
                if self.board_error else None)
        self.pending_html.value = el("div", warn, el("div", render(t("Now: {what}",
                                                                     what=after_colon(run.pending_text()))),
                                                     cls="mp-lesson-now"))
        current = run.current
        self.show_button.disabled = current is None
        self.show_button.tooltip = (render(t("Play the next task for me: {task}",
                                             task=after_colon(current.instruction))) if current else "")
        fb = run.feedback
        text = (fb.text or fb.message) if fb is not None else ""
        self.feedback_html.value = feedback_html(text, fb.kind) if fb is not None and text else ""
        if fb is not None and fb is not self._told and fb.ticked and self.board is not None:
            # the tasks done, for a screen reader (the board says the events themselves)
            self._told = fb
            done = render(t("All tasks done: well played!")) if run.complete else ""
            self.board.announce(" ".join(x for x in (fb.news, done) if x))

    def __repr__(self) -> str:
        """The panel as text (a notebook keeps it beside the widget), in the chapter's
        language: 'Chapter 04, “Production districts”: 0 of 3 tasks done'."""
        n = sum(self.run.done)
        return render(t("Chapter {id}, {title}: {progress}", id=self.chapter.id,
                        title=quoted(self.chapter.title),
                        progress=t("{n} of {total} tasks done", n=n, total=len(self.run.done))),
                      self.chapter.lang)
