"""The priests package's own standards: every ruling is cited by the engine and documented,
and its tests and benchmark are short files without function-local imports. (Every game's
rule ids raised only by their owner module, short files and no import circles are
``tests/test_architecture.py``'s.)"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from mp_tutor.priests import RULES

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "mp_tutor" / "priests"
MODULES = sorted(PACKAGE.glob("*.py"))
RULE_ID = re.compile(r"^[a-z]+\.[a-z0-9_]+$")


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def test_every_ruling_is_cited_by_the_engine() -> None:
    cited: set[str] = set()
    for path in MODULES:
        tree = ast.parse(path.read_text("utf-8"))
        docs = _docstrings(tree)
        cited |= {node.value for node in ast.walk(tree)
                  if isinstance(node, ast.Constant) and isinstance(node.value, str)
                  and id(node) not in docs and RULE_ID.match(node.value) and node.value in RULES}
    rulings = {r for r in RULES if r.startswith("ruling.")}
    assert rulings <= cited, f"rulings the engine never cites: {rulings - cited}"


def test_files_are_short_and_imports_are_at_the_top() -> None:
    for path in MODULES + sorted((ROOT / "tests" / "priests").glob("*.py")) + [
            ROOT / "benchmarks" / "bench_priests.py"]:
        text = path.read_text("utf-8")
        assert text.count("\n") <= 600, f"{path.name} has more than 600 lines"
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for inner in ast.walk(node):
                    assert not isinstance(inner, (ast.Import, ast.ImportFrom)), (
                        f"{path.name}: import inside {node.name}()")


def test_rulings_are_documented() -> None:
    text = (ROOT / "docs" / "RULINGS.md").read_text("utf-8")
    head = "## Machu Picchu (the priests game)"
    assert head in text
    section = text[text.index(head):]
    assert "\n## " not in section[len(head):], "the priests section is the last one"
    rows = set(re.findall(r"^\| `(ruling\.[a-z0-9_]+)` \|", section, re.M))
    assert rows == {r for r in RULES if r.startswith("ruling.")}
    cited = set(re.findall(r"`([a-z0-9_]+\.[a-z0-9_.]+)`", section))
    cited = {c for c in cited if not c.endswith((".toml", ".md", ".py"))}
    assert cited <= set(RULES), cited - set(RULES)
