"""The priests' playouts: the policy's remembered sums are those of the position at hand, a
playout with a horizon stops between two rounds, and the value before the end reads the
lead and the rounds left."""

from __future__ import annotations

import random

import pytest

from mp_tutor.coach.search import playout
from mp_tutor.priests import Game
from mp_tutor.priests import playout as pp
from mp_tutor.priests.coaching import SUPPORT
from mp_tutor.priests.data import DATA
from mp_tutor.priests.scoring import scores
from mp_tutor.priests.state import State
from mp_tutor.priests.tables import SLOTS


def games() -> list[Game]:
    """Rollout games of every player count and reading, played a little by the policy."""
    out = []
    for players in (2, 3, 4):
        for variant in ({}, {"move_order": "pairing"}, {"two_players": "draw"}):
            if "two_players" in variant and players != 2:
                continue
            out.append(Game.new(players=players, seed=players * 7 + len(variant), fast=True,
                                **variant))
    return out


def _changes(s: State) -> list[State]:
    """Copies of ``s`` that differ in one thing the policy's sums may read."""
    out = []
    for change in range(7):
        c = s.copy()
        if change == 0:  # a priest's slots all but full, or full
            c.slots[0] = (c.slots[0] + [(1,)] * SLOTS)[:SLOTS - 1]
        elif change == 1:
            c.slots[1] = (c.slots[1] + [(1,)] * SLOTS)[:SLOTS]
        elif change == 2 and c.sun_left:  # a sun token fewer
            del c.sun_left[0]
        elif change == 3 and c.fire_left:  # a fire token fewer
            del c.fire_left[0]
        elif change == 4:  # the other kind of sun/moon card
            c.sun_moon = "moon_all_open" if DATA.sun_moon[c.sun_moon].kind == "sun" else "printed"
        elif change == 5:
            c.move_order = "pairing" if c.move_order == "order" else "order"
        elif change == 6:  # two priests change places
            c.pos[0], c.pos[2] = c.pos[2], c.pos[0]
        out.append(c)
    return out


def test_the_policy_remembers_only_what_the_position_decides(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The sums the policy remembers (the moves' gains, the landings) are keyed by all they
    depend on: after a position's sums are remembered, a position that differs in one such
    thing (slots, tokens left, the sun/moon card, the reading of the order, the squares)
    gets the sums worked out afresh, over games of every player count and reading."""
    rng = random.Random(5)
    checked = 0
    for game in games():
        while not game.over:
            s = game.state
            if None not in s.pos and any(c is not None for c in s.stairs):
                for c in [s, *_changes(s)]:
                    warm = {f: pp.priest_gains(c, f) for f in ("tallest", "smallest")}
                    land = pp.landings(c)
                    with monkeypatch.context() as m:
                        m.setattr(pp, "_LANDINGS", {})
                        m.setattr(pp, "_GAINS", {})
                        assert warm == {f: pp.priest_gains(c, f) for f in ("tallest", "smallest")}
                        assert land == pp.landings(c)
                    checked += 1
            game.apply(pp.policy(game, rng))
    assert checked > 300


@pytest.mark.parametrize("horizon", [1, 4, 9])
def test_a_playout_with_a_horizon_stops_between_two_rounds(horizon: int) -> None:
    rng = random.Random(horizon)
    for game in games():
        for _ in range(3):  # from a position in the middle of a round
            if not game.over:
                game.apply(pp.policy(game, rng))
        if game.over:
            continue
        world = game.rollout()
        start = world.state.round
        v = playout(world, 0, SUPPORT, rng, horizon)
        s = world.state
        assert 0.0 <= v <= 1.0
        assert s.over or (pp.at_rest(world) and s.round > start
                          and all(c is None for c in s.stairs)), (s.round, s.stairs)


def test_the_value_before_the_end_reads_the_lead_and_the_rounds_left() -> None:
    rng = random.Random(2)
    game = Game.new(players=4, seed=3, fast=True)
    while game.state.round < 5 or not pp.at_rest(game):
        game.apply(pp.policy(game, rng))
    s = game.state
    table = scores(s)
    ahead = max(range(4), key=lambda p: table[p].score)
    behind = min(range(4), key=lambda p: table[p].score)
    assert table[ahead].score > table[behind].score
    late = pp.value(game, ahead), pp.value(game, behind)
    assert 0.0 < late[1] < late[0] < 1.0
    s.round = 1  # the same points with more rounds to play: the lead says less
    early = pp.value(game, ahead), pp.value(game, behind)
    assert early[0] - early[1] < late[0] - late[1]
    s.round = DATA.rounds[4]
    assert pp.value(game, ahead) - pp.value(game, behind) > late[0] - late[1]
