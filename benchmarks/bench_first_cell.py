"""A chapter's first cell in CPython: import the lesson panel, then make a chapter's panel.

Each run is a fresh Python process (nothing imported, nothing cached), as a learner's kernel
is; it times the cell's two statements (by the wall clock and by the process's CPU time, which
counts less of a shared machine's load) (``from mp_tutor.widgets.lesson_panel import
LessonPanel`` and ``LessonPanel("04", game="princes")``) and prints the median and range
over the runs. ``--node SITE_DIR`` runs it in Pyodide in Node.js instead, with a built
site's Pyodide, wheels and bytecode (``benchmarks/first_cell_node.mjs``: the kernel started
as the site's worker starts it, then the cell); ``--against OLD`` alternates with another
built site (A B B A...), so that the shared machine's load weighs on both alike. ``--profile`` runs the cell once more under cProfile and prints the functions
with the most cumulative time (the panel's part only, the import excluded).

    python benchmarks/bench_first_cell.py [--runs 7] [--chapter 04] [--game princes]
                                          [--lang en] [--profile]
    python benchmarks/bench_first_cell.py --node site [--against OLD] [--runs 5]
    python benchmarks/bench_first_cell.py --src NEW --src OLD [--runs 9]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

NODE_SCRIPT = Path(__file__).with_name("first_cell_node.mjs")

#: the cell run in each fresh process; prints its two times as JSON
CELL = """
import json, sys, time
t0, c0 = time.perf_counter(), time.process_time()
from mp_tutor.widgets.lesson_panel import LessonPanel
t1, c1 = time.perf_counter(), time.process_time()
from mp_tutor.core.i18n import set_language
set_language({lang!r})
if {profile}:
    import cProfile, pstats
    prof = cProfile.Profile()
    prof.enable()
lesson = LessonPanel({chapter!r}, game={game!r})
t2, c2 = time.perf_counter(), time.process_time()
if {profile}:
    prof.disable()
    pstats.Stats(prof, stream=sys.stderr).sort_stats("cumulative").print_stats(40)
print(json.dumps({{"import": t1 - t0, "panel": t2 - t1, "import_cpu": c1 - c0,
                  "panel_cpu": c2 - c1}}))
"""


def run_cell(chapter: str, game: str, lang: str, profile: bool = False,
             src: str | None = None) -> dict[str, float]:
    """Run the first cell in a fresh process; its times in seconds (cProfile's table on
    stderr when ``profile``). ``src``: import mp_tutor from this source tree instead (with
    ``widgets/`` linked in as ``mp_tutor/widgets``: ``python -S``, this environment's
    packages after it)."""
    code = CELL.format(chapter=chapter, game=game, lang=lang, profile=profile)
    env = dict(os.environ)
    for name in ("MP_TUTOR_PROGRESS", "PYTHONDONTWRITEBYTECODE"):  # bytecode written once
        env.pop(name, None)
    command = [sys.executable, "-c", code]
    if src:
        import sysconfig

        env["PYTHONPATH"] = os.pathsep.join([src, sysconfig.get_paths()["purelib"]])
        command.insert(1, "-S")
    out = subprocess.run(command, check=True, capture_output=True, text=True, env=env,
                         cwd=src)  # the source tree first on the path, not this folder
    if profile:
        print(out.stderr, file=sys.stderr)
    result: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def run_node(site: str, chapter: str, game: str, lang: str) -> dict[str, float]:
    """Run the first cell in Pyodide in Node.js with ``site``'s Pyodide and wheels; the
    times of each step in seconds (Pyodide's start, the packages, the kernel, the cell's
    import and panel)."""
    out = subprocess.run(["node", str(NODE_SCRIPT), site, chapter, game, lang], check=True,
                         capture_output=True, text=True)
    result: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def summary(times: list[dict[str, float]], parts: tuple[str, ...]) -> str:
    """Median and range in ms of each part and of the cell (import + panel)."""
    lines = []
    for part in parts:
        vals = [t[part] for t in times]
        lines.append(f"{part:9s} median {statistics.median(vals) * 1000:6.0f} ms "
                     f"(range {min(vals) * 1000:.0f}-{max(vals) * 1000:.0f})")
    for suffix, what in (("", "wall clock"), ("_cpu", "CPU time")):
        total = [t["import" + suffix] + t["panel" + suffix] for t in times]
        lines.append(f"{'cell' + suffix:9s} median {statistics.median(total) * 1000:6.0f} ms "
                     f"(range {min(total) * 1000:.0f}-{max(total) * 1000:.0f}), {what}, "
                     f"{len(times)} runs")
    return "\n".join(lines)


def load() -> str:
    """The machine's 1-minute load average, as the figures report it."""
    return f"{os.getloadavg()[0]:.1f}"


def main() -> None:
    """Parse the arguments, run the cell in fresh processes, print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--chapter", default="04")
    ap.add_argument("--game", default="princes")
    ap.add_argument("--lang", default="en")
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--node", metavar="SITE", help="in Pyodide in Node.js, with this built site")
    ap.add_argument("--against", metavar="OLD", help="with --node: alternate with this site")
    ap.add_argument("--src", action="append", metavar="DIR",
                    help="CPython: import mp_tutor from this source tree (mp_tutor/widgets a "
                         "link to widgets/); given twice, alternate between the two")
    args = ap.parse_args()
    if args.src:
        got_src: dict[str, list[dict[str, float]]] = {s: [] for s in args.src}
        for s in args.src:
            run_cell(args.chapter, args.game, args.lang, src=s)  # the bytecode written
        loads = [load()]
        for i in range(args.runs):
            for s in (args.src if i % 2 == 0 else args.src[::-1]):
                got_src[s].append(run_cell(args.chapter, args.game, args.lang, src=s))
        loads.append(load())
        for s in args.src:
            print(f"CPython, {s}, fresh processes [load {loads[0]}-{loads[1]}]")
            print(summary(got_src[s], ("import", "panel", "import_cpu", "panel_cpu")))
        return
    if args.node:
        sites = [args.node, *([args.against] if args.against else [])]
        got: dict[str, list[dict[str, float]]] = {s: [] for s in sites}
        loads = [load()]
        for i in range(args.runs):
            for site in (sites if i % 2 == 0 else sites[::-1]):
                got[site].append(run_node(site, args.chapter, args.game, args.lang))
        loads.append(load())
        for site in sites:
            print(f"{site} [load {loads[0]}-{loads[1]}]")
            print(summary(got[site], ("pyodide", "packages", "kernel", "import", "panel",
                                     "import_cpu", "panel_cpu")))
        return
    run_cell(args.chapter, args.game, args.lang)  # warm the disk cache and the bytecode
    loads = [load()]
    times = [run_cell(args.chapter, args.game, args.lang) for _ in range(args.runs)]
    loads.append(load())
    print(f"CPython, fresh processes [load {loads[0]}-{loads[1]}]")
    print(summary(times, ("import", "panel", "import_cpu", "panel_cpu")))
    if args.profile:
        run_cell(args.chapter, args.game, args.lang, profile=True)


if __name__ == "__main__":
    main()
