"""The Princes' scenario library: every worked example of the rulebook, and the teacher's own.

The format is the tutor core's (:mod:`mp_tutor.core.scenarios`) with the Princes' position
fields (:mod:`mp_tutor.princes.position`); examples are in ``mp_tutor/princes/scenarios/``.

>>> game = load_scenario("coca-plantation-production")
>>> game.scenario.title
'Production at the Coca Plantation'
>>> load_scenario("no-such-thing")
Traceback (most recent call last):
...
mp_tutor.core.scenarios.ScenarioError: no-such-thing: <file>: no such scenario file or name (known: ...)
>>> g = load_scenario("coca-plantation-production")
>>> read_scenario("x.toml", text=scenario_text(g)).build().state == g.state
True
"""

from __future__ import annotations

from ..core.scenarios import Presentation as _Presentation
from ..core.scenarios import Scenario, ScenarioError, ScenarioLibrary, Step, run_checks
from .game import Game

#: the rulebook's examples, and the chapters' own situations (lessons only)
LIBRARY = ScenarioLibrary.of(Game)
SCENARIO_DIR, CHAPTER_SCENARIO_DIR = DIRS = LIBRARY.dirs
list_scenarios, find_scenario, read_scenario = LIBRARY.names, LIBRARY.find, LIBRARY.read
load_scenario, scenario_text, save_scenario = LIBRARY.load, LIBRARY.text, LIBRARY.save


class Presentation(_Presentation):
    """Step a scenario's script forwards and back, as a teacher presents it.

    >>> show = Presentation("coca-plantation-production")
    >>> step, events = show.next()
    >>> step.action, events[0].text
    ('move coca_plantation', 'Blue moves the Prince to the Coca Plantation.')
    >>> show.position, show.back(), show.position
    (1, True, 0)
    """

    library = LIBRARY


__all__ = ["CHAPTER_SCENARIO_DIR", "DIRS", "LIBRARY", "Presentation", "SCENARIO_DIR", "Scenario",
           "ScenarioError", "Step", "find_scenario", "list_scenarios", "load_scenario",
           "read_scenario", "run_checks", "save_scenario", "scenario_text"]
