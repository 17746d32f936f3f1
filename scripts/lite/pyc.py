"""Ship the site's Python as bytecode, compiled at build time by the very Pyodide that runs
it in the browser.

Pyodide (its npm package) ships its standard library as source, and the wheels from PyPI
carry no bytecode for it: a learner's browser compiled IPython, jedi, the widgets, mp-tutor
and half the standard library from source at every first visit (Pyodide writes no bytecode
of its own: ``sys.dont_write_bytecode``), most of the kernel's start.

Here the build first **traces** what the kernel imports: in Pyodide in Node.js
(``scripts/lite/pyc.mjs`` runs ``scripts/lite/pyc_compile.py``) the site's wheels are
installed, the kernel is started as the site's kernel worker starts it, and the first cell
of a few chapters is run. Those modules (about 900, of the wheels and of the standard
library) then get an unchecked hash-based ``.pyc`` each, compiled by that same Pyodide: the
installer keeps no file times, and such a ``.pyc`` is used without reading its source. The
other modules (a lexer of Pygments nobody highlights with, the lesson studio...) stay
source only, compiled in the browser if ever imported, as before: bytecode is twice the
size of its compressed source, and the site stays near its 50 MB. The bytecode has no
column ranges (``-X no_debug_ranges``: a quarter smaller; only the ``^^^`` marks under a
library's line in a traceback need them).

A wheel given bytecode gets a new file name, ``<name>-<version>+site.<12 hex of its
sha256>-...``: a browser that cached the older file under the old name can never offer it
for the new lock's hash (Pyodide fetches wheels with that hash as their integrity). The
standard library keeps its name (Pyodide asks for ``python_stdlib.zip`` and checks no hash).

The trace and the compiling take some seconds each (10-15 s on the 2-core test machine), so
both are kept in ``build/lite/cache/pyc/``, named by the hash of their inputs and of the
compiler (these scripts and the Pyodide release): a build with the same wheels takes them
from there; what the build did not use is removed.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import tempfile
import zipfile
from collections.abc import Callable
from pathlib import Path

from lock import sha256 as digest
from packaging.utils import parse_wheel_filename

HERE = Path(__file__).resolve().parent
#: what makes the compiled bytes: a change in either compiles everything again
COMPILER = (HERE / "pyc_compile.py", HERE / "pyc.mjs")
STDLIB = "python_stdlib.zip"


class CompileError(Exception):
    """Node.js or Pyodide failed (the message has the end of their output)."""


def compiler_id(pyodide: Path) -> str:
    """The hash of what compiles: these scripts, Pyodide's interpreter and its library."""
    h = hashlib.sha256()
    for path in (*COMPILER, pyodide / "pyodide.asm.wasm", pyodide / "package.json"):
        h.update(path.name.encode() + b"\0" + digest(path).encode() + b"\0")
    return h.hexdigest()


def site_name(wheel: str, compiled_sha256: str) -> str:
    """The compiled wheel's file name: its version with the local label ``site.<hash>``
    (replacing a label it had).

    >>> site_name("ipython-9.12.0-py3-none-any.whl", "0123456789abcdef")
    'ipython-9.12.0+site.0123456789ab-py3-none-any.whl'
    >>> site_name("mp_tutor-0.1.0+dev-py3-none-any.whl", "fedcba9876543210")
    'mp_tutor-0.1.0+site.fedcba987654-py3-none-any.whl'
    """
    name, version, _, _ = parse_wheel_filename(wheel)
    tags = wheel.removesuffix(".whl").split("-")[-3:]
    dist = name.replace("-", "_")
    return f"{dist}-{version.public}+site.{compiled_sha256[:12]}-{'-'.join(tags)}.whl"


def run_node(pyodide: Path, work: Path, job: dict) -> dict:
    """One job of ``pyc_compile.py`` in Pyodide in Node.js (``pyc.mjs``), its files in
    ``work`` (mounted at ``/work``); returns its result."""
    (work / "job.json").write_text(json.dumps({**job, "result": "/work/result.json"}), "utf-8")
    proc = subprocess.run(["node", str(HERE / "pyc.mjs"), str(pyodide), str(work), "job.json"],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-15:])
        raise CompileError(f"compiling the site's Python in Pyodide (node pyc.mjs) failed:\n{tail}")
    return json.loads((work / "result.json").read_text("utf-8"))


def modules_of(archive: Path) -> set[str]:
    """The ``.py`` entries of a zip or wheel."""
    with zipfile.ZipFile(archive) as zf:
        return {name for name in zf.namelist() if name.endswith(".py")}


def trace_file(files: list[Path], cells: list[str], key: str, cache: Path) -> Path:
    """Where the trace of these archives and cells is kept."""
    h = hashlib.sha256(key.encode())
    for path in files:
        h.update(path.name.encode() + b"\0" + digest(path).encode() + b"\0")
    h.update(json.dumps(cells).encode())
    return cache / f"trace-{h.hexdigest()}.json"


def traced(folder: Path, files: list[Path], cells: list[str], kept: Path,
           say: Callable[[str], None]) -> dict[str, list[str]]:
    """The modules the kernel imports as it starts and runs ``cells`` (``pyc_compile.trace``
    in Node), kept in the cache as ``kept`` (``trace_file``)."""
    if not kept.exists():
        say(f"tracing the kernel's imports in Pyodide ({len(cells)} cells)")
        wheels = [str(p.resolve()) for p in files if p.suffix == ".whl"]
        with tempfile.TemporaryDirectory(dir=kept.parent) as tmp:
            found = run_node(folder, Path(tmp), {"trace": {"wheels": wheels, "cells": cells}})
        kept.write_text(json.dumps(found, indent=1) + "\n", "utf-8")
    return json.loads(kept.read_text("utf-8"))


def compile_folder(folder: Path, cells: list[str], cache: Path,
                   say: Callable[[str], None]) -> dict[str, int]:
    """Give ``folder``'s standard library and wheels (Pyodide's own files are in ``folder``)
    bytecode for the modules the kernel imports as it starts and runs ``cells``. A wheel
    that got some is renamed (``site_name``); one the kernel does not import is left as it
    is. Returns the number of modules compiled per archive name (the new names)."""
    key = compiler_id(folder)
    cache.mkdir(parents=True, exist_ok=True)
    files = [folder / STDLIB, *sorted(folder.glob("*.whl"))]
    trace = trace_file(files, cells, key, cache)
    imported = traced(folder, files, cells, trace, say)
    chosen = {path: sorted(modules_of(path) & set(imported["stdlib" if path.name == STDLIB
                                                           else "site"]))
              for path in files}
    chosen = {path: only for path, only in chosen.items() if only}
    cached = {}
    for path, only in chosen.items():
        h = hashlib.sha256(f"{key}\0{digest(path)}\0{json.dumps(only)}".encode()).hexdigest()
        cached[path] = cache / f"{h}{path.suffix}"
    todo = [path for path in chosen if not cached[path].exists()]
    if todo:
        say(f"compiling {sum(len(chosen[p]) for p in todo)} modules of {len(todo)} archives "
            f"in Pyodide ({', '.join(p.name for p in todo[:3])}{', ...' if len(todo) > 3 else ''})")
        with tempfile.TemporaryDirectory(dir=cache) as tmp:
            work = Path(tmp)
            (work / "in").mkdir()
            (work / "out").mkdir()
            items = []
            for path in todo:
                shutil.copy2(path, work / "in" / path.name)
                items.append({"src": f"/work/in/{path.name}", "dest": f"/work/out/{path.name}",
                              "only": chosen[path]})
            run_node(folder, work, {"compile": items})
            for path in todo:
                (work / "out" / path.name).replace(cached[path])
    counts = {}
    for path, only in chosen.items():
        target = path
        if path.suffix == ".whl":
            target = folder / site_name(path.name, digest(cached[path]))
            path.unlink()
        shutil.copyfile(cached[path], target)
        counts[target.name] = len(only)
    used = {*cached.values(), trace}
    for path in cache.iterdir():
        if path.is_file() and path not in used:
            path.unlink()  # an older build's (one build at a time: site.sh's lock)
    return counts
