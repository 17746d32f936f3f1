"""The lesson panel: a chapter's tasks, feedback and quick checks beside the live board.

``LessonPanel("04")`` shows the board of chapter 04 (a ``widgets.Tutor``) and, beside it, the
chapter's tasks with check marks, the engine's feedback (its explanation and the task's hint
after a wrong move), and buttons (Hint, Show me, Undo, Restart). Clicks on the board are
judged by the engine; tasks are ticked from the events the engine returns
(:class:`mp_tutor.lessons.LessonRun`). ``lesson.quiz("coca")`` is a quick check: type a
prediction, press Reveal, and the engine computes the answer.

The panel never decides a rule: it asks ``LessonRun`` (which asks the engine) and shows what
it says. It talks to the board only through the Tutor's public methods (``act``, ``undo``) and
its ``game``; when the board changes the game by itself (a click), the panel notices through
the Tutor's synced traits and re-reads the game's log.

>>> lesson = LessonPanel("04", board=False)
>>> lesson
LessonPanel(chapter 04 'Production districts': 0/3 tasks done)
>>> print(lesson.act("move coca_plantation").text.splitlines()[-2])
✔ Task 1 done: Send Blue's Prince from the Central Plaza to the Coca Plantation.
>>> "mp-lesson-task done" in lesson.tasks_html.value
True
"""

from __future__ import annotations

import html
import importlib
import inspect
from typing import Any

import ipywidgets as W

from mp_tutor.core.actions import Action
from mp_tutor.core.i18n import LANGUAGES, get_language, render, set_language, t, tn
from mp_tutor.core.lessons import Chapter, Feedback, LessonRun, Reveal, find_chapter, narrate
from mp_tutor.core.lessons.run import task_report

CSS = """
<style>
.mp-lesson-panel { min-width: 320px; max-width: 460px; font-size: 13px; }
.mp-lesson-panel .widget-html-content { line-height: 1.35; }
.mp-lesson-title { font-weight: 600; font-size: 15px; margin: 0 0 2px 0; }
.mp-lesson-meta { color: #666; font-size: 11px; margin-bottom: 6px; }
.mp-lesson-meta .mp-rule-id { font-family: monospace; font-size: 11px; }
ol.mp-lesson-tasks { list-style: none; padding-left: 0; margin: 4px 0; }
.mp-lesson-task { padding: 3px 6px; margin: 2px 0; border-radius: 4px; line-height: 1.35; }
.mp-lesson-task .mp-mark { display: inline-block; width: 1.4em; font-weight: bold; }
.mp-lesson-task.done { background: #e6f4ea; color: #1e6b34; }
.mp-lesson-task.current { background: #fff6d6; border-left: 3px solid #e0a800; }
.mp-lesson-task.todo { color: #777; }
.mp-lesson-progress { font-size: 11px; color: #555; }
.mp-lesson-pending { margin: 6px 0; padding: 4px 6px; background: #eef3fb; border-radius: 4px; }
.mp-lesson-feedback pre, .mp-quiz-answer pre {
  white-space: pre-wrap; font-size: 12px; margin: 4px 0; padding: 6px; border-radius: 4px;
  background: #f6f6f6; }
.mp-lesson-feedback.illegal pre, .mp-lesson-feedback.off_task pre { background: #fdecea; }
.mp-lesson-feedback.applied pre { background: #f1f8f2; }
.mp-quiz-answer.right pre { background: #e6f4ea; }
.mp-quiz-answer.wrong pre { background: #fdecea; }
</style>
"""


def _esc(text: str) -> str:
    return html.escape(text, quote=False)


class QuizBox(W.VBox):
    """A quick check: the question, an input for the prediction, Reveal, the engine's answer."""

    def __init__(self, run: LessonRun, quiz_id: str) -> None:
        self.run = run
        self.quiz = run.chapter.quiz(quiz_id)
        self.question = W.HTML(f"<b>{_esc(self.quiz.question)}</b>")
        if self.quiz.choices:
            self.answer_input: W.Widget = W.ToggleButtons(
                options=list(self.quiz.choices), value=None, style={"button_width": "auto"}
            )
        else:
            self.answer_input = W.Text(placeholder="your prediction (a number)")
        self.answer_input.add_class("mp-quiz-input")
        self.reveal_button = W.Button(description="Reveal", button_style="info", icon="eye")
        self.reveal_button.add_class("mp-quiz-reveal")
        self.result = W.HTML("")
        self.result.add_class("mp-quiz-answer")
        self.reveal_button.on_click(lambda _: self.reveal())
        super().__init__(
            [self.question, W.HBox([self.answer_input, self.reveal_button]), self.result]
        )
        self.add_class("mp-quiz")

    def reveal(self, guess: Any = None) -> Reveal:
        """Check the prediction (``guess`` or what was typed) and show the engine's answer."""
        if guess is None:
            guess = self.answer_input.value
        r = self.run.reveal(self.quiz.id)
        if guess in (None, ""):
            verdict, cls = "No prediction made.", "none"
        elif r.check(guess):
            verdict, cls = "✔ Right!", "right"
        else:
            verdict, cls = f"✘ Not quite: you said {str(guess).strip()}.", "wrong"
        self.result.value = f"<pre>{_esc(verdict)}\n{_esc(r.text)}</pre>"
        for c in ("right", "wrong", "none"):
            self.result.remove_class(c)
        self.result.add_class(cls)
        return r

    def __repr__(self) -> str:
        return f"QuizBox({self.quiz.question!r})"


class LessonPanel(W.VBox):
    """A chapter on the live board: the board (a ``widgets.Tutor``) and the lesson panel.

    ``chapter``: an id (``"04"``), a name or slug, or a :class:`Chapter`. ``board=False``
    leaves the board out (the panel alone, for headless use and tests). ``guard``: refuse
    legal moves that are not the current task (the learner is told what they would do).
    """

    def __init__(
        self,
        chapter: str | int | Chapter,
        *,
        board: bool = True,
        guard: bool = True,
        game: str = "princes",
        language: str | None = None,
    ) -> None:
        if language is not None:
            set_language(language)
        lang = language or get_language()
        self.chapter = (chapter if isinstance(chapter, Chapter)
                        else find_chapter(chapter, game, lang if lang in LANGUAGES else "en"))
        self.guard = guard
        self.run = LessonRun(self.chapter, guard=guard, autoplay=False)
        self.run.listeners.append(lambda _run: self.refresh())
        self._quizzes: dict[str, QuizBox] = {}

        ch = self.chapter
        rules = ", ".join(f"<span class='mp-rule-id'>{_esc(r)}</span>" for r in ch.rules)
        self.header = W.HTML(
            f"{CSS}<div class='mp-lesson-title'>{_esc(ch.id)} · {_esc(ch.title)}</div>"
            f"<div class='mp-lesson-meta'>Rulebook: {_esc(ch.section)}<br>Rules: {rules}</div>"
        )
        self.tasks_html = W.HTML()
        self.tasks_html.add_class("mp-lesson-tasks-box")
        self.pending_html = W.HTML()
        self.feedback_html = W.HTML()
        self.feedback_html.add_class("mp-lesson-feedback")
        self.move_input = W.Text(placeholder='type a move, e.g. "produce 1"')
        self.move_input.add_class("mp-lesson-move")
        self.play_button = W.Button(description="Play", icon="play", layout=W.Layout(width="80px"))
        self.play_button.add_class("mp-lesson-play")
        self.play_button.on_click(lambda _: self._play_typed())
        self.move_row = W.HBox([self.move_input, self.play_button])
        self.hint_button = W.Button(description="Hint", icon="lightbulb-o")
        self.show_button = W.Button(description="Show me", icon="magic")
        self.undo_button = W.Button(description="Undo", icon="undo")
        self.restart_button = W.Button(description="Restart", icon="refresh")
        for b, cls in (
            (self.hint_button, "mp-lesson-hint"),
            (self.show_button, "mp-lesson-show"),
            (self.undo_button, "mp-lesson-undo"),
            (self.restart_button, "mp-lesson-restart"),
        ):
            b.layout = W.Layout(width="auto")
            b.add_class(cls)
        self.hint_button.on_click(lambda _: self.show_hint())
        self.show_button.on_click(lambda _: self.solve())
        self.undo_button.on_click(lambda _: self.undo())
        self.restart_button.on_click(lambda _: self.restart())
        self.side = W.VBox(
            [
                self.header,
                self.tasks_html,
                self.pending_html,
                self.feedback_html,
                self.move_row,
                W.HBox([self.hint_button, self.show_button, self.undo_button, self.restart_button]),
            ]
        )
        self.side.add_class("mp-lesson-panel")

        self.tutor: Any = None
        self.board: Any = None
        #: why the board could not be shown (None if it is, or was not wanted)
        self.board_error: str | None = None
        self._board_wanted = board
        self._busy = False
        self._hist_seen = 0
        self._pending_seen: int | None = None
        self._error_seen: Any = None
        children: list[W.Widget] = [self.side]
        if board:
            self.tutor = self._make_tutor()
        if self.tutor is None:
            # No board: the run plays the bots and night steps itself.
            self.run.autoplay = True
            self.run.play_automatic()
        elif isinstance(self.tutor, W.Widget):
            children = [self._layout_with(self.tutor)]
        super().__init__(children)
        self.add_class("mp-lesson")
        self._remember()
        self.refresh()

    # -- the board ------------------------------------------------------------------------
    def _make_tutor(self) -> Any:
        """A ``widgets.Tutor`` on the run's game, else the bare ``Board``, else None.

        A board that cannot be built is reported in the panel (``board_error``); the lesson
        goes on with typed moves.
        """
        wanted: dict[str, Any] = {"seat": self.chapter.seat_index, "charts": False}
        if self.chapter.bots:
            wanted["bots"] = self.chapter.bots
        if self.chapter.auto_steps:
            wanted["auto_night"] = True
        errors = []
        for module, name in (("mp_tutor.widgets", "Tutor"), ("mp_tutor.widgets.board", "Board")):
            try:
                cls = getattr(importlib.import_module(module), name)
                params = inspect.signature(cls).parameters
                kwargs = {k: v for k, v in wanted.items() if k in params}
                tutor = cls(self.run.game, **kwargs)
            except Exception as exc:  # noqa: BLE001 - a broken board must not hide the lesson
                errors.append(f"{name}: {type(exc).__name__}: {exc}")
                continue
            self.board_error = None
            self.run.autoplay = False  # the board plays bots and night steps
            self.board = getattr(tutor, "board", tutor)
            if isinstance(self.board, W.Widget):
                names = [n for n in ("revision", "error") if self.board.has_trait(n)]
                self.board.observe(self._on_board, names=names or None)
            self.run.observe(notify=False)
            return tutor
        self.board_error = "; ".join(errors)
        return None

    def _layout_with(self, tutor: W.Widget) -> W.Widget:
        """The board (growing) and the lesson panel (fixed width) side by side."""
        tutor.layout.flex = "1 1 auto"
        tutor.layout.min_width = "0"
        self.side.layout.flex = "0 0 340px"
        self.side.layout.width = "340px"
        self.side.layout.margin = "0 0 0 10px"
        if hasattr(tutor, "panel"):  # the Tutor has its own typed-move box
            self.move_row.layout.display = "none"
        return W.HBox([tutor, self.side], layout=W.Layout(width="100%", align_items="flex-start"))

    def _board_game(self) -> Any:
        return getattr(self.board, "game", None) or getattr(self.tutor, "game", None)

    def _remember(self) -> None:
        g = self.run.game
        self._hist_seen = len(g.history)
        self._pending_seen = g.pending.player

    def _on_board(self, change: dict[str, Any]) -> None:
        """The board re-synced (a click, a decision, undo, a bot...) or reported an error."""
        if self._busy:
            return
        self._busy = True
        try:
            self._follow_board(change)
        finally:
            self._busy = False

    def _follow_board(self, change: dict[str, Any]) -> None:
        run = self.run
        game = self._board_game()
        if game is not None and game is not run.game:
            run.attach(game)
            self._remember()
        g = run.game
        if change.get("name") == "error":
            err = change.get("new") or {}
            if err and err.get("rule"):
                run.feedback = Feedback(
                    "illegal",
                    str(err.get("message", "")),
                    err.get("rule"),
                    err.get("section") or None,
                    run.hint(),
                    str(err.get("action") or ""),
                )
                self.refresh()
            return
        if len(g.history) > self._hist_seen:
            first = g.history[self._hist_seen]
            actor = self._pending_seen
            task = run.current
            learner = actor is not None and actor not in getattr(self.board, "bots", {})
            names = self.chapter.names
            if (
                self.guard
                and task is not None
                and learner
                and not task.accepts(first.notation(), names[actor], names)
            ):
                self._take_back(first)
                return
        run.observe()
        self._remember()
        self.refresh()

    def _take_back(self, action: Action) -> None:
        """An off-task move was played on the board: take it back and say what it did."""
        run = self.run
        g = run.game
        said = " ".join(narrate(g.log[run._seen :]))  # noqa: SLF001
        while len(g.history) > self._hist_seen and g.can_undo:
            g.undo()
        self._resync_board()
        run.observe(notify=False)
        run.feedback = Feedback(
            "off_task",
            f"'{action.notation()}' is legal, but it is not this task, so it was taken back "
            f"(the engine played: {said})",
            hint=run.hint(),
            action=action.notation(),
        )
        self._remember()
        self.refresh()

    def _resync_board(self) -> None:
        fn = getattr(self.board, "refresh", None)
        if callable(fn):
            fn()

    # -- acting -----------------------------------------------------------------------------
    @property
    def game(self) -> Any:
        """The live game (``mp_tutor.Game``)."""
        return self.run.game

    def act(self, action: Action | str) -> Feedback:
        """Play a move on the live board, as if clicked (judged by the engine first)."""
        if self.board is None:
            return self.run.act(action)
        act, refused = self.run.judge(action)
        if refused is not None or act is None:
            assert refused is not None
            self.run.feedback = refused
            self.refresh()
            return refused
        before = len(self.run.game.log)
        self._busy = True
        try:
            if self.run.game.decider is None and hasattr(self.board, "next"):
                ok = self.board.next()  # automatic steps are the board's "Next"
            else:
                ok = self.board.act(act.notation())
        finally:
            self._busy = False
        if not ok:  # the board refused (e.g. a bot's decision): its error says why
            err = getattr(self.board, "error", {}) or {}
            fb = Feedback(
                "illegal",
                str(err.get("message", "The board refused the move.")),
                err.get("rule"),
                err.get("section") or None,
                self.run.hint(),
                act.notation(),
            )
        else:
            ticked = self.run.observe(notify=False)
            fb = Feedback(
                "applied",
                action=act.notation(),
                events=self.run.game.log[before:],
                ticked=ticked,
            )
        self.run.feedback = fb
        self._remember()
        self.refresh()
        return fb

    def _play_typed(self) -> None:
        text = self.move_input.value.strip()
        if text:
            fb = self.act(text)
            if fb.ok:
                self.move_input.value = ""

    def solve(self) -> list[Feedback]:
        """Play the current task's solution on the live board (the "Show me" button)."""
        task = self.run.current
        if task is None:
            return []
        if self.board is None:
            return self.run.solve()
        out = []
        if task.by_bot:
            self._busy = True
            try:
                out = self.run.solve()
            finally:
                self._busy = False
            self._resync_board()
            self._remember()
            self.refresh()
            return out
        for a in task.solution:
            out.append(self.act(a))
        return out

    def walkthrough(self, max_lines: int = 12) -> str:
        """Play every task's solution on the live board (as "Show me" does), narrate it, and
        set the board back to the chapter's start. Proves the chapter solvable on the board."""
        self.restart()
        lines = []
        for i, task in enumerate(self.run.tasks):
            fbs = self.solve()
            lines += task_report(i, task, fbs, self.run.done[i], self.chapter.seat, max_lines)
        self._complete = self.run.complete
        self.restart()
        lines.append(render(t("All tasks done on the board; the board is back at the start.")
                            if self._complete else t("✘ The board did not complete the chapter.")))
        return "\n".join(lines)

    def prove(self) -> str:
        """Play every task on the board (as *Show me* does), set the board back to the start,
        and say only whether the chapter can be completed (no solution is shown)."""
        self.walkthrough()
        if self._complete:
            return render(tn(
                "✔ The {n} task of this chapter can be done on this board (checked by playing "
                "it); the board is back at the start.",
                "✔ All {n} tasks of this chapter can be done on this board (checked by playing "
                "them); the board is back at the start.", len(self.run.tasks)))
        return render(t("✘ The board did not complete the chapter."))

    def undo(self) -> bool:
        """Take back the last move (ticks stay)."""
        self._busy = True
        try:
            ok = bool(self.board.undo()) if self.board is not None else self.run.game.undo()
        finally:
            self._busy = False
        self.run.observe(notify=ok)
        if not ok:
            self.run.feedback = None
        self._remember()
        self.refresh()
        return ok

    def restart(self) -> None:
        """Back to the start of the chapter (the same board shows the new game)."""
        self.run.restart()
        if self.board is not None and hasattr(self.board, "set_game"):
            self.run.autoplay = False
            self._busy = True
            try:
                self.board.set_game(self.run.game)
            finally:
                self._busy = False
            self.run.observe(notify=False)
        self.run.feedback = None
        self._remember()
        self.refresh()

    def show_hint(self) -> str:
        hint = self.run.hint()
        self.feedback_html.value = f"<pre>💡 {_esc(hint)}</pre>"
        return hint

    def quiz(self, quiz_id: str) -> QuizBox:
        """The quick check ``quiz_id`` (a widget: prediction, Reveal, the engine's answer)."""
        if quiz_id not in self._quizzes:
            self._quizzes[quiz_id] = QuizBox(self.run, quiz_id)
        return self._quizzes[quiz_id]

    def status(self) -> str:
        return self.run.status()

    @property
    def rules(self) -> Any:
        """The rule book of the chapter's game (``lesson.rules["move.llama"]``, ``.lookup``)."""
        return self.chapter.game.rules

    # -- drawing ----------------------------------------------------------------------------
    def refresh(self) -> None:
        run = self.run
        items = []
        for i, task in enumerate(run.tasks):
            if run.done[i]:
                cls, mark = "done", "✔"
            elif i == run.index:
                cls, mark = "current", "➜"
            else:
                cls, mark = "todo", "☐"
            items.append(
                f"<li class='mp-lesson-task {cls}' data-task=\"{html.escape(task.id)}\">"
                f"<span class='mp-mark'>{mark}</span>{i + 1}. {_esc(task.instruction)}</li>"
            )
        n = sum(run.done)
        total = len(run.done)
        progress = "All tasks done: well played!" if run.complete else f"{n} of {total} tasks done"
        self.tasks_html.value = (
            f"<ol class='mp-lesson-tasks'>{''.join(items)}</ol>"
            f"<div class='mp-lesson-progress'>{progress}</div>"
        )
        warn = ""
        if self.board_error:
            warn = (
                "<div class='mp-lesson-pending'>The board could not be shown "
                f"({_esc(self.board_error)}): type your moves below.</div>"
            )
        self.pending_html.value = (
            f"{warn}<div class='mp-lesson-pending'>Now: {_esc(run.pending_text())}</div>"
        )
        fb = run.feedback
        for c in ("applied", "illegal", "off_task"):
            self.feedback_html.remove_class(c)
        if fb is None:
            self.feedback_html.value = ""
        else:
            text = fb.text or fb.message
            self.feedback_html.add_class(fb.kind)
            self.feedback_html.value = f"<pre>{_esc(text)}</pre>" if text else ""

    def __repr__(self) -> str:
        n = sum(self.run.done)
        return (
            f"LessonPanel(chapter {self.chapter.id} '{self.chapter.title}': "
            f"{n}/{len(self.run.done)} tasks done)"
        )
