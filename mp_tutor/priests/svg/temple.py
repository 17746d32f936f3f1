"""The temple: the grid with its sun squares, centre and start squares, the priests, and the
four stairs around it with their cards.

Everything comes from ``view`` (``Game.view(viewer)``) and the click ``targets``
(``{"stair-north": {...}, "square-r1c2": {...}, "card-44": {...}}``; a target the learner
picked carries ``"selected": True``). A card laid face down shows its back to a viewer who
may not see it (the view gives no number then).

>>> from mp_tutor.priests import Game
>>> game = Game.new(players=3, seed=2)
>>> _ = game.apply("lay 10 north")
>>> svg = temple(game.view(1), {})
>>> svg.count('class="mp-pr-square'), svg.count('data-stair='), 'data-card="10"' in svg
(25, 4, True)
"""

from __future__ import annotations

from collections.abc import Mapping

from ...core.i18n import Msg, render, t
from ...core.markup import Markup, clickable, el, join
from ...core.views import JSON
from ..data import COLOURS
from ..tables import CENTRE, HEIGHTS, SIZE, SQUARE_NAMES, STAIRS, START, SUN_SQUARES
from ..targets import SQUARE, STAIR, PlaceTarget, TargetKind, selected_card
from ..text import colour, priest, stair
from ..views import PriestsView
from .style import (
    BAND,
    CARD_BACK,
    CARD_FACE,
    CARD_H,
    CARD_W,
    CELL,
    CENTRE_FILL,
    GRID_LINE,
    MARGIN,
    NORMAL,
    OWN_RING,
    ROBE,
    SELECTED,
    SQUARE_FILL,
    STAIR_FILL,
    SUN_FILL,
    TARGET,
    WALL,
    Print,
    arrow,
    chip,
    chip_width,
    sun_icon,
    text,
)

#: the grid's top-left corner and side; the whole temple block's side (in the normal print:
#: the large one's West and East bands are wider, :func:`grid_x`, :func:`block_w`)
GX = GY = MARGIN + BAND
SIDE = SIZE * CELL
BLOCK = 2 * BAND + SIDE
#: where a stair lies, by its compass name (the data file names the stairs)
SIDES = {"north": "top", "south": "bottom", "west": "left", "east": "right"}
#: the direction a card's arrow points: into the temple
INWARD = {"top": "south", "bottom": "north", "left": "east", "right": "west"}


def grid_x(pr: Print = NORMAL) -> float:
    """The grid's left side in the print ``pr``."""
    return MARGIN + pr.band_x


def block_w(pr: Print = NORMAL) -> float:
    """The temple block's width in the print ``pr`` (its height is :data:`BLOCK`)."""
    return 2 * pr.band_x + SIDE


def square_xy(name: str, pr: Print = NORMAL) -> tuple[float, float]:
    """The top-left corner of a square named like ``r1c2``."""
    q = SQUARE_NAMES.index(name)
    r, c = divmod(q, SIZE)
    return grid_x(pr) + c * CELL, GY + r * CELL


def priest_radius(height: int, pr: Print = NORMAL) -> float:
    """Taller priests are drawn larger (``pr``: the print)."""
    return pr.priest_radius(height)


def owned(view: PriestsView) -> set[int]:
    """The priests of the viewer's priest card (every card, at the end: none is marked then)."""
    v = view.get("viewer")
    if v is None or view.get("over"):
        return set()
    return set(view["player"][v].get("priests") or [])


def priest_figure(h: int, cx: float, cy: float, own: bool = False, title: object = None,
                  scale: float = 1.0, r: float | None = None, spot: str | None = None,
                  pr: Print = NORMAL) -> Markup:
    """A priest: a robe-coloured disc sized by height (or of radius ``r``), its height on it;
    ``spot``: the place a click on it is a click on (its square)."""
    r = r if r is not None else priest_radius(h, pr) * scale
    return el("g", el("title", render(title)) if title is not None else None,
              el("circle", cx=cx, cy=cy, r=r + 3, fill="none", stroke=OWN_RING, stroke_width=3)
              if own else None,
              el("circle", cx=cx, cy=cy, r=r, fill=ROBE, stroke="#2a1d40", stroke_width=1.5),
              el("text", str(h), x=cx, y=cy + r * 0.38, cls="mp-pr-priest-num", text_anchor="middle",
                 style=f"font-size:{max(pr.priest_num, r * 1.05):.0f}px"),
              cls="mp-pr-priest", data_priest=h, data_spot=spot)


def target_text(play: Msg, target: PlaceTarget) -> Msg:
    """What a click on a square or a stair that is a target does (its accessible name): an
    edit's own words (the studio's), else what it does in play (``play``)."""
    if target.what is TargetKind.EDIT:
        return Msg("{what}", {"what": target.says})
    return play


def _square(q: int, view: PriestsView, target: PlaceTarget | None, pr: Print) -> Markup:
    name = SQUARE_NAMES[q]
    x, y = square_xy(name, pr)
    moon = view["sun_moon"]["kind"] == "moon"
    if q == CENTRE:
        fill, what = CENTRE_FILL, t("the centre {square}: sun tokens", square=name)
    elif q in SUN_SQUARES:
        fill = SUN_FILL
        what = (t("sun square {square}: no sun token on a moon card", square=name) if moon
                else t("sun square {square}: a sun token on a sun card", square=name))
    else:
        fill, what = SQUARE_FILL, t("square {square}", square=name)
    starts = [HEIGHTS[i] for i, s in enumerate(START) if s == q]
    for h in starts:
        what = t("{what}, the start square of {priest}", what=what, priest=priest(h))
    says = target_text(t("{square}: put the priest here", square=name), target) if target else what
    parts = [el("title", render(says)),
             el("rect", x=x, y=y, width=CELL, height=CELL, fill=fill, stroke=GRID_LINE,
                stroke_width=1.2)]
    if q == CENTRE:
        parts += [sun_icon(x + 11, y + 11, r=5.5), sun_icon(x + CELL - 11, y + 11, r=5.5)]
    elif q in SUN_SQUARES:
        parts.append(sun_icon(x + CELL - 11, y + 11, r=5.5, opacity=0.4 if moon else 1.0))
    taken = any(at["square"] == name for at in view["priests"].values())
    for h in starts:
        # its number only on a free square: a priest standing there would cover it (the
        # square's title says whose start square it is); in the large print, inside its
        # circle (in a corner, it would cross the circle of a tall priest)
        r = priest_radius(h, pr)
        number = (text(x + CELL / 2, y + CELL / 2 + 4 + pr.size("mp-pr-start-num") * 0.36, str(h),
                       "mp-pr-start-num", "middle") if pr.large
                  else text(x + 4, y + CELL - 5, str(h), "mp-pr-start-num"))
        parts.append(el("g", el("circle", cx=x + CELL / 2, cy=y + CELL / 2 + 4, r=r,
                                fill="none", stroke="#8a7a55", stroke_width=1.5,
                                stroke_dasharray="4 3"),
                        None if taken else number, cls="mp-pr-start", data_start=h))
    if target:  # a place to click (solid: the priest the studio's editor has chosen)
        parts.append(el("rect", x=x + 3, y=y + 3, width=CELL - 6, height=CELL - 6, rx=4, fill="none",
                        stroke=SELECTED if target.selected else TARGET, stroke_width=4,
                        stroke_dasharray=None if target.selected else "7 4"))
    row, col = divmod(q, SIZE)  # the grid: the squares of its row and its column
    click = clickable(f"square-{name}", bool(target), render(says),
                      near=[f"{SQUARE}{n}" for i, n in enumerate(SQUARE_NAMES)
                            if i != q and (i // SIZE == row or i % SIZE == col)])
    cls = "mp-pr-square mp-pr-target" if target else "mp-pr-square"
    return el("g", *parts, cls=cls, data_square=name, **click)


def _grid(view: PriestsView, targets: Mapping[str, PlaceTarget], pr: Print) -> Markup:
    squares = [_square(q, view, targets.get(f"{SQUARE}{SQUARE_NAMES[q]}"), pr)
               for q in range(SIZE * SIZE)]
    gx = grid_x(pr)
    above = 5 if pr.large else 6  # the columns' names between the North card and the wall
    coords = [text(gx + c * CELL + CELL / 2, GY - above, f"c{c}", "mp-pr-coord", "middle")
              for c in range(SIZE)]
    coords += [text(gx - 6, GY + r * CELL + CELL / 2 + 5, f"r{r}", "mp-pr-coord", "end")
               for r in range(SIZE)]
    return join([el("rect", x=gx - 3, y=GY - 3, width=SIDE + 6, height=SIDE + 6, fill="none",
                    stroke=WALL, stroke_width=3), *squares, *coords])


def _priests(view: PriestsView, pr: Print) -> Markup:
    mine = owned(view)
    out = []
    outside = []
    for h in HEIGHTS:
        at = view["priests"][str(h)]
        if at["square"] is None:
            outside.append(h)
            continue
        x, y = square_xy(at["square"], pr)
        title = t("{priest} on {square}", priest=priest(h), square=at["square"])
        out.append(priest_figure(h, x + CELL / 2, y + CELL / 2 + 4, h in mine, title,
                                 spot=f"{SQUARE}{at['square']}", pr=pr))
    if outside:  # in the corner above the West stair: in a row, or two by two (large print)
        out.append(text(MARGIN + 4, MARGIN + (18 if pr.large else 16), t("outside:"), "mp-pr-tiny"))
        for k, h in enumerate(outside):
            cx: float
            cy: float
            r: float | None
            if pr.outside is None:
                cx, cy, r = MARGIN + 16 + k * 30, MARGIN + 44, None
            else:
                r = pr.outside
                cx = MARGIN + 4 + r + (k % 2) * (2 * r + 6)
                cy = MARGIN + 26 + r + (k // 2) * (2 * r + 6)
            out.append(priest_figure(h, cx, cy, h in mine, t(
                "{priest} left the temple: it returns at the end of the round", priest=priest(h)),
                scale=0.6, r=r, pr=pr))
    return el("g", *out, cls="mp-pr-priests")


def card_xy(name: str, pr: Print = NORMAL) -> tuple[float, float]:
    """The top-left corner of the card place of a stair."""
    side = SIDES[name]
    gx = grid_x(pr)
    mid, middle = gx + SIDE / 2, GY + SIDE / 2
    if side == "top":
        return mid - CARD_W / 2, MARGIN
    if side == "bottom":
        return mid - CARD_W / 2, GY + SIDE + BAND - CARD_H
    # beside the grid: in the middle; in the large print, just over who laid the card
    # (:func:`_side_who`)
    y = _side_who(pr) - pr.chip_h / 2 - 8 - CARD_H if pr.large else middle - CARD_H / 2
    return (MARGIN if side == "left" else gx + SIDE + pr.band_x - CARD_W), y


def _side_who(pr: Print) -> float:
    """Where who laid the West or East stair's card is, in the large print (the middle):
    between the names of the rows r3 and r4, beside the grid."""
    return GY + 4 * CELL - 1


def card_face(x: float, y: float, card: int | None, known: bool, hidden: bool, inward: str,
              w: float = CARD_W, h: float = CARD_H, num_cls: str = "mp-pr-card-num") -> Markup:
    """A direction card: its number and its arrow (face up), or its back (face down).

    ``card`` None and ``hidden``: a card the viewer may not see; ``known``: a face-down card
    whose number the viewer knows (their own, or the teacher's view).
    """
    back = [el("rect", x=x, y=y, width=w, height=h, rx=6, fill=CARD_BACK, stroke="#3b1a12",
               stroke_width=1.5, cls="mp-pr-face"),
            el("rect", x=x + 5, y=y + 5, width=w - 10, height=h - 10, rx=4, fill="none",
               stroke="#f6e7c8", stroke_width=1.2, stroke_dasharray="3 3")]
    if card is None:
        return el("g", *back, text(x + w / 2, y + h / 2 + 8, "?", "mp-pr-back-mark", "middle"),
                  cls="mp-pr-back")
    if hidden:  # face down, and this viewer knows its number: its back, the number peeking
        return el("g", *back,
                  el("rect", x=x + 7, y=y + h * 0.48 - 17, width=w - 14, height=22, rx=11,
                     fill=CARD_FACE, stroke="#3b1a12", stroke_width=1),
                  text(x + w / 2, y + h * 0.48, str(card), "mp-pr-peek-num", "middle"),
                  arrow(x + w / 2, y + h * 0.8, inward, size=6, colour="#f6e7c8"),
                  cls="mp-pr-card mp-pr-down")
    return el("g", el("rect", x=x, y=y, width=w, height=h, rx=6, fill=CARD_FACE, stroke="#3d3115",
                      stroke_width=1.5, cls="mp-pr-face"),
              text(x + w / 2, y + h * 0.48, str(card), num_cls, "middle"),
              arrow(x + w / 2, y + h * 0.74, inward, size=7),
              cls="mp-pr-card")


def _stair(name: str, view: PriestsView, target: PlaceTarget | None, pairs: dict[str, int],
           selected: int | None, players: list[str], others: dict[str, int], pr: Print) -> Markup:
    """A stair: its card (or free), who laid it, and during the first player's choice of
    order the priest the card moves (``others``: reversed, in the variant ``pairing``)."""
    st = view["stairs"][name]
    side = SIDES[name]
    x, y = card_xy(name, pr)
    parts: list[Markup | None] = []
    by = st["by"]
    if st["laid"]:
        known = st["card"] is not None
        hidden = not st["open"]
        parts.append(card_face(x, y, st["card"], known, hidden, INWARD[side]))
        if hidden and known:
            what = t("card {card}, face down: only you see its number", card=st["card"])
        elif hidden:
            what = t("a card face down")
        else:
            what = t("card {card}", card=st["card"])
        if by is not None:
            who = t("laid by {who}", who=colour(by))
        else:
            who = t("from the draw pile")
        title = t("{stair} stair: {what}, {who}", stair=stair(name), what=what, who=who)
    else:
        parts.append(el("rect", x=x, y=y, width=CARD_W, height=CARD_H, rx=6, fill=STAIR_FILL,
                        stroke="#8a7a55", stroke_width=1.5, stroke_dasharray="5 4", cls="mp-pr-slot"))
        parts.append(arrow(x + CARD_W / 2, y + CARD_H * 0.7, INWARD[side], size=7, colour="#8a7a55"))
        parts.append(text(x + CARD_W / 2, y + CARD_H * 0.36, t("free"), "mp-pr-free", "middle"))
        title = t("{stair} stair: free", stair=stair(name))
    editing = target is not None and target.what is TargetKind.EDIT
    if target and (not st["laid"] or editing):
        ready = selected is not None and not editing
        parts.append(el("rect", x=x - 4, y=y - 4, width=CARD_W + 8, height=CARD_H + 8, rx=8,
                        fill="none", stroke=SELECTED if ready else TARGET,
                        stroke_width=4 if ready else 2.5,
                        stroke_dasharray=None if ready else "6 4", cls="mp-pr-ring"))
        if ready:
            title = t("{stair} stair: click to lay card {card} here", stair=stair(name), card=selected)
        if target and editing:
            title = target_text(title, target)
    label = stair(name)
    # the stair's name, who laid the card, and (once all are turned up) the priest it moves
    lines: list[Markup] = []
    if side in ("top", "bottom"):
        lx = x - 12
        ty = y + CARD_H / 2 + 5
        lines.append(text(lx, ty, label, "mp-pr-label", "end"))
        rx = x + CARD_W + 12
        below = ty + (22 if pr.large else 20)  # under the chip
        if st["laid"]:
            lines.append(_who(by, rx, ty - 5, players, pr))
        if name in pairs:
            lines.append(text(rx, below, t("moves {priest}", priest=priest(pairs[name])), "mp-pr-tiny"))
        if name in others:  # on the other side of the card, under the stair's name
            lines.append(text(lx, below, t("reversed: {priest}", priest=priest(others[name])),
                              "mp-pr-tiny", "end"))
    elif pr.large:
        # beside the grid, the rows' names: who laid the card between those of the rows r3
        # and r4, the priests it moves under the grid (the East stair's end at its card)
        ex, anchor = (x + CARD_W, "end") if side == "right" else (x, "start")
        lines.append(text(ex, y - 10, label, "mp-pr-label", anchor))
        if st["laid"]:
            lines.append(_who(by, ex, _side_who(pr), players, pr, anchor))
        if name in pairs:
            lines.append(text(ex, GY + SIDE + 2, priest(pairs[name]), "mp-pr-tiny", anchor))
        if name in others:
            lines.append(text(ex, GY + SIDE + 22, t("reversed:"), "mp-pr-tiny", anchor))
            lines.append(text(ex, GY + SIDE + 42, priest(others[name]), "mp-pr-tiny", anchor))
    else:
        cx = x + CARD_W / 2
        lines.append(text(cx, y - 10, label, "mp-pr-label", "middle"))
        if st["laid"]:
            lines.append(_who(by, x - 2, y + CARD_H + 16, players))
        if name in pairs:
            lines.append(text(x, y + CARD_H + 42, priest(pairs[name]), "mp-pr-tiny"))
        if name in others:  # two short lines, kept off the grid (the East stair's end at its card)
            ex, anchor = (x + CARD_W, "end") if side == "right" else (x, "start")
            lines.append(text(ex, y + CARD_H + 58, t("reversed:"), "mp-pr-tiny", anchor))
            lines.append(text(ex, y + CARD_H + 74, priest(others[name]), "mp-pr-tiny", anchor))
    click = clickable(f"stair-{name}", bool(target), render(title),  # the stairs around the temple
                      near=[f"{STAIR}{n}" for n in STAIRS if n != name])
    cls = "mp-pr-stair mp-pr-target" if target else "mp-pr-stair"
    return el("g", el("title", render(title)), *parts, *lines, cls=cls, data_stair=name,
              data_laid=str(st["laid"]).lower(), data_open=str(st["open"]).lower(),
              data_card=st["card"] if st["card"] is not None else None, **click)


def _who(by: int | None, x: float, y: float, players: list[str], pr: Print = NORMAL,
         anchor: str = "start") -> Markup:
    """Who laid a stair's card: their chip, or the draw pile (``y``: the middle; ``anchor``:
    whether ``x`` is its start or its end)."""
    if by is None:
        return text(x, y + (6 if pr.large else 5), t("draw pile"), "mp-pr-tiny", anchor)
    name = players[by]
    return chip(x - chip_width(name, pr) if anchor == "end" else x, y, name, COLOURS[by], pr=pr)


def _moves(options: JSON, key: str) -> dict[str, int]:
    """Stair -> the priest its card moves, from the ``pairs`` of an order decision's options
    (JSON: ``{height: {"stair": name, ...}}``)."""
    table = options.get(key) if isinstance(options, dict) else None
    if not isinstance(table, dict):
        return {}
    return {stair: int(h) for h, pair in table.items()
            if isinstance(pair, dict) and isinstance(stair := pair.get("stair"), str)}


def temple(view: PriestsView, targets: Mapping[str, PlaceTarget], pr: Print = NORMAL) -> Markup:
    """The temple block: stairs, grid and priests (a group of the picture, in the print
    ``pr``)."""
    pend = view["pending"]
    opts = pend.get("options")
    ordering = pend.get("kind") == "order" and isinstance(opts, dict)
    pairs = _moves(opts, "pairs") if ordering else {}
    others = (_moves(opts, "pairs_smallest")
              if ordering and isinstance(opts, dict) and opts.get("move_order") == "pairing" else {})
    selected = selected_card(targets)
    if pend.get("kind") == "lay_drawn":  # the card drawn from the pile: no card to pick
        selected = next((v.card for v in targets.values() if v.what is TargetKind.CARD), None)
    players = [render(colour(p)) for p in range(view["players"])]
    stairs = [_stair(name, view, targets.get(f"{STAIR}{name}"), pairs, selected, players, others,
                     pr) for name in STAIRS]
    return el("g", el("rect", x=MARGIN / 2, y=MARGIN / 2, width=block_w(pr) + MARGIN,
                      height=BLOCK + MARGIN, rx=10, fill="#e7dfc9", stroke="#b9a77f"),
              _grid(view, targets, pr), _priests(view, pr), *stairs, cls="mp-pr-temple")


__all__ = ["BLOCK", "GX", "GY", "SIDE", "block_w", "card_face", "card_xy", "grid_x", "owned",
           "priest_figure", "priest_radius", "square_xy", "target_text", "temple"]
