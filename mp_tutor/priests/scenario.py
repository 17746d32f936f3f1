"""The priests game's scenario library: situations of the rules, and the teacher's own.

The format is the tutor core's (:mod:`mp_tutor.core.scenarios`) with this game's position
fields (:mod:`mp_tutor.priests.position`); examples are in ``mp_tutor/priests/scenarios/``.

>>> game = load_scenario("blocked-priest")
>>> game.scenario.title
'A blocked priest takes nothing'
>>> g = Game.new(players=3, seed=9)
>>> again = read_scenario("x.toml", text=scenario_text(g)).build()
>>> again.state.hands == g.state.hands and again.state.deck == g.state.deck
True
>>> load_scenario("no-such-thing")
Traceback (most recent call last):
...
mp_tutor.core.scenarios.ScenarioError: no-such-thing: <file>: no such scenario file or name (known: ...)
"""

from __future__ import annotations

from ..core.scenarios import Presentation as _Presentation
from ..core.scenarios import Scenario, ScenarioError, ScenarioLibrary, Step, run_checks
from .game import Game

#: situations of the rules, and the chapters' own (lessons only)
LIBRARY = ScenarioLibrary.of(Game)
SCENARIO_DIR, CHAPTER_SCENARIO_DIR = DIRS = LIBRARY.dirs
list_scenarios, read_scenario, load_scenario = LIBRARY.names, LIBRARY.read, LIBRARY.load
scenario_text = LIBRARY.text


class Presentation(_Presentation):
    """Step a scenario's script forwards and back, as a teacher presents it.

    >>> show = Presentation("blocked-priest")
    >>> step, events = show.next()
    >>> step.action
    'lay 50 east'
    >>> show.position, show.back(), show.position
    (1, True, 0)
    """

    library = LIBRARY


__all__ = ["CHAPTER_SCENARIO_DIR", "DIRS", "LIBRARY", "Presentation", "SCENARIO_DIR", "Scenario", "ScenarioError", "Step",
           "list_scenarios", "load_scenario", "read_scenario", "run_checks", "scenario_text"]
