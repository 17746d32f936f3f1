"""Fitting the pictures' words: their widths, and where a text may be broken into lines.

Every width the pictures need comes from :func:`width` (the font's metrics, in
:mod:`mp_tutor.core.fonts`) and the text's class (``TEXT``: the font size and weight each
class has in the CSS). A long text is broken at spaces, after a hyphen, and inside a word at
the hyphenation points of ``breaks.toml``: a per-language table of the few long words that
may be split, written with ``|`` where a break may go (``"zonnewijzer" = "zonne|wijzer"``);
a line broken there ends with a hyphen. The names in sentences (the glossary) never carry
these marks; see docs/TRANSLATING.md.

>>> from mp_tutor.core.i18n import set_language
>>> _ = set_language("nl")
>>> [lines for lines, _ in breakings("zonnewijzer", 2)]
[['zonnewijzer'], ['zonne-', 'wijzer']]
>>> wrap("In dienst: maagden 1, priesters van de poema 2", "mp-small", 200)
['In dienst: maagden 1, priesters', 'van de poema 2']
>>> wrap("In dienst: maagden 1, priesters van de poema 2", "mp-small", 200,
...      keep=["maagden 1", "priesters van de poema 2"])
['In dienst: maagden 1,', 'priesters van de poema 2']
>>> _ = set_language("en")
"""

from __future__ import annotations

import itertools
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path

from ...core import fonts
from ...core.fonts import ASCENT, DESCENT, text_width
from ...core.i18n import get_language

#: each text class of the pictures: (font size in px, CSS font weight), as in the CSS
#: (``widgets/board.css`` and ``STYLE`` in ``__init__``; a test keeps them equal)
TEXT: dict[str, tuple[float, int]] = {
    "mp-dname": (14.5, 700), "mp-dsub": (11.5, 400), "mp-chip-text": (11, 700),
    "mp-bonus-text": (11, 700), "mp-tag-text": (11, 700), "mp-prince-text": (9, 800),
    "mp-note": (11, 400), "mp-h": (14, 700), "mp-label": (12.5, 600), "mp-small": (12, 400),
    "mp-tiny": (11, 400), "mp-day-text": (12, 700), "mp-tile-text": (11, 600),
    "mp-value-text": (14, 800), "mp-slot-price": (11, 700), "mp-field-text": (11.5, 400),
    "mp-phead": (14, 700), "mp-count": (13, 700), "mp-card-icon": (10, 400),
    "mp-gold-text": (10, 800), "mp-th": (11.5, 700),
}
#: a presentation's large print (a room reads the map from afar), the sizes that differ from
#: ``TEXT``: the map is then drawn without its footer, 500 units high, which a 1280x720
#: screen shows 720 px high, so every word is at least 18 px there (larger on a larger screen)
LARGE: dict[str, float] = {
    "mp-dname": 12.8, "mp-dsub": 12.6, "mp-chip-text": 12.6, "mp-bonus-text": 12.6,
    "mp-tag-text": 12.6, "mp-prince-text": 12.6,
}
_LARGE: ContextVar[bool] = ContextVar("mp_tutor_large_print", default=False)
#: a break inside a word (``|`` in breaks.toml), after a hyphen, or at a space
HYPHEN, AFTER_HYPHEN, SPACE = "-", "", " "
BREAKS = Path(__file__).with_name("breaks.toml")


@contextmanager
def large_print(on: bool = True) -> Iterator[None]:
    """Draw in the large print of a presentation (``LARGE``) inside the ``with`` block."""
    token = _LARGE.set(on)
    try:
        yield
    finally:
        _LARGE.reset(token)


def is_large() -> bool:
    """Whether the pictures are drawn in large print now (:func:`large_print`)."""
    return _LARGE.get()


def size(cls: str) -> float:
    """The font size of the class ``cls`` (in large print, its large size), in px."""
    normal = TEXT[cls][0]
    return LARGE.get(cls, normal) if _LARGE.get() else normal


def sized(cls: str, style: str = "") -> str | None:
    """A text's ``style`` attribute: ``style``, and in large print its class's large size
    (the stylesheet gives the normal one); None when there is nothing to say."""
    if _LARGE.get() and cls in LARGE:
        style = f"font-size:{LARGE[cls]:g}px" + (f";{style}" if style else "")
    return style or None


def width(text: str, cls: str) -> float:
    """The width of one line of ``text`` drawn with the class ``cls``, in px."""
    return text_width(text, size(cls), TEXT[cls][1])


def ink(text: str, cls: str) -> tuple[float, float]:
    """How far the letters of a line reach above and below its baseline, in px."""
    return fonts.ink(text, size(cls))


def box(text: str, cls: str) -> tuple[float, float]:
    """The browser's box of a line around its baseline (ascent, descent), in px."""
    s = size(cls)
    return ASCENT * s, DESCENT * s


@lru_cache(maxsize=1)
def _table() -> dict[str, dict[str, str]]:
    return tomllib.loads(BREAKS.read_text(encoding="utf-8"))


@lru_cache(maxsize=16)
def hyphenation(lang: str) -> dict[str, tuple[int, ...]]:
    """The hyphenation points of a language's long words: {word in lower case: offsets}."""
    out = {}
    for word, marked in _table().get(lang, {}).items():
        points, n = [], 0
        for part in marked.split("|")[:-1]:
            n += len(part)
            points.append(n)
        out[word.lower()] = tuple(points)
    return out


def atoms(text: str, lang: str | None = None) -> tuple[list[str], list[str]]:
    """``text`` cut at every place a line may end: the pieces, and between each two the kind
    of break (:data:`SPACE`, :data:`HYPHEN` or :data:`AFTER_HYPHEN`)."""
    points = hyphenation(lang or get_language())
    parts: list[str] = []
    kinds: list[str] = []
    for i, word in enumerate(text.split(" ")):
        if i:
            kinds.append(SPACE)
        core = word.strip(".,;:!?()«»\"'’")
        lead = word.find(core) if core else 0
        cuts = sorted({lead + p for p in points.get(core.lower(), ())}
                      | {j + 1 for j, c in enumerate(word[:-1]) if c == "-" and j > 0})
        prev = 0
        for c in cuts:
            parts.append(word[prev:c])
            kinds.append(AFTER_HYPHEN if word[c - 1] == "-" else HYPHEN)
            prev = c
        parts.append(word[prev:])
    return parts, kinds


def _join(parts: list[str], kinds: list[str], a: int, b: int, end: str | None) -> str:
    """Pieces ``a..b`` (inclusive) as one line; ``end`` is the break after piece ``b``."""
    s = parts[a]
    for i in range(a + 1, b + 1):
        s += (" " if kinds[i - 1] == SPACE else "") + parts[i]
    return s + ("-" if end == HYPHEN else "")


def breakings(text: str, max_lines: int = 3) -> list[tuple[list[str], int]]:
    """Every way of setting ``text`` in at most ``max_lines`` lines, fewest lines first:
    (lines, how many of the breaks are inside a word)."""
    parts, kinds = atoms(text)
    out = []
    for n in range(min(max_lines, len(parts))):
        for cuts in itertools.combinations(range(len(kinds)), n):
            lines, start = [], 0
            for c in cuts:
                lines.append(_join(parts, kinds, start, c, kinds[c]))
                start = c + 1
            lines.append(_join(parts, kinds, start, len(parts) - 1, None))
            out.append((lines, sum(kinds[c] != SPACE for c in cuts)))
    return out


def wrap(text: str, cls: str, room: float, keep: list[str] | tuple[str, ...] = ()) -> list[str]:
    """``text`` in as few lines as fit ``room`` px (each line as long as fits). Phrases of
    ``keep`` are not broken when they fit a line of their own."""
    parts, kinds = atoms(text)
    locked = set()
    if keep:
        pos, starts = 0, []
        for i, p in enumerate(parts):
            starts.append(pos)
            pos += len(p) + (1 if i < len(kinds) and kinds[i] == SPACE else 0)
        for phrase in keep:
            if width(phrase, cls) > room:
                continue
            at = text.find(phrase)
            while at >= 0:
                end = at + len(phrase)
                locked |= {i for i in range(len(kinds)) if at < starts[i + 1] < end}
                at = text.find(phrase, end)
    lines, start, last = [], 0, len(parts) - 1
    while start <= last:
        best = None
        for end in range(start, last + 1):
            if end < last and end in locked:
                continue
            fits = width(_join(parts, kinds, start, end, kinds[end] if end < last else None),
                         cls) <= room
            if fits or best is None:
                best = end
            if not fits:
                break
        assert best is not None
        lines.append(_join(parts, kinds, start, best, kinds[best] if best < last else None))
        start = best + 1
    return lines


__all__ = ["BREAKS", "LARGE", "TEXT", "atoms", "box", "breakings", "hyphenation", "ink",
           "is_large", "large_print", "size", "sized", "width", "wrap"]
