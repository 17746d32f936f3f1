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
"""

from __future__ import annotations

from pathlib import Path

from ..core import scenarios as core
from ..core.scenarios import Scenario, ScenarioError, Step, run_checks
from .game import Game
from .position import scenario_text as _text

SCENARIO_DIR = Path(__file__).with_name("scenarios")
CHAPTER_SCENARIO_DIR = Path(__file__).with_name("chapters") / "scenarios"
DIRS = (SCENARIO_DIR, CHAPTER_SCENARIO_DIR)


def list_scenarios() -> list[str]:
    """Names of the rulebook scenarios shipped with mp-tutor."""
    return sorted(p.stem for p in SCENARIO_DIR.glob("*.toml"))


def find_scenario(name_or_path: str | Path, dirs: tuple[Path, ...] = DIRS) -> Path:
    """The file of a scenario: a ``.toml`` path, or a name (rulebook, then chapter scenarios)."""
    return core.find_scenario(name_or_path, dirs)


def read_scenario(name_or_path: str | Path, text: str | None = None) -> Scenario:
    """Read and validate a scenario (by name, path, or ``text`` in the format)."""
    return core.read_scenario(Game, name_or_path, text, DIRS)


def load_scenario(name_or_path: str | Path) -> Game:
    """A game in the situation of a scenario (by name or path)."""
    game = read_scenario(name_or_path).build()
    assert isinstance(game, Game)
    return game


def scenario_text(game: Game, title: str = "Saved scenario", description: str = "") -> str:
    """A scenario file for the game's current situation (at the start of a turn).

    >>> g = load_scenario("coca-plantation-production")
    >>> again = read_scenario("x.toml", text=scenario_text(g)).build()
    >>> again.state == g.state
    True
    """
    return _text(game.state, title, description)


def save_scenario(game: Game, path: str | Path, title: str = "Saved scenario",
                  description: str = "") -> Path:
    """Write the game's current situation as a scenario file; returns the path."""
    path = Path(path)
    path.write_text(scenario_text(game, title, description), "utf-8")
    return path


class Presentation(core.Presentation):
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


__all__ = ["CHAPTER_SCENARIO_DIR", "DIRS", "Presentation", "SCENARIO_DIR", "Scenario",
           "ScenarioError", "Step", "find_scenario", "list_scenarios", "load_scenario",
           "read_scenario", "run_checks", "save_scenario", "scenario_text"]
