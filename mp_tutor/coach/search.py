"""Determinized Monte Carlo search over the game protocol, for any game of the tutor.

The searcher sees what one player knows (a game's :class:`Support` turns an observation
into that knowledge), never the state. Each iteration deals the hidden information anew
(``support.sample``: a whole position in the rollout mode, consistent with the
knowledge), plays one of the player's legal actions there, lets the game's playout policy
finish the game (or play ``horizon`` decisions) and scores the end with ``support.value``
(0 lost .. 1 won). Root actions are chosen with UCB1 over all iterations, so the time
goes to the promising ones; the statistics of each action (visits, mean value) are the
answer. Given the same knowledge, seed and number of iterations, the answer is the same.

The protocol used: a game's ``legal_actions()``, ``apply()``, ``over``, ``fork()`` /
``rollout()`` and the support's ``sample``, ``policy`` and ``value``.

>>> from mp_tutor import load_scenario
>>> from mp_tutor.core.registry import info_for
>>> game = load_scenario("coca-plantation-production")
>>> support = info_for(game).coach
>>> info = support.knowledge(game.view(0), game.log, [])
>>> res = search(support, info, 0, list(game.legal_actions()), iterations=30, seed=1)
>>> res.iterations, res.best.action in game.legal_actions(), len(res.stats) <= 6
(30, True, True)
>>> res.best.action == search(support, info, 0, list(game.legal_actions()), iterations=30,
...                           seed=1).best.action
True

A :class:`Search` stops and goes on: run in slices, it gives the same answer.

>>> sliced = Search(support, info, 0, list(game.legal_actions()), iterations=30, seed=1)
>>> while not sliced.run(0.001):
...     pass
>>> [(s.action, s.visits) for s in sliced.result().stats] == [(s.action, s.visits)
...                                                          for s in res.stats]
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Generic, Protocol, TypedDict, TypeVar

from ..core.actions import Action
from ..core.coaching import Knowledge

if TYPE_CHECKING:  # the game protocol, for annotations only
    from ..core.events import Event
    from ..core.game import BaseGame
    from .reasons import Reason

#: what a player knows: a game's :class:`~mp_tutor.core.coaching.Knowledge`
K = TypeVar("K", bound=Knowledge)


class Support(Protocol[K]):
    """What a game gives the coach (see ``docs/COACH.md``); ``K``: its knowledge."""

    #: the game's name (``princes``, ``priests``...): search workers find the support by it
    name: str

    def knowledge(self, view: Mapping[str, object], log: Sequence[Event],
                  own_actions: Sequence[Action]) -> K:
        """What the viewer of ``view`` (the game's view) knows (from the view, the public
        log, own actions)."""
        ...

    def sample(self, info: K, rng: random.Random) -> BaseGame:
        """A whole game in the rollout mode, consistent with ``info``."""
        ...

    def policy(self, game: BaseGame, rng: random.Random) -> Action:
        """A quick choice for the pending decision of a rollout game (playouts)."""
        ...

    def value(self, game: BaseGame, player: int) -> float:
        """How good the position is for ``player``: 0 lost .. 1 won alone."""
        ...

    @property
    def horizon(self) -> int | None:
        """How many decisions a playout plays before it may stop (None: to the end)."""
        ...

    def at_rest(self, game: BaseGame) -> bool:
        """Whether a playout past its horizon may stop on ``game`` for :meth:`value`."""
        ...

    def shortlist(self, game: BaseGame, player: int, legal: Sequence[Action], size: int
                  ) -> list[Action]:
        """At most ``size`` of ``legal`` worth searching (a large decision is pruned)."""
        ...

    def reveal(self, info: K, player: int, action: Action) -> K | None:
        """``info`` with what ``player``'s ``action`` shows an onlooker (None: the move names
        what the onlooker cannot see)."""
        ...

    def beliefs(self, info: K) -> list[Reason]:
        """What ``info``'s player may believe of hidden things from the others' play."""
        ...

    def explain(self, game: BaseGame, player: int, action: Action, rng: random.Random,
                info: K | None = None) -> list[Reason]:
        """Reasons for ``action`` on ``game`` (a position ``player`` may know)."""
        ...

    def target(self, action: Action) -> str | None:
        """What the board highlights for ``action`` (None: nothing)."""
        ...


class SearchOptions(TypedDict, total=False):
    """The keywords of :func:`search` after the knowledge, player and legal actions (a
    search sent to a worker process carries them)."""

    iterations: int | None
    seconds: float | None
    seed: int
    horizon: int | None
    explore: float
    shortlist: int
    prior: float
    include: Sequence[Action]
    deadline: float | None
    stop: Callable[[], bool] | None
    paired: bool


class ShareOptions(SearchOptions, total=False):
    """:class:`SearchOptions` of one share of a search split over workers (``first``,
    ``step``: see :func:`search`)."""

    first: int
    step: int


@dataclass
class ActionStats:
    """What the search found out about one root action."""

    action: Action
    visits: int = 0
    total: float = 0.0
    #: the values of the first playouts (kept for the spread)
    values: list[float] = field(default_factory=list)
    #: a small bonus for the actions the game's policy prefers
    prior: float = 0.0

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0

    @property
    def score(self) -> float:
        """What the ranking uses: the mean plus the prior (-1 when never tried)."""
        return self.mean + self.prior if self.visits else -1.0 + self.prior

    def add(self, value: float) -> None:
        self.visits += 1
        self.total += value
        if len(self.values) < 64:
            self.values.append(value)

    def merge(self, other: ActionStats) -> None:
        self.prior = max(self.prior, other.prior)
        self.visits += other.visits
        self.total += other.total
        self.values += other.values[: max(0, 64 - len(self.values))]


@dataclass
class SearchResult:
    """Every searched action with its statistics, best first."""

    stats: list[ActionStats]
    iterations: int
    seconds: float

    @property
    def best(self) -> ActionStats:
        return self.stats[0]


def _ucb_pick(stats: list[ActionStats], total: int, explore: float) -> int:
    log_n = math.log(total)
    best, top = 0, -1.0
    for i, st in enumerate(stats):
        if st.visits == 0:
            return i
        score = st.mean + explore * math.sqrt(log_n / st.visits)
        if score > top:
            best, top = i, score
    return best


def playout(game: BaseGame, player: int, support: Support[K], rng: random.Random,
            horizon: int | None = None) -> float:
    """Let the policy play on (``horizon`` decisions, then on to where the game's
    ``at_rest`` says its value can judge the position) and value the position."""
    steps = 0
    policy = support.policy
    while not game.over and (horizon is None or steps < horizon):
        game.apply(policy(game, rng))
        steps += 1
    if horizon is not None:  # past the horizon, on to where the value can judge the position
        while not game.over and not support.at_rest(game):
            game.apply(policy(game, rng))
    return support.value(game, player)


def iteration_seed(seed: int, i: int) -> int:
    """The random seed of iteration ``i`` of a search seeded ``seed``."""
    return (seed * 1_000_003 + i * 7_919) % (2**63)


class Search(Generic[K]):
    """One search that can stop and go on: :meth:`run` does iterations (all, or a slice of
    time) and :meth:`result` gives the statistics; see :func:`search` for the arguments.

    Between two slices nothing of the search changes, so the answer for a fixed number of
    iterations does not depend on how the work was sliced (the coach runs slices on a
    kernel's event loop where no thread can start; the module's example slices one).
    """

    def __init__(self, support: Support[K], info: K, player: int, legal: Sequence[Action], *,
                 iterations: int | None = None, seconds: float | None = None, seed: int = 0,
                 horizon: int | None = None, explore: float = 0.35, shortlist: int = 6,
                 prior: float = 0.04, first: int = 0, step: int = 1,
                 include: Sequence[Action] = (), deadline: float | None = None,
                 stop: Callable[[], bool] | None = None, paired: bool = False) -> None:
        self.t0 = time.perf_counter()
        if iterations is None and seconds is None and deadline is None:
            raise ValueError("give iterations, seconds or a deadline")
        self.support, self.info, self.player = support, info, player
        self.iterations, self.seconds, self.deadline, self.stop = iterations, seconds, deadline, stop
        if horizon is None:  # the game's own horizon, if it has one
            horizon = support.horizon
        self.seed, self.horizon, self.explore, self.prior = seed, horizon, explore, prior
        self.step, self.first, self.paired = step, first, paired
        base = support.sample(info, random.Random(iteration_seed(seed, -1)))
        actions = list(legal)
        if len(actions) > 1:
            kept = support.shortlist(base, player, actions, shortlist)
            actions = kept + [a for a in include if a in actions and a not in kept]
        self.stats = [ActionStats(a) for a in actions]
        self.done = 0
        self.i = first
        self.over = False

    def _stops(self) -> bool:
        if self.iterations is not None and self.i >= self.iterations:
            return True
        if self.seconds is not None and self.done >= 1 and (
                time.perf_counter() - self.t0 >= self.seconds):
            return True
        if self.deadline is not None and self.done >= 1 and time.monotonic() >= self.deadline:
            return True
        return self.stop is not None and self.stop()

    def run(self, slice_s: float | None = None) -> bool:
        """Play iterations until the search is over, or for about ``slice_s`` seconds (at
        least one iteration); True when it is over."""
        until = None if slice_s is None else time.perf_counter() + slice_s
        stats = self.stats
        while not self.over:
            if self._stops():
                self.over = True
                break
            # the pick is the same in every worker's order: UCB over this worker's statistics
            done = self.done
            pick = _ucb_pick(stats, done + 1, self.explore) if done >= len(stats) else done
            # paired: the k-th playout of every action is played in the same sampled world
            # (with the same chances), so their values differ by the action more than by luck
            k = self.first + self.step * stats[pick].visits if self.paired else self.i
            rng = random.Random(iteration_seed(self.seed, k))
            world = self.support.sample(self.info, rng)
            world.apply(stats[pick].action)
            stats[pick].add(playout(world, self.player, self.support, rng, self.horizon))
            self.done += 1
            self.i += self.step
            if until is not None and time.perf_counter() >= until:
                break
        return self.over

    def result(self) -> SearchResult:
        """The statistics so far, best first (the ranking adds the policy's prior)."""
        stats = [ActionStats(st.action, st.visits, st.total, list(st.values),
                             self.prior / (1 + rank)) for rank, st in enumerate(self.stats)]
        ordered = sorted(stats, key=lambda st: -st.score)
        return SearchResult(ordered, self.done, time.perf_counter() - self.t0)


def search(support: Support[K], info: K, player: int, legal: Sequence[Action], *,
           iterations: int | None = None, seconds: float | None = None, seed: int = 0,
           horizon: int | None = None, explore: float = 0.35, shortlist: int = 6,
           prior: float = 0.04,
           first: int = 0, step: int = 1, include: Sequence[Action] = (),
           deadline: float | None = None,
           stop: Callable[[], bool] | None = None, paired: bool = False) -> SearchResult:
    """Search the actions ``legal`` of ``player`` who knows ``info``.

    Stops after ``iterations`` (deterministic) or ``seconds`` (whichever comes first; at
    least every action is tried once when time allows). The game's ``shortlist`` orders
    the actions by its playout policy's preference and keeps ``shortlist`` of them; the
    final ranking adds ``prior / (1 + rank)`` to each mean, so with little evidence the
    policy's choice stands. ``deadline`` (a ``time.monotonic()`` time, the same in every
    process of the machine) also stops the search. ``first``/``step`` split one search
    over several workers (worker ``w`` of ``k`` runs iterations ``w, w+k, ...``); the
    actions ``include`` are searched even when a large decision is pruned.
    """
    one = Search(support, info, player, legal, iterations=iterations, seconds=seconds, seed=seed,
                 horizon=horizon, explore=explore, shortlist=shortlist, prior=prior,
                 first=first, step=step, include=include, deadline=deadline, stop=stop,
                 paired=paired)
    one.run()
    return one.result()


def merge(results: Sequence[SearchResult]) -> SearchResult:
    """One result from the results of several workers (statistics added up)."""
    by_action: dict[Action, ActionStats] = {}
    order: list[Action] = []
    for res in results:
        for st in res.stats:
            if st.action not in by_action:
                by_action[st.action] = ActionStats(st.action)
                order.append(st.action)
            by_action[st.action].merge(st)
    stats = sorted((by_action[a] for a in order), key=lambda st: -st.score)
    return SearchResult(stats, sum(r.iterations for r in results),
                        max((r.seconds for r in results), default=0.0))


__all__ = ["ActionStats", "Search", "SearchOptions", "SearchResult", "ShareOptions", "Support", "iteration_seed", "merge", "playout",
           "search"]
