"""The seams a keyboard or screen-reader user meets (issue 28, points 2 to 14), in a real
JupyterLab: several notebooks open at once, the focus after a decision, what the live
regions say, the language of each text, the arrow keys on the map, what the focus shows.
"""

from __future__ import annotations

import shutil
from typing import Any

import pytest
from axe import run_axe
from harness import lab_command, run_all, wait_for_kernel_idle
from keys import (
    FOCUS_PLACE,
    FOCUSED,
    NOTEBOOKS,
    PICTURE,
    arrow_path,
    arrow_to,
    focus_board,
    open_chapter,
    page_errors,
    press_synced,
    tab_to,
)
from ui import in_view, revision, settle, wait_revision

CHAPTERS = {"00": "00-start-here.ipynb", "04": "04-production.ipynb",
            "14": "14-full-game.ipynb", "priests-01": "priests/01-laying.ipynb",
            "fr-04": "fr/04-production.ipynb", "nl-priests-01": "nl/priests/01-laying.ipynb"}

#: every id of a board's parts, and every reference to one from inside a board (its board)
IDS_JS = """() => {
  const ids = Array.from(document.querySelectorAll('.mp-board [id]')).map((e) => e.id);
  const wrong = [];
  for (const board of document.querySelectorAll('.mp-board')) {
    for (const e of board.querySelectorAll('[aria-describedby], [aria-controls], [aria-labelledby]')) {
      for (const attr of ['aria-describedby', 'aria-controls', 'aria-labelledby']) {
        for (const id of (e.getAttribute(attr) || '').split(/\\s+/).filter(Boolean)) {
          const to = document.getElementById(id);
          if (!to || to.closest('.mp-board') !== board) wrong.push([e.dataset.target || e.className, attr, id]);
        }
      }
    }
  }
  return {ids, wrong, boards: document.querySelectorAll('.mp-board').length};
}"""


def open_also(page: Any, server: Any, path: str, name: str) -> None:
    """Open one more chapter in the same JupyterLab page and run it."""
    dest = server.root_dir / name
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(NOTEBOOKS / path, dest)
    lab_command(page, "docmanager:open", {"path": name})
    page.wait_for_function(
        f"() => window.jupyterapp.shell.currentWidget?.context?.path === {name!r}")
    wait_for_kernel_idle(page, timeout=120)
    run_all(page, timeout=180)
    page.locator(f".jp-NotebookPanel:not(.lm-mod-hidden) {PICTURE} svg").first.wait_for(
        state="visible", timeout=60_000)


@pytest.mark.browser
def test_ids_are_unique_with_several_notebooks_open(open_notebook, run_all, lab_command,
                                                     jupyter_server, console_messages) -> None:
    """Point 2: chapters 00 and 04 and priests 01 open at once; each board's parts have ids of
    their own, and every board's picture is described by its own summary."""
    page = open_chapter(open_notebook, "00-start-here.ipynb", "ids-00.ipynb", (1280, 720),
                        run_all, lab_command)
    open_also(page, jupyter_server, "04-production.ipynb", "ids-04.ipynb")
    open_also(page, jupyter_server, "priests/01-laying.ipynb", "ids-priests-01.ipynb")
    found = page.evaluate(IDS_JS)
    assert found["boards"] == 3, found["boards"]
    twice = sorted({i for i in found["ids"] if found["ids"].count(i) > 1})
    assert not twice, f"ids used by more than one element: {twice}"
    assert not found["wrong"], f"references to another board's parts: {found['wrong'][:5]}"
    # what a screen reader hears on each board: its own summary (the priests' rounds, the
    # Princes' days: chapter 00 on day 2, chapter 04 on day 3)
    said = page.evaluate(f"""() => Array.from(document.querySelectorAll('{PICTURE}')).map((p) =>
        document.getElementById(p.getAttribute('aria-describedby')).textContent)""")
    assert [s.split(".")[0] for s in said] == ["Day 2 of 9", "Day 3 of 9", "Round 2 of 9"], said
    assert not page_errors(page, console_messages)


#: where the focus is: "panel" (a control of the decision panel), "map" (a target of the
#: map), "tutor" (elsewhere in the tutor), "page" (outside it: the body or the notebook)
WHERE_JS = """() => {
  const a = document.activeElement;
  if (!a || !a.closest('.mp-tutor')) return 'page';
  if (a.closest('.mp-decision-panel') && a.matches('button, input, select, textarea')) return 'panel';
  if (a.closest('.mp-picture') && a.dataset.target) return 'map';
  return 'tutor';
}"""


def answer_in_panel(page: Any, control: str) -> str:
    """Tab to a control of the decision panel, press Enter; where the focus is once the
    decision changed and the panel holds still."""
    tab_to(page, f".mp-decision-panel {control}")
    before = revision(page)
    page.keyboard.press("Enter")
    wait_revision(page, before)
    settle(page, 1200)
    return page.evaluate(WHERE_JS)


@pytest.mark.browser
@pytest.mark.parametrize("chapter", ["00", "14"])
def test_the_focus_after_a_decision_goes_to_the_next_thing_to_do(chapter: str, open_notebook,
                                                                 run_all, lab_command,
                                                                 console_messages) -> None:
    """Point 3: an answer in the decision panel that changes the decision (00: Produce; 14:
    the Farmer, then Produce) leaves the focus on the next decision's first control or on the
    map's target, never on the page."""
    page = open_chapter(open_notebook, CHAPTERS[chapter], f"focus-{chapter}.ipynb", (1280, 720),
                        run_all, lab_command)
    if chapter == "14":
        where = answer_in_panel(page, "button.mp-place-farmer")
        assert where in ("panel", "map"), f"after the Farmer the focus is on the {where}"
    focus_board(page)
    arrow_to(page, "corn_terraces")
    press_synced(page, "Enter")
    where = answer_in_panel(page, "button.mp-produce-confirm")
    assert where in ("panel", "map"), f"after Produce the focus is on the {where}"
    assert not page_errors(page, console_messages)


#: every text the tutor's live regions take from now on: [region, text]
HEAR_JS = """() => {
  window.__mpHeard = [];
  const live = '[aria-live], [role="alert"], [role="status"], [role="log"]';
  const last = new Map();
  const look = () => {
    for (const r of document.querySelectorAll(live)) {
      if (!r.closest('.mp-tutor, .mp-board, .mp-logview, .mp-lesson, .mp-quiz')) continue;
      const text = r.textContent.replace(/\\u00a0$/, '').trim();
      if (last.has(r) && last.get(r) !== r.textContent && text) window.__mpHeard.push([r.className, text]);
      last.set(r, r.textContent);
    }
  };
  new MutationObserver(look).observe(document.body, {subtree: true, childList: true, characterData: true});
}"""
HEARD = "() => window.__mpHeard.splice(0)"
#: the live regions in the tutor (the board's polite and assertive ones, nothing else)
REGIONS_JS = """() => Array.from(document.querySelectorAll(
  '.mp-tutor [aria-live], .mp-tutor [role="alert"], .mp-tutor [role="status"], .mp-tutor [role="log"]'),
  (r) => r.className)"""


def heard(page: Any, ms: int = 800) -> list[list[str]]:
    """What the live regions said since the last look (after ``ms`` of quiet)."""
    settle(page, ms)
    return page.evaluate(HEARD)


@pytest.mark.browser
def test_the_live_regions_say_what_the_learner_did_once(open_notebook, console_messages) -> None:
    """Points 4, 5 and 6: Run All (which plays chapter 04's solution to prove it, then takes
    it back) says nothing; a move made with the keys is said once, as sentences, with "Task 1
    done"; a refusal once, by the assertive region alone (the banner is no alert); the log
    and the coach's box are no live regions."""
    page = open_notebook(NOTEBOOKS / CHAPTERS["04"], name="live-04.ipynb", viewport=(1280, 720))
    page.evaluate(HEAR_JS)
    run_all(page, timeout=180)
    page.locator(f"{PICTURE} svg").first.wait_for(state="visible", timeout=60_000)
    page.evaluate("() => document.querySelector('.mp-board').scrollIntoView()")
    assert heard(page, 1500) == [], "Run All was read aloud"
    assert sorted(page.evaluate(REGIONS_JS)) == ["mp-sr-only mp-alarm", "mp-sr-only mp-say"]
    focus_board(page)
    arrow_to(page, "coca_plantation")
    press_synced(page, "Enter")
    said = heard(page)
    assert len(said) == 1 and said[0][0].endswith("mp-say"), said
    text = said[0][1]
    assert text.startswith("Blue moves the Prince to the Coca Plantation. Blue takes"), text
    assert "Task 1 done: send Blue's Prince" in text and "✔" not in text, text
    page.keyboard.press("Escape")
    page.keyboard.press("r")  # nothing to redo: refused
    page.locator(".mp-board .mp-error").first.wait_for(state="visible")
    said = heard(page)
    assert len(said) == 1 and said[0][0].endswith("mp-alarm") and "redo" in said[0][1], said
    assert not page_errors(page, console_messages)


@pytest.mark.browser
def test_the_coach_is_told_once_and_not_again_at_each_move(open_notebook, run_all, lab_command,
                                                           console_messages) -> None:
    """Point 5, the coach: its hint is said once when it comes; a move made with its box open
    is said once (the box says nothing again)."""
    page = open_chapter(open_notebook, "priests/05-full-game.ipynb", "live-priests-05.ipynb",
                        (1280, 720), run_all, lab_command)
    page.evaluate(HEAR_JS)
    page.locator(".mp-board button.mp-hint").first.click()
    page.locator(".mp-board .mp-coach-hint[data-state='ready']").first.wait_for(timeout=60_000)
    said = heard(page)
    assert [s[0] for s in said if "coach suggests" in s[1]] and all(
        s[0].endswith("mp-say") for s in said), said
    assert len([s for s in said if "coach suggests" in s[1]]) == 1, said
    before = revision(page)
    page.locator(".mp-board .mp-coach-play").first.click()  # the suggested move, box open
    wait_revision(page, before)
    said = heard(page, 1500)
    assert len(said) == 1 and said[0][0].endswith("mp-say"), said
    assert "coach suggests" not in said[0][1], said
    assert not page_errors(page, console_messages)


#: the language each text of the tutor is read in: [its nearest lang, text], for every text
#: of the tutor's widgets (board, panels, lesson, log, quick checks)
LANGS_JS = """() => {
  const out = {};
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const e = n.parentElement;
    if (!n.textContent.trim() || !e.closest('.mp-tutor, .mp-quiz, .mp-lesson, .mp-board, .mp-logview')) continue;
    const lang = e.closest('[lang]').getAttribute('lang');
    (out[lang] = out[lang] || []).push(n.textContent.trim().slice(0, 40));
  }
  return out;
}"""


@pytest.mark.browser
@pytest.mark.parametrize("chapter", ["fr-04", "nl-priests-01"])
def test_every_text_of_the_tutor_says_its_language(chapter: str, open_notebook, run_all,
                                                   lab_command, console_messages) -> None:
    """Point 7: the page is lang="en"; a French or Dutch chapter's board, panels, lesson
    and quick checks say they are French or Dutch, and English after the language menu
    chose English."""
    page = open_chapter(open_notebook, CHAPTERS[chapter], f"lang-{chapter}.ipynb", (1280, 720),
                        run_all, lab_command)
    lang = chapter[:2]
    assert page.evaluate("() => document.documentElement.lang") == "en"
    found = page.evaluate(LANGS_JS)
    assert set(found) == {lang}, {k: v[:5] for k, v in found.items()}
    assert len(found[lang]) > 50 and page.locator(f".mp-quiz[lang='{lang}']").count() >= 2
    # the chapter's own text, in the notebook's Markdown cells
    text = page.evaluate("""() => Array.from(document.querySelectorAll(
        '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-RenderedMarkdown h1, '
        + '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-RenderedMarkdown p'),
        (e) => [e.closest('[lang]').getAttribute('lang'), e.textContent.slice(0, 30)])""")
    assert len(text) > 5 and all(x == lang for x, _ in text), text
    before = revision(page)
    page.locator(".mp-board select.mp-language").first.select_option("en")
    wait_revision(page, before)
    settle(page, 1500)
    found = page.evaluate(LANGS_JS)
    assert set(found) == {"en"}, {k: v[:5] for k, v in found.items()}
    assert not page_errors(page, console_messages)


ARROWS = ("ArrowUp", "ArrowRight", "ArrowDown", "ArrowLeft")
FOCUS = """(from) => document.querySelector(`.mp-picture [data-target='${from}'][tabindex]`).focus()"""


def arrow_map(page: Any) -> dict[str, dict[str, str]]:
    """Where each arrow key goes from each focusable target of the map."""
    ids = page.evaluate(f"() => Array.from(document.querySelectorAll('{PICTURE} [data-target][tabindex]'),"
                        " (t) => t.dataset.target)")
    moves: dict[str, dict[str, str]] = {}
    for place in ids:
        moves[place] = {}
        for key in ARROWS:
            page.evaluate(FOCUS, place)
            page.keyboard.press(key)
            moves[place][key] = page.evaluate(FOCUSED)
    return moves


def reachable(moves: dict[str, dict[str, str]], start: str) -> set[str]:
    seen, todo = {start}, [start]
    while todo:
        for nxt in moves[todo.pop()].values():
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


@pytest.mark.browser
@pytest.mark.parametrize(("chapter", "start", "key", "goes"), [
    ("00", "llamas_meadow", "ArrowUp", "corn_terraces"),
    ("04", "puma_temple", "ArrowDown", "weavers_quarter"),
    ("priests-01", "stair-south", "ArrowRight", "stair-east"),
])
def test_the_arrow_keys_follow_the_boards_neighbours(chapter: str, start: str, key: str, goes: str,
                                                    open_notebook, run_all, lab_command,
                                                    console_messages) -> None:
    """Point 8: an arrow key goes to the place next to it on the game's board that lies that
    way (a district that borders it, a stair around the temple), as a learner who sees the
    board reads it: Up from the Llama's Meadow to the Corn Terraces (not the Watchman's Hut),
    Down from the Puma Temple to the Weaver's Quarter (not across the map to the Condor
    Temple), Right from the South stair to the East stair (not to a card of the hand); at the
    map's edge it stays; every target is reached from every other."""
    page = open_chapter(open_notebook, CHAPTERS[chapter], f"arrows-{chapter}.ipynb", (1280, 720),
                        run_all, lab_command)
    moves = arrow_map(page)
    assert moves[start][key] == goes, moves[start]
    for place, way in moves.items():
        assert reachable(moves, place) == set(moves), f"from {place}: {set(moves) - reachable(moves, place)}"
        assert way["ArrowUp"] == place or way["ArrowUp"] != way["ArrowDown"], (place, way)
    if chapter.startswith("priests"):
        ring = {s: moves[f"stair-{s}"] for s in ("north", "east", "south", "west")}
        assert ring["south"]["ArrowLeft"] == "stair-west" and ring["south"]["ArrowUp"] == "stair-north"
        assert ring["north"]["ArrowDown"] == "stair-south" and ring["east"]["ArrowLeft"] == "stair-west"
    else:
        assert moves["weavers_quarter"]["ArrowDown"] == "weavers_quarter"  # the map's edge
    assert not page_errors(page, console_messages)


#: what hides the focused place: out of the notebook's view (with its ring), or under
#: something else at one of five points of its box (the decision panel pinned at the bottom)
HIDDEN_JS = """() => {
  const n = document.activeElement;
  const r = n.getBoundingClientRect();
  const v = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer')
    .getBoundingClientRect();
  const bad = [];
  if (r.top - 4 < Math.max(v.top, 0) || r.bottom + 4 > Math.min(v.bottom, innerHeight))
    bad.push(`out of view: ${Math.round(r.top)}-${Math.round(r.bottom)} in ${Math.round(v.top)}-${Math.round(v.bottom)}`);
  for (const [fx, fy] of [[0.5, 0.5], [0.15, 0.15], [0.85, 0.15], [0.15, 0.85], [0.85, 0.85]]) {
    const hit = document.elementFromPoint(r.left + fx * r.width, r.top + fy * r.height);
    if (!hit || !hit.closest('.mp-picture')) bad.push(`under ${hit ? hit.className : 'nothing'} at ${fx},${fy}`);
  }
  return bad;
}"""


#: the board's top halfway down the notebook's view (as a learner scrolling down to it sees it)
BOARD_MIDWAY_JS = """() => { document.querySelector('.mp-board').scrollIntoView();
  const o = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer');
  o.scrollBy(0, -o.clientHeight / 2); }"""


@pytest.mark.browser
def test_the_focused_place_is_in_sight_above_the_panel(open_notebook, run_all, lab_command,
                                                       screenshot, console_messages) -> None:
    """Point 9: at 1280x720 with both side areas open (the tutor stacked, its decision panel
    pinned at the bottom of the view), the focus on the map and the board's top halfway down
    the view: Right then Down in chapter 04, and the arrow keys to every place of the map,
    each from there: the place the focus lands on is in the view with its ring, not under the
    panel."""
    page = open_chapter(open_notebook, CHAPTERS["04"], "sight-04.ipynb", (1280, 720), run_all,
                        lab_command)
    lab_command(page, "application:toggle-right-area")
    settle(page, 1500)
    assert page.evaluate("() => getComputedStyle(document.querySelector('.mp-decision-panel')).position") == "sticky"
    focus_board(page)
    page.evaluate(BOARD_MIDWAY_JS)
    for key in ("ArrowRight", "ArrowDown"):
        page.keyboard.press(key)
        settle(page, 300)
        hidden = page.evaluate(HIDDEN_JS)
        assert not hidden, f"{key} to {page.evaluate(FOCUSED)}: {hidden}"
    screenshot(page, "access_04_focus_in_sight")
    ids = page.evaluate(f"() => Array.from(document.querySelectorAll('{PICTURE} [data-target][tabindex]'),"
                        " (t) => t.dataset.target)")
    for place in ids:
        start, keys = arrow_path(page, place)
        page.evaluate(FOCUS_PLACE, start)
        page.evaluate(BOARD_MIDWAY_JS)
        settle(page, 200)
        for key in keys:
            page.keyboard.press(key)
        settle(page, 300)
        hidden = page.evaluate(HIDDEN_JS)
        assert not hidden, f"{place}: {hidden}"
    assert not page_errors(page, console_messages)


#: the focus ring of the focused control: its width, style and contrast with what is around it
RING_JS = """() => {
  const a = document.activeElement;
  const cs = getComputedStyle(a);
  const rgba = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  let bg = [255, 255, 255];
  for (let e = a.parentElement; e; e = e.parentElement) {
    const c = rgba(getComputedStyle(e).backgroundColor);
    if (c.length === 3 || c[3] > 0) { bg = c; break; }
  }
  const [l1, l2] = [lum(rgba(cs.outlineColor)), lum(bg)].sort((x, y) => y - x);
  // the boxes around it that cut the ring off (it reaches its width and offset out)
  const r = a.getBoundingClientRect();
  const out = parseFloat(cs.outlineWidth) + parseFloat(cs.outlineOffset) - 0.5;
  const cut = [];
  for (let e = a.parentElement; e && !e.matches('.jp-OutputArea-output'); e = e.parentElement) {
    if (getComputedStyle(e).overflow === 'visible') continue;
    const b = e.getBoundingClientRect();
    if (r.left - out < b.left || r.top - out < b.top || r.right + out > b.right || r.bottom + out > b.bottom)
      cut.push(e.className.split(' ').filter((c) => c.startsWith('mp-') || c.startsWith('widget-')).join('.'));
  }
  return {cls: a.className, width: parseFloat(cs.outlineWidth), style: cs.outlineStyle,
          contrast: (l1 + 0.05) / (l2 + 0.05), cut};
}"""


def ring_ok(page: Any, where: str) -> None:
    ring = page.evaluate(RING_JS)
    assert ring["style"] != "none" and ring["width"] >= 2 and ring["contrast"] >= 3, f"{where}: {ring}"
    assert not ring["cut"], f"{where}: the ring is cut off by {ring['cut']}"


@pytest.mark.browser
def test_the_panels_focus_ring_is_as_plain_as_the_maps(open_notebook, run_all, lab_command,
                                                       console_messages) -> None:
    """Point 10: the decision panel's buttons and box, the lesson's buttons and a quick
    check's controls show a focus ring of at least 2 px and 3:1 (ipywidgets' is 1 px, 2.1:1)."""
    page = open_chapter(open_notebook, CHAPTERS["04"], "ring-04.ipynb", (1280, 720), run_all,
                        lab_command)
    for control in (".mp-decision-panel button.mp-move", ".mp-decision-panel select",
                    ".mp-decision-panel .mp-action-text input", ".mp-lesson-side button.mp-lesson-hint"):
        focus_board(page)
        tab_to(page, control)
        ring_ok(page, control)
    page.locator(".mp-quiz input").first.focus()
    page.keyboard.press("Tab")  # to Reveal, with the keyboard
    assert page.evaluate("() => document.activeElement.matches('.mp-quiz-reveal')")
    ring_ok(page, "the quick check's Reveal")
    assert not page_errors(page, console_messages)


#: whether the focused control shows: its height, and what is drawn at its middle
SHOWN_JS = """() => {
  const a = document.activeElement;
  const r = a.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return {height: r.height, top: hit === a || a.contains(hit)};
}"""


@pytest.mark.browser
def test_the_priests_order_buttons_show_in_a_narrow_notebook(open_notebook, run_all, lab_command,
                                                            console_messages) -> None:
    """Point 11: in a notebook about 460 px wide (800 px with the file browser open, as 1024
    with a wide one), the order decision's buttons stand above their table, each in full
    sight with its focus ring when Tab reaches it."""
    page = open_chapter(open_notebook, "priests/04-order.ipynb", "order-04.ipynb", (800, 768),
                        run_all, lab_command)
    width = page.evaluate("() => document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)')"
                          ".getBoundingClientRect().width")
    assert 420 <= width <= 500, width
    for _ in range(2):  # the lays of round 7, by the lesson's Show me
        before = revision(page)
        page.locator("button.mp-lesson-show").first.click()
        wait_revision(page, before)
        settle(page, 1500)
    for button in ("button.mp-order-tallest", "button.mp-order-smallest"):
        focus_board(page)
        tab_to(page, f".mp-decision-panel {button}")
        settle(page, 300)
        shown = page.evaluate(SHOWN_JS)
        assert shown["height"] >= 20 and shown["top"], f"{button}: {shown}"
        ring_ok(page, button)
    assert not page_errors(page, console_messages)


@pytest.mark.browser
def test_the_list_of_keys_is_a_modal_dialog(open_notebook, run_all, lab_command,
                                            console_messages) -> None:
    """Point 12: the list of keys ("?") keeps the focus (Tab and Shift+Tab go round inside
    it), Escape closes it with the focus back on "?", and the focus taken elsewhere in the tutor
    (the decision panel) closes it: it is never left open over the map."""
    page = open_chapter(open_notebook, CHAPTERS["04"], "modal-04.ipynb", (1280, 720), run_all,
                        lab_command)
    keys = page.locator(".mp-board .mp-keys").first
    inside = "() => !!document.activeElement.closest('.mp-keys')"
    focus_board(page)
    page.keyboard.press("?")
    keys.wait_for(state="visible")
    assert keys.get_attribute("aria-modal") == "true" and keys.get_attribute("role") == "dialog"
    for key in ("Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"):
        page.keyboard.press(key)
        assert page.evaluate(inside), f"{key} left the list of keys"
    page.keyboard.press("Escape")
    keys.wait_for(state="hidden")
    assert page.evaluate("() => document.activeElement.matches('.mp-keys-button')")
    page.keyboard.press("Enter")  # "?" again, with the keyboard
    keys.wait_for(state="visible")
    assert page.evaluate(inside)
    page.locator(".mp-lesson-side button.mp-lesson-hint").first.click()  # the focus elsewhere
    keys.wait_for(state="hidden")
    assert page.locator(".mp-board .mp-keys-button").first.get_attribute("aria-expanded") == "false"
    assert not page_errors(page, console_messages)


@pytest.mark.browser
@pytest.mark.parametrize("chapter", ["priests-01", "04"])
def test_axe_finds_nothing_in_the_chapters_outputs(chapter: str, open_notebook, run_all,
                                                   lab_command, console_messages) -> None:
    """Point 13: axe-core, violations and what it could not decide ("incomplete"), over
    every output of the chapter (the tutor, the quick checks, the game's own picture), after
    a few moves (the log then scrolls; most districts are then no targets): the log is
    reached with the keyboard, the game's picture has a text alternative, no place of a map
    carries a name without a role."""
    page = open_chapter(open_notebook, CHAPTERS[chapter], f"axe-all-{chapter}.ipynb", (1280, 720),
                        run_all, lab_command)
    for _ in range(3 if chapter.startswith("priests") else 1):
        before = revision(page)
        page.locator("button.mp-lesson-show").first.click()
        wait_revision(page, before)
        settle(page, 1500)
    if chapter.startswith("priests"):
        assert page.evaluate("() => { const l = document.querySelector('.mp-logview .mp-log');"
                             " return l.scrollHeight > l.clientHeight; }"), "the log does not scroll"
    else:
        assert page.locator(f"{PICTURE} .mp-district[data-spot]").count() > 10
    found = run_axe(page, ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea-output",
                    incomplete=True)
    assert not found, found[:3]
    assert not page_errors(page, console_messages)


@pytest.mark.browser
def test_the_priests_describe_says_where_the_suns_are(open_notebook, run_all, lab_command,
                                                      console_messages) -> None:
    """Point 14: the Describe text of a Dutch priests board (the "d" key) says where the sun
    squares and the centre are, which the picture marks with suns."""
    page = open_chapter(open_notebook, CHAPTERS["nl-priests-01"], "suns-nl-priests-01.ipynb",
                        (1280, 720), run_all, lab_command)
    focus_board(page)
    page.keyboard.press("d")
    described = page.locator(".mp-board .mp-described").first
    described.wait_for(state="visible")
    text = described.inner_text()
    assert "De tempel" in text and "Zonnevelden: r0c1, r0c3" in text and "middenveld: r2c2" in text, text
    assert not page_errors(page, console_messages)


#: the height on the screen of every word drawn on the map: its 10th percentile and median
WORDS_JS = """() => {
  const h = Array.from(document.querySelectorAll('.mp-board .mp-picture svg text'))
    .filter((t) => t.textContent.trim() && t.getClientRects().length)
    .map((t) => t.getBoundingClientRect().height).sort((a, b) => a - b);
  const at = (p) => h[Math.floor(p * (h.length - 1))];
  return {n: h.length, p10: at(0.1), median: at(0.5)};
}"""


@pytest.mark.browser
def test_the_maps_words_stay_12_px_high_at_1024x768(open_notebook, run_all, lab_command,
                                                    console_messages) -> None:
    """Smaller defect: at 1024x768 with the file browser open, chapter 04's map drawn to fit
    above the decision panel keeps its words at least 12 px high on the screen (their median;
    it was 11, with 10 at the 10th percentile, since the panel learnt to peek); the panel still
    shows its title under the board, and no click target lies under it."""
    page = open_chapter(open_notebook, CHAPTERS["04"], "words-04.ipynb", (1024, 768), run_all,
                        lab_command)
    words = page.evaluate(WORDS_JS)
    print(f"\nchapter 04 at 1024x768, the map's words (px high): {words}")
    assert words["n"] > 40 and words["median"] >= 12 and words["p10"] >= 11, words
    view = in_view(page, ".mp-tutor .mp-decision-panel")
    assert view is not None and view["visible"], view
    assert not page_errors(page, console_messages)
