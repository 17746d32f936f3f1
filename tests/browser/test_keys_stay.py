"""Every key pressed inside the tutor stays in the tutor (issue 28, point 1).

JupyterLab's command-mode shortcuts act on the notebook: ``d d`` deletes a cell, ``b`` and
``a`` insert one, ``x`` cuts it, ``m`` makes it Markdown, ``z`` undoes a cell action,
Shift+Enter or Ctrl+Enter runs the cell again (the board's game and the learner's work gone),
``0 0`` restarts the kernel. On a decision panel's button ``d d`` deleted the board's cell.

Here those keys are pressed on one control of every kind the tutor shows (the map, the
toolbar's buttons and menus, the banners, the Describe text and the list of keys, the
decision panel's buttons, boxes and its typed-move box, the lesson panel, the quick checks,
the coach's box and the log's questions), in chapters of both games, and no JupyterLab
command runs: the notebook's cells (their kinds, texts and execution counts) and its kernel
are as they were. Save (Ctrl+S) still saves.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import nbformat
import pytest
from keys import PICTURE, arrow_to, focus_board, open_chapter, page_errors, press_synced
from ui import settle

#: the keys of JupyterLab's notebook in command mode (a chord is pressed as one group)
NOTEBOOK_KEYS: tuple[tuple[str, ...], ...] = (
    ("d", "d"), ("b",), ("a",), ("x",), ("c",), ("v",), ("z",), ("Shift+Z",), ("m",), ("y",),
    ("r",), ("j",), ("k",), ("Shift+M",), ("Shift+L",), ("Shift+J",), ("0", "0"), ("i", "i"),
    ("Control+z",), ("Control+Shift+ArrowDown",), ("Shift+Enter",), ("Control+Enter",),
    ("Alt+Enter",),
)
#: where the tutor's widgets are (as common.js's TUTOR_AREAS)
AREAS = (".mp-tutor, .mp-lesson, .mp-quiz, .mp-board, .mp-logview, .mp-sideview, "
         ".mp-decision-panel, .mp-charts")
#: the controls left out: Present covers the notebook and takes every key itself (its own
#: test presses a notebook shortcut under it: test_access.py)
LEFT_OUT = ".mp-present-button"

WATCH_JS = """() => {
  // every JupyterLab command run from now on, and the kernel's states
  const app = window.jupyterapp;
  window.__mpCommands = [];
  window.__mpKernel = [];
  if (!app.commands.__mpWatched) {
    const run = app.commands.execute.bind(app.commands);
    app.commands.execute = (id, args) => { window.__mpCommands.push(id); return run(id, args); };
    app.commands.__mpWatched = true;
  }
  app.shell.currentWidget.sessionContext.statusChanged.connect((_, s) => window.__mpKernel.push(s));
}"""

NOTEBOOK_JS = """() => {
  const nb = window.jupyterapp.shell.currentWidget;
  const cells = nb.content.model.cells;
  const out = [];
  for (let i = 0; i < cells.length; i++) {
    const c = cells.get(i);
    out.push([c.type, c.sharedModel.getSource(), c.type === 'code' ? c.executionCount : null]);
  }
  return {cells: out, kernel: nb.sessionContext.session?.kernel?.id || null};
}"""

#: one visible, enabled control of each kind inside ``scope``, by a selector that finds it
#: again after a redraw (the nearest part of the tutor around it, its tag and classes; the
#: map's focusable target)
KINDS_JS = """([scope, leftOut]) => {
  const kinds = new Map();
  const controls = 'button, input, select, textarea, summary, [tabindex]';
  const mine = (e) => Array.from(e.classList).filter((k) => /^(mp-|widget-|jupyter-button)/.test(k));
  for (const area of document.querySelectorAll(scope)) {
    for (const c of area.querySelectorAll(controls)) {
      if (!c.getClientRects().length || c.disabled || c.closest('[hidden]') || c.matches(leftOut)) continue;
      const map = c.closest('.mp-picture');
      if (map && c !== map && c.tabIndex < 0) continue;  // the map's one Tab stop
      let sel;
      if (map && c !== map) sel = '.mp-picture [data-target][tabindex="0"]';
      else {
        const around = c.parentElement.closest('[class*="mp-"]');
        const part = around ? mine(around).find((k) => k.startsWith('mp-')) : null;
        sel = (part ? '.' + CSS.escape(part) + ' ' : '') + c.tagName.toLowerCase()
          + mine(c).map((k) => '.' + CSS.escape(k)).join('')
          + (c.tagName === 'INPUT' ? `[type="${c.type}"]` : '');
      }
      if (!kinds.has(sel)) kinds.set(sel, (c.getAttribute('aria-label') || c.textContent || '').trim().slice(0, 30));
    }
  }
  return Array.from(kinds.entries());
}"""

FOCUS_JS = """([scope, sel]) => {
  for (const area of document.querySelectorAll(scope)) {
    for (const c of area.querySelectorAll(sel)) {
      if (!c.getClientRects().length || c.disabled || c.closest('[hidden]')) continue;
      c.focus({preventScroll: false});
      return document.activeElement === c;
    }
  }
  return false;
}"""


def press_everywhere(page: Any, scope: str, done: set[str]) -> list[str]:
    """The notebook's keys on one control of each kind in ``scope`` not pressed yet; the kinds
    pressed (each control found again before each key: a key may redraw it)."""
    pressed = []
    for sel, _name in page.evaluate(KINDS_JS, [scope, LEFT_OUT]):
        if sel in done:
            continue
        done.add(sel)
        for group in NOTEBOOK_KEYS:
            if not page.evaluate(FOCUS_JS, [AREAS, sel]):
                break  # gone (a key pressed it away): the next kind
            for key in group:
                page.keyboard.press(key)
            ran = page.evaluate("() => window.__mpCommands")
            assert not ran, f"{' '.join(group)} on {sel} ({_name!r}): JupyterLab ran {ran}"
        pressed.append(sel)
        settle(page, 100)
    return pressed


def unchanged(page: Any, before: dict[str, Any], where: str) -> None:
    """No JupyterLab command ran, the cells and the kernel are as they were."""
    settle(page, 1200)  # a chord's second key is awaited for 1 s
    ran = page.evaluate("() => window.__mpCommands")
    assert not ran, f"{where}: JupyterLab ran {ran}"
    assert "restarting" not in page.evaluate("() => window.__mpKernel"), f"{where}: the kernel restarted"
    now = page.evaluate(NOTEBOOK_JS)
    assert now["kernel"] == before["kernel"], f"{where}: another kernel"
    assert len(now["cells"]) == len(before["cells"]), f"{where}: cells added or deleted"
    for i, (a, b) in enumerate(zip(before["cells"], now["cells"], strict=True)):
        assert a == b, f"{where}: cell {i} changed: {a[:1] + [a[1][:60]] + a[2:]} -> {b[:1] + [b[1][:60]] + b[2:]}"


def start(page: Any) -> dict[str, Any]:
    page.evaluate(WATCH_JS)
    return page.evaluate(NOTEBOOK_JS)


def open_and_press(page: Any, opener: str, box: str, done: set[str]) -> list[str]:
    """Open a box of the board (the list of keys, Describe) with its button, press the keys on
    its controls, close it."""
    if not page.locator(f".mp-board {box}").first.is_visible():  # a key may have opened it
        page.locator(f".mp-board {opener}").first.click()
    page.locator(f".mp-board {box}").first.wait_for(state="visible")
    pressed = press_everywhere(page, f".mp-board {box}", done)
    if page.locator(f".mp-board {box}").first.is_visible():
        page.locator(f".mp-board {opener}").first.click()
    return pressed


@pytest.mark.browser
@pytest.mark.parametrize("chapter", ["04-production.ipynb", "fr/04-production.ipynb"])
def test_the_notebook_keys_stay_in_the_princes_tutor(chapter: str, open_notebook, run_all,
                                                     lab_command, console_messages) -> None:
    page = open_chapter(open_notebook, chapter, f"stay-{chapter.replace('/', '-')}", (1280, 720),
                        run_all, lab_command)
    before = start(page)
    done: set[str] = set()
    # the map first (its Enter plays the first task: the panel then asks how many to produce)
    focus_board(page)
    arrow_to(page, "coca_plantation")
    press_synced(page, "Enter")
    pressed = press_everywhere(page, AREAS, done)
    pressed += open_and_press(page, "button.mp-keys-button", ".mp-keys", done)
    pressed += open_and_press(page, "button.mp-describe-button", ".mp-described", done)
    # a refusal and a question: the banners' buttons
    focus_board(page)
    page.keyboard.press("r")  # nothing to redo
    page.locator(".mp-board .mp-error").first.wait_for(state="visible")
    pressed += press_everywhere(page, ".mp-board .mp-error", done)
    lab_restart = page.locator("button.mp-lesson-restart").first
    lab_restart.click()
    settle(page, 800)
    focus_board(page)
    arrow_to(page, "temple_of_the_sun")
    page.keyboard.press("Enter")
    page.locator(".mp-board .mp-ask").first.wait_for(state="visible")
    pressed += press_everywhere(page, ".mp-board .mp-ask", done)
    for kind in (PICTURE.split()[-1], "mp-produce-confirm", "mp-action-text", "mp-lesson-show",
                 "mp-quiz-input", "mp-quiz-reveal", "mp-keys-close", "mp-described-close",
                 "mp-dismiss", "mp-ask-act", "mp-language", "mp-undo"):
        assert any(kind in p for p in pressed), f"no {kind} among {pressed}"
    unchanged(page, before, chapter)
    # Save is the one key JupyterLab still hears from inside the tutor
    assert page.evaluate(FOCUS_JS, [AREAS, ".mp-lesson-hint"])
    page.keyboard.press("Control+s")
    page.wait_for_function("() => window.__mpCommands.includes('docmanager:save')")
    assert not page_errors(page, console_messages)


@pytest.mark.browser
def test_the_notebook_keys_stay_in_the_priests_tutor_and_its_coach(open_notebook, run_all,
                                                                   lab_command,
                                                                   console_messages) -> None:
    page = open_chapter(open_notebook, "priests/05-full-game.ipynb", "stay-priests-05.ipynb",
                        (1280, 720), run_all, lab_command)
    before = start(page)
    done: set[str] = set()
    pressed = press_everywhere(page, AREAS, done)
    # the coach's box (its Play and Close, the other moves it weighed) and the log's questions
    hint = page.locator(".mp-board button.mp-hint").first
    hint.click()
    page.locator(".mp-board .mp-coach-hint[data-state='ready']").first.wait_for(timeout=60_000)
    pressed += press_everywhere(page, ".mp-board .mp-coach", done)
    pressed += press_everywhere(page, AREAS, done)
    for kind in ("mp-picture", "mp-hint", "mp-coach-", "mp-lesson-hint", "mp-quiz"):
        assert any(kind in p for p in pressed), f"no {kind} among {pressed}"
    unchanged(page, before, "priests 05")
    assert not page_errors(page, console_messages)


@pytest.mark.browser
def test_the_notebook_keys_stay_in_the_priests_quick_checks(open_notebook, run_all, lab_command,
                                                           console_messages) -> None:
    page = open_chapter(open_notebook, "priests/04-order.ipynb", "stay-priests-04.ipynb",
                        (1280, 720), run_all, lab_command)
    before = start(page)
    pressed = press_everywhere(page, AREAS, set())
    assert any("widget-toggle-button" in p for p in pressed), pressed  # a quiz's choices
    unchanged(page, before, "priests 04")
    assert not page_errors(page, console_messages)


@pytest.mark.browser
def test_a_quick_check_without_its_board_keeps_the_keys(tmp_path: Path, open_notebook, run_all,
                                                        console_messages) -> None:
    """A quick check shown in a notebook with no board (its guard is its own)."""
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "from mp_tutor.widgets import LessonPanel\n"
        "LessonPanel('11', game='princes', board=False).quiz('first')")], metadata={
        "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}})
    path = tmp_path / "quiz-alone.ipynb"
    nbformat.write(nb, path)
    page = open_notebook(path, viewport=(1280, 720))
    run_all(page)
    page.locator(".mp-quiz button").first.wait_for(state="visible", timeout=60_000)
    assert page.locator(".mp-board").count() == 0
    before = start(page)
    pressed = press_everywhere(page, AREAS, set())
    assert any("widget-toggle-button" in p for p in pressed), pressed
    unchanged(page, before, "a quick check alone")
    assert not page_errors(page, console_messages)
