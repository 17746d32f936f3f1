"""The priests package keeps the project's standards: rule ids raised only by their owner
module, short files, no import circles, no function-local imports, every ruling documented."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from mp_tutor.core.registry import get_game, known_games
from mp_tutor.priests import GAME, RULES
from mp_tutor.priests.engine import MACHINE

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


def test_rule_id_literals_live_in_their_owner_module() -> None:
    cited: set[str] = set()
    for path in MODULES:
        tree = ast.parse(path.read_text("utf-8"))
        docs = _docstrings(tree)
        for node in ast.walk(tree):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                    and id(node) not in docs and RULE_ID.match(node.value)
                    and node.value in RULES):
                owner = RULES.owner(node.value)
                assert owner == path.stem, f"{path.name} cites {node.value}, owned by {owner}.py"
                cited.add(node.value)
    rulings = {r for r in RULES if r.startswith("ruling.")}
    assert rulings <= cited, f"rulings the engine never cites: {rulings - cited}"


def test_every_owner_is_a_module_and_every_rule_has_an_owner() -> None:
    stems = {p.stem for p in MODULES} | {"core"}
    for rid in RULES:
        assert RULES.owner(rid) in stems, rid
        assert RULES[rid].statement and RULES[rid].section
    for d in MACHINE.decisions.values():
        assert d.rule in RULES


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


def test_no_import_circles() -> None:
    graph: dict[str, set[str]] = {}
    for path in MODULES:
        deps = set()
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                if node.module:
                    deps.add(node.module.split(".")[0])
                else:
                    deps.update(a.name for a in node.names)
        graph[path.stem] = deps & {p.stem for p in MODULES}
    state: dict[str, int] = {}

    def visit(m: str, trail: list[str]) -> None:
        if state.get(m) == 2:
            return
        assert state.get(m) != 1, f"import circle: {' -> '.join(trail + [m])}"
        state[m] = 1
        for d in sorted(graph[m]):
            visit(d, trail + [m])
        state[m] = 2

    for m in graph:
        visit(m, [])


def test_the_game_is_registered() -> None:
    assert "priests" in known_games() and get_game("priests") is GAME
    assert GAME.new(players=3, seed=1).players == 3


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
