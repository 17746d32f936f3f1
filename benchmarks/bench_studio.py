"""The lesson studio in headless Chromium (a real JupyterLab and kernel): how many clicks and
seconds a teacher needs to rebuild the rulebook's production example from a new game, and
how long an edit takes from the click to the redrawn map.

1. The studio's notebook is opened and run; the teacher's way of the browser test
   (``tests/browser/studio_flow.py``: day and turn in the form, three Princes and four Incas
   placed by clicks, the bonus) is played and its clicks and seconds counted.
2. With the Incas tool, a district of the map is clicked ``--edits`` times, adding and taking
   away an Inca in turn: each click is timed in the page from the click to the next frame after
   the map was redrawn (the message to the kernel, the engine's check of the position, the new
   snapshot, the sync back, the drawing).

    python benchmarks/bench_studio.py [--edits 30] [--width 1400 --height 900]

Needs Debian's chromium (/usr/bin/chromium) and the playwright and jupyterlab packages.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

import conftest as lab  # noqa: E402  (the browser tests' JupyterLab server)
import harness  # noqa: E402  (chromium, Run All)
from studio_flow import BOARD, Teacher, build_production_example  # noqa: E402

WATCH = """() => {
  const pic = document.querySelector('.mp-studio .mp-board .mp-picture');
  window.__mp = {t0: null, times: []};
  new MutationObserver(() => {
    if (window.__mp.t0 === null) return;
    const t0 = window.__mp.t0;
    window.__mp.t0 = null;
    requestAnimationFrame(() => window.__mp.times.push(performance.now() - t0));
  }).observe(pic, {childList: true});
}"""

CLICK = """(place) => {
  const g = document.querySelector(`.mp-studio .mp-picture [data-target='${place}']`);
  window.__mp.t0 = performance.now();
  g.dispatchEvent(new MouseEvent('click', {bubbles: true}));
}"""


def run(edits: int, width: int, height: int) -> dict[str, float]:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        server = lab._start_server(Path(tmp))
        try:
            shutil.copy(ROOT / "notebooks" / "16-lesson-studio.ipynb", server.root_dir)
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=harness._chromium_path(),
                                             args=harness.CHROMIUM_ARGS)
                page = browser.new_page(viewport={"width": width, "height": height})
                page.set_default_timeout(60_000)
                page.goto(server.lab_url("16-lesson-studio.ipynb"))
                page.wait_for_function("() => !!window.jupyterapp")
                page.locator(".jp-NotebookPanel .jp-Notebook").first.wait_for()
                harness.run_all(page)
                page.locator(f"{BOARD} svg").first.wait_for(state="visible")
                teacher = Teacher(page)
                build_production_example(teacher)
                clicks, seconds = teacher.clicks, teacher.seconds()
                teacher.tool("Incas")
                page.evaluate(WATCH)
                for i in range(edits):
                    teacher.page.locator(".mp-studio .mp-studio-remove button").nth(i % 2).click()
                    page.wait_for_timeout(150)
                    n = page.evaluate("() => window.__mp.times.length")
                    page.evaluate(CLICK, "potters_quarter")
                    page.wait_for_function(f"() => window.__mp.times.length > {n}")
                    page.wait_for_timeout(100)
                times = page.evaluate("() => window.__mp.times")
                browser.close()
        finally:
            lab._stop_server(server)
    return {"clicks": clicks, "seconds": seconds, "median": statistics.median(times),
            "max": max(times), "n": len(times)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--edits", type=int, default=30)
    ap.add_argument("--width", type=int, default=1400)
    ap.add_argument("--height", type=int, default=900)
    args = ap.parse_args()
    t0 = time.perf_counter()
    r = run(args.edits, args.width, args.height)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"the rulebook's production example rebuilt from a new game: {r['clicks']} clicks, "
          f"{r['seconds']:.1f} s (aim: under 40 clicks)")
    print(f"edit to redraw over {r['n']} clicks on the map (an Inca added or taken away), "
          f"{args.width}x{args.height}: median {r['median']:.1f} ms, max {r['max']:.1f} ms "
          f"(aim: median under 50 ms)")
    print(f"  ({time.perf_counter() - t0:.0f} s in all, JupyterLab start included; load {load:.1f})")


if __name__ == "__main__":
    main()
