"""Invariants that hold after every action: nothing is created or lost, and the position is
one the rules can reach.

>>> from mp_tutor.priests.setup import new_state
>>> check_invariants(new_state(4, seed=2)[0])
[]
"""

from __future__ import annotations

from collections import Counter

from .data import DATA
from .state import Kind, State
from .tables import (
    CARDS,
    HAND,
    HEIGHTS,
    PRIEST_INDEX,
    PRINTED,
    SLOTS,
    SQUARE_NAMES,
    STAIRS,
    START,
    SUN_MOON_IDS,
)

_TOKENS = Counter(DATA.sun_tokens + DATA.fire_tokens)


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
        if len(p) > SLOTS:
            bad.append(f"priest {HEIGHTS[i]} has {len(p)} slots filled, at most {SLOTS}")
        for k, slot in enumerate(p):
            if len(slot) > 1 and (k != SLOTS - 1 or len(slot) != 2 or min(slot) < 0):
                bad.append(f"priest {HEIGHTS[i]}: slot {k + 1} holds {list(slot)}; only the last "
                           "slot may hold two sun tokens (the centre exception)")
    # direction cards: the 50 cards are in the deck, the hands, on the stairs or out of the game
    on_stairs = [c for c in s.stairs if c is not None]
    cards = s.deck + s.removed + on_stairs + [c for h in s.hands for c in h]
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
    to_lay = sum(1 for step in s.queue if step.kind in (Kind.LAY, Kind.DECK_CARD))
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
    for h in waiting:
        if h not in PRIEST_INDEX:
            bad.append(f"no priest {h}")
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
    return bad


__all__ = ["check_invariants"]
