"""Pictures of a priests-game position as SVG, in pure Python (no widget imports).

The one source of what a priests board shows: ``Game._repr_svg_`` in a notebook and the
live board widget (``mp_tutor.widgets.priests``) both draw with this package. Everything
is computed from ``Game.view(viewer)`` (a player's picture never shows another's hand,
priest card or face-down card) and, for a live board, the click ``targets``. Every word is
a message of the current language; every number comes from the view or the data file.

:func:`picture` is the temple with the stairs, the hand, the round and sun/moon card, the
tokens and the priests' slots; :func:`side_boards` are the players and the legend;
:func:`board` puts them all in one SVG.

>>> from mp_tutor.priests import Game
>>> game = Game.new(players=3, seed=2)
>>> _ = game.apply("lay 10 north")
>>> main = picture(game.view(1))
>>> main.startswith("<svg") and main.count('class="mp-pr-square') == 25
True
>>> 'data-card="10"' in main, main.count("data-hand-card=")   # Yellow sees its own hand
(True, 4)
>>> [name for name, _ in side_boards(game.view(1))]
['players', 'legend']
>>> board(game.view(None)).count("<svg") == 4
True
"""

from __future__ import annotations

from collections.abc import Mapping

from ...core.i18n import render, t
from ...core.markup import Markup, el
from ..targets import PlaceTarget
from ..views import PriestsView
from .hand import hand_box, legend
from .info import column, players_box
from .style import (
    GAP,
    INK,
    LARGE,
    MARGIN,
    NORMAL,
    PALETTE,
    PANEL_FILL,
    PANEL_LINE,
    SIDE_W,
    STYLE,
    text,
)
from .temple import BLOCK, block_w, temple


def _svg(body: list[Markup], width: float, height: float, title: str, large: bool = False,
         **attrs: str | float | None) -> Markup:
    return el("svg", el("title", title), el("style", Markup(STYLE + LARGE.css() if large else STYLE)),
              *body, xmlns="http://www.w3.org/2000/svg", viewBox=f"0 0 {width:g} {height:g}",
              width=f"{width:g}", height=f"{height:g}",
              cls="mp-pr-board mp-pr-large" if large else "mp-pr-board", role="group",
              aria_label=title, **attrs)


def picture(view: PriestsView, targets: Mapping[str, PlaceTarget] | None = None,
            large: bool = False) -> str:
    """The main picture: the temple and the hand on the left; the round, the sun/moon card,
    the tokens and the priests' slots on the right (``targets``: what may be clicked).

    ``large``: in the large print of a presentation (:data:`~.style.LARGE`), which a room
    reads from afar: every word larger, in a picture about as high and a little wider.
    """
    targets = targets or {}
    pr = LARGE if large else NORMAL
    left_w = block_w(pr) + MARGIN
    hand, hand_h = hand_box(view, targets, MARGIN / 2, BLOCK + 2 * MARGIN, w=left_w, pr=pr)
    col_x = left_w + GAP
    col, col_h = column(view, col_x, MARGIN / 2, pr=pr)
    width = col_x + pr.col_w + MARGIN / 2
    height = max(BLOCK + 2 * MARGIN + hand_h, col_h + MARGIN) + MARGIN / 2
    title = render(t("The temple of Machu Picchu, round {round}", round=view["round"]))
    return str(_svg([temple(view, targets, pr), hand, col], width, height, title, large,
                    data_round=view["round"],
                    data_viewer=view["viewer"] if view["viewer"] is not None else "teacher"))


def side_boards(view: PriestsView) -> list[tuple[str, str]]:
    """The boards beside the picture: the players, and what the marks mean."""
    players, ph = players_box(view, MARGIN / 2, MARGIN / 2)
    head = render(t("What the marks mean"))
    key, kh = legend(view, MARGIN + 8, MARGIN + 50, SIDE_W - 2 * MARGIN - 8)
    kh += 46
    box = el("rect", x=MARGIN / 2, y=MARGIN / 2, width=SIDE_W, height=kh, rx=8, fill=PANEL_FILL,
             stroke=PANEL_LINE)
    w = SIDE_W + MARGIN
    return [("players", str(_svg([players], w, ph + MARGIN, render(t("Players"))))),
            ("legend", str(_svg([box, text(MARGIN + 6, MARGIN + 21, head, "mp-pr-label"), key], w,
                                kh + MARGIN, head)))]


def board(view: PriestsView, targets: Mapping[str, PlaceTarget] | None = None) -> str:
    """Everything in one SVG: the picture, and the side boards under it."""
    main = picture(view, targets)
    width = float(main.split('width="', 1)[1].split('"', 1)[0])
    height = float(main.split('height="', 1)[1].split('"', 1)[0])
    parts = [Markup(main.replace("<svg ", '<svg x="0" y="0" ', 1))]
    x, below = 0.0, 0.0
    for _name, svg in side_boards(view):
        w = float(svg.split('width="', 1)[1].split('"', 1)[0])
        h = float(svg.split('height="', 1)[1].split('"', 1)[0])
        parts.append(Markup(svg.replace("<svg ", f'<svg x="{x:g}" y="{height:g}" ', 1)))
        x += w
        below = max(below, h)
    total_w = max(width, x)
    title = render(t("The temple of Machu Picchu, round {round}", round=view["round"]))
    return str(el("svg", el("title", title), *parts, xmlns="http://www.w3.org/2000/svg",
                  viewBox=f"0 0 {total_w:g} {height + below:g}", width=f"{total_w:g}",
                  height=f"{height + below:g}", cls="mp-pr-whole"))


__all__ = ["INK", "PALETTE", "STYLE", "board", "picture", "side_boards"]
