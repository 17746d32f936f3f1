"""Rewrite Pyodide's ``pyodide-lock.json`` for the wheels shipped in the site.

The npm ``pyodide`` package has a lock naming 356 packages but carries none of their
wheels. The site ships only the pure-Python wheels it needs (downloaded from PyPI at the
lock's own versions, plus the kernel's and mp-tutor's), so the lock is rewritten to name
exactly those files: for every wheel of the folder an entry with its name, version, file
name, sha256 and imports, whose ``depends`` are the old entry's plus the wheel's own
``Requires-Dist`` (markers evaluated for Pyodide), minus the ``package:dependency`` pairs
dropped on purpose. Every other entry is removed, so an ``import`` of a package that is not
shipped fails at once with ``ModuleNotFoundError`` instead of a download attempt. A
dependency that no shipped wheel provides stops the rewrite with its name.

Run by ``scripts/lite/build.py``; by hand::

    python scripts/lite/lock.py FOLDER mp-tutor:bqplot ipywidgets:jupyterlab-widgets

>>> entry_depends(["b", "c"], ["c (>=1)", "d; sys_platform == 'win32'"], "3.14.2", set())
['b', 'c']
"""

from __future__ import annotations

import email.parser
import hashlib
import json
import sys
import zipfile
from collections.abc import Iterable
from pathlib import Path

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

LOCK = "pyodide-lock.json"


class LockError(Exception):
    """The shipped wheels do not make a consistent set (the message names what is wrong)."""


def pyodide_environment(python: str) -> dict[str, str]:
    """The marker environment of Pyodide running Python ``python`` (e.g. ``"3.14.2"``)."""
    env = default_environment()
    env.update(sys_platform="emscripten", platform_system="Emscripten",
               platform_machine="wasm32", os_name="posix", implementation_name="cpython",
               platform_python_implementation="CPython", python_full_version=python,
               python_version=".".join(python.split(".")[:2]), platform_release="",
               platform_version="", extra="")
    return env


def entry_depends(old: Iterable[str], requires: Iterable[str], python: str,
                  dropped: set[str]) -> list[str]:
    """Canonical names of an entry's dependencies: the old entry's and the wheel's own
    ``Requires-Dist`` lines that apply in Pyodide, less ``dropped``."""
    env = pyodide_environment(python)
    names = {canonicalize_name(n) for n in old}
    for line in requires:
        req = Requirement(line)
        if req.marker is None or req.marker.evaluate(env):
            names.add(canonicalize_name(req.name))
    return sorted(names - dropped)


def wheel_metadata(path: Path) -> tuple[list[str], list[str]]:
    """(``Requires-Dist`` lines, top-level import names) of a wheel file."""
    with zipfile.ZipFile(path) as zf:
        names = zf.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = email.parser.Parser().parsestr(zf.read(meta_name).decode("utf-8"))
        top_level = [n for n in names if n.endswith(".dist-info/top_level.txt")]
        if top_level:
            imports = zf.read(top_level[0]).decode("utf-8").split()
        else:
            imports = sorted({n.split("/")[0].removesuffix(".py") for n in names
                              if "/" in n and n.split("/")[0].isidentifier()
                              or "/" not in n and n.endswith(".py")})
    return meta.get_all("Requires-Dist") or [], [i for i in imports if not i.startswith("_")]


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def parse_drops(pairs: Iterable[str]) -> dict[str, set[str]]:
    """``["a:b", "a:c"]`` -> ``{"a": {"b", "c"}}`` (canonical names)."""
    out: dict[str, set[str]] = {}
    for pair in pairs:
        pkg, sep, dep = pair.partition(":")
        if not sep or not pkg or not dep:
            raise LockError(f"a dropped dependency is written package:dependency, not {pair!r}")
        out.setdefault(canonicalize_name(pkg), set()).add(canonicalize_name(dep))
    return out


def rewrite(lock: dict, folder: Path, drops: dict[str, set[str]]) -> dict:
    """The lock naming exactly the wheels in ``folder`` (see the module docstring)."""
    python = lock["info"]["python"]
    old = {canonicalize_name(k): v for k, v in lock["packages"].items()}
    packages: dict[str, dict] = {}
    for wheel in sorted(folder.glob("*.whl")):
        name, version, _, _ = parse_wheel_filename(wheel.name)
        key = canonicalize_name(name)
        if key in packages:
            raise LockError(f"two wheels of {key} in {folder}: {packages[key]['file_name']} "
                            f"and {wheel.name}")
        requires, imports = wheel_metadata(wheel)
        before = old.get(key, {})
        packages[key] = {
            "name": before.get("name", str(name)),
            "version": str(version),
            "file_name": wheel.name,
            "install_dir": "site",
            "package_type": "package",
            "sha256": sha256(wheel),
            "imports": before.get("imports") or imports,
            "depends": entry_depends(before.get("depends", []), requires, python,
                                     drops.get(key, set())),
            "unvendored_tests": False,
        }
    unknown = sorted(set(drops) - set(packages))
    if unknown:
        raise LockError(f"dropped dependencies of packages not shipped: {', '.join(unknown)}")
    missing = sorted(f"{dep} (needed by {key})" for key, entry in packages.items()
                     for dep in entry["depends"] if dep not in packages)
    if missing:
        raise LockError("no shipped wheel provides: " + ", ".join(missing))
    return {**lock, "packages": dict(sorted(packages.items()))}


def version_mismatches(lock: dict, pins: dict[str, str]) -> list[str]:
    """Pinned wheels whose version differs from the one Pyodide's own lock names."""
    old = {canonicalize_name(k): v for k, v in lock["packages"].items()}
    return [f"{name} {version} (Pyodide's lock: {old[canonicalize_name(name)]['version']})"
            for name, version in sorted(pins.items())
            if canonicalize_name(name) in old
            and old[canonicalize_name(name)]["version"] != version]


def rewrite_file(folder: Path, pairs: Iterable[str]) -> dict:
    """Rewrite ``folder/pyodide-lock.json`` in place; returns the new lock."""
    path = folder / LOCK
    new = rewrite(json.loads(path.read_text("utf-8")), folder, parse_drops(pairs))
    path.write_text(json.dumps(new, indent=1, sort_keys=True) + "\n", "utf-8")
    return new


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    try:
        new = rewrite_file(Path(argv[0]), argv[1:])
    except LockError as e:
        print(f"{argv[0]}/{LOCK}: {e}", file=sys.stderr)
        return 1
    print(f"{argv[0]}/{LOCK}: {len(new['packages'])} packages")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
