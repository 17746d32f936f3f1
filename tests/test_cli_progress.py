"""A long ``mp-tutor play`` shows its progress on a terminal, and only there.

The line goes to standard error when it is a terminal (a real pseudo-terminal below), is
rewritten in place and erased before the game's output; piped or redirected output (the
``--json`` of a script, a log file) never gets it, so JSON stays JSON.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys

import pytest

from mp_tutor import cli
from mp_tutor.core import runtime
from mp_tutor.core.i18n import set_language


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_shows_on_a_terminal_and_leaves_the_json_alone(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(runtime, "PROGRESS_AFTER_S", 0.0)
    monkeypatch.setattr(runtime, "PROGRESS_EVERY_S", 0.0)
    err = Terminal()
    monkeypatch.setattr(sys, "stderr", err)
    assert cli.main(["play", "--players", "3", "--seed", "2", "--bots", "builder", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)  # stdout: the JSON only
    lines = err.getvalue().split("\r")
    shown = [x for x in lines if x.startswith("Playing: ")]
    assert len(shown) >= 10, lines[:5]
    moves = [int(x.split()[1]) for x in shown]
    assert moves == sorted(moves) and moves[-1] <= len(out["actions"])
    assert err.getvalue().endswith("\r") and not lines[-1].strip()  # erased at the end


def test_no_progress_where_standard_error_is_not_a_terminal(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(runtime, "PROGRESS_AFTER_S", 0.0)
    assert cli.main(["play", "--players", "2", "--seed", "1", "--bots", "builder"]) == 0
    assert capsys.readouterr().err == ""


def test_the_progress_line_is_in_the_language(monkeypatch: pytest.MonkeyPatch) -> None:
    err = Terminal()
    line = runtime.Progress.on(err, after_s=0)
    assert line is not None

    class Played:
        history = [0] * 12

    try:
        set_language("fr")
        line(Played(), [], True)
        set_language("nl")
        monkeypatch.setattr(line, "last", float("-inf"))
        line(Played(), [], True)
    finally:
        set_language("en")
    assert "Partie en cours\u00a0: 12 coups joués" in err.getvalue()
    assert "Partij bezig: 12 zetten gespeeld" in err.getvalue()


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="no pseudo-terminals here")
def test_a_real_terminal_gets_the_line() -> None:
    """``python -m mp_tutor play`` with standard error on a pseudo-terminal."""
    leader, follower = os.openpty()
    code = ("import mp_tutor.core.runtime as r, mp_tutor.cli as c, sys; r.PROGRESS_AFTER_S = 0; "
            "sys.exit(c.main(['play', '--players', '2', '--seed', '3', '--bots', 'builder', "
            "'--json']))")
    try:
        proc = subprocess.run([sys.executable, "-c", code], stderr=follower,
                              stdout=subprocess.PIPE, text=True, timeout=300)
        os.close(follower)
        seen = b""
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the terminal closed
                break
            if not chunk:
                break
            seen += chunk
    finally:
        os.close(leader)
    assert proc.returncode == 0
    json.loads(proc.stdout)
    assert b"Playing: " in seen
