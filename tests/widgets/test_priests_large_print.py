"""The priests game's large print: what a room reads of a presented picture is large, and fits.

A presentation draws the priests' picture in large print (``picture(view, large=True)``, the
adapter's ``draw(..., large=True)``; ``mp_tutor.priests.svg.style.LARGE``). The pictures of
positions of random play (2, 3 and 4 players, both variants of the rules, from the first card
to the end) and of every step of the shipped scenarios' scripts are drawn in English, French
and Dutch, read back, and every text line measured with the font metrics the pictures are
laid out with (``mp_tutor.core.fonts``, which ``tests/widgets/test_fit.py`` checks against
Chromium):

- every text is at its large size, and that size is at least 18 px on a 1280x720 screen and
  26 px on a 1920x1080 one, where a presentation shows the picture as high as the screen and
  at most the screen's width less the narration's 300 px (``widgets/board.css``);
- every text lies inside its place (a card, a chip, a token, a slot, a panel, the temple)
  and no text overlaps another text or a shape it does not lie on;
- what the large print leaves out is said elsewhere: how many sun/moon cards are left is
  the round counter's "Round 4 of 8" (one card a round).

``tests/browser/test_present.py`` checks the same sizes in a real presentation.
"""

from __future__ import annotations

import copy
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
from mp_tutor.widgets import Board

from mp_tutor.core.fonts import ink, text_width
from mp_tutor.core.registry import get_game
from mp_tutor.core.table import play_one
from mp_tutor.priests import Game
from mp_tutor.priests.bots import RandomBot
from mp_tutor.priests.svg import picture
from mp_tutor.priests.svg.style import LARGE, NORMAL, TEXT

ROOT = Path(__file__).resolve().parents[2] / "mp_tutor" / "priests"
NS = "{http://www.w3.org/2000/svg}"
#: the screens a room reads from, and the least size of a text there (issue 28, point 17)
SCREENS = {(1280, 720): 18.0, (1920, 1080): 26.0}
#: the presentation's narration beside the picture (widgets/board.css: calc(100cqw - 300px))
NARRATION = 300
#: how far two boxes may overlap unseen
TOLERANCE = 0.5


# -- the positions ------------------------------------------------------------------------

@lru_cache(maxsize=1)
def positions() -> list[tuple[str, Any]]:
    """(name, view): positions of random play seen by the teacher and by the player who
    decides (and, drawn from one of them, every priest outside the temple at once), and every
    shipped scenario and every step of its script as a presentation shows them."""
    out: list[tuple[str, Any]] = []
    games = [(players, seed, {}) for players in (2, 3, 4) for seed in (1, 2)]
    games += [(2, 3, {"two_players": "draw"}), (4, 3, {"move_order": "pairing"}),
              (3, 4, {"move_order": "pairing"})]
    for players, seed, variant in games:
        game = Game.new(players=players, seed=seed, **variant)
        bot = RandomBot(seed)
        for k in range(400):
            view = game.view(None)
            rare = (any(pr["square"] is None for pr in view["priests"].values())
                    or any(pl.get("drawn") is not None for pl in view["player"]))
            if k % 5 == 0 or rare:  # (a priest outside, a card drawn to lay: each time)
                name = f"{players} players, seed {seed} {variant}, action {k}"
                seat = game.pending.player if game.pending.player is not None else 0
                out += [(f"{name}, teacher", view), (f"{name}, seat", game.view(seat))]
            if play_one(game, {p: bot for p in range(players)}) is None:
                break
        out.append((f"{players} players, seed {seed} {variant}, over", game.view(None)))
        # every priest outside at once (the corner above the West stair holds them all; a
        # priest is outside during the moves only, so never beside the order's pairs)
        crowded = copy.deepcopy(out[-1][1])
        for pr in crowded["priests"].values():
            pr["square"] = None
        out.append((f"{players} players, seed {seed} {variant}, all priests outside", crowded))
    info = get_game("priests")
    for path in sorted([*ROOT.glob("scenarios/*.toml"), *ROOT.glob("chapters/scenarios/*.toml")]):
        board = Board(info.scenarios.load(str(path)))
        out.append((f"{path.stem}, the board", board.snapshot.view))
        if not board.present():
            continue
        step = 0
        while True:
            out.append((f"{path.stem} step {step}", board.snapshot.view))
            if not board.presenter.forward():
                break
            step += 1
    return out


# -- reading the SVG back -------------------------------------------------------------------

Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Shape:
    """A rect or a circle of the picture; ``ring``: drawn as an outline only."""

    kind: str
    box: Box
    ring: bool
    cls: str

    def holds(self, x: float, y: float) -> bool:
        x0, y0, x1, y1 = self.box
        if self.kind == "circle":
            r = (x1 - x0) / 2
            return (x - (x0 + r)) ** 2 + (y - (y0 + r)) ** 2 <= r * r
        return x0 <= x <= x1 and y0 <= y <= y1

    def contains(self, b: Box, margin: float = 0.0) -> bool:
        if self.kind == "circle":
            return all(self.holds(x, y) for x in (b[0], b[2]) for y in (b[1], b[3]))
        x0, y0, x1, y1 = self.box
        return (b[0] >= x0 + margin - 0.01 and b[1] >= y0 + margin - 0.01
                and b[2] <= x1 - margin + 0.01 and b[3] <= y1 - margin + 0.01)

    def meets(self, b: Box) -> bool:
        """Whether the box ``b`` lies on this shape (on its outline, for a ring)."""
        x0, y0, x1, y1 = self.box
        if self.kind == "circle":
            r = (x1 - x0) / 2
            cx, cy = x0 + r, y0 + r
            near = ((max(b[0], min(cx, b[2])) - cx) ** 2 + (max(b[1], min(cy, b[3])) - cy) ** 2) ** 0.5
            far = max(((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 for x in (b[0], b[2]) for y in (b[1], b[3]))
            return near < r - TOLERANCE and (not self.ring or far > r + TOLERANCE)
        if overlap(self.box, b) <= TOLERANCE:
            return False
        return not self.ring or not (b[0] > x0 and b[1] > y0 and b[2] < x1 and b[3] < y1)


@dataclass(frozen=True)
class Text:
    """A text line: its words, class, font size (px, in SVG units) and ink box; the shapes of
    its groups, innermost group first."""

    words: str
    cls: str
    size: float
    ink: Box
    anchor: tuple[float, float]
    groups: tuple[tuple[Shape, ...], ...]


def overlap(a: Box, b: Box) -> float:
    """How much two boxes overlap (the smaller of the two extents; <= 0: apart)."""
    return min(min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1]))


def css_sizes(root: ET.Element) -> dict[str, float]:
    """Each text class's font size as the picture's own stylesheet gives it (its large print's
    rules after the normal ones, which they override), and ``""``: a text's default."""
    style = "".join(root.find(NS + "style").itertext())
    large = "mp-pr-large" in root.get("class", "").split()
    sizes: dict[str, float] = {}
    for selector, body in re.findall(r"([^{}]+)\{([^}]*)\}", style):
        px = re.search(r"font-size:([\d.]+)px", body)
        if not px:
            continue
        selector = selector.strip()
        if selector == "svg.mp-pr-board text":
            sizes.setdefault("", float(px.group(1)))
        elif m := re.fullmatch(r"svg\.mp-pr-board(\.mp-pr-large)? \.(mp-pr-[\w-]+)", selector):
            if large or not m.group(1):
                sizes[m.group(2)] = float(px.group(1))
    return sizes


def _shape(node: ET.Element) -> Shape | None:
    fill = node.get("fill", "")
    if node.tag == NS + "rect":
        x, y = float(node.get("x")), float(node.get("y"))
        box = (x, y, x + float(node.get("width")), y + float(node.get("height")))
        return Shape("rect", box, fill == "none", node.get("class", ""))
    if node.tag == NS + "circle":
        cx, cy, r = (float(node.get(k)) for k in ("cx", "cy", "r"))
        return Shape("circle", (cx - r, cy - r, cx + r, cy + r), fill == "none",
                     node.get("class", ""))
    return None


def read(svg: str) -> tuple[ET.Element, list[Text], list[Shape]]:
    """The picture's root, its text lines and its shapes."""
    root = ET.fromstring(svg)
    assert "transform" not in svg, "the picture is drawn without transforms"
    sizes = css_sizes(root)
    texts: list[Text] = []
    shapes: list[Shape] = []

    def walk(node: ET.Element, groups: tuple[tuple[Shape, ...], ...]) -> None:
        if node.tag == NS + "text":
            cls = node.get("class", "")
            words = "".join(node.itertext())
            given = re.search(r"font-size:([\d.]+)px", node.get("style", ""))
            size = float(given.group(1)) if given else sizes.get(cls, sizes[""])
            weight = TEXT.get(cls, (0, 400))[1]
            w = text_width(words, size, weight)
            x, y = float(node.get("x")), float(node.get("y"))
            x0 = {"start": x, "middle": x - w / 2, "end": x - w}[node.get("text-anchor", "start")]
            up, down = ink(words, size)
            texts.append(Text(words, cls, size, (x0, y - up, x0 + w, y + down),
                              (x0 + w / 2, y - up / 2), groups))
            return
        own = tuple(s for child in node if (s := _shape(child)) is not None)
        shapes.extend(own)
        if node.tag in (NS + "g", NS + "svg"):
            for child in node:
                walk(child, (own, *groups))

    walk(root, ())
    return root, texts, shapes


def home(tx: Text) -> Shape | None:
    """A text's place: the smallest shape of its innermost group that holds its middle."""
    for own in tx.groups:
        held = [s for s in own if s.holds(*tx.anchor)]
        if held:
            return min(held, key=lambda s: (s.box[2] - s.box[0]) * (s.box[3] - s.box[1]))
    return None


def scale(root: ET.Element, screen: tuple[int, int]) -> float:
    """How many screen px a unit of the picture is, presented on ``screen``."""
    w, h = float(root.get("width")), float(root.get("height"))
    return min(screen[1] / h, (screen[0] - NARRATION) / w)


def misfits(svg: str) -> list[str]:
    """Every text not inside its place, or on another text or on a shape it is not in."""
    root, texts, shapes = read(svg)
    bad = []
    for tx in texts:
        place = home(tx)
        if place is None or not place.contains(tx.ink):
            bad.append(f"{tx.words!r} ({tx.cls}) leaves its place {place and place.cls!r}")
        for s in shapes:
            if not s.holds(*tx.anchor) and s.meets(tx.ink):
                bad.append(f"{tx.words!r} ({tx.cls}) lies on a {s.kind} {s.cls!r} {s.box}")
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            if overlap(a.ink, b.ink) > TOLERANCE:
                bad.append(f"{a.words!r} overlaps {b.words!r}")
    return bad


# -- the tests ------------------------------------------------------------------------------

def test_the_large_print_is_a_presentations_and_the_normal_print_stays() -> None:
    game = Game.new(players=3, seed=2)
    view = game.view(None)
    normal, large = picture(view), picture(view, large=True)
    assert 'class="mp-pr-board"' in normal and "mp-pr-large" not in normal
    assert 'class="mp-pr-board mp-pr-large"' in large and LARGE.css() in large
    assert picture(view, large=False) == normal
    assert NORMAL.css() == ""
    assert all(LARGE.size(cls) >= 16 for cls in TEXT)


def test_the_adapter_draws_the_large_print_while_presenting() -> None:
    board = Board(get_game("priests").scenarios.load("laying-three"))
    assert "mp-pr-large" not in board.snapshot.picture
    board.present()
    assert "mp-pr-large" in board.snapshot.picture
    board.presenter.exit()
    assert "mp-pr-large" not in board.snapshot.picture


def test_what_the_large_print_leaves_out_the_round_counter_says() -> None:
    """The large print has no "4 cards left in the sun/moon pile": one card is turned up a
    round, so "Round 4 of 8" says it."""
    for name, view in positions():
        assert view["sun_moon"]["left"] == view["rounds"] - view["round"], name
        assert "sun/moon pile" in picture(view) and "sun/moon pile" not in picture(view, large=True)


@pytest.mark.parametrize("part", range(4), ids=lambda i: f"part{i}")
def test_every_text_of_the_large_print_is_large_and_fits(lang: str, part: int) -> None:
    """Every word at its large size (at least 18 px at 1280x720, 26 px at 1920x1080), inside
    its place, over no other word and no shape it does not lie on."""
    chosen = positions()[part::4]
    seen: set[str] = set()
    least = {screen: 1e9 for screen in SCREENS}
    for name, view in chosen:
        svg = picture(view, large=True)
        root, texts, _ = read(svg)
        for tx in texts:
            seen.add(tx.cls)
            if tx.cls in TEXT:  # (a priest's number is sized by its disc)
                assert tx.size == LARGE.size(tx.cls), (name, tx.words, tx.cls, tx.size)
            for screen, px in SCREENS.items():
                shown = tx.size * scale(root, screen)
                least[screen] = min(least[screen], shown)
                assert shown >= px, f"{lang}, {name}: {tx.words!r} ({tx.cls}) is {shown:.1f} px at {screen}"
        bad = misfits(svg)
        assert not bad, f"{lang}, {name}: " + "; ".join(bad[:6])
    assert {"mp-pr-h", "mp-pr-label", "mp-pr-small", "mp-pr-tiny", "mp-pr-coord", "mp-pr-chip-text",
            "mp-pr-priest-num", "mp-pr-token-num", "mp-pr-fire-num", "mp-pr-value",
            "mp-pr-card-num", "mp-pr-hand-num"} <= seen
    print(lang, part, {k: round(v, 1) for k, v in least.items()})


def test_the_check_sees_a_misfit() -> None:
    """The checks above can fail: a word moved onto the grid, or out of its chip, is seen."""
    svg = picture(Game.new(players=3, seed=2).view(None), large=True)
    assert not misfits(svg)
    assert ">North<" in svg
    moved = re.sub(r'x="([\d.]+)" y="([\d.]+)" class="mp-pr-label" text-anchor="end">North<',
                   'x="250" y="150" class="mp-pr-label" text-anchor="end">North<', svg)
    assert moved != svg and any("North" in m for m in misfits(moved))
