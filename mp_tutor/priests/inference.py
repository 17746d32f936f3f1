"""Reading the table: what the other players' play says about their hidden priest cards and
about the cards they laid face down (for the coach of the priests game).

Every priest card another player may hold is a hypothesis. The public log is replayed
(:class:`Replay`: the temple, the tokens and the stairs as they were at each decision; the
events name no hidden card, and a card laid face down is named when all are turned up), and
each decision of another player is scored under each hypothesis by a **model of play**: the
playout policy's worth of every choice (:mod:`~mp_tutor.priests.playout`), turned into
chances by a softmax (``TEMPERATURE``), mixed with a uniform choice (``SLIP``: a bluff, a
slip, a reason the model does not see). A card laid is a choice of a card of the hand (the
other cards of that hand are unknown to the onlooker: averaged over the cards they may be)
and of a free stair; the first player's order and a returning priest's square are choices
too. A player may also play with no plan at all (a random bot, a beginner: ``AIMLESS``, a
prior the evidence moves), whose choices say nothing about their priests.

The chance of each *deal* of the other players' priest cards is then the product of their
likelihoods (:class:`Belief`); a card laid face down this round is weighed the same way, by
how likely its layer was to lay it on that stair under each hypothesis. The coach's positions
are dealt by those weights (:func:`mp_tutor.priests.determinize.sample_state`).

Only what the viewer knows is read: their view, the public log (and their own priest card,
to leave it out). With no log (a position read from a scenario, a fork) the belief is the
uniform one, plus what the lays of the current round say.

>>> from mp_tutor.priests import Game
>>> from mp_tutor.priests.bots import SchemerBot
>>> from mp_tutor.core.table import play_until_person
>>> game = Game.new(players=4, seed=3)
>>> _ = play_until_person(game, {p: SchemerBot(seed=p) for p in range(4)}, limit=40)
>>> belief = read_table(game.view(0), game.log)
>>> belief.players, len(belief.deals), round(sum(belief.chances), 6)
((1, 2, 3), 6, 1.0)
>>> sorted(belief.card_chances(1)) == sorted(c for c in "ABCD" if c != game.view(0)["player"][0]["priest_card"])
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import permutations
from typing import Any

from ..core.events import Event
from ..core.machine import Out
from .data import DATA
from .moving import move_all
from .playout import GOOD_NEAR, card_weights, landings, priest_gains, rank_chances
from .setup import new_state
from .state import State
from .tables import (
    CARDS,
    HAND,
    HEIGHTS,
    PRIEST_INDEX,
    PRIESTS,
    SQUARE_INDEX,
    SQUARE_NAMES,
    STAIR_INDEX,
    STAIRS,
    START_NEAR,
)
from .views import PriestsView

#: the model's temperature: a choice worth this many points more is e times as likely
TEMPERATURE = 1.0
#: the share of choices made for no reason the model sees (bluffs, slips)
SLIP = 0.1
#: the prior chance that a player plays with no plan at all (their choices say nothing)
AIMLESS = 0.3
#: hand cards the other cards of a hand are averaged over (evenly spread)
POOL = 12


@dataclass(frozen=True)
class Hidden:
    """A card another player laid face down this round: its stair, its layer, and for each
    priest card they may hold the weight of each card it may be (the chance that they would
    lay it there)."""

    stair: int
    player: int
    weights: tuple[tuple[str, dict[int, float]], ...]

    def weights_for(self, card: str) -> dict[int, float]:
        return next(w for c, w in self.weights if c == card)


@dataclass(frozen=True)
class Belief:
    """What the viewer believes of the other players' hidden cards, from their play.

    ``deals``: every way the priest cards the viewer does not hold may be dealt to
    ``players`` (in their order), with its chance (``chances``, summing to 1); ``planned``:
    for each player and priest card, the chance they play with a plan (else their cards
    laid face down are any cards); ``hidden``: the cards laid face down this round by others;
    ``read``: how many decisions of others were read.
    """

    players: tuple[int, ...]
    deals: tuple[tuple[str, ...], ...]
    chances: tuple[float, ...]
    planned: dict[tuple[int, str], float] = field(default_factory=dict)
    hidden: tuple[Hidden, ...] = ()
    read: int = 0

    def card_chances(self, player: int) -> dict[str, float]:
        """The chance of each priest card ``player`` may hold."""
        k = self.players.index(player)
        out: dict[str, float] = {}
        for deal, chance in zip(self.deals, self.chances, strict=True):
            out[deal[k]] = out.get(deal[k], 0.0) + chance
        return out

    def plan_chance(self, player: int) -> float:
        """The chance that ``player`` plays with a plan (their play says something of their
        priest card) rather than with none."""
        return sum(x * self.planned.get((player, card), 0.0)
                   for card, x in self.card_chances(player).items())

    def deal(self, rng: random.Random) -> dict[int, str]:
        """A deal of the priest cards drawn by its chance: ``{player: card}``."""
        x, acc = rng.random(), 0.0
        chosen = self.deals[-1]
        for deal, chance in zip(self.deals, self.chances, strict=True):
            acc += chance
            if x < acc:
                chosen = deal
                break
        return dict(zip(self.players, chosen, strict=True))


def uniform(players: Sequence[int], cards: Sequence[str]) -> Belief:
    """Every deal of ``cards`` to ``players`` equally likely (nothing read)."""
    deals = tuple(permutations(cards, len(players)))
    return Belief(tuple(players), deals, tuple(1.0 / len(deals) for _ in deals))


@dataclass
class _Lay:
    """A card laid, as the replay saw it: who, where, which card (None: not known yet), and
    the stairs before it (``(stair, layer, open)`` of each card already laid)."""

    player: int
    stair: int
    card: int | None
    before: tuple[tuple[int, int | None, bool], ...]
    hand: int
    pile: bool


class Replay:
    """The public log replayed on a position of the priests and the tokens: each decision of
    another player scored under each priest card (see the module docstring)."""

    def __init__(self, view: PriestsView, hypotheses: Sequence[str]) -> None:
        self.n, self.viewer = view["players"], view["viewer"]
        self.hypotheses = tuple(hypotheses)
        self.weights = {h: card_weights(h, self.n) for h in self.hypotheses}
        self.s: State = new_state(self.n, 0, 0, view["variant"]["move_order"],
                                  view["variant"]["two_players"])[0]
        self.hands = [HAND] * self.n
        self.lays: list[_Lay] = []
        #: per player: the log-likelihood of their decisions under each priest card, and with
        #: no plan
        self.planned: dict[int, dict[str, float]] = {p: dict.fromkeys(self.hypotheses, 0.0)
                                                     for p in range(self.n)}
        self.aimless = [0.0] * self.n
        self.read = 0

    # -- the position, from the events ---------------------------------------------------
    def from_view(self, view: PriestsView) -> None:
        """Start from the position of ``view`` (a log that does not begin with the set-up)."""
        s = self.s
        s.first, s.round, s.sun_moon = view["first"], view["round"], view["sun_moon"]["card"]
        s.pos = [None if (q := view["priests"][str(h)]["square"]) is None else SQUARE_INDEX[q]
                 for h in HEIGHTS]
        s.slots = [[tuple(x) for x in view["priests"][str(h)]["slots"]] for h in HEIGHTS]
        s.sun_left, s.fire_left = list(view["tokens"]["sun"]), list(view["tokens"]["fire"])
        s.removed = list(view["removed"])
        self.hands = [pl["cards"] for pl in view["player"]]

    def feed(self, kind: str, player: int | None, d: dict[str, Any]) -> None:
        """One event of the log."""
        s = self.s
        if kind == "setup":
            s.first = d["first"]
        elif kind == "round_began":
            assert player is not None
            s.first, s.round, s.sun_moon = player, d["round"], d["card"]
            self.lays = []
        elif kind == "laid":
            assert player is not None
            j = STAIR_INDEX[d["stair"]]
            before = tuple((k, s.laid_by[k], s.open[k]) for k in range(len(STAIRS))
                           if s.stairs[k] is not None)
            card = d.get("card")
            pile = bool(d.get("pile"))
            self.lays.append(_Lay(player, j, card, before, self.hands[player], pile))
            if not pile:
                self.hands[player] += -1 + bool(d.get("drew"))
            s.stairs[j], s.open[j], s.laid_by[j] = card or 0, d["face"] == "open", player
        elif kind == "deck_card":
            j = STAIR_INDEX[d["stair"]]
            s.stairs[j], s.open[j], s.laid_by[j] = d["card"], True, None
        elif kind == "revealed":
            s.stairs, s.open = list(d["cards"]), [True] * len(STAIRS)
            for lay in self.lays:
                lay.card = s.stairs[lay.stair]
            for lay in self.lays:
                self._lay(lay)
            self.lays = []
        elif kind == "order_chosen":
            assert player is not None
            self._order(player, d["first"])
            move_all(s, d["first"], Out(record=False))
        elif kind == "returned":
            s.pos[PRIEST_INDEX[d["priest"]]] = SQUARE_INDEX[d["square"]]
        elif kind == "placed_beside":
            assert player is not None
            self._place(player, d["priest"], SQUARE_INDEX[d["square"]])
        elif kind == "round_ended":
            s.removed += d["cards"]
            s.stairs = [None] * len(STAIRS)
            s.open, s.laid_by = [False] * len(STAIRS), [None] * len(STAIRS)

    def agrees(self, view: PriestsView) -> bool:
        """Whether the replayed position is the view's (the log was read whole and right)."""
        s = self.s
        return ([SQUARE_NAMES[q] if q is not None else None for q in s.pos]
                == [view["priests"][str(h)]["square"] for h in HEIGHTS]
                and [[list(x) for x in sl] for sl in s.slots]
                == [view["priests"][str(h)]["slots"] for h in HEIGHTS]
                and s.sun_left == view["tokens"]["sun"] and s.fire_left == view["tokens"]["fire"]
                and s.removed == view["removed"] and s.first == view["first"])

    # -- the likelihoods ------------------------------------------------------------------
    def _add(self, player: int, chances: dict[str, float], even: float) -> None:
        """One decision of ``player``: its chance under each priest card (without slips),
        and under no plan (``even``)."""
        if player == self.viewer:
            return
        self.read += 1
        for h, x in chances.items():
            self.planned[player][h] += math.log(SLIP * even + (1 - SLIP) * x)
        self.aimless[player] += math.log(even)

    def worths(self, lay: _Lay, cards: Sequence[int]
               ) -> tuple[int, dict[str, tuple[dict[int, list[float]], float]]]:
        """The model's weights for ``lay``, from the stairs as its layer saw them: the index
        of its stair among the free ones, and for each priest card the weight
        (``exp(worth / TEMPERATURE)``) of laying each of ``cards`` on each free stair, with
        the mean summed weight of another card of the hand (over the unseen cards, evenly
        spread; 0 when the hand held no other choice)."""
        s, p = self.s, lay.player
        laid = {k: (by, is_open) for k, by, is_open in lay.before}
        seen = [c for k, (by, is_open) in laid.items()
                if (c := s.stairs[k]) and (is_open or by == p)]
        free = [k for k in range(len(STAIRS)) if k not in laid]
        unknown = len(laid) - len(seen) + len(free) - 1
        gone = set(s.removed) | set(seen)
        unseen = [c for c in CARDS if c not in gone]
        land = landings(s)
        ranks = {c: rank_chances(c, seen, unseen, unknown) for c in cards}
        pool: list[int] = []
        if not lay.pile and lay.hand > 1:
            step = max(1, len(unseen) // POOL)
            pool = unseen[step // 2::step]
            for c in pool:
                if c not in ranks:
                    ranks[c] = rank_chances(c, seen, unseen, unknown)
        out: dict[str, tuple[dict[int, list[float]], float]] = {}
        for h, w in self.weights.items():
            lw = [[wi * x for x in row] for wi, row in zip(w, land, strict=True)]

            def worth(c: int, w_land: list[list[float]] = lw) -> list[float]:
                r = ranks[c]
                return [math.exp(sum(r[i] * w_land[i][j] for i in range(PRIESTS) if r[i])
                                 / TEMPERATURE) for j in free]

            mean = sum(sum(worth(c)) for c in pool) / len(pool) if pool else 0.0
            out[h] = ({c: worth(c) for c in cards}, mean)
        return free.index(lay.stair), out

    def lay_chances(self, lay: _Lay, cards: Sequence[int]) -> dict[str, list[float]]:
        """For each priest card, the chance of laying each of ``cards`` where ``lay`` went
        (the model, without slips), from the stairs as its layer saw them."""
        at, worths = self.worths(lay, cards)
        others = max(0, lay.hand - 1)
        return {h: [e[c][at] / (sum(e[c]) + others * mean) for c in cards]
                for h, (e, mean) in worths.items()}

    def _even(self, lay: _Lay) -> float:
        free = len(STAIRS) - len(lay.before)
        return 1.0 / (free * (1 if lay.pile else max(1, lay.hand)))

    def _lay(self, lay: _Lay) -> None:
        assert lay.card is not None
        got = self.lay_chances(lay, [lay.card])
        self._add(lay.player, {h: x[0] for h, x in got.items()}, self._even(lay))

    def _order(self, player: int, first: str) -> None:
        gains = {f: priest_gains(self.s, f) for f in ("tallest", "smallest")}
        chances = {}
        for h, w in self.weights.items():
            e = {f: math.exp(sum(wi * g for wi, g in zip(w, gs, strict=True)) / TEMPERATURE)
                 for f, gs in gains.items()}
            chances[h] = e[first] / sum(e.values())
        self._add(player, chances, 0.5)

    def _place(self, player: int, height: int, square: int) -> None:
        i = PRIEST_INDEX[height]
        s = self.s
        options = [q for q in START_NEAR[i] if q not in s.pos]
        s.pos[i] = square
        if square not in options:  # pragma: no cover - the log is the game's
            return
        chances = {}
        for h, w in self.weights.items():
            e = [math.exp(w[i] * GOOD_NEAR[q] / TEMPERATURE) for q in options]
            chances[h] = e[options.index(square)] / sum(e)
        self._add(player, chances, 1.0 / len(options))

    # -- the current round's cards laid face down ----------------------------------------
    def hidden_lays(self, unknown: Sequence[int]) -> list[tuple[_Lay, dict[str, list[float]]]]:
        """The cards laid face down this round by others (not yet turned up), each with the
        chance of each card of ``unknown`` under each priest card (slips included)."""
        out = []
        for lay in self.lays:
            if lay.card is not None or lay.player == self.viewer:
                continue
            even = self._even(lay)
            got = self.lay_chances(lay, unknown)
            out.append((lay, {h: [SLIP * even + (1 - SLIP) * x for x in row]
                              for h, row in got.items()}))
        return out

    def open_lays(self) -> None:
        """Score the cards laid face up this round (the others wait for the reveal)."""
        for lay in self.lays:
            if lay.card is not None:
                self._lay(lay)


def _logsumexp(xs: Sequence[float]) -> float:
    top = max(xs)
    return top + math.log(sum(math.exp(x - top) for x in xs))


def read_table(view: PriestsView, log: Sequence[Event], unknown: Sequence[int] | None = None
               ) -> Belief:
    """What ``view``'s viewer may believe of the other players' priest cards and of the cards
    laid face down this round (weighed over ``unknown``, the cards the viewer cannot place;
    default: every card they do not see), from the public ``log``."""
    n, viewer = view["players"], view["viewer"]
    known = {pl["priest_card"] for pl in view["player"] if pl["priest_card"] is not None}
    cards = [c for c in DATA.priest_cards_used[n] if c not in known]
    players = [p for p, pl in enumerate(view["player"]) if pl["priest_card"] is None]
    if unknown is None:
        hand = view["player"][viewer]["hand"] if viewer is not None else None
        seen = set(view["removed"]) | set(hand or ())
        seen |= {st["card"] for st in view["stairs"].values() if st["card"] is not None}
        unknown = [c for c in CARDS if c not in seen]
    hypotheses = list(DATA.priest_cards_used[n])
    replay = Replay(view, hypotheses)
    events = [(e.kind, e.player, e.data) for e in log]
    if events and events[0][0] == "setup":
        for e in events:
            replay.feed(*e)
        if not replay.agrees(view):
            replay = Replay(view, hypotheses)  # a log that is not this game's: read nothing
            events = []
    if not events or events[0][0] != "setup":
        # no set-up: only this round, if nothing has moved since it began
        start = max((k for k, e in enumerate(events) if e[0] == "round_began"), default=None)
        rest = events[start:] if start is not None else []
        replay.from_view(view)
        if any(e[0] == "revealed" for e in rest) or view["round"] == 0:
            rest = []
        for e in rest:
            replay.feed(*e)
    replay.open_lays()
    hidden = replay.hidden_lays(unknown)
    # each player's likelihood under each card: with a plan (their decisions and what they
    # laid face down this round, whatever it is), or with none
    planned_log: dict[int, dict[str, float]] = {}
    aimless_log = {p: replay.aimless[p] for p in range(n)}
    for p in range(n):
        planned_log[p] = dict(replay.planned[p])
    for lay, rows in hidden:
        even = replay._even(lay)
        aimless_log[lay.player] += math.log(even)
        for h, row in rows.items():
            planned_log[lay.player][h] += math.log(sum(row) / len(row))
    mixed: dict[tuple[int, str], float] = {}
    planned: dict[tuple[int, str], float] = {}
    for p in range(n):
        if p == viewer:
            continue
        for h in hypotheses:
            a = math.log(1 - AIMLESS) + planned_log[p][h]
            r = math.log(AIMLESS) + aimless_log[p]
            mixed[p, h] = _logsumexp([a, r])
            planned[p, h] = math.exp(a - mixed[p, h])
    deals = tuple(permutations(cards, len(players)))
    logs = [sum(mixed[p, h] for p, h in zip(players, deal, strict=True)) for deal in deals]
    total = _logsumexp(logs) if logs else 0.0
    chances = tuple(math.exp(x - total) for x in logs)
    hidden_out = tuple(Hidden(lay.stair, lay.player,
                              tuple((h, dict(zip(unknown, row, strict=True)))
                                    for h, row in rows.items()))
                       for lay, rows in hidden)
    return Belief(tuple(players), deals, chances, planned, hidden_out, replay.read)


__all__ = ["AIMLESS", "SLIP", "TEMPERATURE", "Belief", "Hidden", "Replay", "read_table",
           "uniform"]
