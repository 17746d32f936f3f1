"""The studio's files: scenario and chapter files written in today's formats, read back,
and written again keeping what a hand-written file had (comments, layout, key order).

A file the studio opened is kept as a round-trip TOML document (tomlkit): saving changes in
it only what changed in the sheet, so a file opened and saved without a change comes back
byte for byte, and a hand-written file keeps its comments. A new file is laid out as the
shipped ones are: ``[scenario]`` first, a table per player, inline tables for small maps,
long texts as multi-line strings.

>>> print(dumps({"scenario": {"title": "A", "players": 2},
...              "players": {"Blue": {"goods": {"coca": 4}}},
...              "script": [{"action": "move x", "say": "Blue moves."}]}), end="")
[scenario]
title = "A"
players = 2
<BLANKLINE>
[players.Blue]
goods = {coca = 4}
<BLANKLINE>
[[script]]
action = "move x"
say = "Blue moves."
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeAlias

import tomlkit
from tomlkit.container import Container
from tomlkit.items import AoT, InlineTable, Item, Table
from tomlkit.toml_document import TOMLDocument

#: a TOML document the studio keeps for writing a file again
Document: TypeAlias = TOMLDocument
#: texts longer than this (or with a line break) are written as multi-line strings
LONG = 72
#: keys of ``[scenario]`` and ``[chapter]`` written first in a new file, in this order
FIRST = ("id", "slug", "title", "rulebook", "section", "description", "game", "lang")


def _string(text: str) -> Item:
    if "\n" in text or len(text) > LONG:
        return tomlkit.string(text, multiline=True)
    return tomlkit.string(text)


def _inline(value: object) -> object:
    """A value inside a table: maps as inline tables, texts as strings of their size."""
    if isinstance(value, Mapping):
        table = tomlkit.inline_table()
        for k, v in value.items():
            table[str(k)] = _inline(v)
        return table
    if isinstance(value, list):
        arr = tomlkit.array()
        for v in value:
            arr.append(_inline(v))
        return arr
    if isinstance(value, str):
        return _string(value)
    return value


def _ordered(table: Mapping[str, object]) -> list[tuple[str, object]]:
    first = [(k, table[k]) for k in FIRST if k in table]
    return first + [(k, v) for k, v in table.items() if k not in FIRST]


def _table(value: Mapping[str, object]) -> Table:
    out = tomlkit.table()
    for k, v in _ordered(value):
        out[str(k)] = _inline(v)
    return out


def _named(key: str) -> bool:
    """Whether a key names a thing (a player's colour, a priest's height) rather than a field:
    such things get a table each (``[players.Blue]``, ``[priests.2]``)."""
    return key[:1].isupper() or key.isdigit()


def _top(value: object) -> Item | object:
    """A top-level value: a table (of tables: ``[players.Blue]``), an array of tables."""
    if isinstance(value, Mapping):
        if value and all(isinstance(v, Mapping) and _named(str(k)) for k, v in value.items()):
            outer = tomlkit.table(is_super_table=True)
            for k, v in value.items():
                assert isinstance(v, Mapping)
                outer[str(k)] = _table(v)
            return outer
        return _table(value)
    if isinstance(value, list) and value and all(isinstance(v, Mapping) for v in value):
        aot = tomlkit.aot()
        for v in value:
            aot.append(_table(v))
        return aot
    return _inline(value)


def new_document(data: Mapping[str, object]) -> Document:
    """A new file's document for ``data`` (a scenario's or a chapter's tables)."""
    doc = tomlkit.document()
    for key, value in data.items():
        doc[key] = _top(value)
    return doc


def dumps(data: Mapping[str, object]) -> str:
    """A new file's text for ``data``."""
    return tomlkit.dumps(new_document(data))


def _plain(item: object) -> object:
    unwrap = getattr(item, "unwrap", None)
    return unwrap() if callable(unwrap) else item


def _sync_table(table: Container | Table | InlineTable, data: Mapping[str, object],
                top: bool) -> None:
    for key in [k for k in table if k not in data]:
        del table[key]
    for key, value in data.items():
        old = table.get(key) if key in table else None
        if old is not None and _plain(old) == value:
            continue
        if isinstance(value, Mapping) and isinstance(old, (Table, InlineTable)):
            _sync_table(old, value, False)
        elif isinstance(value, list) and isinstance(old, AoT) and all(
                isinstance(v, Mapping) for v in value) and value:
            _sync_aot(old, value)
        else:
            table[key] = _top(value) if top else _inline(value)


def _sync_aot(aot: AoT, data: list[object]) -> None:
    for i, value in enumerate(data):
        assert isinstance(value, Mapping)
        if i < len(aot):
            _sync_table(aot[i], value, False)
        else:
            aot.append(_table(value))
    while len(aot) > len(data):
        del aot[len(aot) - 1]


def sync(doc: Document, data: Mapping[str, object]) -> Document:
    """``doc`` changed where it differs from ``data`` (and only there), and returned."""
    _sync_table(doc, data, True)
    return doc


def parse(text: str) -> Document:
    return tomlkit.parse(text)


def text_of(doc: Document) -> str:
    return tomlkit.dumps(doc)


__all__ = ["Document", "FIRST", "LONG", "dumps", "new_document", "parse", "sync", "text_of"]
