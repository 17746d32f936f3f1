"""A teacher's way through the lesson studio in JupyterLab, by the mouse (and the keyboard for
their sentences): shared by the browser tests and ``benchmarks/bench_studio.py``.

Every step waits for the kernel's answer (the board's ``data-revision`` grows, or a text
appears) and counts the teacher's clicks (``Teacher.clicks``: a dropdown's choice is two, the
open and the pick).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

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
               board_changes: bool = True) -> None:
        """Pick the option shown as ``label`` (or the ``index``-th) in the dropdown or list
        ``selector`` (a ``<select>`` inside it)."""
        before = revision(self.page)
        select = self.page.locator(f"{selector} select").first
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


def save_as(t: Teacher, name: str) -> None:
    t.mode("4 · Save")
    t.type(f"{STUDIO} .mp-studio-name", name)
    t.click(f"{STUDIO} .mp-studio-save-button", board_changes=False)
    t.page.wait_for_function(
        f"() => (document.querySelector('{STUDIO} .mp-studio-result')?.textContent || '')"
        f".includes('{name}')", timeout=30_000)


__all__ = ["BOARD", "SENTENCES", "STUDIO", "Teacher", "build_production_example",
           "record_production", "revision", "save_as", "wait_revision"]
