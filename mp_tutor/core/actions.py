"""Actions: small frozen value objects with a text notation that parses back.

Each game defines its action types on :class:`Action`. Fields are checked when an action
is made: a wrong type or value raises :class:`ActionError` (an
:class:`~mp_tutor.core.rules.IllegalAction` naming the field), so nothing malformed ever
reaches a game.

>>> need_int(2, "count", 0, 9)
2
>>> need_int(float("nan"), "count", 0, 9)
Traceback (most recent call last):
...
mp_tutor.core.actions.ActionError: count must be a whole number from 0 to 9, not nan [engine.unknown: How the tutor works]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, ClassVar

from .errors import shown as _show
from .rules import CORE_RULES, IllegalAction, RuleBook

if TYPE_CHECKING:  # a JSON value, for annotations only
    from .views import JSON

CORE_BOOK = RuleBook.from_file(CORE_RULES)


class ActionError(IllegalAction):
    """An action (object, text or JSON) is malformed; ``field`` names what is wrong."""

    def __init__(self, message: str, field_name: str = "", action: object = None) -> None:
        self.field = field_name
        super().__init__(CORE_BOOK.illegal("engine.unknown", message), action)


def need_int(value: object, name: str, lo: int, hi: int) -> int:
    """``value`` if it is an ``int`` (not a bool) from ``lo`` to ``hi``, else ActionError."""
    if type(value) is not int or not lo <= value <= hi:
        raise ActionError(f"{name} must be a whole number from {lo} to {hi}, not {_show(value)}", name)
    return value


def need_choice(value: object, name: str, choices: Iterable[str], none: bool = False) -> str | None:
    """``value`` if it is one of ``choices`` (or None when ``none``), else ActionError."""
    if value is None and none:
        return None
    opts = tuple(choices)
    if type(value) is not str or value not in opts:
        raise ActionError(f"{name} must be one of {', '.join(opts)}, not {_show(value)}", name)
    return value


def need_choices(value: object, name: str, choices: Iterable[str], order: dict[str, int],
                 max_len: int = 64) -> tuple[str, ...]:
    """A tuple of distinct-or-not choices, sorted in ``order``, else ActionError."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ActionError(f"{name} must be a list of names, not {_show(value)}", name)
    items = tuple(value)
    if len(items) > max_len:
        raise ActionError(f"{name} lists too many items ({len(items)})", name)
    opts = tuple(choices)
    for item in items:
        need_choice(item, name, opts)
    return tuple(sorted(items, key=lambda x: order.get(x, 99)))


def need_ints(value: object, name: str, lo: int, hi: int, max_len: int = 64) -> tuple[int, ...]:
    """A sorted tuple of ints from ``lo`` to ``hi``, else ActionError."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ActionError(f"{name} must be a list of numbers, not {_show(value)}", name)
    items = tuple(value)
    if len(items) > max_len:
        raise ActionError(f"{name} lists too many items ({len(items)})", name)
    return tuple(sorted(need_int(x, name, lo, hi) for x in items))


class ActionParseError(ActionError):
    """The text is not an action in the notation (an ``IllegalAction``, rule ``engine.unknown``)."""


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


@dataclass(frozen=True)
class Action:
    """Base class of all actions: ``notation()`` (text), ``to_json()``.

    >>> @dataclass(frozen=True)
    ... class Pick(Action):
    ...     cards: tuple[int, ...] = ()
    ...     verb: ClassVar[str] = "pick"
    >>> Pick((3, 5)).notation(), Pick().notation()
    ('pick 3 5', 'pick none')
    """

    verb: ClassVar[str] = ""

    def notation(self) -> str:
        """The text notation: the verb, then each field's words (a tuple's items; ``None``
        is left out, and an action of one field that is empty or ``None`` reads ``none``)."""
        cls = type(self)
        names = _FIELD_NAMES.get(cls)
        if names is None:
            names = _FIELD_NAMES[cls] = tuple(f.name for f in fields(self))
        words = [self.verb]
        for name in names:
            value = getattr(self, name)
            if isinstance(value, tuple):
                words += [str(x) for x in value]
            elif value is not None:
                words.append(str(value))
        if len(names) == 1 and len(words) == 1:
            words.append("none")
        return " ".join(words)

    def __str__(self) -> str:
        return self.notation()

    def to_json(self) -> dict[str, JSON]:
        """A JSON-able dict; the game's ``action_from_json`` reads it back."""
        out: dict[str, JSON] = {"action": type(self).__name__}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out


def action_from_json(obj: object, types: dict[str, type[Action]]) -> Action:
    """Read an action back from :meth:`Action.to_json` (``types``: the game's action types)."""
    kind = obj.get("action") if isinstance(obj, dict) else None
    if not isinstance(obj, dict) or not isinstance(kind, str) or kind not in types:
        raise ActionError(f"not an action: {_show(obj)}", "action")  # a list is no name either
    cls = types[kind]
    names = {f.name for f in fields(cls)}
    kwargs = {k: v for k, v in obj.items() if k != "action"}
    unknown = set(kwargs) - names
    if unknown:
        raise ActionError(f"{kind} has no field {sorted(unknown)[0]!r}", sorted(unknown)[0])
    for k, v in list(kwargs.items()):
        if isinstance(v, list):
            kwargs[k] = tuple(tuple(x) if isinstance(x, list) else x for x in v)
    try:
        return cls(**kwargs)
    except TypeError as exc:
        raise ActionError(f"bad fields for {kind}: {exc}", "action") from None


class Notation:
    """A game's action types and the reading of their text notation.

    The text's checks are the same for every game: text of at most ``max_text``
    characters, in lower case, its words split at spaces and commas, the first one a known
    verb (``refuse(verb, text)`` may first refuse a word with a rule of the game). Then
    ``read(cls, words)`` makes the action of type ``cls`` from the words after its verb
    (raising :class:`ActionParseError`; an action whose fields are wrong is one too).

    >>> @dataclass(frozen=True)
    ... class Roll(Action):
    ...     dice: int
    ...     verb: ClassVar[str] = "roll"
    ...     def __post_init__(self):
    ...         need_int(self.dice, "dice", 1, 3)
    >>> notation = Notation([Roll], lambda cls, words: cls(int(words[0])))
    >>> notation.parse("Roll 2"), notation.from_json({"action": "Roll", "dice": 3})
    (Roll(dice=2), Roll(dice=3))
    >>> notation.parse("roll 7")
    Traceback (most recent call last):
    ...
    mp_tutor.core.actions.ActionParseError: dice must be a whole number from 1 to 3, not 7 [engine.unknown: How the tutor works]
    >>> notation.parse("jump")
    Traceback (most recent call last):
    ...
    mp_tutor.core.actions.ActionParseError: unknown action 'jump'; actions are: roll [engine.unknown: How the tutor works]
    """

    def __init__(self, types: Iterable[type[Action]],
                 read: Callable[[type[Action], list[str]], Action], *, max_text: int = 500,
                 refuse: Callable[[str, str], None] | None = None) -> None:
        #: the action types by class name (as saved games name them)
        self.types: dict[str, type[Action]] = {cls.__name__: cls for cls in types}
        self.by_verb: dict[str, type[Action]] = {cls.verb: cls for cls in self.types.values()}
        self.read = read
        self.max_text = max_text
        self.refuse = refuse

    def parse(self, text: object) -> Action:
        """The action a text names (:class:`ActionParseError` if it names none)."""
        if not isinstance(text, str):
            raise ActionParseError(f"an action is text, not {_show(text)}")
        if len(text) > self.max_text:
            raise ActionParseError(f"an action is at most {self.max_text} characters")
        words = text.strip().lower().replace(",", " ").split()
        if not words:
            raise ActionParseError("empty action")
        verb, args = words[0], words[1:]
        if self.refuse is not None:
            self.refuse(verb, text)
        cls = self.by_verb.get(verb)
        if cls is None:
            raise ActionParseError(f"unknown action {_show(verb)}; actions are: "
                                   f"{', '.join(self.by_verb)}")
        try:
            return self.read(cls, args)
        except ActionParseError:
            raise
        except ActionError as exc:  # a value out of range: still a notation error
            raise ActionParseError(exc.message, exc.field) from None

    def from_json(self, obj: object) -> Action:
        """An action read back from :meth:`Action.to_json`."""
        return action_from_json(obj, self.types)


__all__ = [
    "Action",
    "ActionError",
    "ActionParseError",
    "Notation",
    "CORE_BOOK",
    "action_from_json",
    "need_choice",
    "need_choices",
    "need_int",
    "need_ints",
]
