"""The command line, the rulings page and the examples of the API page."""

from __future__ import annotations

import doctest
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from mp_tutor import RULES
from mp_tutor.cli import main
from mp_tutor.core.i18n import DEFAULT_LANGUAGE, LANGUAGES, set_language

ROOT = Path(__file__).resolve().parents[1]


def test_play_prints_log_and_score(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--players", "3", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "Ending:" in out and "rank 1" in out and "[setup.first_inca]" in out


def test_play_json_replays_to_the_same_outcome(capsys: pytest.CaptureFixture[str]) -> None:
    from mp_tutor import Game

    assert main(["play", "--players", "2", "--seed", "8", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    game = Game.new(players=2, seed=8)
    for a in data["actions"]:
        game.apply(a)
    assert game.outcome().to_json() == data["outcome"]


def test_rules_lookup(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "llama", "stable"]) == 0
    assert "trail.stable" in capsys.readouterr().out
    assert main(["rules", "no-such-words-anywhere"]) == 1


def test_scenario_commands(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["scenario", "list"]) == 0
    assert "coca-plantation-production" in capsys.readouterr().out
    assert main(["scenario", "show", "coca-plantation-production"]) == 0
    assert "Blue pays 1 corn" in capsys.readouterr().out
    assert main(["scenario", "check", "coca-plantation-production"]) == 0
    bad = tmp_path / "bad.toml"
    bad.write_text("[scenario]\nplayers = 9\n")
    assert main(["scenario", "check", str(bad)]) == 2  # a malformed file is an error
    err = capsys.readouterr().err
    assert "bad.toml" in err and "scenario.players" in err


def test_bench_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--games", "2"]) == 0
    assert "games/s" in capsys.readouterr().out


def test_python_dash_m() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "mp_tutor", "rules", "move.llama"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout
    assert out.startswith("[move.llama]")


def test_rulings_page_matches_the_rule_index() -> None:
    text = (ROOT / "docs" / "RULINGS.md").read_text("utf-8")
    # the Princes' part; the priests game's section is checked in tests/priests
    text = text.split("## Machu Picchu (the priests game)")[0]
    cited = set(re.findall(r"`([a-z0-9_]+\.[a-z0-9_.]+)`", text))
    cited = {c for c in cited if not c.endswith((".toml", ".md", ".py"))}
    unknown = cited - set(RULES)
    assert not unknown, f"RULINGS.md cites unknown rule ids: {unknown}"
    rulings = {r for r in RULES if r.startswith("ruling.")}
    assert rulings <= cited, f"rulings missing from RULINGS.md: {rulings - cited}"


def _rulings_ids_and_rows(path: Path) -> tuple[set[str], list[str]]:
    text = path.read_text("utf-8")
    cited = set(re.findall(r"`([a-z0-9_]+\.[a-z0-9_.]+)`", text))
    cited = {c for c in cited if not c.endswith((".toml", ".md", ".py"))}
    rows = [line for line in text.splitlines() if line.startswith("|")]
    return cited, rows


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != DEFAULT_LANGUAGE])
def test_translated_rulings_page_matches_the_english_one(lang: str) -> None:
    # docs/<lang>/RULINGS.md for every registered language (fr, nl): same rule ids, same rows
    english = ROOT / "docs" / "RULINGS.md"
    translated = ROOT / "docs" / lang / "RULINGS.md"
    assert translated.is_file(), f"missing translation: docs/{lang}/RULINGS.md"
    en_cited, en_rows = _rulings_ids_and_rows(english)
    cited, rows = _rulings_ids_and_rows(translated)
    assert cited == en_cited, (
        f"docs/{lang}/RULINGS.md: missing rule ids {sorted(en_cited - cited)}, "
        f"extra rule ids {sorted(cited - en_cited)}"
    )
    assert len(rows) == len(en_rows), (
        f"docs/{lang}/RULINGS.md has {len(rows)} table rows, docs/RULINGS.md {len(en_rows)}"
    )
    # every ruling keeps its own row, in the English order
    row_id = re.compile(r"^\| `([a-z0-9_]+\.[a-z0-9_.]+)` \|")
    assert [m[1] for r in rows if (m := row_id.match(r))] == [
        m[1] for r in en_rows if (m := row_id.match(r))
    ]
    assert "(../RULINGS.md)" in translated.read_text("utf-8").splitlines()[0]


def test_the_api_examples_run() -> None:
    """docs/API.md's examples (``>>>``: the priests game's part) are doctests."""
    set_language("en")
    result = doctest.testfile(str(ROOT / "docs" / "API.md"), module_relative=False,
                              optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 15 and result.failed == 0, result


def _readme_commands() -> list[list[str]]:
    """The README's ``mp-tutor`` command lines that need no file of the reader's and play
    no benchmark (its comments left out)."""
    out = []
    for line in (ROOT / "README.md").read_text("utf-8").splitlines():
        if line.startswith(".venv/bin/mp-tutor "):
            argv = line.split("#", 1)[0].split()[1:]
            if "bench" not in argv and not any(a.endswith(".toml") for a in argv):
                out.append(argv)
    return out


@pytest.mark.parametrize("argv", _readme_commands(), ids=" ".join)
def test_the_readme_commands_run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """Each command the README shows works as written (a --first colour of the game...)."""
    try:
        assert main(argv) == 0, capsys.readouterr().err
    finally:
        set_language(DEFAULT_LANGUAGE)
    assert capsys.readouterr().out
