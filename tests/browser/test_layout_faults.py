"""Small layout faults a learner met (issue 29, point 7), in the installed tutor's chapter 04,
English and French, at 1024x768, 1280x720 and 1400x900 with the file browser open.

- The decision panel's menus ("Move to", "Or stay") and its typed-move box lie inside the
  panel (the menu's arrow in sight), and the box's placeholder fits it whole; the example
  of a move is a line of its own, inside the panel.
- A banner (the llama question, a lesson's refusal) never covers the place it is about, the
  district just clicked, whether it lies at the map's top or bottom; it is in view, and the
  map does not move.
"""

from __future__ import annotations

from typing import Any

import pytest
from keys import PICTURE, open_chapter, page_errors
from ui import revision, settle, wait_revision

SIZES = [(1024, 768), (1280, 720), (1400, 900)]

#: each menu and text box of the decision panel: its box against the panel's content box,
#: whether its text is wider than its room (a placeholder measured in its own font)
PANEL_FIT = """() => {
  const panel = document.querySelector('.mp-tutor .mp-decision-panel');
  const p = panel.getBoundingClientRect();
  const ps = getComputedStyle(panel);
  const right = p.right - parseFloat(ps.borderRightWidth) - parseFloat(ps.paddingRight);
  const ctx = document.createElement('canvas').getContext('2d');
  const out = [];
  for (const e of panel.querySelectorAll('select, input[type="text"], .mp-example')) {
    if (!e.getClientRects().length) continue;
    const r = e.getBoundingClientRect();
    const cs = getComputedStyle(e);
    let text = 0;
    if (e.tagName === 'INPUT') {
      ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      text = ctx.measureText(e.placeholder).width;
    }
    const room = e.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    out.push({what: e.tagName + ' ' + (e.placeholder || e.textContent || '').slice(0, 40),
              right: r.right, limit: right, text, room});
  }
  return out;
}"""

#: where the banner lies, against the place it is about (its label) and the part of the
#: screen the board is seen in (the notebook's view, above a pinned decision panel)
BANNER = f"""(place) => {{
  const b = document.querySelector('.mp-board .mp-banners').getBoundingClientRect();
  const l = document.querySelector(`{PICTURE} [data-label="${{place}}"]`).getBoundingClientRect();
  const v = document.querySelector('.mp-board').closest('.jp-WindowedPanel-outer').getBoundingClientRect();
  const panel = document.querySelector('.mp-tutor .mp-decision-panel');
  const pinned = getComputedStyle(panel).position === 'sticky' ? panel.getBoundingClientRect().top : Infinity;
  return {{banner: [b.top, b.bottom], place: [l.top, l.bottom],
           view: [v.top, Math.min(v.bottom, pinned)],
           covers: Math.max(0, Math.min(b.bottom, l.bottom) - Math.max(b.top, l.top))}};
}}"""


def map_top(page: Any) -> float:
    return page.evaluate(f"""() => document.querySelector('{PICTURE} svg').getBoundingClientRect().top
        + document.querySelector('.mp-board').closest('.jp-WindowedPanel-outer').scrollTop""")


def click_place(page: Any, place: str) -> None:
    """A mouse click on a district's name, as a learner clicks it (once it is in view)."""
    page.evaluate(f"""() => document.querySelector('{PICTURE} [data-label="{place}"]')
        .scrollIntoView({{block: 'nearest'}})""")
    settle(page, 200)
    xy = page.evaluate(f"""() => {{ const r = document.querySelector(
        '{PICTURE} [data-label="{place}"] .mp-dname').getBoundingClientRect();
        return [r.left + r.width / 2, r.top + r.height / 2]; }}""")
    before = revision(page)
    page.mouse.click(*xy)
    wait_revision(page, before)
    settle(page, 300)


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_panel_fits_and_a_banner_leaves_its_place_in_sight(
        open_notebook, run_all, lab_command, screenshot, console_messages, size, lang) -> None:
    path = "04-production.ipynb" if lang == "en" else "fr/04-production.ipynb"
    name = f"faults-04-{lang}-{size[0]}.ipynb"
    page = open_chapter(open_notebook, path, name, size, run_all, lab_command)
    where = f"{lang} {size[0]}x{size[1]}"
    fits = page.evaluate(PANEL_FIT)
    assert len(fits) >= 4, fits  # Move to, Or stay, the typed-move box, its example
    wide = [f for f in fits if f["right"] > f["limit"] + 0.5 or f["text"] > f["room"] + 0.5]
    assert not wide, f"{where}: past the decision panel's edge or cut off: {wide}"
    # the banners: a llama question at the map's top, one at its bottom, a lesson's refusal
    top = map_top(page)
    for place, kind in (("corn_terraces", "ask"), ("temple_of_the_sun", "ask"),
                        ("condor_temple", "ask"), ("house_of_priests", "error")):
        click_place(page, place)
        page.locator(f".mp-board .mp-{kind}").first.wait_for(state="visible")
        settle(page, 200)
        box = page.evaluate(BANNER, place)
        assert box["covers"] <= 0.5, f"{where}: the banner covers {place}: {box}"
        assert box["banner"][0] >= box["view"][0] - 1 and box["banner"][1] <= box["view"][1] + 1, \
            f"{where}: the banner about {place} is out of view: {box}"
        assert abs(map_top(page) - top) <= 8, f"{where}: the map moved for the banner about {place}"
        if place == "corn_terraces":
            screenshot(page, f"faults_04_{lang}_{size[0]}x{size[1]}_banner")
        page.locator(f".mp-board .mp-{kind} button.{'mp-cancel' if kind == 'ask' else 'mp-dismiss'}"
                     ).first.click()
        page.locator(".mp-board .mp-banners").first.wait_for(state="hidden")
    assert not page_errors(page, console_messages)
