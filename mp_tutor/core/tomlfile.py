"""One reader for every TOML file of the tutor (game data, rules, scenarios, chapters).

A file is read with limits (size, nesting depth, string length, integer size) and then
checked against a small declarative schema: types, ranges, allowed choices and unknown
keys. Every problem raises the caller's :class:`~mp_tutor.core.errors.FileFieldError`
subclass naming the file and the field, never another exception.

>>> schema = Table({"title": Str(), "players": Int(2, 5, required=True),
...                 "goods": Map(Int(0, 99))})
>>> read_text("demo.toml", 'players = 3\\ngoods = { corn = 2 }', schema)
{'players': 3, 'goods': {'corn': 2}}
>>> read_text("demo.toml", 'players = 9', schema)
Traceback (most recent call last):
...
mp_tutor.core.errors.FileFieldError: demo.toml: players: must be a whole number from 2 to 5, got 9
>>> read_text("demo.toml", 'players = 3\\ncolour = "red"', schema)
Traceback (most recent call last):
...
mp_tutor.core.errors.FileFieldError: demo.toml: colour: unknown field (known: goods, players, title)
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from .errors import FileFieldError, StateError, shown

#: Limits for hand-written files (a scenario or chapter is a few KB).
MAX_BYTES = 1_000_000
MAX_DEPTH = 24
MAX_STRING = 20_000
MAX_INT = 10**12
#: the largest seed of a game (Python's ``random`` takes any, a save's JSON and the games'
#: set-ups keep to 63 bits)
MAX_SEED = 2**63 - 1
MAX_ITEMS = 10_000

ErrorType = type[FileFieldError] | type[StateError]


class _Fail(Exception):
    """Internal: a schema problem at ``field``."""

    def __init__(self, field_name: str, message: str) -> None:
        super().__init__(message)
        self.field = field_name
        self.message = message


def _join(base: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{base}[{key}]"
    return f"{base}.{key}" if base else key


def _show(value: object) -> str:
    return shown(value, 60)


# ---------------------------------------------------------------------------------------
# Schema nodes
# ---------------------------------------------------------------------------------------
class Schema:
    """A schema node: ``check(value, field)`` returns the (converted) value or fails (a node
    says its type: a number for :class:`Int`, a check's own for :class:`Check`...)."""

    required: bool = False
    default: object = None

    def check(self, value: object, where: str) -> object:  # pragma: no cover - overridden
        raise NotImplementedError

    def describe(self) -> str:  # pragma: no cover - overridden
        return "a value"


@dataclass
class Any_(Schema):
    """Any TOML value (kept as it is)."""

    required: bool = False
    default: object = None

    def check(self, value: object, where: str) -> object:
        return value


@dataclass
class Int(Schema):
    """A whole number (not a boolean, not a float) from ``lo`` to ``hi``."""

    lo: int = -MAX_INT
    hi: int = MAX_INT
    required: bool = False
    default: object = None

    def check(self, value: object, where: str) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not self.lo <= value <= self.hi:
            raise _Fail(where, f"must be a whole number from {self.lo} to {self.hi}, got {_show(value)}")
        return value

    def describe(self) -> str:
        return f"a whole number from {self.lo} to {self.hi}"


@dataclass
class Bool(Schema):
    required: bool = False
    default: object = None

    def check(self, value: object, where: str) -> bool:
        if not isinstance(value, bool):
            raise _Fail(where, f"must be true or false, got {_show(value)}")
        return value


@dataclass
class Str(Schema):
    """Text, optionally one of ``choices`` (a collection or a callable giving one)."""

    choices: Iterable[str] | Callable[[], Iterable[str]] | None = None
    required: bool = False
    default: object = None
    max_len: int = MAX_STRING
    nonempty: bool = False
    what: str = ""

    def options(self) -> list[str] | None:
        if self.choices is None:
            return None
        got = self.choices() if callable(self.choices) else self.choices
        return list(got)

    def check(self, value: object, where: str) -> str:
        if not isinstance(value, str):
            raise _Fail(where, f"must be text, got {_show(value)}")
        if len(value) > self.max_len:
            raise _Fail(where, f"is too long ({len(value)} characters, at most {self.max_len})")
        if self.nonempty and not value.strip():
            raise _Fail(where, "must not be empty")
        opts = self.options()
        if opts is not None and value not in opts:
            what = f"{self.what} " if self.what else ""
            shown = ", ".join(opts[:20]) + (", ..." if len(opts) > 20 else "")
            raise _Fail(where, f"unknown {what}{_show(value)} (one of: {shown})")
        return value


@dataclass
class List(Schema):
    """A list of ``item``; ``unique``: no value twice."""

    item: Schema = field(default_factory=Any_)
    min_len: int = 0
    max_len: int = MAX_ITEMS
    unique: bool = False
    required: bool = False
    default: object = None

    def check(self, value: object, where: str) -> list[object]:
        if not isinstance(value, list):
            raise _Fail(where, f"must be a list, got {_show(value)}")
        if not self.min_len <= len(value) <= self.max_len:
            raise _Fail(where, f"must have {self.min_len} to {self.max_len} items, got {len(value)}")
        out = [self.item.check(v, _join(where, i)) for i, v in enumerate(value)]
        if self.unique:
            seen: list[object] = []
            for i, v in enumerate(out):
                if v in seen:
                    raise _Fail(_join(where, i), f"{_show(v)} is listed twice")
                seen.append(v)
        return out


@dataclass
class Map(Schema):
    """A table with free keys (``keys`` checks them) and values of one schema."""

    value: Schema = field(default_factory=Any_)
    keys: Str | None = None
    required: bool = False
    default: object = None
    max_len: int = MAX_ITEMS

    def check(self, value: object, where: str) -> dict[str, object]:
        if not isinstance(value, dict):
            raise _Fail(where, f"must be a table like {{ name = value }}, got {_show(value)}")
        if len(value) > self.max_len:
            raise _Fail(where, f"has too many entries ({len(value)}, at most {self.max_len})")
        out: dict[str, object] = {}
        for k, v in value.items():
            if self.keys is not None:
                self.keys.check(k, _join(where, k))
            out[k] = self.value.check(v, _join(where, k))
        return out


@dataclass
class Table(Schema):
    """A table with known fields; unknown keys are refused (unless ``extra`` checks them)."""

    fields: dict[str, Schema] = field(default_factory=dict)
    required: bool = False
    default: object = None
    extra: Schema | None = None

    def check(self, value: object, where: str) -> dict[str, object]:
        if not isinstance(value, dict):
            raise _Fail(where or "<file>", f"must be a table, got {_show(value)}")
        out: dict[str, object] = {}
        for k, v in value.items():
            if k in self.fields:
                out[k] = self.fields[k].check(v, _join(where, k))
            elif self.extra is not None:
                out[k] = self.extra.check(v, _join(where, k))
            else:
                known = ", ".join(sorted(self.fields))
                raise _Fail(_join(where, k), f"unknown field (known: {known})")
        for k, sub in self.fields.items():
            if k not in out:
                if sub.required:
                    raise _Fail(_join(where, k), f"missing ({sub.describe()})")
                if sub.default is not None:
                    out[k] = sub.default
        return out

    def describe(self) -> str:
        return "a table"


@dataclass
class Null(Schema):
    """JSON ``null`` (for saved games; TOML has no null)."""

    required: bool = False
    default: object = None

    def check(self, value: object, where: str) -> None:
        if value is not None:
            raise _Fail(where, f"must be null, got {_show(value)}")
        return None


def Optional(schema: Schema, what: str) -> Schema:  # noqa: N802 - reads like a type
    """``schema`` or null."""
    return Either((schema, Null()), what=f"{what} or null")


@dataclass
class Either(Schema):
    """The first of ``options`` that accepts the value."""

    options: tuple[Schema, ...] = ()
    required: bool = False
    default: object = None
    what: str = "value"

    def check(self, value: object, where: str) -> object:
        for opt in self.options:
            try:
                return opt.check(value, where)
            except _Fail:
                continue
        raise _Fail(where, f"must be {self.what}, got {_show(value)}")


# ---------------------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------------------
def _limits(value: object, where: str, depth: int = 0) -> None:
    """Refuse values beyond the limits (iterative depth check protects against bombs)."""
    stack: list[tuple[object, str, int]] = [(value, where, depth)]
    count = 0
    while stack:
        v, w, d = stack.pop()
        count += 1
        if count > 10 * MAX_ITEMS:
            raise _Fail(where or "<file>", "has too many values")
        if d > MAX_DEPTH:
            raise _Fail(w or "<file>", f"is nested too deeply (more than {MAX_DEPTH} levels)")
        if isinstance(v, dict):
            stack.extend((x, _join(w, k), d + 1) for k, x in v.items())
        elif isinstance(v, list):
            stack.extend((x, _join(w, i), d + 1) for i, x in enumerate(v))
        elif isinstance(v, str):
            if len(v) > MAX_STRING:
                raise _Fail(w, f"is too long ({len(v)} characters, at most {MAX_STRING})")
        elif isinstance(v, int) and not isinstance(v, bool):
            if abs(v) > MAX_INT:
                raise _Fail(w, f"is too large a number (at most {MAX_INT})")
        elif isinstance(v, float):
            if not math.isfinite(v):
                raise _Fail(w, "must be a finite number")


def parse(label: str, text: str, error: ErrorType = FileFieldError) -> dict[str, object]:
    """Parse TOML ``text`` with the limits; errors name ``label``."""
    if len(text) > MAX_BYTES:
        raise error(label, "<file>", f"is too large ({len(text)} characters, at most {MAX_BYTES})")
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise error(label, "<file>", f"not valid TOML: {exc}") from None
    except RecursionError:
        raise error(label, "<file>", f"is nested too deeply (more than {MAX_DEPTH} levels)") from None
    except ValueError as exc:  # e.g. an integer with thousands of digits
        raise error(label, "<file>", f"not valid TOML: {exc}") from None
    try:
        _limits(raw, "")
    except _Fail as exc:
        raise error(label, exc.field or "<file>", exc.message) from None
    return raw


def read_bytes(path: Path | str, error: ErrorType = FileFieldError) -> str:
    """A file's text (UTF-8, at most ``MAX_BYTES``); errors name the file."""
    label = str(path)
    try:
        p = Path(path)
        if p.stat().st_size > MAX_BYTES:
            raise error(label, "<file>", f"is too large (at most {MAX_BYTES} bytes)")
        data = p.read_bytes()
    except OSError as exc:
        raise error(label, "<file>", f"cannot read: {exc.strerror or exc}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(label, "<file>", f"is not UTF-8 text (byte {exc.start})") from None


def validate(label: str, raw: object, schema: Schema, error: ErrorType = FileFieldError,
             where: str = "") -> Any:
    """Check ``raw`` against ``schema``; a problem raises ``error(label, field, message)``.

    The value has the shape ``schema`` describes, which the caller declared and reads (a
    table's fields by name): statically it is not known here."""
    try:
        return schema.check(raw, where)
    except _Fail as exc:
        raise error(label, exc.field or "<file>", exc.message) from None


def read_text(label: str, text: str, schema: Schema | None = None,
              error: ErrorType = FileFieldError) -> dict[str, Any]:
    """Parse and validate TOML text."""
    raw = parse(label, text, error)
    return raw if schema is None else validate(label, raw, schema, error)


def read_file_or_text(path: Path | str, text: str | None, schema: Schema,
                      error: ErrorType = FileFieldError) -> tuple[str, dict[str, Any]]:
    """A data file (or ``text`` in its format, labelled ``<text>``) read and validated:
    ``(label, table)``; errors name the file (or ``<text>``) and the field."""
    label = "<text>" if text is not None else str(path)
    if text is None:
        text = read_bytes(path, error)
    return label, read_text(label, text, schema, error)


def read_file(path: Path | str, schema: Schema | None = None,
              error: ErrorType = FileFieldError) -> dict[str, Any]:
    """Read, parse and validate a TOML file."""
    return read_text(str(path), read_bytes(path, error), schema, error)


def tagged(fields: dict[str, Schema], provenances: Iterable[str],
           extra: Schema | None = None) -> Table:
    """A required table of a game's data file, with its ``provenance`` (one of
    ``provenances``: rulebook, published, reconstructed...) and its ``source``."""
    return Table({**fields, "provenance": Str(tuple(provenances), required=True),
                  "source": Str(required=True, nonempty=True)}, required=True, extra=extra)


def flatten(raw: Mapping[str, object], prefix: str = "") -> Iterator[tuple[str, object]]:
    """Every value of nested tables by its dotted key (``"trail.granary"``).

    >>> dict(flatten({"trail": {"granary": 7, "stable": 13}, "n": 2}))
    {'trail.granary': 7, 'trail.stable': 13, 'n': 2}
    """
    for k, v in raw.items():
        key = f"{prefix}.{k}" if prefix else k
        if isinstance(v, dict):
            yield from flatten(v, key)
        else:
            yield key, v


def fail(field_name: str, message: str) -> _Fail:
    """An error to raise inside a custom check (``validate`` turns it into the file error)."""
    return _Fail(field_name, message)


#: what a custom check returns
T = TypeVar("T")


@dataclass
class Check(Schema, Generic[T]):
    """A schema node with a custom function ``fn(value, field) -> value`` (raise ``fail``)."""

    fn: Callable[[object, str], T]
    required: bool = False
    default: object = None
    what: str = "a value"

    def check(self, value: object, where: str) -> T:
        return self.fn(value, where)

    def describe(self) -> str:
        return self.what


__all__ = [
    "MAX_SEED",
    "Any_",
    "Bool",
    "Check",
    "Either",
    "Int",
    "List",
    "Map",
    "Null",
    "Optional",
    "Schema",
    "Str",
    "Table",
    "fail",
    "flatten",
    "tagged",
    "parse",
    "read_bytes",
    "read_file",
    "read_text",
    "validate",
]
