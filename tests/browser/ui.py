"""Checks a learner's eyes would make, run in the page: text sizes, overlaps, what is in view."""

from __future__ import annotations

from typing import Any

#: the items drawn in districts, which must never overlap one another
MAP_ITEMS = ".mp-board .mp-picture .mp-dname, .mp-board .mp-picture .mp-dsub, " \
            ".mp-board .mp-picture .mp-bonus, .mp-board .mp-picture .mp-piece, " \
            ".mp-board .mp-picture .mp-tag"

SIZES_JS = """() => {
  const out = {names: [], learner: []};
  for (const t of document.querySelectorAll('.mp-board .mp-picture .mp-dname')) {
    const svg = t.ownerSVGElement;
    const scale = svg.getScreenCTM().a;
    out.names.push([t.closest('[data-label]').dataset.label, t.textContent,
                    parseFloat(getComputedStyle(t).fontSize) * scale]);
  }
  const learner = '.mp-decision-panel .widget-html-content, .mp-lesson-side .widget-html-content,'
    + ' .mp-board .mp-status, .mp-lesson-task, .mp-feedback p';
  for (const e of document.querySelectorAll(learner)) {
    if (!e.textContent.trim() || !e.getClientRects().length) continue;
    const cs = getComputedStyle(e);
    out.learner.push([e.textContent.trim().slice(0, 40), parseFloat(cs.fontSize), cs.fontFamily,
                      cs.wordBreak, cs.overflowWrap]);
  }
  return out;
}"""

OVERLAPS_JS = """(sel) => {
  const items = Array.from(document.querySelectorAll(sel)).filter(e => e.getClientRects().length);
  const boxes = items.map(e => {
    const r = e.getBoundingClientRect();
    const g = e.closest('[data-label]');
    return {x: r.left, y: r.top, w: r.width, h: r.height, cls: e.getAttribute('class'),
            d: g ? g.dataset.label : '', text: e.textContent.slice(0, 20)};
  });
  const bad = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const a = boxes[i], b = boxes[j];
    const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
    const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
    if (w > 1.5 && h > 1.5) bad.push([a.d, a.cls, a.text, b.d, b.cls, b.text, Math.round(w), Math.round(h)]);
  }
  return {count: boxes.length, bad};
}"""

#: whether a learner sees ``sel`` (the decision panel): its first 48 px (its title) in the
#: notebook's view; or, when the board needs the whole view (1024x768 with the file browser
#: open: the panel then waits under the board, below the view, rather than cover any of it),
#: the board leaving less than those 48 px at the view's bottom and its status line, which says the same decision,
#: in view
IN_VIEW_JS = """(sel) => {
  const e = document.querySelector(sel);
  if (!e) return null;
  const r = e.getBoundingClientRect();
  const nb = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer')
    || document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook');
  const v = nb.getBoundingClientRect();
  const bottom = Math.min(v.bottom, window.innerHeight);
  const need = Math.min(r.height, 48);
  const board = e.closest('.mp-tutor')?.querySelector('.mp-board');
  const status = board?.querySelector('.mp-status')?.getBoundingClientRect();
  const below = !!board && r.top >= bottom - 1 && board.getBoundingClientRect().bottom >= bottom - need
    && !!status && status.height > 0 && status.top >= v.top - 1 && status.bottom <= bottom + 1;
  return {top: r.top, bottom: r.bottom, viewTop: v.top, viewBottom: bottom, waitsBelow: below,
          status: status && [status.top, status.bottom], board: board && board.getBoundingClientRect().bottom,
          visible: (r.top >= v.top - 1 && r.top + need <= bottom + 1) || below};
}"""


def text_sizes(page: Any) -> dict[str, Any]:
    return page.evaluate(SIZES_JS)


def overlaps(page: Any, selector: str = MAP_ITEMS) -> dict[str, Any]:
    return page.evaluate(OVERLAPS_JS, selector)


def in_view(page: Any, selector: str) -> dict[str, Any] | None:
    return page.evaluate(IN_VIEW_JS, selector)


def revision(page: Any) -> int:
    return int(page.locator(".mp-board").first.get_attribute("data-revision") or 0)


def wait_revision(page: Any, after: int, timeout: float = 20_000) -> None:
    page.wait_for_function(
        f"() => Number(document.querySelector('.mp-board')?.dataset.revision || 0) > {after}",
        timeout=timeout)


def settle(page: Any, ms: int = 150) -> None:
    """Let the kernel's follow-up messages (panels, lesson) arrive."""
    page.wait_for_timeout(ms)


__all__ = ["MAP_ITEMS", "in_view", "overlaps", "revision", "settle", "text_sizes", "wait_revision"]


def click_synced(page: Any, selector: str, where: str,
                 panel: str | None = ".mp-decision-panel") -> None:
    """Click, wait for the board's re-sync, and check that ``panel`` (the decision panel
    by default) is in view afterwards."""
    before = revision(page)
    page.locator(selector).first.click()
    wait_revision(page, before)
    settle(page)
    if panel is not None:
        view = in_view(page, panel)
        assert view is not None and view["visible"], f"{where}: {panel} out of view {view}"
