"""Hidden information: hands, priest cards, face-down cards and the order of the decks never
show in another player's view, nor in any event, until they are revealed."""

from __future__ import annotations

import random

import pytest

from mp_tutor.core.table import observe
from mp_tutor.priests import Game
from mp_tutor.priests.actions import Lay
from mp_tutor.priests.bots import SchemerBot


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
                if game.pending.options["face"] == "hidden":
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
