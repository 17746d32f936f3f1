"""The city map: the 15 districts as adjoining regions, with bonus, Incas, Princes and targets.

Everything drawn comes from ``view`` (``Game.view(viewer)``) and the optional click
``targets`` (``{district: DistrictTarget}``: what a click does, what a move costs; see
:mod:`mp_tutor.princes.targets`); every word is rendered in the current language.

>>> from mp_tutor import Game
>>> svg = map_svg(Game.new(players=3, seed=1).view(0))
>>> svg.count('class="mp-region'), 'data-district="central_plaza"' in svg
(15, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial

from ...core.i18n import Msg, render, t, tn
from ...core.markup import Markup, clickable, el, join
from ..data import COLOURS, DATA, DISTRICT_IDS, DISTRICTS
from ..targets import DistrictTarget, TargetKind
from ..text import amount, colour, district
from ..views import DistrictView, PrincesView
from . import geometry as geo
from . import labels as lab
from .fit import large_print, sized
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

#: the footer under the map (its note); sizes of the pieces are in labels.py
FOOTER = 24


def _pts(poly: tuple[geo.Point, ...]) -> str:
    return " ".join(f"{x:g},{y:g}" for x, y in poly)


def target_text(d: str, target: DistrictTarget) -> Msg:
    """What clicking a district does (its tooltip and accessible name)."""
    what, cost = target.what, target.cost
    if what is TargetKind.EDIT:
        return Msg("{what}", {"what": target.says})
    if what is TargetKind.MOVE and cost:
        return t("{district}: move here for {cost}", district=district(d), cost=amount(cost, "llama"))
    if what is TargetKind.MOVE:
        return t("{district}: move here", district=district(d))
    if what is TargetKind.PLACE:
        return t("{district}: place your first Inca here", district=district(d))
    if what is TargetKind.SEND:
        return t("{district}: send an Inca from here to the Sun Clock", district=district(d))
    if what is TargetKind.STAY:
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
    z = lab.sizes()
    return el("g", el("title", label),
              el("rect", x=x - z.badge_w / 2, y=y - z.badge_h / 2, width=z.badge_w,
                 height=z.badge_h, rx=z.badge_h / 2, fill=fill, stroke="#333"),
              el("text", f"+{bonus}", x=x, y=_at(y + z.badge_text), cls="mp-bonus-text",
                 text_anchor="middle", style=sized("mp-bonus-text")),
              cls="mp-bonus", data_bonus=bonus, role="img", aria_label=label)


def _at(v: float) -> float:
    return round(v, 1)


def _prince(p: int, x: float, y: float) -> Markup:
    c = COLOURS[p]
    z = lab.sizes()
    w, up, down = z.prince_w / 2, _at(y - z.prince_up), _at(y + z.prince_down)
    shoulder = _at(y - z.prince_up * 3 / 11)
    path = (f"M {x - w:g} {down:g} L {x - w:g} {shoulder:g} L {x:g} {up:g} L {x + w:g} "
            f"{shoulder:g} L {x + w:g} {down:g} Z")
    return el("g", el("title", render(t("{who}'s Prince", who=colour(p)))),
              el("path", d=path, fill=PALETTE[c], stroke="#111", stroke_width=1.5),
              el("text", initials()[p], x=x, y=_at(y + z.prince_text), cls="mp-prince-text",
                 text_anchor="middle", style=sized("mp-prince-text", f"fill:{INK[c]}")),
              cls="mp-piece mp-prince", data_prince=p)


def _incas(p: int, n: int, x: float, y: float) -> Markup:
    c = COLOURS[p]
    label = render(tn("{who}: {n} Inca", "{who}: {n} Incas", n, who=colour(p)))
    w = lab.chip_width(p, n)
    z = lab.sizes()
    return el("g", el("title", label),
              el("rect", x=x, y=_at(y - z.chip_h / 2), width=w, height=z.chip_h,
                 rx=z.chip_h / 2,
                 fill=PALETTE[c], stroke="#222"),
              el("text", f"{initials()[p]}{n}", x=x + w / 2, y=_at(y + z.chip_text),
                 cls="mp-chip-text", text_anchor="middle",
                 style=sized("mp-chip-text", f"fill:{INK[c]}")),
              cls="mp-piece mp-incas", data_incas=p, data_count=n)


def _tag(lines: list[str], x: float, top: float, w: float, cls: str) -> Markup:
    z = lab.sizes()
    h = z.tag_h + z.tag_line * (len(lines) - 1)
    return el("g", el("rect", x=x - w / 2, y=top, width=w, height=h, rx=8),
              *[el("text", line, x=x, y=_at(top + z.tag_text + i * z.tag_line), cls="mp-tag-text",
                   text_anchor="middle", style=sized("mp-tag-text"))
                for i, line in enumerate(lines)],
              cls=f"mp-tag {cls}")


def _label(d: str, info: DistrictView, target: DistrictTarget | None) -> Markup:
    """Name, what the district does, bonus, Incas, Princes and the click tag, stacked and
    fitted inside the region (see labels.py)."""
    incas = [(p, n) for p, n in enumerate(info.get("incas", [])) if n]
    princes = list(info.get("princes", []))
    pieces = [("prince", p, 0) for p in princes] + [("incas", p, n) for p, n in incas]
    tag = None
    if target and target.what is TargetKind.MOVE and target.cost:
        tag = (render(amount(target.cost, "llama")), "mp-tag-llama")
    elif target and target.what is TargetKind.STAY:
        tag = (render(t("stay: moon tile")), "mp-tag-stay")
    sub = render(sub_label(d))
    bonus = int(info.get("bonus", 0))
    plan = lab.plan(d, render(district(d)), sub, bonus > 0, pieces, tag[0] if tag else None)
    out = [el("text", line, x=round(x, 1), y=round(y, 1), cls="mp-dname", text_anchor="middle",
              style=sized("mp-dname")) for line, x, y in plan.name]
    out += [el("text", line, x=round(x, 1), y=round(y, 1), cls="mp-dsub", text_anchor="middle",
               style=sized("mp-dsub")) for line, x, y in plan.sub]
    if plan.badge:
        out.append(_badge(d, bonus, *plan.badge))
    for row, x, y in plan.rows:
        for kind, p, n in row:
            if kind == "bonus":
                out.append(_badge(d, bonus, x + lab.sizes().badge_w / 2, y))
            elif kind == "prince":
                out.append(_prince(p, x + lab.sizes().prince_w / 2, y))
            else:
                out.append(_incas(p, n, x, y))
            x += lab.piece_width((kind, p, n))
    if tag and plan.tag:
        out.append(_tag(*plan.tag, tag[1]))
    return join(out)


def _district(d: str, info: DistrictView, target: DistrictTarget | None, cls: list[str],
              region: tuple[geo.Point, ...]) -> tuple[Markup, Markup]:
    """A district's region (clickable when a target) and its label, pieces and tag."""
    name = render(target_text(d, target) if target else district(d))
    shape = el("g", el("title", name),
               el("polygon", points=_pts(region), cls="mp-region", fill=KIND_FILL[DISTRICTS[d].kind]),
               cls=" ".join(cls), data_district=d,
               **clickable(d, bool(target), name, near=sorted(DISTRICTS[d].adjacent)))
    label = el("g", _label(d, info, target), cls="mp-dlabel", data_label=d,
               **({"data_target": d} if target else {"data_spot": d}))
    return shape, label


def map_svg(view: PrincesView, targets: Mapping[str, DistrictTarget] | None = None, *,
            title: bool = True, large: bool = False) -> Markup:
    """The city map as one ``<svg>`` element (clickable districts carry ``data-target``);
    ``large``: in the large print of a presentation (``fit.LARGE``), without the footer."""
    with large_print(large):
        return _map_svg(view, targets or {}, title, large)


def _map_svg(view: PrincesView, targets: Mapping[str, DistrictTarget], title: bool,
             large: bool) -> Markup:
    regions = geo.region_polygons()
    h = geo.MAP_H + (0 if large else FOOTER)
    shapes, labels = [], []
    for d in DISTRICT_IDS:
        info = view["districts"][d]
        target = targets.get(d)
        cls = ["mp-district", f"mp-kind-{DISTRICTS[d].kind}"]
        if target:
            cls.append("mp-target" if target.what is not TargetKind.DECIDE else "mp-decision")
            if target.cost:
                cls.append("mp-target-llama")
            if target.what is TargetKind.STAY:
                cls.append("mp-own")
        drawn = [target.what, target.cost, target.says] if target else None  # what it shows
        shape, label = cached("district", [d, info, drawn, large],
                              partial(_district, d, info, target, cls, regions[d]))
        shapes.append(shape)
        labels.append(label)
    terraces = [el("polygon", points=_pts(tp), cls="mp-terrace", fill=TERRACE) for tp in geo.terraces()]
    note = render(t("Map reconstructed: we drew the borders of the districts"))
    return el(
        "svg",
        el("title", render(t("The city of Machu Picchu"))) if title else None,
        el("rect", x=0, y=0, width=geo.MAP_W, height=h, fill=MOUNTAIN),
        el("polygon", points=_pts(geo.wall()), fill="#e7dfc9", stroke=WALL, stroke_width=3),
        join(shapes), join(terraces), join(labels),
        None if large else el("text", note, x=geo.WALL_MARGIN + 4, y=geo.MAP_H + FOOTER - 8,
                              cls="mp-note"),
        el("desc", note) if large else None,
        xmlns="http://www.w3.org/2000/svg", viewBox=f"0 0 {geo.MAP_W} {h}",
        cls="mp-map mp-large" if large else "mp-map",
        role="group", aria_label=render(t("The city of Machu Picchu")),
        data_width=geo.MAP_W, data_height=h)


__all__ = ["map_svg", "target_text"]
