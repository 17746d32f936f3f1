"""Colours, short marks and the words of the board's pictures (all rendered in the language).

Colours are Okabe-Ito based (colour-blind safe) and always come with a text label.

>>> PALETTE["Blue"], initials()[:3]
('#0072B2', ['B', 'Y', 'R'])
>>> str(kind_label("plaza")), str(sub_label("coca_plantation"))
('market', 'coca')
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ...core.i18n import Msg, get_language, t
from ...core.marks import initials as colour_initials
from ..data import COLOURS, DISTRICTS, PRIESTS
from ..text import good

#: player colours, in seat order Blue Yellow Red Green Black
PALETTE: dict[str, str] = {"Blue": "#0072B2", "Yellow": "#F0E442", "Red": "#D55E00",
                           "Green": "#009E73", "Black": "#1A1A1A"}
#: text colour that reads on each player colour
INK: dict[str, str] = {"Blue": "#ffffff", "Yellow": "#1a1a1a", "Red": "#000000",
                       "Green": "#000000", "Black": "#ffffff"}
GOOD_COLOURS: dict[str, str] = {"corn": "#E69F00", "llama": "#F5F5F5", "coca": "#009E73",
                                "pottery": "#B5651D", "cloth": "#CC79A7"}
KIND_FILL: dict[str, str] = {"production": "#f3e3b5", "temple": "#e9c9a3", "setup": "#cfdcea",
                             "house": "#ddd0ea", "plaza": "#f2efe6", "sun_clock": "#fff0a0"}
#: chart lines per player (a deeper yellow than the board's, for thin lines on white)
LINE_COLOURS: dict[str, str] = {**PALETTE, "Yellow": "#C8AD00"}
#: chart bars: rescue and conquest scores
SCORE_COLOURS = ["#0072B2", "#E69F00"]
MOUNTAIN = "#b9cf9c"
TERRACE = "#9cbf7a"
WALL = "#5a4630"


_CACHE: dict[tuple[str, str, str], Any] = {}


def cached(name: str, parts: Any, draw: Callable[[], Any]) -> Any:
    """``draw()`` once per (name, language, ``parts``): a picture is drawn again only when
    what it shows changed (``parts`` is JSON-able)."""
    key = (name, get_language(), json.dumps(parts, sort_keys=True, default=str))
    got = _CACHE.get(key)
    if got is None:
        if len(_CACHE) > 2000:
            _CACHE.clear()
        got = _CACHE[key] = draw()
    return got


def initials() -> list[str]:
    """Each colour's initial in the current language (Black is K in English, as in print, so
    it differs from Blue; Dutch Geel and Groen are Ge and Gr): the glossary's."""
    return colour_initials(COLOURS)


def kind_label(kind: str) -> Msg:
    """What a kind of district is for, in a few words."""
    return {
        "production": t("production"), "temple": t("temple"), "setup": t("set up Incas"),
        "house": t("Priests and Virgins"), "plaza": t("market"), "sun_clock": t("Sun Clock"),
    }[kind]


def sub_label(district: str) -> Msg | object:
    """The small line under a district's name: its good, or what it is for (a few words)."""
    spec = DISTRICTS[district]
    if spec.kind == "production" and spec.good:
        return good(spec.good)
    if spec.kind == "temple":
        return t("sacrifices") if spec.priest else t("sacrifice goods")
    if spec.kind == "house":
        kinds = [k for k, p in PRIESTS.items() if p.house == district]
        return t("buy Virgins") if kinds == ["virgin"] else t("buy priests")
    if spec.kind == "setup":
        return t("new Incas")
    if spec.kind == "sun_clock":
        return t("send an Inca")
    return kind_label(spec.kind)


__all__ = ["cached", "GOOD_COLOURS", "INK", "KIND_FILL", "MOUNTAIN", "PALETTE", "TERRACE", "WALL",
           "initials", "kind_label", "sub_label"]
