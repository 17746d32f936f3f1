"""pyproject.toml and environment.yml must list the same dependencies; the tutor's own JupyterLab
extension is installed with it."""

from __future__ import annotations

import fnmatch
import importlib
import json
import re
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# Conda-only entries that are not Python package dependencies of the project.
CONDA_ONLY = {"python", "pip"}


def normalise(requirement: str) -> str:
    """Bare, normalised distribution name of a pip or conda requirement.

    >>> normalise("ipywidgets>=8")
    'ipywidgets'
    >>> normalise("Jupyter_Lab[extra] >= 4 ; python_version > '3'")
    'jupyter-lab'
    >>> normalise("python=3.11")
    'python'
    """
    name = re.split(r"[\s\[<>=!~;@]", requirement.strip(), maxsplit=1)[0]
    return name.lower().replace("_", "-").replace(".", "-")


def pyproject_names(text: str) -> set[str]:
    project = tomllib.loads(text)["project"]
    reqs = list(project.get("dependencies", []))
    for extra in project.get("optional-dependencies", {}).values():
        reqs.extend(extra)
    return {normalise(r) for r in reqs}


def environment_names(text: str) -> set[str]:
    """Tiny parser for the `dependencies:` list of a conda environment file.

    Takes every `- item` under `dependencies:` (and under its `- pip:` sub-list), skipping
    comments, the `pip:` key itself and pip options such as `-e .`.

    >>> sorted(environment_names("name: x\\ndependencies:\\n  - a=1\\n  - pip:\\n    - B_c\\n"))
    ['a', 'b-c']
    """
    names: set[str] = set()
    in_deps = False
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].rstrip()
        if not line.strip():
            continue
        if not line[0].isspace():  # a top-level key
            in_deps = line.startswith("dependencies:")
            continue
        if not in_deps:
            continue
        item = line.strip()
        if not item.startswith("- "):
            continue
        item = item[2:].strip().strip("'\"")
        if item.endswith(":") or item.startswith("-"):
            continue  # "- pip:" heading, or a pip option like "-e ."
        names.add(normalise(item))
    return names - CONDA_ONLY


def compare(pyproject_text: str, environment_text: str) -> tuple[set[str], set[str]]:
    """(only in pyproject, only in environment.yml)."""
    py, env = pyproject_names(pyproject_text), environment_names(environment_text)
    return py - env, env - py


@pytest.fixture(scope="module")
def texts():
    return (ROOT / "pyproject.toml").read_text(), (ROOT / "environment.yml").read_text()


def test_files_list_the_same_dependencies(texts):
    only_py, only_env = compare(*texts)
    assert not only_py and not only_env, (
        f"only in pyproject.toml: {sorted(only_py)}; only in environment.yml: {sorted(only_env)}"
    )


def test_parsers_see_the_expected_packages(texts):
    names = pyproject_names(texts[0])
    assert {"anywidget", "ipywidgets", "bqplot", "traitlets", "jupyterlab"} <= names
    assert {"pytest", "nbval", "playwright", "ruff", "nbformat", "nbclient", "ipykernel"} <= names
    assert environment_names(texts[1]) == names


def test_a_package_added_to_either_side_is_caught(texts):
    py_text, env_text = texts
    grown_env = env_text.replace("  - pytest\n", "  - pytest\n  - numpy>=1\n")
    assert grown_env != env_text
    assert compare(py_text, grown_env) == (set(), {"numpy"})
    grown_pip = env_text.replace("      - playwright\n", "      - playwright\n      - Py_Yaml\n")
    assert grown_pip != env_text
    assert compare(py_text, grown_pip) == (set(), {"py-yaml"})
    grown_py = py_text.replace('"traitlets",', '"traitlets",\n    "numpy>=1",')
    assert grown_py != py_text
    assert compare(grown_py, env_text) == ({"numpy"}, set())
    grown_extra = py_text.replace('lab = ["jupyterlab>=4",', 'lab = ["jupyterlab>=4", "voila",')
    assert grown_extra != py_text
    assert compare(grown_extra, env_text) == ({"voila"}, set())


def test_jupyterlabs_language_packs_come_with_the_tutor(texts):
    """JupyterLab's own menus in French and Dutch: the packs are in the [lab] extra that
    ``scripts/tutor.sh`` installs (and so in environment.yml too, checked above)."""
    lab = {normalise(r) for r in tomllib.loads(texts[0])["project"]["optional-dependencies"]["lab"]}
    assert {"jupyterlab-language-pack-fr-fr", "jupyterlab-language-pack-nl-nl"} <= lab
    # ... and the JupyterLab installed with the tutor (here, with [test]) offers them
    translation = pytest.importorskip("jupyterlab_server.translation_utils")
    packs, _ = translation.get_language_packs()
    assert {"fr_FR", "nl_NL"} <= set(packs), sorted(packs)


def test_package_data_and_entry_point_are_declared(texts):
    project_cfg = tomllib.loads(texts[0])
    assert project_cfg["project"]["scripts"]["mp-tutor"] == "mp_tutor.cli:main"
    setup_cfg = project_cfg["tool"]["setuptools"]
    data = setup_cfg["package-data"]
    # every package folder is listed (widgets/ is installed as mp_tutor.widgets) ...
    root = Path(__file__).resolve().parents[1]
    dirs = {pkg: root / setup_cfg["package-dir"].get(pkg, pkg.replace(".", "/"))
            for pkg in setup_cfg["packages"]}
    for init in list((root / "mp_tutor").rglob("__init__.py")) + [root / "widgets/__init__.py"]:
        assert init.parent in dirs.values(), f"{init.parent} is not listed in packages"
    assert "widgets" not in setup_cfg["packages"], "nothing generic goes into site-packages"
    # ... and every data file shipped beside the code is declared, so a wheel install has it
    for package, folder in dirs.items():
        inner = [d for d in dirs.values() if d != folder and folder in d.parents]
        patterns = data.get(package, [])
        for f in folder.rglob("*"):
            if any(d in f.parents for d in inner):
                continue  # it belongs to a subpackage
            if f.is_file() and f.suffix in {".toml", ".js", ".css", ".typed", ".json"}:
                rel = f.relative_to(folder).as_posix()
                assert any(fnmatch.fnmatch(rel, pat) and rel.count("/") == pat.count("/")
                           for pat in patterns), (
                    f"{package}: {rel} is not declared in [tool.setuptools.package-data]"
                )
    assert "browser" in " ".join(project_cfg["tool"]["pytest"]["ini_options"]["markers"])


def test_hypothesis_is_a_test_dependency_in_both_files(texts) -> None:
    pyproject, environment = texts
    test_extra = tomllib.loads(pyproject)["project"]["optional-dependencies"]["test"]
    assert "hypothesis" in {normalise(r) for r in test_extra}
    assert "hypothesis" in environment_names(environment)


def test_the_tutors_jupyterlab_extension_is_installed_where_jupyterlab_finds_it(
        tmp_path: Path) -> None:
    """``labextension/``: a wheel installs it as data files, ``scripts/_venv.sh`` (an editable
    install has none) writes it into ``.venv``; either way JupyterLab finds this version, its
    entry file named by its contents (JupyterLab serves an extension's files as never
    changing)."""
    sys.path.insert(0, str(ROOT))
    try:
        prebuilt = importlib.import_module("labextension.prebuilt")
    finally:
        sys.path.remove(str(ROOT))
    assert prebuilt.install(tmp_path) is True and prebuilt.install(tmp_path) is False
    dest = tmp_path / prebuilt.INSTALL_DIR
    package = json.loads((dest / "package.json").read_text("utf-8"))
    entry = dest / package["jupyterlab"]["_build"]["load"]
    assert entry.read_bytes() == (ROOT / "labextension" / "remoteEntry.js").read_bytes()
    assert entry.name == prebuilt.entry_name() and package["name"] == prebuilt.NAME
    # the JupyterLab of these tests (the browser tests' server) has this version
    paths = pytest.importorskip("jupyter_core.paths")
    found = [Path(d) / prebuilt.NAME for d in paths.jupyter_path("labextensions")
             if (Path(d) / prebuilt.NAME / "package.json").is_file()]
    assert found, "run scripts/test.sh (or: python labextension/prebuilt.py install)"
    installed = json.loads((found[0] / "package.json").read_text("utf-8"))
    assert installed["jupyterlab"]["_build"]["load"] == f"static/{prebuilt.entry_name()}"
