"""Run every notebook of the classroom site (both games, en/fr/nl) with Run All, in chromium.

Builds the site if needed (``bash scripts/site.sh``), serves it on 127.0.0.1 and opens each
notebook of ``notebooks/`` at the same path in the site (each in a fresh browser context:
nothing cached, no workspace restoring the chapters opened before), runs all its cells
and reports every cell that did not run or shows an error or stderr output, a chapter whose
board never shows, requests to other hosts and uncaught page errors. The CI tests run four
of these chapters (``tests/site/``); this sweep takes about half a minute per notebook.

    python benchmarks/sweep_site.py [--only fr/priests] [PATH ...]

Exit status 1 if any notebook failed.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "browser"), str(ROOT / "tests" / "site"),
                str(ROOT / "benchmarks")]

import harness  # noqa: E402
from bench_site import served  # noqa: E402
from chapters import cell_errors, open_in_site  # noqa: E402

BOARD = ".mp-board .mp-picture svg"
#: does a code cell make a board (a lesson panel or a Tutor)?
NEEDS_BOARD_JS = """() => {
  const m = window.jupyterapp.shell.currentWidget.content.model;
  return Array.from({length: m.cells.length}, (_, i) => m.cells.get(i)).some(c =>
    c.type === 'code' && /LessonPanel|Tutor\\(/.test(c.sharedModel.getSource()));
}"""


def notebooks(only: str | None, paths: list[str]) -> list[str]:
    if paths:
        return paths
    found = sorted(str(p.relative_to(ROOT / "notebooks"))
                   for p in (ROOT / "notebooks").rglob("*.ipynb"))
    return [p for p in found if only is None or p.startswith(only.rstrip("/") + "/")
            or only == "." and "/" not in p]


def sweep_one(ctx, url: str, path: str) -> list[str]:
    """The problems of one notebook, run whole."""
    chapter = open_in_site(ctx, url, path)
    page = chapter.page
    try:
        harness.run_all(page, timeout=240)
        out = cell_errors(chapter)
        has_board = page.evaluate("() => !!document.querySelector('.mp-board')")
        needs_board = page.evaluate(NEEDS_BOARD_JS)
        if needs_board:
            try:
                page.locator(BOARD).first.wait_for(state="visible", timeout=30_000)
            except Exception:  # noqa: BLE001 - reported below
                out.append(f"{path}: no board shown (a board was expected; "
                           f"board element present: {has_board})")
        out += [f"{path}: {u}" for u in chapter.foreign_requests()]
        out += [f"{path}: {m}" for m in harness.console_messages(page)
                if m.startswith("pageerror")]
        return out
    finally:
        harness.forget_console(page)
        page.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--only", help="a folder of notebooks/ ('.' for the English Princes)")
    ap.add_argument("paths", nargs="*", help="notebooks, as paths under notebooks/")
    args = ap.parse_args()
    subprocess.run(["bash", "scripts/site.sh"], cwd=ROOT, check=True)
    todo = notebooks(args.only, args.paths)
    failed: dict[str, list[str]] = {}
    t0 = time.monotonic()
    with served() as url, harness.launched_browser() as browser:
        for path in todo:
            t1 = time.monotonic()
            ctx = browser.new_context(viewport={"width": 1400, "height": 900})
            try:
                problems = sweep_one(ctx, url, path)
            except Exception as e:  # noqa: BLE001 - a notebook that hangs is a finding
                problems = [f"{path}: {type(e).__name__}: {str(e).splitlines()[0]}"]
            finally:
                ctx.close()
            print(f"{'FAIL' if problems else 'ok  '} {path} ({time.monotonic() - t1:.0f} s)",
                  flush=True)
            for line in problems:
                print(f"     {line[:600]}", flush=True)
            if problems:
                failed[path] = problems
    print(f"\n{len(todo) - len(failed)} passed, {len(failed)} failed "
          f"({len(todo)} notebooks in {time.monotonic() - t0:.0f} s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
