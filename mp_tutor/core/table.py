"""The table: who plays which seat, and playing on until a person must decide.

Bots are observers (as in OpenSpiel): they get an :class:`Observation`, which holds
``game.view(player)`` and the legal actions, never the game state, so hidden cards stay
hidden by construction. :func:`play_until_person` is the one loop that lets bots and
automatic steps play (the command line, the board, lessons and "show me" all use it).

>>> from mp_tutor.core.registry import get_game
>>> game = get_game("princes").new(players=3, seed=1)
>>> bots = {1: RandomBot(seed=1), 2: RandomBot(seed=2)}
>>> _ = game.apply("inca potter")          # Blue (a person) places an Inca ...
>>> events = play_until_person(game, bots)  # ... then Yellow's and Red's bots play
>>> game.pending.player
0
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Generic, Protocol, TypeAlias, TypeVar, overload

from .actions import Action
from .events import Event
from .machine import Pending

if TYPE_CHECKING:  # an observation names its game's class
    from .game import BaseGame
    from .state import GameState

#: a game's view (``game.view(player)``)
V = TypeVar("V", bound=Mapping[str, object])
#: a game's state
S = TypeVar("S", bound="GameState")


class Observation(Generic[V]):
    """What a seated player knows when deciding: their view and the legal actions.

    ``view`` is ``game.view(player)`` (computed when first read); ``game_type`` is the
    game's class (its data and rules, never a state); ``declines(action)`` tells whether an
    action is the "do nothing" answer of the pending decision; ``log`` is the public log
    (the events so far, which never name a hidden card).
    """

    __slots__ = ("player", "legal", "game_type", "log", "_view", "_pending", "_make_view",
                 "_make_pending")

    def __init__(self, player: int | None, legal: tuple[Action, ...], game_type: type[BaseGame],
                 make_view: Callable[[], V],
                 make_pending: Callable[[], Pending],
                 log: Sequence[Event] = ()) -> None:
        self.player = player
        self.legal = legal
        self.game_type = game_type
        self.log = log
        self._view: V | None = None
        self._pending: Pending | None = None
        self._make_view = make_view
        self._make_pending = make_pending

    @property
    def view(self) -> V:
        if self._view is None:
            self._view = self._make_view()
        return self._view

    @property
    def pending(self) -> Pending:
        """The pending decision (kind, rule, prompt, options)."""
        if self._pending is None:
            self._pending = self._make_pending()
        return self._pending

    def declines(self, action: Action) -> bool:
        return bool(self.game_type.declines(action))


def observe(game: BaseGame[S, V], player: int | None = None) -> Observation[V]:
    """The observation of ``player`` (default: the player who decides now)."""
    who = game.decider if player is None else player
    return Observation(who, tuple(game.legal_actions()), type(game), lambda: game.view(who),
                       lambda: game.pending, game.log)


class Bot(Protocol):
    """A player program: ``choose(observation) -> action`` (the observation of the game it
    is seated in, or that game: see :func:`as_observation`)."""

    name: str

    def choose(self, obs: Observation | BaseGame) -> Action: ...


@overload
def as_observation(seen: Observation[V]) -> Observation[V]: ...
@overload
def as_observation(seen: BaseGame[S, V]) -> Observation[V]: ...
def as_observation(seen: Observation[V] | BaseGame[S, V]) -> Observation[V]:
    """Bots take an observation; a game is turned into the deciding player's observation."""
    return seen if isinstance(seen, Observation) else observe(seen)


class RandomBot:
    """Chooses uniformly among the legal actions (of any game)."""

    name = "random"

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, seen: Observation | BaseGame) -> Action:
        options = as_observation(seen).legal
        return options[self.rng.randrange(len(options))]


#: called after each action played for the table: ``on_apply(game, events, by_bot)``
OnApply: TypeAlias = "Callable[[BaseGame, list[Event], bool], None]"


def seat_seed(seed: int, player: int) -> int:
    """The one seeding scheme for the bot in seat ``player`` of a table seeded ``seed``."""
    return 1000 * seed + player


def make_bots(kinds: Mapping[str, Callable[..., Bot]], spec: Mapping[int, Bot] | str | None,
              players: int, seat: int | None = None, seed: int = 0) -> dict[int, Bot]:
    """Bots per seat from a spec: ``None`` (no bots), a bot name (every seat but ``seat``)
    or a mapping ``{player: bot}`` (taken as it is, checked)."""
    if spec is None:
        return {}
    if isinstance(spec, str):
        if spec not in kinds:
            raise ValueError(f"unknown bot {spec!r} (bots: {', '.join(kinds)})")
        return {p: kinds[spec](seed=seat_seed(seed, p)) for p in range(players) if p != seat}
    bots = dict(spec)
    for p in bots:
        if not (type(p) is int and 0 <= p < players):
            raise ValueError(f"bot seat {p!r} is not a player of a {players}-player game")
    if seat is not None and seat in bots:
        raise ValueError(f"seat {seat} cannot be both the learner and a bot")
    return bots


def play_one(game: BaseGame, bots: Mapping[int, Bot], *, auto_steps: bool = True,
             on_apply: OnApply | None = None) -> list[Event] | None:
    """Play the next automatic part: a step nobody decides, or a bot's decision.

    Returns the events, or None when a person must decide (or the game is over).
    """
    if game.over:
        return None
    who = game.decider
    if who is None:
        if not auto_steps:
            return None
        legal = game.legal_actions()
        if len(legal) != 1:
            return None
        action, by_bot = legal[0], False
    elif who in bots:
        action, by_bot = bots[who].choose(observe(game, who)), True
    else:
        return None
    events = game.apply(action)
    if on_apply is not None:
        on_apply(game, events, by_bot)
    return events


def play_until_person(game: BaseGame, bots: Mapping[int, Bot], *, auto_steps: bool = True,
                      limit: int = 1_000_000,
                      on_apply: OnApply | None = None,
                      stop: Callable[[], bool] | None = None) -> list[Event]:
    """Let bots and automatic steps play until a person must decide (or the end).

    ``auto_steps``: also play the steps nobody decides (a night phase); ``on_apply(game,
    events, by_bot)`` is called after each action; ``stop()`` ends the loop early.
    """
    events: list[Event] = []
    for _ in range(limit):
        if stop is not None and stop():
            break
        got = play_one(game, bots, auto_steps=auto_steps, on_apply=on_apply)
        if got is None:
            break
        events += got
    return events


def play_out(game: BaseGame, bots: Bot | Mapping[int, Bot], max_actions: int = 100_000) -> None:
    """Let ``bots`` (one bot for every seat, or a mapping seat -> bot) play until the end.

    >>> from mp_tutor.core.registry import get_game
    >>> game = get_game("priests").new(players=3, seed=4, history=False)
    >>> play_out(game, RandomBot(seed=1))
    >>> game.over
    True
    """
    table = dict(bots) if isinstance(bots, Mapping) else {p: bots for p in range(game.players)}
    play_until_person(game, table, limit=max_actions)
    if not game.over:
        raise RuntimeError("game did not end")


__all__ = ["Bot", "Observation", "RandomBot", "as_observation", "make_bots", "observe", "play_one",
           "play_out", "play_until_person", "seat_seed"]
