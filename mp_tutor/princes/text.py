"""How the Princes names its things: districts, goods, pieces, players, moon tiles.

Names are :class:`~mp_tutor.core.i18n.Term` objects, rendered in the current language when a
sentence is shown; amounts ("2 llamas", "3 corn") are plural-aware messages.

>>> str(district("coca_plantation")), str(amount(2, "llama")), str(amount(3, "corn"))
('Coca Plantation', '2 llamas', '3 corn')
>>> str(the_district("royal_palace")), str(in_district("royal_palace"))
('the Royal Palace', 'in the Royal Palace')
>>> str(tile_label("steps3")), str(tile_face("corn3")), str(goods_list({"corn": 3, "llama": 1}))
('3 steps', '“3 corn”', '3 corn and 1 llama')
"""

from __future__ import annotations

from collections.abc import Mapping

from ..core.i18n import (
    DEFAULT_LANGUAGE,
    Glossary,
    Msg,
    Term,
    add_names,
    add_terms,
    listed,
    quoted,
    t,
    tn,
)
from .data import (
    CARDS,
    COLOURS,
    DATA_DIR,
    DISTRICT_IDS,
    DISTRICTS,
    MOON_TILES,
    PRIESTS,
    PROFESSIONS,
)

#: the names of the game's things in the other languages (the rulebooks' words)
GLOSSARY = Glossary.from_file(DATA_DIR / "glossary.toml").register()


def _english(kind: str, ident: str, lang: str) -> str | None:
    if lang != DEFAULT_LANGUAGE:
        return None
    if kind == "district" and ident in DISTRICTS:
        return DISTRICTS[ident].name
    if kind == "the_district" and ident in DISTRICTS:
        return f"the {DISTRICTS[ident].name}"
    if kind == "in_district" and ident in DISTRICTS:
        return f"in the {DISTRICTS[ident].name}"
    if kind == "priest" and ident in PRIESTS:
        return PRIESTS[ident].name
    if kind == "priests" and ident in PRIESTS:
        first, _, rest = PRIESTS[ident].name.partition(" ")
        return f"{first}s {rest}"
    if kind in ("profession", "good", "colour"):
        return ident.replace("_", " ")
    return None


for _kind in ("district", "the_district", "in_district", "priest", "priests", "profession",
              "good", "colour"):
    add_terms(_kind, _english)
add_names(DEFAULT_LANGUAGE, [*(d.name for d in DISTRICTS.values()),
                            *(x.name for x in PRIESTS.values()), *COLOURS])


def district(d: str | int) -> Term:
    ident = DISTRICT_IDS[d] if isinstance(d, int) else d
    return Term("district", ident, DISTRICTS[ident].name if ident in DISTRICTS else ident)


def the_district(d: str | int) -> Term:
    """The district with its article, as a sentence names it: 'the Royal Palace'.

    (French 'le Palais Royal', Dutch 'het paleis van de koning': each language's article.)
    """
    return Term("the_district", DISTRICT_IDS[d] if isinstance(d, int) else d)


def in_district(d: str | int) -> Term:
    """Where something is, in the district: 'in the Royal Palace'.

    (French 'au Palais Royal', 'sur la Place Centrale'; Dutch 'op het marktplein': each
    language's preposition for that district.)
    """
    return Term("in_district", DISTRICT_IDS[d] if isinstance(d, int) else d)


def colour(p: int | None) -> Term | Msg:
    """A player by colour ('Nobody' for no player)."""
    return t("Nobody") if p is None else Term("colour", COLOURS[p])


#: a good, a profession, a priest kind ('Virgin of the Sun'), its plural ('Priests of Puma')
good, profession = Term.of("good"), Term.of("profession")
priest, priests = Term.of("priest"), Term.of("priests")


_AMOUNT = {
    "corn": lambda n: tn("{n} corn", "{n} corn", n),
    "llama": lambda n: tn("{n} llama", "{n} llamas", n),
    "coca": lambda n: tn("{n} coca", "{n} coca", n),
    "pottery": lambda n: tn("{n} pottery", "{n} pottery", n),
    "cloth": lambda n: tn("{n} cloth", "{n} cloth", n),
}


def amount(n: int, g: str) -> Msg:
    """'1 llama', '2 llamas', '3 corn' in the current language."""
    return _AMOUNT[g](n)


def price_paid(prices: list[int]) -> Msg:
    """What units traded one by one come to: '4 corn' for one, '4 + 3 = 7 corn' for more.

    >>> str(price_paid([6])), str(price_paid([4, 3]))
    ('6 corn', '4 + 3 = 7 corn')
    """
    if len(prices) == 1:
        return amount(prices[0], "corn")
    # TRANSLATORS: the prices of units traded one by one and their sum ("4 + 3 = 7 corn")
    return t("{prices} = {total}", prices=" + ".join(map(str, prices)),
             total=amount(sum(prices), "corn"))


def goods_list(goods: Mapping[str, int]) -> Msg:
    """'3 corn and 1 llama' ('nothing' when empty)."""
    return listed(amount(n, g) for g, n in goods.items() if n)


def holding(p: int, goods: Mapping[str, int]) -> Msg:
    """What a player has, as a clause: 'Blue has 3 corn and 1 llama', 'Blue has nothing'
    (a sentence of its own where a language says it otherwise: French "Vert n'a rien").

    >>> str(holding(0, {"corn": 3, "llama": 1})), str(holding(3, {"corn": 0}))
    ('Blue has 3 corn and 1 llama', 'Green has nothing')
    """
    if any(goods.values()):
        return t("{who} has {goods}", who=colour(p), goods=goods_list(goods))
    return t("{who} has nothing", who=colour(p))


#: terms or messages joined: 'a, b and c'
names_list = listed


def tile_label(tile: str) -> Msg:
    """What a moon tile gives: '2 steps', '3 corn', 'llama'."""
    spec = MOON_TILES[tile]
    if spec.kind == "steps":
        return tn("{n} step", "{n} steps", spec.amount)
    if spec.kind == "corn":
        return amount(spec.amount, "corn")
    return t("{good}", good=good(spec.good or tile))


def tile_face(tile: str) -> Msg:
    """A moon tile named by its face, quoted: '“3 corn”' (each language's quotation marks)."""
    return quoted(tile_label(tile))


def card_words(cid: int) -> Msg:
    """A Sacrifice Card in words: 'card 12 (Potter + Virgin of the Sun, 2 gold)'."""
    card = CARDS[cid]
    icons = [priest(i) if i in PRIESTS else profession(i) for i in card.icons]
    return t("card {id} ({a} + {b}, {gold} gold)", id=cid, a=icons[0], b=icons[1], gold=card.gold)


def profession_name(p: str) -> str:
    return str(profession(p))


__all__ = ["amount", "card_words", "colour", "district", "good", "goods_list", "holding",
           "in_district", "names_list",
           "price_paid", "priest", "priests", "profession", "the_district", "tile_face",
           "tile_label",
           "PROFESSIONS"]
