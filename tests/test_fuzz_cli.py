"""The command line never shows a traceback: every error is one line on stderr, status 2.

Status 1 is kept for "nothing wrong with the command, but nothing found" (``rules`` with no
match, ``scenario check`` whose checks fail), like ``grep``. Random command lines (mutated
scenario files, words) are tried for every game; the bad command lines below use the
default game, the Princes (the priests' own: ``tests/priests/test_priests_fuzz.py``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from fuzzing import KITS, UNSHOWN, cli_argv, cli_problem, cli_strict, cli_twins, few, run_cli
from hypothesis import given
from hypothesis import strategies as st

from mp_tutor.core.i18n import set_language
from mp_tutor.princes.scenario import SCENARIO_DIR

COCA = (SCENARIO_DIR / "coca-plantation-production.toml").read_text("utf-8")
FILES: dict[str, str | bytes] = {
    "nine.toml": "[scenario]\nplayers = 9\n",
    "broken.toml": "x = [",
    "latin1.toml": b'[scenario]\nplayers = 3\ntitle = "Producci\xf3n"\n',
    "list.toml": COCA.replace('prince = "central_plaza"', 'prince = ["central_plaza"]'),
    "deep.toml": COCA.replace("day = 3", "day = " + "[" * 500 + "]" * 500),
    "digits.toml": COCA.replace("day = 3", "day = " + "9" * 4301),
    "tables.toml": COCA.replace("[scenario]", "[[scenario]]"),
    "fly.toml": COCA + '\n[[script]]\naction = "fly"\n',
    "facts.toml": COCA + "\n[[check]]\nfacts = 5\n",
    "range.toml": COCA + '\n[[check]]\nfacts = { day = { min = "a" } }\n',
    "suntile.toml": COCA.replace('turn = "Blue"', 'turn = "Blue"\nsun_tile = "Red"'),
    "twice.toml": COCA.replace('turn = "Blue"', 'turn = "Blue"\ndeck = [1, 1]'),
    "true.toml": COCA.replace('turn = "Blue"', 'turn = "Blue"\ndeck = [true]'),
    "empty.toml": "",
    "binary.toml": bytes(range(256)),
    "huge.toml": "x = 1\n" * 200_000,
}
BAD_FILES = sorted(FILES)

BAD_LINES: list[list[str]] = [
    [], ["--nope"], ["nope"], ["--lang"], ["--lang", ""], ["--lang", "é😀"],
    ["--lang", "../../etc"], ["play", "--players"], ["play", "--players", "x"],
    ["play", "--players", "0"], ["play", "--players", "1"], ["play", "--players", "6"],
    ["play", "--players", "-1"], ["play", "--players", "1e3"], ["play", "--players", "²"],
    ["play", "--players", "٣"], ["play", "--players", "9" * 4301], ["play", "--seed", "-1"],
    ["play", "--seed", "x"], ["play", "--seed", "9" * 30], ["play", "--seed", "1.5"],
    ["play", "--bots", "nope"], ["play", "--bots", ""], ["play", "--game", "nope"],
    ["play", "extra"], ["play", "--json=1"], ["bench", "--games", "0"],
    ["bench", "--games", "-1"], ["bench", "--games", "x"], ["bench", "--games", ""],
    ["bench", "--game", "chess"], ["scenario"], ["scenario", "nope"], ["scenario", "show"],
    ["scenario", "check"], ["scenario", "show", "nope"], ["scenario", "check", "nope"],
    ["scenario", "check", ""], ["scenario", "show", "\x00"], ["scenario", "check", "."],
    ["scenario", "check", ".."], ["scenario", "show", "../../etc/passwd"],
    ["scenario", "check", "/etc/passwd"], ["scenario", "check", "/dev/null"],
    ["scenario", "list", "extra", "more"], ["scenario", "list", "--game", ""],
    ["rules", "--game", "nope"], ["rules", "--nope"],
    ["scenario", "check", "{dir}"], ["scenario", "check", "{dir}/missing.toml"],
    ["scenario", "show", "{dir}/missing.toml"],
    *[["scenario", what, f"{{dir}}/{name}"] for name in BAD_FILES for what in ("check", "show")],
]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("cli")
    for name, data in FILES.items():
        if isinstance(data, bytes):
            (path / name).write_bytes(data)
        else:
            (path / name).write_text(data, "utf-8")
    (path / "dir.toml").mkdir()
    return path


@pytest.mark.parametrize("kit", KITS, ids=lambda kit: kit.name)
def test_a_command_line_is_never_a_traceback(tmp_path_factory, kit) -> None:
    @few(kit)
    @given(rng=st.randoms(use_true_random=False))
    def no_traceback(rng) -> None:
        folder = tmp_path_factory.mktemp("cli", numbered=True)
        argv = cli_argv(kit, rng, folder, kit.texts)
        code, out, err = run_cli(argv)
        assert cli_problem(argv, code, err, out) == ""

    no_traceback()


@pytest.mark.parametrize("kit", KITS, ids=lambda kit: kit.name)
def test_a_command_line_the_tutor_cannot_honour_is_refused(kit) -> None:
    """A language it does not have, an argument a command does not take: status 2, never
    silently ignored (issue 19: ``--lang de`` printed English, ``scenario list X`` listed)."""
    @few(kit)
    @given(rng=st.randoms(use_true_random=False))
    def refused(rng) -> None:
        argv, why = cli_strict(kit, rng)
        code, out, err = run_cli(argv)
        assert code == 2 and out == "" and cli_problem(argv, code, err, out) == "", (argv, why, err)

    refused()


@pytest.mark.parametrize("kit", KITS, ids=lambda kit: kit.name)
def test_options_anywhere_among_the_arguments_mean_the_same(kit) -> None:
    """Issue 19: ``scenario show --game priests NAME`` was refused."""
    @few(kit)
    @given(rng=st.randoms(use_true_random=False))
    def same(rng) -> None:
        usual, moved = cli_twins(kit, rng)
        assert run_cli(moved) == run_cli(usual), (usual, moved)
        set_language("en")

    same()


def test_there_are_at_least_64_bad_command_lines() -> None:
    assert len(BAD_LINES) >= 64


@pytest.mark.parametrize("argv", BAD_LINES, ids=lambda a: " ".join(a)[:50] or "(none)")
def test_a_bad_command_line_is_one_error_line_and_status_2(argv: list[str], folder: Path) -> None:
    argv = [a.replace("{dir}", str(folder)) for a in argv]
    code, out, err = run_cli(argv)
    assert cli_problem(argv, code, err, out) == ""
    assert code == 2, (code, err)
    assert err.startswith("error: ") and err.count("\n") == 1, err


@pytest.mark.parametrize("query", ["(", "\\", "-", "é😀", "[", "*", ".", "?", "x" * 10_000])
def test_rules_that_match_nothing_say_so(query: str) -> None:
    code, out, err = run_cli(["rules", query])
    assert code == 1 and out == "" and "no rule matches" in err and err.count("\n") == 1


def test_a_script_with_an_illegal_step_fails_check_and_show(folder: Path) -> None:
    path = folder / "late.toml"
    path.write_text(COCA + '\n[[script]]\naction = "produce 3"\n', "utf-8")
    code, out, err = run_cli(["scenario", "check", str(path)])
    assert code == 1 and "FAIL" in out and "script[4] (produce 3)" in out
    code, out, err = run_cli(["scenario", "show", str(path)])
    assert code == 2 and "script[4].action" in err and err.count("\n") == 1


@pytest.mark.parametrize("argv", [
    ["rules", "é😀"], ["scenario", "show", "é😀"], ["play", "--players", "9"],
    ["scenario", "check", "{dir}/latin1.toml"],
])
def test_no_traceback_from_a_real_process(argv: list[str], folder: Path) -> None:
    argv = [a.replace("{dir}", str(folder)) for a in argv]
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    run = subprocess.run([sys.executable, "-m", "mp_tutor", *argv], capture_output=True,
                         text=True, env=env, timeout=60)
    assert run.returncode in (1, 2) and "Traceback" not in run.stderr
    assert run.stderr.count("\n") == 1, run.stderr


# -- regressions of issue 19 -------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["de", "xx", "DE", "de_DE", "eng"])
def test_a_language_the_tutor_does_not_have_is_refused_with_the_list(lang: str) -> None:
    """``--lang de`` was accepted, and the texts came out in English."""
    code, out, err = run_cli(["--lang", lang, "rules", "move.llama"])
    assert code == 2 and out == "" and "en, fr, nl" in err and err.count("\n") == 1


@pytest.mark.parametrize("lang", ["fr", "FR", "fr_BE", "fr-BE"])
def test_a_language_may_be_written_with_a_region(lang: str) -> None:
    code, out, _err = run_cli(["--lang", lang, "rules", "move.llama"])
    set_language("en")
    assert code == 0 and "Déplacement des Princes" in out


@pytest.mark.parametrize("argv", [
    ["scenario", "show", "--game", "priests", "blocked-priest"],
    ["scenario", "show", "blocked-priest", "--game", "priests"],
    ["scenario", "--game", "priests", "show", "blocked-priest"],
    ["--lang", "en", "scenario", "show", "--game=priests", "blocked-priest"],
])
def test_options_may_stand_between_the_arguments(argv: list[str]) -> None:
    """``scenario show --game priests NAME`` was refused."""
    assert run_cli(argv) == run_cli(["scenario", "--game", "priests", "show", "blocked-priest"])
    assert run_cli(argv)[0] == 0


@pytest.mark.parametrize("argv", [["scenario", "list", "extra"],
                                  ["scenario", "list", "--game", "priests", "blocked-priest"]])
def test_an_extra_argument_after_scenario_list_is_refused(argv: list[str]) -> None:
    """Was silently ignored."""
    code, out, err = run_cli(argv)
    assert code == 2 and out == "" and "takes no name" in err


def test_control_characters_of_a_scenario_never_reach_the_terminal(tmp_path: Path) -> None:
    """A scenario's title, description and lines (and its file name) are shown escaped."""
    hostile = "\x1b[2J\x1b]0;owned\x07\r\u202e\x00\x9b"
    path = tmp_path / "hostile\x1b[31m.toml"
    text = COCA.replace('title = "', f'title = "{toml_escape(hostile)}', 1)
    text = text.replace('say = "', f'say = "{toml_escape(hostile)}', 1)
    path.write_text(text.replace('description = """', f'description = """{toml_escape(hostile)}',
                                 1), "utf-8")
    for what in ("show", "check"):
        code, out, err = run_cli(["scenario", what, str(path)])
        assert code in (0, 1), err
        assert not UNSHOWN.search(out.replace("\n", "")) and "\\x1b[31m" in out, out[:300]
        assert what == "check" or out.count("\\x1b[2J") == 3  # title, description, a line
    code, out, err = run_cli(["scenario", "show", str(tmp_path / "\x1b[31mnone.toml")])
    assert code == 2 and not UNSHOWN.search(err.rstrip("\n")) and "\\x1b[31m" in err


def toml_escape(text: str) -> str:
    return json.dumps(text)[1:-1]
