"""Under the temple: the hand of the viewer (the cards to click), the draw pile, the legend
and the note on what is reconstructed.

The hand drawn is the viewer's own; in the teacher's view (``viewer`` None), the hand of
the player who decides now. A card the learner may lay carries ``data-target="card-<n>"``;
the one picked (``selected`` in its target) is raised and framed.

>>> from mp_tutor.priests import Game
>>> game = Game.new(players=3, seed=2)
>>> picked = PlaceTarget(TargetKind.CARD, card=10, selected=True)
>>> svg, h = hand_box(game.view(0), {"card-10": picked}, 0, 0)
>>> svg.count("data-hand-card="), 'data-target="card-10"' in svg, "mp-pr-selected" in svg
(4, True, True)
>>> hand_box(game.view(1), {}, 0, 0)[0].count("data-hand-card=")  # Yellow's own hand
4
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ...core.i18n import render, t, tn
from ...core.markup import Markup, clickable, el
from ..data import PROVENANCE
from ..targets import CARD, PlaceTarget, TargetKind, selected_card
from ..text import colour
from ..views import PriestsView
from .style import (
    CARD_BACK,
    CARD_FACE,
    HAND_H,
    HAND_W,
    NORMAL,
    OWN_RING,
    PANEL_FILL,
    PANEL_LINE,
    SELECTED,
    TARGET,
    Print,
    sun_icon,
    text,
    wrap,
)
from .temple import target_text

PAD = 12
RAISE = 8


def _whose(view: PriestsView) -> int | None:
    v = view.get("viewer")
    if v is not None:
        return v
    who = view["pending"].get("player")
    return who if isinstance(who, int) else None


def hand_card(card: int, x: float, y: float, target: PlaceTarget | None,
              hand: Iterable[int] = ()) -> Markup:
    """A card of the hand: its number; clickable when the learner may lay it (the arrow keys
    go from it to the others of the ``hand``)."""
    selected = target is not None and target.selected
    if selected:
        y -= RAISE
    title = (t("Card {card}: chosen; click a free stair to lay it (click it again to put it "
               "back)", card=card) if selected
             else t("Card {card}: click it, then a free stair", card=card) if target
             else t("Card {card}", card=card))
    if target is not None:  # the studio's editor says what a click does
        title = target_text(title, target)
    click = clickable(f"{CARD}{card}", bool(target), render(title),
                      near=[f"{CARD}{c}" for c in hand if c != card])
    stroke = SELECTED if selected else TARGET if target else "#3d3115"
    return el("g", el("title", render(title)),
              el("rect", x=x, y=y, width=HAND_W, height=HAND_H, rx=7, fill=CARD_FACE, stroke=stroke,
                 stroke_width=4 if selected else 2 if target else 1.5, cls="mp-pr-face"),
              text(x + HAND_W / 2, y + HAND_H / 2 + 10, str(card), "mp-pr-hand-num", "middle"),
              cls="mp-pr-hand-card mp-pr-selected" if selected else "mp-pr-hand-card",
              data_hand_card=card, **click)


def hand_box(view: PriestsView, targets: Mapping[str, PlaceTarget], x: float, y: float,
             w: float = 494, pr: Print = NORMAL) -> tuple[Markup, float]:
    """The hand (with what to do), and the draw pile (in the print ``pr``; the large print,
    a presentation's, has nothing to click: it says no more what to click)."""
    p = _whose(view)
    out: list[Markup | None] = [el("rect", x=x, y=y, width=w, height=0, rx=8, fill=PANEL_FILL,
                                   stroke=PANEL_LINE, cls="mp-pr-hand-bg")]
    hand = view["player"][p]["hand"] if p is not None else None
    drawn = view["player"][p].get("drawn") if p is not None else None
    if p is None or hand is None:
        label = t("The teacher's view: the players' hands are listed beside the temple.")
    elif view.get("viewer") is None:
        label = t("{who}'s hand (the teacher's view)", who=colour(p))
    else:
        label = t("Your hand ({who})", who=colour(p))
    heads = pr.wrap(render(label), w - 2 * PAD, "mp-pr-label") if pr.large else [label]
    for i, head in enumerate(heads):  # one line (the large print: as many as it needs)
        out.append(text(x + PAD, y + 22 + i * pr.line, head, "mp-pr-label"))
    below = y + (len(heads) - 1) * pr.line  # what follows, as under a line of its own
    cards = [k for k, v in targets.items() if v.card is not None]
    chosen = selected_card(targets)
    opts = view["pending"].get("options")
    face = opts.get("face") if isinstance(opts, dict) else None
    if drawn is not None:
        hint = t("Card {card} was drawn from the pile: click a free stair to lay it.", card=drawn)
    elif chosen is not None:
        hint = t("Card {card} chosen: now click a free stair.", card=chosen)
    elif cards:
        hint = (t("Click a card, then a free stair: this round you lay face up.") if face == "open"
                else t("Click a card, then a free stair: this round you lay face down."))
    else:
        hint = None
    lines = (pr.wrap(render(hint), w - 2 * PAD, "mp-pr-prompt")
             if hint is not None and not pr.large else [])
    for i, line in enumerate(lines):
        out.append(text(x + PAD, below + 24 + pr.line + i * pr.line, line, "mp-pr-prompt"))
    top = below + 34 + len(lines) * pr.line + RAISE + 4
    if hand is not None:
        for i, card in enumerate(hand):
            out.append(hand_card(card, x + PAD + i * (HAND_W + 10), top, targets.get(f"{CARD}{card}"),
                                 hand))
    under = (18, 37) if pr.large else (16, 32)  # the baselines of the lines under a card
    if drawn is not None:  # the variant two_players = "draw": the card to lay, beside the hand
        dx = x + PAD + len(hand or ()) * (HAND_W + 10) + 10
        picked = PlaceTarget(TargetKind.CARD, card=drawn, selected=True)
        out.append(el("g", hand_card(drawn, dx, top, picked),
                      text(dx + HAND_W / 2, top + HAND_H + under[0], t("drawn"), "mp-pr-tiny",
                           "middle"),
                      cls="mp-pr-drawn", data_drawn=drawn))
    # the draw pile, at the right: a card back (a number on it would read as a card's number)
    # and, under it, how many cards it holds (in the large print, its words end at its edge)
    px = x + w - PAD - HAND_W
    wx, anchor = (px + HAND_W, "end") if pr.large else (px + HAND_W / 2, "middle")
    deck = view["deck"]
    out.append(el("g", el("title", render(tn("The draw pile: {n} card", "The draw pile: {n} cards",
                                             deck))),
                  el("rect", x=px, y=top, width=HAND_W, height=HAND_H, rx=7, fill=CARD_BACK,
                     stroke="#3b1a12") if deck else
                  el("rect", x=px, y=top, width=HAND_W, height=HAND_H, rx=7, fill="none",
                     stroke="#8a7a55", stroke_dasharray="4 3"),
                  text(wx, top + HAND_H + under[0], t("draw pile"), "mp-pr-tiny", anchor),
                  text(wx, top + HAND_H + under[1], tn("{n} card", "{n} cards", deck),
                       "mp-pr-deck-count", anchor),
                  cls="mp-pr-deck", data_deck=deck))
    h = top + HAND_H + under[1] + 8 - y
    out[0] = el("rect", x=x, y=y, width=w, height=h, rx=8, fill=PANEL_FILL, stroke=PANEL_LINE,
                cls="mp-pr-hand-bg")
    return el("g", *out, cls="mp-pr-hand", data_hand=p if p is not None else ""), h


def legend(view: PriestsView, x: float, y: float, w: float) -> tuple[Markup, float]:
    """What the marks on the temple mean, and what is reconstructed."""
    items: list[Markup] = []
    cx = x + 10
    parts: list[tuple[Markup, object]] = [
        (sun_icon(cx, y - 4), t("sun square")),
        (el("g", sun_icon(cx - 2, y - 4, r=5), sun_icon(cx + 12, y - 4, r=5)), t("the centre")),
        (el("circle", cx=cx, cy=y - 4, r=7, fill="none", stroke="#8a7a55", stroke_width=1.5,
            stroke_dasharray="4 3"), t("start square (its priest's height)")),
    ]
    if view.get("viewer") is not None and not view.get("over"):
        parts.append((el("circle", cx=cx, cy=y - 4, r=7, fill="none", stroke=OWN_RING, stroke_width=3),
                      t("your priests")))
    lx = x
    ly = y
    for icon, label in parts:
        words = render(label)
        width = len(words) * 13 * 0.56 + 50
        if lx + width > x + w:
            lx, ly = x, ly + 22
        items.append(el("g", el("g", icon, transform=f"translate({lx - x:.0f} {ly - y:.0f})"),
                        text(lx + 38, ly, words, "mp-pr-tiny"), cls="mp-pr-legend-item"))
        lx += width
    h = ly - y + 8
    if PROVENANCE.get("grid") == "reconstructed":
        note = render(t("The grid is reconstructed: where the sun squares and the start squares lie "
                        "is our choice."))
        for line in wrap(note, w, 13):
            h += 20
            items.append(text(x, y + h - 8, line, "mp-pr-note"))
    return el("g", *items, cls="mp-pr-legend"), h + 4


__all__ = ["hand_box", "hand_card", "legend"]
