"""How wide a text is in the pictures' font: the one place where text widths are estimated.

The pictures (SVG) name an explicit font stack, :data:`FONT_STACK`, whose first member,
DejaVu Sans, is the font measured here: its advance widths, pair kerning and ligatures
(Book and Bold) for the characters of the tutor's languages are a table generated once from
the font files (``scripts/font_metrics.py`` writes ``_dejavu_sans.py``; no font library
is needed at run time). The browser lays out SVG text with the same advances (HarfBuzz
shaping, kerning on), so the estimate is the browser's width to within a fraction of a
pixel; ``tests/widgets/test_fit.py`` compares it with widths measured in Chromium. The
fallbacks of the stack (Bitstream Vera Sans has the same metrics; Verdana is as wide or
a little narrower) keep what fits fitting.

CSS weights of 600 and more use the Bold face (the only heavier face a browser finds for
DejaVu Sans); lighter weights, and italic (whose advances are the Book face's), use Book.
A character outside the table counts as wide as an ``M``.

>>> round(text_width("Sun Clock", 14.5, 700), 1), round(text_width("Sun Clock", 14.5), 1)
(79.9, 71.6)
>>> text_width("AV", 10) < text_width("A", 10) + text_width("V", 10)   # kerning
True
>>> round(ASCENT, 3), round(DESCENT, 3)
(0.928, 0.236)
"""

from __future__ import annotations

from functools import lru_cache

from . import _dejavu_sans as _m

#: the font stack the pictures name (CSS); widths are measured for its first member
FONT_STACK = '"DejaVu Sans", "Bitstream Vera Sans", Verdana, sans-serif'
#: the line box above and below the baseline, in ems (what a browser's text box covers)
ASCENT = _m.ASCENT / _m.UNITS
DESCENT = _m.DESCENT / _m.UNITS
#: the height of capitals and of letters with ascenders (l, d, k), in ems: the ink's top
CAP = 0.76
#: the lowest weight drawn with the Bold face
BOLD_FROM = 600


class _Face:
    def __init__(self, chars: str, widths: tuple[int, ...], kern: dict[str, int],
                 liga: dict[str, int]) -> None:
        self.width = dict(zip(chars, widths, strict=True))
        self.kern = kern
        # a ligature's own width replaces its letters' widths (longest first: ffi before fi)
        self.liga = sorted(((k, v - sum(self.width[c] for c in k)) for k, v in liga.items()),
                           key=lambda kv: -len(kv[0]))
        self.wide = self.width["M"]

    def units(self, text: str) -> int:
        w = self.width
        total = sum(w.get(c, self.wide) for c in text)
        kern = self.kern
        total += sum(kern.get(text[i:i + 2], 0) for i in range(len(text) - 1))
        for lig, delta in self.liga:
            if lig in text:
                total += delta * text.count(lig)
                text = text.replace(lig, "\0")
        return total


_REGULAR = _Face(_m.REGULAR_CHARS, _m.REGULAR_WIDTHS, _m.REGULAR_KERN, _m.REGULAR_LIGA)
_BOLD = _Face(_m.BOLD_CHARS, _m.BOLD_WIDTHS, _m.BOLD_KERN, _m.BOLD_LIGA)


@lru_cache(maxsize=8192)
def _units(text: str, bold: bool) -> int:
    return (_BOLD if bold else _REGULAR).units(text)


def text_width(text: str, size: float, weight: int = 400) -> float:
    """The advance width of ``text`` (one line) at ``size`` px and CSS ``weight``, in px."""
    return _units(text, weight >= BOLD_FROM) * size / _m.UNITS


#: letters whose ink reaches above the capitals (accented capitals) and below the baseline
TALL = frozenset("ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝŒŸ")
LOW = frozenset("gjpqyçÇ,;()[]{}|/_Qµ")


def ink(text: str, size: float) -> tuple[float, float]:
    """How far the letters of one line of ``text`` at ``size`` px reach above and below its
    baseline, in px (a capital's or an ascender's height; an accented capital's, a
    descender's).

    >>> [round(v, 1) for v in ink("Nord", 10)], [round(v, 1) for v in ink("Épi", 10)]
    ([7.6, 0.5], [9.3, 2.4])
    """
    above = ASCENT if TALL & set(text) else CAP
    below = DESCENT if LOW & set(text) else 0.05
    return above * size, below * size


def covers(text: str) -> bool:
    """Whether every character of ``text`` is in the measured table."""
    return all(c in _REGULAR.width and c in _BOLD.width for c in text)


__all__ = ["ASCENT", "BOLD_FROM", "CAP", "DESCENT", "FONT_STACK", "LOW", "TALL", "covers", "ink",
           "text_width"]
