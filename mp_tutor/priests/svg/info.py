"""Beside the temple: the round, the High Priest and the sun/moon card, the token displays
and each priest's five slots and value; and, as a side board, the players (hand counts,
priest cards, scores at the end).

Each part is a group at its place; ``column(view, x, y)`` stacks the first three and
returns the group and its height. Only what ``view`` shows is drawn: another player's hand
is a count of card backs, another player's priest card is hidden until the end.

>>> from mp_tutor.priests import Game
>>> view = Game.new(players=4, seed=1).view(2)
>>> svg, h = column(view, 0, 0)
>>> svg.count('data-token="sun"'), svg.count('data-token="fire"'), svg.count("data-slot=")
(12, 8, 20)
>>> players, _ = players_box(view, 0, 0)
>>> players.count('data-priest-card="'), players.count('data-priest-card=""')
(4, 3)
"""

from __future__ import annotations

from ...core.i18n import quoted, render, t, tn
from ...core.markup import Markup, el, join
from ..data import COLOURS, DATA
from ..text import INSTRUCTION_MEANING, colour, priest
from ..views import PriestsView
from .style import (
    COL_W,
    FIRE,
    NORMAL,
    PANEL_FILL,
    PANEL_LINE,
    SIDE_W,
    SUN,
    Print,
    chip,
    moon_icon,
    sun_icon,
    text,
)
from .temple import owned, priest_figure

PAD = 10
#: a token's radius in the normal print (:class:`~.style.Print` has each print's sizes)
TOKEN_R = NORMAL.token


def _box(x: float, y: float, h: float, *body: Markup | None, cls: str, w: float = COL_W,
         **data: str | float | None) -> Markup:
    return el("g", el("rect", x=x, y=y, width=w, height=h, rx=8, fill=PANEL_FILL,
                      stroke=PANEL_LINE), *body, cls=cls, **data)


def _lines(x: float, y: float, words: object, width: float, cls: str, pr: Print = NORMAL
           ) -> tuple[list[Markup], float]:
    """``words`` wrapped into lines from baseline ``y``; returns them and the next baseline."""
    out = []
    for line in pr.wrap(render(words), width, cls):
        out.append(text(x, y, line, cls))
        y += pr.line
    return out, y


def round_box(view: PriestsView, x: float, y: float, pr: Print = NORMAL) -> tuple[Markup, float]:
    """The round, the High Priest, the sun/moon card of the round and how many are left (not
    in the large print: the round's "Round 4 of 8" says it, one card a round)."""
    sm = view["sun_moon"]
    first = view["first"]
    big = 2 if pr.large else 0  # the large print's words sit a little lower
    out: list[Markup | None] = [text(x + PAD, y + 24, t("Round {round} of {rounds}",
                                                        round=view["round"], rounds=view["rounds"]),
                                     "mp-pr-h")]
    hp = render(t("High Priest:"))
    out.append(el("g", el("title", render(t("{who} holds the High Priest: the first player of the "
                                            "round", who=colour(first)))),
                  text(x + PAD, y + 50 + big, hp, "mp-pr-small"),
                  chip(x + PAD + pr.measure(hp, "mp-pr-small") + 8, y + 45 + big,
                       render(colour(first)), COLOURS[first], pr=pr),
                  cls="mp-pr-high-priest", data_first=first))
    kind = sm["kind"]
    top = y + 64 + big
    icon = sun_icon(x + 24, top + 22, r=9) if kind == "sun" else moon_icon(x + 24, top + 22, r=12)
    tx = x + 44
    room = pr.col_w - (tx - x) - PAD
    body = [text(tx, top + 20 + big, t("Sun card") if kind == "sun" else t("Moon card"),
                 "mp-pr-label")]
    lines, ty = _lines(tx, top + 20 + big + pr.line, quoted(sm["name"]), room, "mp-pr-small", pr)
    body += lines
    lines, ty = _lines(tx, ty, INSTRUCTION_MEANING[sm["instruction"]], room, "mp-pr-small", pr)
    body += lines
    gain = (t("sun squares and centre give sun tokens") if kind == "sun"
            else t("only the centre gives sun tokens"))
    lines, ty = _lines(tx, ty + 2, gain, room, "mp-pr-tiny", pr)
    body += lines
    if not pr.large:
        left = tn("{n} card left in the sun/moon pile", "{n} cards left in the sun/moon pile",
                  sm["left"])
        lines, ty = _lines(tx, ty + 2, left, room, "mp-pr-tiny", pr)
        body += lines
    card_h = ty - top - 6
    out.append(el("g", el("rect", x=x + 5, y=top, width=pr.col_w - 10, height=card_h, rx=6,
                          fill="#fff6cf" if kind == "sun" else "#e4e8f0",
                          stroke="#b37400" if kind == "sun" else "#2f3a56"),
                  icon, *body, cls="mp-pr-sun-moon", data_kind=kind, data_card=sm["card"],
                  data_left=sm["left"]))
    h = card_h + (top - y) + 6
    return _box(x, y, h, *out, cls="mp-pr-round", data_round=view["round"], w=pr.col_w), h


def token(kind: str, value: int, cx: float, cy: float, r: float = TOKEN_R, first: bool = False,
          pr: Print = NORMAL) -> Markup:
    """A sun token (yellow, plus) or a fire token (red, minus) with its value (smaller than
    the print's token, its number smaller too)."""
    fill = SUN if kind == "sun" else FIRE
    cls = "mp-pr-token-num" if kind == "sun" else "mp-pr-fire-num"
    size = f"font-size:{r + 2:.0f}px" if r < pr.token else None
    return el("g", el("circle", cx=cx, cy=cy, r=r + 3, fill="none", stroke="#111", stroke_width=2)
              if first else None,
              el("circle", cx=cx, cy=cy, r=r, fill=fill, stroke="#6b4a00" if kind == "sun" else "#5a1e00"),
              el("text", str(value), x=cx, y=cy + r * 0.38, cls=cls, text_anchor="middle", style=size),
              cls=f"mp-pr-token mp-pr-{kind}", data_token=kind, data_value=value)


def tokens_box(view: PriestsView, x: float, y: float, pr: Print = NORMAL) -> tuple[Markup, float]:
    """The sun and fire tokens still to be taken, in the order they are taken."""
    out: list[Markup] = []
    ty = y + (22 if pr.large else 20)
    r = pr.token
    step = 2 * r + 6
    per_row = max(1, int((pr.col_w - 2 * PAD) // step))
    rows = (("sun", view["tokens"]["sun"], t("Sun tokens left, lowest first"),
             t("No sun token is left.")),
            ("fire", view["tokens"]["fire"], t("Fire tokens left, smallest first"),
             t("No fire token is left.")))
    for kind, values, label, none in rows:
        lines, ty = _lines(x + PAD, ty, label, pr.col_w - 2 * PAD, "mp-pr-tiny", pr)
        out += lines
        if not values:
            out.append(text(x + PAD, ty + 4, none, "mp-pr-small"))
            ty += pr.line + 6
        for i, v in enumerate(values):
            row, c = divmod(i, per_row)
            out.append(token(kind, v, x + PAD + r + 3 + c * step, ty + r - 7 + row * step, r=r,
                             first=i == 0, pr=pr))
        ty += ((len(values) + per_row - 1) // per_row) * step + 10
    h = ty - y - 12
    return _box(x, y, h, *out, cls="mp-pr-tokens", data_sun=len(view["tokens"]["sun"]),
                data_fire=len(view["tokens"]["fire"]), w=pr.col_w), h


def slots_box(view: PriestsView, x: float, y: float, pr: Print = NORMAL) -> tuple[Markup, float]:
    """Each priest's slots with the tokens it took, and its value (sun minus fire); the last
    slot, which may hold two tokens, is wider in the large print (``Print.last``)."""
    mine = owned(view)
    out, ty = _lines(x + PAD, y + 21, t("Priests' tokens and values"), pr.col_w - 2 * PAD,
                     "mp-pr-label", pr)
    ty -= 8
    r = pr.token
    for h_key, at in view["priests"].items():
        h = int(h_key)
        mid = ty + pr.row / 2
        own = h in mine
        title = (t("{priest}: worth {value}; one of your priests", priest=priest(h), value=at["value"])
                 if own else t("{priest}: worth {value}", priest=priest(h), value=at["value"]))
        row = [el("title", render(title)),
               priest_figure(h, x + PAD + r + 1, mid, own, r=r, pr=pr)]
        sx = x + PAD + 2 * r + 8
        for k in range(DATA.slots):
            w = pr.last if k == DATA.slots - 1 else pr.slot
            row.append(el("rect", x=sx, y=mid - pr.slot / 2, width=w, height=pr.slot, rx=4,
                          fill="#fff", stroke="#a8997a", cls="mp-pr-slot-box", data_slot=f"{h}-{k}"))
            if k < len(at["slots"]):
                values = at["slots"][k]
                if len(values) == 1:
                    v = values[0]
                    row.append(token("sun" if v > 0 else "fire", v, sx + w / 2, mid, r=r, pr=pr))
                else:  # the centre exception: two sun tokens on the last slot
                    row.append(el("g", el("rect", x=sx + 1, y=mid - r + 1, width=w - 2,
                                          height=2 * r - 2, rx=r - 1, fill=SUN, stroke="#6b4a00"),
                                  text(sx + w / 2, mid + (6 if pr.large else 4),
                                       "+".join(map(str, values)), "mp-pr-pair-num", "middle"),
                                  cls="mp-pr-token mp-pr-sun mp-pr-pair", data_token="sun",
                                  data_value=sum(values)))
            sx += w + 3
        row.append(text(x + pr.col_w - PAD, mid + 7, str(at["value"]), "mp-pr-value", "end"))
        out.append(el("g", *row, cls="mp-pr-slots", data_priest_row=h, data_value=at["value"],
                      data_filled=at["filled"]))
        ty += pr.row
    height = ty - y + 6
    return _box(x, y, height, *out, cls="mp-pr-slots-box", w=pr.col_w), height


def players_box(view: PriestsView, x: float, y: float, w: float = SIDE_W
                ) -> tuple[Markup, float]:
    """Every player: name, cards in hand (backs; the teacher sees the numbers), priest card
    (the viewer's own; everybody's at the end, with the score)."""
    res = view.get("outcome")
    head = t("Players: the game is over ({how})", how=res["text"]) if res else t("Players")
    out, ty = _lines(x + PAD, y + 21, head, w - 2 * PAD, "mp-pr-label")
    ty += 4
    teacher = view.get("viewer") is None
    scores = {sc["player"]: sc for sc in res["scores"]} if res else {}
    for p, pl in enumerate(view["player"]):
        row: list[Markup | None] = [chip(x + PAD, ty, render(colour(p)), COLOURS[p], w=78)]
        bx = x + PAD + 88
        if p in scores:  # the end: the score instead of the hand
            sc = scores[p]
            score = (t("{score} points: wins", score=sc["score"]) if sc["rank"] == 1
                     else t("{score} points", score=sc["score"]))
            row.append(text(bx, ty + 6, score, "mp-pr-label"))
        elif teacher and pl["hand"] is not None:
            row.append(text(bx, ty + 5, t("hand: {cards}", cards=", ".join(map(str, pl["hand"]))),
                            "mp-pr-tiny"))
        else:
            for k in range(pl["cards"]):
                row.append(el("rect", x=bx + k * 7, y=ty - 9, width=12, height=18, rx=2,
                              fill="#7a3b2e", stroke="#3b1a12", cls="mp-pr-mini-back"))
            row.append(text(bx + pl["cards"] * 7 + 12, ty + 5,
                            tn("{n} card", "{n} cards", pl["cards"]), "mp-pr-tiny"))
        if pl["priests"] is not None:
            a, b = pl["priests"]
            what = t("priest card {card}: {a} and {b}", card=pl["priest_card"], a=priest(a), b=priest(b))
        else:
            what = t("priest card hidden")
        row.append(el("g", el("title", render(t("{who}'s priest card", who=colour(p)))),
                      text(bx, ty + 24, what, "mp-pr-tiny"),
                      cls="mp-pr-priest-card", data_priest_card=pl["priest_card"] or ""))
        out.append(el("g", *row, cls="mp-pr-player", data_player=p, data_cards=pl["cards"]))
        ty += 44
    h = ty - y - 14
    return _box(x, y, h, *out, cls="mp-pr-players", w=w), h


def column(view: PriestsView, x: float, y: float, gap: float = 8, pr: Print = NORMAL
           ) -> tuple[Markup, float]:
    """The column beside the temple: round, tokens and slots, one under the other (in the
    print ``pr``)."""
    parts = []
    top = y
    for part in (round_box, tokens_box, slots_box):
        svg, h = part(view, x, top, pr)
        parts.append(svg)
        top += h + gap
    return join(parts), top - y - gap


__all__ = ["column", "players_box", "round_box", "slots_box", "token", "tokens_box"]
