"""The players' marks: the initial each piece and log entry carries, in the board's language.

A game's glossary names each colour's initial (``[initial.<Colour>]``, one per language),
distinct within each language: colour names share first letters in some languages (Dutch
Geel and Groen), so an initial may have two letters.

>>> from mp_tutor.core.i18n import set_language
>>> import mp_tutor.princes.text  # the Princes' glossary
>>> initials(["Blue", "Yellow", "Green", "Black"])
['B', 'Y', 'G', 'K']
>>> _ = set_language("nl"); initials(["Blue", "Yellow", "Green", "Black"])
['B', 'Ge', 'Gr', 'Z']
>>> _ = set_language("en")
"""

from __future__ import annotations

from collections.abc import Sequence

from .i18n import INITIAL, Term, render

__all__ = ["initials"]


def initials(colours: Sequence[str], lang: str | None = None) -> list[str]:
    """Each colour's initial in ``lang`` (default: the current language)."""
    return [render(Term(INITIAL, c, c[:1]), lang) for c in colours]
