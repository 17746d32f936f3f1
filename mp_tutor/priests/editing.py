"""What a teacher may set up by hand in a position of the priests game (the studio's editor).

Every value is a field of the scenario file (:mod:`mp_tutor.priests.position`), and every
change is checked by that file's reader: the editor and a hand-written file can never
disagree. Clicks on the temple put a priest on a square (a click on a priest chooses it), or
lay a card (chosen from the hand of the player who lays next: a click on the card in the
hand, or the menu) on a free stair; the form holds the rest: the round, its first
player and its sun/moon card, the piles, each player's hand and priest card, each priest's
square and its tokens (taken as play takes them: the next sun token, the next two on the
centre, the next fire token; or its last one given back), and taking back the last card
laid. A new game's options are the player count and the readings of the two rulings the
rules text reads both ways.

>>> from mp_tutor.core.editing import Position, PositionEditor
>>> from mp_tutor.priests.game import Game
>>> ed = PositionEditor(Position.read(Game, {"scenario": {"players": 3, "first": "Blue"}}))
>>> lay = EDITING.tool("lay")
>>> [card for card, _ in lay.each(ed.position)], sorted(lay.places(ed.position, "4"))[:2]
(['4', '26', '39', '48'], ['stair-east', 'stair-north'])
>>> ed.change(lay.change(ed.position, "stair-east", "4", False)) is None
True
>>> ed.position.get("scenario.laid"), ed.position.state.laid_by, ed.position.state.queue[0]
([{'card': 4, 'stair': 'east'}], [None, 0, None, None], Step(kind='lay', player=1, payload=None))
>>> str(lay.says("stair-north", "22", False))
'North stair: lay card 22 here'
>>> sun = next(b for b in GROUPS[-1].buttons if b.id == "sun")
>>> ed.change(sun.change(ed.position, "4")), ed.position.get("priests.4.slots")
(None, [[1]])
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.editing import (
    Button,
    Change,
    Choice,
    EditSpec,
    Field,
    FieldKind,
    Group,
    Pick,
    Position,
    Tool,
    Words,
    get_path,
)
from ..core.i18n import Term, t
from ..core.machine import Step
from .data import COLOURS, DATA
from .state import Kind, State
from .tables import (
    CARDS,
    DECK_SUN_MOON,
    HAND,
    HEIGHTS,
    PRIEST_INDEX,
    PRINTED,
    SLOTS,
    SQUARE_INDEX,
    SQUARE_NAMES,
    STAIR_INDEX,
    STAIRS,
    SUN_MOON_IDS,
)
from .targets import CARD, SQUARE, STAIR, edit_target
from .text import colour, names_list, priest, stair, sun_moon_label
from .tokens import take_fire, take_sun

_SQUARE_PLACES = tuple(f"{SQUARE}{q}" for q in SQUARE_NAMES)
_HEIGHTS = tuple(str(h) for h in HEIGHTS)


def _state(position: Position) -> State:
    state = position.state
    if not isinstance(state, State):
        raise TypeError(f"not a position of the priests game: {type(state).__name__}")
    return state


def _priests(_position: Position) -> list[tuple[str, Words]]:
    return [(h, priest(int(h))) for h in _HEIGHTS]


def _players(position: Position) -> list[tuple[str, Words]]:
    return list(position.players)


def _place_name(place: str) -> Words:
    """``square-r1c2`` -> 'square r1c2', ``stair-north`` -> 'North stair'."""
    if place.startswith(STAIR):
        return t("{stair} stair", stair=stair(place[len(STAIR):]))
    return t("square {square}", square=place.removeprefix(SQUARE))


# -- the priests: a click on a square puts the priest chosen there --------------------------
def _change_priest(position: Position, place: str, who: str, remove: bool) -> Change | Words:
    square = place.removeprefix(SQUARE)
    if who not in _HEIGHTS:
        return t("Choose a priest first: {priests}.", priests=names_list(_HEIGHTS))
    if not place.startswith(SQUARE) or square not in SQUARE_INDEX:
        return t("A priest stands on a square of the temple.")
    return {f"priests.{who}.square": square}


def _says_priest(place: str, who: str, remove: bool) -> Words:
    square = place.removeprefix(SQUARE)
    if who in _HEIGHTS:
        return t("{square}: put {priest} here", square=square, priest=priest(int(who)))
    return t("{square}: put the priest chosen here", square=square)


def _standing(position: Position, who: str) -> dict[str, Pick]:
    """The squares a priest stands on: a click there chooses that priest."""
    out: dict[str, Pick] = {}
    for i, q in enumerate(_state(position).pos):
        if q is None:
            continue
        square, h = SQUARE_NAMES[q], str(HEIGHTS[i])
        out[f"{SQUARE}{square}"] = (h, t("{square}: {priest} stands here, chosen", square=square,
                                         priest=priest(HEIGHTS[i])) if h == who else
                                    t("{square}: choose {priest}, who stands here",
                                      square=square, priest=priest(HEIGHTS[i])))
    return out


# -- laying: a card of the next player's hand (or the card they drew) on a free stair -------
def _next_lay(s: State) -> Step | None:
    """The lay the position waits for (None when it waits for none)."""
    return s.queue[0] if s.queue and s.queue[0].kind in Kind.LAYS else None


def _layable(position: Position) -> list[tuple[str, Words]]:
    """The cards the player to lay may lay now, with their names."""
    s = _state(position)
    step = _next_lay(s)
    if step is None or step.player is None:
        return []
    who = colour(step.player)
    if step.kind == Kind.LAY_DRAWN and s.drawn is not None:
        return [(str(s.drawn), t("card {card}, drawn from the pile by {who}", card=s.drawn,
                                 who=who))]
    return [(str(c), t("card {card} of {who}", card=c, who=who)) for c in s.hands[step.player]]


def _hand_cards(position: Position, who: str) -> dict[str, Pick]:
    """The cards the player to lay may lay, as the picture draws them: a click chooses one."""
    return {f"{CARD}{card}": (card, t("Card {card}: chosen; click a free stair to lay it",
                                      card=int(card)) if card == who else
                              t("Card {card}: click it, then a free stair", card=int(card)))
            for card, _ in _layable(position)}


def _free_stairs(position: Position, _who: str) -> list[str]:
    s = _state(position)
    return [f"{STAIR}{name}" for j, name in enumerate(STAIRS) if s.stairs[j] is None]


def _laid(position: Position) -> list[object]:
    found = get_path(position.raw, "scenario.laid")
    return list(found) if isinstance(found, list) else []


def _int_list(value: object) -> list[int]:
    return [v for v in value if isinstance(v, int)] if isinstance(value, list) else []


def _drawing(position: Position, hand_of: str | None) -> tuple[Change, list[int]]:
    """What a lay leaves as it was: the file's hands and draw pile, and the pile the lay
    draws from (top first). When the file already names the hand the card leaves (if any)
    and the top of the pile, only they change; otherwise every hand and the whole pile are
    named as they are, so that the cards the position does not name stay where they are."""
    named = get_path(position.raw, "scenario.deck")
    if hand_of is None or isinstance(get_path(position.raw, f"players.{hand_of}.hand"), list):
        if _int_list(named):
            return {}, _int_list(named)
    pinned = {f"players.{c}.hand": position.get(f"players.{c}.hand") for c in position.colours}
    return pinned, _int_list(position.get("scenario.deck"))


def _change_lay(position: Position, place: str, who: str, remove: bool) -> Change | Words:
    s = _state(position)
    step = _next_lay(s)
    if step is None or step.player is None:
        return t("No card is to be laid now.")
    name = place.removeprefix(STAIR)
    if not place.startswith(STAIR) or name not in STAIR_INDEX:
        return t("A card is laid on a stair.")
    cards = [c for c, _ in _layable(position)]
    if who not in cards:
        return t("First choose the card to lay, one of {who}'s: {cards}.",
                 who=colour(step.player), cards=names_list(cards))
    card = int(who)
    laid = [*_laid(position), {"card": card, "stair": name}]
    if step.kind == Kind.LAY_DRAWN:  # the card drawn is the top of the pile: it leaves it
        pinned, deck = _drawing(position, None)
        return {**pinned, "scenario.laid": laid, "scenario.deck": deck[1:] or None}
    layer = COLOURS[step.player]
    pinned, deck = _drawing(position, layer)
    hand = [c for c in s.hands[step.player] if c != card] + deck[:1]  # and draws a card
    return {**pinned, "scenario.laid": laid, f"players.{layer}.hand": sorted(hand),
            "scenario.deck": deck[1:] or None}


def _says_lay(place: str, who: str, remove: bool) -> Words:
    where = stair(place.removeprefix(STAIR))
    if who.isdigit():
        return t("{stair} stair: lay card {card} here", stair=where, card=int(who))
    return t("{stair} stair: lay the card chosen here", stair=where)


def _take_back(position: Position, _item: str) -> Change | Words:
    """The last card laid goes back on top of the draw pile (the hands stay as they are)."""
    laid = _laid(position)
    if not laid:
        return t("No card is laid this round.")
    last = laid.pop()
    card = get_path(last, "card") if isinstance(last, dict) else None
    if not isinstance(card, int):
        return t("No card is laid this round.")
    deck = _int_list(get_path(position.raw, "scenario.deck"))
    return {"scenario.laid": laid or None, "scenario.deck": [card, *deck]}


# -- a priest's tokens: taken as play takes them, or the last one given back -----------------
def _priest_index(item: str) -> int | None:
    return PRIEST_INDEX[int(item)] if item in _HEIGHTS else None


def _slots_change(item: str, slots: Sequence[Sequence[int]]) -> Change:
    return {f"priests.{item}.slots": [list(slot) for slot in slots] or None}


def _sun(want: int) -> Button:
    def change(position: Position, item: str) -> Change | Words:
        i = _priest_index(item)
        if i is None:
            return t("Choose a priest first: {priests}.", priests=names_list(_HEIGHTS))
        s = _state(position).copy()
        if len(s.slots[i]) >= SLOTS:
            return t("Every slot of {priest} is filled.", priest=priest(HEIGHTS[i]))
        if not s.sun_left:
            return t("No sun token is left.")
        take_sun(s, i, want)
        return _slots_change(item, s.slots[i])

    if want == 1:
        return Button("sun", t("Take the next sun token"), change)
    return Button("centre", t("Take the next two sun tokens (the centre)"), change)


def _fire(position: Position, item: str) -> Change | Words:
    i = _priest_index(item)
    if i is None:
        return t("Choose a priest first: {priests}.", priests=names_list(_HEIGHTS))
    s = _state(position).copy()
    value, _rule, note = take_fire(s, i)
    if value is None:
        return (t("Every slot of {priest} is filled.", priest=priest(HEIGHTS[i]))
                if note == "full" else t("No fire token is left."))
    return _slots_change(item, s.slots[i])


def _give_back(position: Position, item: str) -> Change | Words:
    i = _priest_index(item)
    if i is None:
        return t("Choose a priest first: {priests}.", priests=names_list(_HEIGHTS))
    slots = _state(position).slots[i]
    if not slots:
        return t("{priest} holds no token.", priest=priest(HEIGHTS[i]))
    return _slots_change(item, slots[:-1])


# -- the form -----------------------------------------------------------------------------
def _number(path: str, label: Words, lo: int, hi: int, help: Words = "") -> Field:
    return Field(path, label, FieldKind.NUMBER, lo=lo, hi=hi, help=help)


def _sun_moon_words(card: str) -> Words:
    if card == PRINTED:
        return t("printed on the board: {card}", card=sun_moon_label(card))
    return sun_moon_label(card)


_CARD_CHOICES = tuple(Choice(c, str(c)) for c in CARDS)
_MOON_CHOICES = tuple(Choice(c, _sun_moon_words(c)) for c in DECK_SUN_MOON)
_COLOUR_CHOICES = tuple(Choice(c, Term("colour", c)) for c in COLOURS)

#: the fields of a new game: the player count, the readings of the two rulings
START = (
    _number("scenario.players", t("Players"), DATA.min_players, DATA.max_players),
    Field("scenario.move_order", t("When the order is reversed"), FieldKind.CHOICE, choices=(
        Choice("order", t("only the order of the moves changes (the ruling)")),
        Choice("pairing", t("the highest card also moves the smallest priest (the literal "
                            "reading)"))),
        help=t("The rules text reads this ruling two ways: see the rulings.")),
    Field("scenario.two_players", t("With two players"), FieldKind.CHOICE, choices=(
        Choice("alternate", t("each lays two cards from the hand, in turn (the ruling)")),
        Choice("draw", t("each lays one card from the hand, then one drawn from the pile (the "
                         "literal reading)"))),
        help=t("The rules text reads this ruling two ways: see the rulings.")),
)

GROUPS = (
    Group("round", t("Round and laying"), (
        _number("scenario.round", t("Round"), 1, max(DATA.rounds.values())),
        Field("scenario.first", t("First player (holds the High Priest)"), FieldKind.CHOICE,
              choices=_COLOUR_CHOICES, players=True),
        Field("scenario.sun_moon", t("Sun/moon card of the round"), FieldKind.CHOICE,
              choices=tuple(Choice(c, _sun_moon_words(c)) for c in SUN_MOON_IDS),
              help=t("It says who lays face up and who face down this round.")),
        _number("scenario.seed", t("Shuffle number"), 0, 10**9,
                help=t("Decides the cards and the piles that the position does not name.")),
    ), (Button("take_back", t("Take back the last card laid (onto the draw pile)"),
               _take_back),)),
    Group("piles", t("Piles"), (
        Field("scenario.deck", t("Direction cards on top of the draw pile"), FieldKind.SET,
              choices=_CARD_CHOICES, help=t("Top first; the rest of the pile follows, shuffled.")),
        Field("scenario.sun_moon_next", t("The next sun/moon cards"), FieldKind.SET,
              choices=_MOON_CHOICES, help=t("The cards of the next rounds, top first.")),
        Field("scenario.set_aside", t("Sun/moon cards set aside"), FieldKind.SET,
              choices=_MOON_CHOICES,
              help=t("With 2 or 4 players, cards are set aside unseen at the set-up.")),
    )),
    Group("player", t("Player"), (
        Field("players.{each}.hand", t("Direction cards in hand"), FieldKind.SET,
              choices=_CARD_CHOICES, size=HAND),
        Field("players.{each}.priest_card", t("Priest card"), FieldKind.CHOICE, choices=tuple(
            Choice(c, t("priest card {card}: {a} and {b}", card=c, a=priest(a), b=priest(b)))
            for c, (a, b) in DATA.priest_cards.items())),
    ), each=_players),
    Group("priest", t("Priest"), (
        Field("priests.{each}.square", t("Square"), FieldKind.CHOICE,
              choices=tuple(Choice(q, q) for q in SQUARE_NAMES)),
    ), (_sun(1), _sun(2), Button("fire", t("Take the next fire token"), _fire),
        Button("give_back", t("Give back its last token"), _give_back)), each=_priests),
)

TOOLS = (
    Tool("priest", t("Priests"), lambda _pos, _who: _SQUARE_PLACES, _change_priest, _says_priest,
         each=_priests, picks=_standing),
    Tool("lay", t("Lay a card"), _free_stairs, _change_lay, _says_lay, each=_layable,
         picks=_hand_cards),
)

#: what a teacher may edit in a position of the priests game
EDITING = EditSpec(START, GROUPS, TOOLS, edit_target, _place_name)

__all__ = ["EDITING", "GROUPS", "START", "TOOLS"]
