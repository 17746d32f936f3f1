"""The fuzzing kit of issue 8: hostile inputs for every entry point, and the oracles, per game.

Shared by the property-based tests (``tests/test_fuzz_actions.py``, ``test_fuzz_files.py``
and ``test_fuzz_cli.py`` run each property once per game in ``KITS`` and draw a
``random.Random`` from hypothesis; ``tests/test_fuzz_princes.py`` and
``tests/priests/test_priests_fuzz.py`` hold each game's regression tests) and the hand-run
script ``benchmarks/fuzz.py``. The oracles and the generic generators are in
``fuzz_core`` (one oracle per concern: actions, scenario files, saves, hidden cards),
``fuzz_widgets`` (hostile strings shown on the widgets) and ``fuzz_cli`` (the command line);
what differs between the games is a :class:`~fuzz_core.Fuzzer` each (``fuzz_princes``,
``fuzz_priests``), found here by game name in ``FUZZERS``.
"""

from __future__ import annotations

from fuzz_cli import UNSHOWN, cli_argv, cli_problem, cli_strict, cli_twins, run_cli
from fuzz_core import (
    FINE,
    SEEDS,
    Fuzzer,
    action_json,
    any_action,
    base_save,
    board_states,
    check_action_json,
    check_save,
    check_scenario,
    hidden_leak,
    mutate_save,
    mutate_scenario,
    player_value,
    probe,
    snapshot,
    toml_value,
)
from fuzz_priests import PRIESTS
from fuzz_princes import PRINCES
from fuzz_widgets import escape_problem, markup_problems
from hypothesis import settings

FUZZERS: dict[str, Fuzzer] = {fz.name: fz for fz in (PRINCES, PRIESTS)}
GAMES = sorted(FUZZERS)
#: the games' fuzzers, for ``pytest.mark.parametrize("kit", KITS)``
KITS = [FUZZERS[name] for name in GAMES]



def few(kit: Fuzzer) -> settings:
    """Hypothesis settings for the slowest properties (widgets, seated boards, the command
    line): the game's ``few_examples``. A test applies them to a property it defines inside
    (settings cannot differ between the parameters of one ``@given`` test)."""
    return settings(max_examples=kit.few_examples)


__all__ = ["FINE", "FUZZERS", "SEEDS", "UNSHOWN", "action_json", "check_action_json", "cli_strict",
           "cli_twins", "Fuzzer", "GAMES", "KITS", "few", "PRINCES", "PRIESTS", "any_action", "base_save",
           "board_states", "check_save", "check_scenario", "cli_argv", "cli_problem", "escape_problem",
           "hidden_leak", "markup_problems", "mutate_save", "mutate_scenario", "player_value", "probe", "run_cli",
           "snapshot", "toml_value"]
