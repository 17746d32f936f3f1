"""The coach on the priests game: legal hints citing real rules, the same for the same view,
blind to hidden cards, reasons in every language; the determinizer (sampled positions look
exactly like the real one to the player) and the strong bot (an observer)."""

from __future__ import annotations

import json
import random
import re

import pytest
from machine_checks import assert_bot_sees_only_an_observation

from mp_tutor.coach import hint, review, why
from mp_tutor.core.i18n import LANGUAGES, ListMsg, Msg, set_language, translate, translate_plural
from mp_tutor.core.registry import get_game
from mp_tutor.core.table import observe, play_until_person
from mp_tutor.priests import GAME, Game
from mp_tutor.priests.actions import Lay, Order, Place
from mp_tutor.priests.bots import BOTS, RandomBot, SchemerBot, StrongBot
from mp_tutor.priests.coaching import SUPPORT
from mp_tutor.priests.data import DATA
from mp_tutor.priests.determinize import knowledge, sample_state
from mp_tutor.priests.invariants import check_invariants
from mp_tutor.priests.playout import policy, value

ITER = 40
KINDS = ("lay", "order", "return_priest")


@pytest.fixture(autouse=True)
def english() -> None:
    yield
    set_language(None)


def position(players: int, seed: int, kind: str = "lay", skip: int = 0) -> Game:
    """A game of schemer bots stopped at a ``kind`` decision with a choice (after ``skip``)."""
    game = Game.new(players=players, seed=seed)
    bots = {p: SchemerBot(seed=seed * 10 + p) for p in range(players)}
    while True:
        assert not game.over, f"no {kind} decision found"
        if game.pending.kind == kind and len(game.legal_actions()) > 1:
            if skip == 0:
                return game
            skip -= 1
        play_until_person(game, bots, limit=1)


def return_position() -> Game:
    """A position where the first player places a returning priest beside its start square."""
    for seed in range(400):
        game = Game.new(players=4, seed=seed)
        bots = {p: RandomBot(seed=seed * 10 + p) for p in range(4)}
        while not game.over:
            if game.pending.kind == "return_priest" and len(game.legal_actions()) > 1:
                return game
            play_until_person(game, bots, limit=1)
    raise AssertionError("no return_priest decision in 400 games")


def swap_hidden(game: Game, viewer: int) -> Game:
    """A copy where another player's hand card is swapped with a draw-pile card, a face-down
    card of another player with a draw-pile card, and two other players' priest cards."""
    copy = Game(game.state.copy(), list(game.log), history=False)
    copy.history, copy.history_players = list(game.history), list(game.history_players)
    s = copy.state
    others = [p for p in range(s.n) if p != viewer]
    q = others[0]
    s.hands[q][0], s.deck[-1] = s.deck[-1], s.hands[q][0]
    s.hands[q].sort()
    for j, c in enumerate(s.stairs):
        if c is not None and not s.open[j] and s.laid_by[j] != viewer:
            s.stairs[j], s.deck[0] = s.deck[0], c
            break
    if len(others) >= 2:
        a, b = others[:2]
        s.priest_cards[a], s.priest_cards[b] = s.priest_cards[b], s.priest_cards[a]
    copy._touch()
    assert copy.view(viewer) == game.view(viewer) and copy.state != game.state
    return copy


def cited(h: object) -> list[str]:
    return [r for c in (h.best, *h.alternatives) for reason in c.reasons  # type: ignore[attr-defined]
            for r in reason.rules]


def test_the_game_gives_the_coach_a_support_and_a_strong_bot() -> None:
    assert get_game("priests").coach is SUPPORT and GAME.coach is SUPPORT
    assert BOTS["strong"] is StrongBot


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_hint_is_legal_and_cites_existing_rules(players: int) -> None:
    game = position(players, seed=players)
    h = hint(game, iterations=ITER, workers=1)
    legal = game.legal_actions()
    assert h.action in legal and all(c.action in legal for c in h.alternatives)
    assert 2 <= 1 + len(h.alternatives) <= 4 and 0.0 <= h.value <= 1.0
    assert h.reasons and all(r.text for r in h.reasons) and h.reasons[-1].kind == "search"
    rules = cited(h)
    assert rules and all(r in game.rules for r in rules)
    assert isinstance(h.action, Lay) and h.target == f"stair-{h.action.stair}"
    assert json.dumps(h.to_json())


def test_hints_for_the_order_and_a_returning_priest() -> None:
    game = position(3, seed=5, kind="order")
    h = hint(game, iterations=ITER, workers=1)
    assert isinstance(h.action, Order) and h.target is None and len(h.alternatives) == 1
    assert {"move.order", "ruling.move_order"} & set(cited(h))
    assert all(r in game.rules for r in cited(h))
    game = return_position()
    h = hint(game, iterations=ITER, workers=1)
    assert isinstance(h.action, Place) and h.target == f"square-{h.action.square}"
    assert "move.return_adjacent" in cited(h)


def test_hints_over_a_game_are_legal() -> None:
    game = position(4, seed=11)
    bots = {p: SchemerBot(seed=p) for p in range(4)}
    kinds = set()
    for _ in range(6):
        h = hint(game, iterations=16, workers=1)
        assert h.action in game.legal_actions()
        assert all(r in game.rules for r in cited(h))
        kinds.add(game.pending.kind)
        game.apply(h.action)
        play_until_person(game, {p: b for p, b in bots.items() if p != game.decider}, limit=6)
        while not game.over and (game.decider is None or len(game.legal_actions()) < 2):
            play_until_person(game, bots, limit=1)
        if game.over:
            break
    assert "lay" in kinds


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_same_view_gives_the_same_hint(players: int) -> None:
    game = position(players, seed=20 + players, skip=players + 1)
    p = game.decider
    first = hint(game, iterations=ITER, workers=1, seed=9)
    assert hint(game, iterations=ITER, workers=1, seed=9) == first
    # hidden things swapped (a hand card, a face-down card, priest cards): the player cannot
    # tell, nor can the coach
    assert hint(swap_hidden(game, p), iterations=ITER, workers=1, seed=9) == first


def test_a_hint_on_two_processes_is_deterministic() -> None:
    game = position(4, seed=6, skip=3)
    a = hint(game, iterations=20, workers=2, seed=1, explain=False)
    b = hint(swap_hidden(game, game.decider), iterations=20, workers=2, seed=1, explain=False)
    assert a == b and a.iterations == 20


def messages(msg: object) -> list[Msg]:
    """A message and every message among its parameters (lists of items aside)."""
    if not isinstance(msg, Msg):
        return []
    out = [] if isinstance(msg, ListMsg) else [msg]
    for param in ([*msg.params.values()] + (list(msg.items) if isinstance(msg, ListMsg) else [])):
        out += messages(param)
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_reasons_render_in_every_language(lang: str) -> None:
    positions = [position(4, seed=31, skip=2), position(3, seed=32, kind="order"),
                 position(2, seed=33, skip=5), return_position()]
    set_language(lang)
    reasons = []
    for game in positions:
        h = hint(game, iterations=ITER, workers=1)
        reasons += [r for c in (h.best, *h.alternatives) for r in c.reasons if r.kind != "search"]
    assert len(reasons) > 15
    for reason in reasons:
        assert reason.text and not re.search(r"\{[a-z_]+\}", reason.text), reason.text
        if lang != "en":  # every sentence (and every sentence inside one) is translated
            for msg in messages(reason.message):
                got = (translate_plural(msg.text, msg.plural, int(msg.n or 0), lang)
                       if msg.plural else translate(msg.text, lang))
                assert got != msg.text or msg.text.startswith("{"), (lang, msg.text)


def test_review_and_why() -> None:
    game = position(4, seed=40)
    legal = list(game.legal_actions())
    best = hint(game, iterations=ITER, workers=1).action
    worst = next(a for a in reversed(legal) if a != best)
    rev = review(game, worst, iterations=ITER, workers=1)
    assert rev.played.action == worst and rev.loss >= 0 and rev.message.text
    assert rev.played.reasons and all(r in game.rules for x in rev.played.reasons for r in x.rules)
    assert review(game, best, iterations=ITER, workers=1).loss == 0
    reasons = why(game, worst, iterations=ITER, workers=1)
    assert reasons.action == worst and reasons.reasons[-1].kind == "search"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_sampled_positions_look_like_the_real_one(players: int) -> None:
    rng = random.Random(players)
    game = Game.new(players=players, seed=50 + players)
    bot = SchemerBot(seed=players)
    dealt: dict[int, set[tuple[str, ...]]] = {p: set() for p in range(players)}
    while True:
        for p in range(players):
            info = knowledge(game.view(p), game.log, [])
            s = sample_state(info, rng)
            assert not check_invariants(s)
            assert Game(s, [], history=False).view(p) == game.view(p)
            assert s.priest_cards[p] == game.state.priest_cards[p]
            # the others' priest cards: this player count's, never the player's own
            assert set(s.priest_cards) <= set(DATA.priest_cards_used[players])
            assert len(set(s.priest_cards)) == players
            dealt[p].add(tuple(s.priest_cards))
            world = SUPPORT.sample(info, rng)
            assert world.fast and world.view(p) == game.view(p)
        if game.over:
            break
        game.apply(bot.choose(observe(game)))
    # with 2 players the other's card is known; with more, theirs are dealt at random
    assert all(len(d) == 1 if players == 2 else len(d) > 1 for d in dealt.values())


def test_the_policy_finishes_games_and_the_value_is_the_share_of_the_win() -> None:
    rng = random.Random(3)
    for players in (2, 3, 4):
        for seed in range(5):
            game = Game.new(players=players, seed=seed, fast=True)
            while not game.over:
                action = policy(game, rng)
                assert action in game.legal_actions()
                assert 0.0 <= value(game, 0) <= 1.0
                game.apply(action)
            winners = game.outcome().winners
            for p in range(players):
                v = value(game, p)
                assert (v >= 0.8 / len(winners)) == (p in winners), (p, winners, v)


def test_the_strong_bot_sees_only_an_observation() -> None:
    assert_bot_sees_only_an_observation(position(4, seed=8, skip=2), StrongBot, swap_hidden)


def test_the_strong_bot_finishes_a_game() -> None:
    game = Game.new(players=3, seed=4, history=False)
    bots = {0: StrongBot(seed=1, iterations=6), 1: SchemerBot(seed=1), 2: RandomBot(seed=2)}
    play_until_person(game, bots)
    assert game.over and not check_invariants(game.state)
