"""The city map's shape: where each district lies and the outline of its region.

The positions below are layout pixels of ours (the printed board's map is not known; see
``[map]`` in ``data/game.toml``). Which districts border each other comes from the data
file only. The regions are built from a drawing of the border graph without crossings
(the 28 borders are planar): every district is the area around its centre point, cut
half-way along each border line and at the corners of the faces of that drawing. Where
more than three districts surround one face, a small terrace (not a district) fills the
face, so that two districts that do not border each other never touch, not even at a
point. The outside of the city is the mountain.

>>> regions = region_polygons()
>>> len(regions), len(terraces()) > 0
(15, True)
>>> shared_edge("central_plaza", "main_temple") > 20, shared_edge("central_plaza", "puma_temple")
(True, 0.0)
"""

from __future__ import annotations

import math
import sys
import tomllib
from collections.abc import Iterable, Iterator
from functools import lru_cache, partial
from pathlib import Path

from ..data import DISTRICT_IDS, DISTRICTS

Point = tuple[float, float]

#: the map's size in SVG units (the live board scales it to its width)
MAP_W, MAP_H = 640, 500
#: the city wall: the map's outline (a rectangle with cut corners)
WALL_MARGIN = 8
WALL_CUT = 36
#: a terrace filling a face of more than three districts: its radius
TERRACE_R = 17

#: the centre point of each district (layout pixels); the label is drawn around it
CENTRE: dict[str, Point] = {
    "corn_terraces": (320, 36),
    "temple_of_the_sun": (604, 175),
    "puma_temple": (580, 462),
    "condor_temple": (72, 462),
    "llamas_meadow": (36, 220),
    "watchmans_hut": (128, 185),
    "house_of_priests": (222, 196),
    "house_of_virgins": (320, 142),
    "sun_clock": (426, 190),
    "main_temple": (510, 200),
    "central_plaza": (320, 300),
    "royal_palace": (492, 330),
    "coca_plantation": (168, 380),
    "potters_quarter": (322, 425),
    "weavers_quarter": (478, 432),
}

#: where the terrace of a face goes, when not at the face's centre: {face districts: point}
TERRACE_AT: dict[frozenset[str], Point] = {
    frozenset({"corn_terraces", "watchmans_hut", "house_of_priests", "house_of_virgins",
               "sun_clock", "main_temple"}): (320, 80),
}
#: districts on the city wall give up room to their inner neighbours: the border with an
#: inner district lies this far from the wall district's centre (0.5 would be half-way)
RIM_SHARE = 0.33

#: how far along a border line (from the first district's centre) the cut lies, when the
#: midpoint would crowd one side: {(a, b): fraction}
CUT_AT: dict[tuple[str, str], float] = {
    # the two Houses and the Sun Clock are small wedges: their names need the room
    ("house_of_priests", "watchmans_hut"): 0.62, ("house_of_priests", "central_plaza"): 0.6,
    ("house_of_virgins", "central_plaza"): 0.58, ("sun_clock", "central_plaza"): 0.58,
    ("sun_clock", "main_temple"): 0.58,
}


def _sub(a: Point, b: Point) -> Point:
    return (a[0] - b[0], a[1] - b[1])


def _angle(c: Point, p: Point) -> float:
    return math.atan2(p[1] - c[1], p[0] - c[0])


def _bearing(c: Point, district: str) -> float:
    return _angle(c, CENTRE[district])


@lru_cache(maxsize=1)
def neighbours() -> dict[str, list[str]]:
    """Each district's bordering districts, in clockwise order on the screen."""
    out = {}
    for d in DISTRICT_IDS:
        c = CENTRE[d]
        out[d] = sorted(DISTRICTS[d].adjacent, key=partial(_bearing, c))
    return out


def cut(a: str, b: str) -> Point:
    """The point where the border between ``a`` and ``b`` crosses the line of centres."""
    rim = set(faces()[-1])
    if (a, b) in CUT_AT:
        f = CUT_AT[(a, b)]
    elif (b, a) in CUT_AT:
        f = 1 - CUT_AT[(b, a)]
    elif (a in rim) != (b in rim):
        f = RIM_SHARE if a in rim else 1 - RIM_SHARE
    else:
        f = 0.5
    pa, pb = CENTRE[a], CENTRE[b]
    return (pa[0] + f * (pb[0] - pa[0]), pa[1] + f * (pb[1] - pa[1]))


@lru_cache(maxsize=1)
def faces() -> list[tuple[str, ...]]:
    """The faces of the drawing (cycles of districts); the last one is the outside."""
    nb = neighbours()
    seen: set[tuple[str, str]] = set()
    out = []
    for u in DISTRICT_IDS:
        for v in nb[u]:
            if (u, v) in seen:
                continue
            face = []
            a, b = u, v
            while (a, b) not in seen:
                seen.add((a, b))
                face.append(a)
                ring = nb[b]
                i = ring.index(a)
                a, b = b, ring[(i - 1) % len(ring)]
            out.append(tuple(face))
    out.sort(key=lambda f: abs(_signed_area(f)))  # the outside is the largest
    return out


def _signed_area(face: tuple[str, ...]) -> float:
    pts = [CENTRE[d] for d in face]
    return sum(p[0] * q[1] - q[0] * p[1] for p, q in zip(pts, pts[1:] + pts[:1], strict=True)) / 2


def _centroid(face: tuple[str, ...]) -> Point:
    """Where a face's corner or terrace goes (its area's centre, unless placed by hand)."""
    return TERRACE_AT.get(frozenset(face)) or area_centroid([CENTRE[d] for d in face])


def area_centroid(pts: list[Point] | tuple[Point, ...]) -> Point:
    """The centre of mass of a polygon's area."""
    a = cx = cy = 0.0
    for (x0, y0), (x1, y1) in zip(pts, [*pts[1:], pts[0]], strict=True):
        c = x0 * y1 - x1 * y0
        a += c
        cx += (x0 + x1) * c
        cy += (y0 + y1) * c
    if abs(a) < 1e-9:
        return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))
    return (cx / (3 * a), cy / (3 * a))


def _wall() -> list[Point]:
    m, c = WALL_MARGIN, WALL_CUT
    w, h = MAP_W - m, MAP_H - m
    return [(m + c, m), (w - c, m), (w, m + c), (w, h - c), (w - c, h), (m + c, h), (m, h - c),
            (m, m + c)]


def _ray_to_wall(origin: Point, direction: Point) -> tuple[Point, float]:
    """Where a ray from inside meets the wall, and its position along the wall (0..1)."""
    wall = _wall()
    best: tuple[float, Point, float] | None = None
    total = sum(math.dist(p, q) for p, q in zip(wall, wall[1:] + wall[:1], strict=True))
    run = 0.0
    for p, q in zip(wall, wall[1:] + wall[:1], strict=True):
        e = _sub(q, p)
        den = direction[0] * e[1] - direction[1] * e[0]
        seg = math.dist(p, q)
        if abs(den) > 1e-9:
            w = _sub(p, origin)
            t = (w[0] * e[1] - w[1] * e[0]) / den
            s = (w[0] * direction[1] - w[1] * direction[0]) / den
            if t > 0 and -1e-9 <= s <= 1 + 1e-9 and (best is None or t < best[0]):
                hit = (origin[0] + t * direction[0], origin[1] + t * direction[1])
                best = (t, hit, (run + s * seg) / total)
        run += seg
    assert best is not None
    return best[1], best[2]


def _wall_between(t1: float, t2: float) -> list[Point]:
    """The wall's corners met going clockwise from position ``t1`` to ``t2``."""
    wall = _wall()
    total = sum(math.dist(p, q) for p, q in zip(wall, wall[1:] + wall[:1], strict=True))
    pos, run = [], 0.0
    for p, q in zip(wall, wall[1:] + wall[:1], strict=True):
        pos.append((run / total, p))
        run += math.dist(p, q)
    span = (t2 - t1) % 1.0
    return [p for t, p in sorted(pos, key=lambda tp: (tp[0] - t1) % 1.0) if 0 < (t - t1) % 1.0 < span]


@lru_cache(maxsize=1)
def _corners() -> dict[tuple[str, str, str], list[Point]]:
    """For each face and each district on it, the points of that district's region there.

    Keyed by (district, neighbour before, neighbour after) in the district's clockwise order.
    """
    out: dict[tuple[str, str, str], list[Point]] = {}
    all_faces = faces()
    outside = all_faces[-1]
    for face in all_faces:
        k = len(face)
        centre = _centroid(face)
        for i, v in enumerate(face):
            before, after = face[i - 1], face[(i + 1) % k]
            if face is outside:
                o1, t1 = _outward(v, after)
                o2, t2 = _outward(before, v)
                pts = [o1, *_wall_between(t1, t2), o2]
            elif k == 3:
                pts = [centre]
            else:
                pts = [_terrace_point(face, v, after), _terrace_point(face, before, v)]
            out[(v, after, before)] = pts
    return out


def _outward(a: str, b: str) -> tuple[Point, float]:
    """The border between two districts on the outside, continued to the city wall."""
    m = cut(a, b)
    d = _sub(CENTRE[b], CENTRE[a])
    normal = (d[1], -d[0])
    mid = (MAP_W / 2, MAP_H / 2)
    if normal[0] * (m[0] - mid[0]) + normal[1] * (m[1] - mid[1]) < 0:
        normal = (-normal[0], -normal[1])
    return _ray_to_wall(m, normal)


def _terrace_point(face: tuple[str, ...], a: str, b: str) -> Point:
    c = _centroid(face)
    m = cut(a, b)
    d = _sub(m, c)
    n = math.hypot(*d) or 1.0
    r = min(TERRACE_R, n * 0.6)
    return (c[0] + d[0] / n * r, c[1] + d[1] / n * r)


@lru_cache(maxsize=1)
def region_polygons() -> dict[str, tuple[Point, ...]]:
    """The outline of every district's region (clockwise on the screen)."""
    nb = neighbours()
    corners = _corners()
    out = {}
    for v in DISTRICT_IDS:
        ring = nb[v]
        pts: list[Point] = []
        for i, u in enumerate(ring):
            nxt = ring[(i + 1) % len(ring)]
            pts.append(cut(v, u))
            pts += corners.get((v, u, nxt)) or corners.get((v, nxt, u)) or []
        out[v] = tuple((round(x, 1), round(y, 1)) for x, y in pts)
    return out


@lru_cache(maxsize=1)
def terraces() -> list[tuple[Point, ...]]:
    """The terraces filling faces of four or more districts (not districts themselves)."""
    out = []
    for face in faces()[:-1]:
        if len(face) > 3:
            k = len(face)
            pts = [_terrace_point(face, face[i], face[(i + 1) % k]) for i in range(k)]
            out.append(tuple((round(x, 1), round(y, 1)) for x, y in pts))
    return out


def wall() -> tuple[Point, ...]:
    """The city wall's outline."""
    return tuple(_wall())


def _boundary_distance(poly: tuple[Point, ...], pt: Point) -> float:
    """The distance from ``pt`` to the nearest edge of ``poly`` (written out: the label
    search calls it thousands of times when a kernel first draws the map)."""
    px, py = pt
    best = math.inf
    x0, y0 = poly[-1]
    for x1, y1 in poly:
        dx, dy = x1 - x0, y1 - y0
        t = ((px - x0) * dx + (py - y0) * dy) / (dx * dx + dy * dy or 1.0)
        t = 0.0 if t < 0.0 else 1.0 if t > 1.0 else t
        ex, ey = x0 + t * dx - px, y0 + t * dy - py
        d2 = ex * ex + ey * ey
        if d2 < best:
            best = d2
        x0, y0 = x1, y1
    return math.sqrt(best)


def _inside(poly: tuple[Point, ...], pt: Point) -> bool:
    x, y = pt
    inside = False
    x0, y0 = poly[-1]
    for x1, y1 in poly:
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
        x0, y0 = x1, y1
    return inside


#: :func:`label_points` computed ahead (``python -m mp_tutor.princes.svg`` writes
#: it; a test recomputes it and compares): the search takes a tenth of a second in the
#: browser's Python, on every kernel's first map
LABEL_POINTS = Path(__file__).with_name("label_points.toml")


@lru_cache(maxsize=1)
def label_points() -> dict[str, tuple[Point, float]]:
    """For each district, the point deepest inside its region and its distance to the edge.

    Text is centred there; the distance bounds the room for the label. Read from
    ``label_points.toml``, which :func:`compute_label_points` wrote.
    """
    with LABEL_POINTS.open("rb") as f:
        table = tomllib.load(f)
    return {d: ((float(table[d]["point"][0]), float(table[d]["point"][1])), float(table[d]["room"]))
            for d in region_polygons()}


def compute_label_points() -> dict[str, tuple[Point, float]]:
    """:func:`label_points` worked out from the regions: a coarse then a fine search for
    each region's pole of inaccessibility, rounded to a tenth."""
    out = {}
    for d, poly in region_polygons().items():
        xs, ys = [p[0] for p in poly], [p[1] for p in poly]
        best, best_r = area_centroid(poly), 0.0
        step = 8.0
        grid = [(x, y) for x in _frange(min(xs), max(xs), step) for y in _frange(min(ys), max(ys), step)]
        for _ in range(3):
            for pt in grid:
                if _inside(poly, pt):
                    r = _boundary_distance(poly, pt)
                    if r > best_r:
                        best, best_r = pt, r
            step /= 3
            grid = [(best[0] + i * step, best[1] + j * step) for i in range(-4, 5) for j in range(-4, 5)]
        out[d] = ((round(best[0], 1), round(best[1], 1)), round(best_r, 1))
    return out


def label_points_toml(points: dict[str, tuple[Point, float]]) -> str:
    """The text of ``label_points.toml`` for ``points`` (floats written exactly)."""
    lines = ["# Where each district's label is centred on the map, and the room around it (SVG",
             "# units): written by `python -m mp_tutor.princes.svg` from the regions",
             "# (compute_label_points); tests/widgets/test_map.py checks it is up to date.", ""]
    for d, ((x, y), r) in points.items():
        lines += [f"[{d}]", f"point = [{x!r}, {y!r}]", f"room = {r!r}", ""]
    return "\n".join(lines)


@lru_cache(maxsize=1)
def scanlines() -> dict[str, tuple[int, tuple[float, ...], tuple[float, ...]]]:
    """For each district, the inside of its region on each pixel row, from its top row
    down: (top row, left x of each row, right x of each row). On a row that the region
    crosses more than once, the stretch around the label point counts."""
    out = {}
    for d, poly in region_polygons().items():
        px = label_points()[d][0][0]
        top, bottom = math.floor(min(p[1] for p in poly)), math.ceil(max(p[1] for p in poly))
        # each border line adds where it crosses the rows it spans (y0 <= y < y1 or
        # y1 <= y < y0), rather than every row testing every border line
        crossings: list[list[float]] = [[] for _ in range(top, bottom + 1)]
        for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1], strict=True):
            if y0 == y1:
                continue
            for y in range(math.ceil(min(y0, y1)), math.ceil(max(y0, y1))):
                crossings[y - top].append(x0 + (y - y0) * (x1 - x0) / (y1 - y0))
        lefts, rights = [], []
        for xs in crossings:
            xs.sort()
            runs = list(zip(xs[::2], xs[1::2], strict=True))
            if not runs:
                lefts.append(math.inf)
                rights.append(-math.inf)
                continue
            a, b = runs[0] if len(runs) == 1 else min(
                runs, key=lambda r: 0 if r[0] <= px <= r[1] else min(abs(r[0] - px), abs(r[1] - px)))
            lefts.append(a)
            rights.append(b)
        out[d] = (top, tuple(lefts), tuple(rights))
    return out


def span(d: str, y0: float, y1: float) -> tuple[float, float]:
    """The widest stretch ``[left, right]`` inside ``d``'s region on every row from ``y0``
    to ``y1`` (``left > right`` when there is none)."""
    return next(spans(d, ((y0, y1),)))


def spans(d: str, ranges: Iterable[tuple[float, float]]) -> Iterator[tuple[float, float]]:
    """:func:`span` of each ``(y0, y1)`` of ``ranges`` in turn (the label placement asks for
    thousands: the region's rows are looked up once)."""
    top, lefts, rights = scanlines()[d]
    rows = len(lefts)
    for y0, y1 in ranges:
        if y1 < y0:
            y0 = y1 = (y0 + y1) / 2
        i0, i1 = math.floor(y0) - top, math.ceil(y1) - top + 1
        if i0 < 0 or i1 > rows:
            yield (math.inf, -math.inf)
        else:
            yield max(lefts[i0:i1]), min(rights[i0:i1])


def _frange(a: float, b: float, step: float) -> list[float]:
    n = max(1, int((b - a) / step))
    return [a + i * step for i in range(n + 1)]


def shared_edge(a: str, b: str) -> float:
    """The length of the outline two regions have in common (0.0 if they do not touch)."""
    pa, pb = region_polygons()[a], region_polygons()[b]
    total = 0.0
    for p, q in zip(pa, pa[1:] + pa[:1], strict=True):
        for r, s in zip(pb, pb[1:] + pb[:1], strict=True):
            if {p, q} == {r, s}:
                total += math.dist(p, q)
    return round(total, 1)


def shared_points(a: str, b: str) -> int:
    """How many outline points two regions have in common."""
    return len(set(region_polygons()[a]) & set(region_polygons()[b]))


def main(argv: list[str] | None = None) -> int:
    """``python -m mp_tutor.princes.svg``: write ``label_points.toml`` from the
    regions; ``--check``: exit 1 if it is not up to date."""
    args = sys.argv[1:] if argv is None else argv
    text = label_points_toml(compute_label_points())
    if "--check" in args:
        ok = LABEL_POINTS.read_text("utf-8") == text
        print(f"{LABEL_POINTS.name} is {'up to date' if ok else 'stale: run without --check'}")
        return 0 if ok else 1
    LABEL_POINTS.write_text(text, "utf-8")
    print(f"wrote {LABEL_POINTS}")
    return 0


__all__ = ["CENTRE", "LABEL_POINTS", "MAP_H", "MAP_W", "compute_label_points", "faces", "label_points",
           "label_points_toml", "neighbours", "region_polygons",
           "scanlines", "shared_edge", "shared_points", "span", "spans", "terraces", "wall"]
