"""What crosses a layer, typed: JSON values, the options of a pending decision, click targets.

A view (``game.view(player)``) and everything sent to the browser are JSON values
(:data:`JSON`). What a pending decision shows its panels (its limits, prices, the choices
it offers) is a frozen dataclass declared beside its
:class:`~mp_tutor.core.machine.Decision`, a subclass of :class:`Options`: a panel reads its
fields, and its :meth:`~Options.to_json` is the ``options`` of the pending decision in a
view (what scenario checks and facts such as ``pending.options.adjacent`` read). A place of
a game's picture the person deciding may click now is a :class:`Target` (each game adds
what its picture draws), keyed by the picture's ``data-target`` value.

>>> from dataclasses import dataclass, field
>>> @dataclass(frozen=True)
... class PickOptions(Options):
...     most: int
...     cards: tuple[int, ...] = ()
...     first: str | None = field(default=None, metadata={"json": "from"})
>>> PickOptions(2, (3, 5)).to_json()
{'most': 2, 'cards': [3, 5], 'from': None}
>>> NO_OPTIONS.to_json()
{}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, is_dataclass
from enum import Enum
from typing import TYPE_CHECKING, TypeAlias, TypedDict

from .actions import Action
from .outcome import OutcomeView

if TYPE_CHECKING:  # the type of a dataclass instance, for fields()
    from _typeshed import DataclassInstance

#: a JSON value: what a view holds and what is sent to the browser
JSON: TypeAlias = "str | int | float | bool | None | list[JSON] | dict[str, JSON]"


def to_json(value: object) -> JSON:
    """``value`` as JSON: an object with a ``to_json`` method by it, another dataclass by its
    fields (:func:`fields_json`), tuples and lists as lists, mappings as objects with text
    keys, enums by their value.

    >>> from enum import StrEnum
    >>> class Face(StrEnum):
    ...     OPEN = "open"
    >>> to_json({"a": (1, Face.OPEN), 2: None})
    {'a': [1, 'open'], '2': None}
    """
    if value is None or isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, Enum):
        return to_json(value.value)
    if isinstance(value, str):
        return str(value)
    method = getattr(value, "to_json", None)
    if callable(method):
        out: JSON = method()
        return out
    if is_dataclass(value) and not isinstance(value, type):
        return fields_json(value)
    if isinstance(value, Mapping):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [to_json(v) for v in value]
    raise TypeError(f"{type(value).__name__} is not a JSON value")


def fields_json(obj: DataclassInstance) -> dict[str, JSON]:
    """A dataclass instance as a JSON object: each field by its name, or by
    ``metadata={"json": name}`` (for words Python keeps, such as ``from`` and ``return``)."""
    return {f.metadata.get("json", f.name): to_json(getattr(obj, f.name)) for f in fields(obj)}


@dataclass(frozen=True)
class Options:
    """What a pending decision shows (base class; see the module docstring)."""

    def to_json(self) -> dict[str, JSON]:
        """The options as a JSON object (the ``options`` of the pending decision in a view),
        by :func:`fields_json`."""
        return fields_json(self)


#: the options of a decision that shows nothing more than its prompt
NO_OPTIONS = Options()


@dataclass(frozen=True)
class Target:
    """A place of the picture the person deciding may click now (a game's target class
    adds what its picture draws, such as what the click does and its cost).

    ``action``: what a click plays (None: the click asks a question first, or picks the
    place for the next click); ``selected``: the place picked for the next click (the
    priests game's hand card, before the stair it goes on).
    """

    action: Action | None = field(default=None, kw_only=True)
    selected: bool = field(default=False, kw_only=True)


#: a picture's click targets by their ``data-target`` value
Targets: TypeAlias = "Mapping[str, Target]"


#: a game's facts (:meth:`~mp_tutor.core.game.BaseGame.facts`): the teacher's view with
#: players named and derived numbers added, read by dotted paths (``Blue.goods.coca``) that
#: :func:`~mp_tutor.core.facts.resolve` walks, checking each level's type as it goes
Facts: TypeAlias = "dict[str, object]"


class PendingView(TypedDict):
    """The pending decision in a view (:meth:`~mp_tutor.core.machine.Pending.to_json`)."""

    player: int | None
    kind: str
    rule: str
    prompt: str
    options: dict[str, JSON]


class BaseView(TypedDict):
    """What every game's view (``game.view(player)``) holds, and the core reads: the player
    count, whose view it is (None: the teacher's), the pending decision and the outcome
    (None while the game goes on). A game's view is a TypedDict that extends it
    (``class PrincesView(BaseView): ...``), beside the game's ``view()``."""

    players: int
    viewer: int | None
    pending: PendingView
    outcome: OutcomeView[dict[str, JSON]] | None

__all__ = ["JSON", "NO_OPTIONS", "BaseView", "Facts", "Options", "OutcomeView", "PendingView", "Target", "Targets",
           "fields_json", "to_json"]
