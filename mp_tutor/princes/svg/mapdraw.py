"""The city map: the 15 districts as adjoining regions, with bonus, Incas, Princes and targets.

Everything drawn comes from ``view`` (``Game.view(viewer)``) and the optional click
``targets`` (``{district: {"what": "move"|"place"|"send"|"stay"|"decide", "cost": llamas}}``);
every word is rendered in the current language.

>>> from mp_tutor import Game
>>> svg = map_svg(Game.new(players=3, seed=1).view(0))
>>> svg.count('class="mp-region'), 'data-district="central_plaza"' in svg
(15, True)
"""

from __future__ import annotations

from typing import Any

from ...core.i18n import Msg, render, t, tn
from ...core.markup import Markup, el, join
from ..data import COLOURS, DATA, DISTRICT_IDS, DISTRICTS
from ..text import amount, colour, district
from . import geometry as geo
from .style import (
    GOOD_COLOURS,
    INK,
    KIND_FILL,
    MOUNTAIN,
    PALETTE,
    TERRACE,
    WALL,
    cached,
    initials,
    sub_label,
)

#: font sizes and piece sizes on the map (SVG units; the map is MAP_W wide)
NAME_SIZE, SUB_SIZE, CHIP_H, CHIP_W, PRINCE_W, LINE = 14.5, 11.5, 17, 26, 15, 16
FOOTER = 24
#: longest name line before it is broken in two (in characters)
WRAP = 12


def _pts(poly: tuple[geo.Point, ...]) -> str:
    return " ".join(f"{x:g},{y:g}" for x, y in poly)


def _lines(name: str, room: float) -> list[str]:
    """A district name in one line, or two when it is long for its region."""
    if len(name) * NAME_SIZE * 0.58 <= 2 * room - 8 and len(name) <= WRAP + 4:
        return [name]
    words = name.split()
    best = [name]
    for i in range(1, len(words)):
        a, b = " ".join(words[:i]), " ".join(words[i:])
        if len(best) == 1 or max(len(a), len(b)) < max(len(x) for x in best):
            best = [a, b]
    return best


def target_text(d: str, target: dict[str, Any]) -> Msg:
    """What clicking a district does (its tooltip and accessible name)."""
    what, cost = target.get("what"), int(target.get("cost") or 0)
    if what == "move" and cost:
        return t("{district}: move here for {cost}", district=district(d), cost=amount(cost, "llama"))
    if what == "move":
        return t("{district}: move here", district=district(d))
    if what == "place":
        return t("{district}: place your first Inca here", district=district(d))
    if what == "send":
        return t("{district}: send an Inca from here to the Sun Clock", district=district(d))
    if what == "stay":
        return t("{district}: your Prince is here; click to stay and take a moon tile",
                 district=district(d))
    return t("{district}: the decision is about this district", district=district(d))


def _badge(d: str, bonus: int, x: float, y: float) -> Markup:
    spec = DISTRICTS[d]
    if spec.kind == "temple":
        what = tn("{n} temple stone", "{n} temple stones", bonus)
        fill = "#9a9a9a"
    else:
        good = spec.good or "corn"
        per_unit = DATA.production["corn_per_bonus_unit"] if good == "corn" else 1
        what = amount(bonus * per_unit, good)
        fill = GOOD_COLOURS[good]
    label = render(t("bonus: {what}", what=what))
    return el("g", el("title", label),
              el("rect", x=x - 15, y=y - 9, width=30, height=18, rx=9, fill=fill, stroke="#333"),
              el("text", f"+{bonus}", x=x, y=y + 4, cls="mp-bonus-text", text_anchor="middle"),
              cls="mp-bonus", data_bonus=bonus, aria_label=label)


def _prince(p: int, x: float, y: float) -> Markup:
    c = COLOURS[p]
    w = PRINCE_W / 2
    path = (f"M {x - w:g} {y + 9:g} L {x - w:g} {y - 3:g} L {x:g} {y - 11:g} L {x + w:g} {y - 3:g} "
            f"L {x + w:g} {y + 9:g} Z")
    return el("g", el("title", render(t("{who}'s Prince", who=colour(p)))),
              el("path", d=path, fill=PALETTE[c], stroke="#111", stroke_width=1.5),
              el("text", initials()[p], x=x, y=y + 5, cls="mp-prince-text", text_anchor="middle",
                 style=f"fill:{INK[c]}"),
              cls="mp-piece mp-prince", data_prince=p)


def _incas(p: int, n: int, x: float, y: float) -> Markup:
    c = COLOURS[p]
    label = render(tn("{who}: {n} Inca", "{who}: {n} Incas", n, who=colour(p)))
    return el("g", el("title", label),
              el("rect", x=x, y=y - CHIP_H / 2, width=CHIP_W, height=CHIP_H, rx=CHIP_H / 2,
                 fill=PALETTE[c], stroke="#222"),
              el("text", f"{initials()[p]}{n}", x=x + CHIP_W / 2, y=y + 4.5,
                 cls="mp-chip-text", text_anchor="middle", style=f"fill:{INK[c]}"),
              cls="mp-piece mp-incas", data_incas=p, data_count=n)


def _tag(text: str, x: float, y: float, cls: str) -> Markup:
    w = len(text) * 6.6 + 14
    return el("g", el("rect", x=x - w / 2, y=y - 8, width=w, height=16, rx=8),
              el("text", text, x=x, y=y + 4, cls="mp-tag-text", text_anchor="middle"),
              cls=f"mp-tag {cls}")


def _label(d: str, info: dict[str, Any], target: dict[str, Any] | None) -> Markup:
    """Name, what the district does, bonus, Incas, Princes and the click tag, stacked."""
    (cx, cy), room = geo.label_points()[d]
    name = render(district(d))
    lines = _lines(name, room)
    incas = [(p, n) for p, n in enumerate(info.get("incas", [])) if n]
    princes = list(info.get("princes", []))
    rows = len(lines) * LINE + LINE + (CHIP_H + 3 if incas or princes else 0)
    tag = None
    if target and target.get("what") == "move" and target.get("cost"):
        tag = (render(amount(int(target["cost"]), "llama")), "mp-tag-llama")
    elif target and target.get("what") == "stay":
        tag = (render(t("stay: moon tile")), "mp-tag-stay")
    rows += 19 if tag else 0
    y = cy - rows / 2 + NAME_SIZE - 2
    out = []
    for i, line in enumerate(lines):
        out.append(el("text", line, x=cx, y=y + i * LINE, cls="mp-dname", text_anchor="middle"))
    y += (len(lines) - 1) * LINE + LINE + 3
    sub = render(sub_label(d))
    bonus = int(info.get("bonus", 0))
    shift = 17 if bonus > 0 else 0
    out.append(el("text", sub, x=cx + shift, y=y, cls="mp-dsub", text_anchor="middle"))
    if bonus > 0:
        out.append(_badge(d, bonus, cx + shift - len(sub) * SUB_SIZE * 0.29 - 19, y - 4))
    y += 6 + CHIP_H / 2
    width = len(incas) * (CHIP_W + 2) + len(princes) * (PRINCE_W + 3)
    x = cx - width / 2
    for p in princes:
        out.append(_prince(p, x + PRINCE_W / 2, y))
        x += PRINCE_W + 3
    for p, n in incas:
        out.append(_incas(p, n, x, y))
        x += CHIP_W + 2
    if incas or princes:
        y += CHIP_H / 2 + 3
    if tag:
        out.append(_tag(tag[0], cx, y + 9, tag[1]))
    return join(out)


def _district(d: str, info: dict[str, Any], target: dict[str, Any] | None, cls: list[str],
              region: tuple[geo.Point, ...]) -> tuple[Markup, Markup]:
    """A district's region (clickable when a target) and its label, pieces and tag."""
    name = render(target_text(d, target) if target else district(d))
    click = {"data_target": d, "role": "button", "tabindex": 0} if target else {}
    shape = el("g", el("title", name),
               el("polygon", points=_pts(region), cls="mp-region", fill=KIND_FILL[DISTRICTS[d].kind]),
               cls=" ".join(cls), data_district=d, aria_label=name, **click)
    label = el("g", _label(d, info, target), cls="mp-dlabel", data_label=d,
               **({"data_target": d} if target else {}))
    return shape, label


def map_svg(view: dict[str, Any], targets: dict[str, dict[str, Any]] | None = None, *,
            title: bool = True) -> Markup:
    """The city map as one ``<svg>`` element (clickable districts carry ``data-target``)."""
    targets = targets or {}
    regions = geo.region_polygons()
    h = geo.MAP_H + FOOTER
    shapes, labels = [], []
    for d in DISTRICT_IDS:
        info = view["districts"][d]
        target = targets.get(d)
        what = (target or {}).get("what")
        cls = ["mp-district", f"mp-kind-{DISTRICTS[d].kind}"]
        if target:
            cls.append("mp-target" if what != "decide" else "mp-decision")
            if target.get("cost"):
                cls.append("mp-target-llama")
            if what == "stay":
                cls.append("mp-own")
        shape, label = cached("district", [d, info, target], lambda d=d, info=info, target=target,
                              cls=cls: _district(d, info, target, cls, regions[d]))
        shapes.append(shape)
        labels.append(label)
    terraces = [el("polygon", points=_pts(tp), cls="mp-terrace", fill=TERRACE) for tp in geo.terraces()]
    note = render(t("Map reconstructed: the borders are ours (see data/game.toml)"))
    return el(
        "svg",
        el("title", render(t("The city of Machu Picchu"))) if title else None,
        el("rect", x=0, y=0, width=geo.MAP_W, height=h, fill=MOUNTAIN),
        el("polygon", points=_pts(geo.wall()), fill="#e7dfc9", stroke=WALL, stroke_width=3),
        join(shapes), join(terraces), join(labels),
        el("text", note, x=geo.WALL_MARGIN + 4, y=geo.MAP_H + FOOTER - 8, cls="mp-note"),
        xmlns="http://www.w3.org/2000/svg", viewBox=f"0 0 {geo.MAP_W} {h}", cls="mp-map",
        role="group", aria_label=render(t("The city of Machu Picchu")),
        data_width=geo.MAP_W, data_height=h)


__all__ = ["map_svg", "target_text"]
