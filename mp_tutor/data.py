"""The Princes' printed numbers (kept here for the public API; see :mod:`mp_tutor.princes.data`).

>>> GOODS[0], len(DISTRICTS)
('corn', 15)
"""

from .princes.data import (
    CARDS,
    COLOURS,
    DATA,
    DATA_FILE,
    DISTRICT_IDS,
    DISTRICTS,
    GOODS,
    MOON_TILES,
    PRIESTS,
    PROFESSIONS,
    PROVENANCE,
    PROVENANCES,
    Card,
    DataError,
    District,
    GameData,
    MoonTile,
    PriestKind,
    Profession,
    load_data,
)

__all__ = [
    "CARDS", "COLOURS", "DATA", "DATA_FILE", "DISTRICTS", "DISTRICT_IDS", "DataError", "GOODS",
    "MOON_TILES", "PRIESTS", "PROFESSIONS", "PROVENANCE", "PROVENANCES", "Card", "District",
    "GameData", "MoonTile", "PriestKind", "Profession", "load_data",
]
