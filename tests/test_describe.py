"""The position in words (issue 18): computed from the view only, so nothing hidden leaks.

Each test swaps a card hidden from the viewer in the state and checks that the viewer's
description is word for word the same, while the card's holder (who sees it) reads the
change: the test would fail if a description read the state instead of the view.
"""

from __future__ import annotations

import pytest

from mp_tutor import Game
from mp_tutor.core.i18n import LANGUAGES, set_language
from mp_tutor.priests import Game as PriestsGame
from mp_tutor.priests.describe import describe as describe_priests
from mp_tutor.princes.describe import describe as describe_princes


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def princes_game() -> Game:
    game = Game.new(players=3, seed=1)
    for action in ("inca coca_planter", "inca coca_planter", "inca potter", "move coca_plantation"):
        game.apply(action)
    return game


def swap_princes(game: Game, player: int) -> None:
    """Swap ``player``'s first hand card with the top of the Sacrifice deck."""
    st = game.state
    st.hands[player][0], st.deck[0] = st.deck[0], st.hands[player][0]


def swap_priests(game: PriestsGame, player: int) -> None:
    """Swap ``player``'s first hand card with a card of the draw pile, and their priest card
    with an unused one if there is one."""
    st = game.state
    st.hands[player][0], st.deck[0] = st.deck[0], st.hands[player][0]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_princes_hidden_cards_do_not_leak(lang: str) -> None:
    set_language(lang)
    game = princes_game()
    before = {v: describe_princes(game.view(v)).text() for v in (0, 1, None)}
    swap_princes(game, 1)
    assert describe_princes(game.view(0)).text() == before[0]  # Blue cannot see Yellow's hand
    assert describe_princes(game.view(1)).text() != before[1]  # Yellow can
    assert describe_princes(game.view(None)).text() != before[None]  # so can the teacher


@pytest.mark.parametrize("lang", LANGUAGES)
def test_priests_hidden_cards_do_not_leak(lang: str) -> None:
    set_language(lang)
    game = PriestsGame.new(players=3, seed=1)
    game.apply("lay 10 north")
    before = {v: describe_priests(game.view(v)).text() for v in (0, 2, None)}
    swap_priests(game, 2)
    assert describe_priests(game.view(0)).text() == before[0]
    assert describe_priests(game.view(2)).text() != before[2]
    assert describe_priests(game.view(None)).text() != before[None]


def test_princes_description_follows_the_board() -> None:
    game = princes_game()
    d = describe_princes(game.view(0))
    districts = dict(d.sections)["Districts"]
    assert len(districts) == 15
    assert "Coca Plantation (coca): Blue's Prince; Blue 1 Inca and Yellow 1 Inca." in districts
    assert d.pending == "Blue: how many of your Incas in the Coca Plantation produce?"
    assert d.goods.startswith("Blue: Prince: Coca Plantation; goods: 3 corn, 1 llama, 2 coca")
    assert "card 27 (Priest of Condor + Virgin of the Sun, 5 gold)" in d.goods
    players = dict(d.sections)["Players"]
    assert "1 Sacrifice Card (hidden)" in players[1] and "card " not in players[1]
    assert d.scores.startswith("If the game ended now: Blue: 0 victory points")
    assert "(cards hidden: counted without them)" in d.scores
    teacher = describe_princes(game.view(None))
    assert "(hidden)" not in teacher.text() and teacher.goods.count("Sacrifice Cards:") == 3


def test_priests_description_follows_the_board() -> None:
    game = PriestsGame.new(players=3, seed=1)
    game.apply("lay 10 north")
    d = describe_priests(game.view(0))
    sections = dict(d.sections)
    assert sections["Stairs"][0] == "North stair: card 10, face up, laid by Blue."
    assert sections["Stairs"][1] == "East stair: free."
    assert "Priest 4 (one of your priests): on square r1c1; no token yet; worth 0." in sections["Priests"]
    assert d.pending.startswith("Yellow: lay a direction card")
    assert d.scores == ("If the game ended now: Blue: 0 points (priest 4 worth 0, priest 1 worth "
                        "0); Yellow: priest card hidden; Red: priest card hidden.")
    assert describe_priests(game.view(None)).text().count("priest card hidden") == 0


@pytest.mark.parametrize("lang", ["fr", "nl"])
def test_descriptions_are_in_the_language(lang: str) -> None:
    """No sentence of a description stays English in French or Dutch (names aside)."""
    english = {describe_princes(princes_game().view(0)).text(),
               describe_priests(PriestsGame.new(players=3, seed=1).view(0)).text()}
    set_language(lang)
    for text, english_text in zip(
            [describe_princes(princes_game().view(0)).text(),
             describe_priests(PriestsGame.new(players=3, seed=1).view(0)).text()],
            sorted(english, key=lambda s: "Districts" not in s), strict=True):
        words = {"Districts", "Players", "Time track", "Market", "If the game ended now",
                 "Stairs", "Tokens", "Your goods and cards", "no piece", "goods:",
                 "hidden", "Round", "Day"}
        leaked = [w for w in words if w in text and w in english_text]
        assert not leaked, (lang, leaked)


def test_the_end_gives_every_score() -> None:
    game = PriestsGame.new(players=3, seed=1)
    while not game.over:
        if game.pending.player is None:
            game.advance()
        else:
            game.apply(game.legal_actions()[0])
    d = describe_priests(game.view(0))
    assert d.pending.startswith("The game is over")
    assert d.scores.count("points (rank") == 3


TEMPLE = {"en": ("The temple", "Sun squares: r0c1, r0c3, r1c0, r1c4, r3c0, r3c4, r4c1 and r4c3; "
                 "the centre: r2c2."),
          "fr": ("Le temple", "Cases soleil : r0c1, r0c3, r1c0, r1c4, r3c0, r3c4, r4c1 et r4c3 ; "
                 "la case centrale : r2c2."),
          "nl": ("De tempel", "Zonnevelden: r0c1, r0c3, r1c0, r1c4, r3c0, r3c4, r4c1 en r4c3; "
                 "het middenveld: r2c2.")}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_priests_description_says_where_the_sun_squares_and_the_centre_are(lang: str) -> None:
    """Issue 28.14: the picture marks them with suns; the words say where they are, and how
    the squares are named (rows from the north, columns from the west)."""
    set_language(lang)
    head, suns = TEMPLE[lang]
    lines = dict(describe_priests(PriestsGame.new(players=3, seed=1).view(0)).sections)[head]
    assert [line.replace("\u00a0", " ") for line in lines][1] == suns
    assert "r0" in lines[0] and "r4" in lines[0] and "c0" in lines[0] and "c4" in lines[0]


ONE = {"en": ("Blue: 1 point (rank 1)", "Yellow: 2 points (rank 2)", "Blue: 1 point (priest",
              "Blue: 1 victory point, ", "Yellow: 2 victory points, "),
       "fr": ("Bleu : 1 point (rang 1)", "Jaune : 2 points (rang 2)", "Bleu : 1 point (prêtre",
              "Bleu : 1 point de victoire, ", "Jaune : 2 points de victoire, "),
       "nl": ("Blauw: 1 punt (plaats 1)", "Geel: 2 punten (plaats 2)", "Blauw: 1 punt (priester",
              "Blauw: 1 winstpunt, ", "Geel: 2 winstpunten, ")}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_one_point_is_one_point(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 28.14: the points read out ("s") say "1 point", "1 victory point" (not "1
    points"), in the three languages, in both games, while it goes on and at its end."""
    set_language(lang)
    end, second, now, vp, vps = ONE[lang]
    game = PriestsGame.new(players=3, seed=1)
    view = game.view(None)
    view["outcome"] = {"scores": [{"player": 0, "score": 1, "rank": 1},  # type: ignore[typeddict-item]
                                  {"player": 1, "score": 2, "rank": 2}]}
    said = describe_priests(view).scores.replace("\u00a0", " ")
    assert end in said and second in said, said
    view = game.view(None)
    a, b = view["player"][0]["priests"] or (0, 0)
    view["priests"][str(a)]["value"], view["priests"][str(b)]["value"] = 1, 0
    said = describe_priests(view).scores.replace("\u00a0", " ")
    assert now in said, said
    monkeypatch.setattr("mp_tutor.princes.describe.points", lambda _view: {
        "rescue": [1, 2, 0], "conquest": [0, 0, 0], "hidden": [False] * 3, "progress": [0] * 3})
    said = describe_princes(princes_game().view(None)).scores.replace("\u00a0", " ")
    assert vp in said and vps in said, said
