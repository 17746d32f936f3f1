"""Whole numbers written in words, in the tutor's languages (a learner's answer to a quiz).

A learner who answers "two", "deux" or "twee" where the answer is 2 is right. The words are
made once per language from its counting rules, from zero to a hundred, with a minus sign
in words or as ``-``; accents, capitals, hyphens and spaces do not matter ("vingt et un",
"Vingt-et-un", "eenentwintig", "eenëntwintig", "twenty one").

>>> parse_number("two", "en"), parse_number("Quatre-vingt-dix-sept", "fr")
(2, 97)
>>> parse_number("tweeëntwintig", "nl"), parse_number("moins trois", "fr")
(22, -3)
>>> parse_number(" 12 ", "nl"), parse_number("zwei", "en"), parse_number("two", "de")
(12, None, None)
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

#: the largest number written in words that is understood
LARGEST = 100
_DIGITS = re.compile(r"[+-]?[0-9]{1,9}")

_EN_UNITS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen "
             "fourteen fifteen sixteen seventeen eighteen nineteen").split()
_EN_TENS = {20: "twenty", 30: "thirty", 40: "forty", 50: "fifty", 60: "sixty", 70: "seventy",
            80: "eighty", 90: "ninety"}
_FR_UNITS = ("zero un deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze "
             "quinze seize dix-sept dix-huit dix-neuf").split()
_FR_TENS = {20: "vingt", 30: "trente", 40: "quarante", 50: "cinquante", 60: "soixante"}
#: Belgian and Swiss French
_FR_TENS_BE = {70: "septante", 80: "huitante", 90: "nonante"}
_NL_UNITS = ("nul een twee drie vier vijf zes zeven acht negen tien elf twaalf dertien veertien "
             "vijftien zestien zeventien achttien negentien").split()
_NL_TENS = {20: "twintig", 30: "dertig", 40: "veertig", 50: "vijftig", 60: "zestig",
            70: "zeventig", 80: "tachtig", 90: "negentig"}
_MINUS = {"en": ("minus", "negative"), "fr": ("moins",), "nl": ("min", "minus", "negatief")}


def _key(text: str) -> str:
    """Lower case, without accents, hyphens or spaces."""
    plain = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in plain if c.isalpha())


def _english() -> dict[int, list[str]]:
    out = {n: [w] for n, w in enumerate(_EN_UNITS)}
    for tens, word in _EN_TENS.items():
        out[tens] = [word]
        for u in range(1, 10):
            out[tens + u] = [word + _EN_UNITS[u]]
    out[100] = ["hundred", "onehundred", "ahundred"]
    return out


def _french() -> dict[int, list[str]]:
    out = {n: [w] for n, w in enumerate(_FR_UNITS)}
    out[1].append("une")
    for tens, word in _FR_TENS.items():
        out[tens] = [word]
        out[tens + 1] = [word + "etun", word + "etune"]
        for u in range(2, 10):
            out[tens + u] = [word + _FR_UNITS[u]]
    for u in range(10, 20):  # 70-79: soixante-dix, soixante et onze, soixante-douze ...
        out[60 + u] = ["soixante" + ("et" if u == 11 else "") + _FR_UNITS[u]]
    out[80] = ["quatrevingts", "quatrevingt"]
    for u in range(1, 20):
        out[80 + u] = ["quatrevingt" + _FR_UNITS[u]]
    out[81].append("quatrevingtune")
    for tens, word in _FR_TENS_BE.items():
        out[tens].append(word)
        out[tens + 1] += [word + "etun", word + "etune"]
        for u in range(2, 10):
            out[tens + u].append(word + _FR_UNITS[u])
    out[100] = ["cent"]
    return out


def _dutch() -> dict[int, list[str]]:
    out = {n: [w] for n, w in enumerate(_NL_UNITS)}
    for tens, word in _NL_TENS.items():
        out[tens] = [word]
        for u in range(1, 10):  # eenentwintig, tweeëntwintig (the diaeresis is dropped)
            out[tens + u] = [_NL_UNITS[u] + "en" + word]
    out[100] = ["honderd", "eenhonderd"]
    return out


_MAKERS = {"en": _english, "fr": _french, "nl": _dutch}


@cache
def _words(lang: str) -> dict[str, int]:
    """Every way of writing 0..LARGEST in ``lang`` (keys as :func:`_key` makes them)."""
    return {_key(w): n for n, forms in _MAKERS[lang]().items() for w in forms}


def parse_number(text: str, lang: str = "en") -> int | None:
    """The whole number ``text`` writes, in digits or in words of ``lang`` (None if none)."""
    text = str(text).strip()
    if _DIGITS.fullmatch(text):
        return int(text)
    if lang not in _MAKERS or len(text) > 80:
        return None
    sign = 1
    low = text.lower()
    if low.startswith("-"):
        sign, low = -1, low[1:]
    else:
        for word in _MINUS[lang]:
            if low.startswith(word + " ") or low.startswith(word + "-"):
                sign, low = -1, low[len(word) + 1:]
                break
    n = _words(lang).get(_key(low))
    return None if n is None else sign * n


__all__ = ["LARGEST", "parse_number"]
