"""Colour and contrast of the boards (issue 18): the players' colours stay apart for the
colour-blind, their initials are distinct in every language, text meets WCAG AA (4.5:1).

The colour-vision simulation (Machado et al. 2009) and the CIEDE2000 difference are in
``tests/colour_vision.py``; a difference of 15 or more is plainly visible side by side.
"""

from __future__ import annotations

import itertools
import re

import pytest
from colour_vision import ciede2000, contrast, lab, simulate
from mp_tutor.widgets.esm import CSS

from mp_tutor.core.i18n import LANGUAGES
from mp_tutor.core.marks import initials
from mp_tutor.priests import data as priests_data
from mp_tutor.priests.svg import style as pr
from mp_tutor.princes import data as princes_data
from mp_tutor.princes.svg import STYLE as PRINCES_STYLE
from mp_tutor.princes.svg import style as pc

GAMES = {"princes": (princes_data.COLOURS, pc.PALETTE, pc.INK),
         "priests": (priests_data.COLOURS, pr.PALETTE, pr.INK)}
#: the least CIEDE2000 difference between two players' colours, as anyone sees them
LEAST_DIFFERENCE = 15
AA = 4.5


def fills(css: str) -> dict[str, str]:
    """``class -> fill colour`` of the text rules of a stylesheet."""
    out = {}
    for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css):
        colour = re.search(r"fill:\s*(#[0-9a-fA-F]{3,6})", body)
        if colour:
            for one in selector.split(","):
                out[" .".join(re.findall(r"\.(mp-[\w-]+)", one))] = colour.group(1)
    return out


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("vision", ["normal", "protanopia", "deuteranopia"])
def test_player_colours_stay_apart(game: str, vision: str) -> None:
    colours, palette, _ = GAMES[game]
    seen = {c: palette[c] if vision == "normal" else simulate(palette[c], vision) for c in colours}
    close = [(a, b, round(ciede2000(lab(seen[a]), lab(seen[b])), 1))
             for a, b in itertools.combinations(colours, 2)
             if ciede2000(lab(seen[a]), lab(seen[b])) < LEAST_DIFFERENCE]
    assert not close, f"{game} under {vision}: too close {close}"


def test_the_simulation_tells_red_from_green_apart_less() -> None:
    """The simulation works: pure red and green, far apart normally, come close."""
    normal = ciede2000(lab("#ff0000"), lab("#00ff00"))
    for vision in ("protanopia", "deuteranopia"):
        assert ciede2000(lab(simulate("#ff0000", vision)), lab(simulate("#00ff00", vision))) < normal / 1.8


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_initials_are_distinct_in_every_language(game: str, lang: str) -> None:
    colours = GAMES[game][0]
    marks = initials(colours, lang)
    assert len(set(marks)) == len(marks), (game, lang, marks)
    assert all(1 <= len(m) <= 2 for m in marks), marks


def test_initials_follow_the_language() -> None:
    assert initials(["Yellow", "Green"], "fr") == ["J", "V"]
    assert initials(["Yellow", "Green"], "nl") == ["Ge", "Gr"]


@pytest.mark.parametrize("game", GAMES)
def test_initials_read_on_the_player_colours(game: str) -> None:
    colours, palette, ink = GAMES[game]
    low = [(c, round(contrast(palette[c], ink[c]), 2)) for c in colours
           if contrast(palette[c], ink[c]) < AA]
    assert not low, low


def test_map_text_meets_aa() -> None:
    """District names and sub-labels on every kind of district; the other texts of the map
    and of the side boards on their backgrounds."""
    text = fills(PRINCES_STYLE)
    board = fills(CSS.read_text())
    name, sub = board.get("mp-dname", "#1d1d1d"), text["mp-dsub"]
    pairs = [(name, fill, f"name on {kind}") for kind, fill in pc.KIND_FILL.items()]
    pairs += [(sub, fill, f"sub-label on {kind}") for kind, fill in pc.KIND_FILL.items()]
    pairs += [(text["mp-tile-text"], "#2f3a56", "moon tile"),
              (text["mp-tile-gone .mp-tile-text"], "#fffdf7", "taken moon tile"),
              (board["mp-tile-gone .mp-tile-text"], "#fffdf7", "taken moon tile (live board)"),
              (text["mp-slot-price"], "#ffffff", "market price"),
              (text["mp-h"], "#fffdf7", "side board heading")]
    low = [(where, fg, bg, round(contrast(fg, bg), 2)) for fg, bg, where in pairs
           if contrast(fg, bg) < AA]
    assert not low, low


def test_temple_text_meets_aa() -> None:
    text = {k.removeprefix("mp-pr-board ."): v for k, v in fills(pr.STYLE).items()}
    pairs = [(text["mp-pr-fire-num"], pr.FIRE, "fire token"),
             (text["mp-pr-priest-num"], pr.ROBE, "priest's height"),
             (text["mp-pr-start-num"], pr.SQUARE_FILL, "start square"),
             (text["mp-pr-free"], pr.STAIR_FILL, "free stair"),
             (text["mp-pr-coord"], "#e7dfc9", "grid coordinates"),
             (text["mp-pr-back-mark"], pr.CARD_BACK, "card back")]
    low = [(where, fg, bg, round(contrast(fg, bg), 2)) for fg, bg, where in pairs
           if contrast(fg, bg) < AA]
    assert not low, low
