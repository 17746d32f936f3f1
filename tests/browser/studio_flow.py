"""A teacher's way through the lesson studio in JupyterLab, by the mouse (and the keyboard for
their sentences): shared by the browser tests and ``benchmarks/bench_studio.py``.

Every step waits for the kernel's answer (the board's ``data-revision`` grows, or a text
appears) and counts the teacher's clicks (``Teacher.clicks``: a dropdown's choice is two, the
open and the pick).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from keys import press_synced, tab_to, tab_to_text
from mp_tutor.widgets.studio.forms import fact_words

STUDIO = ".mp-studio"
BOARD = f"{STUDIO} .mp-board"


def revision(page: Any) -> int:
    return int(page.locator(BOARD).first.get_attribute("data-revision") or 0)


def wait_revision(page: Any, after: int, timeout: float = 30_000) -> None:
    page.wait_for_function(
        f"() => Number(document.querySelector('{BOARD}')?.dataset.revision || 0) > {after}",
        timeout=timeout)


@dataclass
class Teacher:
    """A teacher at the studio: clicks and typing, counted and timed."""

    page: Any
    clicks: int = 0
    started: float = field(default_factory=time.perf_counter)

    def seconds(self) -> float:
        return time.perf_counter() - self.started

    def click(self, selector: str, board_changes: bool = True, force: bool = False) -> None:
        """Click ``selector`` (the first match; ``force``: at its centre, whatever of the same
        place is drawn on top) and wait for the board to be drawn again."""
        before = revision(self.page)
        self.page.locator(selector).first.click(force=force)
        self.clicks += 1
        if board_changes:
            wait_revision(self.page, before)
        self.page.wait_for_timeout(80)  # the panels follow the board a moment later

    def choose(self, selector: str, label: str | None = None, index: int | None = None,
               board_changes: bool = True, starts: str | None = None) -> None:
        """Pick the option shown as ``label`` (or the ``index``-th, or the first whose text
        ``starts`` so, its non-breaking spaces read as spaces) in the dropdown or list ``selector``
        (a ``<select>`` inside it)."""
        before = revision(self.page)
        select = self.page.locator(f"{selector} select").first
        if starts is not None:
            index = select.evaluate("(s, w) => Array.from(s.options).findIndex("
                                    "o => o.text.replaceAll('\\u00a0', ' ').startsWith(w))", starts)
            offered = select.evaluate("s => Array.from(s.options).map(o => o.text)")
            assert index is not None and index >= 0, \
                f"{selector}: no option {starts}... among {offered}"
        now = select.evaluate("s => [s.selectedIndex, s.options[s.selectedIndex]?.text]")
        if now[0] == index or (label is not None and now[1] == label):
            return  # chosen already: nothing to click
        if index is not None:
            select.select_option(index=index)
        else:
            select.select_option(label=label)
        self.clicks += 2
        if board_changes:
            try:
                wait_revision(self.page, before)
            except Exception as exc:
                raise AssertionError(f"{selector}: chose {label or index} (it was {now}); the "
                                     f"board did not change") from exc
        self.page.wait_for_timeout(80)

    def type(self, selector: str, text: str, board_changes: bool = False) -> None:
        """Click into a box, type ``text`` and leave the box (Tab), which hands it over."""
        before = revision(self.page)
        box = self.page.locator(f"{selector} input, {selector} textarea").first
        box.click()
        self.clicks += 1
        box.fill(text)
        box.press("Tab")
        if board_changes:
            wait_revision(self.page, before)
        self.page.wait_for_timeout(150)

    def mode(self, label: str) -> None:
        self.click(f"{STUDIO} .mp-studio-modes button:has-text('{label}')")

    def board(self, place: str) -> None:
        """Click a place of the board (its name or piece: the top of what draws it)."""
        self.click(f"{BOARD} svg [data-target='{place}']", force=True)

    def tool(self, label: str) -> None:
        button = f"{STUDIO} .mp-studio-tools button:has-text('{label}')"
        if "mod-active" not in (self.page.locator(button).first.get_attribute("class") or ""):
            self.click(button)

    def message(self) -> str:
        return self.page.locator(f"{STUDIO} .mp-studio-message").first.inner_text()


def build_production_example(t: Teacher) -> None:
    """The rulebook's production example (``coca-plantation-production``) from a new 3-player
    game: day 3, Blue's turn, the three Princes, the Incas in the Coca Plantation, its bonus."""
    t.type(f"{STUDIO} .mp-field-scenario-day", "3", board_changes=True)
    t.choose(f"{STUDIO} .mp-field-scenario-turn", "Blue")
    t.tool("Prince")
    for who, place in (("Blue", "central_plaza"), ("Yellow", "watchmans_hut"),
                       ("Red", "royal_palace")):
        t.choose(f"{STUDIO} .mp-studio-who", who)
        t.board(place)
    t.tool("Incas")
    for who, n in (("Blue", 1), ("Yellow", 1), ("Red", 2)):
        t.choose(f"{STUDIO} .mp-studio-who", who)
        for _ in range(n):
            t.board("coca_plantation")
    t.tool("Bonus units")
    t.board("coca_plantation")


SENTENCES = ("Blue's Prince enters the Coca Plantation and takes its 2 coca.",
             "Blue pays 1 corn and produces 1 coca.",
             "Yellow pays 1 corn for 1 coca.",
             "Red pays 2 corn for 2 coca.")


def record_production(t: Teacher) -> None:
    """The example's four moves, played on the board, each with a sentence."""
    t.mode("2 · Script")
    t.board("coca_plantation")
    for _ in range(3):
        t.click("button.mp-produce-confirm")
    steps = f"{STUDIO} .mp-studio-steps select"
    t.page.wait_for_function(f"() => document.querySelector('{steps}')?.options.length === 4 "
                             f"&& document.querySelector('{steps}').selectedIndex === 3",
                             timeout=30_000)  # the script shows the moves recorded
    for i, text in enumerate(SENTENCES):
        t.choose(f"{STUDIO} .mp-studio-steps", index=i)
        t.type(f"{STUDIO} .mp-studio-say-text", text)


def make_task(t: Teacher, step: int, instruction: str, hint: str, wrong: str) -> None:
    """In the Lesson part: step ``step`` (0 for the first) made a task, with the teacher's
    instruction, hint and sentence for a wrong move."""
    t.mode("3 · Lesson")
    t.choose(f"{STUDIO} .mp-studio-task-step", index=step, board_changes=False)
    t.type(f"{STUDIO} .mp-studio-task-instruction", instruction)
    t.type(f"{STUDIO} .mp-studio-task-hint", hint)
    t.type(f"{STUDIO} .mp-studio-task-wrong", wrong)
    t.click(f"{STUDIO} .mp-studio-make-task")


def add_quiz(t: Teacher, after: int, fact: str, question: str) -> str:
    """In the Lesson part: a quick check once ``after`` steps are played, asking for the
    number ``fact`` (chosen in the menu by its words) with the teacher's ``question``.
    Returns what the studio says (the engine's answer)."""
    t.choose(f"{STUDIO} .mp-studio-quiz-step", index=after, board_changes=False)
    t.choose(f"{STUDIO} .mp-studio-quiz-fact", starts=f"{fact_words(fact)} =",
             board_changes=False)
    t.type(f"{STUDIO} .mp-studio-question", question)
    t.click(f"{STUDIO} .mp-studio-add-quiz")
    t.page.wait_for_function(f"() => (document.querySelector('{STUDIO} .mp-studio-message')"
                             f"?.textContent || '').includes('Quick check added')",
                             timeout=30_000)
    return t.message()


def prove(t: Teacher) -> str:
    """*Check the lesson*: what the studio's proof says."""
    t.click(f"{STUDIO} .mp-studio-prove", board_changes=False)
    proof = f"{STUDIO} .mp-studio-proof"
    t.page.wait_for_function(f"() => (document.querySelector('{proof}')?.textContent || '')"
                             f".trim().length > 0", timeout=60_000)
    return str(t.page.locator(proof).first.inner_text())


def save_as(t: Teacher, name: str) -> None:
    """In the Save part: the file name ``name`` typed, Save pressed; waits until the studio
    says what this save wrote (a new list of files: an earlier save under the same name said
    the name already)."""
    t.mode("4 · Save")
    t.type(f"{STUDIO} .mp-studio-name", name)
    result = f"document.querySelector('{STUDIO} .mp-studio-result')?.textContent || ''"
    before = t.page.evaluate(f"() => {result}")
    t.click(f"{STUDIO} .mp-studio-save-button", board_changes=False)
    t.page.wait_for_function(
        f"([name, before]) => {{ const now = {result}; return now !== before && now.includes(name); }}",
        arg=[name, before], timeout=30_000)


def save_by_keys(page: Any, name: str) -> None:
    """By the keyboard alone: Shift+Tab back to the Save part, Enter, the file name typed in
    its box, Tab to Save, Enter; waits until the studio says what it saved."""
    tab_to_text(page, "4 · Save", back=True)
    press_synced(page, "Enter")
    tab_to(page, ".mp-studio-name input")
    page.keyboard.type(name)
    tab_to_text(page, "Save")
    page.keyboard.press("Enter")
    page.wait_for_function("(n) => (document.querySelector('.mp-studio-result')?.textContent"
                           " || '').includes(n)", arg=name, timeout=30_000)


LESSON_BOARD = ".mp-lesson .mp-board"


def open_as_learner(open_notebook: Any, run_all: Any, notebook: Path) -> Any:
    """The lesson's own notebook opened and run as a learner does (its board shown)."""
    page = open_notebook(notebook, name=f"learner-{notebook.name}")
    run_all(page)
    page.locator(f"{LESSON_BOARD} svg").first.wait_for(state="visible", timeout=90_000)
    return page


def learner_click(page: Any, place: str) -> None:
    """A learner's click on a place of the lesson's board (waits for the board's answer)."""
    board = page.locator(LESSON_BOARD).first
    before = int(board.get_attribute("data-revision") or 0)
    page.locator(f"{LESSON_BOARD} svg [data-target='{place}']").first.click(force=True)
    page.wait_for_function(f"() => Number(document.querySelector('{LESSON_BOARD}')?.dataset"
                           f".revision || 0) > {before}", timeout=30_000)


def feedback(page: Any, contains: str) -> str:
    """The lesson's feedback, once it says ``contains``."""
    page.wait_for_function("(w) => (document.querySelector('.mp-lesson-feedback')?.textContent"
                           " || '').includes(w)", arg=contains, timeout=30_000)
    return str(page.locator(".mp-lesson-feedback").first.inner_text())


__all__ = ["BOARD", "LESSON_BOARD", "SENTENCES", "STUDIO", "Teacher", "add_quiz",
           "build_production_example", "feedback", "learner_click", "make_task",
           "open_as_learner", "prove", "record_production", "revision", "save_as",
           "save_by_keys", "wait_revision"]
