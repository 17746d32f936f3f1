"""Where a district's label goes: its name, sub-label, bonus, pieces and tag, fitted inside
the district's region.

A label is a stack of rows: the name in one to three lines, the sub-label (with the bonus
badge to its left, or leading the pieces), the pieces in one to three rows, and the click
tag in one or two lines; the pieces and the tag go under the words, or over them. Every
way of breaking the name (at spaces and at the hyphenation points of ``breaks.toml``), of
splitting the pieces and the tag is tried, cheapest first, and the stack is slid up and
down (and across) inside the region, with its real outline (:func:`geometry.span`), until
every row fits with a margin to the border; in a slanting region a row may move aside.
The plan keeps the boxes it fitted, so a test can check them.

>>> from mp_tutor.core.i18n import set_language
>>> _ = set_language("nl")
>>> p = plan("sun_clock", "zonnewijzer", "uitzenden", False, [], None)
>>> p.fits, [line for line, _, _ in p.name]
(True, ['zonne-', 'wijzer'])
>>> _ = set_language("en")
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from ...core.i18n import get_language
from . import geometry as geo
from .fit import LARGE, TEXT, box, breakings, ink, is_large, width
from .style import initials


@dataclass(frozen=True)
class Sizes:
    """The sizes of a label's parts on the map (SVG units): the name's line step; a chip of
    Incas (height, least width, its text's baseline under its centre); a Prince (width,
    reach above and below its row's centre line, its initial's baseline); the bonus badge
    (width, height, gap before the sub-label, its centre above the sub-label's baseline, its
    text's baseline under its centre); the click tag (height, padding, line step, first
    baseline under its top); the space between two rows' boxes (the name's lines keep their
    step); the sub-label's baseline under the name's last baseline."""

    line: float = 16
    chip_h: float = 17
    chip_w: float = 26
    chip_text: float = 4.5
    prince_w: float = 15
    prince_up: float = 11
    prince_down: float = 9
    prince_text: float = 5
    badge_w: float = 30
    badge_h: float = 18
    badge_gap: float = 5
    badge_up: float = 4
    badge_text: float = 4
    tag_h: float = 16
    tag_pad: float = 7
    tag_line: float = 13
    tag_text: float = 12
    gap: float = 3
    sub_step: float = 19

    def scaled(self, name: float, pieces: float, prince: float, sub: float) -> Sizes:
        """These sizes for a name ``name`` times as large, the pieces' words ``pieces`` times
        (a Prince's height ``prince`` times, with its initial), the sub-label ``sub`` units
        larger."""
        return Sizes(
            line=self.line * name, chip_h=self.chip_h * pieces, chip_w=self.chip_w * pieces,
            chip_text=self.chip_text * pieces, prince_w=self.prince_w * pieces,
            prince_up=self.prince_up * prince, prince_down=self.prince_down * prince,
            prince_text=self.prince_text * prince, badge_w=self.badge_w * pieces,
            badge_h=self.badge_h * pieces, badge_gap=self.badge_gap, badge_up=self.badge_up * pieces,
            badge_text=self.badge_text * pieces, tag_h=self.tag_h * pieces, tag_pad=self.tag_pad,
            tag_line=self.tag_line * pieces, tag_text=self.tag_text * pieces, gap=self.gap,
            sub_step=self.sub_step + sub)


def _ratio(cls: str) -> float:
    return LARGE.get(cls, TEXT[cls][0]) / TEXT[cls][0]


#: the sizes in normal print, and in the large print of a presentation (``fit.LARGE``: the
#: pieces grow with their words)
NORMAL = Sizes()
LARGE_SIZES = NORMAL.scaled(_ratio("mp-dname"), _ratio("mp-chip-text"), _ratio("mp-prince-text"),
                            LARGE.get("mp-dsub", TEXT["mp-dsub"][0]) - TEXT["mp-dsub"][0])


def sizes() -> Sizes:
    """The sizes of the print drawn now (:func:`~mp_tutor.princes.svg.fit.large_print`)."""
    return LARGE_SIZES if is_large() else NORMAL


#: room kept free between a label and its region's border (across, up and down), for the
#: words (name, sub-label and tag) and for the pieces: the first that some layout fits is
#: used. Words always stay inside; in a crowded small region, pieces may reach over the
#: border a little (never onto another label: a test checks).
MARGINS = (((5.0, 3.0), (5.0, 3.0)), ((3.0, 1.5), (-6.0, -3.0)), ((2.0, 1.0), (-14.0, -8.0)),
           ((0.5, 0.0), (-18.0, -12.0)))
#: the kinds of rows that are words
WORDS = ("name", "sub", "tag")
#: what a layout costs besides its distance from the region's centre: per extra name
#: line, per break inside a word, per extra row of pieces, per extra tag line, for the
#: badge among the pieces, for pieces or tag over the name
COST_LINE, COST_HYPHEN, COST_ROW, COST_TAG, COST_BADGE, COST_ABOVE = 30, 12, 15, 10, 8, 12
#: what it costs to move a row off the label's centre line, per px (in a slanting region)
SHIFT = 1.5
#: the step of the heights tried; how many layouts are tried when none fits
STEP_Y, LEAST_BAD_TRIES = 2, 24

Piece = tuple[str, int, int]  # ("prince", player, 0), ("incas", player, count), ("bonus", 0, 0)
#: what a plan is computed from: district, name, sub-label, bonus, pieces, tag, language,
#: large print
PlanArgs = tuple[str, str, str, bool, tuple[Piece, ...], str | None, str, bool]
#: one row of a stack: (kind, what it shows, top, bottom, baseline or centre, width), the
#: heights relative to the stack's top
Row = tuple[str, Any, float, float, float, float]
Margins = tuple[tuple[float, float], tuple[float, float]]


@dataclass
class Plan:
    """A fitted label: the name lines (text, centre x, baseline); the sub-label's lines (the
    same); the badge's centre (when beside the sub-label's first line); the rows of pieces
    (pieces, the row's left x, its centre y); the tag (lines, centre x, top, width); the
    boxes fitted (x0, y0, x1, y1, what); and whether it fits its region."""

    name: list[tuple[str, float, float]]
    #: the sub-label's lines (text, centre x, baseline): one, or two where one is too wide
    sub: list[tuple[str, float, float]]
    badge: tuple[float, float] | None
    rows: list[tuple[list[Piece], float, float]]
    tag: tuple[list[str], float, float, float] | None
    boxes: list[tuple[float, float, float, float, str]] = field(default_factory=list)
    fits: bool = True


def chip_width(player: int, n: int) -> float:
    """The width of a chip of ``n`` Incas of ``player``: its initial (one or two letters in
    the language) and the number fit inside."""
    return max(sizes().chip_w, width(f"{initials()[player]}{n}", "mp-chip-text") + 8)


def piece_width(piece: Piece) -> float:
    """A piece's width and the gap after it (the bonus badge may lead a row of pieces)."""
    if piece[0] == "incas":
        return chip_width(piece[1], piece[2]) + 2
    z = sizes()
    return {"prince": z.prince_w + 3, "bonus": z.badge_w + 4}.get(piece[0], z.chip_w + 2)


def _row_width(row: list[Piece]) -> float:
    return sum(piece_width(p) for p in row) - {"prince": 3, "bonus": 4}.get(row[-1][0], 2)


def _reach(row: list[Piece]) -> tuple[float, float]:
    """How far a row of pieces reaches above and below its centre line."""
    kinds = {p[0] for p in row}
    z = sizes()
    up = max(z.prince_up if "prince" in kinds else 0, z.badge_h / 2 if "bonus" in kinds else 0,
             z.chip_h / 2)
    return up, max(z.prince_down if "prince" in kinds else 0, up if "bonus" in kinds else 0,
                   z.chip_h / 2)


def _splits(pieces: list[Piece]) -> list[tuple[list[list[Piece]], int]]:
    if not pieces:
        return [([], 0)]
    out = []
    for n in range(1, min(3, len(pieces)) + 1):
        per = math.ceil(len(pieces) / n)
        rows = [pieces[i:i + per] for i in range(0, len(pieces), per)]
        out.append((rows, COST_ROW * (len(rows) - 1)))
    return out


def _tags(tag: str | None) -> list[tuple[list[str] | None, int]]:
    if not tag:
        return [(None, 0)]
    out = [(lines, COST_TAG * (len(lines) - 1) + COST_HYPHEN * h) for lines, h in breakings(tag, 2)]
    return sorted(out, key=lambda o: (o[1], max(width(x, "mp-tag-text") for x in o[0] or [""])))


def _sub_lines(sub: str) -> list[tuple[list[str], int]]:
    """The ways to set a sub-label: on one line, or (a line's cost more) on two, broken at
    the space nearest its middle."""
    out = [([sub], 0)]
    spaces = [i for i, c in enumerate(sub) if c == " "]
    if spaces:
        cut = min(spaces, key=lambda i: abs(i - len(sub) / 2))
        out.append(([sub[:cut], sub[cut + 1:]], COST_LINE))
    return out


def _stack(lines: list[str], sub: list[str], beside: bool, rows: list[list[Piece]],
           tag: list[str] | None, above: bool) -> list[Row]:
    """The rows of a label, top to bottom, each as (kind, what, top, bottom, reference,
    width): top and bottom of what must fit (a text's letters, a piece's outline), the
    reference line (a text's baseline, a row's centre, a tag's top)."""
    z = sizes()
    words: list[Row] = []
    y = 0.0
    for i, line in enumerate(lines):
        a, d = ink(line, "mp-dname")
        words.append(("name", line, y + i * z.line - a, y + i * z.line + d, y + i * z.line,
                      width(line, "mp-dname")))
    s = (len(lines) - 1) * z.line + z.sub_step
    for k, part in enumerate(sub):
        a, d = ink(part, "mp-dsub")
        w = width(part, "mp-dsub")
        if beside and not k:
            badge = s - z.badge_up
            words.append(("sub", part, min(s - a, badge - z.badge_h / 2),
                          max(s + d, badge + z.badge_h / 2), s, z.badge_w + z.badge_gap + w))
        else:
            words.append(("sub", part, s - a, s + d, s, w))
        s += sum(box(part, "mp-dsub"))
    things: list[tuple[str, Any, float, float, float]] = []  # kind, what, up, down, width
    for row in rows:
        up, down = _reach(row)
        things.append(("pieces", row, up, down, _row_width(row)))
    if tag:
        h = z.tag_h + z.tag_line * (len(tag) - 1)
        things.append(("tag", tag, 0, h, max(width(x, "mp-tag-text") for x in tag) + 2 * z.tag_pad))
    out: list[Row] = []
    if above:
        y = 0.0
        for kind, what, up, down, w in things:
            out.append((kind, what, y, y + up + down, y + up, w))
            y += up + down + z.gap
        shift = y + box(lines[0], "mp-dname")[0]  # the first baseline: its box under the rest
        out += [(k, wh, t + shift, b + shift, r + shift, w) for k, wh, t, b, r, w in words]
    else:
        out += words
        _, _, _, _, s_ref, _ = words[-1]
        y = s_ref + box(sub[-1], "mp-dsub")[1] + z.gap
        for kind, what, up, down, w in things:
            out.append((kind, what, y, y + up + down, y + up, w))
            y += up + down + z.gap
    first = out[0][2]
    return [(k, wh, t - first, b - first, r - first, w) for k, wh, t, b, r, w in out]


def _bounds(d: str, stack: list[Row], y0: float, margins: Margins,
            overflow: bool) -> list[tuple[float, float]] | None:
    """Where each row's centre may go with the stack's top at ``y0``: (least x, most x), from
    the region's outline beside the row and the margins; None as soon as a row does not fit
    across (its least x over its most), unless ``overflow``."""
    rows = [(margins[kind not in WORDS], w / 2) for kind, _, _, _, _, w in stack]
    ranges = ((y0 + a - my, y0 + b + my)
              for (kind, _, a, b, _, _), ((_, my), _) in zip(stack, rows, strict=True))
    bounds = []
    for (left, right), ((mx, _), half) in zip(geo.spans(d, ranges), rows, strict=True):
        lo, hi = left + mx + half, right - mx - half
        if hi - lo < 0 and not overflow:
            return None
        bounds.append((lo, hi))
    return bounds


def _fit_rows(bounds: list[tuple[float, float]], px: float) -> tuple[list[float], float, float]:
    """Each row's centre x within its ``bounds`` (:func:`_bounds`): one line for all when the
    rows allow it, else each row as near that line as its bounds allow. Returns the centres,
    how far they stray from ``px`` and from one line, and the least slack (< 0: overflow)."""
    slack = min(hi - lo for lo, hi in bounds)
    lo, hi = max(b[0] for b in bounds), min(b[1] for b in bounds)
    if lo <= hi:
        c = min(max(px, lo), hi)
        return [c] * len(bounds), abs(c - px), slack
    c = (lo + hi) / 2
    xs = [min(max(c, a), b) for a, b in bounds]
    return xs, abs(c - px) + SHIFT * sum(abs(x - c) for x in xs), slack


def _place(d: str, stack: list[Row], margins: Margins,
           best: float) -> tuple[float, list[float], float] | None:
    """The best place for ``stack`` in ``d``'s region: (cost, the rows' centres, the
    stack's top), or None when no place costs less than ``best``. Heights are tried
    outwards from the region's centre; a height where a row does not fit across is left
    at its first such row."""
    (px, py), _ = geo.label_points()[d]
    top, lefts, rights = geo.scanlines()[d]
    widest = _widest(d)
    if any(w + 2 * margins[kind not in WORDS][0] > widest
           for kind, _, _, _, _, w in stack):
        return None
    my = min(m[1] for m in margins)
    y_min, y_max = top + my, top + len(lefts) - 1 - my
    height = max(row[3] for row in stack)
    if height > y_max - y_min:
        return None
    ideal = py - height / 2
    found = None
    for k in range(0, len(lefts)):
        dy = (k + 1) // 2 * (STEP_Y if k % 2 else -STEP_Y)
        if abs(dy) >= best:
            break
        y0 = ideal + dy
        if y0 < y_min or y0 + height > y_max:
            continue
        bounds = _bounds(d, stack, y0, margins, overflow=False)
        if bounds is None:
            continue
        xs, stray, slack = _fit_rows(bounds, px)
        if slack >= 0 and abs(dy) + stray < best:
            best = abs(dy) + stray
            found = (best, xs, y0)
    return found


@lru_cache(maxsize=32)
def _widest(d: str) -> float:
    _, lefts, rights = geo.scanlines()[d]
    return max(r - left for left, r in zip(lefts, rights, strict=True))


def _least_bad(d: str, stack: list[Row], margins: Margins) -> tuple[float, list[float], float]:
    """Where ``stack`` overflows least: (slack, the rows' centres, the stack's top)."""
    (px, py), _ = geo.label_points()[d]
    ideal = py - max(row[3] for row in stack) / 2
    best: tuple[float, list[float], float] = (-math.inf, [px] * len(stack), ideal)
    for dy in range(-40, 41, 2):
        bounds = _bounds(d, stack, ideal + dy, margins, overflow=True)
        assert bounds is not None  # with overflow, every row has its bounds
        xs, _, slack = _fit_rows(bounds, px)
        if slack > best[0]:
            best = (slack, xs, ideal + dy)
    return best


Option = tuple[float, list[str], list[str], bool, list[list[Piece]], list[str] | None, bool]


def _options(name: str, sub: str, bonus: bool, pieces: tuple[Piece, ...],
             tag: str | None) -> list[Option]:
    """Every way to set a label, cheapest first: (cost, name lines, sub-label lines, badge
    beside the sub-label, rows of pieces, tag lines, pieces and tag over the name)."""
    badges = [(True, list(pieces))]
    if bonus:
        badges = [(True, list(pieces)), (False, [("bonus", 0, 0), *pieces])]
    out = []
    for (lines, hy), (subs, sc), (beside, row_pieces), (tl, tc) in itertools.product(
            breakings(name, 3), _sub_lines(sub), badges, _tags(tag)):
        for rows, rc in _splits(row_pieces):
            base = (COST_LINE * (len(lines) - 1) + COST_HYPHEN * hy + sc + rc + tc
                    + (0 if beside else COST_BADGE)
                    + 0.15 * max(width(x, "mp-dname") for x in lines))
            out.append((base, lines, subs, beside and bonus, rows, tl, False))
            if rows or tl:
                out.append((base + COST_ABOVE, lines, subs, beside and bonus, rows, tl, True))
    return sorted(out, key=lambda o: o[0])


#: the plans of every chapter's first board, in each language, computed ahead
#: (``python -m mp_tutor.widgets.princes.plans`` writes it; a test recomputes every plan and
#: checks that every chapter's first board is there): placing the labels is most of the
#: first map's time in the browser's Python, and that map is every chapter's first cell
PLANS = Path(__file__).with_name("plans.json")


def plan_key(args: PlanArgs) -> str:
    """What a plan is computed from (district, name, sub-label, bonus, pieces, tag,
    language, large print), as the key of ``plans.json``."""
    d, name, sub, bonus, pieces, tag, lang, large = args
    return json.dumps([d, name, sub, bonus, [list(p) for p in pieces], tag, lang, large],
                      ensure_ascii=False)


def plan_json(p: Plan) -> list[Any]:
    """A plan as JSON (:func:`plan_from_json` reads it back the same: ints stay ints)."""
    return [p.name, p.sub, p.badge, p.rows, p.tag, p.boxes, p.fits]


def plan_from_json(data: list[Any]) -> Plan:
    """The plan :func:`plan_json` wrote."""
    name, sub, badge, rows, tag, boxes, fits = data
    return Plan(name=[(line, x, y) for line, x, y in name], sub=[(line, x, y) for line, x, y in sub],
                badge=None if badge is None else (badge[0], badge[1]),
                rows=[([(k, p, n) for k, p, n in row], x, y) for row, x, y in rows],
                tag=None if tag is None else (list(tag[0]), tag[1], tag[2], tag[3]),
                boxes=[(x0, y0, x1, y1, kind) for x0, y0, x1, y1, kind in boxes], fits=fits)


@lru_cache(maxsize=1)
def shipped() -> dict[str, list[Any]]:
    """``plans.json``: {:func:`plan_key`: :func:`plan_json`} ({} if it is missing)."""
    try:
        table: dict[str, list[Any]] = json.loads(PLANS.read_text("utf-8"))["plans"]
    except FileNotFoundError:
        return {}
    return table


@lru_cache(maxsize=4096)
def _plan(d: str, name: str, sub: str, bonus: bool, pieces: tuple[Piece, ...],
          tag: str | None, lang: str, large: bool) -> Plan:
    got = shipped().get(plan_key((d, name, sub, bonus, pieces, tag, lang, large)))
    return plan_from_json(got) if got is not None else compute_plan(d, name, sub, bonus, pieces, tag)


def compute_plan(d: str, name: str, sub: str, bonus: bool, pieces: tuple[Piece, ...],
                 tag: str | None) -> Plan:
    """Fit the label of district ``d`` (in the language and print drawn now): the cheapest
    option at the widest margins that fits, else the option that overflows least."""
    options = _options(name, sub, bonus, pieces, tag)
    for margins in MARGINS:
        best, chosen = math.inf, None
        for extra, lines, subs, beside, rows, tag_lines, above in options:
            if extra >= best:
                break
            stack = _stack(lines, subs, beside, rows, tag_lines, above)
            got = _place(d, stack, margins, best - extra)
            if got is not None:
                best, chosen = extra + got[0], (stack, got[1], got[2], True)
        if chosen:
            return _build(*chosen)
    scored = []
    for extra, lines, subs, beside, rows, tag_lines, above in options[:LEAST_BAD_TRIES]:
        stack = _stack(lines, subs, beside, rows, tag_lines, above)
        slack, xs, y0 = _least_bad(d, stack, MARGINS[-1])
        scored.append((slack, -extra, stack, xs, y0))
    _, _, stack, xs, y0 = max(scored, key=lambda s: (s[0], s[1]))
    return _build(stack, xs, y0, False)


def _build(stack: list[Row], xs: list[float], y0: float, fits: bool) -> Plan:
    name: list[tuple[str, float, float]] = []
    sub: list[tuple[str, float, float]] = []
    badge, rows, tag, boxes = None, [], None, []
    for x, (kind, what, top, bottom, ref, w) in zip(xs, stack, strict=True):
        boxes.append((x - w / 2, y0 + top, x + w / 2, y0 + bottom, kind))
        if kind == "name":
            name.append((what, x, y0 + ref))
        elif kind == "sub":
            text_w = width(what, "mp-dsub")
            if w > text_w + 1:  # the badge beside it
                z = sizes()
                badge = (x - w / 2 + z.badge_w / 2, y0 + ref - z.badge_up)
                x = x + w / 2 - text_w / 2
            sub.append((what, x, y0 + ref))
        elif kind == "pieces":
            rows.append((what, x - w / 2, y0 + ref))
        else:
            tag = (what, x, y0 + top, w)
    return Plan(name=name, sub=sub, badge=badge, rows=rows, tag=tag, boxes=boxes, fits=fits)


_ASKED: ContextVar[set[PlanArgs] | None] = ContextVar("mp_tutor_plans_asked", default=None)


def plan(d: str, name: str, sub: str, bonus: bool, pieces: list[Piece],
         tag: str | None) -> Plan:
    """The label of district ``d`` with these words and pieces, fitted inside its region."""
    args = (d, name, sub, bonus, tuple(pieces), tag, get_language(), is_large())
    asked = _ASKED.get()
    if asked is not None:
        asked.add(args)
    return _plan(*args)


@contextmanager
def asked() -> Iterator[set[PlanArgs]]:
    """The plans asked for inside the ``with`` block (what :func:`_plan` is given), to
    compute the table ``plans.json`` ahead."""
    got: set[PlanArgs] = set()
    token = _ASKED.set(got)
    try:
        yield got
    finally:
        _ASKED.reset(token)


__all__ = ["LARGE_SIZES", "NORMAL", "PLANS", "Plan", "Sizes", "chip_width", "compute_plan", "piece_width",
           "asked", "plan", "plan_from_json", "plan_json", "plan_key", "shipped", "sizes"]
