"""Index tables of the Princes' board, derived from the data file once.

The state keeps goods, districts and priest kinds as small integers (indices into
``GOODS``, ``DISTRICT_IDS`` and ``PRIEST_KINDS``) for speed; these tables translate.

>>> GOODS[CORN], DISTRICT_IDS[SUN_CLOCK]
('corn', 'sun_clock')
>>> [DISTRICT_IDS[d] for d in PRODUCTION][:2]
['corn_terraces', 'llamas_meadow']
"""

from __future__ import annotations

from enum import StrEnum

from .data import DATA, DISTRICT_IDS, DISTRICTS, GOODS, MOON_TILES, PRIESTS, PROFESSIONS


class DistrictKind(StrEnum):
    PRODUCTION = "production"
    TEMPLE = "temple"
    SETUP = "setup"
    HOUSE = "house"
    PLAZA = "plaza"
    SUN_CLOCK = "sun_clock"


CORN = GOODS.index("corn")
LLAMA = GOODS.index("llama")
GOOD_COUNT = len(GOODS)
MARKET_GOODS = tuple(range(1, GOOD_COUNT))  # indices of the goods with a market column
GOOD_INDEX = {g: i for i, g in enumerate(GOODS)}
DISTRICT_INDEX = {d: i for i, d in enumerate(DISTRICT_IDS)}
DISTRICT_COUNT = len(DISTRICT_IDS)
PRIEST_KINDS: tuple[str, ...] = tuple(PRIESTS)  # virgin, puma, condor
PRIEST_INDEX = {k: i for i, k in enumerate(PRIEST_KINDS)}
PROFESSION_IDS: tuple[str, ...] = tuple(PROFESSIONS)
TILE_IDS: tuple[str, ...] = tuple(MOON_TILES)
NEIGHBOURS: list[frozenset[int]] = [frozenset(DISTRICT_INDEX[a] for a in DISTRICTS[d].adjacent)
                                    for d in DISTRICT_IDS]
DISTRICT_KIND: list[DistrictKind] = [DistrictKind(DISTRICTS[d].kind) for d in DISTRICT_IDS]
SUN_CLOCK = DISTRICT_INDEX["sun_clock"]
MAIN_TEMPLE = DISTRICT_INDEX["main_temple"]
PROFESSION_DISTRICT = {p: DISTRICT_INDEX[PROFESSIONS[p].district] for p in PROFESSION_IDS}
DISTRICT_PROFESSION = {DISTRICT_INDEX[PROFESSIONS[p].district]: p for p in PROFESSION_IDS}
DISTRICT_GOOD = {DISTRICT_INDEX[d.id]: GOOD_INDEX[d.good] for d in DISTRICTS.values() if d.good}
PRODUCTION: tuple[int, ...] = tuple(DISTRICT_INDEX[PROFESSIONS[p].district] for p in PROFESSION_IDS)
TEMPLES: tuple[int, ...] = tuple(i for i in range(DISTRICT_COUNT)
                                 if DISTRICT_KIND[i] is DistrictKind.TEMPLE)
#: the priest kind served in each temple (None: the Main Temple, where goods are offered)
TEMPLE_PRIEST: dict[int, int | None] = {
    DISTRICT_INDEX[d.id]: (PRIEST_INDEX[d.priest] if d.priest else None)
    for d in DISTRICTS.values() if d.kind == "temple"
}
HOUSE_PRIESTS: dict[int, tuple[int, ...]] = {
    DISTRICT_INDEX[h]: tuple(PRIEST_INDEX[k] for k in PRIEST_KINDS if PRIESTS[k].house == h)
    for h in DISTRICT_IDS if DISTRICTS[h].kind == "house"
}
SETUP_PROFESSIONS: dict[int, tuple[str, ...]] = {
    DISTRICT_INDEX[s]: tuple(p for p in PROFESSION_IDS if PROFESSIONS[p].set_up_at == s)
    for s in DISTRICT_IDS if DISTRICTS[s].kind == "setup"
}


def cost_vector(cost: tuple[tuple[str, int], ...]) -> tuple[int, ...]:
    """A printed cost as a count per good."""
    vec = [0] * GOOD_COUNT
    for good, n in cost:
        vec[GOOD_INDEX[good]] += n
    return tuple(vec)


PROFESSION_COST: dict[str, tuple[int, ...]] = {p: cost_vector(PROFESSIONS[p].cost)
                                               for p in PROFESSION_IDS}
PRIEST_COST: list[tuple[int, ...]] = [cost_vector(PRIESTS[k].cost) for k in PRIEST_KINDS]
TRAIL = DATA.trail
TRAIL_LENGTH = TRAIL["length"]
SLOTS = DATA.market_slots
SLOT_COUNT = len(SLOTS)
BONUS_CAP = DATA.production["bonus_cap"]
FARMER_CORN = DATA.production["farmer_corn"]
LAST_DAY = DATA.last_day
DAY_END_AT = DATA.moon_day_end_at
UNLIMITED = 10**9
#: One "unit of goods": 3 corn, or 1 of any other good (bonus units, offerings, Sun Clock,
#: tie-break).
UNIT_SIZE: tuple[int, ...] = tuple(DATA.production["corn_per_bonus_unit"] if gi == CORN else 1
                                   for gi in range(GOOD_COUNT))


def goods_dict(vec: list[int] | tuple[int, ...]) -> dict[str, int]:
    """The non-zero counts of a goods vector by name."""
    return {GOODS[i]: n for i, n in enumerate(vec) if n}


def goods_units(goods: list[int] | tuple[int, ...]) -> int:
    """Tie-break units: corn // 3 plus every other good."""
    return sum(n // UNIT_SIZE[gi] for gi, n in enumerate(goods))


__all__ = [name for name in dir() if name.isupper() or name in (
    "DistrictKind", "cost_vector", "goods_dict", "goods_units")]
