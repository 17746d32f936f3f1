"""The priests game's playout policy and position value, for the coach's search.

Playouts run in the rollout mode on positions sampled by
:mod:`~mp_tutor.priests.determinize`. The policy plays for the two priests of the deciding
player's own priest card, with what that player may see (the open cards, their own hand
and face-down cards; the cards still to come as chances): a card is worth what the priest it
will probably move gets on the square its stair pushes it to (sun tokens, a fire token, a
square near the suns), for one's own priests, against it for the others'. The last card of
a round is weighed exactly, and so is the first player's choice of order (every card is
face up then). A little noise makes playouts differ.

The value of a position for a player is in [0, 1]: their share of the win once the game is
over (with a little of the margin), and before that their chance to win from the points of
their priests against the best other player's and the rounds left. A playout stops
:data:`HORIZON` decisions on, at the start of a round (:func:`at_rest`), and is valued
there.

>>> import random
>>> from mp_tutor.priests import Game
>>> game = Game.new(players=4, seed=2, fast=True)
>>> rng = random.Random(2)
>>> while not game.over:
...     _ = game.apply(policy(game, rng))
>>> 0.0 <= value(game, 0) <= 1.0, sum(value(game, p) >= 0.75 for p in range(4)) >= 1
(True, True)
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from typing import TYPE_CHECKING, TypeVar

from ..core.actions import Action
from ..core.machine import Out
from .actions import Place
from .data import DATA
from .moving import move_all, pairing
from .scoring import scores
from .state import Kind, State
from .tables import (
    CARDS,
    CENTRE,
    GAIN,
    HEIGHTS,
    NEAR,
    PRIESTS,
    SLOTS,
    SQUARE_INDEX,
    STAIR_INDEX,
    STAIRS,
    SUN_SQUARES,
    TARGET,
    card_kind,
)

if TYPE_CHECKING:  # the game, for annotations only
    from .game import Game

#: how much another player's priest counts against the deciding player (by player count):
#: with 2 players every other priest is the opponent's
RIVAL = {2: 1.0, 3: 0.6, 4: 0.6}
#: what a square next to a sun square or the centre is worth (a sun token to come)
NEAR_SUN = 0.4
#: the noise added to every score (0 .. NOISE)
NOISE = 0.6
#: at the end of a game, the share of its value that is the win (the rest: the margin)
WIN_WEIGHT = 0.8
#: the margin (points against the best other player) that makes an end's margin part
#: about 0.73
MARGIN_SCALE = 6.0
_GOOD = SUN_SQUARES | {CENTRE}
#: how many squares that give sun tokens each square is next to
GOOD_NEAR = tuple(sum(x in _GOOD for x in NEAR[q]) for q in range(len(NEAR)))
_TOP = CARDS.stop - 1


def card_weights(card: str, players: int) -> list[float]:
    """What each priest (tallest first) counts for the holder of priest card ``card``: 1 for
    theirs, less than 0 for the others'."""
    mine = DATA.priest_cards[card]
    rival = -RIVAL.get(players, 0.6)
    return [1.0 if h in mine else rival for h in HEIGHTS]


def weights(s: State, p: int) -> list[float]:
    """What each priest (tallest first) counts for ``p``: 1 for theirs, less than 0 else."""
    return card_weights(s.priest_cards[p], s.n)


def landing(s: State, i: int, to: int | None) -> float:
    """What priest ``i`` gets for arriving on ``to`` (None: pushed out), other moves aside."""
    full = len(s.slots[i]) >= SLOTS
    if to is None:
        return 0.0 if full or not s.fire_left else float(s.fire_left[0])
    if to in s.pos:
        return 0.0
    got = 0.0 if full else float(sum(s.sun_left[:GAIN[card_kind(s.sun_moon)][to]]))
    return got + NEAR_SUN * GOOD_NEAR[to]


def _seen_by(s: State, p: int) -> list[int]:
    """The cards on the stairs that ``p`` can see (open, or laid by ``p``)."""
    return [c for j, c in enumerate(s.stairs)
            if c is not None and (s.open[j] or s.laid_by[j] == p)]


#: positions' :func:`landings` and moves' :func:`priest_gains` already worked out (playouts
#: meet the same ones again and again); each emptied when it grows past ``_MEMO_SIZE`` (a
#: search revisits the positions of its own root: 2,000 keep it as fast as 50,000 did, in
#: about 3 MB instead of 57)
_LANDINGS: dict[tuple[object, ...], list[list[float]]] = {}
_GAINS: dict[tuple[object, ...], list[float]] = {}
_MEMO_SIZE = 2_000
_T = TypeVar("_T")


def _remember(memo: dict[tuple[object, ...], _T], key: tuple[object, ...], got: _T) -> _T:
    if len(memo) >= _MEMO_SIZE:
        memo.clear()
    memo[key] = got
    return got


def landings(s: State) -> list[list[float]]:
    """``L[i][j]``: what priest ``i`` gets from a card on stair ``j`` (other moves aside, for
    nobody in particular: :func:`weights` says whose it is). Do not change the list."""
    key = (tuple(s.pos), tuple(map(len, s.slots)), tuple(s.sun_left[:2]),
           s.fire_left[0] if s.fire_left else None, s.sun_moon)
    got = _LANDINGS.get(key)
    if got is None:
        got = _remember(_LANDINGS, key, [[landing(s, i, TARGET[j][q]) if q is not None else 0.0
                                          for j in range(len(STAIRS))]
                                         for i, q in enumerate(s.pos)])
    return got


def rank_chances(card: int, seen: list[int], unseen: list[int], unknown: int) -> list[float]:
    """How likely ``card`` is the highest, second, ... card of the round (tallest priest
    first): above it the ``seen`` cards higher than it, and each of the ``unknown`` cards
    still to come (or laid face down) higher with the share of ``unseen`` (sorted) above it."""
    above = sum(x > card for x in seen)
    total = len(unseen) or 1
    q = (total - bisect_right(unseen, card)) / total
    ranks = [0.0] * PRIESTS
    for k in range(unknown + 1):
        if above + k >= PRIESTS:
            break
        ranks[above + k] = math.comb(unknown, k) * q**k * (1 - q) ** (unknown - k)
    return ranks


def lay_scores(s: State, p: int, legal: list[Action]) -> list[float]:
    """The worth of each lay to ``p`` (no noise): see the module docstring."""
    w = weights(s, p)
    free = sum(c is None for c in s.stairs)
    if free == 1 and len(s.queue) > 1 and s.queue[1].kind == Kind.REVEAL:
        return _last_cards(s, p, legal, w)
    seen = _seen_by(s, p)
    hidden = sum(c is not None for c in s.stairs) - len(seen)
    unknown = hidden + free - 1
    known = set(seen) | set(s.hands[p]) | set(s.removed) | ({s.drawn} - {None})
    unseen = [c for c in CARDS if c not in known]
    # what each priest would get from each stair, and how likely each card moves each priest
    land = [[wi * x for x in row] for wi, row in zip(w, landings(s), strict=True)]
    chances: dict[int, list[float]] = {}
    out = []
    for a in legal:
        c, j = a.card, STAIR_INDEX[a.stair]  # type: ignore[attr-defined]
        ranks = chances.get(c)
        if ranks is None:
            ranks = chances[c] = rank_chances(c, seen, unseen, unknown)
        out.append(sum(ranks[i] * land[i][j] for i in range(PRIESTS) if ranks[i]))
    return out


def priest_gains(s: State, first: str) -> list[float]:
    """What the four moves in the order ``first`` give each priest (tallest first): the points
    it gains, and the squares near the suns it reaches."""
    key = (first, tuple(pairing(s, first)), tuple(s.pos), tuple(map(len, s.slots)),
           tuple(s.sun_left), tuple(s.fire_left), s.sun_moon)
    got = _GAINS.get(key)
    if got is None:
        c = s.copy()
        move_all(c, first, Out(record=False))
        got = _remember(_GAINS, key, [
            sum(map(sum, after[len(before):])) + (NEAR_SUN * GOOD_NEAR[q] if q is not None
                                                   else 0.0)
            for before, after, q in zip(s.slots, c.slots, c.pos, strict=True)])
    return got


def moves_worth(s: State, first: str, w: list[float]) -> float:
    """What the four moves in the order ``first`` are worth to a player who weighs the priests
    ``w`` (:func:`priest_gains`)."""
    return sum(wi * g for wi, g in zip(w, priest_gains(s, first), strict=True))


def _last_cards(s: State, p: int, legal: list[Action], w: list[float]) -> list[float]:
    """The last card of the round: every card is known (in a sampled world), so the moves
    are; cards of the same rank on the same stair move the same priests."""
    laid = [c for c in s.stairs if c is not None]
    done: dict[tuple[int, int], float] = {}
    out = []
    for a in legal:
        j = STAIR_INDEX[a.stair]  # type: ignore[attr-defined]
        key = (sum(x > a.card for x in laid), j)  # type: ignore[attr-defined]
        got = done.get(key)
        if got is None:
            s.stairs[j] = a.card  # type: ignore[attr-defined]
            try:
                tall, small = moves_worth(s, "tallest", w), moves_worth(s, "smallest", w)
            finally:
                s.stairs[j] = None
            got = done[key] = max(tall, small) if s.first == p else (tall + small) / 2
        out.append(got)
    return out


def order_scores(s: State, p: int, legal: list[Action]) -> list[float]:
    w = weights(s, p)
    return [moves_worth(s, a.first, w) for a in legal]  # type: ignore[attr-defined]


def place_scores(s: State, p: int, legal: list[Action]) -> list[float]:
    w = weights(s, p)
    out = []
    for a in legal:
        assert isinstance(a, Place)
        out.append(w[HEIGHTS.index(a.priest)] * GOOD_NEAR[SQUARE_INDEX[a.square]])
    return out


def action_scores(game: Game, legal: list[Action]) -> list[float]:
    """The policy's worth of each legal action (no noise)."""
    s: State = game.state
    step = s.queue[0]
    p = step.player
    if p is None:  # a step nobody decides
        return [0.0] * len(legal)
    if step.kind in Kind.LAYS:
        return lay_scores(s, p, legal)
    if step.kind == Kind.ORDER:
        return order_scores(s, p, legal)
    if step.kind == Kind.RETURN_PRIEST:
        return place_scores(s, p, legal)
    return [0.0] * len(legal)


def preferred(game: Game, legal: list[Action]) -> list[Action]:
    """``legal`` in the policy's order of preference (its choice without noise first)."""
    scored = action_scores(game, legal)
    order = sorted(range(len(legal)), key=lambda i: (-scored[i], i))
    return [legal[i] for i in order]


def policy(game: Game, rng: random.Random) -> Action:
    """A quick heuristic choice for the pending decision of a rollout-mode game."""
    legal = game.legal_actions()
    if len(legal) == 1:
        return legal[0]
    scored = action_scores(game, list(legal))
    noise = rng.random
    best, top = 0, -1e9
    for i, x in enumerate(scored):
        x += NOISE * noise()
        if x > top:
            best, top = i, x
    return legal[best]


def at_rest(game: Game) -> bool:
    """True between two rounds (no card on the stairs): where :func:`value` can judge a
    position that a playout with a horizon stops at."""
    s: State = game.state
    return s.over or (s.queue[0].kind in Kind.LAYS and all(c is None for c in s.stairs))


#: a playout's horizon: it plays this many decisions, then on to the next round's start,
#: where :func:`value` judges the position (None: to the end of the game). At the same CPU
#: time a search then plays about three times as many playouts, each less noisy: see
#: docs/COACH.md for what that gave
HORIZON: int | None = 8
#: before the end, a margin (one's points against the best other player's) says less the
#: more rounds are left: it is worth ``ROUND_OFFSET`` points less per round left (more
#: rivals, more ways to be overtaken) and is measured in units of ``1 + ROUND_SCALE *
#: sqrt(rounds left)`` points. Fitted on games of the playout policy
#: (``benchmarks/fit_priests_value.py``; 4 players: log-loss 0.495 against 0.552 for the
#: margin alone)
ROUND_SCALE = 3.0
ROUND_OFFSET = {2: 0.0, 3: 0.75, 4: 1.25}


def value(game: Game, player: int) -> float:
    """How good the position is for ``player``, from 0 (lost) to 1 (won alone): once the
    game is over, the share of the win with a little of the margin; before, the chance
    to win that the margin and the rounds left give."""
    s: State = game.state
    table = scores(s)
    mine = table[player].score
    best = max(sc.score for sc in table if sc.player != player)
    if s.over:
        winners = [sc.player for sc in table if sc.rank == 1]
        won = 1.0 / len(winners) if player in winners else 0.0
        return WIN_WEIGHT * won + (1 - WIN_WEIGHT) * _squash(mine - best, MARGIN_SCALE)
    return lead_chance(mine - best, max(1, DATA.rounds[s.n] - s.round + 1), ROUND_OFFSET[s.n],
                       ROUND_SCALE)


def lead_chance(margin: float, left: int, offset: float, scale: float) -> float:
    """The chance to win of a player ``margin`` points ahead of the best other player with
    ``left`` rounds to play (this one included): see :data:`ROUND_SCALE`.

    >>> lead_chance(0, 1, 0.0, 3.0), lead_chance(4, 1, 0.0, 3.0) > lead_chance(4, 4, 0.0, 3.0)
    (0.5, True)
    """
    return _squash(margin - offset * left, 1.0 + scale * math.sqrt(left))


def _squash(x: float, scale: float) -> float:
    return 1.0 / (1.0 + math.exp(-x / scale))


__all__ = ["GOOD_NEAR", "action_scores", "at_rest", "card_weights", "landing", "landings",
           "lead_chance", "moves_worth", "policy",
           "preferred", "priest_gains", "rank_chances", "value", "weights"]
