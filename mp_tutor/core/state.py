"""A game's state: plain fields declared once, copied, saved and read back by one base class.

A game's ``State`` subclasses :class:`GameState` and declares its fields with
:class:`Fields`, by how each one is copied and saved: ``scalars`` (numbers, text, enums,
``None``), ``lists`` (flat lists), ``lists2`` (lists of lists) and ``tuples2`` (lists of
lists of tuples); every game also has ``n`` and ``seed`` (scalars) and the ``queue`` of
:class:`~mp_tutor.core.machine.Step` (the decisions still to be taken). A scalar with a
``default`` is saved only when it is not that default and read back as the default when a
save leaves it out (a field a game added later: older saves read as before). From that one
declaration the base writes :meth:`GameState.copy` (generated as straight-line code when
the class is made: search copies positions often), :meth:`GameState.to_dict` (JSON-able)
and :meth:`GameState.from_dict` (checked field by field against the game's
:meth:`GameState.schema`; a problem is a :class:`~mp_tutor.core.errors.StateError` naming
the field).

>>> from mp_tutor.core.tomlfile import Int, List, Str, Table
>>> class Toy(GameState):
...     FIELDS = Fields(scalars=("n", "seed", "phase"), lists=("score",), lists2=("hands",))
...     __slots__ = FIELDS.names
...     @classmethod
...     def schema(cls, d, label):
...         n = players_in(d, label, 1, 4)
...         return Table({"n": Int(1, 4), "seed": Int(0, 9), "phase": Str(("day", "night")),
...                       "score": List(Int(0, 99), min_len=n, max_len=n),
...                       "hands": List(List(Int(0, 9))), "queue": List()})
>>> s = Toy.from_dict({"n": 2, "seed": 1, "phase": "day", "score": [3, 4],
...                    "hands": [[1], [2, 3]], "queue": [["play", 0, None]]})
>>> twin = s.copy()
>>> twin.hands[1].append(9)
>>> s.hands, twin.hands, twin == s
([[1], [2, 3]], [[1], [2, 3, 9]], False)
>>> s.to_dict()["queue"]
[['play', 0, None]]
>>> Toy.from_dict({"n": 7})
Traceback (most recent call last):
...
mp_tutor.core.errors.StateError: n: must be a player count from 1 to 4
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from enum import StrEnum
from types import FunctionType
from typing import ClassVar, Self, TypeAlias

from .errors import StateError
from .machine import Step
from .tomlfile import Check, Int, List, Schema, Str, fail, validate
from .views import JSON, to_json

#: a scalar field's value (a number, a text or an enum of text, true/false, None)
Scalar: TypeAlias = "int | float | str | bool | None"


class Fields:
    """The fields of a game's state, by how each is copied and saved (see the module).

    ``enums``: scalars kept as a ``StrEnum`` (saved as its text, read back by the enum);
    ``kinds``: the enum of the queue's decision kinds (plain text if None); ``payloads``:
    decision kind -> the enum of its payload (others: a list is read back as a tuple);
    ``defaults``: scalar -> the value it is not saved at (and read back as when left out).
    """

    def __init__(self, *, scalars: tuple[str, ...], lists: tuple[str, ...] = (),
                 lists2: tuple[str, ...] = (), tuples2: tuple[str, ...] = (),
                 enums: Mapping[str, type[StrEnum]] | None = None,
                 kinds: type[StrEnum] | None = None,
                 payloads: Mapping[str, type[StrEnum]] | None = None,
                 defaults: Mapping[str, Scalar] | None = None) -> None:
        for need in ("n", "seed"):
            if need not in scalars:
                raise ValueError(f"a state's scalars must include {need!r}")
        self.defaults: dict[str, Scalar] = dict(defaults or {})
        for name in self.defaults:
            if name not in scalars:
                raise ValueError(f"only a scalar has a default, not {name!r}")
        self.scalars, self.lists, self.lists2, self.tuples2 = scalars, lists, lists2, tuples2
        #: every field, the queue last (a state class's ``__slots__``)
        self.names: tuple[str, ...] = scalars + lists + lists2 + tuples2 + ("queue",)
        for name in self.names:
            if not name.isidentifier() or self.names.count(name) > 1:
                raise ValueError(f"field {name!r} is not a name, or is declared twice")
        self.enums: dict[str, type[StrEnum]] = dict(enums or {})
        self.kinds = kinds
        self.payloads: dict[str, type[StrEnum]] = dict(payloads or {})


def _copier(cls: type[GameState], fields: Fields) -> Callable[[GameState], GameState]:
    """``copy()`` for ``cls``, written out field by field (as fast as a hand-written one)."""
    lines = ["def copy(self):", "    s = new(cls)"]
    lines += [f"    s.{k} = self.{k}" for k in fields.scalars]
    lines += [f"    s.{k} = self.{k}[:]" for k in fields.lists]
    # lists of lists (and of tuples: a tuple is never changed in place) copy one level down
    lines += [f"    s.{k} = [x[:] for x in self.{k}]" for k in fields.lists2 + fields.tuples2]
    lines += ["    s.queue = self.queue[:]", "    return s"]
    scope: dict[str, object] = {"new": object.__new__, "cls": cls}
    exec("\n".join(lines), scope)  # noqa: S102 - the names are checked identifiers
    fn = scope["copy"]
    if not isinstance(fn, FunctionType):  # pragma: no cover - exec defined it just above
        raise TypeError("copy() was not written")
    fn.__doc__ = "An independent copy (every field, one level down for nested lists)."
    fn.__qualname__ = f"{cls.__qualname__}.copy"
    return fn


class GameState:
    """The base of every game's state (see the module docstring)."""

    __slots__ = ()
    #: the game's field declaration (set by each game's ``State``)
    FIELDS: ClassVar[Fields]

    n: int
    seed: int
    queue: list[Step]

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        fields = cls.__dict__.get("FIELDS")
        if fields is not None:
            if tuple(cls.__dict__.get("__slots__", ())) != fields.names:
                raise TypeError(f"{cls.__name__}: __slots__ must be FIELDS.names")
            cls.copy = _copier(cls, fields)  # type: ignore[method-assign, assignment]

    def copy(self) -> Self:  # pragma: no cover - replaced for each declared state class
        raise NotImplementedError

    @classmethod
    def blank(cls, n: int, seed: int = 0) -> Self:
        """A state of ``n`` players whose other fields the caller sets (a position sampled
        for search, which is no new game: seed 0)."""
        s = cls.__new__(cls)
        s.n, s.seed = n, seed  # type: ignore[misc]  # slots of the game's own State
        return s

    @classmethod
    def schema(cls, d: object, label: str) -> Schema:  # pragma: no cover - overridden
        """The schema of a saved state ``d`` (a game checks the player count first)."""
        raise NotImplementedError

    @classmethod
    def queue_step(cls, kind: str, player: int | None, payload: object) -> Step:
        """A queued step read back from its saved ``[kind, player, payload]``."""
        f = cls.FIELDS
        enum = f.payloads.get(kind)
        if enum is not None:
            if not isinstance(payload, str):
                raise ValueError(f"{payload!r} is not a valid {enum.__name__}")
            payload = enum(payload)
        elif isinstance(payload, list):
            payload = tuple(payload)
        return Step(f.kinds(kind) if f.kinds is not None else kind, player, payload)

    def to_dict(self) -> dict[str, JSON]:
        """The state as plain JSON values (:meth:`from_dict` reads it back)."""
        f = self.FIELDS
        out: dict[str, JSON] = {}
        for k in f.scalars:
            v = getattr(self, k)
            if k in f.defaults and v == f.defaults[k]:
                continue
            out[k] = str(v) if k in f.enums and v is not None else v
        for k in f.lists:
            out[k] = list(getattr(self, k))
        for k in f.lists2:
            out[k] = [list(x) for x in getattr(self, k)]
        for k in f.tuples2:
            out[k] = [[list(y) for y in x] for x in getattr(self, k)]
        out["queue"] = [[str(kind), p, to_json(pl)] for kind, p, pl in self.queue]
        return out

    @classmethod
    def from_dict(cls, d: object, label: str = "state") -> Self:
        """A state from :meth:`to_dict` output, checked field by field (``StateError``)."""
        f = cls.FIELDS
        data = validate(label, d, cls.schema(d, label), StateError)
        s = cls.__new__(cls)
        for k in f.scalars:
            v = data[k] if k not in f.defaults else data.get(k, f.defaults[k])
            setattr(s, k, f.enums[k](v) if k in f.enums and v is not None else v)
        for k in f.lists:
            setattr(s, k, list(data[k]))
        for k in f.lists2:
            setattr(s, k, [list(x) for x in data[k]])
        for k in f.tuples2:
            setattr(s, k, [[tuple(y) for y in x] for x in data[k]])
        s.queue = [cls.queue_step(kind, p, pl)  # type: ignore[misc]  # the game's slots
                   for kind, p, pl in data["queue"]]
        return s

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]


def players_in(d: object, label: str, lo: int, hi: int) -> int:
    """The player count ``n`` of a saved state ``d`` (checked first: the rest of a state's
    schema depends on it); a problem is a :class:`StateError`."""
    if not isinstance(d, dict):
        raise StateError(label, "<state>", "must be an object")
    n = d.get("n")
    if type(n) is not int or not lo <= n <= hi:
        raise StateError(label, "n", f"must be a player count from {lo} to {hi}")
    return n


def queue_schema(n: int, kinds: Iterable[str], *, automatic: Collection[str],
                 payloads: Mapping[str, Schema], max_len: int) -> List:
    """The schema of a saved queue of ``n`` players: steps ``[kind, player, payload]``.

    ``kind`` is one of ``kinds``; ``player`` is a seat, or null for the ``automatic`` kinds
    (nobody decides them); ``payload`` is checked by ``payloads[kind]``, and must be null
    for a kind not listed there.

    >>> q = queue_schema(2, ("play", "night"), automatic=("night",),
    ...                  payloads={"play": Int(1, 3)}, max_len=9)
    >>> validate("save", [["play", 1, 2], ["night", None, None]], q)
    [['play', 1, 2], ['night', None, None]]
    >>> validate("save", [["night", 0, None]], q)
    Traceback (most recent call last):
    ...
    mp_tutor.core.errors.FileFieldError: save: [0][1]: an automatic step belongs to nobody (null)
    """
    seat = Int(0, n - 1)
    kind_of = Str(tuple(kinds), what="decision kind")

    def step(value: object, where: str) -> list[object]:
        if not (isinstance(value, list) and len(value) == 3):
            raise fail(where, "must be [kind, player, payload]")
        kind, player, payload = value
        kind_of.check(kind, f"{where}[0]")
        if kind in automatic:
            if player is not None:
                raise fail(f"{where}[1]", "an automatic step belongs to nobody (null)")
        else:
            seat.check(player, f"{where}[1]")
        check = payloads.get(kind)
        if check is not None:
            check.check(payload, f"{where}[2]")
        elif payload is not None:
            raise fail(f"{where}[2]", "must be null for this kind of step")
        return value

    return List(Check(step, what="a queued decision"), max_len=max_len, required=True)


def seating(n: int, first: int) -> list[int]:
    """Every player of ``n`` in seating order (clockwise), starting with ``first``.

    >>> seating(4, 2)
    [2, 3, 0, 1]
    """
    return [(first + i) % n for i in range(n)]


__all__ = ["Fields", "GameState", "players_in", "queue_schema", "seating"]
