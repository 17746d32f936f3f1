"""The boards beside the map: time track and moon tiles, Priests and Virgins, the market,
the Incatrail, each player's pieces, and the final scores. Each is one small ``<svg>``
drawn at its natural size (its text is as large on the screen as its font size says).

>>> from mp_tutor import Game
>>> parts = cards(Game.new(players=3, seed=1).view(0))
>>> [name for name, _ in parts][:4]
['time', 'priests', 'market', 'trail']
>>> "data-goods=\\"0-coca\\"" in dict(parts)["player-0"]
True
"""

from __future__ import annotations

from functools import partial

from ...core.i18n import render, t, tn
from ...core.markup import Markup, el, join
from ..data import CARDS, COLOURS, DATA, GOODS, MOON_TILES, PRIESTS
from ..text import (
    amount,
    colour,
    district,
    good,
    goods_list,
    priest,
    priests,
    profession,
    tile_label,
)
from ..views import PrincesView
from .fit import breakings, width, wrap
from .style import GOOD_COLOURS, INK, PALETTE, cached

CARD_W = 300
H2 = 15
#: the inner width of a card (10 px each side), and a text line's step
INNER = CARD_W - 20
STEP = 16
#: room a hand card keeps for its gold disc (and a gap before it); the least space
#: between two columns of the score table
GOLD_ROOM, MIN_GAP = 21, 8


def _text(x: float, y: float, s: object, cls: str = "mp-small", anchor: str = "start",
          **kw: str | float | None) -> Markup:
    return el("text", render(s) if not isinstance(s, str) else s, x=x, y=y, cls=cls,
              text_anchor=anchor, **kw)


def _lines(x: float, y: float, lines: list[str], cls: str = "mp-small", step: float = STEP,
           anchor: str = "start", **kw: str | float | None) -> Markup:
    """Lines of text, one under another, the first with its baseline at ``y``."""
    return join([_text(x, y + i * step, line, cls, anchor, **kw) for i, line in enumerate(lines)])


def _card(name: str, title: object, h: float, *body: Markup, w: float = CARD_W) -> Markup:
    return el("svg", el("rect", x=1, y=1, width=w - 2, height=h - 2, rx=8, cls="mp-card-bg"),
              _text(10, 20, title, "mp-h"), *body, xmlns="http://www.w3.org/2000/svg",
              viewBox=f"0 0 {w:g} {h:g}", width=w, height=h, cls="mp-side", data_card=name)


def time_card(view: PrincesView) -> Markup:
    """Days and nights, moon tiles on the board, the Sun Tile and the deck."""
    out = []
    last, day = DATA.last_day, view["day"]
    corn = set(view["time_track"]["corn"])
    cell = (CARD_W - 20) / (last * 1.6)
    x = 10.0
    for d in range(1, last + 1):
        cur = d == day
        out.append(el("g", el("title", render(t("day {n}", n=d))),
                      el("rect", x=x, y=30, width=cell, height=22, rx=4),
                      _text(x + cell / 2, 46, str(d), "mp-day-text", "middle"),
                      cls="mp-day mp-day-current" if cur else "mp-day", data_day=d))
        x += cell
        if d < last:
            label = render(t("night after day {n}: 1 corn", n=d) if d in corn
                           else t("night after day {n}", n=d))
            out.append(el("g", el("title", label),
                          el("circle", cx=x + cell * 0.3, cy=41, r=6, cls="mp-moon"),
                          el("circle", cx=x + cell * 0.3, cy=41, r=3, cls="mp-corn-dot")
                          if d in corn else None, cls="mp-night", data_night=d))
            x += cell * 0.6
    out.append(_text(10, 72, t("Moon tiles on the board"), "mp-label"))
    on = set(view["moon_tiles"])
    x, y = 10.0, 80.0
    for tile in MOON_TILES:
        label = render(tile_label(tile))
        w = width(label, "mp-tile-text") + 14
        if x + w > CARD_W - 8:
            x, y = 10.0, y + 24
        out.append(el("g", el("title", label if tile in on else render(t("{tile} (taken)", tile=label))),
                      el("rect", x=x, y=y, width=w, height=20, rx=10),
                      _text(x + w / 2, y + 14, label, "mp-tile-text", "middle"),
                      cls="mp-tile" if tile in on else "mp-tile mp-tile-gone", data_tile=tile))
        x += w + 4
    shift = y - 80
    held = view["sun_tile"]
    sun = (t("Sun Tile: {who} (starts the next day)", who=colour(held)) if held is not None
           else t("Sun Tile: not taken yet"))
    sun_lines = wrap(render(sun), "mp-small", CARD_W - 10 - 34)
    out.append(el("g", el("circle", cx=20, cy=118 + shift, r=9, cls="mp-sun-disc"),
                  _lines(34, 122 + shift, sun_lines), cls="mp-sun",
                  data_sun=held if held is not None else ""))
    shift += STEP * (len(sun_lines) - 1)
    deck = wrap(render(tn("Sacrifice deck: {n} card", "Sacrifice deck: {n} cards", view["deck"])),
                "mp-small", INNER)
    out.append(el("g", _lines(10, 146 + shift, deck), cls="mp-deck", data_deck=view["deck"]))
    shift += STEP * (len(deck) - 1)
    return _card("time", t("Day {day} of {last}", day=day, last=last), 156 + shift, *out)


def priests_card(view: PrincesView) -> Markup:
    """The three rows of Priests and Virgins: how many are left, their step value and cost."""
    steps = render(t("steps per llama"))
    title = render(t("Priests and Virgins"))
    y = 30
    if width(title, "mp-h") + 12 + width(steps, "mp-tiny") > INNER:
        out = [_text(CARD_W - 10, 36, steps, "mp-tiny", "end")]  # under the title
        y += 12
    else:
        out = [_text(CARD_W - 10, 20, steps, "mp-tiny", "end")]
    for kind, spec in PRIESTS.items():
        row = view["rows"][kind]
        taken = spec.count - row["left"]
        cost = render(goods_list(row["cost"]))
        out.append(el(
            "g", el("title", render(t("{who}: {n} left, cost {cost}", who=priests(kind), n=row["left"],
                                      cost=cost))),
            _text(10, y + 14, priests(kind), "mp-label"),
            *[el("rect", x=10 + i * 13, y=y + 20, width=10, height=14, rx=2,
                 cls="mp-pcard" if i >= taken else "mp-pcard-gone") for i in range(spec.count)],
            _text(98, y + 32, tn("{n} left", "{n} left", row["left"]), "mp-tiny"),
            el("rect", x=CARD_W - 44, y=y + 4, width=34, height=26, rx=4, cls="mp-value"),
            _text(CARD_W - 27, y + 23, str(row["value"]), "mp-value-text", "middle"),
            _lines(10, y + 48, wrap(render(t("cost: {cost}", cost=cost)), "mp-tiny", INNER),
                   "mp-tiny", 13),
            cls="mp-row", data_row=kind, data_left=row["left"], data_value=row["value"]))
        y += 54 + 13 * (len(wrap(render(t("cost: {cost}", cost=cost)), "mp-tiny", INNER)) - 1)
    return _card("priests", title, y + 6, *out)


def market_card(view: PrincesView) -> Markup:
    """The four market columns (units on their price slots), prices and the bank."""
    out = []
    cols = list(view["market"])
    cw = (CARD_W - 20) / len(cols)
    slots = DATA.market_slots
    for i, g in enumerate(cols):
        x = 10 + i * cw
        units = view["market"][g]
        pr = view["market_prices"][g]
        cells = [_text(x + cw / 2, 42, good(g), "mp-label", "middle")]
        for k, price in enumerate(slots):
            y = 50 + k * 22
            cells.append(el("rect", x=x + 8, y=y, width=cw - 16, height=19, rx=4, cls="mp-slot"))
            cells.append(_text(x + 18, y + 14, str(price), "mp-slot-price", "middle"))
            if k < units:
                cells.append(el("circle", cx=x + cw - 22, cy=y + 9.5, r=7, fill=GOOD_COLOURS[g],
                                cls="mp-unit"))
        y = 50 + len(slots) * 22 + 14
        cells.append(_text(x + cw / 2, y, t("buy {n}", n=pr["buy"]), "mp-small", "middle"))
        cells.append(_text(x + cw / 2, y + 15, t("sell {n}", n=pr["sell"]), "mp-small", "middle"))
        bank = view["bank"][g]
        cells.append(_text(x + cw / 2, y + 30, t("bank {n}", n=bank), "mp-tiny", "middle"))
        out.append(el("g", el("title", render(t("{good}: buy for {buy} corn, sell for {sell} corn",
                                                good=good(g), buy=pr["buy"], sell=pr["sell"]))),
                      *cells, cls="mp-market", data_good=g, data_units=units))
    return _card("market", t("Market (prices in corn)"), 50 + len(slots) * 22 + 52, *out)


def trail_card(view: PrincesView) -> Markup:
    """The Incatrail: fields, the Granary, the Llama Stable, the summit and every Scout."""
    tr = DATA.trail
    n = tr["length"]
    per_row = (n + 2) // 2
    fw = (CARD_W - 20) / per_row
    out = []
    marks = {tr["granary"]: (t("Granary: {what}", what=amount(tr["granary_corn"], "corn")), "mp-granary"),
             tr["stable"]: (t("Llama Stable: {what}", what=amount(tr["stable_llama"], "llama")),
                            "mp-stable"),
             n: (t("summit: Sacrifice Cards"), "mp-summit")}
    for i in range(n + 1):
        row, col = divmod(i, per_row)
        x, y = 10 + col * fw, 34 + row * 46
        label, cls = marks.get(i, (None, ""))
        out.append(el("g", el("title", render(label) if label else str(i)),
                      el("rect", x=x + 1, y=y, width=fw - 2, height=20, rx=3),
                      _text(x + fw / 2, y + 14, str(i), "mp-field-text", "middle"),
                      cls=f"mp-field {cls}".strip(), data_field=i))
    stacks: dict[int, int] = {}
    for p, pos in enumerate(view["scouts"]):
        k = stacks.get(pos, 0)
        stacks[pos] = k + 1
        row, col = divmod(pos, per_row)
        cx, cy = 10 + col * fw + fw / 2, 34 + row * 46 + 27 + k * 3
        c = COLOURS[p]
        out.append(el("g", el("title", render(t("{who}'s Scout on {n}", who=colour(p), n=pos))),
                      el("circle", cx=cx + k * 4, cy=cy, r=6, fill=PALETTE[c], stroke="#111"),
                      cls="mp-piece mp-scout", data_scout=p, data_pos=pos))
    lines = [line for label, _ in marks.values() for line in wrap(render(label), "mp-tiny", INNER)]
    out.append(_lines(10, 34 + 2 * 46 + 2, lines, "mp-tiny", 14))
    return _card("trail", t("Incatrail"), 34 + 2 * 46 + 2 + len(lines) * 14, *out)


def _hand(p: int, hand: list[int] | None, drawn: list[int] | None, count: int,
          y: float) -> tuple[Markup, float]:
    """The cards in a hand, two to a row (a card whose names are too long for half a row
    takes a whole row); returns them and the y under them."""
    if hand is None:
        return _text(10, y + 14, tn("{n} card (hidden)", "{n} cards (hidden)", count)), y + 34
    out = []
    x, half = 10.0, (INNER - 4) / 2
    row_used = False
    for cid in sorted(set(hand) | set(drawn or [])):
        card = CARDS[cid]
        icons = [render(_icon(i)) for i in card.icons]
        names = render(t("{a} + {b}", a=_icon(card.icons[0]), b=_icon(card.icons[1])))
        label = render(t("card {id}: {names}, {gold} gold", id=cid, names=names, gold=card.gold))
        need = max(width(i, "mp-card-icon") for i in icons) + 4 + GOLD_ROOM
        w = half if need <= half else INNER
        if row_used and x + w > CARD_W - 10 + 0.5:
            x, y = 10.0, y + 34
        out.append(el("g", el("title", label),
                      el("rect", x=x, y=y, width=w, height=30, rx=4),
                      _text(x + 4, y + 12, icons[0], "mp-card-icon"),
                      _text(x + 4, y + 25, icons[1], "mp-card-icon"),
                      el("circle", cx=x + w - 10, cy=y + 15, r=7.5, cls="mp-gold"),
                      _text(x + w - 10, y + 18.5, str(card.gold), "mp-gold-text", "middle"),
                      cls="mp-card mp-card-drawn" if cid in (drawn or []) else "mp-card",
                      data_card_id=cid))
        x += w + 4
        row_used = True
    return join(out), y + (34 if row_used else 0)


def _icon(icon: str) -> object:
    return priest(icon) if icon in PRIESTS else profession(icon)


def _goods_row(p: int, goods: dict[str, int]) -> Markup:
    """Each good: its disc, how many, and its name under them; the slots as wide as their
    words, the space left shared out between them."""
    names = [render(good(g)) for g in GOODS]
    need = [max(width(name, "mp-tiny"), 21 + width(str(goods[g]), "mp-count"))
            for g, name in zip(GOODS, names, strict=True)]
    gap = (INNER - sum(need)) / (len(GOODS) - 1)
    out, x = [], 10.0
    for g, name, w in zip(GOODS, names, need, strict=True):
        n = goods[g]
        out.append(el("g", el("title", render(amount(n, g))),
                      el("circle", cx=x + 9, cy=60, r=8, fill=GOOD_COLOURS[g], stroke="#333"),
                      _text(x + 21, 65, str(n), "mp-count"),
                      _text(x, 78, name, "mp-tiny"),
                      cls="mp-good", data_goods=f"{p}-{g}", data_count=n))
        x += w + gap
    return join(out)


def player_card(view: PrincesView, p: int) -> Markup:
    """One player's pieces: Prince, goods, Incas, Scout, Priests, moon tiles, cards."""
    pl = view["player"][p]
    c = COLOURS[p]
    acting = (view.get("pending") or {}).get("player") == p
    head = render(colour(p))
    if view.get("sun_tile") == p:
        head = render(t("{who} · Sun Tile", who=head))
    where = district(pl["prince"]) if pl["prince"] else t("not on the board yet")
    prince = wrap(render(t("Prince: {where}", where=where)), "mp-small", INNER,
                  keep=[render(where)])
    shift = STEP * (len(prince) - 1)
    out = [el("rect", x=1, y=1, width=CARD_W - 2, height=26, rx=8, fill=PALETTE[c]),
           _text(10, 19, head, "mp-phead", style=f"fill:{INK[c]}"),
           _lines(10, 44, prince),
           el("g", _goods_row(p, pl["goods"]), transform=f"translate(0 {shift:g})")
           if shift else _goods_row(p, pl["goods"])]
    held = [f"{render(priests(k))} {n}" for k, n in pl["priests"].items() if n]
    tiles = [render(tile_label(x)) for x in pl["moon_tiles"]]
    lines = []
    acquired = (t("Priests and Virgins: {list}", list=", ".join(held)) if held
                else t("Priests and Virgins: none"))
    moon = (t("Moon tiles: {list}", list=render(join(tiles, ", "))) if tiles
            else t("Moon tiles: none"))
    for text, keep in ((t("Incas in the supply: {n} · Scout on {s}", n=pl["supply"],
                          s=pl["scout"]), []), (acquired, held), (moon, tiles)):
        lines += wrap(render(text), "mp-small", INNER, keep=keep)
    y = 96 + shift
    out.append(_lines(10, y, lines))
    y += STEP * len(lines)
    hand, bottom = _hand(p, pl["hand"], pl.get("drawn"), pl["cards"], y - 8)
    out.append(el("g", hand, cls="mp-hand", data_cards=p))
    h = bottom - 8 + 2 + 8
    cls = "mp-side mp-player mp-acting" if acting else "mp-side mp-player"
    return el("svg", el("rect", x=1, y=1, width=CARD_W - 2, height=h - 2, rx=8, cls="mp-card-bg",
                        stroke=PALETTE[c]), *out, xmlns="http://www.w3.org/2000/svg",
              viewBox=f"0 0 {CARD_W} {h:g}", width=CARD_W, height=h, cls=cls,
              data_card=f"player-{p}", data_player_panel=p)


def _columns(heads: list[str], rows: list[list[str]]) -> tuple[list[list[str]], list[float]]:
    """The score table's headings (one or two lines each) and its columns' right edges
    (the first column's left edge): each column as wide as its widest heading line or cell,
    headings broken (at spaces or the hyphenation points of breaks.toml) only while the
    table is wider than the card, the space left shared out between the columns."""
    cells = [max([width(r[i], "mp-small") for r in rows] or [0.0]) for i in range(len(heads))]
    lines = [[h] for h in heads]

    def col(i: int) -> float:
        return max(cells[i], *(width(x, "mp-th") for x in lines[i]))

    while sum(col(i) for i in range(len(heads))) + MIN_GAP * (len(heads) - 1) > INNER:
        i = max(range(len(heads)), key=lambda i: col(i) - cells[i] if len(lines[i]) == 1 else -1)
        if len(lines[i]) > 1:
            break
        split = [b for b, _ in breakings(heads[i], 2) if len(b) == 2]
        if not split:
            lines[i] = [heads[i], ""]  # nothing to break: leave it
            continue
        lines[i] = min(split, key=lambda b: max(width(x, "mp-th") for x in b))
    lines = [[x for x in ls if x] for ls in lines]
    widths = [col(i) for i in range(len(heads))]
    gap = max(MIN_GAP, (INNER - sum(widths)) / (len(heads) - 1))
    edges, x = [], 10.0
    for i, w in enumerate(widths):
        edges.append(x if i == 0 else x + w)
        x += w + gap
    return lines, edges


def outcome_card(view: PrincesView) -> Markup | None:
    """The ending and everyone's score, once the game is over."""
    out = view.get("outcome")
    if not out:
        return None
    heads = [render(h) for h in (t("player"), t("VP"), t("gold"), t("multiplier"), t("final"),
                                 t("goods"), t("rank"))]
    rows = [[render(colour(sc["player"])), str(sc["vp"]), str(sc["gold"]), f"x{sc['multiplier']}",
             str(sc["final"]), str(sc["goods_units"]), str(sc["rank"])] for sc in out["scores"]]
    head_lines, xs = _columns(heads, rows)
    said = wrap(render(out["text"]), "mp-small", INNER)
    y = 40 + STEP * (len(said) - 1)
    tall = max(len(h) for h in head_lines)
    y += 20 + 13 * (tall - 1)
    body = [_lines(10, 40, said)]
    for i, (x, lines) in enumerate(zip(xs, head_lines, strict=True)):
        body.append(_lines(x, y - 13 * (len(lines) - 1), lines, "mp-th", 13,
                           anchor="start" if i == 0 else "end"))
    for row in rows:
        y += 17
        body += [_text(x, y, v, "mp-small", "start" if i == 0 else "end")
                 for i, (x, v) in enumerate(zip(xs, row, strict=True))]
    return _card("outcome", t("Game over"), y + 12, *body)


def cards(view: PrincesView) -> list[tuple[str, Markup]]:
    """Every side board, as ``(name, svg)`` pairs in reading order (each drawn again only
    when what it shows changed)."""
    v = view
    pend = (v.get("pending") or {}).get("player")
    out = [
        ("time", cached("time", [v["day"], v["time_track"], v["moon_tiles"], v["sun_tile"], v["deck"]],
                        lambda: time_card(v))),
        ("priests", cached("priests", v["rows"], lambda: priests_card(v))),
        ("market", cached("market", [v["market"], v["market_prices"], v["bank"]],
                          lambda: market_card(v))),
        ("trail", cached("trail", v["scouts"], lambda: trail_card(v))),
    ]
    if v.get("outcome"):
        out.insert(0, ("outcome", cached("outcome", v["outcome"], lambda: outcome_card(v))))
    for p in range(v["players"]):
        out.append((f"player-{p}", cached("player", [p, v["player"][p], pend == p, v["sun_tile"]],
                                          partial(player_card, v, p))))
    return out


__all__ = ["CARD_W", "cards", "market_card", "outcome_card", "player_card", "priests_card",
           "time_card", "trail_card"]
