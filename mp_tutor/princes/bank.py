"""The bank: goods are limited by the components (corn never runs out).

Owns the ruling ``ruling.bank_limit``: when the bank cannot pay, a player gets what is left.
"""

from __future__ import annotations

from operator import ge

from ..core.i18n import t
from ..core.machine import Out
from ..core.rules import Illegal
from .data import GOODS, RULES
from .state import State
from .tables import CORN, GOOD_COUNT
from .text import amount, good


def pay_player(s: State, p: int, gi: int, n: int, out: Out) -> int:
    """The bank pays ``n`` of good ``gi`` to ``p`` (what is left, if short); returns it."""
    got = n if gi == CORN else min(n, s.bank[gi])
    if gi != CORN:
        s.bank[gi] -= got
    s.goods[p][gi] += got
    if got < n:
        out.event("bank_short", p, "ruling.bank_limit", good=GOODS[gi], wanted=n, got=got)
    return got


def short(out: Out, gi: int, wanted: int = 1) -> None:
    """Nobody gets anything: the bank has no ``gi`` left (a public event)."""
    out.event("bank_short", None, "ruling.bank_limit", good=GOODS[gi], wanted=wanted, got=0)


def pay_bank(s: State, p: int, cost: list[int] | tuple[int, ...]) -> None:
    """``p`` pays ``cost`` (a count per good) to the bank."""
    g = s.goods[p]
    for gi in range(GOOD_COUNT):
        c = cost[gi]
        if c:
            g[gi] -= c
            if gi != CORN:
                s.bank[gi] += c


def afford(s: State, p: int, cost: list[int] | tuple[int, ...]) -> bool:
    """Whether ``p`` has at least ``cost`` (a count per good)."""
    return all(map(ge, s.goods[p], cost))


def refuse_short(bank: list[int], gi: int, wanted: int = 1) -> Illegal | None:
    """Why the bank (its goods ``bank``) cannot give ``wanted`` of good ``gi`` (or None)."""
    if gi == CORN or bank[gi] >= wanted:
        return None
    if bank[gi] == 0:
        return RULES.illegal("ruling.bank_limit", t("The bank has no {good} left.",
                                                    good=good(GOODS[gi])))
    return RULES.illegal("ruling.bank_limit", t("The bank has only {amount} left.",
                                                amount=amount(bank[gi], GOODS[gi])))


__all__ = ["afford", "pay_bank", "pay_player", "refuse_short", "short"]
