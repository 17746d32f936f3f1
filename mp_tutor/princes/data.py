"""Every printed number of the Princes, loaded from ``data/game.toml`` and validated.

The data file is the one place where costs, counts, the map and the cards live. It is read
with the tutor's one TOML reader: a wrong edit raises :class:`DataError` naming the key.

>>> GOODS
('corn', 'llama', 'coca', 'pottery', 'cloth')
>>> DISTRICTS["central_plaza"].name
'Central Plaza'
>>> len(CARDS), CARDS[1].icons, CARDS[1].gold
(28, ('farmer', 'shepherd'), 3)
>>> PROVENANCE["priests"]
'reconstructed'

The rule book (``data/rules.toml``: every rule id with its rulebook section and a statement,
whose numbers come from this file) is read here too, as :data:`RULES`:

>>> RULES["move.not_twice"].section
'FAQ / Moving the Princes'
>>> RULES["trail.granary"].statement
'Reaching or passing the Granary (step 7) gives 3 corn.'
>>> [r.id for r in RULES.lookup("llama stable")][:2]
['trail.stable', 'trail.end_of_turn']
>>> RULES.lookup("move.llama")[0].statement
'A Prince may move into any other district by paying 1 llama to the bank.'
>>> len(RULES.lookup("zebra crossing"))
0
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.errors import DataError
from ..core.gamedata import BaseGameData, fields_of, game_schema, load_game_data
from ..core.rules import RuleBook
from ..core.tomlfile import Bool, Check, Int, List, Map, Str, Table, fail, tagged

DATA_DIR = Path(__file__).with_name("data")
DATA_FILE = DATA_DIR / "game.toml"
PROVENANCES = ("rulebook", "derived", "published", "reconstructed")
GOODS_ORDER = ("corn", "llama", "coca", "pottery", "cloth")
MARKET_GOODS = GOODS_ORDER[1:]
DISTRICT_KINDS = ("production", "temple", "setup", "house", "plaza", "sun_clock")
TILE_KINDS = ("steps", "corn", "good")


@dataclass(frozen=True)
class District:
    """One of the 15 city districts."""

    id: str
    index: int
    code: str
    name: str
    kind: str  # production | temple | setup | house | plaza | sun_clock
    adjacent: frozenset[str]
    good: str | None = None  # production districts
    profession: str | None = None  # production districts
    priest: str | None = None  # temples (None for the Main Temple)


@dataclass(frozen=True)
class Profession:
    id: str
    district: str
    set_up_at: str
    cost: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class PriestKind:
    id: str
    name: str
    temple: str
    house: str
    count: int
    start_value: int
    cost: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class MoonTile:
    id: str
    kind: str  # steps | corn | good
    amount: int
    good: str | None = None


@dataclass(frozen=True)
class Card:
    id: int
    icons: tuple[str, str]
    gold: int


@dataclass(frozen=True)
class GameData(BaseGameData):
    """All printed numbers, validated."""

    goods: tuple[str, ...]
    bank: dict[str, int]  # 0 = unlimited (corn)
    start_goods: dict[str, int]
    incas_per_player: dict[int, int]
    start_day: dict[int, int]
    learning_days_later: int
    last_day: int
    start_cards: int
    time_corn: int
    temple_stones: int
    trail: dict[str, int]
    production: dict[str, int]
    move_llama_cost: int
    sun_clock_goods: int
    market_columns: tuple[str, ...]
    market_slots: tuple[int, ...]
    market_start_units: int
    bank_buy_price: int
    bank_sell_price: int
    professions: dict[str, Profession]
    priests: dict[str, PriestKind]
    moon_tiles: dict[str, MoonTile]
    moon_day_end_at: int
    icons: tuple[str, ...]
    cards: dict[int, Card]
    districts: dict[str, District]


# ---------------------------------------------------------------------------------------
# The schema of game.toml
# ---------------------------------------------------------------------------------------
def _tagged(fields: dict[str, Any], extra: Any = None) -> Table:
    """A table with provenance and source."""
    return tagged(fields, PROVENANCES, extra)


def _exact(expected: tuple[str, ...], what: str) -> Check:
    def fn(value: object, where: str) -> tuple[str, ...]:
        if value != list(expected):
            raise fail(where, f"must be {', '.join(expected)} ({what})")
        return tuple(value)

    return Check(fn, required=True, what=what)


def _players(lo: int, hi: int) -> Map:
    return Map(Int(lo, hi), keys=Str(tuple(str(n) for n in range(1, 11)), what="player count"),
               required=True)


_N = Int(0, 100, required=True)
SCHEMA = game_schema(PROVENANCES, 10, {
    "goods": _tagged({"order": _exact(GOODS_ORDER, "the five goods in order"),
                      "names": Map(Str(nonempty=True)),
                      "bank": Map(Int(0, 1000), keys=Str(GOODS_ORDER, what="good"), required=True)}),
    "setup": _tagged({"start_goods": Map(Int(0, 100), keys=Str(GOODS_ORDER, what="good"),
                                         required=True),
                      "incas": _players(1, 30), "start_day": _players(1, 30),
                      "learning_days_later": Int(0, 30, required=True),
                      "last_day": Int(1, 30, required=True), "start_cards": Int(0, 5, required=True),
                      "time_corn": Int(0, 10, required=True),
                      "temple_stones": Int(4, 40, required=True)}),
    "trail": _tagged({k: _N for k in ("length", "granary", "granary_corn", "stable", "stable_llama",
                                      "summit_draw", "empty_deck_vp", "granary_vp", "stable_vp",
                                      "temple_stone_steps", "main_temple_steps",
                                      "sun_clock_steps")}),
    "moving": _tagged({"llama_cost": Int(0, 10, required=True)}),
    "sun_clock": _tagged({"goods": Int(1, 5, required=True)}),
    "production": _tagged({k: Int(0, 20, required=True) for k in
                           ("farmer_corn", "corn_per_good", "bonus_cap", "corn_per_bonus_unit")}),
    "market": _tagged({"columns": _exact(MARKET_GOODS, "the four market goods"),
                       "slots": List(Int(1, 50), min_len=1, max_len=10, required=True),
                       "start_units": Int(0, 10, required=True),
                       "bank_buy_price": Int(1, 50, required=True),
                       "bank_sell_price": Int(0, 50, required=True)}),
    "incas": _tagged({}, extra=Table({"district": Str(required=True),
                                      "set_up_at": Str(required=True),
                                      "cost": Map(Int(0, 100), keys=Str(GOODS_ORDER, what="good"),
                                                  required=True)})),
    "priests": _tagged({}, extra=Table({"name": Str(required=True, nonempty=True),
                                        "temple": Str(required=True), "house": Str(required=True),
                                        "count": Int(1, 20, required=True),
                                        "start_value": Int(1, 50, required=True),
                                        "cost": Map(Int(0, 100), keys=Str(GOODS_ORDER, what="good"),
                                                    required=True)})),
    "moon_tiles": _tagged({"day_end_at": Int(1, 20, required=True)},
                          extra=Table({"kind": Str(TILE_KINDS, required=True),
                                       "amount": Int(1, 10, required=True),
                                       "good": Str(MARKET_GOODS, what="good")})),
    "cards": _tagged({"icons": List(Str(nonempty=True), unique=True, required=True),
                      "gold_producer_pair": Int(0, 50, required=True),
                      "gold_priest_pair": Int(0, 50, required=True)}),
    "districts": Map(Table({"code": Str(required=True, nonempty=True, max_len=4),
                            "name": Str(required=True, nonempty=True),
                            "kind": Str(DISTRICT_KINDS, required=True),
                            "good": Str(GOODS_ORDER, what="good"), "profession": Str(),
                            "priest": Str(),
                            "adjacent": List(Str(nonempty=True), min_len=1, unique=True,
                                             required=True)}), required=True),
    "map": _tagged({"district_names_provenance": Str(PROVENANCES),
                    "district_names_source": Str(), "reconstructed_note": Bool()}),
})


def load_data(path: Path | str = DATA_FILE, text: str | None = None) -> GameData:
    """Load and validate a game data file (or ``text`` in its format).

    >>> load_data(text='[players]\\nmin = 2').path
    Traceback (most recent call last):
    ...
    mp_tutor.core.errors.DataError: <text>: players.max: missing (a whole number from 1 to 10)
    """
    return load_game_data(path, text, SCHEMA, _build)


def _build(r: dict[str, Any], common: dict[str, Any],  # noqa: C901 - cross-checks
           err: Callable[[str, str], DataError]) -> GameData:
    players_range = range(common["min_players"], common["max_players"] + 1)
    setup = r["setup"]
    for key in ("incas", "start_day"):
        for n in players_range:
            if str(n) not in setup[key]:
                raise err(f"setup.{key}.{n}", "missing")
    for n in players_range:
        if setup["start_day"][str(n)] > setup["last_day"]:
            raise err(f"setup.start_day.{n}", f"must be at most setup.last_day ({setup['last_day']})")
    trail = fields_of(r["trail"])
    if not 0 < trail["granary"] < trail["stable"] < trail["length"]:
        raise err("trail.stable", "need 0 < granary < stable < length")
    market = r["market"]
    if market["start_units"] > len(market["slots"]):
        raise err("market.start_units", f"must be at most the {len(market['slots'])} slots")
    bank = {g: r["goods"]["bank"].get(g, 0) for g in GOODS_ORDER}
    start_goods = {g: setup["start_goods"].get(g, 0) for g in GOODS_ORDER}

    # Districts
    dtable: dict[str, Any] = r["districts"]
    if len(dtable) != 15:
        raise err("districts", f"must have 15 districts, got {len(dtable)}")
    districts: dict[str, District] = {}
    for index, (did, spec) in enumerate(dtable.items()):
        key = f"districts.{did}"
        kind = spec["kind"]
        for other in spec["adjacent"]:
            if other not in dtable:
                raise err(f"{key}.adjacent", f"unknown district {other!r}")
            if other == did:
                raise err(f"{key}.adjacent", "a district cannot border itself")
        for need, when in (("good", "production"), ("profession", "production"),
                           ("priest", "temple")):
            if kind == when and need not in spec:
                raise err(f"{key}.{need}", "missing")
        districts[did] = District(
            id=did, index=index, code=spec["code"], name=spec["name"], kind=kind,
            adjacent=frozenset(spec["adjacent"]),
            good=spec.get("good") if kind == "production" else None,
            profession=spec.get("profession") if kind == "production" else None,
            priest=(spec.get("priest") or None) if kind == "temple" else None,
        )
    for d in districts.values():
        for other in d.adjacent:
            if d.id not in districts[other].adjacent:
                raise err(f"districts.{other}.adjacent",
                          f"{d.id} borders {other} but not the other way round")
    codes = [d.code.lower() for d in districts.values()]
    if len(set(codes)) != len(codes):
        raise err("districts", "district codes must be different")

    # Professions
    professions: dict[str, Profession] = {}
    incas = fields_of(r["incas"])
    for d in districts.values():
        if d.kind != "production":
            continue
        prof = d.profession or ""
        key = f"incas.{prof}"
        if prof not in incas:
            raise err(key, "missing")
        spec = incas[prof]
        if spec["district"] != d.id:
            raise err(f"{key}.district", f"must be {d.id}")
        if spec["set_up_at"] not in districts or districts[spec["set_up_at"]].kind != "setup":
            raise err(f"{key}.set_up_at", "must be a set-up district")
        professions[prof] = Profession(prof, d.id, spec["set_up_at"], tuple(spec["cost"].items()))
    if len(professions) != 5 or set(incas) != set(professions):
        raise err("districts", "need 5 production districts with different professions")

    # Priests
    priests: dict[str, PriestKind] = {}
    ptable = fields_of(r["priests"])
    for pid in ("virgin", "puma", "condor"):
        key = f"priests.{pid}"
        if pid not in ptable:
            raise err(key, "missing")
        spec = ptable[pid]
        if spec["temple"] not in districts or districts[spec["temple"]].priest != pid:
            raise err(f"{key}.temple", "must be the temple whose priest kind this is")
        if spec["house"] not in districts or districts[spec["house"]].kind != "house":
            raise err(f"{key}.house", "must be a House district")
        if spec["start_value"] < spec["count"]:
            raise err(f"{key}.start_value", f"must be at least the count ({spec['count']})")
        priests[pid] = PriestKind(pid, spec["name"], spec["temple"], spec["house"], spec["count"],
                                  spec["start_value"], tuple(spec["cost"].items()))

    # Moon tiles
    moon: dict[str, MoonTile] = {}
    mtable = {k: v for k, v in r["moon_tiles"].items() if isinstance(v, dict)}
    for tid, spec in mtable.items():
        if spec["kind"] == "good" and "good" not in spec:
            raise err(f"moon_tiles.{tid}.good", "missing")
        moon[tid] = MoonTile(tid, spec["kind"], spec["amount"],
                             spec.get("good") if spec["kind"] == "good" else None)
    day_end_at = r["moon_tiles"]["day_end_at"]
    if day_end_at > len(moon):
        raise err("moon_tiles.day_end_at", f"must be at most the {len(moon)} tiles")

    # Cards: every pair of icons once.
    icons = r["cards"]["icons"]
    expected = set(professions) | set(priests)
    if set(icons) != expected or len(icons) != len(expected):
        raise err("cards.icons", f"must be the icons {sorted(expected)}")
    cards: dict[int, Card] = {}
    for n, (a, b) in enumerate(itertools.combinations(icons, 2), start=1):
        gold = (r["cards"]["gold_priest_pair"] if (a in priests or b in priests)
                else r["cards"]["gold_producer_pair"])
        cards[n] = Card(n, (a, b), gold)

    common["values"].update({f"derived.{k}": v for k, v in {
        "priests_total": sum(p.count for p in priests.values()),
        "offer_max": len(GOODS_ORDER),
        "bonus_corn": r["production"]["corn_per_bonus_unit"],
        "last_turn_days": setup["last_day"],
        # the summit: draw 3, keep one more card than before, return the rest
        "summit_return": r["trail"]["summit_draw"] - 1,
    }.items()})
    return GameData(
        **common,
        goods=GOODS_ORDER,
        bank=bank,
        start_goods=start_goods,
        incas_per_player={n: setup["incas"][str(n)] for n in players_range},
        start_day={n: setup["start_day"][str(n)] for n in players_range},
        learning_days_later=setup["learning_days_later"],
        last_day=setup["last_day"],
        start_cards=setup["start_cards"],
        time_corn=setup["time_corn"],
        temple_stones=setup["temple_stones"],
        trail=trail,
        production=fields_of(r["production"]),
        move_llama_cost=r["moving"]["llama_cost"],
        sun_clock_goods=r["sun_clock"]["goods"],
        market_columns=MARKET_GOODS,
        market_slots=tuple(market["slots"]),
        market_start_units=market["start_units"],
        bank_buy_price=market["bank_buy_price"],
        bank_sell_price=market["bank_sell_price"],
        professions=professions,
        priests=priests,
        moon_tiles=moon,
        moon_day_end_at=day_end_at,
        icons=tuple(icons),
        cards=cards,
        districts=districts,
    )


DATA = load_data()
#: the rule book: every rule id, its section and its statement (numbers from ``DATA``)
RULES: RuleBook = RuleBook.for_game(DATA_DIR, DATA.values)
GOODS: tuple[str, ...] = DATA.goods
COLOURS: tuple[str, ...] = DATA.colours
DISTRICTS: dict[str, District] = DATA.districts
DISTRICT_IDS: tuple[str, ...] = tuple(DATA.districts)
PROFESSIONS: dict[str, Profession] = DATA.professions
PRIESTS: dict[str, PriestKind] = DATA.priests
MOON_TILES: dict[str, MoonTile] = DATA.moon_tiles
CARDS: dict[int, Card] = DATA.cards
PROVENANCE: dict[str, str] = DATA.provenance

__all__ = [
    "CARDS", "COLOURS", "DATA", "RULES", "DATA_FILE", "DISTRICTS", "DISTRICT_IDS", "DataError", "GOODS",
    "MOON_TILES", "PRIESTS", "PROFESSIONS", "PROVENANCE", "Card", "District", "GameData",
    "MoonTile", "PriestKind", "Profession", "load_data",
]
