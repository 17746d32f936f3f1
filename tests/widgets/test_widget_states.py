"""The widgets on any engine state (every scenario), and the docstring examples of widgets/."""

from __future__ import annotations

import doctest
import importlib
import json
from pathlib import Path

import pytest
from mp_tutor.widgets import Tutor

from mp_tutor import load_scenario
from mp_tutor.princes.bots import RandomBot
from mp_tutor.princes.scenario import list_scenarios

WIDGETS = Path(__file__).resolve().parents[2] / "widgets"
#: every module of widgets/ with examples in its docstrings (the priests' are tested apart)
MODULES = sorted(
    "mp_tutor.widgets" + ("." + ".".join(p.relative_to(WIDGETS).with_suffix("").parts)
                          if p.name != "__init__.py" or p.parent != WIDGETS else "")
    for p in WIDGETS.rglob("*.py") if ">>> " in p.read_text() and "priests" not in p.parts
) + ["mp_tutor.princes.svg", "mp_tutor.core.markup"]


@pytest.mark.parametrize("name", list_scenarios())
def test_scenario_plays_on_the_tutor(name: str) -> None:
    game = load_scenario(name)
    tutor = Tutor(game)
    board = tutor.board
    assert repr(tutor).startswith(f"Tutor({game.players} players")
    assert tutor.panel.kind in (game.pending.kind, "waiting")
    for trait in ("log", "status", "controls"):
        json.dumps(getattr(board, trait))
    json.dumps(board.snapshot.to_json())  # what a text renderer may be sent
    if game.over:
        return
    before_view, before_json = board.snapshot.view, game.to_json()
    action = RandomBot(0).choose(game)
    if game.pending.kind == "night":
        assert tutor.next()
    else:
        assert tutor.act(action), tutor.error
    assert board.snapshot.view != before_view or game.to_json() != before_json
    assert tutor.undo()
    assert board.snapshot.view == before_view
    assert json.loads(game.to_json())["state"] == json.loads(before_json)["state"]


@pytest.mark.parametrize("module", MODULES)
def test_docstring_examples(module: str) -> None:
    mod = importlib.import_module(module)
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
