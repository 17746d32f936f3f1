"""The Princes' actions: small frozen value objects with a text notation that parses back.

Fields are checked when an action is made: a wrong type or an unknown name raises
:class:`~mp_tutor.core.actions.ActionError` (an ``IllegalAction`` naming the field).

>>> Move("coca_plantation").notation()
'move coca_plantation'
>>> parse_action("move CO")
Move(to='coca_plantation')
>>> parse_action("trade -cloth sell 2cloth 1coca buy 1llama 1pottery")
Trade(adjust='-cloth', sell=(('coca', 1), ('cloth', 2)), buy=(('llama', 1), ('pottery', 1)))
>>> str(Offer(("cloth", "corn", "llama")))
'offer corn llama cloth'
>>> action_from_json(Produce(2).to_json())
Produce(count=2)
>>> Produce(float("nan"))
Traceback (most recent call last):
...
mp_tutor.core.actions.ActionError: count must be a whole number from 0 to 1000, not nan [engine.unknown: How the tutor works]
>>> parse_action("setup weaver coca_planter")
SetUpIncas(professions=('coca_planter', 'weaver'))
>>> parse_action("fly north")
Traceback (most recent call last):
...
mp_tutor.core.actions.ActionParseError: unknown action 'fly'; actions are: inca, move, stay, produce, sacrifice, offer, setup, acquire, trade, sunclock, return, redeem, goods, continue [engine.unknown: How the tutor works]
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ..core.actions import (
    Action,
    ActionError,
    ActionParseError,
    Notation,
    need_choice,
    need_choices,
    need_int,
    need_ints,
)
from ..core.errors import shown as _short
from ..core.i18n import t
from ..core.rules import IllegalAction
from .data import CARDS, DISTRICT_IDS, DISTRICTS, GOODS, MOON_TILES, PRIESTS, PROFESSIONS, RULES

if TYPE_CHECKING:  # a JSON value, for annotations only
    from ..core.views import JSON

_CODES = {d.code.lower(): d.id for d in DISTRICTS.values()}
_PROF_ORDER = {p: i for i, p in enumerate(PROFESSIONS)}
_GOOD_ORDER = {g: i for i, g in enumerate(GOODS)}
_TILE_ORDER = {t: i for i, t in enumerate(MOON_TILES)}
MAX_COUNT = 1000
#: Verbs of trades between players, which the rules forbid (FAQ).
PLAYER_TRADE_VERBS = frozenset({"give", "lend", "gift", "donate", "swap", "exchange", "loan"})


def district_id(word: str) -> str:
    """Resolve a district id or code (case-insensitive).

    >>> district_id("pq"), district_id("Sun_Clock")
    ('potters_quarter', 'sun_clock')
    """
    w = word.strip().lower()
    if w in DISTRICTS:
        return w
    if w in _CODES:
        return _CODES[w]
    raise ActionParseError(f"unknown district {_short(word)}", "to")


MARKET_GOODS = GOODS[1:]
#: the market adjustments of a trade: "+good" (one unit from the bank) or "-good"
ADJUSTMENTS = tuple(f"{sign}{g}" for g in MARKET_GOODS for sign in "+-")


def _goods_pairs(pairs: Any, name: str) -> tuple[tuple[str, int], ...]:
    """(market good, count) pairs merged by good, in the goods order; types checked."""
    if isinstance(pairs, dict):
        pairs = list(pairs.items())
    if isinstance(pairs, (str, bytes)) or not isinstance(pairs, Iterable):
        raise ActionError(f"{name} must be (good, count) pairs, not {_short(pairs)}", name)
    merged: dict[str, int] = {}
    for i, pair in enumerate(pairs):
        if i >= len(MARKET_GOODS) * 8:
            raise ActionError(f"{name} lists too many (good, count) pairs", name)
        if not (isinstance(pair, (tuple, list)) and len(pair) == 2):
            raise ActionError(f"{name} must be (good, count) pairs, not {_short(pair)}", name)
        good, n = pair
        need_choice(good, f"{name} good", MARKET_GOODS)
        merged[good] = merged.get(good, 0) + need_int(n, f"{name} count", 0, MAX_COUNT)
        need_int(merged[good], f"{name} count of {good}", 0, MAX_COUNT)
    return tuple(sorted(merged.items(), key=lambda kv: _GOOD_ORDER[kv[0]]))


@dataclass(frozen=True)
class PlaceInca(Action):
    """Place the first Inca at setup (a profession)."""

    profession: str
    verb: ClassVar[str] = "inca"

    def __post_init__(self) -> None:
        need_choice(self.profession, "profession", PROFESSIONS)


@dataclass(frozen=True)
class Move(Action):
    """Move the Prince into another district (adjacent: free; any other: 1 llama)."""

    to: str
    verb: ClassVar[str] = "move"

    def __post_init__(self) -> None:
        need_choice(self.to, "to", DISTRICT_IDS)


@dataclass(frozen=True)
class Stay(Action):
    """Leave the Prince where it is and take a moon tile (no district action)."""

    tile: str
    verb: ClassVar[str] = "stay"

    def __post_init__(self) -> None:
        need_choice(self.tile, "tile", MOON_TILES)


@dataclass(frozen=True)
class Produce(Action):
    """Let ``count`` of your Incas in the entered production district produce."""

    count: int
    verb: ClassVar[str] = "produce"

    def __post_init__(self) -> None:
        need_int(self.count, "count", 0, MAX_COUNT)


@dataclass(frozen=True)
class Sacrifice(Action):
    """Sacrifice ``llamas`` llamas (one per Priest/Virgin of the temple)."""

    llamas: int
    verb: ClassVar[str] = "sacrifice"

    def __post_init__(self) -> None:
        need_int(self.llamas, "llamas", 0, MAX_COUNT)


@dataclass(frozen=True)
class Offer(Action):
    """Offer different goods at the Main Temple (corn counts 3 for one good)."""

    goods: tuple[str, ...] = ()
    verb: ClassVar[str] = "offer"

    def __post_init__(self) -> None:
        object.__setattr__(self, "goods", need_choices(self.goods, "goods", GOODS, _GOOD_ORDER))


@dataclass(frozen=True)
class SetUpIncas(Action):
    """Set up new Incas (at most one of each profession of this district)."""

    professions: tuple[str, ...] = ()
    verb: ClassVar[str] = "setup"

    def __post_init__(self) -> None:
        object.__setattr__(self, "professions",
                           need_choices(self.professions, "professions", PROFESSIONS, _PROF_ORDER))


@dataclass(frozen=True)
class Acquire(Action):
    """Acquire the leftmost Priest/Virgin of a kind, or ``None`` to decline."""

    kind: str | None = None
    verb: ClassVar[str] = "acquire"

    def __post_init__(self) -> None:
        need_choice(self.kind, "kind", PRIESTS, none=True)


@dataclass(frozen=True)
class Trade(Action):
    """Trade at the Central Plaza.

    ``adjust`` is ``None``, ``"+good"`` (add one unit from the bank to the market) or
    ``"-good"`` (remove one unit); then every ``sell`` (good, count) and then every
    ``buy`` (good, count), at the market's slot prices.
    """

    adjust: str | None = None
    sell: tuple[tuple[str, int], ...] = ()
    buy: tuple[tuple[str, int], ...] = ()
    verb: ClassVar[str] = "trade"

    def __post_init__(self) -> None:
        need_choice(self.adjust, "adjust", ADJUSTMENTS, none=True)
        object.__setattr__(self, "sell", _goods_pairs(self.sell, "sell"))
        object.__setattr__(self, "buy", _goods_pairs(self.buy, "buy"))

    def notation(self) -> str:
        parts = ["trade"]
        if self.adjust:
            parts.append(self.adjust)
        if self.sell:
            parts.append("sell")
            parts += [f"{n}{g}" for g, n in self.sell]
        if self.buy:
            parts.append("buy")
            parts += [f"{n}{g}" for g, n in self.buy]
        return " ".join(parts)

    def to_json(self) -> dict[str, JSON]:
        return {"action": "Trade", "adjust": self.adjust, "sell": dict(self.sell),
                "buy": dict(self.buy)}


@dataclass(frozen=True)
class SendToSunClock(Action):
    """Send one of your Incas from a production district to the Sun Clock (or None)."""

    source: str | None = None
    verb: ClassVar[str] = "sunclock"

    def __post_init__(self) -> None:
        need_choice(self.source, "source", DISTRICT_IDS, none=True)


@dataclass(frozen=True)
class ReturnCards(Action):
    """After reaching the summit: return cards to the bottom of the deck."""

    cards: tuple[int, ...] = ()
    verb: ClassVar[str] = "return"

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", need_ints(self.cards, "cards", 1, len(CARDS)))


@dataclass(frozen=True)
class RedeemMoonTiles(Action):
    """Pay 1 corn for each goods moon tile you redeem."""

    tiles: tuple[str, ...] = ()
    verb: ClassVar[str] = "redeem"

    def __post_init__(self) -> None:
        object.__setattr__(self, "tiles", need_choices(self.tiles, "tiles", MOON_TILES, _TILE_ORDER))


@dataclass(frozen=True)
class ChooseGoods(Action):
    """Choose the different goods the Sun Clock pays (3 corn count as one)."""

    goods: tuple[str, ...] = ()
    verb: ClassVar[str] = "goods"

    def __post_init__(self) -> None:
        object.__setattr__(self, "goods", need_choices(self.goods, "goods", GOODS, _GOOD_ORDER))


@dataclass(frozen=True)
class Continue(Action):
    """Play the next automatic step (a phase of the night)."""

    verb: ClassVar[str] = "continue"


_COUNTED = re.compile(r"^([0-9]{1,4})([a-z]+)$")
_NUMBER = re.compile(r"^[0-9]{1,4}$")


def _none_or(words: list[str]) -> list[str]:
    return [] if words in ([], ["none"], ["-"]) else words


def _no_player_trades(verb: str, text: str) -> None:
    """Players never trade with each other (FAQ): such a verb is refused with that rule."""
    if verb in PLAYER_TRADE_VERBS:
        raise IllegalAction(RULES.illegal("faq.no_trading", t(
            "Players never trade, lend or give goods to each other: trade with the bank at the "
            "Central Plaza.")), text)


def _read(cls: type[Action], args: list[str]) -> Action:  # noqa: C901 - one branch per verb
    """An action of type ``cls`` from the words after its verb."""
    verb = cls.verb

    def one() -> str:
        if len(args) != 1:
            raise ActionParseError(f"'{verb}' takes one word, got {len(args)}")
        return args[0]

    def count() -> int:
        w = one()
        if not _NUMBER.match(w):
            raise ActionParseError(f"'{verb}' takes a number, got {_short(w)}")
        return int(w)

    def names(valid: Any, what: str) -> tuple[str, ...]:
        out = _none_or(args)
        for w in out:
            if w not in valid:
                raise ActionParseError(f"unknown {what} {_short(w)}")
        return tuple(out)

    if cls is PlaceInca:
        w = one()
        if w not in PROFESSIONS:
            raise ActionParseError(f"unknown profession {_short(w)} (professions: "
                                   f"{', '.join(PROFESSIONS)})")
        return PlaceInca(w)
    if cls is Move:
        return Move(district_id(one()))
    if cls is Stay:
        tile = one()
        if tile not in MOON_TILES:
            raise ActionParseError(f"unknown moon tile {_short(tile)} (tiles: {', '.join(MOON_TILES)})")
        return Stay(tile)
    if cls is Produce:
        return Produce(count())
    if cls is Sacrifice:
        return Sacrifice(count())
    if cls is Offer:
        return Offer(names(GOODS, "good"))
    if cls is SetUpIncas:
        return SetUpIncas(names(PROFESSIONS, "profession"))
    if cls is Acquire:
        w = one()
        if w in ("none", "-"):
            return Acquire(None)
        if w not in PRIESTS:
            raise ActionParseError(f"unknown priest kind {_short(w)} (kinds: {', '.join(PRIESTS)})")
        return Acquire(w)
    if cls is Trade:
        return _parse_trade(args)
    if cls is SendToSunClock:
        w = one()
        return SendToSunClock(None if w in ("none", "-") else district_id(w))
    if cls is ReturnCards:
        cards = _none_or(args)
        if not all(_NUMBER.match(c) and int(c) in CARDS for c in cards):
            raise ActionParseError(f"cards are numbers 1..{len(CARDS)}")
        return ReturnCards(tuple(int(c) for c in cards))
    if cls is RedeemMoonTiles:
        return RedeemMoonTiles(names(MOON_TILES, "moon tile"))
    if cls is ChooseGoods:
        return ChooseGoods(names(GOODS, "good"))
    if args:
        raise ActionParseError("'continue' takes no words")
    return Continue()


def _parse_trade(args: list[str]) -> Trade:
    adjust = None
    sell: list[tuple[str, int]] = []
    buy: list[tuple[str, int]] = []
    target: list[tuple[str, int]] | None = None
    for w in args:
        if w in ("sell", "buy"):
            target = sell if w == "sell" else buy
        elif w[:1] in ("+", "-") and target is None and adjust is None:
            if w[1:] not in MARKET_GOODS:
                raise ActionParseError(f"unknown market good {_short(w[1:])}")
            adjust = w
        elif (m := _COUNTED.match(w)) and target is not None:
            if m.group(2) not in MARKET_GOODS:
                raise ActionParseError(f"unknown market good {_short(m.group(2))}")
            target.append((m.group(2), int(m.group(1))))
        else:
            raise ActionParseError(
                f"cannot read {_short(w)} in a trade (example: 'trade -cloth sell 2cloth buy 1llama')")
    return Trade(adjust, tuple(sell), tuple(buy))


#: the actions and their notation (the text's checks are the core's, for every game)
NOTATION = Notation((PlaceInca, Move, Stay, Produce, Sacrifice, Offer, SetUpIncas, Acquire, Trade,
                     SendToSunClock, ReturnCards, RedeemMoonTiles, ChooseGoods, Continue), _read,
                    max_text=500, refuse=_no_player_trades)
ACTION_TYPES = NOTATION.types
#: an action from its text (``ActionParseError`` if it is not one)
parse_action = NOTATION.parse
#: an action read back from :meth:`Action.to_json`
action_from_json = NOTATION.from_json


__all__ = ["ACTION_TYPES", "Action", "ActionParseError", "Acquire", "ChooseGoods", "Continue",
           "Move", "NOTATION", "Offer", "PlaceInca", "Produce", "RedeemMoonTiles", "ReturnCards", "Sacrifice",
           "SendToSunClock", "SetUpIncas", "Stay", "Trade", "action_from_json", "district_id",
           "parse_action"]
