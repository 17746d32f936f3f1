"""Setting up a game: the board, the players' pieces, and everyone's first Inca.

Owns the rule ids ``setup.*``.
"""

from __future__ import annotations

import random

from ..core.errors import shown
from ..core.i18n import Msg, t
from ..core.machine import Decision, Out, Step
from ..core.outcome import text_table
from ..core.rules import Illegal, IllegalAction
from ..core.tomlfile import MAX_SEED
from .actions import PlaceInca
from .data import CARDS, DATA, DISTRICT_IDS, GOODS, PRIESTS, RULES
from .events import PrincesEvent
from .state import Kind, Phase, State
from .tables import (
    CORN,
    DISTRICT_COUNT,
    DISTRICT_GOOD,
    DISTRICT_PROFESSION,
    GOOD_COUNT,
    LAST_DAY,
    PRIEST_KINDS,
    PRODUCTION,
    PROFESSION_DISTRICT,
    PROFESSION_IDS,
    TEMPLES,
    TILE_IDS,
    UNLIMITED,
)
from .text import colour, profession


def new_state(players: int = 4, seed: int = 0, learning: bool = False
              ) -> tuple[State, list[PrincesEvent]]:
    """A fresh game after the setup of the rulebook, waiting for the first Incas."""
    if type(players) is not int or not DATA.min_players <= players <= DATA.max_players:
        raise IllegalAction(RULES.illegal("setup.players", t(
            "The game is for {lo} to {hi} players, not {n}.", lo=DATA.min_players,
            hi=DATA.max_players, n=shown(players))))
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise IllegalAction(RULES.illegal("setup.players", t(
            "The seed is a whole number from 0, not {seed}.", seed=shown(seed))))
    if type(learning) is not bool:
        raise IllegalAction(RULES.illegal("setup.learning", t(
            "The learning variant is True or False, not {value}.", value=shown(learning))))
    rng = random.Random(seed)
    s = State.__new__(State)
    n = players
    s.n, s.seed, s.learning = n, seed, bool(learning)
    s.day = DATA.start_day[n] + (DATA.learning_days_later if learning else 0)
    s.phase = Phase.SETUP
    s.start_player = rng.randrange(n)
    s.current = s.start_player
    s.sun_tile = None
    s.last_turns = None
    s.ending = None
    s.end_flag = None
    s.turn = 0
    s.night_step = None
    s.bank = [UNLIMITED if DATA.bank[g] == 0 else DATA.bank[g] for g in GOODS]
    s.goods = []
    for _ in range(n):
        s.goods.append([DATA.start_goods[g] for g in GOODS])
        for gi, g in enumerate(GOODS):
            if gi != CORN:
                s.bank[gi] -= DATA.start_goods[g]
    s.market = [DATA.market_start_units] * (GOOD_COUNT - 1)
    for gi in range(1, GOOD_COUNT):
        s.bank[gi] -= DATA.market_start_units
    s.bonus = [0] * DISTRICT_COUNT
    for d in PRODUCTION:
        s.bonus[d] = 1
        if DISTRICT_GOOD[d] != CORN:
            s.bank[DISTRICT_GOOD[d]] -= 1
    for d in TEMPLES:
        s.bonus[d] = 1
    s.stones = DATA.temple_stones - len(TEMPLES)
    s.incas = [[0] * DISTRICT_COUNT for _ in range(n)]
    s.supply = [DATA.incas_per_player[n]] * n
    s.priests = [[0] * len(PRIEST_KINDS) for _ in range(n)]
    s.rows = [PRIESTS[k].count for k in PRIEST_KINDS]
    s.scouts = [0] * n
    for i in range(n):
        s.scouts[(s.start_player + i) % n] = i + 1
    s.prince = [None] * n
    deck = list(CARDS)
    rng.shuffle(deck)
    s.hands = [[] for _ in range(n)]
    for i in range(n):
        p = (s.start_player + i) % n
        for _ in range(DATA.start_cards):
            s.hands[p].append(deck.pop(0))
    s.deck = deck
    s.moon_board = list(TILE_IDS)
    s.moon_held = [[] for _ in range(n)]
    s.time_corn = list(range(s.day, LAST_DAY))
    s.summit_vp = [0] * n
    s.laps = [0] * n
    s.due = [[0, 0] for _ in range(n)]
    s.queue = [Step(Kind.PLACE_INCA, (s.start_player + i) % n) for i in range(n)]
    events = [PrincesEvent("setup", None, "setup.start_day", {
        "players": n, "day": s.day, "start_player": s.start_player, "learning": s.learning})]
    return s, events


def _check(s: State, p: int, _payload: None, a: PlaceInca) -> Illegal | None:
    if s.learning:
        taken = {DISTRICT_PROFESSION[d] for q in range(s.n) for d in PRODUCTION if s.incas[q][d]}
        if a.profession in taken:
            return RULES.illegal("setup.learning", t(
                "In the learning game every player starts with a different profession; the "
                "{profession} is taken.", profession=profession(a.profession)))
    return None


def _do(s: State, p: int, _payload: None, a: PlaceInca, out: Out) -> None:
    d = PROFESSION_DISTRICT[a.profession]
    s.supply[p] -= 1
    s.incas[p][d] += 1
    out.event("placed_inca", p, "setup.first_inca", profession=a.profession,
              district=DISTRICT_IDS[d])


def _prompt(s: State, p: int, _payload: None) -> Msg:
    return t("{who}: place your first Inca (choose a profession).", who=colour(p))


_PLACES = tuple(PlaceInca(x) for x in PROFESSION_IDS)


def _fast_legal(s: State, p: int, _payload: None) -> list[PlaceInca]:
    if not s.learning:
        return list(_PLACES)
    taken = {DISTRICT_PROFESSION[d] for q in range(s.n) for d in PRODUCTION if s.incas[q][d]}
    return [a for a in _PLACES if a.profession not in taken]


PLACE_INCA = Decision(Kind.PLACE_INCA, "setup.first_inca", (PlaceInca,),
                      lambda s, p, _pl: list(_PLACES), _check, _do, _prompt,
                      fast_legal=_fast_legal)

def setup_table() -> str:
    """The rulebook's player-count table as the tutor sets up each game: the start day and
    the Incas each player has, for every player count, normal and learning games (in the
    current language).

    >>> print(setup_table().splitlines()[1])
    2          normal          1          12
    """
    rows = []
    for n in range(DATA.min_players, DATA.max_players + 1):
        for learning in (False, True):
            s, _ = new_state(players=n, learning=learning)
            rows.append([n, t("learning") if learning else t("normal"), s.day, s.supply[0]])
    # TRANSLATORS: the headings of the player-count table (chapter 02)
    return text_table([t("players"), t("game"), t("start day"), t("Incas each")], rows)


__all__ = ["PLACE_INCA", "new_state", "setup_table"]
