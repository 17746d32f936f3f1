"""Check a teacher's folder before it goes into the classroom site.

Every ``*.ipynb`` must be JSON and a valid notebook (nbformat's schema); every ``*.toml`` is
a scenario or a lesson (a chapter file with ``[chapter]``, as the lesson studio saves them).
A scenario is read and played by mp_tutor's own scenario checker (the one behind
``mp-tutor scenario check``): its game reads it (``mp_tutor.core.registry.
read_scenario_file``), builds its position, plays its whole script and runs its checks. A
lesson is read as a learner's panel reads it and proved as the shipped chapters are (every
task can be done, every quick check's answer is the engine's). Each problem is one line
naming the file and what is wrong; none means the folder is fine.

Run by ``scripts/lite/build.py`` (``bash scripts/site.sh --notebooks DIR``), with the
repository on ``PYTHONPATH``; by hand::

    PYTHONPATH=. build/lite/venv/bin/python scripts/lite/check_folder.py DIR
"""

from __future__ import annotations

import json
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path

import nbformat

from mp_tutor.core.lessons import LessonError, load_lesson, prove
from mp_tutor.core.registry import read_scenario_file
from mp_tutor.core.scenarios import ScenarioError, run_checks
from mp_tutor.core.tomlfile import parse, read_bytes


def files(folder: Path, suffix: str) -> Iterator[Path]:
    """The files of ``folder`` (recursively) ending in ``suffix``, not in hidden folders."""
    for path in sorted(folder.rglob(f"*{suffix}")):
        rel = path.relative_to(folder)
        if path.is_file() and not any(p.startswith(".") for p in rel.parts):
            yield path


def notebook_problem(path: Path) -> str | None:
    """What is wrong with a notebook file, or None."""
    try:
        text = path.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as e:
        return f"cannot be read as UTF-8 text ({e})"
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        return f"not valid JSON (line {e.lineno}, column {e.colno}: {e.msg})"
    if not isinstance(data, dict) or "nbformat" not in data:
        return "not a notebook (no nbformat field at the top)"
    try:
        with warnings.catch_warnings():  # cells without ids: fine (JupyterLab adds them)
            warnings.simplefilter("ignore")
            nbformat.validate(nbformat.from_dict(data))
    except nbformat.ValidationError as e:
        where = "/".join(str(p) for p in e.absolute_path) or "the top"
        return f"not a valid notebook at {where}: {e.message}"
    return None


def scenario_problem(path: Path) -> str | None:
    """What is wrong with a scenario or lesson file (mp_tutor's own checks), or None."""
    try:
        raw = parse(str(path), read_bytes(path, ScenarioError), ScenarioError)
        if "chapter" in raw:
            proof = prove(load_lesson(path))
            return None if proof.ok else "; ".join(proof.problems)
        failures = run_checks(read_scenario_file(path))
    except (ScenarioError, LessonError) as e:
        return f"{e.field}: {e.message}"
    return "; ".join(failures) if failures else None


def problems(folder: Path) -> list[str]:
    """One line per broken notebook, scenario or lesson of ``folder``: ``path: problem``."""
    out = []
    for path in files(folder, ".ipynb"):
        if (p := notebook_problem(path)) is not None:
            out.append(f"{path}: {p}")
    for path in files(folder, ".toml"):
        if (p := scenario_problem(path)) is not None:
            out.append(f"{path}: {p}")
    return out


def main(argv: list[str]) -> int:
    if len(argv) != 1 or not Path(argv[0]).is_dir():
        print("usage: check_folder.py DIR (a folder of notebooks, scenario and lesson files)",
              file=sys.stderr)
        return 2
    found = problems(Path(argv[0]))
    for line in found:
        print(line, file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
