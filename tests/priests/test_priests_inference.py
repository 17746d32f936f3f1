"""Reading the table: the coach's belief about the other players' priest cards and the cards
they laid face down comes from public play only (the view, the public log), moves with that
play, and weighs the positions the coach deals; the hint tells a strong belief as a belief."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from test_priests_coach import swap_hidden

from mp_tutor.coach import hint
from mp_tutor.core.i18n import LANGUAGES, set_language
from mp_tutor.core.table import RandomBot, play_until_person
from mp_tutor.priests import Game
from mp_tutor.priests.bots import SchemerBot
from mp_tutor.priests.coaching import SUPPORT
from mp_tutor.priests.data import DATA
from mp_tutor.priests.determinize import knowledge, sample_state
from mp_tutor.priests.inference import Replay, read_table
from mp_tutor.priests.moving import pairing
from mp_tutor.priests.state import Kind


@pytest.fixture(autouse=True)
def english() -> None:
    yield
    set_language(None)


def schemers(players: int, seed: int) -> dict[int, SchemerBot]:
    return {p: SchemerBot(seed=seed * 10 + p) for p in range(players)}


def played(players: int, seed: int, actions: int, **variant: str) -> Game:
    """A game of schemer bots after ``actions`` decisions and steps."""
    game = Game.new(players=players, seed=seed, **variant)
    play_until_person(game, schemers(players, seed), limit=actions)
    return game


@pytest.mark.parametrize(("players", "variant"), [
    (2, {}), (3, {}), (4, {}), (4, {"move_order": "pairing"}), (2, {"two_players": "draw"})])
def test_the_replayed_log_is_the_game_at_every_step(players: int, variant: dict) -> None:
    game = Game.new(players=players, seed=7, **variant)
    bots = {p: RandomBot(seed=p) for p in range(players)}
    while not game.over:
        viewer = (game.decider or 0) % players
        view = game.view(viewer)
        replay = Replay(view, DATA.priest_cards_used[players])
        for e in game.log:
            replay.feed(e.kind, e.player, e.data)
        assert replay.agrees(view)
        play_until_person(game, bots, limit=1)


def test_nothing_read_at_the_start_and_every_deal_equally_likely() -> None:
    game = Game.new(players=4, seed=1)
    belief = read_table(game.view(game.decider), game.log)
    assert belief.read == 0 and len(belief.deals) == 6
    assert max(belief.chances) - min(belief.chances) < 1e-12


def test_the_belief_moves_with_public_play_towards_the_true_cards() -> None:
    truth_chance = []
    for seed in range(6):
        game = played(4, seed, 32)
        assert not game.over
        viewer = game.decider if game.decider is not None else 0
        belief = read_table(game.view(viewer), game.log)
        assert belief.read >= 10
        for p in belief.players:
            truth_chance.append(belief.card_chances(p)[game.state.priest_cards[p]])
    # three cards are possible for each other player (1/3 each before any play)
    assert sum(truth_chance) / len(truth_chance) > 0.6
    assert sum(x > 1 / 3 for x in truth_chance) >= 0.75 * len(truth_chance)


@pytest.mark.parametrize("players", [3, 4])
def test_the_belief_does_not_move_with_hidden_cards(players: int) -> None:
    game = played(players, 3, 25)
    viewer = game.decider if game.decider is not None else 0
    # a hand card and a face-down card swapped with the pile's, two priest cards swapped
    other = swap_hidden(game, viewer)
    assert read_table(other.view(viewer), other.log) == read_table(game.view(viewer), game.log)
    assert knowledge(other.view(viewer), other.log, []) == knowledge(game.view(viewer), game.log, [])


def test_the_same_hidden_cards_with_other_public_play_give_another_belief() -> None:
    # two tables dealt alike (same seed: same hands and priest cards) played differently
    one = played(4, 5, 40)
    two = Game.new(players=4, seed=5)
    play_until_person(two, {p: RandomBot(seed=p) for p in range(4)}, limit=40)
    assert one.state.priest_cards == two.state.priest_cards
    assert read_table(one.view(0), one.log).chances != read_table(two.view(0), two.log).chances


def lay_position(seed: int) -> Game:
    """A schemer game after round 1, stopped where someone lays with a choice."""
    game = played(4, seed, 30)
    while game.pending.kind != Kind.LAY or len(game.legal_actions()) < 2:
        play_until_person(game, schemers(4, seed), limit=1)
    return game


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_one_public_play_moves_the_belief_and_a_hidden_card_does_not(seed: int) -> None:
    """The same position, one player's lay differs: what the lay shows the viewer (its
    stair, and its card when face up) moves the belief; the card laid face down, the
    cards kept in hand and the priest cards do not."""
    game = lay_position(seed)
    layer = game.decider
    viewer = (layer + 1) % 4
    beliefs: dict[tuple, set] = {}
    for action in game.legal_actions():
        after = game.copy()
        after.apply(action)
        seen = after.view(viewer)["stairs"][action.stair]
        shown = (action.stair, seen["card"])  # the card is None when laid face down
        belief = read_table(after.view(viewer), after.log)
        beliefs.setdefault(shown, set()).add(belief.chances)
        assert read_table(swap_hidden(after, viewer).view(viewer), after.log) == belief
    # one belief for each thing the viewer can see, and a different one for each
    assert all(len(b) == 1 for b in beliefs.values())
    assert len({next(iter(b)) for b in beliefs.values()}) == len(beliefs) > 1


def test_without_a_log_only_the_current_round_is_read() -> None:
    game = played(4, 2, 30)
    while game.pending.kind != "lay" or not any(game.state.stairs):
        play_until_person(game, schemers(4, 2), limit=1)
    viewer = game.decider
    alone = Game(game.state.copy(), [], history=False)  # a position with no log
    belief = read_table(alone.view(viewer), alone.log)
    laid_by_others = sum(1 for p in game.state.laid_by if p is not None and p != viewer)
    assert belief.read <= laid_by_others
    # a log that is not this game's is not read at all
    stranger = played(4, 9, 30)
    assert read_table(game.view(viewer), stranger.log).read <= laid_by_others


def test_deals_are_sampled_by_the_belief() -> None:
    game = played(4, 4, 45)
    viewer = game.decider if game.decider is not None else 0
    info = knowledge(game.view(viewer), game.log, [])
    belief = info.belief
    assert belief is not None
    rng = random.Random(0)
    n = 3000
    dealt = Counter(tuple(sample_state(info, rng).priest_cards[p] for p in belief.players)
                    for _ in range(n))
    for deal, chance in zip(belief.deals, belief.chances, strict=True):
        assert abs(dealt[deal] / n - chance) < 0.03, (deal, chance, dealt[deal] / n)


def test_face_down_cards_are_guessed_better_than_by_chance() -> None:
    """Over face-down cards of schemer bots: the coach's deals more often give the card the
    rank it really has (so it moves the priest it really moves) than uniform deals do."""
    right = {True: 0, False: 0}
    total = 0
    for seed in range(10):
        game = Game.new(players=4, seed=seed)
        bots = schemers(4, seed)
        while not game.over:
            s = game.state
            viewer = game.decider
            hidden = [j for j, c in enumerate(s.stairs) if c is not None and not s.open[j]
                      and s.laid_by[j] != viewer]
            if game.pending.kind == Kind.LAY and hidden and sum(c is None for c in s.stairs) == 1:
                for read in (True, False):
                    info = knowledge(game.view(viewer), game.log if read else [], [])
                    rng = random.Random(seed)
                    for _ in range(40):
                        world = sample_state(info, rng)
                        world.stairs[world.stairs.index(None)] = 0  # the last card: lowest
                        real = s.copy()
                        real.stairs[real.stairs.index(None)] = 0
                        right[read] += sum(pairing(world).index(j) == pairing(real).index(j)
                                           for j in hidden)
                total += 40 * len(hidden)
            play_until_person(game, bots, limit=1)
    assert total > 200
    assert right[True] > 1.15 * right[False], right


def strong_belief_position(first: int = 0) -> Game:
    """A schemer game where the player who decides is told a belief (seeds from ``first``)."""
    for seed in range(first, first + 20):
        game = played(4, seed, 28)
        while not game.over and (game.decider is None or len(game.legal_actions()) < 2):
            play_until_person(game, schemers(4, seed), limit=1)
        if not game.over and SUPPORT.beliefs(knowledge(game.view(game.decider), game.log, [])):
            return game
    raise AssertionError("no strong belief in 20 games")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_hint_tells_a_strong_belief_as_a_belief(lang: str) -> None:
    game = strong_belief_position()
    set_language(lang)
    h = hint(game, iterations=30, workers=1)
    beliefs = [r for r in h.reasons if r.kind == "belief"]
    assert beliefs and h.reasons[-1].kind == "search"
    info = knowledge(game.view(game.decider), game.log, [])
    for r in beliefs:
        assert r.rules == ("ruling.hidden_info",)
        assert not re.search(r"\{[a-z_]+\}", r.text), r.text
        assert re.search(r"\d+ ?%", r.text)
    if lang == "en":
        said = beliefs[0].text
        assert "seems to back" in said
        who = next(p for p in info.belief.players if game.player_name(p) in said)
        cards = info.belief.card_chances(who)
        best = max(cards, key=cards.get)
        if "priests" in said:  # the card the coach believes in, not necessarily the real one
            assert all(f" {h}" in said for h in DATA.priest_cards[best])


def test_no_belief_is_told_for_what_the_player_can_deduce() -> None:
    # with 2 players the other's priest card is the one left: a fact, not a belief
    game = played(2, 3, 30)
    while game.decider is None:
        play_until_person(game, schemers(2, 3), limit=1)
    assert SUPPORT.beliefs(knowledge(game.view(game.decider), game.log, [])) == []


def told_beliefs(bots: dict, seed: int) -> list[tuple[float, bool]]:
    """Over one 4-player game of ``bots``, every 6th step: each belief the player who decides
    is told (the chance it says, whether it is right about the real priest card)."""
    game = Game.new(players=4, seed=seed)
    out, step = [], 0
    while not game.over:
        if game.decider is not None and step % 6 == 0:
            info = knowledge(game.view(game.decider), game.log, [])
            for r in SUPPORT.beliefs(info):
                who = next(p for p in info.belief.players if game.player_name(p) in r.text)
                truth = DATA.priest_cards[game.state.priest_cards[who]]
                said = [int(x) for x in re.findall(r"priests? (\d)(?: and (\d))?", r.text)[0]
                        if x]
                right = set(said) == set(truth) if len(said) == 2 else said[0] in truth
                out.append((int(re.search(r"(\d+)%", r.text).group(1)) / 100, right))
        play_until_person(game, bots, limit=1)
        step += 1
    return out


def test_a_belief_is_told_only_as_sure_as_it_has_proved() -> None:
    """Told beliefs are right about as often as the coach says (schemer bots, who play by
    their priests), and rarely told of random bots, whose play may fit a card by luck."""
    planned = [x for seed in range(8) for x in told_beliefs(schemers(4, seed), seed)]
    aimless = [x for seed in range(8)
               for x in told_beliefs({p: RandomBot(seed=seed * 10 + p) for p in range(4)}, seed)]
    told = planned + aimless
    assert len(planned) >= 40
    assert len(aimless) < len(planned) / 8
    right = sum(r for _, r in told) / len(told)
    said = sum(c for c, _ in told) / len(told)
    assert right >= 0.85 and right >= said - 0.1, (right, said)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_hint_never_tells_a_hidden_card_as_a_fact(seed: int) -> None:
    """Where the coach tells a belief: the whole hint (the move, the alternatives, every
    reason) is the same with the hidden cards swapped (a hand card, a face-down card, two
    other players' priest cards), so no reason states what the player cannot see; the
    priest cards are told only as a belief, with a chance below 100%."""
    game = strong_belief_position(first=seed * 7)
    viewer = game.decider
    h = hint(game, iterations=24, workers=1, seed=3)
    other = swap_hidden(game, viewer)
    assert [other.state.priest_cards[p] for p in range(4)] != game.state.priest_cards
    assert hint(other, iterations=24, workers=1, seed=3) == h
    reasons = [r for c in (h.best, *h.alternatives) for r in c.reasons]
    assert any(r.kind == "belief" for r in reasons)
    for r in reasons:
        if re.search(r"backs? priests? \d", r.text):
            assert r.kind == "belief" and "seems to back" in r.text
            assert int(re.search(r"(\d+)%", r.text).group(1)) < 100
