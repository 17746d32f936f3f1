"""No printed number of the game is written in the widgets' source.

Every printed number lives in a game's data file (``mp_tutor/<game>/data/game.toml``, for the
Princes and for the priests game); the widgets receive labels and numbers from Python (the
data file, the view, messages). This test collects every number of every game's data file
and looks for them in ``widgets/`` (the shell and every game's folder): in the numbers of
the code and in the digits of string literals (learner text), JavaScript included. Layout
pixels are allowed in their separate places only: ``widgets/layout.py`` and the CSS.
Docstrings (documentation with runnable examples) and comments are not learner text.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WIDGETS = ROOT / "widgets"
LAYOUT_PLACES = {WIDGETS / "layout.py"}
DATA_FILES = sorted((ROOT / "mp_tutor").glob("*/data/game.toml"))


def test_every_games_data_is_scanned() -> None:
    assert {p.parent.parent.name for p in DATA_FILES} >= {"princes", "priests"}


def printed_numbers() -> set[int]:
    """Every whole number in the games' data files (0 and 1 are too common to tell)."""
    found: set[int] = set()

    def walk(value: object) -> None:
        if isinstance(value, bool):
            return
        if isinstance(value, int):
            found.add(value)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)
        elif isinstance(value, str):
            found.update(int(d) for d in re.findall(r"\d+", value))
    for path in DATA_FILES:
        walk(tomllib.loads(path.read_text("utf-8")))
    return found - {0, 1}


def _docstring_lines(source: str) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = getattr(node, "body", [])
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                lines.update(range(body[0].lineno, (body[0].end_lineno or body[0].lineno) + 1))
    return lines


def python_numbers(source: str) -> list[tuple[int, int]]:
    """(line, number) for every number in code and every digit run in strings."""
    skip = _docstring_lines(source)
    out = []
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        line = tok.start[0]
        if line in skip:
            continue
        if tok.type == tokenize.NUMBER:
            try:
                out.append((line, int(float(tok.string.replace("_", "")))))
            except ValueError:
                continue
        elif tok.type in (tokenize.STRING, getattr(tokenize, "FSTRING_MIDDLE", -1)):
            out += [(line, int(d)) for d in re.findall(r"\d+", tok.string)]
    return out


def js_numbers(source: str) -> list[tuple[int, int]]:
    """(line, number) for every number in JavaScript code or literals (comments removed)."""
    out = []
    source = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group().count("\n"), source, flags=re.S)
    for i, line in enumerate(source.splitlines(), 1):
        code = re.sub(r"//.*$", "", line)
        out += [(i, int(d)) for d in re.findall(r"(?<![\w.#])\d+", code)]
    return out


def offending(path: Path, numbers: set[int]) -> list[str]:
    text = path.read_text("utf-8")
    found = python_numbers(text) if path.suffix == ".py" else js_numbers(text)
    return [f"{path.relative_to(ROOT)}:{line}: {n}" for line, n in found if n in numbers]


def test_the_scanner_finds_game_numbers(tmp_path: Path) -> None:
    """The test is meaningful: it flags what the old widgets had."""
    numbers = printed_numbers()
    assert {3, 7, 13, 20, 28} <= numbers
    old_py = tmp_path / "old.py"
    old_py.write_text('TRAIL_LENGTH = 20\nlabel = "3 corn for free"\nx = f"({n} steps each)"\n')
    old_js = tmp_path / "old.js"
    old_js.write_text('const L = "Granary +3 corn"; // a comment 13\nconst b = bonus*3;\n')
    assert sorted(n for _, n in python_numbers(old_py.read_text())) == [3, 20]
    assert [n for _, n in js_numbers(old_js.read_text())] == [3, 3]
    assert js_numbers("const w = x1 + y.z2; // 20") == []
    assert js_numbers("/** a chapter: '04 · x'\n * 13 */ const n = 3;") == [(2, 3)]


@pytest.mark.parametrize("path", sorted(p for p in WIDGETS.rglob("*") if p.suffix in (".py", ".js")
                                        and p not in LAYOUT_PLACES), ids=lambda p: str(p.name))
def test_no_printed_number_in_widget_source(path: Path) -> None:
    assert offending(path, printed_numbers()) == []
