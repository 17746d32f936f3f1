"""Pictures of a priests-game position as SVG, in pure Python (no widget imports).

The one source of what a priests board shows: ``Game._repr_svg_`` in a notebook and the
live board widget (``mp_tutor.widgets.priests``) both draw with :func:`board`. Everything
is computed from ``Game.view(viewer)`` (a player's picture never shows another's hand,
priest card or face-down card) and, for a live board, the click ``targets``. Every word is
a message of the current language; every number comes from the view or the data file.

>>> from mp_tutor.priests import Game
>>> game = Game.new(players=3, seed=2)
>>> _ = game.apply("lay 10 north")
>>> picture = board(game.view(1))
>>> picture.startswith("<svg") and picture.count('class="mp-pr-square') == 25
True
>>> 'data-card="10"' in picture, picture.count("data-hand-card=")   # Yellow sees its own hand
(True, 4)
"""

from __future__ import annotations

from typing import Any

from ...core.i18n import render, t
from ...core.markup import Markup, el
from .hand import hand_box, legend
from .info import column
from .style import COL_W, GAP, INK, MARGIN, PALETTE, STYLE
from .temple import BLOCK, temple


def board(view: dict[str, Any], targets: dict[str, dict[str, Any]] | None = None) -> str:
    """The whole board as one SVG: the temple and the hand on the left, the round, the
    tokens, the priests' slots and the players on the right."""
    targets = targets or {}
    left_w = BLOCK + MARGIN
    hand, hand_h = hand_box(view, targets, MARGIN / 2, BLOCK + 2 * MARGIN, w=left_w)
    col_x = left_w + GAP
    col, col_h = column(view, col_x, MARGIN / 2)
    key, key_h = legend(view, col_x + 4, MARGIN / 2 + col_h + 26, COL_W - 8)
    width = col_x + COL_W + MARGIN / 2
    height = max(BLOCK + 2 * MARGIN + hand_h, col_h + 16 + key_h) + MARGIN
    title = render(t("The temple of Machu Picchu, round {round}", round=view["round"]))
    return str(el("svg", el("title", title), el("style", Markup(STYLE)),
                  temple(view, targets), hand, key, col,
                  xmlns="http://www.w3.org/2000/svg", viewBox=f"0 0 {width:g} {height:g}",
                  width=f"{width:g}", height=f"{height:g}", cls="mp-pr-board", role="group",
                  aria_label=title, data_round=view["round"],
                  data_viewer=view["viewer"] if view["viewer"] is not None else "teacher"))


__all__ = ["INK", "PALETTE", "STYLE", "board"]
