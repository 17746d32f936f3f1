"""Invariants that hold after every action: nothing is created or lost, and the position is
one the rules can reach.

>>> from mp_tutor.priests.setup import new_state
>>> s = new_state(4, seed=2)[0]
>>> check_invariants(s)
[]
>>> s.queue[0], s.queue[1] = s.queue[1], s.queue[0]     # player 1 would lay before player 0
>>> check_invariants(s)
["the decisions still to take ['lay 1', 'lay 0', 'lay 2', 'lay 3', 'reveal'] are not the rest of the round's laying (the first player is 0)"]
"""

from __future__ import annotations

from collections import Counter

from .data import DATA
from .laying import round_steps
from .state import Ending, Kind, State
from .tables import (
    CARDS,
    DEFAULT_VARIANT,
    HAND,
    HEIGHTS,
    PRIEST_INDEX,
    PRINTED,
    SLOTS,
    SQUARE_NAMES,
    STAIRS,
    START,
    SUN_MOON_IDS,
    face_up,
)
from .tokens import all_taken

_TOKENS = Counter(DATA.sun_tokens + DATA.fire_tokens)
#: the two sun tokens a priest can take at once (the centre): next to each other in the supply
_PAIRS = frozenset(zip(DATA.sun_tokens, DATA.sun_tokens[1:], strict=False))


def check_invariants(s: State) -> list[str]:  # noqa: C901 - one check after another
    """Every broken invariant of ``s`` as a sentence (empty when all hold)."""
    bad: list[str] = []
    n = s.n
    # tokens: the 20 tokens are on slots or left, and always taken lowest first
    on_slots = [v for p in s.slots for slot in p for v in slot]
    have = Counter(on_slots + s.sun_left + s.fire_left)
    if have != _TOKENS:
        bad.append(f"tokens: {sorted(have.elements())} in the game, should be {sorted(_TOKENS.elements())}")
    sun_taken = len(DATA.sun_tokens) - len(s.sun_left)
    if s.sun_left != list(DATA.sun_tokens[sun_taken:]):
        bad.append(f"sun tokens left {s.sun_left}: the lowest are always taken first")
    fire_taken = len(DATA.fire_tokens) - len(s.fire_left)
    if s.fire_left != list(DATA.fire_tokens[fire_taken:]):
        bad.append(f"fire tokens left {s.fire_left}: the smallest are always taken first")
    for i, p in enumerate(s.slots):
        bad += slot_problems(HEIGHTS[i], p)
    # direction cards: the 50 cards are in the deck, the hands, on the stairs or out of the game
    on_stairs = [c for c in s.stairs if c is not None]
    drawn = [s.drawn] if s.drawn is not None else []
    cards = s.deck + s.removed + on_stairs + drawn + [c for h in s.hands for c in h]
    if sorted(cards) != list(CARDS):
        bad.append(f"direction cards: {len(cards)} cards ({len(set(cards))} different), should "
                   f"be the {len(CARDS)}")
    if any(len(h) != HAND for h in s.hands):
        bad.append(f"hands of {[len(h) for h in s.hands]} cards: a player always holds {HAND}")
    done = s.round if s.over else s.round - 1
    if len(s.removed) != len(STAIRS) * done:
        bad.append(f"{len(s.removed)} cards out of the game after {done} rounds, should "
                   f"be {len(STAIRS) * done}")
    # stairs: the cards still to lay fill the free stairs
    to_lay = sum(1 for step in s.queue if step.kind in (*Kind.LAYS, Kind.DECK_CARD))
    free = sum(c is None for c in s.stairs)
    if not s.over and free != to_lay:
        bad.append(f"{free} free stairs but {to_lay} cards still to lay this round")
    for j, c in enumerate(s.stairs):
        if c is None and (s.open[j] or s.laid_by[j] is not None):
            bad.append(f"the {STAIRS[j]} stair is empty but marked as laid")
    # priests: one per square; a priest is out only until the returns of its round
    placed = [q for q in s.pos if q is not None]
    if len(set(placed)) != len(placed):
        bad.append(f"two priests on one square: {[SQUARE_NAMES[q] for q in placed]}")
    waiting = {step.payload for step in s.queue if step.kind == Kind.RETURN_PRIEST}
    returns = any(step.kind == Kind.RETURNS for step in s.queue)
    for i, q in enumerate(s.pos):
        h = HEIGHTS[i]
        if q is None and not returns and h not in waiting:
            bad.append(f"priest {h} is out of the temple and not returning")
        if h in waiting and (q is not None or START[i] not in s.pos):
            bad.append(f"priest {h} waits to be placed beside its start square, but is not out "
                       "or its start square is free")
    for w in waiting:
        if w not in PRIEST_INDEX:
            bad.append(f"no priest {w}")
    # sun/moon cards: played + left + set aside are the 9; round r has turned r cards
    moons = s.sun_moon_played + s.sun_moon_deck + s.set_aside
    if sorted(moons) != sorted(SUN_MOON_IDS) or len(set(moons)) != len(moons):
        bad.append(f"sun/moon cards: {moons}, should be each of {list(SUN_MOON_IDS)} once")
    if len(s.sun_moon_played) != s.round or not s.sun_moon_played or \
            s.sun_moon_played[0] != PRINTED or s.sun_moon_played[-1] != s.sun_moon:
        bad.append(f"round {s.round} with the sun/moon cards {s.sun_moon_played} turned up")
    if len(s.set_aside) != DATA.set_aside[n]:
        bad.append(f"{len(s.set_aside)} sun/moon cards set aside, should be {DATA.set_aside[n]}")
    if len(s.sun_moon_deck) + s.round > DATA.rounds[n]:
        bad.append(f"{len(s.sun_moon_deck)} sun/moon cards left after round {s.round}, but the "
                   f"game has at most {DATA.rounds[n]} rounds")
    if sorted(set(s.priest_cards)) != sorted(s.priest_cards):
        bad.append(f"priest cards {s.priest_cards}: each is dealt once")
    # the game is over exactly when it has an ending and no decision is left
    if s.over != (s.ending is not None) or s.over == bool(s.queue):
        bad.append("the game is over without an ending, or not over without a decision")
    return bad + _round(s)


def slot_problems(h: int, p: list[tuple[int, ...]]) -> list[str]:
    """A priest's slots in the order it took its tokens: the lowest sun token and the smallest
    fire token left are always taken first, so its sun tokens only go up and its fire tokens
    only down; two tokens on one slot are the two sun tokens taken at once on the centre."""
    bad = []
    if len(p) > SLOTS:
        bad.append(f"priest {h} has {len(p)} slots filled, at most {SLOTS}")
    for k, slot in enumerate(p):
        if len(slot) > 1 and (k != SLOTS - 1 or tuple(slot) not in _PAIRS):
            bad.append(f"priest {h}: slot {k + 1} holds {list(slot)}; only the last slot may hold "
                       "two sun tokens, taken together (the centre exception)")
    taken = [v for slot in p for v in slot]
    sun = [v for v in taken if v > 0]
    fire = [v for v in taken if v < 0]
    if sun != sorted(sun) or fire != sorted(fire, reverse=True):
        bad.append(f"priest {h} holds {taken} in this order, but the lowest sun token and the "
                   "smallest fire token left are always taken first")
    return bad


def _round(s: State) -> list[str]:  # noqa: C901 - one phase after another
    """Where the round stands: the rest of its laying, the first player's choice of order,
    priests waiting to be placed back, or nothing once the game is over; the stairs, their
    faces, who laid the cards and the chosen order agree with it."""
    if s.over:
        bad = []
        if any(c is not None for c in s.stairs) or s.order is not None or s.drawn is not None:
            bad.append("the game is over, but cards lie on the stairs (or one drawn is held) or "
                       "an order is chosen")
        if s.ending == Ending.SLOTS and not all_taken(s):
            bad.append("the game ended with every slot filled, but a slot is free and a token left")
        if s.ending == Ending.ROUNDS and (all_taken(s) or s.round != DATA.rounds[s.n]):
            bad.append(f"the game ended after its last round, but round {s.round} of "
                       f"{DATA.rounds[s.n]} ended it (or every slot was filled)")
        return bad
    if not s.queue:
        return []  # reported above
    steps = round_steps(s)
    lays = [st for st in steps if st.kind in Kind.LAYS]
    filled = [j for j, c in enumerate(s.stairs) if c is not None]
    front = s.queue[0].kind
    if (s.drawn is not None) != (front == Kind.LAY_DRAWN):
        return [f"a card drawn from the pile ({s.drawn!r}) is held exactly while a player lays "
                "the card they drew"]
    if front in Kind.LAYS:
        done = len(steps) - len(s.queue)
        if done < 0 or tuple(s.queue) != steps[done:]:
            return [f"the decisions still to take {_steps(s)} are not the rest of the round's "
                    f"laying (the first player is {s.first})"
                    + (f" in the variant two_players = {s.two_players}"
                       if s.two_players != DEFAULT_VARIANT["two_players"] else "")]
        laid = [st for st in steps[:done] if st.kind in Kind.LAYS]
        want_open = [face_up(s.sun_moon, (p - s.first) % s.n) if p is not None else None
                     for p in s.laid_by]
        opened = all(s.open[j] == want_open[j] for j in filled)
    elif front == Kind.ORDER:
        if s.queue != [(Kind.ORDER, s.first, None)]:
            return [f"the decisions still to take {_steps(s)}: the first player ({s.first}) "
                    "chooses the order, and that is all"]
        laid, opened = lays, all(s.open)
    elif front == Kind.RETURN_PRIEST:
        heights = [st.payload for st in s.queue]
        if any(st.kind != Kind.RETURN_PRIEST or st.player != s.first for st in s.queue) or \
                heights != sorted(set(heights), key=HEIGHTS.index):
            return [f"the decisions still to take {_steps(s)}: only the first player ({s.first}) "
                    "places returning priests, tallest first"]
        laid, opened = lays, all(s.open)
    else:
        return [f"an automatic step ({front}) waits at the front of the queue"]
    bad = []
    who = sorted((s.laid_by[j] for j in filled), key=lambda p: -1 if p is None else p)
    deck: list[int | None] = [None] * DATA.from_deck[s.n] if front not in Kind.LAYS else []
    if who != sorted([st.player for st in laid] + deck, key=lambda p: -1 if p is None else p):
        bad.append(f"the cards on the stairs were laid by {who}, but this round "
                   f"{[st.player for st in laid]} have laid")
    if not opened:
        faces = ["up" if s.open[j] else "down" for j in filled]
        bad.append(f"the cards on the stairs lie face {faces}: not as the sun/moon card "
                   f"{s.sun_moon!r} says (or, once all are laid, not all turned up)")
    if (s.order is None) == (front == Kind.RETURN_PRIEST):
        bad.append(f"the order {s.order!r}: it is chosen after the laying, for the moves and "
                   "the returns of this round only")
    if front != Kind.RETURN_PRIEST and all_taken(s):
        bad.append("every slot is filled (or no token is left) before the moves of this round: "
                   "the game ended at the end of the last round")
    return bad


def _steps(s: State) -> list[str]:
    return [" ".join(str(x) for x in st if x is not None) for st in s.queue]


__all__ = ["check_invariants", "slot_problems"]
