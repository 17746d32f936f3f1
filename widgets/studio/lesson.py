"""The studio's Lesson part: steps of the script turned into tasks for the learner (an
instruction, a hint, a sentence for wrong moves, a goal as exact or as loose as the teacher
wants), quick checks whose answers the engine computes, and the proof that it all works."""

from __future__ import annotations

from typing import TYPE_CHECKING

import ipywidgets as w

from mp_tutor.core.i18n import render, t
from mp_tutor.core.markup import el, join
from mp_tutor.studio import lesson as lessons
from mp_tutor.studio import script as scripts
from mp_tutor.studio.model import TaskDraft

from ..layout import STUDIO_HEIGHT
from ..panels import button, row
from .forms import fact_words, first_option, full, mode_label
from .script import step_names

if TYPE_CHECKING:  # the studio drives its parts
    from .studio import Studio

_WIDE = {"description_width": "initial"}


def _text(area: bool = False) -> w.Text | w.Textarea:
    box = (w.Textarea(continuous_update=False, style=_WIDE, layout=full(STUDIO_HEIGHT["text"]))
           if area else w.Text(continuous_update=False, style=_WIDE, layout=full()))
    return box


class LessonPane(w.VBox):
    """The lesson on the script: its title and text, its tasks and quick checks."""

    def __init__(self, studio: Studio) -> None:
        super().__init__()
        self.add_class("mp-studio-lesson")
        self.studio = studio
        self.intro = w.HTML()
        self.title = _text()
        self.summary = _text(area=True)
        self.title.observe(lambda c: self._chapter("title", str(c["new"])), "value")
        self.summary.observe(lambda c: self._chapter("summary", str(c["new"])), "value")
        self.step = w.Dropdown(style=_WIDE, layout=full())
        self.step.add_class("mp-studio-task-step")
        self.step.observe(lambda _c: self._show_task(), "value")
        self.instruction, self.hint = _text(), _text()
        self.wrong, self.done = _text(), _text()
        for box, cls in ((self.instruction, "instruction"), (self.hint, "hint"),
                         (self.wrong, "wrong"), (self.done, "done")):
            box.add_class(f"mp-studio-task-{cls}")
        self.goal = w.VBox()
        self.goal.add_class("mp-studio-goal")
        self.make = button(t("Make this step a task"), "mp-studio-make-task", "primary")
        self.drop = button(t("Remove the task"), "mp-studio-drop-task")
        self.make.on_click(lambda _b: self._make())
        self.drop.on_click(lambda _b: self._drop())
        self.tasks = w.HTML()
        self.quiz_step = w.Dropdown(style=_WIDE, layout=full())
        self.quiz_step.observe(lambda _c: self._quiz_facts(), "value")
        self.quiz_fact = w.Dropdown(style=_WIDE, layout=full())
        self.quiz_measure = w.ToggleButtons(style={"button_width": "auto"})
        self.question = _text()
        self.add_quiz = button(t("Add the quick check"), "mp-studio-add-quiz")
        self.add_quiz.on_click(lambda _b: self._add_quiz())
        self.quizzes = w.Dropdown(style=_WIDE, layout=full())
        for control, cls in ((self.quiz_step, "quiz-step"), (self.quiz_fact, "quiz-fact"),
                             (self.quiz_measure, "quiz-measure"), (self.question, "question"),
                             (self.quizzes, "quizzes")):
            control.add_class(f"mp-studio-{cls}")
        self.drop_quiz = button(t("Remove the quick check"), "mp-studio-drop-quiz")
        self.drop_quiz.on_click(lambda _b: self._drop_quiz())
        self.prove = button(t("Check the lesson"), "mp-studio-prove", "info")
        self.prove.on_click(lambda _b: self._prove())
        self.proof = w.HTML()
        self.proof.add_class("mp-studio-proof")
        self._quiet = False
        self.update(full=True)

    # -- the lesson ----------------------------------------------------------------------
    def _chapter(self, key: str, value: str) -> None:
        if self._quiet:
            return
        draft = self.studio.draft
        draft.take(lessons.set_chapter(draft.sheet, **{key: value.strip()}))
        self.studio.tell(render(t("Lesson text kept.")))

    def _task_at(self, step: int) -> tuple[int, TaskDraft] | None:
        lesson = self.studio.draft.sheet.lesson
        for k, task in enumerate(lesson.tasks if lesson is not None else ()):
            if task.step == step:
                return k, task
        return None

    def _show_task(self) -> None:
        if self._quiet:
            return
        self._quiet = True
        try:
            step = self.step.value
            found = self._task_at(step) if isinstance(step, int) else None
            table = found[1].table if found is not None else {}
            for box, key in ((self.instruction, "instruction"), (self.hint, "hint"),
                             (self.wrong, "wrong"), (self.done, "done")):
                box.value = str(table.get(key, ""))
            self.goal.children = self._key_boxes(step, found[1] if found else None)
            self.make.description = render(t("Save the task") if found else
                                           t("Make this step a task"))
            self.drop.disabled = found is None
        finally:
            self._quiet = False

    def _key_boxes(self, step: object, task: TaskDraft | None) -> list[w.Widget]:
        if not isinstance(step, int):
            return []
        event = lessons.main_event(self.studio.draft.sheet, step)
        keys = lessons.goal_keys(self.studio.draft.sheet, step)
        kept = keys if task is None or task.keys is None else task.keys
        out: list[w.Widget] = [w.HTML(el("div", render(t(
            "The goal: the event “{event}” by {who}, with (untick to accept more moves):",
            event=event.get("event", ""), who=event.get("player", "-")))))]
        for key in keys:
            box = w.Checkbox(value=key in kept, description=f"{key} = {event[key]}",
                             indent=False)
            box.add_class("mp-studio-goal-key")
            out.append(box)
        return out

    def _make(self) -> None:
        step = self.step.value
        if not isinstance(step, int):
            return
        studio, draft = self.studio, self.studio.draft
        instruction = self.instruction.value.strip()
        if not instruction:
            studio.tell(render(t("Write the instruction the learner reads first.")), "error")
            return
        found = self._task_at(step)
        fields = {"instruction": instruction, "hint": self.hint.value.strip(),
                  "wrong": self.wrong.value.strip(), "done": self.done.value.strip()}
        if found is None:
            sheet = lessons.make_task(draft.sheet, step, fields["instruction"], fields["hint"],
                                      wrong=fields["wrong"], done=fields["done"], lang=draft.lang)
            made = sheet.lesson.tasks if sheet.lesson is not None else ()
            k = next(i for i, x in enumerate(made) if x.step == step)
        else:
            k = found[0]
            sheet = lessons.edit_task(draft.sheet, k, **fields)
        all_keys = lessons.goal_keys(sheet, step)
        kept = tuple(str(b.description).split(" = ", 1)[0] for b in self.goal.children
                     if isinstance(b, w.Checkbox) and b.value)
        sheet = lessons.loosen(sheet, k, None if set(kept) == set(all_keys) else kept)
        draft.take(sheet)
        studio.tell(render(t("Step {n} is task {k} of the lesson.", n=step + 1, k=k + 1)))
        studio.changed()

    def _drop(self) -> None:
        found = self._task_at(self.step.value) if isinstance(self.step.value, int) else None
        if found is not None:
            self.studio.draft.take(lessons.drop_task(self.studio.draft.sheet, found[0]))
            self.studio.changed()

    # -- quick checks ------------------------------------------------------------------------
    def _quiz_facts(self) -> None:
        if self._quiet:
            return
        n = self.quiz_step.value
        if not isinstance(n, int):
            self.quiz_fact.options = []
            return
        choices = scripts.fact_choices(self.studio.draft.sheet, n - 1)
        self.quiz_fact.options = [(fact_words(p, v), p) for p, v in choices.items()
                                  if isinstance(v, int) and not isinstance(v, bool)]

    def _add_quiz(self) -> None:
        studio, draft = self.studio, self.studio.draft
        n, fact, question = self.quiz_step.value, self.quiz_fact.value, self.question.value.strip()
        if not isinstance(n, int) or not fact or not question:
            studio.tell(render(t("Choose when, which number, and write the question.")), "error")
            return
        measure = str(self.quiz_measure.value)
        if measure == "change" and n == 0:
            studio.tell(render(t("A change needs at least one step played.")), "error")
            return
        draft.take(lessons.make_quiz(draft.sheet, n, str(fact), question, measure=measure,
                                     lang=draft.lang))
        answer = lessons.quiz_answer(draft.sheet, n, str(fact), measure)
        studio.tell(render(t("Quick check added: the engine's answer is {answer}.", answer=answer)))
        self.question.value = ""
        studio.changed()

    def _drop_quiz(self) -> None:
        k = self.quizzes.value
        if isinstance(k, int):
            self.studio.draft.take(lessons.drop_quiz(self.studio.draft.sheet, k))
            self.studio.changed()

    def _prove(self) -> None:
        try:
            proof = str(self.studio.draft.prove())
        except Exception as exc:  # noqa: BLE001 - a lesson that cannot be read says why
            proof = render(t("✘ The lesson cannot be read: {why}", why=str(exc)))
        self.proof.value = el("div", join(el("p", line) for line in proof.splitlines()),
                              role="status")

    # -- drawing ------------------------------------------------------------------------
    def _labels(self) -> None:
        self.intro.value = el("div", render(t(
            "Turn steps of the script into tasks: the learner must play them (a wrong move gets "
            "the engine's reason and your sentence). Add quick checks: a number the engine "
            "computes, which the learner predicts.")), cls="mp-studio-intro")
        for box, label in ((self.title, t("Lesson title")), (self.summary, t("Introduction")),
                           (self.step, t("Step")), (self.instruction, t("Instruction")),
                           (self.hint, t("Hint")), (self.wrong, t("After a wrong move")),
                           (self.done, t("When it is done")), (self.quiz_step, t("After step")),
                           (self.quiz_fact, t("The number")), (self.question, t("Question")),
                           (self.quizzes, t("Quick checks"))):
            box.description = render(label)
        self.quiz_measure.options = [(render(t("its value")), "fact"),
                                     (render(t("its change in that step")), "change")]
        first_option(self.quiz_measure)  # a quick check asks for the value unless told
        for b, label in ((self.drop, t("Remove the task")), (self.add_quiz, t("Add the quick check")),
                         (self.drop_quiz, t("Remove the quick check")),
                         (self.prove, t("Check the lesson"))):
            b.description = render(label)

    def update(self, full: bool = False) -> None:
        """Show the lesson as it is now (``full``: every word again, another language)."""
        draft = self.studio.draft
        lesson = draft.sheet.lesson
        self._quiet = True
        try:
            if full:
                self._labels()
            chapter = lesson.chapter if lesson is not None else {}
            self.title.value = str(chapter.get("title", draft.sheet.meta.get("title", "")))
            self.summary.value = str(chapter.get("summary", ""))
            names = step_names(self.studio)
            steps = [(name, i) for i, name in enumerate(names)]
            keep = self.step.value
            self.step.options = steps
            self.step.value = keep if isinstance(keep, int) and keep < len(steps) else (
                steps[0][1] if steps else None)
            keep = self.quiz_step.value
            self.quiz_step.options = [(render(t("at the start")), 0), *(
                (name, i + 1) for i, name in enumerate(names))]
            self.quiz_step.value = keep if isinstance(keep, int) and keep <= len(steps) else 0
            tasks = lesson.tasks if lesson is not None else ()
            self.tasks.value = el("ol", join(el("li", str(x.table.get("instruction", "")) + (
                render(t(" (step {n})", n=x.step + 1)) if x.step is not None else ""))
                for x in tasks), cls="mp-studio-tasks") if tasks else el("div", render(t(
                    "No task yet.")))
            quizzes = lesson.quizzes if lesson is not None else ()
            keep = self.quizzes.value
            self.quizzes.options = [(str(q.table.get("question", q.id)), k)
                                    for k, q in enumerate(quizzes)]
            if keep in range(len(quizzes)):
                self.quizzes.value = keep
            first_option(self.quizzes)  # Remove takes the one shown
        finally:
            self._quiet = False
        self._show_task()
        self._quiz_facts()
        task_part = ([self.step, self.instruction, self.hint, self.wrong, self.done, self.goal,
                      row([self.make, self.drop])] if draft.steps else [w.HTML(el("div", render(t(
                          "Record a script first ({mode}): its steps become tasks.",
                          mode=mode_label("script")))))])
        self.children = [self.intro, self.title, self.summary,
                         w.HTML(el("b", render(t("Tasks")))), self.tasks, *task_part,
                         w.HTML(el("b", render(t("Quick checks")))), self.quiz_step,
                         self.quiz_fact, self.quiz_measure, self.question,
                         row([self.add_quiz]), row([self.quizzes, self.drop_quiz]),
                         row([self.prove]), self.proof]


__all__ = ["LessonPane"]
