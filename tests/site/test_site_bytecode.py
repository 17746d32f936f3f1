"""The site's Python ships as bytecode (``scripts/lite/pyc.py``): the built site's archives
carry ``.pyc`` files compiled for the site's own Pyodide, and in the browser the kernel
imports its modules, ours among them, from them instead of compiling their source.

The bytecode is compiled without column ranges (as ``python -X no_debug_ranges``), which a
module compiled in the browser always has: a function whose code has no columns was loaded
from the shipped bytecode.
"""

from __future__ import annotations

import json
import re
import sys
import zipfile
from pathlib import Path

import pytest
from chapters import shown_or_fail
from harness import run_in_kernel

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts" / "lite"))  # the build's modules (not a package)

import pyc  # noqa: E402
from lock import sha256  # noqa: E402

#: the modules the kernel has imported, by where they come from; for each, whether its
#: functions' code has columns (compiled in the browser) or not (the shipped bytecode)
MODULES = r"""
import json, sys, site, types
roots = {"wheel": site.getsitepackages()[0] + "/", "stdlib": "/lib/python314.zip/"}
out = {"wheel": {}, "stdlib": {}}
for name, module in list(sys.modules.items()):
    path = getattr(module, "__file__", None) or ""
    where = next((k for k, root in roots.items() if path.startswith(root)), None)
    if where is None or getattr(module.__spec__, "origin", None) == "frozen":
        continue  # (frozen: in the interpreter itself, compiled with it)
    codes = [f.__code__ for f in vars(module).values()
             if isinstance(f, types.FunctionType) and f.__module__ == name]
    if codes:
        out[where][name] = any(col is not None for c in codes for _, _, col, _ in c.co_positions())
print(json.dumps(out))
"""

def magic_of_stdlib(pyodide: Path) -> bytes:
    """The magic number of the bytecode Pyodide's own standard library carries, read from
    the shipped zip: the site's Pyodide's Python."""
    with zipfile.ZipFile(pyodide / pyc.STDLIB) as zf:
        name = next(n for n in zf.namelist() if n.endswith(".pyc"))
        return zf.read(name)[:4]


def test_the_sites_archives_carry_bytecode_for_pyodides_python(site_dir: Path) -> None:
    """Every ``.pyc`` in the site's wheels and standard library is unchecked hash-based,
    for one magic number (Python 3.14's: Pyodide 314's), beside its module; each wheel's
    RECORD lists them; mp-tutor's lesson panel and IPython's shell are among them."""
    pyodide = site_dir / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text("utf-8"))
    assert lock["info"]["python"].startswith("3.14.")
    magic = magic_of_stdlib(pyodide)
    assert int.from_bytes(magic[:2], "little") in range(3600, 3700)  # Python 3.14's range
    compiled = {}
    for archive in [pyodide / pyc.STDLIB, *sorted(pyodide.glob("*.whl"))]:
        with zipfile.ZipFile(archive) as zf:
            names = set(zf.namelist())
            pycs = sorted(n for n in names if n.endswith(".pyc"))
            for name in pycs:
                data = zf.read(name)
                assert data[:4] == magic, f"{archive.name}: {name} is for another Python"
                assert int.from_bytes(data[4:8], "little") == 1, f"{name}: not unchecked-hash"
                source = (name.replace("/__pycache__/", "/").replace(".cpython-314.pyc", ".py")
                          if archive.suffix == ".whl" else name.removesuffix("c"))
                source = source.removeprefix("__pycache__/")
                assert source in names, f"{archive.name}: {name} has no module {source}"
            if archive.suffix == ".whl" and pycs:
                record = next(n for n in names if n.endswith(".dist-info/RECORD"))
                listed = {line.split(",")[0] for line in zf.read(record).decode().splitlines()}
                assert set(pycs) <= listed, f"{archive.name}: RECORD misses some .pyc"
                assert "+site." in archive.name  # a new name for new contents
            compiled[archive.name.split("-")[0]] = set(pycs)
    assert "mp_tutor/widgets/__pycache__/lesson_panel.cpython-314.pyc" in compiled["mp_tutor"]
    assert "IPython/core/__pycache__/interactiveshell.cpython-314.pyc" in compiled["ipython"]
    assert "asyncio/base_events.pyc" in compiled["python_stdlib.zip"]
    # the lock names each shipped wheel with its sha256 (Pyodide fetches it with that hash)
    for entry in lock["packages"].values():
        assert (pyodide / entry["file_name"]).is_file(), entry["file_name"]
        assert entry["sha256"] == sha256(pyodide / entry["file_name"])


def test_the_site_stays_within_50_mb(site_dir: Path) -> None:
    """Issue 16's bound holds with the bytecode: only what the kernel imports is compiled,
    and JupyterLab's fonts are shipped in the formats browsers take (no ``.eot``, no SVG
    font beside a ``.woff2``), every ``.woff2`` its styles name being there."""
    files = [p for p in site_dir.rglob("*") if p.is_file()]
    assert sum(p.stat().st_size for p in files) <= 50e6
    named = set()
    for chunk in (site_dir / "build").glob("*.js"):
        named |= set(re.findall(r"url\(\.\./webfonts/([\w.-]+\.woff2)\)", chunk.read_text("utf-8")))
    assert named and all((site_dir / "build" / name).is_file() for name in named), named
    for woff2 in (site_dir / "build").glob("*.woff2"):
        assert not woff2.with_suffix(".eot").exists() and not woff2.with_suffix(".svg").exists()


@pytest.mark.browser
def test_the_kernel_imports_a_chapter_from_bytecode(open_chapter) -> None:
    """Chapter 04 opened (its cells run): every module it imported from the wheels and the
    standard library was loaded from the shipped bytecode, mp_tutor's among them."""
    chapter = open_chapter("04-production.ipynb")
    shown_or_fail(chapter, ".mp-board .mp-picture svg", "the board")
    out = run_in_kernel(chapter.page, MODULES, silent=True)
    found = json.loads(out.strip().splitlines()[-1])
    wheel, stdlib = found["wheel"], found["stdlib"]
    assert "mp_tutor.widgets.lesson_panel" in wheel and "IPython.core.interactiveshell" in wheel
    assert "asyncio.base_events" in stdlib
    from_source = sorted(name for group in (wheel, stdlib) for name, cols in group.items()
                         if cols)
    assert not from_source, f"compiled in the browser: {from_source}"
