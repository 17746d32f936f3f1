"""Bytecode for the site's Python, compiled by the Python that will import it.

This runs *inside Pyodide* (in Node.js, started by ``scripts/lite/pyc.mjs`` for
``scripts/lite/pyc.py``), so the bytecode is that interpreter's own (its magic number, its
``sys.implementation.cache_tag``); it uses the standard library (and Pyodide's own modules)
only. It does one of two jobs, given as a JSON file (``main``):

- **trace**: install the site's wheels, start the kernel as the site's kernel worker does
  (``import piplite.piplite``, ``import pyodide_kernel``) and run cells in it as a learner's
  chapter does (its widgets' messages go nowhere); the result is every module of the wheels
  and of the standard library that this imported, as paths inside their archive;
- **compile**: copy archives, adding an unchecked hash-based ``.pyc`` for their modules (all
  of them, or those listed). In a wheel it goes to ``__pycache__/<name>.<cache_tag>.pyc``
  beside the module, and the wheel's ``RECORD`` lists it; in the standard library's zip
  (imported by ``zipimport``, which looks for ``<name>.pyc`` beside ``<name>.py``, not in
  ``__pycache__``) to ``<name>.pyc``. Unchecked hash-based: Pyodide's installer keeps no
  file times, and such a ``.pyc`` is used as it is (the source is never read or hashed on
  import), while the source stays for tracebacks and ``inspect``. Every other entry is
  copied unchanged (its name, date and compression), so the same input gives the same bytes.

A file that does not compile for this Python (a Python 2 test file, say) gets no ``.pyc``
(it would not import either); files under ``<name>.data/`` are not modules of the
installed package and are left alone.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import json
import site
import sys
import tempfile
import traceback
import warnings
import zipfile
from pathlib import Path, PurePosixPath

#: how each added .pyc is stored (the archives' own entries keep theirs)
COMPRESSION = zipfile.ZIP_DEFLATED
LEVEL = 9


def record_line(name: str, data: bytes) -> str:
    """A ``RECORD`` line: the path, its urlsafe base64 sha256 without padding, the size."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def cache_name(module: str) -> str:
    """``pkg/mod.py`` -> ``pkg/__pycache__/mod.cpython-314.pyc`` (this Python's cache tag)."""
    return PurePosixPath(importlib.util.cache_from_source(module)).as_posix()


def zip_name(module: str) -> str:
    """``pkg/mod.py`` -> ``pkg/mod.pyc``: where ``zipimport`` looks for bytecode."""
    return module + "c"


def stdlib_zip() -> str:
    """The standard library's zip as ``sys.path`` names it (``/lib/python314.zip``)."""
    found = [p for p in sys.path if p.endswith(".zip")]
    if len(found) != 1:
        raise ValueError(f"not one zip of the standard library on sys.path: {sys.path}")
    return found[0]


def is_module(name: str) -> bool:
    """A ``.py`` file of the installed package (not of ``<name>.data/``, not metadata)."""
    top = name.split("/", 1)[0]
    return (name.endswith(".py") and not top.endswith(".data")
            and not top.endswith(".dist-info"))


def bytecode(source: bytes, installed: str, scratch: Path) -> bytes | None:
    """The unchecked hash-based ``.pyc`` of ``source`` (its code objects name ``installed``),
    or None if it does not compile here."""
    import py_compile  # (here: the trace sees only what the kernel imports)

    src, pyc = scratch / "module.py", scratch / "module.pyc"
    src.write_bytes(source)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # e.g. invalid escape sequences: shown on import too
        try:
            py_compile.compile(str(src), cfile=str(pyc), dfile=installed, doraise=True,
                               invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        except py_compile.PyCompileError:
            return None
    return pyc.read_bytes()


def compile_archive(src: Path, dest: Path, scratch: Path,
                    only: set[str] | None = None) -> tuple[int, int]:
    """Write ``dest``: ``src`` (a wheel, or the standard library's ``.zip``) with a ``.pyc``
    for every module (or for those named in ``only``); returns (compiled, skipped)."""
    wheel = src.suffix == ".whl"
    prefix = site.getsitepackages()[0] if wheel else stdlib_zip()
    target_of = cache_name if wheel else zip_name
    compiled = skipped = 0
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dest, "w") as zout:
        names = set(zin.namelist())
        records = [n for n in names if n.endswith(".dist-info/RECORD") and n.count("/") == 1]
        if wheel and len(records) != 1:
            raise ValueError(f"{src.name}: {len(records)} RECORD files, not one")
        record, added = (records[0] if wheel else None), []
        for info in zin.infolist():
            if info.filename == record:
                continue
            data = zin.read(info)
            zout.writestr(info, data)
            if not is_module(info.filename) or only is not None and info.filename not in only:
                continue
            target = target_of(info.filename)
            if target in names:  # the archive carries its own bytecode: kept as it is
                continue
            pyc = bytecode(data, f"{prefix}/{info.filename}", scratch)
            if pyc is None:
                skipped += 1
                continue
            entry = zipfile.ZipInfo(target, date_time=info.date_time)
            entry.compress_type = COMPRESSION
            entry.external_attr = 0o644 << 16
            zout.writestr(entry, pyc, compresslevel=LEVEL)
            added.append(record_line(target, pyc))
            compiled += 1
        if record is None:
            return compiled, skipped
        lines = zin.read(record).decode("utf-8").splitlines()
        # RECORD's own line (no hash) stays last, as installers write it
        own = [line for line in lines if line.split(",", 1)[0] == record]
        text = "\n".join([line for line in lines if line not in own] + added + own) + "\n"
        zout.writestr(zin.getinfo(record), text.encode("utf-8"))
    return compiled, skipped


def imported_sources() -> dict[str, list[str]]:
    """The source files of every imported module, as paths inside their archive:
    ``{"site": [paths in site-packages], "stdlib": [paths in the standard library's zip]}``."""
    roots = {"site": site.getsitepackages()[0] + "/", "stdlib": stdlib_zip() + "/"}
    found: dict[str, set[str]] = {key: set() for key in roots}
    for module in list(sys.modules.values()):
        path = getattr(module, "__file__", None)
        if not isinstance(path, str) or not path.endswith(".py"):
            continue
        for key, root in roots.items():
            if path.startswith(root):
                found[key].add(path.removeprefix(root))
    return {key: sorted(paths) for key, paths in found.items()}


async def trace(wheels: list[str], cells: list[str]) -> dict[str, list[str]]:
    """Install ``wheels`` (host paths, read by Node), start the kernel as the site's worker
    does, run ``cells`` in it; the modules this imported (``imported_sources``). A cell that
    fails raises, with its traceback."""
    import pyodide_js  # type: ignore[import-not-found]  # Pyodide's own
    from pyodide.ffi import to_js  # type: ignore[import-not-found]

    await pyodide_js.loadPackage(to_js(wheels), checkIntegrity=False)
    import piplite.piplite  # noqa: F401  (as the worker's initPackageManager)
    import pyodide_kernel  # (as its initKernel)

    shell = pyodide_kernel.ipython_shell
    shell.send_comm = lambda *args, **kwargs: None  # the worker's: the page's widgets
    for cell in cells:
        await pyodide_kernel.kernel_instance.run(cell)
        if shell._last_traceback is not None:
            tb = shell._last_traceback
            raise RuntimeError(f"the cell {cell[:60]!r} failed in the trace: {tb['ename']}: "
                               f"{tb['evalue']}")
    return imported_sources()


async def main(job_file: str) -> int:
    """Do the job in ``job_file`` (JSON) and write its result where it says:

    ``{"trace": {"wheels": [...], "cells": [...]}, "result": PATH}`` writes the trace;
    ``{"compile": [{"src": PATH, "dest": PATH, "only": [PATH...] | null}], "result": PATH}``
    compiles, and writes ``{src: [compiled, skipped]}``. Returns 0, or 1 after printing
    the traceback of what failed."""
    job = json.loads(Path(job_file).read_text("utf-8"))
    try:
        if "trace" in job:
            result: object = await trace(job["trace"]["wheels"], job["trace"]["cells"])
        else:
            counts = {}
            with tempfile.TemporaryDirectory() as tmp:
                for item in job["compile"]:
                    only = None if item["only"] is None else set(item["only"])
                    counts[item["src"]] = compile_archive(Path(item["src"]), Path(item["dest"]),
                                                          Path(tmp), only)
            result = counts
    except Exception:  # noqa: BLE001 - printed for the build's message
        traceback.print_exc()
        return 1
    Path(job["result"]).write_text(json.dumps(result, indent=1) + "\n", "utf-8")
    return 0
