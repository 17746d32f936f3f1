"""Every printed number of the game, loaded from ``game.toml`` and validated.

The data file is the one place where costs, counts, the map and the cards live.
It is validated on load; a wrong edit raises :class:`DataError` naming the key.

>>> GOODS
('corn', 'llama', 'coca', 'pottery', 'cloth')
>>> DISTRICTS["central_plaza"].name
'Central Plaza'
>>> len(CARDS), CARDS[1].icons, CARDS[1].gold
(28, ('farmer', 'shepherd'), 3)
>>> PROVENANCE["priests"]
'reconstructed'
"""

from __future__ import annotations

import itertools
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import FileFieldError

DATA_FILE = Path(__file__).with_name("game.toml")
PROVENANCES = ("rulebook", "derived", "published", "reconstructed")


class DataError(FileFieldError):
    """A value in the game data file is missing or wrong; ``key`` (= ``field``) names it."""

    @property
    def key(self) -> str:
        return self.field


@dataclass(frozen=True)
class District:
    """One of the 15 city districts."""

    id: str
    index: int
    code: str
    name: str
    name_fr: str
    name_de: str
    kind: str  # production | temple | setup | house | plaza | sun_clock
    adjacent: frozenset[str]
    good: str | None = None  # production districts
    profession: str | None = None  # production districts
    priest: str | None = None  # temples ("" for the Main Temple -> None)


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


class _Reader:
    """Small typed accessors that name the key on any error."""

    def __init__(self, path: Path | str, raw: dict[str, Any]) -> None:
        self.path = path
        self.raw = raw

    def get(self, key: str) -> Any:
        node: Any = self.raw
        for part in key.split("."):
            if not isinstance(node, dict) or part not in node:
                raise DataError(self.path, key, "missing")
            node = node[part]
        return node

    def integer(self, key: str, lo: int = 0, hi: int = 10_000) -> int:
        value = self.get(key)
        if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
            raise DataError(
                self.path, key, f"must be a whole number from {lo} to {hi}, got {value!r}"
            )
        return value

    def text(self, key: str, choices: tuple[str, ...] | None = None) -> str:
        value = self.get(key)
        if not isinstance(value, str):
            raise DataError(self.path, key, f"must be text, got {value!r}")
        if choices is not None and value not in choices:
            raise DataError(self.path, key, f"must be one of {', '.join(choices)}, got {value!r}")
        return value

    def table(self, key: str) -> dict[str, Any]:
        value = self.get(key)
        if not isinstance(value, dict):
            raise DataError(self.path, key, "must be a table")
        return value

    def goods(self, key: str, goods: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
        table = self.table(key)
        out = []
        for good in table:
            if good not in goods:
                raise DataError(
                    self.path, f"{key}.{good}", f"unknown good (goods are {', '.join(goods)})"
                )
            out.append((good, self.integer(f"{key}.{good}", 0, 100)))
        return tuple(out)


@dataclass(frozen=True)
class GameData:
    """All printed numbers, validated."""

    path: str
    colours: tuple[str, ...]
    min_players: int
    max_players: int
    goods: tuple[str, ...]
    bank: dict[str, int]  # 0 = unlimited (corn)
    start_goods: dict[str, int]
    incas_per_player: dict[int, int]
    start_day: dict[int, int]
    learning_days_later: int
    last_day: int
    start_cards: int
    temple_stones: int
    trail: dict[str, int]
    production: dict[str, int]
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
    provenance: dict[str, str]
    sources: dict[str, str]


TABLES = (
    "players",
    "goods",
    "setup",
    "trail",
    "production",
    "market",
    "incas",
    "priests",
    "moon_tiles",
    "cards",
    "map",
)


def load_data(path: Path | str = DATA_FILE, text: str | None = None) -> GameData:
    """Load and validate a game data file (or ``text`` in its format).

    >>> load_data(text='[players]\\nmin = 2').path
    Traceback (most recent call last):
    ...
    mp_tutor.data.DataError: <text>: players.max: missing
    """
    label = "<text>" if text is not None else str(path)
    try:
        raw = (
            tomllib.loads(text)
            if text is not None
            else tomllib.loads(Path(path).read_text("utf-8"))
        )
    except tomllib.TOMLDecodeError as exc:
        raise DataError(label, "<file>", f"not valid TOML: {exc}") from None
    r = _Reader(label, raw)
    min_players = r.integer("players.min", 1, 10)
    max_players = r.integer("players.max", min_players, 10)
    colours = r.get("players.colours")
    if not (
        isinstance(colours, list)
        and len(colours) >= max_players
        and all(isinstance(c, str) and c for c in colours)
        and len(set(colours)) == len(colours)
    ):
        raise DataError(label, "players.colours", f"must list {max_players} different colour names")
    goods = r.get("goods.order")
    if goods != ["corn", "llama", "coca", "pottery", "cloth"]:
        raise DataError(label, "goods.order", "must be corn, llama, coca, pottery, cloth")
    goods_t = tuple(goods)
    provenance: dict[str, str] = {}
    sources: dict[str, str] = {}
    for table in TABLES:
        provenance[table] = r.text(f"{table}.provenance", PROVENANCES)
        sources[table] = r.text(f"{table}.source")
    bank = dict(r.goods("goods.bank", goods_t))
    start_goods = dict(r.goods("setup.start_goods", goods_t))
    players_range = range(min_players, max_players + 1)

    def per_players(key: str, lo: int, hi: int) -> dict[int, int]:
        table = r.table(key)
        out = {}
        for n in players_range:
            if str(n) not in table:
                raise DataError(label, f"{key}.{n}", "missing")
            out[n] = r.integer(f"{key}.{n}", lo, hi)
        return out

    last_day = r.integer("setup.last_day", 1, 30)
    incas = per_players("setup.incas", 1, 30)
    start_day = per_players("setup.start_day", 1, last_day)
    learning = r.integer("setup.learning_days_later", 0, last_day)
    trail = {
        k: r.integer(f"trail.{k}", 0, 100)
        for k in (
            "length",
            "granary",
            "granary_corn",
            "stable",
            "stable_llama",
            "summit_draw",
            "empty_deck_vp",
            "granary_vp",
            "stable_vp",
            "temple_stone_steps",
            "main_temple_steps",
            "sun_clock_steps",
        )
    }
    if not 0 < trail["granary"] < trail["stable"] < trail["length"]:
        raise DataError(label, "trail.stable", "need 0 < granary < stable < length")
    production = {
        k: r.integer(f"production.{k}", 0, 20)
        for k in ("farmer_corn", "corn_per_good", "bonus_cap", "corn_per_bonus_unit")
    }
    columns = tuple(r.get("market.columns"))
    if columns != goods_t[1:]:
        raise DataError(label, "market.columns", "must be llama, coca, pottery, cloth")
    slots = r.get("market.slots")
    if not (isinstance(slots, list) and slots and all(isinstance(s, int) and s > 0 for s in slots)):
        raise DataError(label, "market.slots", "must be a list of prices")
    start_units = r.integer("market.start_units", 0, len(slots))

    # Districts
    dtable = r.table("districts")
    if len(dtable) != 15:
        raise DataError(label, "districts", f"must have 15 districts, got {len(dtable)}")
    districts: dict[str, District] = {}
    kinds = ("production", "temple", "setup", "house", "plaza", "sun_clock")
    for index, (did, _) in enumerate(dtable.items()):
        key = f"districts.{did}"
        kind = r.text(f"{key}.kind", kinds)
        adjacent = r.get(f"{key}.adjacent")
        if not isinstance(adjacent, list) or not adjacent:
            raise DataError(label, f"{key}.adjacent", "must list the neighbouring districts")
        for other in adjacent:
            if other not in dtable:
                raise DataError(label, f"{key}.adjacent", f"unknown district {other!r}")
            if other == did:
                raise DataError(label, f"{key}.adjacent", "a district cannot border itself")
        priest = r.text(f"{key}.priest") if kind == "temple" else None
        districts[did] = District(
            id=did,
            index=index,
            code=r.text(f"{key}.code"),
            name=r.text(f"{key}.name"),
            name_fr=r.text(f"{key}.name_fr"),
            name_de=r.text(f"{key}.name_de"),
            kind=kind,
            adjacent=frozenset(adjacent),
            good=r.text(f"{key}.good", goods_t) if kind == "production" else None,
            profession=r.text(f"{key}.profession") if kind == "production" else None,
            priest=priest or None,
        )
    for d in districts.values():
        for other in d.adjacent:
            if d.id not in districts[other].adjacent:
                raise DataError(
                    label,
                    f"districts.{other}.adjacent",
                    f"{d.id} borders {other} but not the other way round",
                )
    codes = [d.code for d in districts.values()]
    if len(set(codes)) != len(codes):
        raise DataError(label, "districts", "district codes must be different")

    # Professions
    professions: dict[str, Profession] = {}
    for d in districts.values():
        if d.kind != "production":
            continue
        prof = d.profession or ""
        key = f"incas.{prof}"
        where = r.text(f"{key}.district")
        if where != d.id:
            raise DataError(label, f"{key}.district", f"must be {d.id}")
        set_up_at = r.text(f"{key}.set_up_at")
        if set_up_at not in districts or districts[set_up_at].kind != "setup":
            raise DataError(label, f"{key}.set_up_at", "must be a set-up district")
        professions[prof] = Profession(prof, d.id, set_up_at, r.goods(f"{key}.cost", goods_t))
    if len(professions) != 5:
        raise DataError(
            label, "districts", "need 5 production districts with different professions"
        )

    # Priests
    priests: dict[str, PriestKind] = {}
    for pid in ("virgin", "puma", "condor"):
        key = f"priests.{pid}"
        temple = r.text(f"{key}.temple")
        if temple not in districts or districts[temple].priest != pid:
            raise DataError(label, f"{key}.temple", "must be the temple whose priest kind this is")
        house = r.text(f"{key}.house")
        if house not in districts or districts[house].kind != "house":
            raise DataError(label, f"{key}.house", "must be a House district")
        count = r.integer(f"{key}.count", 1, 20)
        priests[pid] = PriestKind(
            pid,
            r.text(f"{key}.name"),
            temple,
            house,
            count,
            r.integer(f"{key}.start_value", count, 50),
            r.goods(f"{key}.cost", goods_t),
        )

    # Moon tiles
    moon: dict[str, MoonTile] = {}
    for tid, spec in r.table("moon_tiles").items():
        if not isinstance(spec, dict):
            continue
        key = f"moon_tiles.{tid}"
        kind = r.text(f"{key}.kind", ("steps", "corn", "good"))
        moon[tid] = MoonTile(
            tid,
            kind,
            r.integer(f"{key}.amount", 1, 10),
            r.text(f"{key}.good", goods_t[1:]) if kind == "good" else None,
        )
    day_end_at = r.integer("moon_tiles.day_end_at", 1, max(1, len(moon)))

    # Cards: every pair of icons once.
    icons = r.get("cards.icons")
    expected_icons = set(professions) | set(priests)
    if (
        not isinstance(icons, list)
        or set(icons) != expected_icons
        or len(icons) != len(expected_icons)
    ):
        raise DataError(label, "cards.icons", f"must be the icons {sorted(expected_icons)}")
    gold_pp = r.integer("cards.gold_producer_pair", 0, 50)
    gold_priest = r.integer("cards.gold_priest_pair", 0, 50)
    cards: dict[int, Card] = {}
    for n, (a, b) in enumerate(itertools.combinations(icons, 2), start=1):
        gold = gold_priest if (a in priests or b in priests) else gold_pp
        cards[n] = Card(n, (a, b), gold)

    return GameData(
        path=label,
        colours=tuple(colours),
        min_players=min_players,
        max_players=max_players,
        goods=goods_t,
        bank=bank,
        start_goods=start_goods,
        incas_per_player=incas,
        start_day=start_day,
        learning_days_later=learning,
        last_day=last_day,
        start_cards=r.integer("setup.start_cards", 0, 5),
        temple_stones=r.integer("setup.temple_stones", 4, 40),
        trail=trail,
        production=production,
        market_columns=columns,
        market_slots=tuple(slots),
        market_start_units=start_units,
        bank_buy_price=r.integer("market.bank_buy_price", 1, 50),
        bank_sell_price=r.integer("market.bank_sell_price", 0, 50),
        professions=professions,
        priests=priests,
        moon_tiles=moon,
        moon_day_end_at=day_end_at,
        icons=tuple(icons),
        cards=cards,
        districts=districts,
        provenance=provenance,
        sources=sources,
    )


DATA = load_data()
GOODS: tuple[str, ...] = DATA.goods
COLOURS: tuple[str, ...] = DATA.colours
DISTRICTS: dict[str, District] = DATA.districts
DISTRICT_IDS: tuple[str, ...] = tuple(DATA.districts)
PROFESSIONS: dict[str, Profession] = DATA.professions
PRIESTS: dict[str, PriestKind] = DATA.priests
MOON_TILES: dict[str, MoonTile] = DATA.moon_tiles
CARDS: dict[int, Card] = DATA.cards
PROVENANCE: dict[str, str] = DATA.provenance
