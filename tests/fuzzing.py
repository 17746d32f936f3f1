"""The fuzzing kit of issue 8: hostile inputs for every entry point, and the oracles, per game.

Shared by the property-based tests (``tests/test_fuzz_*.py`` and
``tests/priests/test_priests_fuzz.py``, which draw a ``random.Random`` from hypothesis) and
the hand-run script ``benchmarks/fuzz.py``. The oracles and the generic generators are in
``fuzz_core`` (one oracle per concern: actions, scenario files, saves, hidden cards, the
command line); what differs between the games is a :class:`~fuzz_core.Fuzzer` each
(``fuzz_princes``, ``fuzz_priests``), found here by game name in ``FUZZERS``.
"""

from __future__ import annotations

from fuzz_core import (
    FINE,
    Fuzzer,
    any_action,
    base_save,
    board_states,
    check_save,
    check_scenario,
    cli_argv,
    cli_problem,
    escape_problem,
    hidden_leak,
    markup_problems,
    mutate_save,
    mutate_scenario,
    player_value,
    probe,
    run_cli,
    snapshot,
    toml_value,
)
from fuzz_priests import PRIESTS
from fuzz_princes import PRINCES

FUZZERS: dict[str, Fuzzer] = {fz.name: fz for fz in (PRINCES, PRIESTS)}
GAMES = sorted(FUZZERS)

__all__ = ["FINE", "FUZZERS", "Fuzzer", "GAMES", "PRINCES", "PRIESTS", "any_action", "base_save",
           "board_states", "check_save", "check_scenario", "cli_argv", "cli_problem", "escape_problem",
           "hidden_leak", "markup_problems", "mutate_save", "mutate_scenario", "player_value", "probe", "run_cli",
           "snapshot", "toml_value"]
