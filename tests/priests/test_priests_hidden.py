"""Hidden information: hands, priest cards, face-down cards and the order of the decks never
show in another player's view, nor in any event, until they are revealed."""

from __future__ import annotations

import random

import pytest

from mp_tutor.core.table import observe
from mp_tutor.priests import Game
from mp_tutor.priests.actions import Lay
from mp_tutor.priests.bots import SchemerBot
from mp_tutor.priests.determinize import knowledge, sample_state


def twin(game: Game) -> Game:
    return Game(game.state.copy(), [])


def swap_with_deck(game: Game, p: int, card: int, rng: random.Random) -> int:
    """Put a deck card in ``card``'s place (hand or stair) and ``card`` in the deck."""
    s = game.state
    k = rng.randrange(len(s.deck))
    other = s.deck[k]
    s.deck[k] = card
    if card in s.hands[p]:
        s.hands[p] = sorted(other if c == card else c for c in s.hands[p])
    else:
        s.stairs[s.stairs.index(card)] = other
    game._touch()
    return other


def secret_part(events: list) -> list[str]:
    """The texts of events until the cards are revealed (the deck card is public too)."""
    out = []
    for e in events:
        if e.kind in ("deck_card", "revealed"):
            break
        out.append(e.text)
    return out


def others(game: Game, p: int) -> list[int]:
    return [q for q in range(game.players) if q != p]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_hidden_card_swapped_with_a_deck_card_changes_nothing_others_see(players: int) -> None:
    hidden_lays = 0
    for seed in range(6):
        rng = random.Random(seed)
        game = Game.new(players=players, seed=seed)
        bot = SchemerBot(seed)
        while not game.over:
            p = game.pending.player
            action = bot.choose(observe(game))
            if game.pending.kind == "lay":
                # any hand card of p, swapped with a deck card: invisible to the others
                alt = twin(game)
                swap_with_deck(alt, p, rng.choice(game.state.hands[p]), rng)
                for q in others(game, p):
                    assert alt.view(q) == game.view(q)
                assert alt.view(p) != game.view(p)
                # a face-down card already on a stair, swapped: invisible to all but its owner
                for j, c in enumerate(game.state.stairs):
                    owner = game.state.laid_by[j]
                    if c is not None and not game.state.open[j] and owner is not None:
                        alt = twin(game)
                        swap_with_deck(alt, owner, c, rng)
                        for q in others(game, owner):
                            assert alt.view(q) == game.view(q)
                if game.pending.options.face == "hidden":
                    # the card being laid face down: the same lay with another card tells the
                    # others the same story
                    assert isinstance(action, Lay)
                    alt = twin(game)
                    other = swap_with_deck(alt, p, action.card, rng)
                    mine = secret_part(game.apply(action))
                    theirs = secret_part(alt.apply(Lay(other, action.stair)))
                    assert mine == theirs and str(action.card) not in " ".join(mine)
                    if game.pending.kind == "lay":  # not yet revealed
                        for q in others(game, p):
                            assert alt.view(q) == game.view(q)
                    hidden_lays += 1
                    continue
            game.apply(action, player=p)
    assert hidden_lays > 10


def test_priest_cards_and_deck_orders_stay_secret_until_the_end() -> None:
    game = Game.new(players=4, seed=2)
    alt = twin(game)
    s = alt.state
    s.priest_cards[1], s.priest_cards[2] = s.priest_cards[2], s.priest_cards[1]
    s.deck.reverse()
    s.sun_moon_deck.reverse()
    alt._touch()
    assert alt.view(0) == game.view(0) and alt.view(3) == game.view(3)
    assert alt.view(1) != game.view(1) and alt.view(None) != game.view(None)


def test_no_event_names_a_hidden_card() -> None:
    for seed in range(10):
        game = Game.new(players=4, seed=seed)
        bot = SchemerBot(seed)
        while not game.over:
            for e in game.apply(bot.choose(observe(game))):
                if e.kind == "laid" and e.data["face"] == "hidden":
                    assert "card" not in e.data
                assert not {"hand", "priest_card", "deck"} & set(e.data)
                if e.kind not in ("priest_card", "game_over", "tie"):
                    assert "priest card" not in e.text


def hide_all(game: Game, viewer: int, rng: random.Random) -> Game:
    """A copy where everything ``viewer`` cannot see is dealt anew: the other hands, the
    face-down cards of the others, the draw pile, the sun/moon cards to come (and the one set
    aside), the other players' priest cards."""
    alt = twin(game)
    s = alt.state
    hidden = [j for j, c in enumerate(s.stairs)
              if c is not None and not s.open[j] and s.laid_by[j] != viewer]
    others = [q for q in range(s.n) if q != viewer]
    pool = s.deck + [s.stairs[j] for j in hidden] + [c for q in others for c in s.hands[q]]
    rng.shuffle(pool)
    for j in hidden:
        s.stairs[j] = pool.pop()
    for q in others:
        s.hands[q] = sorted(pool.pop() for _ in s.hands[q])
    s.deck = pool
    moons = s.sun_moon_deck + s.set_aside
    rng.shuffle(moons)
    s.sun_moon_deck, s.set_aside = moons[:len(s.sun_moon_deck)], moons[len(s.sun_moon_deck):]
    if not s.over:
        cards = [s.priest_cards[q] for q in others]
        rng.shuffle(cards)
        for q, c in zip(others, cards, strict=True):
            s.priest_cards[q] = c
    s.seed = 0
    alt._touch()
    return alt


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_public_part_of_the_view_rebuilds_the_position_and_hides_nothing(players: int) -> None:
    """``view["public"]`` (the queue, the ending, the cards set aside) holds every public fact
    the rest of the view leaves out: a position dealt from the view with the real hidden
    cards put back is the real position; dealing the hidden things anew changes no view."""
    rng = random.Random(players)
    checked = 0
    for seed in range(4):
        game = Game.new(players=players, seed=seed)
        bot = SchemerBot(seed)
        while True:
            for q in range(players):
                view = game.view(q)
                assert set(view["public"]) == {"queue", "ending", "set_aside"}
                alt = hide_all(game, q, rng)
                assert alt.view(q) == view
                if not game.over:
                    assert alt.state != game.state or players == 2
                # the view and the real hidden parts give back the whole position
                rebuilt = sample_state(knowledge(view, game.log, []), rng)
                real = game.state
                rebuilt.seed = real.seed
                rebuilt.hands = [list(h) for h in real.hands]
                rebuilt.stairs, rebuilt.deck = list(real.stairs), list(real.deck)
                rebuilt.sun_moon_deck, rebuilt.set_aside = list(real.sun_moon_deck), list(real.set_aside)
                rebuilt.priest_cards = list(real.priest_cards)
                assert rebuilt == real
                checked += 1
            if game.over:
                break
            game.apply(bot.choose(observe(game)))
    assert checked > 100
