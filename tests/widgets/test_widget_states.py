"""The widgets on any engine state (every scenario), and the docstring examples of widgets/."""

from __future__ import annotations

import doctest
import importlib
import json

import pytest
from mp_tutor.widgets import Tutor

from mp_tutor import load_scenario
from mp_tutor.princes.bots import RandomBot
from mp_tutor.princes.scenario import list_scenarios

MODULES = ["mp_tutor.widgets", "mp_tutor.widgets.board", "mp_tutor.widgets.layout",
           "mp_tutor.widgets.panels", "mp_tutor.widgets.charts", "mp_tutor.widgets.chartdata",
           "mp_tutor.widgets.chart_svg", "mp_tutor.widgets.tutor",
           "mp_tutor.widgets.adapter", "mp_tutor.widgets.present", "mp_tutor.widgets.lesson_panel",
           "mp_tutor.widgets.access",
           "mp_tutor.widgets.views", "mp_tutor.widgets.coaching", "mp_tutor.widgets.coach_view",
           "mp_tutor.widgets.controls", "mp_tutor.widgets.princes.words",
           "mp_tutor.widgets.princes", "mp_tutor.widgets.princes.adapter",
           "mp_tutor.widgets.princes.panels", "mp_tutor.widgets.princes.trade",
           "mp_tutor.widgets.princes.charts", "mp_tutor.princes.svg", "mp_tutor.core.markup"]


@pytest.mark.parametrize("name", list_scenarios())
def test_scenario_plays_on_the_tutor(name: str) -> None:
    game = load_scenario(name)
    tutor = Tutor(game)
    board = tutor.board
    assert repr(tutor).startswith(f"Tutor({game.players} players")
    assert tutor.panel.kind in (game.pending.kind, "waiting")
    for trait in ("view", "targets", "log", "status", "controls"):
        json.dumps(getattr(board, trait))
    if game.over:
        return
    before_view, before_json = board.view, game.to_json()
    action = RandomBot(0).choose(game)
    if game.pending.kind == "night":
        assert tutor.next()
    else:
        assert tutor.act(action), tutor.error
    assert board.view != before_view or game.to_json() != before_json
    assert tutor.undo()
    assert board.view == before_view
    assert json.loads(game.to_json())["state"] == json.loads(before_json)["state"]


@pytest.mark.parametrize("module", MODULES)
def test_docstring_examples(module: str) -> None:
    mod = importlib.import_module(module)
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
