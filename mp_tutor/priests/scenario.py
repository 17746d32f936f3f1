"""The priests game's scenario library: situations of the rules, and the teacher's own.

The format is the tutor core's (:mod:`mp_tutor.core.scenarios`) with this game's position
fields (:mod:`mp_tutor.priests.position`); examples are in ``mp_tutor/priests/scenarios/``.

>>> game = load_scenario("blocked-priest")
>>> game.scenario.title
'A blocked priest takes nothing'
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
#: the chapters' own situations (lessons only; the library above comes first)
CHAPTER_SCENARIO_DIR = Path(__file__).with_name("chapters") / "scenarios"
DIRS = (SCENARIO_DIR, CHAPTER_SCENARIO_DIR)


def list_scenarios() -> list[str]:
    """Names of the scenarios shipped with the priests game."""
    return sorted(p.stem for p in SCENARIO_DIR.glob("*.toml"))


def read_scenario(name_or_path: str | Path, text: str | None = None) -> Scenario:
    """Read and validate a scenario (by name, path, or ``text`` in the format)."""
    return core.read_scenario(Game, name_or_path, text, DIRS)


def load_scenario(name_or_path: str | Path) -> Game:
    """A game in the situation of a scenario (by name or path)."""
    game = read_scenario(name_or_path).build()
    assert isinstance(game, Game)
    return game


def scenario_text(game: Game, title: str = "Saved scenario", description: str = "") -> str:
    """A scenario file for the game's current situation (at the start of a round).

    >>> g = Game.new(players=3, seed=9)
    >>> again = read_scenario("x.toml", text=scenario_text(g)).build()
    >>> again.state.hands == g.state.hands and again.state.deck == g.state.deck
    True
    """
    return _text(game.state, title, description)


class Presentation(core.Presentation):
    """Step a scenario's script forwards and back, as a teacher presents it.

    >>> show = Presentation("blocked-priest")
    >>> step, events = show.next()
    >>> step.action
    'lay 50 east'
    >>> show.position, show.back(), show.position
    (1, True, 0)
    """

    def __init__(self, scenario: Scenario | str | Path) -> None:
        super().__init__(scenario if isinstance(scenario, Scenario) else read_scenario(scenario))


__all__ = ["CHAPTER_SCENARIO_DIR", "DIRS", "Presentation", "SCENARIO_DIR", "Scenario", "ScenarioError", "Step",
           "list_scenarios", "load_scenario", "read_scenario", "run_checks", "scenario_text"]
