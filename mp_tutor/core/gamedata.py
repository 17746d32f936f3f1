"""A game's data file (``data/game.toml``): what every game's file has, read once.

Every printed number of a game lives in its data file, read with the tutor's one TOML
reader and a schema, so that a wrong edit raises a
:class:`~mp_tutor.core.errors.DataError` naming the key. Each table of the file says where
its numbers come from (``provenance``: one of the game's provenances, and ``source``);
every game's file has a ``[players]`` table (``min``, ``max`` and the ``colours``, the
players' names in seat order). A game declares its own tables and builds its
:class:`BaseGameData` subclass from them; :func:`load_game_data` does the rest: it reads
the file, checks the players, and hands the game the fields every game's data has.

>>> from dataclasses import dataclass
>>> from mp_tutor.core.tomlfile import Int
>>> @dataclass(frozen=True)
... class ToyData(BaseGameData):
...     dice: int
>>> SCHEMA = game_schema(("rulebook",), 4, {"dice": tagged({"count": Int(1, 9)},
...                                                        ("rulebook",))})
>>> def build(raw, common, err):
...     if raw["dice"]["count"] > common["max_players"]:
...         raise err("dice.count", "at most one die per player")
...     return ToyData(**common, dice=raw["dice"]["count"])
>>> text = '''[players]
... min = 2
... max = 3
... colours = ["Red", "Blue", "Gold"]
... provenance = "rulebook"
... source = "the box"
... [dice]
... count = 2
... provenance = "rulebook"
... source = "the box"
... '''
>>> data = load_game_data("toy.toml", text, SCHEMA, build)
>>> data.player_counts, data.colours, data.dice, data.value("dice.count")
(range(2, 4), ('Red', 'Blue', 'Gold'), 2, 2)
>>> load_game_data("toy.toml", text.replace("max = 3", "max = 4"), SCHEMA, build)
Traceback (most recent call last):
...
mp_tutor.core.errors.DataError: <text>: players.colours: must list 4 different colour names
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from .errors import DataError
from .tomlfile import Int, List, Schema, Str, Table, flatten, read_file_or_text, tagged


@dataclass(frozen=True)
class BaseGameData:
    """The part of a game's data every game has (a game's ``GameData`` adds its own)."""

    #: the file read (``<text>`` for text given in the format)
    path: str
    #: the players' names (colours) in seat order, and the player counts the game is for
    colours: tuple[str, ...]
    min_players: int
    max_players: int
    #: each table's provenance and source
    provenance: dict[str, str]
    sources: dict[str, str]
    #: every number by its dotted key (``"trail.granary"``), for rule statements
    values: dict[str, object]

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def value(self, key: str) -> object:
        return self.values[key]


Data = TypeVar("Data", bound=BaseGameData)
#: ``build(raw, common, err)``: the game's data from its validated tables; ``common`` holds
#: the :class:`BaseGameData` fields (``values``: every number, which the game may extend with
#: derived ones); ``err(key, message)`` is the :class:`DataError` to raise for a bad value
Build = Callable[[dict[str, Any], dict[str, Any], Callable[[str, str], DataError]], Data]


def game_schema(provenances: Iterable[str], max_players: int,
                tables: Mapping[str, Schema]) -> Table:
    """The schema of a game's data file: ``[players]`` and the game's ``tables``."""
    players = tagged({"min": Int(1, max_players, required=True),
                      "max": Int(1, max_players, required=True),
                      "colours": List(Str(nonempty=True, max_len=20), min_len=1,
                                      max_len=max_players, unique=True, required=True)},
                     tuple(provenances))
    return Table({"players": players, **tables})


def load_game_data(path: Path | str, text: str | None, schema: Table, build: Build[Data],
                   numbers: Callable[[object], bool] = lambda v: not isinstance(v, str)) -> Data:
    """Read and validate a game's data file (or ``text`` in its format) and build it.

    ``numbers`` chooses the values rule statements may cite (by default all but text).
    """
    label, raw = read_file_or_text(path, text, schema, DataError)
    pl = raw["players"]
    if pl["max"] < pl["min"]:
        raise DataError(label, "players.max", f"must be at least players.min ({pl['min']})")
    if len(pl["colours"]) < pl["max"]:
        raise DataError(label, "players.colours",
                        f"must list {pl['max']} different colour names")
    tagged_tables = [k for k, sub in schema.fields.items()
                     if isinstance(sub, Table) and "provenance" in sub.fields]
    common = {
        "path": label,
        "colours": tuple(pl["colours"]),
        "min_players": pl["min"],
        "max_players": pl["max"],
        "provenance": {k: raw[k]["provenance"] for k in tagged_tables},
        "sources": {k: raw[k]["source"] for k in tagged_tables},
        "values": {k: v for k, v in flatten(raw) if numbers(v)},
    }
    return build(raw, common, partial(DataError, label))


def fields_of(table: Mapping[str, Any]) -> dict[str, Any]:
    """A table's values without its ``provenance`` and ``source``."""
    return {k: v for k, v in table.items() if k not in ("provenance", "source")}


__all__ = ["BaseGameData", "fields_of", "game_schema", "load_game_data", "tagged"]
