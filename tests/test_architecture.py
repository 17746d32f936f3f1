"""The shape of the code: layers without import circles, short files, one home per rule.

These tests read the source (with ``ast``); they prove the promises of
``docs/ARCHITECTURE.md``: no module imports another inside a function to dodge a circle, no
circle at all, no Python file over 600 lines, every rule id raised only by the module that
owns its prefix, and a core that names no game.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from mp_tutor.core.registry import get_game, known_games

ROOT = Path(__file__).resolve().parents[1]
#: (folder, dotted package name) of every package tree of the project
TREES = ((ROOT / "mp_tutor", "mp_tutor"), (ROOT / "widgets", "mp_tutor.widgets"))
MAX_LINES = 600


def modules() -> Iterator[tuple[str, Path]]:
    for folder, package in TREES:
        for path in sorted(folder.rglob("*.py")):
            rel = path.relative_to(folder).with_suffix("")
            parts = [] if rel.name == "__init__" and rel.parent == Path(".") else list(rel.parts)
            if parts and parts[-1] == "__init__":
                parts = parts[:-1]
            yield ".".join([package, *parts]), path


MODULES = dict(modules())


def _is_package(name: str) -> bool:
    return MODULES[name].name == "__init__.py"


def _resolve(name: str, node: ast.ImportFrom | ast.Import) -> list[str]:
    """The project modules an import statement of module ``name`` loads."""
    out = []
    if isinstance(node, ast.Import):
        targets = [a.name for a in node.names]
    else:
        base = name if _is_package(name) else name.rsplit(".", 1)[0]
        for _ in range(node.level - 1):
            base = base.rsplit(".", 1)[0]
        mod = node.module or ""
        if node.level:
            mod = f"{base}.{mod}" if mod else base
        subs = [f"{mod}.{a.name}" for a in node.names]
        # ``from package import submodule`` loads the submodule, not a name of the package
        targets = subs if all(s in MODULES for s in subs) else [mod, *subs]
    for t in targets:
        if t in MODULES:
            out.append(t)
    return out


def _imports(name: str) -> tuple[set[str], list[str]]:
    """(modules imported at module level, function-local imports as 'line: text')."""
    tree = ast.parse(MODULES[name].read_text("utf-8"))
    top: set[str] = set()
    local: list[str] = []

    def walk(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                if in_function:
                    local.append(f"{child.lineno}: {ast.unparse(child)}")
                elif not _type_checking_only(child, tree):
                    top.update(_resolve(name, child))
            walk(child, in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                           ast.Lambda)))

    walk(tree, False)
    return top, local


def _type_checking_only(node: ast.AST, tree: ast.Module) -> bool:
    for stmt in tree.body:
        if (isinstance(stmt, ast.If) and isinstance(stmt.test, ast.Name)
                and stmt.test.id == "TYPE_CHECKING" and node in ast.walk(stmt)):
            return True
    return False


#: Function-local imports allowed: optional front-end packages imported only when used.
LOCAL_IMPORTS_ALLOWED = {
    "from IPython.display import display",
    "import bqplot as bq",  # 0.4 s, half of the widgets' import: only boards with charts pay it
}


def test_no_function_local_imports() -> None:
    bad = []
    for name in MODULES:
        _, local = _imports(name)
        bad += [f"{name}:{x}" for x in local if x.split(": ", 1)[1] not in LOCAL_IMPORTS_ALLOWED]
    assert not bad, "imports inside functions (they hide import circles):\n" + "\n".join(bad)


def test_no_import_circles() -> None:
    graph = {name: {t for t in _imports(name)[0] if t != name} for name in MODULES}
    # an import of a module first imports its parent packages: not an edge of its own
    index = {n: i for i, n in enumerate(graph)}
    low: dict[str, int] = {}
    order: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    cycles: list[list[str]] = []
    counter = [0]

    def connect(v: str) -> None:  # Tarjan's strongly connected components
        order[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in order:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], order[w])
        if low[v] == order[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                cycles.append(sorted(comp, key=index.get))

    for v in graph:
        if v not in order:
            connect(v)
    assert not cycles, f"import circles: {cycles}"


#: the modules of a game package that serve the coach (``docs/ARCHITECTURE.md``): what a
#: player knows and sampled positions, the hand reading, the playout policy, the support,
#: the explanations
COACH_SUPPORT = ("coaching", "determinize", "inference", "playout", "explain")


def _loaded_by(start: str) -> dict[str, str]:
    """Every project module that importing ``start`` loads through its own imports (its
    parent packages apart), each with the module that imports it."""
    graph = {name: _imports(name)[0] for name in MODULES}
    by = {start: start}
    todo = [start]
    while todo:
        v = todo.pop()
        for w in sorted(graph[v] - by.keys()):
            by[w] = v
            todo.append(w)
    return by


def _coach_module(name: str) -> bool:
    return (name.startswith("mp_tutor.coach") or name == "mp_tutor.core.coaching"
            or (name.count(".") == 2 and name.rsplit(".", 1)[-1] in COACH_SUPPORT))


@pytest.mark.parametrize("game", known_games())
def test_the_rules_engine_loads_no_coach_module(game: str) -> None:
    """The engine (``<game>.game`` and all it imports) must not depend on the coach: it once
    took ``public_fields`` from ``determinize``, which loads the hand reading and the
    playouts (and closed a circle game -> determinize -> inference -> playout -> game with
    a type-only import). What both need lives below both (``views.public_fields``). The
    other circles are type-only imports: :func:`test_no_import_circles` finds any other."""
    support = [n for n in MODULES if n.startswith(f"mp_tutor.{game}.") and _coach_module(n)]
    assert {f"mp_tutor.{game}.coaching", f"mp_tutor.{game}.determinize"} <= set(support)
    by = _loaded_by(f"mp_tutor.{game}.game")
    assert f"mp_tutor.{game}.engine" in by and f"mp_tutor.{game}.views" in by
    chains = []
    for name in sorted(n for n in by if _coach_module(n)):
        chain = [name]
        while chain[-1] != f"mp_tutor.{game}.game":
            chain.append(by[chain[-1]])
        chains.append(" <- ".join(chain))
    assert not chains, "the engine loads the coach's modules:\n" + "\n".join(chains)


def test_no_python_file_over_600_lines() -> None:
    long = {name: n for name, path in MODULES.items()
            if (n := len(path.read_text("utf-8").splitlines())) > MAX_LINES}
    assert not long, f"files over {MAX_LINES} lines: {long}"


def _string_constants(path: Path) -> Iterator[tuple[int, str]]:
    """Every string literal of a module except docstrings."""
    tree = ast.parse(path.read_text("utf-8"))
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docs.add(id(body[0].value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            yield node.lineno, node.value


@pytest.mark.parametrize("game", known_games())
def test_each_rule_id_is_raised_by_the_module_that_owns_it(game: str) -> None:
    info = get_game(game)
    rules = info.rules
    package = f"mp_tutor.{game}"
    seen: set[str] = set()
    bad = []
    for name, path in MODULES.items():
        if name == f"{package}.data":
            continue  # the data loader names keys of the data file, not rules
        in_game = name == package or name.startswith(package + ".")
        in_core = name.startswith("mp_tutor.core")
        for line, text in _string_constants(path):
            if text not in rules:
                continue
            owner = rules.owner(text)
            here = "core" if in_core else name.rsplit(".", 1)[-1] if in_game else None
            if here is None:
                continue  # a front end may cite a rule (e.g. the board's stay question)
            seen.add(text)
            if owner != here:
                bad.append(f"{path.relative_to(ROOT)}:{line}: {text!r} belongs to "
                           f"{owner or 'no module'}")
    assert not bad, "rule ids raised outside their module:\n" + "\n".join(bad)
    assert seen, "no rule id found at all: the test would prove nothing"


@pytest.mark.parametrize("game", known_games())
def test_every_rule_has_an_owner_module_and_a_statement(game: str) -> None:
    info = get_game(game)
    modules = {name.rsplit(".", 1)[-1] for name in MODULES if name.startswith(f"mp_tutor.{game}.")}
    for rid in info.rules:
        assert info.rules.owner(rid) in modules | {"core"}, rid
        assert info.rules[rid].statement and info.rules[rid].section, rid
    for d in info.game.machine.decisions.values():
        assert d.rule in info.rules, d.kind


def test_the_core_names_no_game() -> None:
    games = known_games()
    bad = []
    for name, path in MODULES.items():
        if not name.startswith("mp_tutor.core"):
            continue
        for line, text in _string_constants(path):
            if text in games:
                bad.append(f"{path.relative_to(ROOT)}:{line}: {text!r}")
        top, _ = _imports(name)
        bad += [f"{name} imports {t}" for t in top
                if any(t == f"mp_tutor.{g}" or t.startswith(f"mp_tutor.{g}.") for g in games)]
    assert not bad, "the tutor core must not name a game:\n" + "\n".join(bad)


MAX_METHODS = 20


def test_no_widget_class_has_more_than_20_methods() -> None:
    """The front end is made of small parts: every class in widgets/ (the board, the session,
    its coach and presenter, panels...) has at most 20 methods, properties and dunders
    included; a class that grows beyond that hands a part to a collaborator."""
    wide = []
    for name, path in MODULES.items():
        if not name.startswith("mp_tutor.widgets"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                methods = [f for f in node.body
                           if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef)]
                if len(methods) > MAX_METHODS:
                    wide.append(f"{path.relative_to(ROOT)}: {node.name} has {len(methods)}")
    assert not wide, wide
    assert any(n.startswith("mp_tutor.widgets.board") for n in MODULES)  # the walk saw widgets/


def test_widgets_read_no_private_field_of_another_object() -> None:
    """Controls, panels and views read public, typed values (the session's snapshot, its
    seats, the game's protocol): ``x._field`` is allowed on ``self``, ``cls`` and ``super()``
    only (and IPython's ``_repr_*_`` display hooks)."""
    found = []
    for name, path in MODULES.items():
        if not name.startswith("mp_tutor.widgets"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Attribute) and node.attr.startswith("_")):
                continue
            if node.attr.startswith("__") or node.attr.startswith("_repr_"):
                continue
            owner = node.value
            if isinstance(owner, ast.Name) and owner.id in ("self", "cls"):
                continue
            if (isinstance(owner, ast.Call) and isinstance(owner.func, ast.Name)
                    and owner.func.id == "super"):
                continue
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}: .{node.attr}")
    assert not found, found


#: issue 17: types say what is there
MAX_ANY = 250
MAX_TYPE_IGNORES = 17
#: statements that may name an alias (``type X = ...`` from Python 3.12)
ASSIGNMENTS = tuple(getattr(ast, n) for n in ("Assign", "AnnAssign", "TypeAlias") if hasattr(ast, n))


def test_types_say_what_is_there() -> None:
    """The word ``Any`` appears at most 250 times in mp_tutor/ and widgets/ (imports, comments
    and docstrings included), ``# type: ignore`` at most 17 times, and no name is made an alias
    of ``Any`` (which would hide it from the count): the game views, events, options, snapshots
    and the coach's answers are TypedDicts, dataclasses, protocols and generics that mypy
    checks (``bash scripts/test.sh`` runs it)."""
    words = ignores = 0
    aliases = []
    for _, path in MODULES.items():
        text = path.read_text(encoding="utf-8")
        words += len(re.findall(r"\bAny\b", text))
        ignores += text.count("type: ignore")
        for node in ast.walk(ast.parse(text)):
            value = getattr(node, "value", None)
            if isinstance(node, ASSIGNMENTS) and (
                    (isinstance(value, ast.Name) and value.id == "Any")
                    or (isinstance(value, ast.Attribute) and value.attr == "Any")):
                aliases.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert words <= MAX_ANY, f"{words} Any in mp_tutor/ and widgets/ (at most {MAX_ANY})"
    assert ignores <= MAX_TYPE_IGNORES, f"{ignores} '# type: ignore' (at most {MAX_TYPE_IGNORES})"
    assert not aliases, f"aliases of Any: {aliases}"
