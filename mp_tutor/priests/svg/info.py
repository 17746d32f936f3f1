"""The column beside the temple: the round, the High Priest and the sun/moon card, the token
displays, each priest's five slots and value, and the players (hand counts, priest cards).

Each part is a group at its place in the column; ``column(view, x, y)`` stacks them and
returns the group and its height. Only what ``view`` shows is drawn: another player's hand
is a count of card backs, another player's priest card is hidden until the end.

>>> from mp_tutor.priests import Game
>>> view = Game.new(players=4, seed=1).view(2)
>>> svg, h = column(view, 0, 0)
>>> svg.count('data-token="sun"'), svg.count('data-token="fire"'), svg.count("data-slot=")
(12, 8, 20)
>>> 'data-priest-card="' in svg, h > 400
(True, True)
"""

from __future__ import annotations

from typing import Any

from ...core.i18n import render, t, tn
from ...core.markup import Markup, el, join
from ..data import COLOURS, DATA
from ..text import INSTRUCTION_MEANING, colour, priest
from .style import (
    COL_W,
    FIRE,
    GLYPH,
    PANEL_FILL,
    PANEL_LINE,
    SUN,
    chip,
    moon_icon,
    sun_icon,
    text,
    wrap,
)
from .temple import owned, priest_figure

PAD = 12
TOKEN_R = 12
SLOT_W, SLOT_H = 36, 30
ROW_H = 36


def _box(x: float, y: float, h: float, *body: Markup | None, cls: str, **data: Any) -> Markup:
    return el("g", el("rect", x=x, y=y, width=COL_W, height=h, rx=8, fill=PANEL_FILL,
                      stroke=PANEL_LINE), *body, cls=cls, **data)


def round_box(view: dict[str, Any], x: float, y: float) -> tuple[Markup, float]:
    """The round, the High Priest, the sun/moon card of the round and how many are left."""
    sm = view["sun_moon"]
    first = view["first"]
    head = render(t("Round {round} of {rounds}", round=view["round"], rounds=view["rounds"]))
    out: list[Markup | None] = [text(x + PAD, y + 26, head, "mp-pr-h")]
    hx = x + PAD + len(head) * 18 * GLYPH + 14
    hp = render(t("High Priest:"))
    out.append(el("g", el("title", render(t("{who} holds the High Priest: the first player of the "
                                            "round", who=colour(first)))),
                  text(hx, y + 25, hp, "mp-pr-small"),
                  chip(hx + len(hp) * 14 * GLYPH + 8, y + 20, render(colour(first)), COLOURS[first]),
                  cls="mp-pr-high-priest", data_first=first))
    kind = sm["kind"]
    top = y + 38
    icon = sun_icon(x + PAD + 18, top + 24, r=10) if kind == "sun" else moon_icon(x + PAD + 18, top + 24)
    title = t("Sun card") if kind == "sun" else t("Moon card")
    room = COL_W - 54 - PAD
    body = [text(x + 54, top + 20, title, "mp-pr-label"),
            text(x + COL_W - PAD, top + 20, tn("{n} card left", "{n} cards left", sm["left"]),
                 "mp-pr-tiny", "end")]
    lines = [(f"“{sm['name']}”", "mp-pr-small")]
    lines += [(line, "mp-pr-small") for line in
              wrap(render(INSTRUCTION_MEANING[sm["instruction"]]), room, 14)]
    gain = (t("sun squares and centre give sun tokens") if kind == "sun"
            else t("only the centre gives sun tokens"))
    lines += [(line, "mp-pr-tiny") for line in wrap(render(gain), room, 13)]
    ty = top + 39
    for line, cls in lines:
        body.append(text(x + 54, ty, line, cls))
        ty += 18
    card_h = ty - top - 6
    left = render(tn("{n} card left in the sun/moon pile", "{n} cards left in the sun/moon pile",
                     sm["left"]))
    out.append(el("g", el("title", left),
                  el("rect", x=x + 6, y=top, width=COL_W - 12, height=card_h, rx=6,
                     fill="#fff6cf" if kind == "sun" else "#e4e8f0",
                     stroke="#b37400" if kind == "sun" else "#2f3a56"),
                  icon, *body, cls="mp-pr-sun-moon", data_kind=kind, data_card=sm["card"],
                  data_left=sm["left"]))
    h = card_h + (top - y) + 6
    return _box(x, y, h, *out, cls="mp-pr-round", data_round=view["round"]), h


def token(kind: str, value: int, cx: float, cy: float, r: float = TOKEN_R, first: bool = False
          ) -> Markup:
    """A sun token (yellow, plus) or a fire token (red, minus) with its value."""
    fill = SUN if kind == "sun" else FIRE
    cls = "mp-pr-token-num" if kind == "sun" else "mp-pr-fire-num"
    size = f"font-size:{r + 1:.0f}px" if r < TOKEN_R else None
    return el("g", el("circle", cx=cx, cy=cy, r=r + 3, fill="none", stroke="#111", stroke_width=2)
              if first else None,
              el("circle", cx=cx, cy=cy, r=r, fill=fill, stroke="#6b4a00" if kind == "sun" else "#5a1e00"),
              el("text", str(value), x=cx, y=cy + r * 0.36, cls=cls, text_anchor="middle", style=size),
              cls=f"mp-pr-token mp-pr-{kind}", data_token=kind, data_value=value)


def tokens_box(view: dict[str, Any], x: float, y: float) -> tuple[Markup, float]:
    """The sun and fire tokens still to be taken, in the order they are taken."""
    out = []
    ty = y + 20
    rows = (("sun", view["tokens"]["sun"], t("Sun tokens left (the lowest is taken first)"),
             t("No sun token is left.")),
            ("fire", view["tokens"]["fire"], t("Fire tokens left (the smallest is taken first)"),
             t("No fire token is left.")))
    step = 2 * TOKEN_R + 4
    for kind, values, label, none in rows:
        out.append(text(x + PAD, ty, label, "mp-pr-tiny"))
        if not values:
            out.append(text(x + PAD, ty + 24, none, "mp-pr-small"))
        for i, v in enumerate(values):
            out.append(token(kind, v, x + PAD + TOKEN_R + 3 + i * step, ty + 21, first=i == 0))
        ty += 50
    h = ty - y - 10
    return _box(x, y, h, *out, cls="mp-pr-tokens", data_sun=len(view["tokens"]["sun"]),
                data_fire=len(view["tokens"]["fire"])), h


def slots_box(view: dict[str, Any], x: float, y: float) -> tuple[Markup, float]:
    """Each priest's slots with the tokens it took, and its value (sun minus fire)."""
    mine = owned(view)
    out = [text(x + PAD, y + 21, t("The priests' slots and values"), "mp-pr-label")]
    ty = y + 30
    for h_key, pr in view["priests"].items():
        h = int(h_key)
        mid = ty + ROW_H / 2
        own = h in mine
        title = t("{priest}: worth {value}", priest=priest(h), value=pr["value"])
        row = [el("title", render(title)),
               priest_figure(h, x + PAD + 16, mid, own, scale=0.72)]
        for k in range(DATA.slots):
            sx = x + PAD + 40 + k * (SLOT_W + 4)
            row.append(el("rect", x=sx, y=mid - SLOT_H / 2, width=SLOT_W, height=SLOT_H, rx=4,
                          fill="#fff", stroke="#a8997a", cls="mp-pr-slot-box", data_slot=f"{h}-{k}"))
            if k < len(pr["slots"]):
                values = pr["slots"][k]
                if len(values) == 1:
                    v = values[0]
                    row.append(token("sun" if v > 0 else "fire", v, sx + SLOT_W / 2, mid, r=11))
                else:  # the centre exception: two sun tokens on the last slot
                    for j, v in enumerate(values):
                        row.append(token("sun", v, sx + 9 + j * 18, mid, r=8))
        vx = x + PAD + 40 + DATA.slots * (SLOT_W + 4) + 40
        row.append(text(vx, mid + 7, str(pr["value"]), "mp-pr-value", "end"))
        if own:
            row.append(text(vx + 6, mid + 5, t("yours"), "mp-pr-tiny"))
        out.append(el("g", *row, cls="mp-pr-slots", data_priest_row=h, data_value=pr["value"],
                      data_filled=pr["filled"]))
        ty += ROW_H
    h = ty - y + 6
    return _box(x, y, h, *out, cls="mp-pr-slots-box"), h


def players_box(view: dict[str, Any], x: float, y: float) -> tuple[Markup, float]:
    """Every player: name, cards in hand (backs; the teacher sees the numbers), priest card
    (the viewer's own; everybody's at the end, with the score)."""
    res = view.get("outcome")
    head = t("Players: the game is over ({how})", how=res["text"]) if res else t("Players")
    out = [text(x + PAD, y + 21, head, "mp-pr-label")]
    ty = y + 42
    teacher = view.get("viewer") is None
    scores = {sc["player"]: sc for sc in res["scores"]} if res else {}
    for p, pl in enumerate(view["player"]):
        row: list[Markup | None] = [chip(x + PAD, ty, render(colour(p)), COLOURS[p], w=78)]
        bx = x + PAD + 88
        if teacher and pl["hand"] is not None:
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
        if p in scores:
            sc = scores[p]
            score = (t("{score} points: wins", score=sc["score"]) if sc["rank"] == 1
                     else t("{score} points", score=sc["score"]))
            row.append(text(x + COL_W - PAD, ty + 5, score, "mp-pr-label", "end"))
        out.append(el("g", *row, cls="mp-pr-player", data_player=p, data_cards=pl["cards"]))
        ty += 42
    h = ty - y - 12
    return _box(x, y, h, *out, cls="mp-pr-players"), h


def column(view: dict[str, Any], x: float, y: float, gap: float = 10) -> tuple[Markup, float]:
    """The whole column: round, tokens, slots and players, one under the other."""
    parts = []
    top = y
    for part in (round_box, tokens_box, slots_box, players_box):
        svg, h = part(view, x, top)
        parts.append(svg)
        top += h + gap
    return join(parts), top - y - gap


__all__ = ["column", "players_box", "round_box", "slots_box", "token", "tokens_box"]
