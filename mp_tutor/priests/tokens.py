"""Sun and fire tokens: what a priest takes, and where the tokens go (its slots).

Owns the rule ids ``tokens.*`` and the rulings on sun tokens (one per sun square, two on the
centre) and on tokens running out. Functions return the tokens taken, the rule that applied
(``None`` when no token rule applies) and a note for the narration.

>>> from mp_tutor.priests.setup import new_state
>>> s, _ = new_state(4, seed=1)
>>> gain_sun(s, 0, CENTRE)        # round 1 uses the printed sun card
([1, 2], 'tokens.centre', 'centre')
>>> take_fire(s, 0)
(-3, None, None)
>>> s.slots[0], s.sun_left[0], s.fire_left[0]
([(1,), (2,), (-3,)], 3, -4)
"""

from __future__ import annotations

from .state import State
from .tables import CENTRE, GAIN, SLOTS, SUN_SQUARES, card_kind


def gain_sun(s: State, i: int, sq: int) -> tuple[list[int], str | None, str | None]:
    """Priest ``i`` arrives on square ``sq``: the sun tokens it takes (lowest first).

    The note is ``sun``/``centre`` (tokens taken), ``exception`` (both on the last slot),
    ``moon`` (a sun square on a moon card), ``none_left``, ``full``, or None (a plain square).
    """
    want = GAIN[card_kind(s.sun_moon)][sq]
    if want == 0:
        if sq in SUN_SQUARES:
            return [], "tokens.moon", "moon"
        return [], None, None
    slots = s.slots[i]
    free = SLOTS - len(slots)
    if free <= 0:
        return [], "tokens.full", "full"
    if not s.sun_left:
        return [], "ruling.tokens_out", "none_left"
    taken = take_sun(s, i, want)
    if len(taken) > free:  # the centre exception: both on the last slot
        return taken, "tokens.centre_exception", "exception"
    if len(taken) < want:
        return taken, "ruling.tokens_out", "centre"
    if sq == CENTRE:
        return taken, "tokens.centre", "centre"
    # one token per sun square: the text also says "2 sun tokens" there (ruling.sun_tokens)
    return taken, "ruling.sun_tokens", "sun"


def take_sun(s: State, i: int, want: int) -> list[int]:
    """Priest ``i`` takes the ``want`` lowest sun tokens left (fewer if fewer are left), one
    on each free slot, or both on its last free slot (the centre exception); its slots are
    not full (the caller checks)."""
    left = s.sun_left
    taken = left[:want]
    del left[:want]
    if len(taken) > SLOTS - len(s.slots[i]):
        s.slots[i].append(tuple(taken))
    else:
        s.slots[i].extend((v,) for v in taken)
    return taken


def take_fire(s: State, i: int) -> tuple[int | None, str | None, str | None]:
    """Priest ``i`` left the temple: the fire token it takes (the smallest left), if any.

    The rule is None when the token is taken (the move's own rule applies).
    """
    slots = s.slots[i]
    if len(slots) >= SLOTS:
        return None, "tokens.full", "full"
    if not s.fire_left:
        return None, "ruling.tokens_out", "none_left"
    v = s.fire_left.pop(0)
    slots.append((v,))
    return v, None, None


def all_taken(s: State) -> bool:
    """Whether every priest's slots are filled, or no token is left (ruling.tokens_out)."""
    return (not s.sun_left and not s.fire_left) or all(len(p) >= SLOTS for p in s.slots)


def value(slots: list[tuple[int, ...]]) -> int:
    """A priest's value: its sun tokens minus its fire tokens (fire tokens are negative)."""
    return sum(sum(slot) for slot in slots)


def best_sun(slots: list[tuple[int, ...]]) -> int:
    """The priest's highest single sun token (0 if it has none)."""
    return max((v for slot in slots for v in slot if v > 0), default=0)


__all__ = ["all_taken", "best_sun", "gain_sun", "take_fire", "take_sun", "value"]
