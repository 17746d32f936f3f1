"""What a teacher may set up by hand in a position of the Princes (the studio's editor).

Every value is a field of the scenario file (:mod:`mp_tutor.princes.position`), and every
change is checked by that file's reader: the editor and a hand-written file can never
disagree. Clicks on the map place a player's Prince, add or take away Incas, or bonus units;
the form holds the rest: the day and the turn, the market, each player's goods, Priests and
Virgins, Incatrail, Sacrifice Cards and moon tiles.

>>> from mp_tutor.core.editing import Position, PositionEditor
>>> from mp_tutor.princes.game import Game
>>> ed = PositionEditor(Position.read(Game, {"scenario": {"players": 3}}))
>>> inca = EDITING.tool("inca")
>>> sorted(inca.places(ed.position, "Blue"))[:2]
['coca_plantation', 'corn_terraces']
>>> ed.change(inca.change(ed.position, "coca_plantation", "Blue", False)) is None
True
>>> ed.position.get("players.Blue.incas.coca_plantation"), str(inca.says("coca_plantation", "Blue", False))
(1, 'Coca Plantation: add an Inca of Blue')
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.editing import (
    Change,
    Choice,
    EditSpec,
    Field,
    FieldKind,
    Group,
    Position,
    Tool,
    Words,
)
from ..core.i18n import Msg, Term, t
from .data import CARDS, DATA, DISTRICT_IDS, GOODS, MOON_TILES, PRIESTS
from .tables import PRODUCTION, SLOT_COUNT, SUN_CLOCK, TEMPLES, TRAIL_LENGTH
from .targets import DistrictTarget, TargetKind
from .text import card_words, district, good, priests, tile_label

_PRODUCTION = tuple(DISTRICT_IDS[d] for d in PRODUCTION)
_INCA_PLACES = (*_PRODUCTION, DISTRICT_IDS[SUN_CLOCK])
_BONUS_PLACES = tuple(DISTRICT_IDS[d] for d in PRODUCTION + TEMPLES)
_COLOURS = tuple(DATA.colours)


def _colour_choices() -> tuple[Choice, ...]:
    return tuple(Choice(c, Term("colour", c)) for c in _COLOURS)


def _count(position: Position, path: str) -> int:
    value = position.get(path)
    return value if isinstance(value, int) else 0


def _change_prince(position: Position, place: str, who: str, remove: bool) -> Change | Words:
    return {f"players.{who}.prince": None if remove else place}


def _change_incas(position: Position, place: str, who: str, remove: bool) -> Change | Words:
    path = f"players.{who}.incas.{place}"
    n = _count(position, path) + (-1 if remove else 1)
    if n < 0:
        return t("{who} has no Inca in {district}.", who=Term("colour", who),
                 district=district(place))
    return {path: n}


def _change_bonus(position: Position, place: str, who: str, remove: bool) -> Change | Words:
    path = f"board.bonus.{place}"
    n = _count(position, path) + (-1 if remove else 1)
    if n < 0:
        return t("No bonus lies in {district}.", district=district(place))
    return {path: n}


def _says(add: Msg, remove: Msg) -> Callable[[str, str, bool], Words]:
    """What a click of a tool does at a place, in words (``add`` or ``remove``: messages
    with the placeholders ``{district}`` and ``{who}``, filled here)."""

    def says(place: str, who: str, taking: bool) -> Words:
        msg = remove if taking else add
        return Msg(msg.text, {"district": district(place), "who": Term("colour", who)})

    return says


_says_prince = _says(t("{district}: put the Prince of {who} here"),
                     t("{district}: take the Prince of {who} off the board"))
_says_incas = _says(t("{district}: add an Inca of {who}"),
                    t("{district}: take away an Inca of {who}"))
_says_bonus = _says(t("{district}: add a bonus unit"), t("{district}: take away a bonus unit"))


def _players(position: Position) -> list[tuple[str, Words]]:
    return list(position.players)


def _target(place: str, says: str) -> DistrictTarget:
    return DistrictTarget(TargetKind.EDIT, says=says)


def _number(path: str, label: Words, lo: int, hi: int, help: Words = "") -> Field:
    return Field(path, label, FieldKind.NUMBER, lo=lo, hi=hi, help=help)


_CARD_CHOICES = tuple(Choice(c, card_words(c)) for c in sorted(CARDS))
_LAST = DATA.last_day

#: the fields of a new game
START = (
    _number("scenario.players", t("Players"), DATA.min_players, DATA.max_players),
    Field("scenario.learning", t("Learning variant"), FieldKind.FLAG,
          help=t("The game starts later, with fewer days to play.")),
)

GROUPS = (
    Group("time", t("Day and turn"), (
        _number("scenario.day", t("Day"), 1, _LAST),
        Field("scenario.turn", t("Whose turn"), FieldKind.CHOICE, choices=_colour_choices(),
              players=True),
        Field("scenario.start_player", t("Start player of the day"), FieldKind.CHOICE,
              choices=_colour_choices(), players=True),
        Field("scenario.time_corn", t("Days whose night still pays corn"), FieldKind.SET,
              choices=tuple(Choice(d, str(d)) for d in range(1, _LAST)),
              help=t("The time marker: corn for each day still on the time track.")),
        Field("scenario.sun_tile", t("Sun Tile held by"), FieldKind.CHOICE,
              choices=_colour_choices(), optional=True, players=True,
              help=t("The day is ending: the third moon tile was taken.")),
        _number("scenario.last_turns", t("Turns left today"), 1, DATA.max_players - 1),
        _number("scenario.seed", t("Shuffle number"), 0, 10**9,
                help=t("Decides the cards and the deck that the position does not name.")),
    )),
    Group("market", t("Market and bonus"), (
        *(_number(f"board.market.{g}", t("Market: {good}", good=good(g)), 0, SLOT_COUNT)
          for g in GOODS[1:]),
        *(_number(f"board.bonus.{d}", t("Bonus: {district}", district=district(d)), 0,
                  DATA.production["bonus_cap"]) for d in _BONUS_PLACES),
    )),
    Group("player", t("Player"), (
        *(_number(f"players.{{each}}.goods.{g}", good(g), 0, 99) for g in GOODS),
        *(_number(f"players.{{each}}.priests.{k}", priests(k), 0, PRIESTS[k].count)
          for k in PRIESTS),
        *(_number(f"players.{{each}}.incas.{d}", t("Incas: {district}", district=district(d)), 0,
                  max(DATA.incas_per_player.values())) for d in _INCA_PLACES),
        Field("players.{each}.prince", t("Prince"), FieldKind.CHOICE,
              choices=tuple(Choice(d, district(d)) for d in DISTRICT_IDS), optional=True),
        _number("players.{each}.scout", t("Scout on the Incatrail"), 0, TRAIL_LENGTH - 1),
        _number("players.{each}.laps", t("Summits reached"), 0, 99),
        Field("players.{each}.cards", t("Sacrifice Cards"), FieldKind.SET, choices=_CARD_CHOICES),
        Field("players.{each}.moon_tiles", t("Moon tiles"), FieldKind.SET,
              choices=tuple(Choice(m, tile_label(m)) for m in MOON_TILES)),
    ), each=_players),
    Group("deck", t("Sacrifice deck"), (
        Field("scenario.deck", t("Cards on top of the deck"), FieldKind.SET,
              choices=_CARD_CHOICES, help=t("The rest of the deck follows, shuffled.")),
    )),
)

TOOLS = (
    Tool("prince", t("Prince"), lambda _pos, _who: DISTRICT_IDS, _change_prince, _says_prince,
         each=_players),
    Tool("inca", t("Incas"), lambda _pos, _who: _INCA_PLACES, _change_incas, _says_incas,
         each=_players, counts=True),
    Tool("bonus", t("Bonus units"), lambda _pos, _who: _BONUS_PLACES, _change_bonus, _says_bonus,
         counts=True),
)

#: what a teacher may edit in a position of the Princes
EDITING = EditSpec(START, GROUPS, TOOLS, _target, district)

__all__ = ["EDITING", "GROUPS", "START", "TOOLS"]
