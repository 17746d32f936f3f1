"""The coach: a suggested move with its value, the best alternatives, and reasons.

:func:`hint` searches what the player knows (never the hidden cards), then explains the
best choices with the game's explainer on a position the player cannot tell from the real
one. :func:`review` compares a move that was played with the coach's best ("what did that
cost?"); :func:`why` gives the reasons for a move (a bot's, for the log's "why?").

>>> from mp_tutor import load_scenario
>>> game = load_scenario("coca-plantation-production")
>>> h = hint(game, iterations=60, workers=1)
>>> h.action in game.legal_actions(), 0.0 <= h.value <= 1.0, len(h.alternatives) <= 3
(True, True, True)
>>> all(r in game.rules for reason in h.reasons for r in reason.rules)
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Generic, TypedDict, Unpack

from ..core.actions import Action
from ..core.coaching import Knowledge
from ..core.i18n import Msg, Term, render, t
from ..core.registry import info_for
from ..core.table import observe
from .pool import check_workers, search_steps
from .reasons import Reason, for_and_against
from .search import ActionStats, K, SearchResult, Support, iteration_seed
from .tasks import Steps, finish

if TYPE_CHECKING:  # the game protocol, for annotations only
    from ..core.game import BaseGame
    from ..core.views import JSON

#: the share of the budget kept for the reasons (the rest goes to the search)
EXPLAIN_SHARE = 0.2
#: positions a reason must hold in when it is worked out from someone else's knowledge
ONLOOKER_WORLDS = 3
#: sampled positions whose legal actions an onlooker's snapshot keeps only if legal in all
ONLOOKER_LEGAL = 16
#: the fewest games played out from a move for the coach to give its value (from none the
#: value is no value, from one it is all or nothing): with fewer (a busy computer, a short
#: budget) it says it had too little time, and gives no figure
LEAST_GAMES = 2
#: how the coach's sentences name a move: its notation, unless a front end says it in words
Describe = Callable[[Action], Msg | str]


def notation(action: Action) -> str:
    return action.notation()


def noise(a: Choice, b: Choice) -> float:
    """How far apart two values may well be by chance alone: the standard error of their
    difference, at the largest spread a value 0..1 can have (played-out games are few).

    >>> round(noise(Choice(None, 0.4, 36), Choice(None, 0.42, 12)), 2)
    0.17
    """
    return math.sqrt(0.25 / max(1, a.visits) + 0.25 / max(1, b.visits))


def player_term(game: BaseGame, player: int) -> Term:
    """A player's name as the sentences say it: their colour, in the current language."""
    return Term("colour", game.player_name(player))


def pct(value: float) -> int:
    """A value 0..1 as a whole percentage (the sentences say "52%")."""
    return round(100 * max(0.0, min(1.0, value)))


@dataclass(frozen=True)
class Choice:
    """One action the coach looked at: its value (0 lost .. 1 won), how often it was
    simulated, and the reasons for it."""

    action: Action
    value: float
    visits: int
    reasons: tuple[Reason, ...] = ()

    @property
    def notation(self) -> str:
        return self.action.notation()

    def to_json(self) -> dict[str, JSON]:
        return {"action": self.notation, "value": round(self.value, 4), "visits": self.visits,
                "reasons": [r.to_json() for r in self.reasons]}


@dataclass(frozen=True)
class Hint:
    """The coach's suggestion for ``player``: ``best`` and up to three ``alternatives``.

    Two hints are equal when they suggest the same, for the same reasons, with the same
    numbers: the time it took (``seconds``) is not compared.
    """

    player: int
    best: Choice
    alternatives: tuple[Choice, ...]
    iterations: int
    #: how long the search took (not compared: the same hint may take more or less time)
    seconds: float = field(compare=False)
    seed: int
    #: what the board should highlight (a district, a tile, ...; None: nothing)
    target: str | None = None
    #: the actions the caller asked about (``review``'s played move) when not among the best
    included: tuple[Choice, ...] = ()

    @property
    def action(self) -> Action:
        return self.best.action

    @property
    def value(self) -> float:
        return self.best.value

    @property
    def reasons(self) -> tuple[Reason, ...]:
        return self.best.reasons

    def text(self) -> str:
        """The hint as a few lines of plain text."""
        lines = [f"{self.best.notation}  ({self.best.value:.2f})"]
        good, bad = for_and_against(self.best.reasons)
        lines += [f"  + {r}" for r in good]
        lines += [f"  - {r}" for r in bad]
        for alt in self.alternatives:
            lines.append(f"or {alt.notation}  ({alt.value:.2f})")
        return "\n".join(lines)

    def to_json(self) -> dict[str, JSON]:
        return {"player": self.player, "best": self.best.to_json(),
                "alternatives": [c.to_json() for c in self.alternatives],
                "iterations": self.iterations, "seconds": round(self.seconds, 3),
                "seed": self.seed, "target": self.target}


@dataclass(frozen=True)
class Review:
    """A played move against the coach's best: ``loss`` is how much value it gave away."""

    played: Choice
    best: Choice
    hint: Hint
    message: Reason

    @property
    def loss(self) -> float:
        return max(0.0, self.best.value - self.played.value)

    @property
    def judged(self) -> bool:
        """Whether both moves were played out often enough for their values to be told
        (``LEAST_GAMES`` each); if not, the message says the coach had too little time."""
        return min(self.played.visits, self.best.visits) >= LEAST_GAMES

    def to_json(self) -> dict[str, JSON]:
        return {"played": self.played.to_json(), "best": self.best.to_json(),
                "loss": round(self.loss, 4), "message": self.message.to_json()}


@dataclass(frozen=True)
class Snapshot(Generic[K]):
    """What the coach takes from a game before thinking: the player's knowledge only."""

    game: str
    player: int
    info: K
    legal: tuple[Action, ...]
    support: Support[K]
    #: whose knowledge ``info`` is when it is not ``player``'s own (an onlooker asking "why?")
    viewer: int | None = None


def own_actions(game: BaseGame, player: int) -> list[Action]:
    """The actions ``player`` took (from the game's history: each player knows their own)."""
    return [a for a, p in zip(game.history, game.history_players, strict=False) if p == player]


def snapshot(game: BaseGame, player: int | None = None, viewer: int | None = None,
             action: Action | None = None, seed: int = 0) -> Snapshot[Knowledge]:
    """The knowledge of ``player`` (default: who decides now) at ``game``'s position.

    ``viewer``: another player whose knowledge is used instead (what an onlooker may be
    told about ``player``'s decision: their view, the public log and the onlooker's own
    actions). ``player``'s legal actions then come from a position sampled from that
    knowledge, so nothing hidden from the viewer is listed. ``action``: the move the
    onlooker asks about; what it shows everyone (a card laid face up was in the hand) is
    added by the support's optional ``reveal(info, player, action)``, which returns None
    when the move names what the onlooker cannot see (``ValueError`` then).
    """
    who = game.decider if player is None else player
    if who is None or game.over:
        raise ValueError("nobody decides now: there is nothing to hint")
    if who != game.decider:
        raise ValueError(f"it is not {game.player_name(who)}'s decision now")
    gi = info_for(game)
    if gi.coach is None:
        raise ValueError(f"the coach does not know the game {gi.name!r} yet")
    if viewer is None or viewer == who:
        obs = observe(game, who)
        info = gi.coach.knowledge(obs.view, obs.log, own_actions(game, who))
        return Snapshot(gi.name, who, info, obs.legal, gi.coach)
    if not (type(viewer) is int and 0 <= viewer < game.players):
        raise ValueError(f"viewer must be a player 0..{game.players - 1}, not {viewer!r}")
    info = gi.coach.knowledge(game.view(viewer), game.log, own_actions(game, viewer))
    if action is not None:
        info = gi.coach.reveal(info, who, action)
        if info is None:  # the message names no hidden thing
            raise ValueError(f"this move of {game.player_name(who)} depends on what player "
                             f"{viewer} cannot see")
    # the moves ``who`` surely has, as far as the onlooker knows: legal in every sampled
    # position (and in those the reasons are worked out on), in the first one's order
    seeds = [iteration_seed(0, -3 - j) for j in range(ONLOOKER_LEGAL)]
    seeds += [iteration_seed(seed, -2 - j) for j in range(ONLOOKER_WORLDS)]  # see _worlds
    worlds = [gi.coach.sample(info, random.Random(k)) for k in seeds]
    sets = [set(w.legal_actions()) for w in worlds[1:]]
    legal = tuple(a for a in worlds[0].legal_actions() if all(a in x for x in sets))
    return Snapshot(gi.name, who, info, legal, gi.coach, viewer)


def _key(reason: Reason) -> tuple[str, tuple[str, ...], str]:
    return render(reason.message, "en"), tuple(reason.rules), reason.kind


def _worlds(snap: Snapshot[K], seed: int) -> list[BaseGame]:
    """The positions the reasons are worked out on: one sampled from the knowledge, or
    several when the knowledge is an onlooker's (a reason must then hold in each)."""
    count = 1 if snap.viewer is None else ONLOOKER_WORLDS
    return [snap.support.sample(snap.info, random.Random(iteration_seed(seed, -2 - j))).fork()
            for j in range(count)]


def _reasons(snap: Snapshot[K], worlds: list[BaseGame], action: Action, seed: int
             ) -> tuple[Reason, ...]:
    """The reasons for ``action``; from an onlooker's knowledge, only those that come out the
    same on every sampled position (a guess about hidden cards is not told as a fact)."""
    # the player's own knowledge (with what they read from the others' play) deals the hidden
    # things for the reasons too; an onlooker's is not the mover's
    info = snap.info if snap.viewer is None else None
    lists = [tuple(snap.support.explain(w, snap.player, action, random.Random(seed), info))
             for w in worlds]
    others = [{_key(r) for r in rs} for rs in lists[1:]]
    return tuple(r for r in lists[0] if all(_key(r) in keys for keys in others))


def _choice(snap: Snapshot[K], st: ActionStats, worlds: list[BaseGame], seed: int, explain: bool
            ) -> Choice:
    reasons = _reasons(snap, worlds, st.action, seed) if explain else ()
    return Choice(st.action, st.mean, st.visits, reasons)


def _search_reason(res: SearchResult, player_name: Term | str, describe: Describe = notation,
                   mover: Term | str | None = None) -> Reason:
    """How the search rated the best choice for ``mover`` (default: ``player_name``, whose
    knowledge the games were played out from)."""
    mover = player_name if mover is None else mover
    best = res.stats[0]
    if len(res.stats) < 2:
        return Reason(t("{who} has only this choice.", who=mover), (), "search")
    second = res.stats[1]
    if best.visits < LEAST_GAMES:
        return Reason(t("The coach had too little time to play out enough games (the computer "
                        "was busy), so it gives no figure."), (), "search")
    params = dict(n=res.iterations, who=player_name, v=pct(best.mean), k=best.visits,
                  other=describe(second.action), w=pct(second.mean), m=second.visits,
                  mover=mover)
    if second.mean > best.mean:
        return Reason(t("In {n} games played out from what {who} knows, this choice scored {v}% "
                        "for {mover} in {k} of them (100% = a sure win); “{other}” scored {w}% "
                        "in {m}, too few games to prefer it to the choice a sound plan makes.",
                        **params), (), "search")
    return Reason(t("In {n} games played out from what {who} knows, this choice scored {v}% for "
                    "{mover} in {k} of them (100% = a sure win); the next, “{other}”, scored "
                    "{w}% in {m}.", **params), (), "search")


class ThinkOptions(TypedDict, total=False):
    """The keywords of :func:`think_steps` (and :func:`think`) after the budget."""

    seed: int
    iterations: int | None
    workers: int | None
    include: tuple[Action, ...]
    explain: bool
    player_name: Term | str
    alternatives: int
    started: float | None
    describe: Describe | None
    mover_name: Term | str | None


class ReviewOptions(TypedDict, total=False):
    """The keywords of :func:`review` and :func:`why` after the budget."""

    seed: int
    iterations: int | None
    workers: int | None
    viewer: int | None
    describe: Describe | None


def think_steps(snap: Snapshot[K], budget_s: float = 1.0, *, seed: int = 0,
                iterations: int | None = None, workers: int | None = None,
                include: tuple[Action, ...] = (), explain: bool = True,
                player_name: Term | str = "", alternatives: int = 3,
                started: float | None = None, describe: Describe | None = None,
                mover_name: Term | str | None = None) -> Steps[Hint]:
    """The hint for a snapshot, as steps (:mod:`mp_tutor.coach.tasks`): the search in
    slices, then the reasons of each choice. :func:`think` runs them here and now.

    ``started`` (a ``time.monotonic()`` time, default now) is when the budget began;
    ``describe(action)`` names a move in the sentences (default: its notation);
    ``player_name`` is whose knowledge the search starts from and ``mover_name`` whose
    chances it weighs (default: the same player).
    """
    workers = check_workers(workers)
    started = time.monotonic() if started is None else started
    deadline = None if iterations is not None else started + budget_s * (1 - EXPLAIN_SHARE)
    res = yield from search_steps(snap.game, snap.info, snap.player, snap.legal,
                                  workers=workers, iterations=iterations, deadline=deadline,
                                  seed=seed, include=include)
    worlds = _worlds(snap, seed) if explain else []
    picked = res.stats[: 1 + alternatives]
    for wanted in include:
        picked += [st for st in res.stats if st.action == wanted and st not in picked]
    choices = []
    for st in picked:
        yield
        choices.append(_choice(snap, st, worlds, seed, explain))
    best = choices[0]
    if explain:
        beliefs = tuple(snap.support.beliefs(snap.info))
        best = Choice(best.action, best.value, best.visits,
                      best.reasons + beliefs + (_search_reason(res, player_name,
                                                               describe or notation, mover_name),))
    target = snap.support.target(best.action)
    return Hint(snap.player, best, tuple(choices[1:1 + alternatives]), res.iterations,
                res.seconds, seed, target, tuple(choices[1 + alternatives:]))


def think(snap: Snapshot[K], budget_s: float = 1.0, **options: Unpack[ThinkOptions]) -> Hint:
    """The hint for a snapshot (what :func:`hint` does after taking the snapshot), here and
    now; ``options`` as :func:`think_steps`."""
    return finish(think_steps(snap, budget_s, **options))


def hint(game: BaseGame, player: int | None = None, budget_s: float = 1.0, *, seed: int = 0,
         iterations: int | None = None, workers: int | None = None, explain: bool = True,
         describe: Describe | None = None) -> Hint:
    """The coach's suggestion for ``player`` (default: who decides now) in ``game``.

    Searches for about ``budget_s`` seconds in ``workers`` shares (default: on 2 cores),
    or exactly ``iterations`` playouts (then the hint is the same on every run and
    everywhere: it depends only on the player's view, the public log, their own past
    actions, ``seed`` and ``workers``). ``describe(action)`` names moves in the reasons
    (a front end's words; default: notation).
    """
    started = time.monotonic()
    snap = snapshot(game, player)
    return think(snap, budget_s, seed=seed, iterations=iterations, workers=workers,
                 explain=explain, player_name=player_term(game, snap.player), started=started,
                 describe=describe)


def review_steps(game_before: BaseGame, action: Action | str, player: int | None = None,
                 budget_s: float = 1.0, *, seed: int = 0, iterations: int | None = None,
                 workers: int | None = None, viewer: int | None = None,
                 describe: Describe | None = None) -> Steps[Review]:
    """:func:`review` as steps (:mod:`mp_tutor.coach.tasks`)."""
    started = time.monotonic()
    act = game_before.parse(action)
    if act not in game_before.legal_actions():
        raise ValueError(f"{act.notation()} is not legal here")
    snap = snapshot(game_before, player, viewer, act if viewer is not None else None, seed)
    if act not in snap.legal:
        raise ValueError(f"this move depends on what player {viewer} cannot see")
    name = player_term(game_before, snap.player if snap.viewer is None else snap.viewer)
    who = player_term(game_before, snap.player)  # whose chances the values are
    h = yield from think_steps(snap, budget_s, seed=seed, iterations=iterations,
                               workers=workers, include=(act,), player_name=name,
                               started=started, describe=describe, mover_name=who)
    say = describe or notation
    everyone = (h.best, *h.alternatives, *h.included)
    played = next((c for c in everyone if c.action == act), None)
    if played is None or not played.reasons:
        yield
        reasons = _reasons(snap, _worlds(snap, seed), act, seed)
        played = Choice(act, played.value if played else 0.0, played.visits if played else 0,
                        reasons)
    if min(played.visits, h.best.visits) < LEAST_GAMES:
        message = Reason(t("The coach had too little time to play out enough games from here "
                           "(the computer was busy), so it gives no figure for “{action}”.",
                           action=say(act)), (), "search")
    elif played.action == h.best.action:
        message = Reason(t("“{action}” was the coach's choice too.", action=say(act)), (),
                         "search")
    elif played.value >= h.best.value:
        message = Reason(t("“{action}” scored {v}% for {who} in the coach's games (100% = a sure "
                           "win), about as well as its choice “{best}” ({w}%).", action=say(act),
                           v=pct(played.value), best=say(h.best.action), w=pct(h.best.value),
                           who=who), (), "search")
    elif h.best.value - played.value <= noise(played, h.best):
        message = Reason(t("“{action}” scored {v}% for {who} in the coach's games (100% = a sure "
                           "win) and its choice “{best}” {w}%: too few games ({n} and {m}) to "
                           "tell them apart.", action=say(act), v=pct(played.value),
                           best=say(h.best.action), w=pct(h.best.value), n=played.visits,
                           m=h.best.visits, who=who), (), "search")
    else:
        message = Reason(t("“{action}” scored {v}% for {who} in the coach's games (100% = a sure "
                           "win); its choice “{best}” scored {w}%: the move cost {who} about "
                           "{loss} points of 100.", action=say(act), v=pct(played.value),
                           best=say(h.best.action), w=pct(h.best.value),
                           loss=pct(h.best.value) - pct(played.value), who=who), (), "search",
                         against=True)
    return Review(played, h.best, h, message)


def review(game_before: BaseGame, action: Action | str, player: int | None = None,
           budget_s: float = 1.0, **options: Unpack[ReviewOptions]) -> Review:
    """What a move cost: ``action`` (played in ``game_before``) against the coach's best.

    ``options``: ``seed``, ``iterations``, ``workers``, ``describe`` as :func:`hint`;
    ``viewer``: work from that player's knowledge instead of ``player``'s (see
    :func:`snapshot`); a move that depends on what the viewer cannot see (a hidden card)
    raises ``ValueError``.
    """
    return finish(review_steps(game_before, action, player, budget_s, **options))


def why_steps(game_before: BaseGame, action: Action | str, player: int | None = None,
              budget_s: float = 0.5, **options: Unpack[ReviewOptions]) -> Steps[Choice]:
    """:func:`why` as steps (:mod:`mp_tutor.coach.tasks`)."""
    rev = yield from review_steps(game_before, action, player, budget_s, **options)
    return Choice(rev.played.action, rev.played.value, rev.played.visits,
                  rev.played.reasons + (rev.message,))


def why(game_before: BaseGame, action: Action | str, player: int | None = None,
        budget_s: float = 0.5, **options: Unpack[ReviewOptions]) -> Choice:
    """The reasons for a move (a bot's move in the log): what it did and how it compared.

    ``options`` as :func:`review`; ``viewer``: the player asking (a seated learner asking
    about a bot's move): the coach then works from the viewer's knowledge, never from the
    bot's hidden cards.
    """
    return finish(why_steps(game_before, action, player, budget_s, **options))


__all__ = ["LEAST_GAMES", "Choice", "Describe", "Hint", "Review", "ReviewOptions", "Snapshot", "ThinkOptions",
           "hint", "own_actions", "player_term", "review", "review_steps", "snapshot", "think",
           "think_steps", "why", "why_steps"]
