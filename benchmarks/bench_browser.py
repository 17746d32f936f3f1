"""Click-to-redraw of the live board in headless Chromium (a real JupyterLab and kernel).

A Tutor (3 players, the learner plays Blue, random bots play Yellow and Red, the nights run
by themselves) is shown in JupyterLab. The script clicks a district 20 times (a free move of
Blue's Prince) and measures, in the page, the time from the click to the next frame after
the map was redrawn: the message to the kernel, the engine, the bots' replies, the sync
back, and the drawing. Decisions that follow a move are answered in between, untimed. It
also counts how often the map is redrawn per click (one sync must redraw it once).

    python benchmarks/bench_browser.py [--clicks 20] [--width 1400 --height 900] [--keyboard]

With ``--keyboard`` each move is Enter pressed on the focused district (the keyboard's way)
and the script also says how often the focus is back on a click target of the map after the
redraw.

Needs Debian's chromium (/usr/bin/chromium) and the playwright and jupyterlab packages.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

import conftest as lab  # noqa: E402  (the browser tests' JupyterLab server)
import harness  # noqa: E402  (chromium, Run All: shared with the site tests)

NOTEBOOK = {
    "cells": [{"cell_type": "code", "execution_count": None, "id": "bench", "metadata": {},
               "outputs": [], "source": [
                   "from mp_tutor import Game\n", "from mp_tutor.widgets import Tutor\n",
                   "tutor = Tutor(Game.new(players=3, seed=1), seat=0, bots='random', auto_night=True)\n",
                   "tutor.act('inca weaver')\n", "tutor"]}],
    "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                "name": "python3"}},
    "nbformat": 4, "nbformat_minor": 5,
}

WATCH = """() => {
  const pic = document.querySelector('.mp-board .mp-picture');
  window.__mp = {t0: null, times: [], dom: [], redraws: 0, focused: []};
  new MutationObserver(() => {
    window.__mp.redraws += 1;
    if (window.__mp.t0 !== null) {
      const t0 = window.__mp.t0;
      window.__mp.t0 = null;
      window.__mp.dom.push(performance.now() - t0);
      requestAnimationFrame(() => {
        window.__mp.times.push(performance.now() - t0);
        const a = document.activeElement;
        window.__mp.focused.push(!a || !a.closest('.mp-picture') ? 0 : a.dataset.target ? 2 : 1);
      });
    }
  }).observe(pic, {childList: true});
}"""

CLICK = """(keyboard) => {
  const free = Array.from(document.querySelectorAll(
    '.mp-picture g.mp-district.mp-target:not(.mp-target-llama):not(.mp-own)'));
  if (!free.length) return null;
  const g = free[(window.__mp.times.length * 7) % free.length];
  if (keyboard) g.focus();
  window.__mp.t0 = performance.now();
  if (keyboard) g.dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter', bubbles: true}));
  else g.dispatchEvent(new MouseEvent('click', {bubbles: true}));
  return g.dataset.district;
}"""

ANSWERS = [".mp-produce-confirm", ".mp-sacrifice-confirm", ".mp-offer-none", ".mp-setup-none",
           ".mp-acquire-none", ".mp-trade-none", ".mp-sunclock-none", ".mp-redeem-confirm",
           ".mp-night-next", ".mp-bot-next"]


def turn_is_ready(page) -> bool:
    return bool(page.evaluate("() => !!document.querySelector('.mp-picture .mp-target:not(.mp-own)')"))


def answer_decisions(page, limit: int = 12) -> None:
    """Answer whatever Blue must decide until Blue's turn comes (untimed)."""
    for _ in range(limit):
        page.wait_for_timeout(120)
        if turn_is_ready(page):
            return
        panel = page.locator(".mp-decision-panel").first
        text = panel.inner_text()
        boxes = panel.locator("input[type=checkbox]:not(:disabled)")
        if page.locator(".mp-goods-confirm").count() and page.locator(".mp-goods-confirm").first.is_visible():
            for i in range(min(3, boxes.count())):
                boxes.nth(i).check()
            page.locator(".mp-goods-confirm").first.click()
            continue
        if page.locator(".mp-return-confirm").count() and page.locator(".mp-return-confirm").first.is_visible():
            need = int((re.search(r"Tick (\d+)", text) or re.search(r"(\d+)", "1")).group(1))
            for i in range(need):
                boxes.nth(i).check()
            page.locator(".mp-return-confirm").first.click()
            continue
        for sel in ANSWERS:
            b = page.locator(f"{sel}:visible").first
            if b.count() and b.is_enabled():
                b.click()
                break


def run(clicks: int, width: int, height: int, keyboard: bool = False) -> dict[str, float]:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        server = lab._start_server(Path(tmp))
        try:
            (server.root_dir / "bench.ipynb").write_text(json.dumps(NOTEBOOK))
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=harness._chromium_path(),
                                             args=harness.CHROMIUM_ARGS)
                page = browser.new_page(viewport={"width": width, "height": height})
                page.set_default_timeout(60_000)
                page.goto(server.lab_url("bench.ipynb"))
                page.wait_for_function("() => !!window.jupyterapp")
                page.locator(".jp-NotebookPanel .jp-Notebook").first.wait_for()
                harness.run_all(page)
                page.locator(".mp-board .mp-picture svg").first.wait_for()
                page.evaluate(WATCH)
                redraws: list[int] = []
                for _ in range(clicks):
                    answer_decisions(page)
                    before = page.evaluate("() => window.__mp.redraws")
                    n = page.evaluate("() => window.__mp.times.length")
                    if page.evaluate(CLICK, keyboard) is None:
                        break
                    page.wait_for_function(f"() => window.__mp.times.length > {n}")
                    page.wait_for_timeout(250)
                    redraws.append(page.evaluate("() => window.__mp.redraws") - before)
                times = page.evaluate("() => window.__mp.times")
                dom = page.evaluate("() => window.__mp.dom")
                focused = page.evaluate("() => window.__mp.focused")
                browser.close()
        finally:
            lab._stop_server(server)
    return {"median": statistics.median(times), "max": max(times), "n": len(times),
            "dom_median": statistics.median(dom), "dom_max": max(dom),
            "redraws": statistics.mean(redraws) if redraws else 0.0,
            "focused": sum(1 for f in focused if f) / len(focused) if focused else 0.0,
            "on_target": sum(1 for f in focused if f == 2) / len(focused) if focused else 0.0}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clicks", type=int, default=20)
    ap.add_argument("--width", type=int, default=1400)
    ap.add_argument("--height", type=int, default=900)
    ap.add_argument("--keyboard", action="store_true",
                    help="press Enter on the focused district instead of clicking it")
    args = ap.parse_args()
    t0 = time.perf_counter()
    r = run(args.clicks, args.width, args.height, args.keyboard)
    print(f"click to redraw over {r['n']} clicks (bot replies included), {args.width}x{args.height}:")
    print(f"  to the next frame after the map was redrawn: median {r['median']:.1f} ms   "
          f"max {r['max']:.1f} ms   (aim: median under 50 ms)")
    print(f"  to the map's new picture in the page:        median {r['dom_median']:.1f} ms   "
          f"max {r['dom_max']:.1f} ms")
    print(f"  map redraws per click: {r['redraws']:.2f} (one sync, one redraw)")
    print(f"  focus on the map after the redraw: {r['focused']:.0%} of the "
          f"{'key presses' if args.keyboard else 'clicks (a mouse click does not focus)'}, "
          f"on a click target {r['on_target']:.0%} (none left: the map itself)")
    print(f"  ({time.perf_counter() - t0:.0f} s in all, JupyterLab start included)")


if __name__ == "__main__":
    main()
