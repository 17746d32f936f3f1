"""Checks every game's chapters must pass (shared by the games' lesson tests)."""

from __future__ import annotations

from typing import Any

from mp_tutor.core.i18n import clause
from mp_tutor.core.lessons import LessonRun


def assert_tasks_solved_in_order(ch: Any) -> None:
    """Solving the tasks one by one ticks exactly the current task each time."""
    run = LessonRun(ch)
    assert not any(run.done)
    for i, task in enumerate(ch.tasks):
        assert run.current is task, f"task {task.id} should be current"
        fbs = run.solve()
        assert fbs, f"task {task.id}: nothing played"
        assert all(fb.ok for fb in fbs), [fb.text for fb in fbs if not fb.ok]
        assert run.done == [j <= i for j in range(len(ch.tasks))], (
            f"after solving {task.id}: {run.status()}")
        ticked = [t for fb in fbs for _, t in fb.ticked]
        assert ticked == [task], f"{task.id}: ticked {[t.id for t in ticked]}"
    assert run.complete and run.current is None


def assert_wrong_moves_explained(ch: Any, rules: Any, *, rule_required: bool = False) -> None:
    """Each task's wrong move is refused citing a rule of ``rules`` (the task's
    ``mistake_rule`` when it names one; ``rule_required``: every task must name it) and the
    feedback holds the rule id and the task's hint."""
    tasks = [t for t in ch.tasks if t.mistake]
    assert tasks, f"chapter {ch.id} shows no wrong move"
    run = LessonRun(ch)
    for task in tasks:
        assert task.mistake_rule or not rule_required, (
            f"{task.id}: say which rule the engine must cite")
        fb = run.mistake(task.id)
        assert fb.kind == "illegal", f"{task.id}: {task.mistake!r} was {fb.kind}: {fb.text}"
        assert fb.rule in rules
        if task.mistake_rule:
            assert fb.rule == task.mistake_rule, f"{task.id}: {fb.rule} != {task.mistake_rule}"
        assert fb.rule in fb.text and clause(task.hint) in fb.text  # the hint follows "Hint:"
        assert fb.message and fb.section == rules[fb.rule].section


def assert_notebook_deterministic(path: Any, min_checked: int, *,
                                  every_cell_output: bool = False) -> dict[str, Any]:
    """The committed notebook at ``path`` has no widget state, timings, memory addresses or
    errors in its outputs, and at least ``min_checked`` cells whose outputs nbval compares
    (each with an output; ``every_cell_output``: every code cell has one). Returns it."""
    import json
    import re

    nb = json.loads(path.read_text("utf-8"))
    assert "widgets" not in nb["metadata"]
    checked = 0
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        assert "execution" not in cell["metadata"]
        outputs = cell.get("outputs", [])
        assert outputs or not every_cell_output, f"{cell['id']}: committed without output"
        text = json.dumps(outputs)
        assert not re.search(r"0x[0-9a-f]{6,}", text), f"{cell['id']}: memory address"
        assert "application/vnd.jupyter.widget-view+json" not in text
        assert not any(o.get("output_type") == "error" for o in outputs)
        if "nbval-check-output" in cell["metadata"].get("tags", []):
            checked += 1
            assert outputs, f"{cell['id']}: checked cell committed without output"
    assert checked >= min_checked
    return nb
