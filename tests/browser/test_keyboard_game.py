"""Keyboard-only and screen-reader-only play in a real JupyterLab (issue 18).

Chapter 00's first task with the keyboard alone; the first tasks of chapters 00, 04 and
priests 01 done reading only the accessible text (each click target's accessible name in
the board's language, the description naming the pending decision): the target is found by
its name with the arrow keys, never by where it is drawn. Then several turns of a whole game
of each game against random bots, with the keys alone: Tab to the board, the arrow keys,
Enter; Tab to the decision panel's controls (numbers typed, boxes ticked with Space,
buttons pressed with Enter). Every decision the learner meets must be answerable so.
"""

from __future__ import annotations

from collections import deque
from pathlib import Path
from typing import Any

import pytest
from axe import run_axe
from keys import (
    FOCUSED,
    PICTURE,
    arrow_to,
    focus_board,
    open_chapter,
    page_errors,
    press_synced,
    wait_done,
)
from ui import revision, settle

HERE = Path(__file__).resolve().parent
ARROWS = ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp")
#: the accessible name of the focused element (aria-label, else its text)
NAME = """() => { const a = document.activeElement;
  return a ? (a.getAttribute('aria-label') || a.textContent || '').trim() : ''; }"""
TARGETS = f"{PICTURE} [data-target][tabindex]"
#: every focusable click target: its name, the visible names drawn in it
NAMES = f"""() => Array.from(document.querySelectorAll("{TARGETS}")).map(t => [
  t.dataset.target, t.getAttribute('aria-label') || '', t.getAttribute('role') || '',
  Array.from(t.querySelectorAll('.mp-dname')).map(n => n.textContent.trim()).join(' ')])"""


def reach_by_name(page: Any, words: str) -> str:
    """The arrow keys from Home, hearing each target's name, until one names ``words``
    (a breadth-first search over the keys, as a learner who cannot see the map explores)."""
    def press_path(path: tuple[str, ...]) -> str:
        page.keyboard.press("Home")
        for key in path:
            page.keyboard.press(key)
        return page.evaluate(NAME)

    heard = {press_path(())}
    if words in next(iter(heard)):
        return next(iter(heard))
    queue: deque[tuple[str, ...]] = deque([()])
    while queue:
        path = queue.popleft()
        for key in ARROWS:
            name = press_path((*path, key))
            if words in name:
                return name
            if name not in heard:
                heard.add(name)
                queue.append((*path, key))
    raise AssertionError(f"no target named {words!r} among {sorted(heard)}")


def check_names(page: Any, where: str, language_words: tuple[str, ...] = ()) -> None:
    """Every focusable target is a named button; its name says the names drawn in it."""
    found = page.evaluate(NAMES)
    assert found, f"{where}: no focusable target"
    for target, name, role, drawn in found:
        assert role == "button" and name, f"{where}: {target} has no accessible name"
        assert not drawn or drawn.split()[0] in name, f"{where}: {target} is named {name!r}, drawn {drawn!r}"
    if language_words:
        names = " ".join(name for _, name, _, _ in found)
        assert any(w in names for w in language_words), f"{where}: names not in the language: {names[:200]}"


def check_description(page: Any, where: str) -> str:
    """The picture's description (its aria-describedby) names the pending decision."""
    said = page.evaluate(f"""() => {{
      const p = document.querySelector('{PICTURE}');
      const d = document.getElementById(p.getAttribute('aria-describedby'));
      return d ? d.textContent : ''; }}""")
    status = page.locator(".mp-board .mp-status").first.text_content() or ""
    decision = status.split("·")[-1].strip()
    assert decision and decision in said, f"{where}: the description {said!r} does not say {decision!r}"
    return said


@pytest.mark.browser
def test_chapter_00_with_the_keyboard_only(open_notebook, run_all, lab_command,
                                           console_messages) -> None:
    page = open_chapter(open_notebook, "00-start-here.ipynb", "keys-00.ipynb", (1024, 768),
                        run_all, lab_command)
    focus_board(page)
    arrow_to(page, "corn_terraces")
    press_synced(page, "Enter")
    wait_done(page, 1)
    assert page.evaluate(FOCUSED), "the focus left the board after the redraw"
    assert not page_errors(page, console_messages)


SCREEN_READER = [("00-start-here.ipynb", "Corn Terraces", ("Corn Terraces",)),
                 ("04-production.ipynb", "Coca Plantation", ("Coca Plantation",)),
                 ("fr/04-production.ipynb", None, ("Plantation de coca", "Plantation")),
                 ("priests/01-laying.ipynb", None, ())]


@pytest.mark.browser
@pytest.mark.parametrize(("path", "goal", "language"), SCREEN_READER, ids=lambda v: str(v)[:12])
def test_first_tasks_by_the_accessible_text(path: str, goal: str | None, language: tuple[str, ...],
                                            open_notebook, run_all, lab_command,
                                            console_messages) -> None:
    name = path.replace("/", "-")
    page = open_chapter(open_notebook, path, f"sr-{name}", (1280, 720), run_all, lab_command)
    check_names(page, path, language)
    check_description(page, path)
    if path.startswith("priests/"):
        # priests 01: a hand card, then the stair the task names
        focus_board(page)
        reach_by_name(page, "44")
        press_synced(page, "Enter")
        check_names(page, f"{path} (a card picked)")
        reach_by_name(page, "North")
        press_synced(page, "Enter")
        wait_done(page, 1)
    elif goal is not None:
        task = page.locator(".mp-lesson-task.current").first.inner_text()
        assert goal in task, task  # the task, read as text, names the district
        focus_board(page)
        reach_by_name(page, goal)
        press_synced(page, "Enter")
        wait_done(page, 1)
    if goal is not None or path.startswith("priests/"):
        assert page.evaluate(FOCUSED), "the focus left the board after the redraw"
        check_description(page, f"{path} after the first task")
    assert not page_errors(page, console_messages)


# ---------------------------------------------------------------------------------------------
# a whole game with the keys alone

PANEL = ".mp-decision-panel"
#: the decision the learner faces now, from the decision panel's visible part
KIND = f"""() => {{
  const kind = (b) => Array.from(b.classList).find(c => c.startsWith('mp-panel-') && c !== 'mp-panel-header');
  const box = Array.from(document.querySelectorAll('{PANEL} [class*="mp-panel-"]'))
    .find(b => kind(b) && b.getClientRects().length);
  return box ? kind(box).slice(9) : ''; }}"""
ERROR = ".mp-board .mp-error"


def tab_into_panel(page: Any, selector: str, limit: int = 80) -> bool:
    """Tab from the board's picture until an enabled element matching ``selector`` in the
    decision panel has the focus (False when Tab never reaches one)."""
    focus_board(page)
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => { const a = document.activeElement; return !!a && !a.disabled "
                         "&& !!a.closest('.mp-decision-panel') && a.matches(s); }", selector):
            return True
    return False


def log_total(page: Any) -> int:
    return int(page.locator(".mp-board").first.get_attribute("data-log-total") or 0)


def wait_moved(page: Any, before: int, timeout: float = 15_000) -> bool:
    try:
        page.wait_for_function(f"() => Number(document.querySelector('.mp-board').dataset.logTotal) > {before}"
                               f" || !!document.querySelector('{ERROR}:not([hidden])')", timeout=timeout)
    except Exception:  # noqa: BLE001 - playwright's timeout: nothing happened
        return False
    settle(page, 300)
    return log_total(page) > before


def type_number(page: Any, box: str, value: str) -> None:
    page.keyboard.press("Control+a")
    page.keyboard.type(value)
    page.keyboard.press("Tab")  # the number is sent when the box is left
    assert page.evaluate("(s) => document.activeElement !== document.querySelector(s)", box)


#: the places the keyboard player goes to in turn, where they are click targets (production,
#: the market, a temple), so that the game's panels come up
PREFER = ("coca_plantation", "central_plaza", "corn_terraces", "temple_of_the_sun", "llamas_meadow",
          "potters_quarter", "main_temple", "weavers_quarter")


def answer_on_the_board(page: Any, step: int) -> bool:
    """Enter on a target of the picture (the next of PREFER that is one, else the last); a
    question the click asks (the llama's cost) is answered with Enter on its first button; a
    pick (a priests card) is followed by a target for it. False when the board refuses every
    target (a decision about a place, answered in the panel: the board says so)."""
    start = log_total(page)
    tried: set[str] = set()
    pick = ""  # the target picked first (a card), picked again after a refusal
    again = False
    for _ in range(10):
        focus_board(page)
        if again:
            arrow_to(page, pick)
            press_synced(page, "Enter")
            again = False
        here = page.evaluate(f"() => Array.from(document.querySelectorAll('{TARGETS}'), t => t.dataset.target)")
        turn = PREFER[step % len(PREFER):] + PREFER[:step % len(PREFER)]
        fresh = [t for t in here if t not in tried]
        # the last target (a move away, a card), after a pick the first (a place for it)
        wish = [p for p in turn if p in fresh] or (fresh if pick else fresh[::-1])
        if not wish:
            return False
        tried.add(wish[0])
        try:
            arrow_to(page, wish[0])
        except AssertionError:  # out of the arrows' way from here: another one
            continue
        before = revision(page)
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => Number(document.querySelector('.mp-board').dataset.revision) > {before}"
                               " || !!document.querySelector('.mp-board .mp-ask:not([hidden])')"
                               f" || !!document.querySelector('{ERROR}:not([hidden])')")
        settle(page, 300)
        if page.locator(".mp-board .mp-ask").first.is_visible():
            assert page.evaluate("() => !!document.activeElement.closest('.mp-ask')"), \
                "the question did not take the focus"
            page.keyboard.press("Enter")
            return True
        if page.locator(ERROR).first.is_visible():
            # a place the rules refuse: Escape closes the message (and drops a pick), another
            page.keyboard.press("Escape")
            page.locator(ERROR).first.wait_for(state="hidden")
            settle(page, 300)
            again = bool(pick)
            continue
        if wait_moved(page, start, timeout=3_000) or not page.locator(TARGETS).count():
            return True  # played
        tried, pick = {wish[0]}, wish[0]  # a pick (a card): now the places for it
    return True


def answer_in_the_panel(page: Any, kind: str) -> None:
    """The decision panel's controls, with Tab, typed numbers, Space and Enter."""
    if kind in ("produce", "sacrifice"):
        box = f"{PANEL} .mp-{kind}-count input"
        assert tab_into_panel(page, box), f"Tab does not reach the {kind} box"
        value = page.evaluate("(s) => document.querySelector(s).value", box)
        type_number(page, box, value)
        assert tab_into_panel(page, f".mp-{kind}-confirm"), f"Tab does not reach {kind}'s button"
        page.keyboard.press("Enter")
        return
    if kind == "trade":
        assert tab_into_panel(page, "input"), "Tab does not reach the trade's boxes"
        type_number(page, "input", "1")
        settle(page, 500)
        ok = page.locator(f"{PANEL} .mp-trade-confirm").first
        button = ".mp-trade-confirm" if ok.is_enabled() else ".mp-trade-none"
        assert tab_into_panel(page, button), f"Tab does not reach {button}"
        page.keyboard.press("Enter")
        return
    primary = "button.mod-primary:not(:disabled), button.mod-success:not(:disabled)"
    ticks = page.locator(f"{PANEL} input[type='checkbox']:not(:disabled)").count()
    unticked = f"{PANEL} input[type='checkbox']:not(:checked):not(:disabled)"
    for _ in range(ticks):
        # boxes to tick (goods, cards, tiles): one more each time the rules refuse the choice
        before = log_total(page)
        if page.locator(unticked).count():
            assert tab_into_panel(page, "input[type='checkbox']:not(:checked)"), f"Tab reaches no box of {kind}"
            page.keyboard.press("Space")
            settle(page, 300)
        assert tab_into_panel(page, primary), f"Tab does not reach the {kind} panel's button"
        page.keyboard.press("Enter")
        if wait_moved(page, before):
            return
        page.keyboard.press("Escape")
        settle(page, 300)
    if ticks:
        return
    if not tab_into_panel(page, primary):
        assert tab_into_panel(page, "button"), f"Tab reaches no button of the {kind} panel"
    page.keyboard.press("Enter")


def learner_turns(page: Any, decisions: int, game: str, screenshot: Any) -> set[str]:
    """Answer ``decisions`` of the learner's decisions with the keys; the kinds met. Each
    kind's panel, the first time, is checked by axe-core (every control named...)."""
    met: set[str] = set()
    for step in range(decisions):
        kind = page.evaluate(KIND)
        if kind in ("game_over", ""):
            break
        if kind not in met:
            found = run_axe(page, PANEL)
            assert not found, f"{game}: the {kind} panel: {found[:3]}"
            screenshot(page, f"keys_game_{game}_{kind}")
        before = log_total(page)
        if kind in ("waiting", "automatic"):
            assert tab_into_panel(page, "button"), f"{game}: Tab does not reach Next"
            page.keyboard.press("Enter")
        elif not page.locator(TARGETS).count() or not answer_on_the_board(page, step):
            answer_in_the_panel(page, kind)
        moved = wait_moved(page, before)
        if not moved and page.locator(ERROR).first.is_visible():
            # refused (a number or a box the rules do not allow): the panel's other answer
            said = page.locator(ERROR).first.inner_text()
            print(f"{game} {kind}: refused: {said}")
            page.keyboard.press("Escape")
            assert tab_into_panel(page, "[class*='-none']"), f"{game} {kind}: refused ({said}), no other way"
            page.keyboard.press("Enter")
            moved = wait_moved(page, before)
        assert moved, f"{game}: the {kind} decision (step {step}) was not answered with the keys"
        met.add(kind)
        settle(page, 400)
    return met


@pytest.mark.browser
@pytest.mark.parametrize(("game", "decisions", "kinds"), [
    ("princes", 20, {"place_inca", "turn", "produce", "trade"}),
    ("priests", 10, {"lay", "order"}),
])
def test_a_whole_game_with_the_keys_alone(game: str, decisions: int, kinds: set[str], open_notebook,
                                          run_all, screenshot, console_messages) -> None:
    page = open_notebook(HERE / f"keys_{game}.ipynb", name=f"keys-game-{game}.ipynb",
                         viewport=(1280, 720))
    run_all(page)
    page.locator(f"{PICTURE} svg").first.wait_for(state="visible", timeout=60_000)
    page.evaluate("() => document.querySelector('.mp-board').scrollIntoView()")
    settle(page, 400)
    try:
        met = learner_turns(page, decisions, game, screenshot)
    except AssertionError:
        screenshot(page, f"keys_game_{game}_stuck")
        raise
    screenshot(page, f"keys_game_{game}")
    print(f"\n{game}: decisions answered with the keys: {sorted(met)}")
    assert kinds <= met, met
    assert not page_errors(page, console_messages)
