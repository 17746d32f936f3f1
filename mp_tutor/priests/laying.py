"""Laying the direction cards on the stairs, face up or face down as the sun/moon card says.

Owns the rule ids ``lay.*`` and the ruling on the 2-player game. Laying order: the first
player, then clockwise; with 3 players the draw pile's top card goes on the fourth stair;
with 2 players the players alternate, two cards each (the ruling), or, in the variant
``two_players = "draw"`` (the literal reading), each lays one card from the hand and then,
first player first, draws the top card of the pile and lays it on a free stair of their
choice. When every stair holds a card, all are turned face up and the first player chooses
the order of the moves.

>>> from mp_tutor.priests import Game
>>> game = Game.new(players=3, seed=2)
>>> game.pending.kind, game.pending.options.face, len(game.legal_actions())
('lay', 'open', 16)
>>> print(game.explain("lay 50 north"))
Card 50 is not in Blue's hand: Blue holds 10, 16, 22 and 30. [lay.hand: Déroulement (Playing): poser les cartes Direction (laying the direction cards)]
>>> print(game.explain("lay 10 north hidden"))
This round's card is a sun card, 'Alle Offen' (every player lays face up): Blue lays face up, not face down. [lay.all_open: Déroulement (Playing): la carte Soleil/Lune (the sun/moon card)]
>>> [e.text for e in game.apply("lay 10 north")]
['Blue lays card 10 face up on the North stair and draws a card.']
"""

from __future__ import annotations

from bisect import insort
from dataclasses import dataclass, replace

from ..core.i18n import Msg, t
from ..core.machine import Decision, Out, Step
from ..core.rules import Illegal
from ..core.views import Options
from .actions import Lay
from .data import DATA, RULES
from .moving import pairing
from .state import Kind, State, seating
from .tables import CARDS, HEIGHTS, STAIR_INDEX, STAIRS, face_up
from .text import colour, names_list, stair, sun_moon_label

#: the rule of each sun/moon card instruction
INSTRUCTION_RULES = {
    "all_hidden": "lay.all_hidden",
    "all_open": "lay.all_open",
    "high_priest_open": "lay.high_priest_open",
    "high_priest_hidden": "lay.high_priest_hidden",
    "first_two_open": "lay.first_two_open",
}
if set(INSTRUCTION_RULES) != set(DATA.instructions):  # pragma: no cover - a data edit
    raise ValueError(f"instructions without a rule: {set(DATA.instructions) ^ set(INSTRUCTION_RULES)}")

#: every lay action, made once: LAYS[card][stair]
LAYS: dict[int, tuple[Lay, ...]] = {c: tuple(Lay(c, st) for st in STAIRS) for c in CARDS}
#: the other reading of ``ruling.two_players`` (the variant ``two_players = "draw"``)
RULE_DRAW = "ruling.two_players_draw"
_STEPS: dict[tuple[int, int, str], tuple[Step, ...]] = {}


def lay_steps(n: int, first: int, two_players: str = "alternate") -> tuple[Step, ...]:
    """The steps of a round's laying: who lays when, then the deck card and the reveal."""
    key = (n, first, two_players)
    got = _STEPS.get(key)
    if got is None:
        each = DATA.cards_each[n]
        order = seating(n, first)
        if each > 1 and two_players == "draw":
            # one card each from the hand, then each draws the top card of the pile and lays it
            steps = [Step(Kind.LAY, p, None) for p in order]
            steps += [step for _ in range(each - 1) for p in order
                      for step in (Step(Kind.DRAW, None, p), Step(Kind.LAY_DRAWN, p, None))]
        else:
            # with 2 players the players alternate; the payload counts a player's cards (1, 2)
            steps = [Step(Kind.LAY, p, k + 1 if each > 1 else None)
                     for k in range(each) for p in order]
        steps += [Step(Kind.DECK_CARD, None)] * DATA.from_deck[n]
        got = _STEPS[key] = (*steps, Step(Kind.REVEAL, None))
    return got


def round_steps(s: State) -> tuple[Step, ...]:
    """The steps of the laying of ``s``'s round (its first player, its variant)."""
    return lay_steps(s.n, s.first, s.two_players)


#: per sun/moon card: its instruction's rule, and whether each place in the round lays face up
_CARD_RULE = {c: INSTRUCTION_RULES[spec.instruction] for c, spec in DATA.sun_moon.items()}
_CARD_OPEN = {c: tuple(face_up(c, k) for k in range(DATA.max_players)) for c in DATA.sun_moon}


def place_in_round(s: State, p: int) -> int:
    """A player's place in the round: 0 for the first player, 1 for the next, ..."""
    return (p - s.first) % s.n


def lays_open(s: State, p: int) -> bool:
    """Whether player ``p`` lays face up this round."""
    return _CARD_OPEN[s.sun_moon][(p - s.first) % s.n]


def _instruction_rule(s: State) -> str:
    return _CARD_RULE[s.sun_moon]


def _candidates(s: State, p: int, _payload: None) -> list[Lay]:
    return [a for c in s.hands[p] for a in LAYS[c]]


_ALL_STAIRS = tuple(range(len(STAIRS)))


def _fast_legal(s: State, p: int, _payload: None) -> list[Lay]:
    stairs = s.stairs
    free = [j for j in _ALL_STAIRS if stairs[j] is None]
    return [LAYS[c][j] for c in s.hands[p] for j in free]


def _check(s: State, p: int, _payload: None, a: Lay) -> Illegal | None:
    hand = s.hands[p]
    if a.card not in hand:
        return RULES.illegal("lay.hand", t(
            "Card {card} is not in {who}'s hand: {who} holds {cards}.", card=a.card,
            who=colour(p), cards=names_list(str(c) for c in hand)))
    return _check_stair(s, p, a)


def _check_stair(s: State, p: int, a: Lay) -> Illegal | None:
    """A card goes on a free stair, face up or down as the round's card says."""
    if s.stairs[STAIR_INDEX[a.stair]] is not None:
        free = [stair(st) for j, st in enumerate(STAIRS) if s.stairs[j] is None]
        return RULES.illegal("lay.free_stair", t(
            "The {stair} stair already holds a card; a card goes on a free stair: {free}.",
            stair=stair(a.stair), free=names_list(free)))
    if a.face is not None and (a.face == "open") != lays_open(s, p):
        card = sun_moon_label(s.sun_moon)
        if lays_open(s, p):
            return RULES.illegal(_instruction_rule(s), t(
                "This round's card is {card}: {who} lays face up, not face down.", card=card,
                who=colour(p)))
        return RULES.illegal(_instruction_rule(s), t(
            "This round's card is {card}: {who} lays face down, not face up.", card=card,
            who=colour(p)))
    return None


def _do(s: State, p: int, _payload: None, a: Lay, out: Out) -> None:
    hand = s.hands[p]
    hand.remove(a.card)
    drew = bool(s.deck)
    if drew:
        insort(hand, s.deck.pop(0))
    _put(s, p, a, out, drew=drew)


def _put(s: State, p: int, a: Lay, out: Out, **data: bool) -> None:
    """Card ``a.card`` goes on its stair, face up or down; the event names it only face up."""
    j = STAIR_INDEX[a.stair]
    is_open = _CARD_OPEN[s.sun_moon][(p - s.first) % s.n]
    s.stairs[j] = a.card
    s.open[j] = is_open
    s.laid_by[j] = p
    if is_open:
        out.event("laid", p, _CARD_RULE[s.sun_moon], stair=a.stair, face="open", card=a.card,
                  **data)
    else:  # the card stays secret: the event does not name it
        out.event("laid", p, _CARD_RULE[s.sun_moon], stair=a.stair, face="hidden", **data)


def _prompt(s: State, p: int, payload: int | None) -> Msg:
    if payload is not None:  # 2 players: two cards each, alternating
        if lays_open(s, p):
            return t("{who}: lay your card number {k} of this round from your hand on a free "
                     "stair; this round you lay face up.", who=colour(p), k=payload)
        return t("{who}: lay your card number {k} of this round from your hand on a free "
                 "stair; this round you lay face down.", who=colour(p), k=payload)
    if lays_open(s, p):
        return t("{who}: lay a direction card from your hand on a free stair; this round you lay "
                 "it face up.", who=colour(p))
    return t("{who}: lay a direction card from your hand on a free stair; this round you lay it "
             "face down.", who=colour(p))


@dataclass(frozen=True)
class LayOptions(Options):
    """Laying a card: face up (``open``) or down (``hidden``), the free stairs, the round's
    sun/moon card, its instruction and rule, the player's place in the round, and with two
    players which of their cards of the round this is. Public: everybody's view shows the
    pending decision, so no hand card is named here."""

    face: str
    stairs: tuple[str, ...]
    sun_moon: str
    instruction: str
    rule: str
    place: int
    card_of_round: int | None


def _options(s: State, p: int, _payload: int | None, legal: list[Lay]) -> LayOptions:
    return LayOptions(face="open" if lays_open(s, p) else "hidden",
                      stairs=tuple(st for j, st in enumerate(STAIRS) if s.stairs[j] is None),
                      sun_moon=s.sun_moon, instruction=DATA.sun_moon[s.sun_moon].instruction,
                      rule=_instruction_rule(s), place=place_in_round(s, p), card_of_round=_payload)


LAY = Decision(Kind.LAY, "lay.turn", (Lay,), _candidates, _check, _do, _prompt, _options,
               fast_legal=_fast_legal,
               rule_for=lambda s, p, payload: "lay.turn" if payload is None else "ruling.two_players")


# -- the variant two_players = "draw": draw the top card of the pile, and lay it ------------
def _do_draw(s: State, _p: None, p: int, _a: None, out: Out) -> None:
    if not s.deck:  # pragma: no cover - the pile holds enough cards for every round
        return
    s.drawn = s.deck.pop(0)
    out.event("drew", p, RULE_DRAW)  # public: the card is not named


def _drawn_candidates(s: State, p: int, _payload: None) -> list[Lay]:
    return list(LAYS[s.drawn]) if s.drawn is not None else []


def _check_drawn(s: State, p: int, _payload: None, a: Lay) -> Illegal | None:
    if a.card != s.drawn:
        return RULES.illegal(RULE_DRAW, t(
            "{who} lays the card just drawn from the pile, {drawn}, not card {card}.",
            who=colour(p), drawn=s.drawn, card=a.card))
    return _check_stair(s, p, a)


def _do_drawn(s: State, p: int, _payload: None, a: Lay, out: Out) -> None:
    s.drawn = None
    _put(s, p, a, out, drew=False, pile=True)


def _drawn_prompt(s: State, p: int, _payload: None) -> Msg:
    if lays_open(s, p):
        return t("{who}: lay the card you drew from the pile on a free stair of your choice; this "
                 "round you lay it face up.", who=colour(p))
    return t("{who}: lay the card you drew from the pile on a free stair of your choice; this "
             "round you lay it face down.", who=colour(p))


DRAW = Decision(Kind.DRAW, RULE_DRAW, effect=_do_draw, internal=True)
LAY_DRAWN = Decision(
    Kind.LAY_DRAWN, RULE_DRAW, (Lay,), _drawn_candidates, _check_drawn, _do_drawn, _drawn_prompt,
    lambda s, p, pl, legal: replace(_options(s, p, None, legal), rule=RULE_DRAW),
    fast_legal=lambda s, p, pl: [a for a in _drawn_candidates(s, p, pl)
                                 if s.stairs[STAIR_INDEX[a.stair]] is None])


# -- the 3-player deck card, and the reveal --------------------------------------------------
def _do_deck_card(s: State, _p: None, _payload: None, _a: None, out: Out) -> None:
    free = [j for j in range(len(STAIRS)) if s.stairs[j] is None]
    if not free or not s.deck:  # pragma: no cover - the invariants rule this out
        return
    j = free[0]
    card = s.deck.pop(0)
    s.stairs[j] = card
    s.open[j] = True  # nobody laid it: it is turned up with the others right away
    s.laid_by[j] = None
    out.event("deck_card", None, "lay.three_players", card=card, stair=STAIRS[j])


def _do_reveal(s: State, _p: None, _payload: None, _a: None, out: Out) -> None:
    s.open = [True] * len(STAIRS)
    pairs = [[s.stairs[j], STAIRS[j], HEIGHTS[i]] for i, j in enumerate(pairing(s))]
    variant = {"reversible": True} if s.move_order == "pairing" else {}
    out.event("revealed", None, "lay.reveal", cards=list(s.stairs), pairs=pairs, **variant)
    out.then(Kind.ORDER, s.first)


DECK_CARD = Decision(Kind.DECK_CARD, "lay.three_players", effect=_do_deck_card, internal=True)
REVEAL = Decision(Kind.REVEAL, "lay.reveal", effect=_do_reveal, internal=True)

__all__ = ["DECK_CARD", "DRAW", "INSTRUCTION_RULES", "LAY", "LAYS", "LAY_DRAWN", "LayOptions", "REVEAL",
           "RULE_DRAW", "lay_steps", "lays_open", "place_in_round", "round_steps"]
