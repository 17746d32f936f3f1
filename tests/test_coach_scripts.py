"""The coach from a script: a plain file, ``python -`` (standard input), ``python -c`` and a
notebook, none with an ``if __name__ == "__main__":`` guard (issue 19).

Each runs the README's coach example as it is (a one-second hint on the worker processes)
and then a hint of fixed iterations on two workers, and must: exit cleanly, run its main
code once (the workers never import it again), use the worker processes (no fallback
warning), and give the same fixed hint every way, equal to this process's.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from mp_tutor import Game
from mp_tutor.coach import hint

ROOT = Path(__file__).resolve().parents[1]
WAYS = ("script", "stdin", "dash-c", "notebook")


def readme_example() -> str:
    """The README's coach example (the Python block that imports ``hint``)."""
    blocks = re.findall(r"```python\n(.*?)```", (ROOT / "README.md").read_text("utf-8"), re.S)
    return next(b for b in blocks if "from mp_tutor.coach import hint" in b)


FIXED = """
import json as _json
print("MAIN RAN")
_h = hint(Game.new(players=3, seed=1), iterations=24, workers=2, seed=3)
_d = _h.to_json()
_d.pop("seconds")
print("FIXED " + _json.dumps(_d, sort_keys=True))
"""


def expected() -> dict:
    d = hint(Game.new(players=3, seed=1), iterations=24, workers=2, seed=3).to_json()
    d.pop("seconds")
    return d


def run_notebook(code: str, folder: Path) -> tuple[str, str]:
    """Run ``code`` as one cell of a notebook in a fresh kernel; (stdout, stderr) of the cell."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    nb = nbformat.v4.new_notebook()
    nb.cells.append(nbformat.v4.new_code_cell(code))
    nbclient.NotebookClient(nb, timeout=300, kernel_name="python3",
                            resources={"metadata": {"path": str(folder)}}).execute()
    out = nb.cells[0].outputs
    text = {name: "".join(o.get("text", "") for o in out if o.get("name") == name)
            for name in ("stdout", "stderr")}
    errors = [o for o in out if o.get("output_type") == "error"]
    assert not errors, errors
    return text["stdout"], text["stderr"]


@pytest.mark.parametrize("way", WAYS)
def test_the_coach_runs_from_a_script_without_a_main_guard(way: str, tmp_path: Path) -> None:
    code = readme_example() + FIXED
    if way == "notebook":
        stdout, stderr = run_notebook(code, tmp_path)
    else:
        script = tmp_path / "coach_example.py"
        script.write_text(code, "utf-8")
        cmd = {"script": [sys.executable, str(script)], "stdin": [sys.executable, "-"],
               "dash-c": [sys.executable, "-c", code]}[way]
        proc = subprocess.run(cmd, input=code if way == "stdin" else None, cwd=tmp_path,
                              capture_output=True, text=True, timeout=300)
        assert proc.returncode == 0, proc.stderr[-3000:]
        stdout, stderr = proc.stdout, proc.stderr
    assert stdout.count("MAIN RAN") == 1, stdout  # the workers did not run the main code
    assert "Error" not in stderr and "searches in this process" not in stderr, stderr[-3000:]
    first = stdout.splitlines()[0]
    assert re.match(r"\S+ .*\d+%$", first), first  # the README's "<action> <value>%"
    fixed = json.loads(next(line for line in stdout.splitlines() if line.startswith("FIXED "))[6:])
    assert fixed == expected()
