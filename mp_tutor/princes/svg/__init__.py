"""Pictures of a Princes position as SVG, in pure Python (like python-chess's ``chess.svg``).

The one source of what a board shows: the notebook's ``Game._repr_svg_``, documentation
and the live board widget all draw with this package. Everything is computed from
``Game.view(viewer)`` (so a player's picture never shows another's hidden cards) and,
for a live board, the click ``targets``. Every word is rendered in the current language;
every number comes from the view or the data file.

>>> from mp_tutor import Game
>>> game = Game.new(players=3, seed=1)
>>> picture = board(game.view(0))
>>> picture.startswith("<svg") and picture.count('class="mp-region') == 15
True
>>> "data-card-id" in board(game.view(1))      # Yellow's hand is Yellow's; Blue sees a count
True
"""

from __future__ import annotations

from collections.abc import Mapping

from ...core.fonts import FONT_STACK
from ...core.markup import Markup, el, join
from ..targets import DistrictTarget
from ..views import PrincesView
from .fit import TEXT
from .geometry import MAP_H, MAP_W
from .mapdraw import FOOTER, map_svg, target_text
from .style import GOOD_COLOURS, INK, PALETTE, initials
from .tables import CARD_W, cards

#: the CSS the pictures need when they are shown outside the live board (the font stack
#: whose widths the layout measures; each text class's size and weight from ``fit.TEXT``)
STYLE = """
.mp-region{stroke:#5a4630;stroke-width:2}.mp-terrace{stroke:#5a4630;stroke-width:1}
text{font-family:@FONT@;font-size:12px;fill:#1d1d1d}
.mp-dsub{fill:#4a4a4a}.mp-note{font-style:italic}
.mp-tag rect{fill:#fff1de;stroke:#b35900}.mp-target .mp-region{stroke:#1b7f3b;stroke-width:4}
.mp-target-llama .mp-region{stroke:#b35900;stroke-dasharray:8 4}
.mp-card-bg{fill:#fffdf7;stroke:#d8ccb0}.mp-h{fill:#5c4a1f}
.mp-day rect{fill:#fff;stroke:#8a7a55}.mp-day-current rect{fill:#E69F00}.mp-moon{fill:#2f3a56}
.mp-corn-dot{fill:#ffd34d}.mp-tile rect{fill:#2f3a56}.mp-tile-text{fill:#fff}
.mp-tile-gone rect{fill:none;stroke:#aaa;stroke-dasharray:3 3}.mp-tile-gone .mp-tile-text{fill:#6b6b6b}
.mp-sun-disc{fill:#ffd34d;stroke:#b37400}.mp-pcard{fill:#d9c8ef;stroke:#5b4a7a}
.mp-pcard-gone{fill:none;stroke:#bbb;stroke-dasharray:2 2}.mp-value{fill:#fff;stroke:#5b4a7a}
.mp-slot{fill:#fff;stroke:#a8997a}.mp-slot-price{fill:#6b5a35}.mp-field rect{fill:#fff;stroke:#a8997a}
.mp-granary rect{fill:#ffe9b3}.mp-stable rect{fill:#e4e4e4}.mp-summit rect{fill:#cfe3f2}
.mp-card rect{fill:#fff7e6;stroke:#7a4b2a}.mp-card-drawn rect{fill:#e6f2fa;stroke:#0072B2}
.mp-gold{fill:#E69F00}
""".replace("@FONT@", FONT_STACK) + "".join(f".{cls}{{font-size:{size:g}px;font-weight:{weight}}}"
                            for cls, (size, weight) in TEXT.items())


def board(view: PrincesView, targets: Mapping[str, DistrictTarget] | None = None, *,
          style: bool = True) -> str:
    """The whole board as one SVG: the map, and beside it the side boards in two columns."""
    parts = [svg for _, svg in cards(view)]
    gap = 10
    col_x = [MAP_W + gap, MAP_W + gap + CARD_W + gap]
    heights = [0.0, 0.0]
    placed = []
    for part in parts:
        col = 0 if heights[0] <= heights[1] else 1
        h = float(part.split('height="', 2)[2].split('"', 1)[0]) if 'height="' in part else 0
        placed.append(Markup(part.replace("<svg ", f'<svg x="{col_x[col]}" y="{heights[col]:g}" ', 1)))
        heights[col] += h + gap
    total_w = col_x[1] + CARD_W
    total_h = max(MAP_H + FOOTER, *heights)
    picture = map_svg(view, targets).replace(
        "<svg ", f'<svg x="0" y="0" width="{MAP_W}" height="{MAP_H + FOOTER}" ', 1)
    return str(el("svg", el("style", Markup(STYLE)) if style else None, Markup(picture),
                  join(placed), xmlns="http://www.w3.org/2000/svg",
                  viewBox=f"0 0 {total_w} {total_h:g}", width=total_w, height=total_h,
                  cls="mp-board-picture"))


__all__ = ["GOOD_COLOURS", "INK", "PALETTE", "STYLE", "board", "cards", "initials", "map_svg",
           "target_text"]
