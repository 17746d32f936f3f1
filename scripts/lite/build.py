"""Build the classroom site: JupyterLite + Pyodide + mp-tutor + every chapter, in ``site/``.

Run by ``bash scripts/site.sh`` (which checks the tools and makes the build's own virtual
environment ``build/lite/venv`` from ``scripts/lite/pins.toml``); this runs in that venv
with the repository on ``PYTHONPATH``. The steps, each reusing what an earlier run left in
``build/lite/cache/``:

1. a teacher's folder (``--notebooks DIR``) is checked first (``check_folder.py``);
2. Pyodide from the npm package (``npm pack pyodide@VERSION``), its wheel-less lock kept;
3. the kernel's pure-Python wheels from PyPI (``pip download``, py3-none-any for Python
   3.14), the Pyodide kernel's own wheels (from the build venv), and the mp-tutor wheel;
4. bytecode, compiled by that Pyodide in Node.js, for the modules of those wheels and of
   Pyodide's standard library that the kernel imports as it starts and runs the first cell
   of the chapters in ``TRACED`` (``pyc.py``; cached by the archives' hashes), and Pyodide's
   lock rewritten to name exactly those wheels (``lock.py``);
5. the notebooks staged at the same relative paths as under ``notebooks/`` (with the
   teacher's folder under its own name), their kernel set to the site's;
6. ``jupyter lite build`` into a fresh folder, checked (no URL of another host in the
   configuration or the lock) and swapped for ``site/``.

A stamp of every input (the pins, these scripts, the wheel's sources, the notebooks, the
teacher's folder) is kept in ``site/``; when nothing changed the build is skipped.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import tomllib
from collections.abc import Iterable, Iterator
from pathlib import Path

from check_folder import problems
from lock import LockError, rewrite_file, version_mismatches
from packaging.utils import canonicalize_name, parse_wheel_filename
from pyc import CompileError, compile_folder

from labextension import prebuilt
from mp_tutor.core.i18n import LANGUAGES
from mp_tutor.core.lessons.course import course, course_page

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
PINS = HERE / "pins.toml"
BUILD = ROOT / "build" / "lite"
CACHE = BUILD / "cache"
LITE_DIR = BUILD / "src"            # the lite dir: jupyter-lite.json, static/pyodide/
CONTENTS = BUILD / "contents"        # the notebooks, staged
OUTPUT = ROOT / "site"
STAMP = ".mp-tutor-site-stamp"
#: the teacher's folder a site was built with (the next build of that site adds it again)
TEACHER = ".mp-tutor-site-teacher"
#: the site's own pages beside JupyterLite (scripts/lite/<name>/ -> site/<name>/)
PAGES = ("common", "course", "reset")
#: put in the site's own index.html (JupyterLite's, whose configuration the other pages read):
#: the site's address opens the course (JupyterLite's ?path= links still open JupyterLab)
TO_COURSE = ('<script>if (!new URLSearchParams(location.search).has("path"))'
             ' location.replace("course/" + location.search);</script>')
KERNEL = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
#: what the Pyodide kernel (0.8.6) reports: a notebook saying the same is not changed (and so
#: not saved into the learner's browser) by merely being opened
LANGUAGE_INFO = {"codemirror_mode": {"name": "python", "version": 3}, "file_extension": ".py",
                 "mimetype": "text/x-python", "name": "python", "nbconvert_exporter": "python",
                 "pygments_lexer": "ipython3", "version": "3.8"}
#: the files of the npm package the site needs (not its source maps or node helpers)
PYODIDE_FILES = ("pyodide.mjs", "pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm",
                 "python_stdlib.zip", "pyodide-lock.json", "package.json")
#: the course page's list of chapters, shared with the installed tutor's course panel
COURSE_LIST = ROOT / "widgets" / "course_list.js"
#: the installed tutor's course notebooks: the site has its own course page (course/)
TUTOR_COURSE = frozenset(course_page(lang) for lang in LANGUAGES)
#: the Pyodide kernel's own wheels, shipped in its labextension
KERNEL_WHEELS = ("piplite", "pyodide-kernel", "ipykernel", "widgetsnbextension")
#: the chapters whose first cell the kernel runs as the build traces the modules to compile
#: (a learner's first chapter, the benchmark's, the priests' first): the others import the
#: same modules (what no trace imported is compiled in the browser, as before)
TRACED = ("00-start-here.ipynb", "04-production.ipynb", "priests/00-temple.ipynb")
#: inputs of the build besides the notebooks and the teacher's folder
SOURCES = ("pyproject.toml", "setup.py", "scripts/site.sh", "scripts/lite", "labextension",
           "mp_tutor", "widgets")


class BuildError(Exception):
    """The build cannot go on; the message says why (one line for a learner's teacher)."""


STARTED = time.monotonic()


def say(text: str) -> None:
    print(f"+ [{time.monotonic() - STARTED:4.0f} s] {text}", flush=True)


def run(cmd: list[str], what: str, cwd: Path | None = None, env: dict | None = None) -> str:
    """Run a command; a failure is a BuildError with the end of its output."""
    proc = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-15:])
        raise BuildError(f"{what} failed ({' '.join(cmd[:4])} ...):\n{tail}")
    return proc.stdout


def input_files(teacher: Path | None) -> Iterator[Path]:
    roots = [ROOT / s for s in SOURCES] + [ROOT / "notebooks"] + ([teacher] if teacher else [])
    for root in roots:
        if root.is_file():
            yield root
            continue
        for path in sorted(root.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix not in (
                    ".pyc", ".mo") and ".ipynb_checkpoints" not in path.parts:
                yield path


def stamp(teacher: Path | None) -> str:
    """A hash of every input of the build (paths and contents)."""
    h = hashlib.sha256(sys.version.encode())
    for path in input_files(teacher):
        h.update(str(path).encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def pins() -> dict:
    return tomllib.loads(PINS.read_text("utf-8"))


# ---------------------------------------------------------------------------------------------
# downloads (cached)


def pyodide_package(version: str) -> Path:
    """The npm tarball of Pyodide ``version``, from the cache or ``npm pack``."""
    CACHE.mkdir(parents=True, exist_ok=True)
    tgz = CACHE / f"pyodide-{version}.tgz"
    if not tgz.exists():
        say(f"npm pack pyodide@{version}")
        part = CACHE / "npm"
        shutil.rmtree(part, ignore_errors=True)
        part.mkdir()
        run(["npm", "pack", "--silent", f"pyodide@{version}", "--pack-destination", str(part)],
            f"downloading Pyodide {version} from npm")
        (part / tgz.name).rename(tgz)
    return tgz


def unpack_pyodide(tgz: Path, dest: Path) -> None:
    with tarfile.open(tgz) as tar:
        for name in PYODIDE_FILES:
            member = tar.getmember(f"package/{name}")
            src = tar.extractfile(member)
            if src is None:
                raise BuildError(f"{tgz.name} has no file {name}")
            (dest / name).write_bytes(src.read())


def cached_wheels(folder: Path) -> dict[tuple[str, str], Path]:
    out = {}
    for wheel in folder.glob("*.whl"):
        name, version, _, _ = parse_wheel_filename(wheel.name)
        out[(canonicalize_name(name), str(version))] = wheel
    return out


def kernel_wheels(wanted: dict[str, str]) -> list[Path]:
    """The pinned pure-Python wheels, downloaded from PyPI the first time."""
    folder = CACHE / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    have = cached_wheels(folder)
    missing = [f"{n}=={v}" for n, v in wanted.items() if (canonicalize_name(n), v) not in have]
    if missing:
        say(f"pip download {len(missing)} wheels for Pyodide (Python 3.14, pure Python)")
        run([sys.executable, "-m", "pip", "download", "--disable-pip-version-check", "--no-deps",
             "--only-binary=:all:", "--python-version", "3.14", "--implementation", "py",
             "--abi", "none", "--platform", "any", "-d", str(folder), *missing],
            "downloading the kernel's wheels from PyPI")
        have = cached_wheels(folder)
    return [have[(canonicalize_name(n), v)] for n, v in wanted.items()]


def pyodide_kernel_wheels() -> list[Path]:
    """The Pyodide kernel's own wheels (piplite, ipykernel stub...) from the build venv."""
    ext = Path(sys.prefix) / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension"
    wheels = sorted((ext / "static" / "pypi").glob("*.whl"))
    out = []
    for name in KERNEL_WHEELS:
        found = [w for w in wheels if canonicalize_name(parse_wheel_filename(w.name)[0]) == name]
        if not found:
            raise BuildError(f"the Pyodide kernel extension has no {name} wheel in {ext}")
        out.append(max(found, key=lambda w: parse_wheel_filename(w.name)[1]))
    return out


def mp_tutor_wheel(dest: Path) -> Path:
    """Build the mp-tutor wheel (the message catalogs compiled) into ``dest``."""
    say("pip wheel . (mp-tutor)")
    tmp = BUILD / "wheel"
    shutil.rmtree(tmp, ignore_errors=True)
    # the same sources give the same wheel (its files' dates fixed): its bytecode and the
    # trace of the kernel's imports are then taken from the cache (pyc.py)
    env = {**os.environ, "SOURCE_DATE_EPOCH": "315532800"}  # 1980-01-01, zip's first date
    run([sys.executable, "-m", "pip", "wheel", "--disable-pip-version-check", "--no-deps",
         "--no-build-isolation", "-q", "-w", str(tmp), str(ROOT)], "building the mp-tutor wheel",
        cwd=ROOT, env=env)
    (wheel,) = tmp.glob("mp_tutor-*.whl")
    # (its file name gets the hash of its contents once compiled: pyc.site_name)
    return Path(shutil.copy2(wheel, dest / wheel.name))


def first_cell(notebook: Path) -> str:
    """The source of a notebook's first code cell."""
    cells = json.loads(notebook.read_text("utf-8"))["cells"]
    code = [cell for cell in cells if cell["cell_type"] == "code"]
    if not code:
        raise BuildError(f"{notebook.relative_to(ROOT)} has no code cell to trace the kernel's "
                         "imports with")
    return "".join(code[0]["source"])


def pyodide_version_expected() -> str:
    constants = Path(sys.prefix).glob("lib/python*/site-packages/jupyterlite_pyodide_kernel/"
                                      "constants.py")
    for path in constants:
        m = re.search(r'^PYODIDE_VERSION = "([^"]+)"', path.read_text("utf-8"), re.M)
        if m:
            return m.group(1)
    raise BuildError("jupyterlite-pyodide-kernel is not installed in the build venv")


# ---------------------------------------------------------------------------------------------
# the lite dir and the contents


def write_lite_dir(p: dict) -> None:
    """``jupyter-lite.json`` and ``overrides.json``: the kernel loads only what the site
    ships (no PyPI fallback), no news or update checks, the app in ``window.jupyterapp``."""
    shutil.rmtree(LITE_DIR, ignore_errors=True)
    (LITE_DIR / "static" / "pyodide").mkdir(parents=True)
    config = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "mp-tutor",
            "exposeAppInBrowser": True,
            "litePluginSettings": {
                "@jupyterlite/pyodide-kernel-extension:kernel": {
                    "disablePyPIFallback": True,
                    "loadPyodideOptions": {"packages": p["lock"]["preload"]},
                },
            },
        },
    }
    (LITE_DIR / "jupyter-lite.json").write_text(json.dumps(config, indent=2) + "\n")
    overrides = {
        "@jupyterlab/apputils-extension:notification": {"fetchNews": "false",
                                                        "checkForUpdates": False},
        "@jupyterlab/docmanager-extension:plugin": {"autosave": True, "autosaveInterval": 10},
    }
    (LITE_DIR / "overrides.json").write_text(json.dumps(overrides, indent=2) + "\n")
    # (an extension in the lite dir's own extensions/ is not copied by jupyterlite-core 0.8.6:
    # its FederatedExtensionAddon.build yields a generator instead of its tasks)
    prebuilt.write(LITE_DIR / "labextensions" / prebuilt.NAME)
    lite_config = {"FederatedExtensionAddon": {
        "extra_labextensions_path": [str(LITE_DIR / "labextensions")]}}
    (LITE_DIR / "jupyter_lite_config.json").write_text(json.dumps(lite_config, indent=2) + "\n")


def stage_notebook(src: Path, dest: Path) -> None:
    """Copy a notebook, its kernel set to the site's Pyodide kernel (no 'python3' warning)."""
    nb = json.loads(src.read_text("utf-8"))
    nb.setdefault("metadata", {}).update(kernelspec=KERNEL, language_info=LANGUAGE_INFO)
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", "utf-8")


def stage_contents(teacher: Path | None) -> int:
    """Stage the notebooks (and the teacher's folder under its name); returns the count."""
    shutil.rmtree(CONTENTS, ignore_errors=True)
    CONTENTS.mkdir(parents=True)
    count = 0
    sources: list[tuple[Path, Path]] = [(ROOT / "notebooks", CONTENTS)]
    if teacher is not None:
        sources.append((teacher, CONTENTS / teacher.name))
    for folder, dest in sources:
        for path in sorted(folder.rglob("*")):
            rel = path.relative_to(folder)
            if not path.is_file() or any(p.startswith(".") for p in rel.parts):
                continue
            if folder == ROOT / "notebooks" and (path.name == "README.md"
                                                 or rel.as_posix() in TUTOR_COURSE):
                continue  # written for a clone of the repository; the course page is the index
            if path.suffix == ".ipynb":
                stage_notebook(path, dest / rel)
                count += 1
            else:
                (dest / rel).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(path, dest / rel)
    return count


def write_pages(out: Path, teacher: Path | None) -> None:
    """The site's own pages: the course (its words and chapters from
    ``mp_tutor.core.lessons.course``, in every language), the reset page, what they share; the
    site's address opens the course. The teacher's folder is noted for the next build."""
    for page in PAGES:
        shutil.copytree(HERE / page, out / page)
    shutil.copy2(COURSE_LIST, out / "course" / "list.js")
    data = {lang: course(lang) for lang in LANGUAGES}
    (out / "course" / "data.js").write_text(
        "// written by scripts/lite/build.py from mp_tutor/core/lessons/course.py\n"
        f"window.COURSE = {json.dumps(data, ensure_ascii=False, indent=1)};\n", "utf-8")
    index = (out / "index.html").read_text("utf-8")
    if 'id="jupyter-config-data"' not in index or "<head>" not in index:
        raise BuildError("JupyterLite's index.html is not as expected (no configuration in "
                         "its <head>): the site's address cannot be sent to the course page")
    (out / "index.html").write_text(index.replace("<head>", "<head>\n    " + TO_COURSE, 1),
                                    "utf-8")
    if teacher is not None:
        (out / TEACHER).write_text(f"{teacher}\n", "utf-8")


def teacher_folder(asked: Path | None, leave_out: bool, output: Path
                   ) -> tuple[Path | None, str]:
    """The teacher's folder of this build, and the line that says where it comes from: the
    one asked for (``--notebooks``), else the one the last build of ``output`` added (said),
    unless ``--no-notebooks`` (said too); a remembered folder that is gone is said in a line.
    """
    last = remembered_folder(output)
    if asked is not None:
        return asked.resolve(), ""
    if last is None:
        return None, ""
    if leave_out:
        return None, f"your folder {last} is left out (--no-notebooks)"
    if not last.is_dir():
        return None, f"your folder {last} of the last build of {output.name}/ is gone: left out"
    return last, (f"your folder {last} is added again, as in the last build of {output.name}/ "
                  f"(--no-notebooks leaves it out)")


def remembered_folder(output: Path) -> Path | None:
    """The teacher's folder the site in ``output`` was last built with, if any."""
    try:
        text = (output / TEACHER).read_text("utf-8").strip()
    except OSError:
        return None
    return Path(text) if text else None


# ---------------------------------------------------------------------------------------------
# checks of the built site


def foreign_urls(site: Path) -> list[str]:
    """Absolute http(s) URLs in the files that tell the page what to load: every
    ``jupyter-lite.json``, the Pyodide lock and the piplite wheel indexes."""
    found = []
    for path in sorted(site.rglob("*.json")):
        parts = path.relative_to(site).parts
        if not (path.name in ("jupyter-lite.json", "pyodide-lock.json")
                or path.name == "all.json" and "pypi" in parts):
            continue
        for url in re.findall(r"https?://[^\s\"']+", path.read_text("utf-8")):
            found.append(f"{path.relative_to(site)}: {url}")
    return found


def legacy_fonts(site: Path) -> None:
    """Remove the copies of JupyterLab's web fonts (Font Awesome) for Internet Explorer
    (``.eot``) and iOS 4 (``.svg``), 2.1 MB: every browser that has the ``.woff2`` beside
    them takes it first (the CSS lists the formats; a browser fetches the first it knows)."""
    for woff2 in sorted((site / "build").glob("*.woff2")):
        for old in (woff2.with_suffix(".eot"), woff2.with_suffix(".svg")):
            old.unlink(missing_ok=True)


def site_size(site: Path) -> tuple[int, int]:
    files = [p for p in site.rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files), len(files)


def build(teacher: Path | None, force: bool, output: Path = OUTPUT) -> None:
    t0 = time.monotonic()
    want = stamp(teacher)
    done = output / STAMP
    if not force and done.exists() and done.read_text().strip() == want:
        say(f"{output.name}/ is up to date with its inputs (pins, mp_tutor, notebooks{', ' + str(teacher) if teacher else ''}); --force rebuilds")
        return
    if teacher is not None:
        found = problems(teacher)
        if found:
            raise BuildError(f"{len(found)} problem(s) in {teacher}, nothing built:\n"
                             + "\n".join(found))
    p = pins()
    expected = pyodide_version_expected()
    if p["npm"]["pyodide"] != expected:
        raise BuildError(f"{PINS.relative_to(ROOT)}: [npm] pyodide = {p['npm']['pyodide']!r}, "
                         f"but jupyterlite-pyodide-kernel {p['build']['jupyterlite-pyodide-kernel']}"
                         f" expects Pyodide {expected}")
    write_lite_dir(p)
    pyodide = LITE_DIR / "static" / "pyodide"
    unpack_pyodide(pyodide_package(p["npm"]["pyodide"]), pyodide)
    lock = json.loads((pyodide / "pyodide-lock.json").read_text("utf-8"))
    wrong = version_mismatches(lock, p["kernel"])
    if wrong:
        raise BuildError(f"{PINS.relative_to(ROOT)}: [kernel] pins that differ from Pyodide "
                         f"{p['npm']['pyodide']}'s lock: {', '.join(wrong)}")
    for wheel in [*kernel_wheels(p["kernel"]), *pyodide_kernel_wheels()]:
        shutil.copy2(wheel, pyodide / wheel.name)
    mp_tutor_wheel(pyodide)
    try:
        compiled = compile_folder(pyodide, [first_cell(ROOT / "notebooks" / path)
                                            for path in TRACED], CACHE / "pyc", say)
    except CompileError as e:
        raise BuildError(str(e)) from None
    say(f"bytecode for {sum(compiled.values())} modules in {len(compiled)} archives")
    try:
        new = rewrite_file(pyodide, p["lock"]["drop"])
    except LockError as e:
        raise BuildError(f"pyodide-lock.json: {e}") from None
    say(f"pyodide-lock.json: {len(new['packages'])} packages, all shipped")
    count = stage_contents(teacher)
    say(f"jupyter lite build ({count} notebooks)")
    out = BUILD / "site-new"
    shutil.rmtree(out, ignore_errors=True)
    run([str(Path(sys.prefix) / "bin" / "jupyter"), "lite", "build", "--no-sourcemaps",
         "--no-unused-shared-packages", "--contents", str(CONTENTS), "--output-dir", str(out)],
        "jupyter lite build", cwd=LITE_DIR)
    write_pages(out, teacher)
    legacy_fonts(out)
    if not (out / "favicon.ico").exists():  # browsers ask the root for it: no 404 in the logs
        shutil.copy2(out / "lab" / "favicon.ico", out / "favicon.ico")
    urls = foreign_urls(out)
    if urls:
        raise BuildError("the site would load files from other hosts:\n" + "\n".join(urls))
    (out / STAMP).write_text(want + "\n")
    old = BUILD / "site-old"
    shutil.rmtree(old, ignore_errors=True)
    if output.exists():
        shutil.move(output, old)
    shutil.move(out, output)
    shutil.rmtree(old, ignore_errors=True)
    size, files = site_size(output)
    say(f"{output.name}/ built in {time.monotonic() - t0:.0f} s: {size / 1e6:.1f} MB in {files} files")


def main(argv: Iterable[str]) -> int:
    ap = argparse.ArgumentParser(prog="bash scripts/site.sh", description=__doc__.split("\n")[0])
    ap.add_argument("--notebooks", type=Path, metavar="DIR",
                    help="a teacher's folder of notebooks and scenario files to add")
    ap.add_argument("--no-notebooks", action="store_true",
                    help="leave out the teacher's folder the last build added")
    ap.add_argument("--force", action="store_true", help="rebuild even if nothing changed")
    ap.add_argument("--output", type=Path, default=OUTPUT, metavar="DIR",
                    help="the folder to build (default: site/)")
    args = ap.parse_args(list(argv))
    output = args.output.resolve()
    teacher, said = teacher_folder(args.notebooks, args.no_notebooks, output)
    if said:
        say(said)
    if teacher is not None and not teacher.is_dir():
        print(f"site.sh: --notebooks {args.notebooks}: no such folder", file=sys.stderr)
        return 2
    if teacher is not None and (ROOT / "notebooks" / teacher.name).exists():
        print(f"site.sh: --notebooks {args.notebooks}: the site already has a "
              f"{teacher.name!r} folder (the chapters'); rename yours", file=sys.stderr)
        return 2
    try:
        build(teacher, args.force, output)
    except BuildError as e:
        print(f"site.sh: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
