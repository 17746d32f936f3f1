"""The site build's own parts, without a browser: the rewrite of Pyodide's lock for the
shipped wheels (``scripts/lite/lock.py``), the checks of a teacher's folder
(``scripts/lite/check_folder.py``), and ``bash scripts/site.sh --notebooks`` stopping on a
broken folder before it builds anything."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts" / "lite"))  # the build's modules (not a package)
sys.path.insert(1, str(ROOT))  # labextension/prebuilt.py, which the build uses

from check_folder import problems  # noqa: E402
from harness import skip_or_fail  # noqa: E402  (tests/browser: on the path via conftest.py)
from lock import LockError, parse_drops, rewrite, version_mismatches  # noqa: E402


def wheel(folder: Path, name: str, version: str, requires: list[str],
          top: str | None = None) -> Path:
    """A minimal wheel: METADATA with its Requires-Dist, one module."""
    dist = f"{name.replace('-', '_')}-{version}"
    path = folder / f"{dist}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as zf:
        meta = ["Metadata-Version: 2.1", f"Name: {name}", f"Version: {version}"]
        meta += [f"Requires-Dist: {r}" for r in requires]
        zf.writestr(f"{dist}.dist-info/METADATA", "\n".join(meta) + "\n")
        zf.writestr(f"{top or name.replace('-', '_')}/__init__.py", "")
    return path


LOCK = {"info": {"python": "3.14.2", "abi_version": "2026_0"},
        "packages": {
            "ipython": {"name": "ipython", "version": "9.12.0", "depends": ["traitlets"],
                        "imports": ["IPython"], "file_name": "ipython-9.12.0-py3-none-any.whl"},
            "traitlets": {"name": "traitlets", "version": "5.14.3", "depends": [],
                          "imports": ["traitlets"], "file_name": "x.whl"},
            "numpy": {"name": "numpy", "version": "2.4.6", "depends": [], "imports": ["numpy"],
                      "file_name": "numpy-2.4.6-cp314-cp314-pyemscripten_2026_0_wasm32.whl"}}}


def test_the_lock_names_exactly_the_shipped_wheels(tmp_path: Path) -> None:
    wheel(tmp_path, "ipython", "9.12.0", ["traitlets", "ipython-pygments-lexers",
                                          "colorama; sys_platform == 'win32'",
                                          "pytest; extra == 'test'"], top="IPython")
    wheel(tmp_path, "traitlets", "5.14.3", [])
    wheel(tmp_path, "ipython-pygments-lexers", "1.1.1", [], top="ipython_pygments_lexers")
    tutor = wheel(tmp_path, "mp-tutor", "0.1.0", ["anywidget", "bqplot",
                                                  "traitlets; python_version >= '3.11'"])
    wheel(tmp_path, "anywidget", "0.11.0", [])
    new = rewrite(LOCK, tmp_path, parse_drops(["mp-tutor:bqplot"]))
    pk = new["packages"]
    assert set(pk) == {"ipython", "traitlets", "ipython-pygments-lexers", "mp-tutor", "anywidget"}
    assert "numpy" not in pk  # not shipped: an import fails at once, no download is tried
    # the old entry's dependencies plus the wheel's own, markers evaluated for Pyodide
    assert pk["ipython"]["depends"] == ["ipython-pygments-lexers", "traitlets"]
    assert pk["ipython"]["imports"] == ["IPython"]  # kept from the old entry
    assert pk["mp-tutor"]["depends"] == ["anywidget", "traitlets"]  # bqplot dropped
    assert pk["mp-tutor"]["imports"] == ["mp_tutor"]  # from the wheel
    assert pk["mp-tutor"]["sha256"] == hashlib.sha256(tutor.read_bytes()).hexdigest()
    assert pk["mp-tutor"]["file_name"] == tutor.name
    assert new["info"] == LOCK["info"]


def test_a_dependency_no_wheel_provides_stops_the_rewrite(tmp_path: Path) -> None:
    wheel(tmp_path, "mp-tutor", "0.1.0", ["anywidget", "bqplot"])
    with pytest.raises(LockError) as e:
        rewrite(LOCK, tmp_path, {})
    assert "anywidget (needed by mp-tutor)" in str(e.value)
    assert "bqplot (needed by mp-tutor)" in str(e.value)
    with pytest.raises(LockError, match="package:dependency"):
        parse_drops(["mp-tutor"])


def test_pins_that_differ_from_pyodides_lock_are_named() -> None:
    assert version_mismatches(LOCK, {"traitlets": "5.14.3", "anywidget": "0.11.0"}) == []
    assert version_mismatches(LOCK, {"IPython": "9.11.0"}) == [
        "IPython 9.11.0 (Pyodide's lock: 9.12.0)"]


def test_a_teachers_folder_is_checked_file_by_file(tmp_path: Path) -> None:
    good = ROOT / "mp_tutor" / "priests" / "scenarios" / "blocked-priest.toml"
    shutil.copy(good, tmp_path / "priests-lesson.toml")  # a priests scenario: recognised
    shutil.copy(ROOT / "notebooks" / "04-production.ipynb", tmp_path / "fine.ipynb")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "broken.ipynb").write_text('{"cells": [')
    (tmp_path / "invalid.ipynb").write_text(json.dumps(
        {"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [{"cell_type": "code"}]}))
    (tmp_path / "bad.toml").write_text('[scenario\ntitle = "x"\n')
    (tmp_path / "illegal.toml").write_text(
        '[scenario]\ntitle = "x"\nplayers = 3\nseed = 1\n[[script]]\naction = "move nowhere"\n')
    found = problems(tmp_path)
    assert len(found) == 4, found
    text = "\n".join(found)
    assert f"{tmp_path / 'sub' / 'broken.ipynb'}: not valid JSON (line 1" in text
    assert f"{tmp_path / 'invalid.ipynb'}: not a valid notebook at cells/0" in text
    assert f"{tmp_path / 'bad.toml'}: <file>: not valid TOML" in text
    assert f"{tmp_path / 'illegal.toml'}: script[0].action" in text
    assert "priests-lesson" not in text and "fine.ipynb" not in text


def test_a_teachers_folder_of_studio_lessons_is_checked(tmp_path: Path) -> None:
    """Lessons the studio saved (a chapter file and its scenario beside it) are read as a
    learner's panel reads them and proved; a lesson that does not work is named."""
    from mp_tutor.studio import lesson as lessons
    from mp_tutor.studio.draft import Draft

    draft = Draft.from_scenario("coca-plantation-production", "princes")
    draft.take(lessons.make_task(draft.sheet, 0, "Enter the Coca Plantation.", "It borders."))
    draft.take(lessons.make_quiz(draft.sheet, 4, "Red.goods.coca", "How many coca has Red?"))
    draft.save(tmp_path / "coca.lesson.toml")
    assert problems(tmp_path) == []
    lesson = tmp_path / "coca.lesson.toml"
    lesson.write_text(lesson.read_text("utf-8").replace("expect = 3", "expect = 4"), "utf-8")
    (tmp_path / "lost.lesson.toml").write_text(
        lesson.read_text("utf-8").replace('scenario = "coca.toml"', 'scenario = "gone.toml"'))
    found = "\n".join(problems(tmp_path))
    assert f"{lesson}: quick check q4: the engine says 3, the lesson 4" in found
    assert f"{tmp_path / 'lost.lesson.toml'}: chapter.scenario" in found


def test_site_sh_stops_on_a_broken_teachers_folder(tmp_path: Path) -> None:
    for tool in ("python3", "npm"):
        if shutil.which(tool) is None:
            skip_or_fail(f"the site build needs {tool}")
    club = tmp_path / "club"
    club.mkdir()
    (club / "lesson.ipynb").write_text("{not json")
    out = tmp_path / "out"
    proc = subprocess.run(["bash", "scripts/site.sh", "--notebooks", str(club), "--output",
                           str(out)], cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert f"{club / 'lesson.ipynb'}: not valid JSON" in proc.stderr
    assert "nothing built" in proc.stderr and not out.exists()


def test_a_teachers_folder_is_remembered_by_the_next_build(tmp_path: Path) -> None:
    """Issue 29 point 8: ``site.sh --notebooks DIR`` then ``site.sh``: the folder stays, and
    the build says so; ``--no-notebooks`` or a folder gone is said in one line."""
    from build import TEACHER, teacher_folder, write_pages  # scripts/lite/build.py

    club, out = tmp_path / "club", tmp_path / "site"
    club.mkdir()
    out.mkdir()
    assert teacher_folder(None, False, out) == (None, "")  # never built with one
    (out / "index.html").write_text('<html><head><script id="jupyter-config-data">{}</script>'
                                    "</head></html>")
    write_pages(out, club)  # what a build with --notebooks club leaves in the site
    assert (out / TEACHER).read_text().strip() == str(club)
    folder, said = teacher_folder(None, False, out)
    assert folder == club and f"your folder {club} is added again" in said
    assert teacher_folder(club, False, out) == (club, "")
    folder, said = teacher_folder(None, True, out)
    assert folder is None and said == f"your folder {club} is left out (--no-notebooks)"
    club.rmdir()
    folder, said = teacher_folder(None, False, out)
    assert folder is None and "is gone: left out" in said and "\n" not in said
    assert 'location.replace("course/"' in (out / "index.html").read_text()
    assert "window.COURSE" in (out / "course" / "data.js").read_text()


def test_the_site_points_a_learner_to_nothing_it_does_not_have(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29 point 6: no chapter sends a site learner to a terminal or a data file (the
    notebooks the site ships, in every language), and the notebooks' READMEs (written for a
    clone of the repository, about scripts/tutor.sh) are not shipped."""
    import build  # scripts/lite/build.py

    monkeypatch.setattr(build, "CONTENTS", tmp_path / "contents")  # not the build's own

    said = []
    for path in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        for cell in json.loads(path.read_text("utf-8"))["cells"]:
            text = "".join(cell["source"]) if cell["cell_type"] == "markdown" else ""
            said += [f"{path.relative_to(ROOT)}: {word}" for word in (
                "mp-tutor rules", "in a terminal", "data/game.toml", "scripts/")
                if word in text]
    assert not said, said
    build.stage_contents(None)
    assert not list(build.CONTENTS.rglob("README.md"))
    assert (tmp_path / "contents" / "fr" / "04-production.ipynb").is_file()
    # the installed tutor's course notebooks: the site has its own course page (course/)
    assert not list(build.CONTENTS.rglob("course.ipynb"))


def test_an_archive_gets_bytecode_for_the_modules_asked(tmp_path: Path) -> None:
    """``pyc_compile.compile_archive`` (run here by this Python, in the build by Pyodide's):
    a wheel gets an unchecked hash-based ``.pyc`` in ``__pycache__`` for each module asked,
    listed in its RECORD with its hash; every other entry is unchanged; the same input gives
    the same bytes; the standard library's zip gets ``<module>.pyc`` beside each module,
    which ``zipimport`` loads."""
    import base64
    import importlib.util
    import zipimport

    import pyc_compile  # scripts/lite/pyc_compile.py

    src = tmp_path / "demo-1.0-py3-none-any.whl"
    with zipfile.ZipFile(src, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("demo/__init__.py", "VALUE = 1\n")
        zf.writestr("demo/used.py", "def f():\n    return 2\n")
        zf.writestr("demo/unused.py", "X = 3\n")
        zf.writestr("demo/py2.py", "print 'old'\n")
        zf.writestr("demo/data.toml", "a = 1\n")
        zf.writestr("demo-1.0.dist-info/METADATA", "Name: demo\nVersion: 1.0\n")
        zf.writestr("demo-1.0.dist-info/RECORD", "demo/__init__.py,sha256=x,10\n"
                    "demo-1.0.dist-info/RECORD,,\n")
    out, again = tmp_path / "out.whl", tmp_path / "again.whl"
    only = {"demo/__init__.py", "demo/used.py", "demo/py2.py"}
    assert pyc_compile.compile_archive(src, out, tmp_path, only) == (2, 1)  # py2.py: no .pyc
    pyc_compile.compile_archive(src, again, tmp_path, only)
    assert out.read_bytes() == again.read_bytes()
    tag = sys.implementation.cache_tag
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(out) as zout:
        added = sorted(set(zout.namelist()) - set(zin.namelist()))
        assert added == [f"demo/__pycache__/__init__.{tag}.pyc", f"demo/__pycache__/used.{tag}.pyc"]
        for name in zin.namelist():
            if not name.endswith("RECORD"):
                assert zout.read(name) == zin.read(name)
        record = zout.read("demo-1.0.dist-info/RECORD").decode().splitlines()
        assert record[-1] == "demo-1.0.dist-info/RECORD,,"  # its own line stays last
        for name in added:
            data = zout.read(name)
            assert data[:4] == importlib.util.MAGIC_NUMBER
            assert int.from_bytes(data[4:8], "little") == 1  # hash-based, unchecked
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            assert f"{name},sha256={digest.decode()},{len(data)}" in record
        zout.extractall(tmp_path / "site")
    sys.path.insert(0, str(tmp_path / "site"))
    try:
        import demo.used  # type: ignore[import-not-found]

        assert demo.used.f() == 2 and demo.used.__spec__.cached.endswith(f"used.{tag}.pyc")
    finally:
        sys.path.remove(str(tmp_path / "site"))
        for name in ("demo", "demo.used"):
            sys.modules.pop(name, None)

    lib = tmp_path / "stdlib.zip"
    with zipfile.ZipFile(lib, "w") as zf:
        zf.writestr("tinymod.py", "ANSWER = 42\n")
    with pytest.MonkeyPatch.context() as mp:  # this zip as the standard library's
        mp.setattr(sys, "path", [p for p in sys.path if not p.endswith(".zip")] + [str(lib)])
        assert pyc_compile.compile_archive(lib, tmp_path / "lib.zip", tmp_path) == (1, 0)
    with zipfile.ZipFile(tmp_path / "lib.zip") as zf:
        assert sorted(zf.namelist()) == ["tinymod.py", "tinymod.pyc"]
        assert int.from_bytes(zf.read("tinymod.pyc")[4:8], "little") == 1
    spec = zipimport.zipimporter(str(tmp_path / "lib.zip")).find_spec("tinymod")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.ANSWER == 42 and module.__file__.endswith("tinymod.pyc")


def test_a_wheel_given_bytecode_gets_a_name_of_its_contents() -> None:
    from pyc import site_name  # scripts/lite/pyc.py

    assert site_name("ipython-9.12.0-py3-none-any.whl", "0123456789abcdef") == (
        "ipython-9.12.0+site.0123456789ab-py3-none-any.whl")
    assert site_name("mp_tutor-0.1.0-py3-none-any.whl", "f" * 64) == (
        "mp_tutor-0.1.0+site.ffffffffffff-py3-none-any.whl")
    assert site_name("six-1.17.0-py2.py3-none-any.whl", "a" * 64).endswith("-py2.py3-none-any.whl")
