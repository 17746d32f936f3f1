"""What a learner sees of the board while using it (issue 18): nothing hidden, nothing moving.

At 1024x768 with the file browser open and the board's top at the top of the view, no click
target of chapters 04 and 14 lies under the pinned decision panel. The map's top moves at
most 8 px when the coach's box appears and goes (chapter 14) and when a refusal banner
appears after a mouse click; the coach's box is then in sight, not under the panel. The presentation fits 1920x1080 without scrolling. The focus
ring is at least 2 px wide with a contrast of at least 3:1 against what is around it, on a
district, a priests card and place, and the toolbar's buttons.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from colour_vision import contrast
from keys import PICTURE, arrow_to, focus_board, open_chapter, page_errors
from ui import settle

HERE = Path(__file__).resolve().parent

#: click targets whose rectangle meets the decision panel's, or lies below the view
COVERED = f"""() => {{
  const panel = document.querySelector('.mp-tutor .mp-decision-panel').getBoundingClientRect();
  const view = document.querySelector('.mp-board').closest('.jp-WindowedPanel-outer').getBoundingClientRect();
  const out = [];
  for (const t of document.querySelectorAll('{PICTURE} [data-target]')) {{
    const r = t.getBoundingClientRect();
    if (!r.width) continue;
    const w = Math.min(r.right, panel.right) - Math.max(r.left, panel.left);
    const h = Math.min(r.bottom, panel.bottom) - Math.max(r.top, panel.top);
    if ((w > 0 && h > 0) || r.bottom > view.bottom)
      out.push([t.dataset.target, Math.round(r.top), Math.round(r.bottom), Math.round(panel.top)]);
  }}
  return out; }}"""


@pytest.mark.browser
@pytest.mark.parametrize("path", ["04-production.ipynb", "14-full-game.ipynb", "priests/01-laying.ipynb"])
def test_no_target_under_the_pinned_panel(path: str, open_notebook, run_all, lab_command,
                                          screenshot) -> None:
    short = path.replace("/", "-").removesuffix(".ipynb")
    page = open_chapter(open_notebook, path, f"cover-{short}.ipynb", (1024, 768), run_all, lab_command)
    screenshot(page, f"cover_{short}_1024x768")
    top = page.evaluate("() => document.querySelector('.mp-board').getBoundingClientRect().top - "
                        "document.querySelector('.jp-WindowedPanel-outer').getBoundingClientRect().top")
    assert abs(top) <= 2, f"the board's top is not at the view's top ({top} px)"
    covered = page.evaluate(COVERED)
    assert not covered, f"{path}: click targets under the decision panel (top, bottom, panel's top): {covered}"

#: how much of the coach's box a learner sees, from its top: not under the decision panel nor
#: below the view
COACH_IN_SIGHT = """() => {
  const b = document.querySelector('.mp-board .mp-coach-hint').getBoundingClientRect();
  const p = document.querySelector('.mp-tutor .mp-decision-panel').getBoundingClientRect();
  const v = document.querySelector('.mp-board').closest('.jp-WindowedPanel-outer').getBoundingClientRect();
  const end = Math.min(b.bottom, v.bottom, window.innerHeight, p.top > b.top ? p.top : Infinity);
  return {top: Math.round(b.top), bottom: Math.round(b.bottom), panel: Math.round(p.top),
          view: Math.round(v.bottom), sight: Math.round(end - Math.max(b.top, v.top))}; }"""


def map_place(page: Any) -> float:
    """The map's top in the notebook's content (its top on the screen plus the notebook's
    scroll): what the board's own changes move, not the learner's scrolling (nor Playwright's,
    which brings a button into view before clicking it, as a learner scrolls to it)."""
    return page.evaluate(f"""() => document.querySelector('{PICTURE} svg').getBoundingClientRect().top
        + document.querySelector('.mp-board').closest('.jp-WindowedPanel-outer').scrollTop""")


@pytest.mark.browser
def test_the_map_holds_still_for_the_coach_and_a_click(open_notebook, run_all, lab_command,
                                                       screenshot, console_messages) -> None:
    page = open_chapter(open_notebook, "14-full-game.ipynb", "still-14.ipynb", (1024, 768), run_all,
                        lab_command)
    top = map_place(page)

    def moved(selector: str, state: str = "visible") -> float:
        """How far the map moved once ``selector`` reaches ``state``."""
        page.locator(selector).first.wait_for(state=state, timeout=60_000)
        settle(page, 300)
        return map_place(page) - top

    moves = {}
    page.locator(".mp-board button.mp-hint").first.click()
    moves["coach's box appears"] = moved(".mp-board .mp-coach-hint")
    moves["coach's hint ready"] = moved(".mp-board .mp-coach-hint[data-state='ready']")
    screenshot(page, "still_14_coach")
    box = page.evaluate(COACH_IN_SIGHT)
    assert box["sight"] >= 48, f"the coach's box is under the decision panel or out of view: {box}"
    page.locator(".mp-board button.mp-coach-close").first.click()
    moves["coach's box goes"] = moved(".mp-board .mp-coach-hint", "detached")
    # a click on a place that means nothing now: the refusal's banner lies over the map
    xy = page.evaluate(f"""() => {{
      for (const s of document.querySelectorAll('{PICTURE} [data-spot]')) {{
        const r = s.getBoundingClientRect();
        const x = r.left + r.width / 2, y = r.top + r.height / 2;
        const hit = document.elementFromPoint(x, y);
        if (hit && hit.closest('[data-spot]') === s) return [x, y];
      }}
      return null; }}""")
    assert xy, "no place of the map that means nothing now is in sight"
    page.mouse.click(*xy)
    moves["refusal banner appears (click)"] = moved(".mp-board .mp-error")
    screenshot(page, "still_14_refusal")
    page.locator(".mp-board .mp-error button.mp-dismiss").first.click()
    moves["refusal banner goes (OK)"] = moved(".mp-board .mp-error", "hidden")
    print(f"\nthe map's top moved (px): {moves}")
    assert all(abs(dy) <= 8 for dy in moves.values()), moves
    assert not page_errors(page, console_messages)


@pytest.mark.browser
def test_presentation_fits_1920x1080(open_notebook, run_all, screenshot) -> None:
    page = open_notebook(HERE / "present.ipynb", name="access-present-1920.ipynb", viewport=(1920, 1080))
    run_all(page)
    page.locator(f"{PICTURE} svg").first.wait_for(state="visible")
    page.locator(".mp-board button.mp-present-button").first.click()
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('.mp-present-count')?.textContent.includes('1 of 3')")
    settle(page, 400)
    screenshot(page, "access_present_1920x1080")
    box = page.evaluate(f"""() => {{
        const board = document.querySelector('.mp-board');
        const b = board.getBoundingClientRect();
        const s = document.querySelector('{PICTURE} svg').getBoundingClientRect();
        const text = document.querySelector('.mp-board .mp-present');
        const names = Array.from(document.querySelectorAll('{PICTURE} .mp-dname')).map(t =>
            parseFloat(getComputedStyle(t).fontSize) * t.ownerSVGElement.getScreenCTM().a);
        return {{board: [b.left, b.top, b.right, b.bottom], svg: [s.left, s.top, s.right, s.bottom],
                 scroll: [board.scrollHeight - board.clientHeight, text.scrollHeight - text.clientHeight],
                 smallest: Math.min(...names)}}; }}""")
    assert box["board"] == [0, 0, 1920, 1080], box
    assert box["svg"][0] >= 0 and box["svg"][1] >= 0 and box["svg"][2] <= 1920.5 and box["svg"][3] <= 1080.5, box
    assert box["scroll"][0] <= 0 and box["scroll"][1] <= 0, f"the presentation scrolls: {box}"
    assert box["smallest"] >= 18, box


# ---------------------------------------------------------------------------------------------
# the focus ring

#: the focused element's ring (outline) and the colours under the ring's line around it
RING = """() => {
  const a = document.activeElement;
  const cs = getComputedStyle(a);
  const width = parseFloat(cs.outlineWidth) || 0;
  const offset = parseFloat(cs.outlineOffset) || 0;
  const r = a.getBoundingClientRect();
  const d = offset + width / 2;
  const rgb = (c) => { const m = c && c.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
    const v = m[1].split(',').map(Number); return v.length > 3 && v[3] === 0 ? null : v.slice(0, 3); };
  const paint = (e) => {
    for (let n = e; n && n.nodeType === 1; n = n.parentElement) {
      const s = getComputedStyle(n);
      if (n instanceof SVGElement && !(n instanceof SVGSVGElement) && n.tagName !== 'g') {
        const f = rgb(s.fill); if (f && s.fillOpacity !== '0') return f; continue; }
      const b = rgb(s.backgroundColor); if (b) return b;
    }
    return [255, 255, 255];
  };
  const around = [];
  const xs = [r.left - d, (r.left + r.right) / 2, r.right + d];
  const ys = [r.top - d, (r.top + r.bottom) / 2, r.bottom + d];
  for (const x of xs) for (const y of ys) {
    if (x === xs[1] && y === ys[1]) continue;
    // what is around: the shapes and boxes under the ring's line (a neighbour's words are not)
    const under = document.elementsFromPoint(x, y).find(e => e !== a && !a.contains(e)
      && !(e instanceof SVGTextElement || e instanceof SVGTSpanElement));
    if (under) around.push(paint(under));
  }
  return {width, style: cs.outlineStyle, color: rgb(cs.outlineColor), around,
          visible: a.matches(':focus-visible'), what: a.dataset.target || a.className};
}"""


def hex_colour(rgb: list[float]) -> str:
    """A computed style's ``rgb(r, g, b)`` channels (0-255) as ``#rrggbb``."""
    return "#" + "".join(f"{round(c):02x}" for c in rgb)


def check_ring(page: Any, where: str) -> dict[str, Any]:
    ring = page.evaluate(RING)
    assert ring["visible"], f"{where}: no :focus-visible on {ring['what']}"
    assert ring["style"] not in ("none", "hidden") and ring["width"] >= 2, f"{where}: {ring}"
    assert ring["color"] and ring["around"], f"{where}: {ring}"
    worst = min(contrast(hex_colour(ring["color"]), hex_colour(c)) for c in ring["around"])
    assert worst >= 3, f"{where}: the ring's contrast is {worst:.2f} against what is around it: {ring}"
    return ring


@pytest.mark.browser
def test_the_focus_ring_is_visible(open_notebook, run_all, lab_command, screenshot) -> None:
    page = open_chapter(open_notebook, "04-production.ipynb", "ring-04.ipynb", (1280, 720), run_all,
                        lab_command)
    focus_board(page)
    arrow_to(page, "coca_plantation")
    check_ring(page, "a district")
    screenshot(page, "ring_district")
    page.keyboard.press("Shift+Tab")  # to the toolbar's "?" button, then back over the others
    for _ in range(4):
        where = page.evaluate("() => document.activeElement.className")
        if page.evaluate("() => document.activeElement.tagName") == "BUTTON":
            check_ring(page, f"the toolbar's button {where}")
        page.keyboard.press("Shift+Tab")
    page = open_chapter(open_notebook, "priests/01-laying.ipynb", "ring-priests-01.ipynb", (1280, 720),
                        run_all, lab_command)
    focus_board(page)
    arrow_to(page, "card-44")
    check_ring(page, "a priests card")
    arrow_to(page, "stair-north")
    check_ring(page, "a priests place")
    screenshot(page, "ring_priests")
