"""Where things are drawn on the board, and the printed data the browser needs.

The node positions of the 15 districts are ours (the physical board's map is not
known; see ``mp_tutor/data/game.toml``). Which districts border each other comes from
``mp_tutor.data.DISTRICTS[...].adjacent`` only.

>>> data = static_data()
>>> len(data["districts"]), len(data["edges"])
(15, 28)
>>> data["initials"][:3]
['B', 'Y', 'R']
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from mp_tutor import RULES
from mp_tutor.data import (
    CARDS,
    COLOURS,
    DATA,
    DISTRICT_IDS,
    DISTRICTS,
    GOODS,
    MOON_TILES,
    PRIESTS,
    PROFESSIONS,
)

#: Map node centres in SVG units (the map occupies x 0..720, y 40..560 of a 1200-wide board).
DISTRICT_POS: dict[str, tuple[int, int]] = {
    "corn_terraces": (108, 91),
    "llamas_meadow": (108, 320),
    "coca_plantation": (182, 414),
    "potters_quarter": (332, 350),
    "weavers_quarter": (333, 256),
    "temple_of_the_sun": (485, 130),
    "main_temple": (637, 88),
    "puma_temple": (333, 161),
    "condor_temple": (183, 225),
    "watchmans_hut": (108, 508),
    "royal_palace": (484, 277),
    "house_of_priests": (430, 469),
    "house_of_virgins": (582, 469),
    "central_plaza": (529, 375),
    "sun_clock": (652, 275),
}

#: Borders drawn as a curve (quadratic Bezier control point) so as not to pass under a node.
EDGE_BENDS: dict[tuple[str, str], tuple[int, int]] = {
    ("corn_terraces", "watchmans_hut"): (-40, 300),
}
#: The reconstructed borders cannot all be drawn without crossings (the map in game.toml is
#: not planar): this layout has the minimum, 2, both on the Puma Temple - Sun Clock border.

#: Okabe-Ito colours (colour-blind safe), in seat order Blue Yellow Red Green Black.
PALETTE: dict[str, str] = {
    "Blue": "#0072B2",
    "Yellow": "#F0E442",
    "Red": "#D55E00",
    "Green": "#009E73",
    "Black": "#1A1A1A",
}
#: text colour that reads on each player colour
INK: dict[str, str] = {"Blue": "#ffffff", "Yellow": "#1a1a1a", "Red": "#ffffff", "Green": "#ffffff",
                       "Black": "#ffffff"}
#: Okabe-Ito-derived colours of the goods (used with text labels, never alone)
GOOD_COLOURS: dict[str, str] = {
    "corn": "#E69F00",
    "llama": "#F5F5F5",
    "coca": "#009E73",
    "pottery": "#B5651D",
    "cloth": "#CC79A7",
}
#: short labels drawn on small tokens
GOOD_SHORT: dict[str, str] = {"corn": "Cn", "llama": "Ll", "coca": "Co", "pottery": "Po", "cloth": "Cl"}
ICON_SHORT: dict[str, str] = {
    "farmer": "Fa", "shepherd": "Sh", "coca_planter": "CP", "potter": "Po", "weaver": "We",
    "condor": "Cd", "puma": "Pu", "virgin": "Vi",
}
KIND_FILL: dict[str, str] = {
    "production": "#f3ecd2", "temple": "#f6d7b0", "setup": "#dfe8f1", "house": "#e6dcef",
    "plaza": "#f0f0f0", "sun_clock": "#fff2a8",
}

MAP_NOTE = "Map reconstructed - see mp_tutor/data/game.toml"


def _icon_name(icon: str) -> str:
    if icon in PRIESTS:
        return PRIESTS[icon].name
    return icon.replace("_", " ")


@lru_cache(maxsize=1)
def static_data() -> dict[str, Any]:
    """Everything the browser draws that never changes during a game (JSON-able)."""
    districts = []
    for d in DISTRICT_IDS:
        spec = DISTRICTS[d]
        x, y = DISTRICT_POS[d]
        districts.append({
            "id": d, "code": spec.code, "name": spec.name, "kind": spec.kind, "good": spec.good,
            "profession": spec.profession, "priest": spec.priest, "x": x, "y": y,
            "adjacent": sorted(spec.adjacent), "fill": KIND_FILL.get(spec.kind, "#eeeeee"),
        })
    edges = sorted({tuple(sorted((a, b))) for a in DISTRICT_IDS for b in DISTRICTS[a].adjacent})
    bends = {tuple(sorted(k)): v for k, v in EDGE_BENDS.items()}
    trail = DATA.trail
    return {
        "districts": districts,
        "edges": [[a, b, list(bends[(a, b)]) if (a, b) in bends else None] for a, b in edges],
        "colours": list(COLOURS),
        "palette": [PALETTE[c] for c in COLOURS],
        "ink": [INK[c] for c in COLOURS],
        "initials": [c[0] if c != "Black" else "K" for c in COLOURS],
        "goods": list(GOODS),
        "good_colours": GOOD_COLOURS,
        "good_short": GOOD_SHORT,
        "icons": {k: {"short": v, "name": _icon_name(k)} for k, v in ICON_SHORT.items()},
        "cards": {str(cid): {"icons": list(c.icons), "gold": c.gold} for cid, c in CARDS.items()},
        "priests": {k: {"name": p.name, "count": p.count, "start_value": p.start_value,
                        "temple": p.temple, "house": p.house} for k, p in PRIESTS.items()},
        "professions": {k: {"district": p.district, "set_up_at": p.set_up_at, "cost": dict(p.cost)}
                        for k, p in PROFESSIONS.items()},
        "moon_tiles": {k: {"kind": m.kind, "amount": m.amount, "good": m.good}
                       for k, m in MOON_TILES.items()},
        "trail": {"length": trail["length"], "granary": trail["granary"], "stable": trail["stable"]},
        "market_slots": list(DATA.market_slots),
        "last_day": DATA.last_day,
        "note": MAP_NOTE,
        "rules": {rid: rule.section for rid, rule in RULES.items()},
    }
