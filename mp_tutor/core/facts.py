"""One language for facts about a game: dotted paths such as ``Blue.goods.coca``.

A game describes itself as a nested dict (``game.facts()``: its view for the teacher plus
derived numbers such as scores). A path walks that dict; a first part that is a player's
name (a colour) means that player's entry of ``player``, and a list of per-player values
can be indexed by name too. Scenario checks, lesson goals and quiz answers all use it.

>>> facts = {"day": 3, "player": [{"goods": {"coca": 1}}, {"goods": {"coca": 4}}],
...          "districts": {"x": {"incas": [0, 2]}}}
>>> names = ["Blue", "Yellow"]
>>> resolve(facts, "Yellow.goods.coca", names), resolve(facts, "districts.x.incas.Yellow", names)
(4, 2)
>>> same(4, {"min": 3}), same([2, 1], [1, 2]), same({"a": 1, "b": 2}, {"a": 1})
(True, True, True)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeAlias

from .errors import shown
from .tomlfile import Check, fail

if TYPE_CHECKING:  # the game protocol, for annotations only
    from .events import Event
    from .game import BaseGame
    from .views import Facts

#: a wanted value, as a scenario or chapter file writes it (see :func:`same`)
Wanted: TypeAlias = "str | int | float | bool | list[Wanted] | dict[str, Wanted]"


class FactError(KeyError):
    """A path that names nothing in the game's facts."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown fact"


def resolve(facts: Facts, path: str, names: Sequence[str]) -> object:
    """The value at ``path`` (a leading player name means that player's entry)."""
    if not isinstance(path, str) or not path:
        raise FactError(f"a fact path is text like 'Blue.goods.coca', not {path!r}")
    parts = path.split(".")
    node: object = facts
    if parts[0] in names:
        players = facts.get("player", [])
        i = list(names).index(parts[0])
        if not isinstance(players, list) or i >= len(players):
            raise FactError(f"no player {parts[0]!r} in this game (path {path!r})")
        node = players[i]
        parts = parts[1:]
    for part in parts:
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        elif isinstance(node, list) and part in names and list(names).index(part) < len(node):
            node = node[list(names).index(part)]
        else:
            raise FactError(f"no {part!r} in the game's facts (path {path!r})")
    return node


def same(got: object, want: Wanted) -> bool:
    """Whether ``got`` matches ``want``: equal; ``{min, max}`` for a range; lists as sets;
    a table as a subset of a table; ``"none"`` also matches nothing (TOML has no null).

    >>> same(None, "none"), same("none", "none"), same(0, "none")
    (True, True, False)
    """
    if want == "none" and got is None:
        return True
    if isinstance(want, dict) and ("min" in want or "max" in want) and not isinstance(got, dict):
        if not isinstance(got, (int, float)) or isinstance(got, bool):
            return False
        lo, hi = want.get("min", got), want.get("max", got)
        if not (isinstance(lo, (int, float)) and isinstance(hi, (int, float))):
            return False  # a range of numbers (WANTED checks it)
        return bool(lo <= got <= hi)
    if isinstance(want, dict) and isinstance(got, dict):
        return all(k in got and same(got[k], v) for k, v in want.items())
    if isinstance(want, list) and isinstance(got, (list, tuple)):
        return sorted(map(str, want)) == sorted(map(str, got))
    if isinstance(got, bool) or isinstance(want, bool):
        return got is want
    return bool(got == want)


def _wanted(value: object, where: str, depth: int = 0) -> Wanted:
    """A wanted value (see :func:`same`): text, a number, true/false, a list of those (or of
    such lists), a ``{min, max}`` range of numbers, or a table of wanted values."""
    if isinstance(value, bool) or (isinstance(value, str) and len(value) <= 500):
        return value
    if isinstance(value, int) or (isinstance(value, float) and math.isfinite(value)):
        return value
    if isinstance(value, list) and len(value) <= 200 and depth < 6:
        for i, x in enumerate(value):
            if isinstance(x, dict):
                raise fail(f"{where}[{i}]", "a list of wanted values holds text, numbers, "
                                            "true/false or lists of those")
            _wanted(x, f"{where}[{i}]", depth + 1)
        return value
    if isinstance(value, dict) and len(value) <= 200 and depth < 6:
        if "min" in value or "max" in value:
            for k, x in value.items():
                if k not in ("min", "max"):
                    raise fail(f"{where}.{k}", "a range has only min and max")
                if isinstance(x, bool) or not isinstance(x, (int, float)) or x != x:
                    raise fail(f"{where}.{k}", f"must be a number, got {shown(x)}")
            return value
        for k, x in value.items():
            _wanted(x, f"{where}.{k}", depth + 1)
        return value
    raise fail(where, "must be text, a number, true/false, a list, a { min, max } range or a "
                      f"table, got {type(value).__name__}")


#: the schema of a wanted value (scenario checks, lesson goals and facts)
WANTED = Check(_wanted, what="a wanted value")


def check(game: BaseGame, facts: dict[str, Wanted], where: str = "facts") -> list[str]:
    """Every fact of ``facts`` (path -> wanted value) that does not hold, as a sentence."""
    have = game.facts()
    names = game.player_names()
    failures = []
    for path, want in facts.items():
        try:
            got = resolve(have, path, names)
        except FactError as exc:
            failures.append(f"{where}.{path}: {exc}")
            continue
        if not same(got, want):
            failures.append(f"{where}.{path}: expected {want!r}, got {got!r}")
    return failures


def value(game: BaseGame, path: str) -> object:
    """The value of one fact of ``game``."""
    return resolve(game.facts(), path, game.player_names())


def _number(game: BaseGame, path: str) -> int | float:
    """The fact at ``path``, a number (a ``TypeError`` naming the fact if it is none)."""
    got = value(game, path)
    if isinstance(got, bool) or not isinstance(got, (int, float)):
        raise TypeError(f"the fact {path!r} is not a number: {shown(got)}")
    return got


def measure(kind: str, before: BaseGame, after: BaseGame, events: Sequence[Event], path: str = "",
            matcher: Callable[[Event], bool] | None = None, field: str = "") -> object:
    """A quiz answer from the facts before and after some actions.

    ``fact``: the value after; ``change``: after minus before; ``loss``: before minus
    after; ``count``: how many items the value has after; ``events``: the sum of ``field``
    over the events ``matcher`` accepts (a number or a list of numbers each).
    """
    if kind == "fact":
        return value(after, path)
    if kind == "change":
        return _number(after, path) - _number(before, path)
    if kind == "loss":
        return _number(before, path) - _number(after, path)
    if kind == "count":
        got = value(after, path)
        if isinstance(got, (list, tuple, dict)):
            return len(got)
        if not isinstance(got, (int, float, str)):
            raise TypeError(f"the fact {path!r} is no count: {shown(got)}")
        return int(got)
    if kind == "events":
        total = 0
        for e in events:
            if matcher is None or matcher(e):
                v = e.data.get(field, 0)
                total += sum(v) if isinstance(v, (list, tuple)) else int(v)
        return total
    raise FactError(f"unknown measure {kind!r} (fact, change, loss, count, events)")


MEASURES = ("fact", "change", "loss", "count", "events")

__all__ = ["FactError", "MEASURES", "WANTED", "Wanted", "check", "measure", "resolve", "same", "value"]
