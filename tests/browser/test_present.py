"""Presentation mode for a projector: one button, large type, the script's narration, arrows."""

from __future__ import annotations

from pathlib import Path

import pytest
from ui import settle, text_sizes

NOTEBOOK = Path(__file__).with_name("present.ipynb")


def counter(page) -> str:
    return page.locator(".mp-board .mp-present-count").first.inner_text()


@pytest.mark.browser
def test_present_a_scenario_with_the_arrow_keys(open_notebook, run_all, screenshot,
                                                console_messages) -> None:
    page = open_notebook(NOTEBOOK, viewport=(1400, 900))
    run_all(page)
    page.locator(".mp-board .mp-picture svg").first.wait_for(state="visible")
    normal = max(px for _, _, px in text_sizes(page)["names"])
    page.locator(".mp-board button.mp-present-button").first.click()
    page.locator(".mp-board .mp-present").first.wait_for(state="visible")
    assert "step 0 of 3" in counter(page)
    assert "Virgin" in page.locator(".mp-board .mp-present-text").first.inner_text()
    settle(page, 400)
    # full width (the side column is hidden) and large type
    assert page.locator(".mp-decision-panel").first.is_hidden()
    width = page.evaluate("() => document.querySelector('.mp-board').getBoundingClientRect().width")
    assert width > 800
    assert max(px for _, _, px in text_sizes(page)["names"]) > normal
    assert float(page.evaluate("() => parseFloat(getComputedStyle("
                               "document.querySelector('.mp-present-text')).fontSize)")) >= 20
    page.locator(".mp-board").first.focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('.mp-present-count').textContent.includes('1 of 3')")
    assert "temple stones" in page.locator(".mp-board .mp-present-text").first.inner_text()
    screenshot(page, "present_step1")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('.mp-present-count').textContent.includes('2 of 3')")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("() => document.querySelector('.mp-present-count').textContent.includes('1 of 3')")
    page.locator(".mp-board button.mp-exit").first.click()
    page.locator(".mp-board .mp-present").first.wait_for(state="hidden")
    assert page.locator(".mp-decision-panel").first.is_visible()
    errors = [m for m in console_messages(page) if m.startswith("pageerror")]
    assert not errors, errors


# -- a chapter's board, presented (issue 28, points 15 to 18) --------------------------------
PRODUCTION = Path(__file__).with_name("present_production.ipynb")
GAME = Path(__file__).with_name("present_game.ipynb")

#: the font size of every text of the presentation a room reads (its narration, title,
#: buttons, what changed, the picture's words): [class, text, px]
PRESENTED_TEXT_JS = """() => {
  const out = [];
  const board = document.querySelector('.mp-board.mp-presenting');
  for (const e of board.querySelectorAll('.mp-present *, .mp-picture text')) {
    if (!e.getClientRects().length || e.closest('.mp-sr-only, [aria-hidden="true"] .mp-sr-only')) continue;
    const own = Array.from(e.childNodes).some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    const svg = e.ownerSVGElement;
    const k = svg ? svg.getScreenCTM().a : 1;
    out.push([e.getAttribute('class') || e.tagName, e.textContent.trim().slice(0, 30),
              parseFloat(getComputedStyle(e).fontSize) * k]);
  }
  return out;
}"""


def present(page) -> None:
    page.locator(".mp-board button.mp-present-button").first.click()
    page.locator(".mp-board .mp-present").first.wait_for(state="visible")


def wait_counter(page, text: str) -> None:
    page.wait_for_function(
        "(t) => document.querySelector('.mp-board .mp-present-count').textContent === t", arg=text)


def changes(page) -> list[str]:
    return page.locator(".mp-board .mp-present-changes li .mp-sr-only").all_inner_texts()


@pytest.mark.browser
def test_presenting_a_game_steps_by_one_and_leaves_the_board_as_it_was(
        open_notebook, run_all, screenshot, console_messages) -> None:
    """Chapter 14 with three tasks done: the steps are the game's actions so far (the bots'
    too), a fixed list; Back and Forward move by exactly one; Escape leaves the learner's
    game, tasks and lesson as they were, and the focus on Present, its ring shown."""
    page = open_notebook(GAME, viewport=(1400, 900), timeout=180)
    run_all(page, timeout=240)
    page.locator(".mp-board .mp-picture svg").first.wait_for(state="visible")
    page.wait_for_function("() => document.querySelector('.mp-lesson-progress')"
                           "?.textContent.includes('3 of 4')")
    settle(page, 600)
    before = page.evaluate("""() => ({
        svg: document.querySelector('.mp-board .mp-picture').innerHTML,
        tasks: document.querySelector('.mp-lesson-tasks-box').innerText,
        log: document.querySelector('.mp-board').dataset.logTotal})""")
    present(page)
    first = counter(page)
    _, at, _, total = first.split()  # "step N of N"
    n = int(total)
    assert int(at) == n > 4, first
    for i in (n - 1, n - 2, n - 3):
        page.keyboard.press("ArrowLeft")
        wait_counter(page, f"step {i} of {n}")
    page.locator(".mp-board button.mp-back").first.click()
    wait_counter(page, f"step {n - 4} of {n}")
    while counter(page) != f"step 0 of {n}":
        was = int(counter(page).split()[1])
        page.keyboard.press("ArrowLeft")
        wait_counter(page, f"step {was - 1} of {n}")
    assert page.locator(".mp-board button.mp-back").first.is_disabled()
    for i in (1, 2, 3):
        page.keyboard.press("ArrowRight")
        wait_counter(page, f"step {i} of {n}")
    assert page.locator(".mp-board .mp-present-text").first.inner_text().strip()
    screenshot(page, "present_game_step3")
    page.keyboard.press("Escape")
    page.locator(".mp-board .mp-present").first.wait_for(state="hidden")
    settle(page, 600)
    after = page.evaluate("""() => ({
        svg: document.querySelector('.mp-board .mp-picture').innerHTML,
        tasks: document.querySelector('.mp-lesson-tasks-box').innerText,
        log: document.querySelector('.mp-board').dataset.logTotal})""")
    assert after == before
    ring = page.evaluate("""() => { const a = document.activeElement;
        const cs = getComputedStyle(a);
        return [a.className, cs.outlineStyle, parseFloat(cs.outlineWidth)]; }""")
    assert "mp-present-button" in ring[0] and ring[1] != "none" and ring[2] >= 2, ring
    screenshot(page, "present_game_left")
    errors = [m for m in console_messages(page) if m.startswith("pageerror")]
    assert not errors, errors


@pytest.mark.browser
def test_each_step_shows_what_it_changed(open_notebook, run_all, screenshot) -> None:
    """Chapter 04's presentation: each production step shows on the screen whose goods
    changed and by how much, not only in its narration."""
    page = open_notebook(PRODUCTION, viewport=(1400, 900))
    run_all(page)
    page.locator(".mp-board .mp-picture svg").first.wait_for(state="visible")
    present(page)
    assert page.locator(".mp-board .mp-present-changes").first.is_hidden()  # step 0
    seen = []
    for i, want in ((1, ["Blue: coca from 1 to 3"]),
                    (2, ["Blue: corn from 3 to 2", "Blue: coca from 3 to 4"]),
                    (3, ["Yellow: corn from 3 to 2", "Yellow: coca from 1 to 2"]),
                    (4, ["Red: corn from 3 to 1", "Red: coca from 1 to 3"])):
        page.keyboard.press("ArrowRight")
        wait_counter(page, f"step {i} of 4")
        page.locator(".mp-board .mp-present-changes").first.wait_for(state="visible")
        assert changes(page) == want
        shown = page.locator(".mp-board .mp-present-changes .mp-change-seen").all_inner_texts()
        seen.append(shown)
        assert all("\u2192" in line for line in shown), shown
    assert len({tuple(s) for s in seen}) == 4  # no two steps look the same
    screenshot(page, "present_production_step4")
    page.keyboard.press("ArrowLeft")
    wait_counter(page, "step 3 of 4")
    assert changes(page) == ["Yellow: corn from 3 to 2", "Yellow: coca from 1 to 2"]


@pytest.mark.browser
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["1280x720", "1920x1080"])
def test_the_presentation_text_scales_with_the_screen(open_notebook, run_all, screenshot,
                                                      size) -> None:
    """What a room reads (the narration, the title, the buttons, what changed, the map's
    names, sub-labels, badges and pieces) is at least 18 px on a 1280x720 screen, and
    larger on a 1920x1080 one."""
    page = open_notebook(PRODUCTION, viewport=size)
    run_all(page)
    page.locator(".mp-board .mp-picture svg").first.wait_for(state="visible")
    present(page)
    for i in (1, 2):
        page.keyboard.press("ArrowRight")
        wait_counter(page, f"step {i} of 4")
    settle(page, 300)
    texts = page.evaluate(PRESENTED_TEXT_JS)
    kinds = {cls.split()[0] for cls, _, _ in texts}
    assert {"mp-present-title", "mp-present-text", "mp-present-count", "mp-change-what",
            "mp-dname", "mp-dsub", "mp-bonus-text", "mp-chip-text", "mp-prince-text"} <= kinds
    least = 18 if size[0] == 1280 else 26
    small = [(cls, text, round(px, 1)) for cls, text, px in texts if px < least]
    assert not small, small
    screenshot(page, f"present_text_{size[0]}x{size[1]}")


PRIESTS = Path(__file__).with_name("present_priests.ipynb")

#: the picture's words whose boxes overlap another's: [text, text, px across, px down]
TEXT_OVERLAPS_JS = """() => {
  const boxes = Array.from(document.querySelectorAll('.mp-board.mp-presenting .mp-picture text'))
    .filter(e => e.getClientRects().length && e.textContent.trim())
    .map(e => [e.textContent.trim(), e.getBoundingClientRect()]);
  const bad = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [s, a] = boxes[i], [t, b] = boxes[j];
    const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    if (w > 1.5 && h > 1.5) bad.push([s, t, Math.round(w), Math.round(h)]);
  }
  return bad;
}"""


@pytest.mark.browser
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["1280x720", "1920x1080"])
def test_the_priests_presentation_text_scales_with_the_screen(open_notebook, run_all, screenshot,
                                                              size) -> None:
    """The priests game presented (chapter 03's script: cards laid, the order, priests moving
    and taking tokens): at every step, what a room reads (the narration, the title, the
    buttons, and the picture's words: the squares' names, the stairs, who laid each card, the
    priests' numbers, the tokens, the slots, the hand, the round and the sun card) is at
    least 18 px on a 1280x720 screen and larger on a 1920x1080 one, and no two of the
    picture's words overlap."""
    page = open_notebook(PRIESTS, viewport=size)
    run_all(page)
    page.locator(".mp-board .mp-picture svg").first.wait_for(state="visible")
    present(page)
    page.locator(".mp-board .mp-picture svg.mp-pr-large").first.wait_for(state="visible")
    total = int(counter(page).split()[-1])
    least = 18 if size[0] == 1280 else 26
    kinds: set[str] = set()
    for i in range(total + 1):
        if i:  # (the counter and the picture of a step come in one message)
            page.keyboard.press("ArrowRight")
            wait_counter(page, f"step {i} of {total}")
        settle(page, 200)
        texts = page.evaluate(PRESENTED_TEXT_JS)
        kinds |= {cls.split()[0] for cls, _, _ in texts}
        small = [(cls, text, round(px, 1)) for cls, text, px in texts if px < least]
        assert not small, (i, small)
        assert page.evaluate(TEXT_OVERLAPS_JS) == [], i
        if i in (3, total):
            screenshot(page, f"present_priests_{size[0]}x{size[1]}_step{i}")
    assert {"mp-present-title", "mp-present-text", "mp-present-count", "mp-pr-label",
            "mp-pr-coord", "mp-pr-chip-text", "mp-pr-priest-num", "mp-pr-token-num",
            "mp-pr-fire-num", "mp-pr-value", "mp-pr-h", "mp-pr-small", "mp-pr-tiny",
            "mp-pr-card-num", "mp-pr-hand-num", "mp-pr-start-num"} <= kinds, kinds


#: what of the charts' cell reaches past its right edge, and which boxes of the notebook
#: scroll sideways: [what, how far]
CHARTS_OVERFLOW_JS = """() => {
  const charts = document.querySelector('.mp-tutor .mp-charts');
  const cell = charts.closest('.jp-Cell');
  const right = cell.querySelector('.jp-OutputArea-output').getBoundingClientRect().right;
  const out = [];
  for (const e of charts.querySelectorAll('*')) {
    const r = e.getBoundingClientRect();
    if (r.width && r.right > right + 0.5) out.push([String(e.className.baseVal ?? e.className).slice(0, 60), r.right - right]);
  }
  for (const e of document.querySelectorAll('.jp-NotebookPanel *')) {
    const o = getComputedStyle(e).overflowX;
    if ((o === 'auto' || o === 'scroll') && e.scrollWidth > e.clientWidth + 1)
      out.push(['scrolls: ' + String(e.className).slice(0, 60), e.scrollWidth - e.clientWidth]);
  }
  return out;
}"""


@pytest.mark.browser
@pytest.mark.parametrize("sidebar", [True, False], ids=["file browser", "no file browser"])
def test_the_charts_stay_in_their_cell_at_1920x1080(open_notebook, run_all, lab_command,
                                                     screenshot, sidebar: bool) -> None:
    """Chapter 14's bqplot charts: every chart inside its cell, nothing of the notebook
    scrolling sideways, before and after a presentation (which hides them)."""
    page = open_notebook(GAME, viewport=(1920, 1080), timeout=180)
    if not sidebar:
        lab_command(page, "application:toggle-left-area")
    run_all(page, timeout=240)
    page.locator(".mp-tutor .mp-charts .bqplot.figure").first.wait_for(state="visible")
    settle(page, 1500)
    assert page.evaluate(CHARTS_OVERFLOW_JS) == []
    present(page)
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Escape")
    page.locator(".mp-board .mp-present").first.wait_for(state="hidden")
    settle(page, 1500)
    assert page.evaluate(CHARTS_OVERFLOW_JS) == []
    page.locator(".mp-tutor .mp-charts").first.scroll_into_view_if_needed()
    screenshot(page, f"present_game_charts_{'browser' if sidebar else 'wide'}")
