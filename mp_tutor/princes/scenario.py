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

from pathlib import Path

from ..core.scenarios import Presentation as _Presentation
from ..core.scenarios import Scenario, ScenarioError, ScenarioLibrary, Step, run_checks
from .game import Game

SCENARIO_DIR = Path(__file__).with_name("scenarios")
#: the chapters' own situations (lessons only; the rulebook's examples come first)
CHAPTER_SCENARIO_DIR = Path(__file__).with_name("chapters") / "scenarios"
DIRS = (SCENARIO_DIR, CHAPTER_SCENARIO_DIR)
LIBRARY = ScenarioLibrary(Game, DIRS)

list_scenarios = LIBRARY.names
find_scenario = LIBRARY.find
read_scenario = LIBRARY.read
load_scenario = LIBRARY.load
scenario_text = LIBRARY.text
save_scenario = LIBRARY.save


class Presentation(_Presentation):
    """Step a scenario's script forwards and back, as a teacher presents it.

    >>> show = Presentation("coca-plantation-production")
    >>> step, events = show.next()
    >>> step.action, events[0].text
    ('move coca_plantation', 'Blue moves the Prince to the Coca Plantation.')
    >>> show.position, show.back(), show.position
    (1, True, 0)
    """

    def __init__(self, scenario: Scenario | str | Path) -> None:
        super().__init__(scenario if isinstance(scenario, Scenario) else read_scenario(scenario))


__all__ = ["CHAPTER_SCENARIO_DIR", "DIRS", "LIBRARY", "Presentation", "SCENARIO_DIR", "Scenario",
           "ScenarioError", "Step", "find_scenario", "list_scenarios", "load_scenario",
           "read_scenario", "run_checks", "save_scenario", "scenario_text"]
