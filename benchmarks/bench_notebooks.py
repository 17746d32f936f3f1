"""Time the tutorial notebook suite under nbval (what ``scripts/test.sh`` runs for notebooks/).

    .venv/bin/python benchmarks/bench_notebooks.py               # every notebook, every language
    .venv/bin/python benchmarks/bench_notebooks.py 04 05         # some chapters
    .venv/bin/python benchmarks/bench_notebooks.py --workers 0   # in one process

Prints the wall time of ``pytest notebooks --nbval-lax -n WORKERS --dist loadfile`` (one
kernel per notebook, every cell run, checked outputs compared; the cells of a notebook stay
on one worker, as in scripts/test.sh) and the time per notebook (setup, cells and teardown,
from pytest's --durations). Target: the whole suite under 60 s on a 2-core machine.
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TARGET_S = 60.0
_LINE = re.compile(r"^\s*([\d.]+)s\s+(setup|call|teardown)\s+(\S+?\.ipynb)::")


def main(argv: list[str]) -> int:
    workers = "auto"
    if "--workers" in argv:
        i = argv.index("--workers")
        workers, argv = argv[i + 1], argv[:i] + argv[i + 2:]
    notebooks = sorted(p for p in (REPO / "notebooks").rglob("*.ipynb")
                       if ".ipynb_checkpoints" not in p.parts)
    if argv:
        notebooks = [p for p in notebooks if p.name[:2] in argv or p.stem in argv]
    if not notebooks:
        print("no notebooks found")
        return 1
    cmd = [
        sys.executable,
        "-m",
        "pytest",
        *[str(p.relative_to(REPO)) for p in notebooks],
        "--nbval-lax",
        "-q",
        "-p",
        "no:cacheprovider",
        "--durations=0",
        "--durations-min=0",
        "-n",
        workers,
        "--dist",
        "loadfile",
    ]
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    per: dict[str, float] = defaultdict(float)
    for line in proc.stdout.splitlines():
        m = _LINE.match(line)
        if m:
            per[m.group(3).removeprefix("notebooks/")] += float(m.group(1))
    summary = [ln for ln in proc.stdout.splitlines() if re.search(r"\d+ (passed|failed)", ln)]
    print(f"{'notebook':40} {'seconds':>8}   (workers: {workers})")
    for name in sorted(per):
        print(f"{name:40} {per[name]:8.2f}")
    print(f"{'sum of per-notebook times':40} {sum(per.values()):8.2f}")
    print(f"{'wall time (pytest --nbval-lax)':40} {wall:8.2f}")
    print(f"pytest: {summary[-1].strip() if summary else 'no summary'} (exit {proc.returncode})")
    verdict = "within" if wall <= TARGET_S else "OVER"
    print(f"{len(notebooks)} notebooks in {wall:.1f} s: {verdict} the {TARGET_S:.0f} s target")
    if proc.returncode != 0:
        print(proc.stdout[-3000:])
    return proc.returncode


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
