"""How the priests game names its things: players, priests, stairs, squares, cards.

Names are :class:`~mp_tutor.core.i18n.Term` objects or messages, rendered in the current
language when a sentence is shown; nothing is assembled from English fragments.

>>> str(colour(0)), str(stair("north")), str(direction("south")), str(priest(4))
('Blue', 'North', 'south', 'priest 4')
>>> str(sun_moon_label("moon_all_open"))
"a moon card, 'Alle Offen' (every player lays face up)"
>>> str(tokens_list([5, 6]))
'5 and 6'
"""

from __future__ import annotations

from collections.abc import Iterable

from ..core.i18n import (
    DEFAULT_LANGUAGE,
    Glossary,
    Msg,
    Term,
    add_names,
    add_terms,
    listed,
    t,
)
from .data import COLOURS, DATA, DATA_DIR

#: what each instruction means, for sentences
INSTRUCTION_MEANING: dict[str, Msg] = {
    "all_hidden": t("every player lays face down"),
    "all_open": t("every player lays face up"),
    "high_priest_open": t("only the first player lays face up"),
    "high_priest_hidden": t("only the first player lays face down"),
    "first_two_open": t("the first two players lay face up, the others face down"),
}

#: the names of the game's things in the other languages (the French rules' words)
GLOSSARY = Glossary.from_file(DATA_DIR / "glossary.toml").register()


def _english(kind: str, ident: str, lang: str) -> str | None:
    if lang != DEFAULT_LANGUAGE:
        return None
    if kind == "stair":
        return ident.capitalize()
    if kind in ("colour", "direction"):
        return ident
    return None


for _kind in ("stair", "colour", "direction"):
    add_terms(_kind, _english)
add_names(DEFAULT_LANGUAGE, [*COLOURS, *(s.capitalize() for s in DATA.stairs)])


def colour(p: int | None) -> Term | Msg:
    """A player by colour ('Nobody' for no player)."""
    return t("Nobody") if p is None else Term("colour", COLOURS[p])


#: a stair ('North', 'East', ...) and a compass direction ('north', 'south', ...)
stair, direction = Term.of("stair"), Term.of("direction")


def priest(height: int) -> Msg:
    """'priest 4'."""
    return t("priest {height}", height=height)


def sun_moon_label(card: str) -> Msg:
    """'a sun card, 'Alle Offen' (every player lays face up)'."""
    spec = DATA.sun_moon[card]
    ins = DATA.instructions[spec.instruction]
    meaning = INSTRUCTION_MEANING[spec.instruction]
    if spec.kind == "sun":
        return t("a sun card, '{name}' ({meaning})", name=ins.name, meaning=meaning)
    return t("a moon card, '{name}' ({meaning})", name=ins.name, meaning=meaning)


#: terms, messages or numbers joined: 'a, b and c'
names_list = listed


def tokens_list(values: Iterable[int | str]) -> Msg:
    """Token values joined: '5 and 6'."""
    return listed(str(v) for v in values)


__all__ = ["GLOSSARY", "INSTRUCTION_MEANING", "colour", "direction", "names_list", "priest",
           "stair", "sun_moon_label", "tokens_list"]
