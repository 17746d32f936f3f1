"""Colours, sizes, the CSS and small drawing helpers of the priests game's pictures.

Colours are Okabe-Ito based (colour-blind safe) and always come with a text label or a
number; sizes are SVG units (the live board scales the picture to its width).

>>> PALETTE["Blue"], INK["Yellow"]
('#0072B2', '#1a1a1a')
>>> wrap("the first two players lay face up, the others face down", 250, 13)
['the first two players lay face up,', 'the others face down']
>>> str(text(10, 20, "a < b"))
'<text x="10" y="20" class="mp-pr-small">a &lt; b</text>'
>>> NORMAL.size("mp-pr-tiny"), LARGE.size("mp-pr-tiny"), LARGE.size("mp-pr-card-num")
(13.0, 16.0, 22.0)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from ...core.fonts import text_width
from ...core.i18n import render
from ...core.markup import Markup, el

#: player colours, in seat order Blue Yellow Red Green (the seat names are ours)
PALETTE: dict[str, str] = {"Blue": "#0072B2", "Yellow": "#F0E442", "Red": "#D55E00",
                           "Green": "#009E73"}
#: text colour that reads on each player colour
INK: dict[str, str] = {"Blue": "#ffffff", "Yellow": "#1a1a1a", "Red": "#000000", "Green": "#000000"}
#: the priests' robe (they belong to nobody: no player colour)
ROBE = "#6d4c9f"
#: the ring around the priests of the viewer's priest card
OWN_RING = "#E69F00"
SUN = "#ffd34d"
FIRE = "#D55E00"

#: the temple: a square's side, the band of a stair around the grid, the outer margin
CELL = 52
BAND = 82
MARGIN = 8
#: a card on a stair or in a hand
CARD_W, CARD_H = 46, 64
HAND_W, HAND_H = 54, 74
#: the column beside the temple, and a side board
COL_W = 244
SIDE_W = 320
GAP = 12
#: an average glyph's width, as a share of the font size (for wrapping lines)
GLYPH = 0.56

#: the CSS the pictures need (inside the picture, so it also works as an image); every
#: selector starts with the picture's class, so nothing else on the page is touched
STYLE = """
svg.mp-pr-board text{font-family:"DejaVu Sans",Arial,sans-serif;font-size:14px;fill:#1d1d1d}
svg.mp-pr-board .mp-pr-h{font-size:18px;font-weight:700;fill:#3d3115}
svg.mp-pr-board .mp-pr-label{font-size:15px;font-weight:700;fill:#3d3115}
svg.mp-pr-board .mp-pr-small{font-size:14px}
svg.mp-pr-board .mp-pr-tiny{font-size:13px;fill:#333}
svg.mp-pr-board .mp-pr-note{font-size:13px;font-style:italic;fill:#333}
svg.mp-pr-board .mp-pr-coord{font-size:13px;fill:#5c4a1f;font-weight:600}
svg.mp-pr-board .mp-pr-card-num{font-size:22px;font-weight:800}
svg.mp-pr-board .mp-pr-peek-num{font-size:16px;font-weight:800}
svg.mp-pr-board .mp-pr-hand-num{font-size:26px;font-weight:800}
svg.mp-pr-board .mp-pr-back-mark{font-size:22px;font-weight:800;fill:#f6e7c8}
svg.mp-pr-board .mp-pr-deck-count{font-size:13px;font-weight:700;fill:#3b1a12}
svg.mp-pr-board .mp-pr-free{font-size:13px;fill:#4f4026}
svg.mp-pr-board .mp-pr-priest-num{font-weight:800;fill:#ffffff}
svg.mp-pr-board .mp-pr-token-num{font-size:13px;font-weight:800}
svg.mp-pr-board .mp-pr-fire-num{font-size:13px;font-weight:800;fill:#000000;letter-spacing:-0.5px}
svg.mp-pr-board .mp-pr-pair-num{font-size:12px;font-weight:800;letter-spacing:-0.5px}
svg.mp-pr-board .mp-pr-value{font-size:18px;font-weight:800}
svg.mp-pr-board .mp-pr-chip-text{font-size:13px;font-weight:700}
svg.mp-pr-board .mp-pr-start-num{font-size:13px;font-weight:700;fill:#6b5a35}
svg.mp-pr-board .mp-pr-prompt{font-size:14px;font-weight:700;fill:#0b4f7a}
.mp-pr-board [data-target]{cursor:pointer}
.mp-pr-board .mp-pr-stair[data-target]:hover .mp-pr-slot,
.mp-pr-board .mp-pr-square[data-target]:hover rect{stroke:#111;stroke-width:4}
.mp-pr-board .mp-pr-hand-card[data-target]:hover rect.mp-pr-face{stroke:#0b4f7a;stroke-width:3}
"""

#: each text class's font size (px) and weight, as ``STYLE`` gives them (the one source)
TEXT: dict[str, tuple[float, int]] = {
    cls: (float(px), int(bold.group(1)) if (bold := re.search(r"font-weight:(\d+)", body)) else 400)
    for cls, body in re.findall(r"svg\.mp-pr-board \.(mp-pr-[\w-]+)\{([^}]*)\}", STYLE)
    for px in re.findall(r"font-size:([\d.]+)px", body)}
#: the size and weight of a text whose class gives no size (``STYLE``'s ``text`` rule)
DEFAULT_TEXT = (14.0, 400)


@dataclass(frozen=True)
class Print:
    """A print of the picture: the font size of each text class and the sizes that grow
    with the words (SVG units).

    :data:`NORMAL` is the notebook's and the live board's (the sizes of ``STYLE``, widths
    estimated from a glyph's average); :data:`LARGE` a presentation's, which a room reads
    from afar: every word at least 16 units, in a picture 610 to 630 units high that a
    1280x720 screen shows 720 px high (so at least 18 px there, more on a larger screen),
    widths measured with the font's metrics (:mod:`mp_tutor.core.fonts`) so that the larger
    words still fit their places.
    """

    #: whether this is the large print (the picture's class ``mp-pr-large`` says it)
    large: bool = False
    #: the font sizes that differ from ``STYLE``'s, by text class
    text: Mapping[str, float] = field(default_factory=dict)
    #: a priest's radius: ``base + step * height``, and its number's least size
    priest: tuple[float, float] = (8, 3)
    priest_num: float = 13
    #: the radius of a priest outside the temple (None: 0.6 of its radius in the temple)
    outside: float | None = None
    #: a player's chip: its height and the baseline of its name under its centre
    chip_h: float = 20
    chip_text: float = 4.5
    #: a token's radius; a slot's side and the last slot's width (it may hold two tokens);
    #: a row of the slots; a line of the column's words
    token: float = 11
    slot: float = 28
    last: float = 28
    row: float = 34
    line: float = 18
    #: the column beside the temple
    col_w: float = COL_W
    #: the width of the West and East stairs' bands beside the grid
    band_x: float = BAND

    def size(self, cls: str) -> float:
        """The font size of the text class ``cls`` in this print, in px."""
        return float(self.text.get(cls, TEXT.get(cls, DEFAULT_TEXT)[0]))

    def measure(self, words: str, cls: str) -> float:
        """The width of one line of ``words`` in the class ``cls``: measured with the font's
        metrics in the large print, estimated (``GLYPH``) in the normal one."""
        if self.large:
            return text_width(words, self.size(cls), TEXT.get(cls, DEFAULT_TEXT)[1])
        return len(words) * self.size(cls) * GLYPH

    def wrap(self, line: str, room: float, cls: str) -> list[str]:
        """``line`` broken at spaces into lines of at most ``room`` (:func:`wrap` in the normal
        print; by measured widths in the large one)."""
        if not self.large:
            return wrap(line, room, self.size(cls))
        out: list[str] = []
        for word in line.split():
            if out and self.measure(f"{out[-1]} {word}", cls) <= room:
                out[-1] = f"{out[-1]} {word}"
            else:
                out.append(word)
        return out or [""]

    def priest_radius(self, height: int) -> float:
        """A priest's radius: taller priests are drawn larger."""
        base, step = self.priest
        return base + step * height

    def css(self) -> str:
        """The CSS of this print's sizes (``""`` for the normal print: ``STYLE`` says them)."""
        return "".join(f"svg.mp-pr-board.mp-pr-large .{cls}{{font-size:{px:g}px}}\n"
                       for cls, px in self.text.items()) if self.large else ""


#: the normal print, and the large print of a presentation
NORMAL = Print()
LARGE = Print(large=True, text={
    "mp-pr-h": 20, "mp-pr-label": 17, "mp-pr-small": 16, "mp-pr-tiny": 16, "mp-pr-note": 16,
    "mp-pr-coord": 16, "mp-pr-peek-num": 17, "mp-pr-deck-count": 16, "mp-pr-free": 16,
    "mp-pr-token-num": 16, "mp-pr-fire-num": 16, "mp-pr-pair-num": 16, "mp-pr-value": 20,
    "mp-pr-chip-text": 16, "mp-pr-start-num": 16, "mp-pr-prompt": 16},
    priest=(10, 3), priest_num=16, outside=14, chip_h=24, chip_text=5.5, token=17, slot=36,
    last=60, row=40, line=20, col_w=350, band_x=90)


#: inline styles of the decision panel's preview table (the shell's stylesheet knows no game)
PREVIEW: dict[str, str] = {
    "table": "border-collapse:collapse;font-size:13px",
    "head": "padding:1px 6px;border-bottom:1px solid #e3dccb;text-align:left;vertical-align:bottom",
    "cell": ("padding:1px 6px;border-bottom:1px solid #e3dccb;text-align:left;vertical-align:top;"
             "white-space:nowrap"),
    "differs": "font-weight:700;background:#fff3c4",
    "note": "margin:4px 0 0 0",
}

#: fills and strokes
SQUARE_FILL = "#f3ead7"
SUN_FILL = "#fff1b8"
CENTRE_FILL = "#ffd966"
GRID_LINE = "#8a7a55"
WALL = "#5a4630"
STAIR_FILL = "#d9ccb0"
CARD_FACE = "#fffdf7"
CARD_BACK = "#7a3b2e"
TARGET = "#1b7f3b"
SELECTED = "#0b4f7a"
PANEL_FILL = "#fffdf7"
PANEL_LINE = "#d8ccb0"


def text(x: float, y: float, s: object, cls: str = "mp-pr-small", anchor: str | None = None,
         **kw: str | float | None) -> Markup:
    """A line of text (rendered in the language, escaped)."""
    return el("text", s if isinstance(s, str) else render(s), x=x, y=y, cls=cls,
              text_anchor=anchor if anchor not in (None, "start") else None, **kw)


def wrap(line: str, width: float, size: float) -> list[str]:
    """``line`` broken at spaces into lines that fit ``width`` at font ``size`` (estimated)."""
    most = max(1, int(width / (size * GLYPH)))
    out: list[str] = []
    cur = ""
    for word in line.split():
        if cur and len(cur) + 1 + len(word) > most:
            out.append(cur)
            cur = word
        else:
            cur = f"{cur} {word}" if cur else word
    if cur:
        out.append(cur)
    return out or [""]


def chip(x: float, y: float, name: str, colour: str, w: float | None = None,
         pr: Print = NORMAL) -> Markup:
    """A player's name on their colour (``y``: the middle; ``w``: its width, else as wide as
    the name needs)."""
    width = w if w is not None else chip_width(name, pr)
    return el("g", el("rect", x=x, y=y - pr.chip_h / 2, width=width, height=pr.chip_h,
                      rx=pr.chip_h / 2, fill=PALETTE[colour], stroke="#222"),
              el("text", name, x=x + width / 2, y=y + pr.chip_text, cls="mp-pr-chip-text",
                 text_anchor="middle", style=f"fill:{INK[colour]}"),
              cls="mp-pr-chip")


def chip_width(name: str, pr: Print = NORMAL) -> float:
    """How wide a player's chip with ``name`` is."""
    return pr.measure(name, "mp-pr-chip-text") + 14


def sun_icon(cx: float, cy: float, r: float = 6.5, opacity: float = 1.0) -> Markup:
    """A small sun: a disc and eight rays."""
    rays = []
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (0.7, 0.7), (-0.7, 0.7), (0.7, -0.7),
                   (-0.7, -0.7)):
        rays.append(f"M{cx + dx * r * 1.25:.1f} {cy + dy * r * 1.25:.1f} "
                    f"L{cx + dx * r * 1.75:.1f} {cy + dy * r * 1.75:.1f}")
    return el("g", el("path", d=" ".join(rays), stroke="#b37400", stroke_width=1.6),
              el("circle", cx=cx, cy=cy, r=r, fill=SUN, stroke="#b37400", stroke_width=1.2),
              cls="mp-pr-sun-icon", opacity=opacity if opacity < 1 else None)


def moon_icon(cx: float, cy: float, r: float = 14) -> Markup:
    """A crescent moon."""
    path = (f"M{cx + r * 0.35:.1f} {cy - r:.1f} A{r} {r} 0 1 0 {cx + r * 0.35:.1f} {cy + r:.1f} "
            f"A{r * 0.8:.1f} {r * 0.8:.1f} 0 1 1 {cx + r * 0.35:.1f} {cy - r:.1f} Z")
    return el("path", d=path, fill="#c9cfdc", stroke="#2f3a56", stroke_width=1.5, cls="mp-pr-moon-icon")


def arrow(cx: float, cy: float, direction: str, size: float = 9, colour: str = "#3d3115") -> Markup:
    """A small arrow pointing ``direction`` (north, east, south, west) centred on (cx, cy)."""
    dx, dy = {"north": (0, -1), "south": (0, 1), "east": (1, 0), "west": (-1, 0)}[direction]
    px, py = -dy, dx
    tip = (cx + dx * size, cy + dy * size)
    back = (cx - dx * size, cy - dy * size)
    left = (cx + px * size * 0.6, cy + py * size * 0.6)
    right = (cx - px * size * 0.6, cy - py * size * 0.6)
    d = (f"M{back[0]:.1f} {back[1]:.1f} L{cx:.1f} {cy:.1f} M{left[0]:.1f} {left[1]:.1f} "
         f"L{tip[0]:.1f} {tip[1]:.1f} L{right[0]:.1f} {right[1]:.1f}")
    return el("path", d=d, fill="none", stroke=colour, stroke_width=2.2, stroke_linecap="round",
              stroke_linejoin="round", cls="mp-pr-arrow")


__all__ = ["BAND", "CARD_BACK", "DEFAULT_TEXT", "LARGE", "NORMAL", "TEXT", "Print", "chip_width", "CARD_FACE", "CARD_H", "CARD_W", "CELL", "CENTRE_FILL",
           "COL_W", "FIRE", "GAP", "GLYPH", "GRID_LINE", "HAND_H", "HAND_W", "INK", "MARGIN",
           "OWN_RING", "PALETTE", "PANEL_FILL", "PANEL_LINE", "PREVIEW", "ROBE", "SELECTED", "SIDE_W", "SQUARE_FILL",
           "STAIR_FILL", "STYLE", "SUN", "SUN_FILL", "TARGET", "WALL", "arrow", "chip",
           "moon_icon", "sun_icon", "text", "wrap"]
