"""The classroom site (``bash scripts/site.sh``), measured as a learner meets it.

Prints:

- build time, cold (no build venv, no download cache, empty pip and npm caches) and warm
  (``--force`` with everything downloaded), and the site's size (MB, files);
- cold loads of chapter 04 (a fresh browser context each: nothing cached, nothing stored;
  the learner opens the chapter's link: the site runs it): bytes until the first board is
  shown, time to the kernel ready and to the first board (median of 5), and where the time
  goes (JupyterLab, Pyodide's files, Python starting, the chapter's first cell);
- click to redraw of a live board (a Tutor with bots, as ``bench_browser.py``) over 20 clicks
  (median, max), in the site, and the bytes the kernel sends the page per click (the board's
  and the panels' comm messages);
- Coach's hint: click to the suggestion with its reasons, in the full-game chapter, on the
  board's own budget (1 s), 3 hints;
- the engine: complete random 4-player games per second in Pyodide (in the page's kernel)
  and in CPython (this interpreter), in the same run;
- requests to hosts other than 127.0.0.1 started by the page, its workers and its service
  worker (Playwright), cross-checked with Chromium's own net log, where the browser's own
  calls (initiator "not an origin": safe browsing, accounts...) are counted apart.

    python benchmarks/bench_site.py [--no-cold-build] [--loads 5] [--loads-only] [--clicks 20]
    python benchmarks/bench_site.py --no-build --slowdown 4   # the whole browser 4x slower
    python benchmarks/bench_site.py --no-build --firefox      # Firefox ESR (puppeteer-core)
    python benchmarks/bench_site.py --no-build --against OLD  # A/B: cold loads of site/ and
                                                              # OLD (another build) in turn
    python benchmarks/bench_site.py --no-build --site OLD     # measure the build in OLD

``--slowdown N`` pauses and resumes every process of the browser on a duty cycle (1/N of the
time running: ``benchmarks/slowdown.py``), kernel worker and network included, as on a slow
school laptop. ``--firefox`` runs the cold loads and the clicks in Debian's ``firefox-esr``
(``apt-get install firefox-esr``) through puppeteer-core over WebDriver BiDi, installed from
npm at a pinned version into ``build/bench/``. Every figure comes with the machine's load
(1-minute average) when it was taken.

Needs what ``scripts/site.sh`` needs (python3, npm), Debian's chromium and playwright.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

import harness  # noqa: E402  (chromium, commands, kernel wait: the browser tests' harness)
from bench_browser import ANSWERS, NOTEBOOK, WATCH  # noqa: E402
from slowdown import DutyCycle  # noqa: E402

SITE = ROOT / "site"
BOARD = ".mp-board .mp-picture svg"
HINT_READY = ".mp-board .mp-coach-hint[data-state='ready'] .mp-coach-reason"
GAMES = 20
ENGINE = f"""
import time
from mp_tutor.core.registry import get_game
from mp_tutor.core.table import play_until_person
info = get_game("princes")
bot = info.bots["random"]
best = None
for _ in range(3):
    t0 = time.perf_counter()
    for seed in range({GAMES}):
        game = info.new(players=4, seed=seed, history=False)
        play_until_person(game, {{p: bot(seed=seed) for p in range(4)}})
    dt = time.perf_counter() - t0
    best = dt if best is None else min(best, dt)
print({GAMES} / best)
"""
KERNEL_STATUS = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  return k ? k.status : 'none';
}"""

#: one step of the click loop, in the page (the same in Chromium and Firefox): click a free
#: district of the map (timed, from the click to the frame after the map was redrawn, by
#: bench_browser's WATCH), or else answer what the board asks (untimed)
STEP = """(answers) => {
  const mp = window.__mp;
  const free = Array.from(document.querySelectorAll(
    '.mp-picture g.mp-district.mp-target:not(.mp-target-llama):not(.mp-own)'));
  if (free.length) {
    const g = free[(mp.times.length * 7) % free.length];
    mp.bytesAt = mp.bytes;
    mp.t0 = performance.now();
    g.dispatchEvent(new MouseEvent('click', {bubbles: true}));
    return 'click';
  }
  const shown = (sel) => Array.from(document.querySelectorAll(sel))
    .find((b) => b.offsetParent !== null && !b.disabled);
  const panel = document.querySelector('.mp-decision-panel');
  const tick = (n) => Array.from(panel.querySelectorAll('input[type=checkbox]:not(:disabled)'))
    .slice(0, n).forEach((b) => { if (!b.checked) b.click(); });
  const goods = shown('.mp-goods-confirm');
  if (goods) { tick(3); goods.click(); return 'answer'; }
  const back = shown('.mp-return-confirm');
  if (back) { const m = /Tick (\\d+)/.exec(panel.innerText); tick(m ? +m[1] : 1); back.click(); return 'answer'; }
  for (const sel of answers) { const b = shown(sel); if (b) { b.click(); return 'answer'; } }
  return 'wait';
}"""
#: count what the kernel sends the page (comm messages: the board's and the panels' syncs)
BYTES = """() => {
  const k = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  Object.assign(window.__mp, {bytes: 0, bytesAt: 0, perClick: []});
  k.anyMessage.connect((_, a) => {
    if (a.direction !== 'recv' || a.msg.header.msg_type !== 'comm_msg') return;
    window.__mp.bytes += JSON.stringify(a.msg.content).length
      + (a.msg.buffers || []).reduce((n, b) => n + (b.byteLength || 0), 0);
  });
}"""
#: a switch the launched chromium carries (and ignores): how --slowdown finds its processes
MARKER = f"--mp-bench-browser={os.getpid()}"
#: puppeteer-core, for Firefox (npm, pinned; it downloads no browser)
PUPPETEER = "puppeteer-core@25.16.0"
BENCH = ROOT / "build" / "bench"


def load() -> str:
    """The machine's load (1-minute average), said with every figure."""
    return f"load {os.getloadavg()[0]:.1f}"


def timed_build(args: list[str], env: dict[str, str] | None = None) -> float:
    t0 = time.monotonic()
    proc = subprocess.run(["bash", "scripts/site.sh", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"bash scripts/site.sh failed:\n{proc.stderr[-3000:]}")
    return time.monotonic() - t0


def folder_mb(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 1e6


def builds(cold: bool) -> tuple[float | None, float, float | None]:
    """(cold, warm) build times in seconds, and the MB the cold build downloaded (what pip
    and npm kept in their emptied caches)."""
    cold_s = downloaded = None
    if cold:
        with tempfile.TemporaryDirectory() as tmp:
            shutil.rmtree(ROOT / "build" / "lite", ignore_errors=True)
            env = {**os.environ, "PIP_CACHE_DIR": f"{tmp}/pip", "npm_config_cache": f"{tmp}/npm"}
            cold_s = timed_build(["--force"], env)
            downloaded = folder_mb(Path(tmp))
    return cold_s, timed_build(["--force"]), downloaded


def site_size(site: Path) -> tuple[float, int]:
    files = [p for p in site.rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files) / 1e6, len(files)


@contextmanager
def served(site: Path = SITE) -> Iterator[str]:
    port = harness.free_port()
    proc = subprocess.Popen([sys.executable, str(ROOT / "scripts/lite/serve.py"), str(site),
                             str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(1.0)
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


class Recorder:
    """Every request of a browser context, and the bytes of the finished ones."""

    def __init__(self, ctx: Any, origin: str) -> None:
        self.origin = origin
        self.urls: list[str] = []
        self.finished: list[Any] = []
        ctx.on("request", lambda r: self.urls.append(r.url))
        ctx.on("requestfinished", lambda r: self.finished.append(r))
        self.runtime_at: float | None = None  # when Pyodide's WebAssembly had arrived
        self.wheels_at: float | None = None  # when the last of the kernel's wheels had
        ctx.on("requestfinished", self._runtime)

    def _runtime(self, request: Any) -> None:
        if request.url.endswith("pyodide.asm.wasm") and self.runtime_at is None:
            self.runtime_at = time.monotonic()
        if request.url.split("?")[0].endswith(".whl"):
            self.wheels_at = time.monotonic()

    def foreign(self) -> list[str]:
        own = (self.origin + "/", f"blob:{self.origin}/", "data:")
        return [u for u in self.urls if not u.startswith(own)]

    def transferred(self) -> int:
        total = 0
        for r in self.finished:
            sizes = r.sizes()
            total += sizes["responseBodySize"] + sizes["responseHeadersSize"]
        return total


def open_page(browser: Any, url: str, foreign: list[str]) -> tuple[Any, Any, Recorder]:
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    rec = Recorder(ctx, url)
    page = ctx.new_page()
    page.set_default_timeout(240_000)
    harness.watch_console(page)
    return ctx, page, rec


def cold_load(browser: Any, url: str, foreign: list[str]) -> dict[str, float]:
    """Open chapter 04's link (the site runs it: no key pressed); time, from the navigation,
    the notebook shown, Pyodide's WebAssembly and the last wheel fetched, the kernel up and
    the first board."""
    ctx, page, rec = open_page(browser, url, foreign)
    t0 = time.monotonic()
    page.goto(f"{url}/lab/index.html?path=04-production.ipynb")
    page.wait_for_function("() => !!window.jupyterapp")
    page.locator(".jp-NotebookPanel .jp-Notebook").first.wait_for()
    notebook = time.monotonic() - t0
    while page.evaluate(KERNEL_STATUS) not in ("idle", "busy"):
        page.wait_for_timeout(50)
    kernel = time.monotonic() - t0
    page.locator(BOARD).first.wait_for(state="visible")
    board = time.monotonic() - t0
    runtime = rec.runtime_at - t0 if rec.runtime_at is not None else kernel
    wheels = rec.wheels_at - t0 if rec.wheels_at is not None else kernel
    out = {"notebook": notebook, "runtime": runtime, "wheels": wheels, "kernel": kernel,
           "board": board, "bytes": rec.transferred(), "requests": len(rec.urls)}
    foreign += rec.foreign()
    ctx.close()
    return out


IMPORTS = """
import time
t0 = time.perf_counter()
import mp_tutor.widgets.lesson_panel
t1 = time.perf_counter()
lesson = mp_tutor.widgets.lesson_panel.LessonPanel("04", game="princes")
t2 = time.perf_counter()
print(f"{t1 - t0:.3f} {t2 - t1:.3f}")
"""


def clicks_and_engine(browser: Any, url: str, n: int, foreign: list[str]) -> dict[str, Any]:
    """A Tutor with bots in the site (its notebook saved in the browser), n timed clicks and
    the bytes the kernel sent for each; then, in that kernel, the engine's random games and
    what the chapter's first cell costs (importing the lesson panel, making one)."""
    ctx, page, rec = open_page(browser, url, foreign)
    page.goto(f"{url}/lab/index.html")
    page.wait_for_function("() => !!window.jupyterapp")
    page.evaluate("() => window.jupyterapp.restored")
    notebook = {**NOTEBOOK, "metadata": {"kernelspec": {
        "name": "python", "display_name": "Python (Pyodide)", "language": "python"}}}
    page.evaluate("""async (nb) => {
      const app = window.jupyterapp;
      await app.serviceManager.contents.save('bench-site.ipynb',
        {type: 'notebook', format: 'json', content: nb});
      await app.commands.execute('docmanager:open', {path: 'bench-site.ipynb'});
    }""", notebook)
    page.locator(".jp-NotebookPanel .jp-Notebook").first.wait_for()
    harness.wait_for_kernel_idle(page, timeout=240)
    imports = [float(x) for x in harness.run_in_kernel(page, IMPORTS).split()[-2:]]
    harness.run_all(page, timeout=240)
    page.locator(BOARD).first.wait_for()
    page.evaluate(WATCH)
    page.evaluate(BYTES)
    times: list[float] = []
    for _ in range(n * 40):
        if len(times) >= n:
            break
        done = page.evaluate("() => window.__mp.times.length")
        if page.evaluate(STEP, ANSWERS) != "click":
            page.wait_for_timeout(150)
            continue
        page.wait_for_function(f"() => window.__mp.times.length > {done}")
        page.wait_for_timeout(250)
        page.evaluate("() => window.__mp.perClick.push(window.__mp.bytes - window.__mp.bytesAt)")
        times = page.evaluate("() => window.__mp.times")
    sent = page.evaluate("() => window.__mp.perClick")
    pyodide = float(harness.run_in_kernel(page, ENGINE).strip().splitlines()[-1])
    foreign += rec.foreign()
    ctx.close()
    return {"times": times, "bytes": sent, "pyodide": pyodide, "imports": imports}


def hints(browser: Any, url: str, n: int, foreign: list[str]) -> list[float] | str:
    """Click to the hint's reasons in the full-game chapter, ``n`` times."""
    ctx, page, rec = open_page(browser, url, foreign)
    try:
        page.goto(f"{url}/lab/index.html?path=14-full-game.ipynb")
        page.wait_for_function("() => !!window.jupyterapp")
        page.locator(".jp-NotebookPanel .jp-Notebook").first.wait_for()
        harness.run_all(page, timeout=240)
        page.locator(BOARD).first.wait_for()
        out = []
        for _ in range(n):
            t0 = time.monotonic()
            page.locator(".mp-board button.mp-hint").first.click()
            try:
                page.locator(HINT_READY).first.wait_for(timeout=30_000)
            except Exception:  # noqa: BLE001 - reported, not raised
                errors = page.locator(".mp-board .mp-error-text").all_inner_texts()
                return f"no hint within 30 s (the board says {errors})"
            out.append(time.monotonic() - t0)
            page.locator(".mp-board button.mp-coach-close").first.click()
            page.locator(".mp-board .mp-coach-hint").first.wait_for(state="detached")
        return out
    finally:
        foreign += rec.foreign()
        ctx.close()


def cpython_engine() -> float:
    proc = subprocess.run([sys.executable, "-c", ENGINE], capture_output=True, text=True,
                          check=True, cwd=ROOT)
    return float(proc.stdout.strip().splitlines()[-1])


def net_log_foreign(path: Path, origin: str) -> tuple[list[str], list[str]]:
    """(URLs of other hosts the site's pages asked for, the browser's own) in a net log."""
    data = json.loads(path.read_text(errors="replace"))
    types = {v: k for k, v in data["constants"]["logEventTypes"].items()}
    page, own = [], []
    for ev in data["events"]:
        if types.get(ev["type"]) != "URL_REQUEST_START_JOB":
            continue
        params = ev.get("params", {})
        url = params.get("url", "")
        if not url.startswith(("http:", "https:", "ws:", "wss:")) or url.startswith(origin):
            continue
        initiator = params.get("initiator", "not an origin")
        (own if initiator in ("not an origin", "") else page).append(f"{url} ({initiator})")
    return page, own


def report(args: argparse.Namespace) -> None:
    if not args.no_build:
        cold, warm, downloaded = builds(not args.no_cold_build)
        print(f"build: cold {cold:.0f} s ({downloaded:.0f} MB in the emptied pip and npm "
              f"caches), warm {warm:.0f} s" if cold is not None
              else f"build: warm {warm:.0f} s (cold not measured)")
    mb, files = site_size(args.site)
    print(f"site: {mb:.1f} MB in {files} files (goal <= 50 MB)")
    if args.firefox:
        with served(args.site) as url:
            print_firefox(firefox(url, args.loads, args.clicks))
        return
    foreign: list[str] = []
    slow = f", the whole browser {args.slowdown:g}x slower" if args.slowdown > 1 else ""
    if args.against:
        compare(args, foreign, slow)
        return
    with tempfile.TemporaryDirectory() as tmp, served(args.site) as url:
        net_log = Path(tmp) / "net.json"
        with harness.launched_browser([f"--log-net-log={net_log}", MARKER]) as browser, \
                DutyCycle(MARKER, args.slowdown):
            print(f"Chromium{slow}:")
            loads = [cold_load(browser, url, foreign) for _ in range(args.loads)]
            print_loads(loads)
            if args.loads_only:
                return
            clicks = clicks_and_engine(browser, url, args.clicks, foreign)
            print_clicks(clicks)
            if args.slowdown > 1:
                return
            hinted = hints(browser, url, 3, foreign)
            print_hints(hinted)
        page_net, own_net = net_log_foreign(net_log, url)
    cpython = cpython_engine()
    print(f"engine, random 4-player games/s (best of 3 x {GAMES}): Pyodide "
          f"{clicks['pyodide']:.1f}, CPython {sys.version.split()[0]} {cpython:.1f} "
          f"({cpython / clicks['pyodide']:.2f}x)")
    print(f"requests to other hosts: {len(foreign)} seen by Playwright, {len(page_net)} started "
          f"by the site in Chromium's net log (goal 0); the browser's own: {len(own_net)}")
    for line in (foreign + page_net)[:10]:
        print(f"  {line}")


def compare(args: argparse.Namespace, foreign: list[str], slow: str) -> None:
    """Cold loads of ``--site`` (``site/``) and of ``--against DIR`` (another build, e.g. before a change),
    alternating (A B B A A B...) in one browser so that the machine's load drifts alike for
    both; each site's figures as ``print_loads``."""
    sites = {f"{args.site}": args.site, f"{args.against}": args.against}
    with served(args.site) as a, served(args.against) as b, \
            harness.launched_browser([MARKER]) as browser, DutyCycle(MARKER, args.slowdown):
        urls = dict(zip(sites, (a, b), strict=True))
        loads: dict[str, list[dict[str, float]]] = {name: [] for name in sites}
        seen = [os.getloadavg()[0]]
        for i in range(args.loads):
            order = list(sites) if i % 2 == 0 else list(sites)[::-1]
            for name in order:
                loads[name].append(cold_load(browser, urls[name], foreign))
                seen.append(os.getloadavg()[0])
        print(f"the machine's load during these loads: {min(seen):.1f} to {max(seen):.1f}")
        for name, done in loads.items():
            print(f"Chromium{slow}, {name}:")
            print_loads(done)
    print(f"requests to other hosts seen by Playwright: {len(foreign)} (goal 0)")


def firefox(url: str, loads: int, clicks: int) -> dict[str, Any]:
    """The cold loads and the clicks in Firefox ESR (``site_firefox.mjs``)."""
    exe = shutil.which("firefox-esr") or shutil.which("firefox")
    if exe is None:
        sys.exit("--firefox needs Debian's firefox-esr (apt-get install firefox-esr)")
    if not (BENCH / "node_modules" / "puppeteer-core").is_dir():
        BENCH.mkdir(parents=True, exist_ok=True)
        subprocess.run(["npm", "install", "--silent", "--no-audit", "--no-fund", "--prefix",
                        str(BENCH), PUPPETEER], check=True)
    script = BENCH / "site_firefox.mjs"  # beside its node_modules, so that the import resolves
    shutil.copy2(ROOT / "benchmarks" / "site_firefox.mjs", script)
    notebook = {**NOTEBOOK, "metadata": {"kernelspec": {
        "name": "python", "display_name": "Python (Pyodide)", "language": "python"}}}
    given = {"url": url, "firefox": exe, "loads": loads, "clicks": clicks, "watch": WATCH,
             "step": STEP, "bytes": BYTES, "answers": ANSWERS, "status": KERNEL_STATUS,
             "chapter": "04-production.ipynb", "notebook": notebook}
    proc = subprocess.run(["node", str(script)], input=json.dumps(given), capture_output=True,
                          text=True, timeout=3600)
    try:
        return json.loads(proc.stdout.strip().splitlines()[-1])
    except (IndexError, ValueError):
        sys.exit(f"site_firefox.mjs failed:\n{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}")


def print_firefox(out: dict[str, Any]) -> None:
    version = subprocess.run(["firefox-esr", "--version"], capture_output=True, text=True)
    print(f"Firefox ({version.stdout.strip()}, puppeteer-core over WebDriver BiDi):")
    boards = [x["board_s"] for x in out["loads"]]
    if boards:
        print(f"  first board shown (cold, a fresh profile each): median "
              f"{statistics.median(boards):.1f} s (min {min(boards):.1f}, max {max(boards):.1f}; "
              f"{len(boards)} loads) [{load()}]")
    print_clicks({"times": out["times"], "bytes": out["bytes"]})
    if out.get("error"):
        print(f"  FAILED: {out['error'][:800]}")


def print_loads(loads: list[dict[str, float]]) -> None:
    mb_load = statistics.median(x["bytes"] for x in loads) / 1e6
    print(f"  first load of chapter 04: {mb_load:.1f} MB transferred in "
          f"{statistics.median(x['requests'] for x in loads):.0f} requests")
    kernel = [x["kernel"] for x in loads]
    board = [x["board"] for x in loads]
    print(f"  kernel up: median {statistics.median(kernel):.1f} s "
          f"(min {min(kernel):.1f}, max {max(kernel):.1f}; {len(loads)} cold loads)")
    print(f"  first board shown, nothing pressed: median {statistics.median(board):.1f} s "
          f"(min {min(board):.1f}, max {max(board):.1f}) [{load()}]")
    # where the time goes (medians, seconds since the navigation): the notebook shown by
    # JupyterLab; Pyodide's WebAssembly and the last of the kernel's wheels fetched by the
    # kernel's worker (started at once: they overlap JupyterLab's own start); the kernel up;
    # the chapter's first cell drawing the board
    marks = {"the notebook shown": "notebook", "Pyodide's WebAssembly fetched": "runtime",
             "the last wheel fetched": "wheels", "the kernel up": "kernel",
             "the first board": "board"}
    print("  when (since the navigation): " + ", ".join(
        f"{name} {statistics.median(x[key] for x in loads):.1f} s"
        for name, key in marks.items()), flush=True)


def print_clicks(clicks: dict[str, Any]) -> None:
    times, sent = clicks["times"], clicks.get("bytes") or []
    if not times:
        print("  click to redraw: no click was timed")
        return
    print(f"  click to redraw: median {statistics.median(times):.0f} ms, max {max(times):.0f} ms "
          f"over {len(times)} clicks (goal median <= 100 ms) [{load()}]")
    if sent:
        print(f"  sent by the kernel per click: median {statistics.median(sent) / 1024:.1f} KiB "
              f"(min {min(sent) / 1024:.1f}, max {max(sent) / 1024:.1f})")
    if "imports" in clicks:
        imp, make = clicks["imports"]
        print(f"  the chapter's first cell, in the kernel: importing the lesson panel {imp:.2f} s, "
              f"making chapter 04's {make:.2f} s", flush=True)


def print_hints(hinted: list[float] | str) -> None:
    if isinstance(hinted, str):
        print(f"  coach hint: FAILED: {hinted}")
    else:
        print(f"  coach hint (1 s budget): median {statistics.median(hinted):.2f} s, max "
              f"{max(hinted):.2f} s over {len(hinted)} hints (goal <= 1.5 s) [{load()}]",
              flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--no-cold-build", action="store_true",
                    help="skip the cold build (it empties build/lite and the caches it uses)")
    ap.add_argument("--no-build", action="store_true", help="measure site/ as it is")
    ap.add_argument("--loads", type=int, default=5)
    ap.add_argument("--loads-only", action="store_true",
                    help="the build and the cold loads only (no clicks, hints or engine)")
    ap.add_argument("--clicks", type=int, default=20)
    ap.add_argument("--slowdown", type=float, default=1.0,
                    help="run the whole browser this many times slower (a duty cycle)")
    ap.add_argument("--firefox", action="store_true", help="in Firefox ESR instead")
    ap.add_argument("--site", type=Path, default=SITE, metavar="DIR",
                    help="measure the site built in DIR (default: site/; with --no-build)")
    ap.add_argument("--against", type=Path, metavar="DIR",
                    help="cold loads only, alternating between --site and another built site "
                         "in DIR (A/B: the same load for both)")
    report(ap.parse_args())


if __name__ == "__main__":
    main()
