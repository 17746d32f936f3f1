"""The Princes' scenarios (kept here for the public API; see :mod:`mp_tutor.princes.scenario`).

>>> read_scenario("temple-of-the-sun").title
'Sacrifices at the Temple of the Sun'
"""

from .princes.scenario import (
    CHAPTER_SCENARIO_DIR,
    SCENARIO_DIR,
    Presentation,
    Scenario,
    ScenarioError,
    Step,
    find_scenario,
    list_scenarios,
    load_scenario,
    read_scenario,
    run_checks,
    save_scenario,
    scenario_text,
)

__all__ = ["CHAPTER_SCENARIO_DIR", "Presentation", "SCENARIO_DIR", "Scenario", "ScenarioError",
           "Step", "find_scenario", "list_scenarios", "load_scenario", "read_scenario",
           "run_checks", "save_scenario", "scenario_text"]
