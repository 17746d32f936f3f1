"""Proving a lesson as the shipped chapters are proved: every task can be done, in order,
each ticked by its own moves and not before; each typical mistake is refused by the rule it
names; every quiz answer the chapter states is the engine's; the scenario's checks hold.

>>> from mp_tutor.core.lessons import find_chapter
>>> proof = prove(find_chapter("04", "princes"))
>>> proof.ok, proof.tasks, proof.quizzes
(True, 3, 2)
>>> print(proof)
✔ The lesson works: its 3 tasks can be done in order, its 2 quick checks agree with the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..i18n import render, t, tn
from ..rules import IllegalAction
from ..scenarios import Scenario, run_checks
from .model import Chapter
from .run import LessonRun, compute_quiz


@dataclass
class Proof:
    """What proving a lesson found: ``problems`` (none: it works), and how many tasks and
    quick checks it has."""

    tasks: int = 0
    quizzes: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def __str__(self) -> str:
        if self.problems:
            return "\n".join([render(tn("✘ The lesson has {n} problem:",
                                        "✘ The lesson has {n} problems:", len(self.problems)))]
                             + [f"- {p}" for p in self.problems])
        tasks = tn("its {n} task can be done", "its {n} tasks can be done in order",
                   self.tasks)
        if not self.quizzes:
            return render(t("✔ The lesson works: {tasks}.", tasks=tasks))
        return render(t("✔ The lesson works: {tasks}, {quizzes}.", tasks=tasks,
                        quizzes=tn("its {n} quick check agrees with the engine",
                                   "its {n} quick checks agree with the engine", self.quizzes)))


def _solve(chapter: Chapter, proof: Proof) -> None:
    run = LessonRun(chapter)
    for i, task in enumerate(chapter.tasks):
        if run.done[i]:
            proof.problems.append(render(t("task {n} ({id}) is done before the learner does "
                                           "anything", n=i + 1, id=task.id)))
            return
        try:
            feedbacks = run.solve()
        except (RuntimeError, IllegalAction) as exc:
            proof.problems.append(render(t("task {n} ({id}) cannot be done: {why}", n=i + 1,
                                           id=task.id, why=str(exc))))
            return
        ticked = [x.id for fb in feedbacks for _, x in fb.ticked]
        if ticked != [task.id]:
            proof.problems.append(render(t(
                "task {n} ({id}): its moves tick {ticked} instead of this task", n=i + 1,
                id=task.id, ticked=", ".join(ticked) or "-")))
            return


def _mistakes(chapter: Chapter, proof: Proof) -> None:
    for i, task in enumerate(chapter.tasks):
        if task.mistake is None:
            continue
        fb = LessonRun(chapter).mistake(task.id)
        if fb.kind != "illegal":
            proof.problems.append(render(t("task {n} ({id}): the typical mistake {move} is "
                                           "not refused", n=i + 1, id=task.id,
                                           move=task.mistake)))
        elif task.mistake_rule and fb.rule != task.mistake_rule:
            proof.problems.append(render(t("task {n} ({id}): the typical mistake is refused by "
                                           "{got}, not {want}", n=i + 1, id=task.id,
                                           got=fb.rule or "-", want=task.mistake_rule)))


def prove(chapter: Chapter, scenario: Scenario | None = None) -> Proof:
    """Prove ``chapter`` (and the checks of ``scenario``, the one it starts from, if given)."""
    proof = Proof(len(chapter.tasks), len(chapter.quizzes))
    _solve(chapter, proof)
    if proof.ok:
        _mistakes(chapter, proof)
    for quiz in chapter.quizzes:
        try:
            answer = compute_quiz(chapter, quiz).answer
        except (IllegalAction, KeyError, ValueError) as exc:
            proof.problems.append(render(t("quick check {id}: the engine cannot answer it: "
                                           "{why}", id=quiz.id, why=str(exc))))
            continue
        if quiz.expect is not None and str(answer) != str(quiz.expect):
            proof.problems.append(render(t("quick check {id}: the engine says {got}, the "
                                           "lesson {want}", id=quiz.id, got=answer,
                                           want=quiz.expect)))
    if scenario is not None:
        proof.problems += [render(t("scenario check: {what}", what=f)) for f in run_checks(scenario)]
    return proof


__all__ = ["Proof", "prove"]
