"""The coach's hooks made from a game's own functions (one class serving every game), and
the helpers every game's determinization shares.

A game package gives the coach (:mod:`mp_tutor.coach`) what it knows about the game: what
a viewer knows, positions sampled from that knowledge, a quick playout policy, a value,
its preferred order of actions and the reasons for a move. :class:`GameSupport` wires those
functions into the coach's :class:`~mp_tutor.coach.search.Support` protocol; a game
subclasses it only for what differs (``shortlist``, ``target``).

>>> support = GameSupport("toy", game_type=None, knowledge=lambda v, log, own: v,
...     sample_state=lambda info, rng: {"n": 1}, policy=None, value=None, explain=None,
...     preferred=lambda game, legal: sorted(legal))
>>> support.shortlist(None, 0, ["b", "c", "a"], 2), support.target("a")
(['a', 'b'], None)

What a player knows (:class:`Knowledge`) starts from their view: their seat and hand
(:func:`own_hand`); a position sampled from it deals the cards they cannot place over the
other hands (:func:`deal_hands`), each as many as the view counts:

>>> view = {"viewer": 1, "player": [{"hand": None, "cards": 2}, {"hand": [7], "cards": 1},
...                                 {"hand": None, "cards": 1}]}
>>> own_hand(view)
(1, (7,))
>>> info = Knowledge(1, view, (7,), (2, 3, 5))
>>> deal_hands(info, unknown_cards(info, random.Random(4)))
[[2, 3], [7], [5]]
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from .actions import Action
from .events import Event

if TYPE_CHECKING:  # the game protocol, for annotations only
    from .game import BaseGame
    from .state import GameState

#: the game's view, its class (whose objects its functions take)
V = TypeVar("V", bound=Mapping[str, object])
G = TypeVar("G", bound="BaseGame")
#: what a viewer knows (the game's knowledge)
K = TypeVar("K")
#: a reason the game's explainer gives (``mp_tutor.coach.reasons.Reason``)
R = TypeVar("R")


class GameSupport(Generic[V, K, G, R]):
    """The coach's hooks for one game, built from its functions (see ``docs/COACH.md``):
    over the game's view ``V``, what a viewer knows ``K``, the game's class ``G`` and the
    reasons ``R`` its explainer gives.

    ``game_type(state, events, history=False, fast=True)`` makes a rollout game of a
    sampled state.
    """

    def __init__(self, name: str, *, game_type: type[G],
                 knowledge: Callable[[V, Sequence[Event], Sequence[Action]], K],
                 sample_state: Callable[[K, random.Random], GameState],
                 policy: Callable[[G, random.Random], Action],
                 value: Callable[[G, int], float],
                 explain: Callable[[G, int, Action, random.Random], list[R]],
                 preferred: Callable[[G, list[Action]], list[Action]]) -> None:
        self.name = name
        self._game_type = game_type
        self._knowledge = knowledge
        self._sample_state = sample_state
        self._policy = policy
        self._value = value
        self._explain = explain
        self._preferred = preferred

    def knowledge(self, view: V, log: Sequence[Event], own_actions: Sequence[Action]) -> K:
        """What the viewer of ``view`` knows (from the view, the public log, own actions)."""
        return self._knowledge(view, log, own_actions)

    def sample(self, info: K, rng: random.Random) -> G:
        """A whole game in the rollout mode, consistent with ``info``."""
        return self._game_type(self._sample_state(info, rng), [], history=False, fast=True)

    def policy(self, game: G, rng: random.Random) -> Action:
        """A quick choice for the pending decision of a rollout game (playouts)."""
        return self._policy(game, rng)

    def value(self, game: G, player: int) -> float:
        """How good the position is for ``player``: 0 lost .. 1 won alone."""
        return self._value(game, player)

    @property
    def horizon(self) -> int | None:
        """How many decisions a playout plays before it stops at the next position that
        :meth:`at_rest` accepts, for :meth:`value` to judge (None, the default: a playout
        plays to the end of the game)."""
        return None

    def at_rest(self, game: G) -> bool:
        """Whether a playout past its horizon may stop on ``game`` (by default anywhere)."""
        return True

    def shortlist(self, game: G, player: int, legal: Sequence[Action], size: int
                  ) -> list[Action]:
        """At most ``size`` of ``legal``, in the game policy's order of preference."""
        return self._preferred(game, list(legal))[:size]

    def reveal(self, info: K, player: int, action: Action) -> K | None:
        """``info`` with what ``player``'s ``action`` shows an onlooker (None: the coach
        cannot judge that move from what the onlooker knows). By default a move shows
        nothing hidden."""
        return info

    def target(self, action: Action) -> str | None:
        """What the board highlights for ``action`` (nothing by default)."""
        return None

    def beliefs(self, info: K) -> list[R]:
        """What the coach believes of hidden things from the others' play, as reasons to show
        with a hint (a belief told as a belief; none by default)."""
        return []

    def explain(self, game: G, player: int, action: Action, rng: random.Random,
                info: K | None = None) -> list[R]:
        """Reasons for ``action`` (on a position the player may know: a sampled one);
        ``info``: what ``player`` knows (from :meth:`knowledge`), for a game whose explainer
        deals hidden things again (by default it is not needed)."""
        return self._explain(game, player, action, rng)


@dataclass(frozen=True)
class Knowledge:
    """What ``player`` knows of the hidden cards, with the view it was worked out from (a
    game's knowledge adds what else its players know or cannot see)."""

    player: int
    view: Mapping[str, Any]
    #: the player's own hand
    hand: tuple[int, ...]
    #: every card the player cannot place, in card order
    unknown: tuple[int, ...]


def own_hand(view: Mapping[str, Any]) -> tuple[int, tuple[int, ...]]:
    """The viewer of a player's ``view`` and their hand (``ValueError`` for the teacher's
    view, which hides nothing: knowledge is a player's)."""
    player = view["viewer"]
    if player is None:
        raise ValueError("the teacher's view hides nothing: knowledge is a player's")
    return player, tuple(view["player"][player]["hand"] or ())


def unknown_cards(info: Knowledge, rng: random.Random) -> list[int]:
    """The cards ``info``'s player cannot place, shuffled by ``rng`` (dealt from the end)."""
    pool = list(info.unknown)
    rng.shuffle(pool)
    return pool


def deal_hands(info: Knowledge, pool: list[int], held: Sequence[tuple[int, int]] = ()
               ) -> list[list[int]]:
    """Every hand of a sampled position: the player's own; each other one dealt from
    ``pool`` (taken from its end) up to the count its view shows, after the cards ``held``
    (``(player, card)``) known to be in it."""
    hands = []
    for p, pl in enumerate(info.view["player"]):
        if p == info.player:
            hands.append(sorted(info.hand))
        else:
            known = [c for q, c in held if q == p]
            hands.append(sorted(known + [pool.pop() for _ in range(pl["cards"] - len(known))]))
    return hands


__all__ = ["GameSupport", "Knowledge", "deal_hands", "own_hand", "unknown_cards"]
