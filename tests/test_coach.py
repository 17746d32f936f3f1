"""The coach: legal hints citing real rules, the same for the same view, blind to hidden cards.

Also the determinizer (sampled positions look exactly like the real one to the player)
and the strong bot (an observer: it gets an Observation, never the state).
"""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import pytest
from machine_checks import assert_bot_sees_only_an_observation
from mp_tutor.widgets.coach_view import reasons_json

from mp_tutor import Game, load_scenario
from mp_tutor.coach import (
    Reason,
    for_and_against,
    hint,
    hint_async,
    review,
    review_async,
    why,
    why_async,
)
from mp_tutor.coach.advisor import own_actions
from mp_tutor.core.registry import known_games
from mp_tutor.core.table import play_until_person
from mp_tutor.princes.bots import BuilderBot, StrongBot
from mp_tutor.princes.determinize import knowledge, sample_state
from mp_tutor.princes.invariants import check_invariants

ROOT = Path(__file__).resolve().parents[1]
ITER = 40


def mid_game(seed: int = 3, steps: int = 70) -> Game:
    """A 4-player game after some builder moves, with a person's decision pending."""
    game = Game.new(players=4, seed=seed)
    bots = {p: BuilderBot(seed=seed + p) for p in range(4)}
    for _ in range(steps):
        play_until_person(game, bots, limit=1)
    while game.decider is None or len(game.legal_actions()) < 2:
        play_until_person(game, bots, limit=1)
    return game


def swap_hidden(game: Game, viewer: int) -> Game:
    """A copy where another player's hidden card is swapped with a card of the deck."""
    other = next(p for p in range(game.players) if p != viewer and game.state.hands[p])
    copy = Game(game.state.copy(), list(game.log), history=False)
    copy.history, copy.history_players = list(game.history), list(game.history_players)
    s = copy.state
    s.hands[other][0], s.deck[-1] = s.deck[-1], s.hands[other][0]
    s.hands[other].sort()
    assert copy.view(viewer) == game.view(viewer) and copy.state != game.state
    return copy


def test_a_hint_is_legal_and_cites_existing_rules() -> None:
    game = load_scenario("coca-plantation-production")
    h = hint(game, iterations=ITER, workers=1)
    legal = game.legal_actions()
    assert h.action in legal and all(c.action in legal for c in h.alternatives)
    assert 1 <= len(h.alternatives) <= 3 and h.best.value >= 0
    assert h.reasons and all(r.text for r in h.reasons)
    cited = [r for reason in h.reasons for r in reason.rules]
    assert cited and all(r in game.rules for r in cited)
    assert h.target == getattr(h.action, "to", None)
    assert json.dumps(h.to_json())


def test_hints_over_a_game_are_legal_and_cite_rules() -> None:
    game = mid_game()
    for _ in range(3):
        h = hint(game, iterations=24, workers=1)
        assert h.action in game.legal_actions()
        for choice in (h.best, *h.alternatives):
            assert all(r in game.rules for reason in choice.reasons for r in reason.rules)
        game.apply(h.action)
        bots = {p: BuilderBot(seed=p) for p in range(4)}
        play_until_person(game, bots, limit=5)
        while game.decider is None or len(game.legal_actions()) < 2:
            play_until_person(game, bots, limit=1)


def test_the_same_view_gives_the_same_hint() -> None:
    game = mid_game(seed=5)
    p = game.decider
    first = hint(game, iterations=ITER, workers=1, seed=9)
    assert hint(game, iterations=ITER, workers=1, seed=9) == first
    # hidden cards (another hand, the deck) swapped: the player cannot tell, nor can the coach
    assert hint(swap_hidden(game, p), iterations=ITER, workers=1, seed=9) == first


def test_a_hint_on_two_processes_is_deterministic() -> None:
    game = mid_game(seed=6)
    a = hint(game, iterations=20, workers=2, seed=1, explain=False)
    b = hint(swap_hidden(game, game.decider), iterations=20, workers=2, seed=1, explain=False)
    assert a == b and a.iterations == 20


def test_review_and_why() -> None:
    game = load_scenario("coca-plantation-production")
    worst = list(game.legal_actions())[-1]
    rev = review(game, worst, iterations=ITER, workers=1)
    assert rev.played.action == worst and rev.loss >= 0 and rev.message.text
    assert rev.played.reasons and all(r in game.rules for x in rev.played.reasons for r in x.rules)
    best = hint(game, iterations=ITER, workers=1).action
    assert review(game, best, iterations=ITER, workers=1).loss == 0
    reasons = why(game, worst, iterations=ITER, workers=1)
    assert reasons.action == worst and reasons.reasons[-1].kind == "search"


def test_why_on_a_bots_move_says_whose_chances_it_gives() -> None:
    """Asked by Yellow about Blue's move: the percentages are Blue's chances, from what Yellow
    knows, and the sentences say so."""
    game = load_scenario("coca-plantation-production")
    for action in list(game.legal_actions())[:3]:
        answer = why(game, action, iterations=ITER, workers=1, viewer=1)
        said = [r.text for r in answer.reasons if r.kind == "search"]
        assert said and all("for Blue" in s or "the coach's choice too" in s for s in said), said
        assert all("what Yellow knows" in s for s in said if "games played out" in s), said


def test_a_drawback_is_told_apart_from_the_reasons_for() -> None:
    reasons = [Reason("Loses a llama.", against=True), Reason("Takes 2 coca."),
               Reason("Scores 3 VP.", kind="score")]
    good, bad = for_and_against(reasons)
    assert [r.text for r in good] == ["Takes 2 coca.", "Scores 3 VP."]
    assert [r.text for r in bad] == ["Loses a llama."]
    shown = reasons_json(None, reasons)  # reasons for first, the drawbacks after them
    assert [(r["text"], r["against"]) for r in shown] == [
        ("Takes 2 coca.", False), ("Scores 3 VP.", False), ("Loses a llama.", True)]


def test_hint_async_returns_a_future() -> None:
    game = load_scenario("coca-plantation-production")
    future = hint_async(game, iterations=ITER, workers=1)
    game.apply(list(game.legal_actions())[0])  # the game may go on meanwhile
    assert future.result(timeout=30).action.notation().startswith("move")


def test_no_hint_when_nobody_decides() -> None:
    game = load_scenario("coca-plantation-production")
    with pytest.raises(ValueError, match="not"):
        hint(game, player=(game.decider + 1) % game.players, iterations=5)


@pytest.mark.parametrize("workers", [0, -1, 1.5, True, "2"])
def test_a_bad_number_of_workers_is_refused_by_name(workers: object) -> None:
    """``workers=0`` divided by zero; every question refuses it with a sentence naming
    ``workers`` (0 once meant "in this process": that is 1), before any work starts."""
    game = load_scenario("coca-plantation-production")
    move = list(game.legal_actions())[0]
    asks = [lambda: hint(game, iterations=5, workers=workers),
            lambda: why(game, move, iterations=5, workers=workers),
            lambda: review(game, move, iterations=5, workers=workers),
            lambda: hint_async(game, iterations=5, workers=workers),
            lambda: why_async(game.copy(), move, iterations=5, workers=workers),
            lambda: review_async(game.copy(), move, iterations=5, workers=workers),
            lambda: StrongBot(iterations=5, workers=workers)]
    for ask in asks:
        with pytest.raises(ValueError, match=r"^workers must be a whole number from 1 .*"
                                             r"1: in this process"):
            ask()


def test_sampled_positions_look_like_the_real_one() -> None:
    rng = random.Random(0)
    game = Game.new(players=3, seed=11)
    bot = BuilderBot(seed=11)
    placed = 0
    while not game.over:
        for p in range(game.players):
            info = knowledge(game.view(p), game.log, own_actions(game, p))
            s = sample_state(info, rng)
            assert not check_invariants(s)
            assert Game(s, [], history=False).view(p) == game.view(p)
            assert all(game.state.deck[i] == c for i, c in info.deck_known)
            placed += len(info.deck_known)
        game.apply(bot.choose(game))
    assert placed > 0  # cards a player returned were followed under the deck


def test_the_strong_bot_sees_only_an_observation() -> None:
    assert_bot_sees_only_an_observation(mid_game(seed=8), StrongBot, swap_hidden)


def test_the_strong_bot_finishes_a_game() -> None:
    game = Game.new(players=2, seed=4, history=False)
    bots = {0: StrongBot(seed=1, iterations=4, horizon=10), 1: BuilderBot(seed=1)}
    play_until_person(game, bots)
    assert game.over and not check_invariants(game.state)


def test_the_coach_names_no_game() -> None:
    games = set(known_games())
    for path in (ROOT / "mp_tutor" / "coach").glob("*.py"):
        tree = ast.parse(path.read_text("utf-8"))
        names = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)
                 and isinstance(n.value, str)}
        assert not names & games, f"{path.name} names a game"
        mods = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
        assert not any(g in (m or "") for m in mods for g in games), path.name
