"""The rules engine: state, decision queue, checks and effects.

This module is the single judge of the rules. For each kind of decision there is one
``_check_*`` function (why an action is illegal, or None) and one ``_do_*`` function
(its effects); legal actions are the candidates that pass the check, so the list of
legal actions and the explanations can never disagree.

The public face is :class:`mp_tutor.game.Game`; this module works on :class:`State`.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from .actions import (
    Acquire,
    Action,
    ChooseGoods,
    Continue,
    Move,
    Offer,
    PlaceInca,
    Produce,
    RedeemMoonTiles,
    ReturnCards,
    Sacrifice,
    SendToSunClock,
    SetUpIncas,
    Stay,
    Trade,
)
from .data import (
    CARDS,
    COLOURS,
    DATA,
    DISTRICT_IDS,
    DISTRICTS,
    GOODS,
    MOON_TILES,
    PRIESTS,
    PROFESSIONS,
)
from .events import NIGHT_STEPS, Event, colour
from .rules import RULES

# ---------------------------------------------------------------------------------------
# Index tables (internal representation uses small ints for speed)
# ---------------------------------------------------------------------------------------
CORN, LLAMA = 0, 1
NG = len(GOODS)
GI = {g: i for i, g in enumerate(GOODS)}
DI = {d: i for i, d in enumerate(DISTRICT_IDS)}
ND = len(DISTRICT_IDS)
KINDS = tuple(PRIESTS)  # virgin, puma, condor
KI = {k: i for i, k in enumerate(KINDS)}
PROFS = tuple(PROFESSIONS)
ADJ = [frozenset(DI[a] for a in DISTRICTS[d].adjacent) for d in DISTRICT_IDS]
DKIND = [DISTRICTS[d].kind for d in DISTRICT_IDS]
DNAME = [DISTRICTS[d].name for d in DISTRICT_IDS]
SUN_CLOCK = DI["sun_clock"]
MAIN_TEMPLE = DI["main_temple"]
PROF_DISTRICT = {p: DI[PROFESSIONS[p].district] for p in PROFS}
DISTRICT_PROF = {DI[PROFESSIONS[p].district]: p for p in PROFS}
DISTRICT_GOOD = {DI[d.id]: GI[d.good] for d in DISTRICTS.values() if d.good}
PROD = tuple(DI[PROFESSIONS[p].district] for p in PROFS)
TEMPLES = tuple(i for i in range(ND) if DKIND[i] == "temple")
TEMPLE_KIND = {
    DI[d.id]: (KI[d.priest] if d.priest else -1) for d in DISTRICTS.values() if d.kind == "temple"
}
HOUSE_KINDS = {
    DI[h]: tuple(KI[k] for k in KINDS if PRIESTS[k].house == h)
    for h in DISTRICT_IDS
    if DISTRICTS[h].kind == "house"
}
SETUP_PROFS = {
    DI[s]: tuple(p for p in PROFS if PROFESSIONS[p].set_up_at == s)
    for s in DISTRICT_IDS
    if DISTRICTS[s].kind == "setup"
}
PROF_COST = {p: [0] * NG for p in PROFS}
for _p in PROFS:
    for _g, _n in PROFESSIONS[_p].cost:
        PROF_COST[_p][GI[_g]] += _n
PRIEST_COST = [[0] * NG for _ in KINDS]
for _k in KINDS:
    for _g, _n in PRIESTS[_k].cost:
        PRIEST_COST[KI[_k]][GI[_g]] += _n
TILES = tuple(MOON_TILES)
TRAIL = DATA.trail
LENGTH = TRAIL["length"]
SLOTS = DATA.market_slots
NSLOTS = len(SLOTS)
BONUS_CAP = DATA.production["bonus_cap"]
CORN_UNIT = DATA.production["corn_per_bonus_unit"]
FARMER_CORN = DATA.production["farmer_corn"]
LAST_DAY = DATA.last_day
DAY_END_AT = DATA.moon_day_end_at
UNLIMITED = 10**9
# One "unit of goods": 3 corn, or 1 of any other good (bonus units, offerings, Sun Clock, tie-break).
UNIT = tuple(CORN_UNIT if gi == CORN else 1 for gi in range(NG))

# Decisions that are resolved automatically when they leave exactly one legal action.
AUTO_WHEN_SINGLE = frozenset(
    {
        "produce",
        "sacrifice",
        "offer",
        "set_up_incas",
        "acquire",
        "sun_clock",
        "redeem_moon",
        "sun_clock_goods",
        "return_cards",
    }
)
NIGHT_ORDER = tuple(NIGHT_STEPS)


@dataclass(frozen=True)
class Illegal:
    """Why an action is not allowed: a rule id, its rulebook section and a sentence."""

    rule: str
    message: str

    @property
    def section(self) -> str:
        return RULES[self.rule].section

    def __str__(self) -> str:
        return f"{self.message} [{self.rule}: {self.section}]"


class IllegalAction(ValueError):
    """Raised by ``Game.apply`` for an illegal action; the game is left unchanged."""

    def __init__(self, illegal: Illegal, action: object = None) -> None:
        self.illegal = illegal
        self.rule = illegal.rule
        self.section = illegal.section
        self.message = illegal.message
        self.action = action
        super().__init__(str(illegal))


# ---------------------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------------------
_LIST2 = ("goods", "incas", "priests", "hands", "moon_held", "due")
_LIST1 = (
    "laps",
    "bank",
    "market",
    "bonus",
    "supply",
    "rows",
    "scouts",
    "prince",
    "deck",
    "moon_board",
    "time_corn",
    "summit_vp",
)
_SCALARS = (
    "n",
    "seed",
    "learning",
    "day",
    "phase",
    "start_player",
    "current",
    "sun_tile",
    "last_turns",
    "stones",
    "ending",
    "end_flag",
    "turn",
    "night_step",
)


class State:
    """The whole game state: plain ints, strings and lists (JSON-able, cheap to copy).

    Players are seats ``0..n-1``; goods, districts and priest kinds are indices into
    ``GOODS``, ``DISTRICT_IDS`` and ``KINDS``. ``queue`` holds the decisions still to be
    taken, the first one being the pending decision: tuples ``(kind, player, payload)``.
    """

    __slots__ = _SCALARS + _LIST1 + _LIST2 + ("queue",)

    n: int
    seed: int
    learning: bool
    day: int
    phase: str
    start_player: int
    current: int
    sun_tile: int
    last_turns: int
    stones: int
    ending: str | None
    end_flag: str | None
    turn: int
    night_step: str | None
    goods: list[list[int]]
    incas: list[list[int]]
    priests: list[list[int]]
    hands: list[list[int]]
    moon_held: list[list[str]]
    due: list[list[int]]
    bank: list[int]
    market: list[int]
    bonus: list[int]
    supply: list[int]
    rows: list[int]
    scouts: list[int]
    prince: list[int]
    deck: list[int]
    moon_board: list[str]
    time_corn: list[int]
    summit_vp: list[int]
    laps: list[int]
    queue: list[tuple[str, int, Any]]

    def copy(self) -> State:
        s = State.__new__(State)
        for k in _SCALARS:
            setattr(s, k, getattr(self, k))
        for k in _LIST1:
            setattr(s, k, list(getattr(self, k)))
        for k in _LIST2:
            setattr(s, k, [list(x) for x in getattr(self, k)])
        s.queue = list(self.queue)
        return s

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {k: getattr(self, k) for k in _SCALARS}
        for k in _LIST1:
            out[k] = list(getattr(self, k))
        for k in _LIST2:
            out[k] = [list(x) for x in getattr(self, k)]
        out["queue"] = [
            [kind, p, list(pl) if isinstance(pl, tuple) else pl] for kind, p, pl in self.queue
        ]
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> State:
        s = cls.__new__(cls)
        d = {"laps": [0] * len(d.get("scouts", [])), **d}
        for k in _SCALARS + _LIST1 + _LIST2:
            if k not in d:
                raise ValueError(f"state field {k!r} missing")
        for k in _SCALARS:
            setattr(s, k, d[k])
        for k in _LIST1:
            setattr(s, k, list(d[k]))
        for k in _LIST2:
            setattr(s, k, [list(x) for x in d[k]])
        s.queue = [
            (kind, p, tuple(pl) if isinstance(pl, list) else pl) for kind, p, pl in d["queue"]
        ]
        return s

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]


def new_state(players: int = 4, seed: int = 0, learning: bool = False) -> tuple[State, list[Event]]:
    """A fresh game after the setup of the rulebook, waiting for the first Incas."""
    if not isinstance(players, int) or not DATA.min_players <= players <= DATA.max_players:
        raise IllegalAction(
            Illegal(
                "setup.players",
                f"The game is for {DATA.min_players} to {DATA.max_players} players, not {players!r}.",
            )
        )
    rng = random.Random(seed)
    s = State.__new__(State)
    n = players
    s.n, s.seed, s.learning = n, seed, bool(learning)
    s.day = DATA.start_day[n] + (DATA.learning_days_later if learning else 0)
    s.phase = "setup"
    s.start_player = rng.randrange(n)
    s.current = s.start_player
    s.sun_tile = -1
    s.last_turns = -1
    s.ending = None
    s.end_flag = None
    s.turn = 0
    s.night_step = None
    s.bank = [UNLIMITED if DATA.bank[g] == 0 else DATA.bank[g] for g in GOODS]
    s.goods = []
    for _ in range(n):
        s.goods.append([DATA.start_goods.get(g, 0) for g in GOODS])
        for gi, g in enumerate(GOODS):
            s.bank[gi] -= DATA.start_goods.get(g, 0)
    s.market = [DATA.market_start_units] * (NG - 1)
    for gi in range(1, NG):
        s.bank[gi] -= DATA.market_start_units
    s.bonus = [0] * ND
    for d in PROD:
        s.bonus[d] = 1
        if DISTRICT_GOOD[d] != CORN:
            s.bank[DISTRICT_GOOD[d]] -= 1
    for t in TEMPLES:
        s.bonus[t] = 1
    s.stones = DATA.temple_stones - len(TEMPLES)
    s.incas = [[0] * ND for _ in range(n)]
    s.supply = [DATA.incas_per_player[n]] * n
    s.priests = [[0] * len(KINDS) for _ in range(n)]
    s.rows = [PRIESTS[k].count for k in KINDS]
    s.scouts = [0] * n
    for i in range(n):
        s.scouts[(s.start_player + i) % n] = i + 1
    s.prince = [-1] * n
    deck = list(CARDS)
    rng.shuffle(deck)
    s.hands = [[] for _ in range(n)]
    for i in range(n):
        p = (s.start_player + i) % n
        for _ in range(DATA.start_cards):
            s.hands[p].append(deck.pop(0))
    s.deck = deck
    s.moon_board = list(TILES)
    s.moon_held = [[] for _ in range(n)]
    s.time_corn = list(range(s.day, LAST_DAY))
    s.summit_vp = [0] * n
    s.laps = [0] * n
    s.due = [[0, 0] for _ in range(n)]
    s.queue = [("place_inca", (s.start_player + i) % n, None) for i in range(n)]
    events = [
        Event(
            "setup",
            None,
            "setup.start_day",
            {"players": n, "day": s.day, "start_player": s.start_player, "learning": s.learning},
        )
    ]
    return s, events


# ---------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------
def seating(s: State, first: int) -> list[int]:
    return [(first + i) % s.n for i in range(s.n)]


def plural_name(kind: str) -> str:
    """'Priests of Puma', 'Virgins of the Sun'.

    >>> plural_name("virgin")
    'Virgins of the Sun'
    """
    first, _, rest = PRIESTS[kind].name.partition(" ")
    return f"{first}s {rest}"


def row_value(s: State, k: int) -> int:
    """Steps per llama for priest kind ``k``: the lowest visible number of its row."""
    spec = PRIESTS[KINDS[k]]
    return spec.start_value - (spec.count - s.rows[k])


def market_sell_price(s: State, gi: int) -> int:
    c = s.market[gi - 1]
    return SLOTS[c] if c < NSLOTS else DATA.bank_sell_price


def market_buy_price(s: State, gi: int) -> int:
    c = s.market[gi - 1]
    return SLOTS[c - 1] if c > 0 else DATA.bank_buy_price


def goods_units(goods: list[int]) -> int:
    """Tie-break units: corn // 3 plus every other good."""
    return sum(n // UNIT[gi] for gi, n in enumerate(goods))


def _gdict(vec: list[int]) -> dict[str, int]:
    return {GOODS[i]: n for i, n in enumerate(vec) if n}


def _bank_pay(s: State, p: int, gi: int, n: int, ev: list[Event], rule: str | None = None) -> int:
    """The bank pays ``n`` of good ``gi`` to ``p`` (what is left, if short)."""
    got = n if gi == CORN else min(n, s.bank[gi])
    if gi != CORN:
        s.bank[gi] -= got
    s.goods[p][gi] += got
    if got < n:
        ev.append(
            Event(
                "bank_short", p, "ruling.bank_limit", {"good": GOODS[gi], "wanted": n, "got": got}
            )
        )
    return got


def _pay_bank(s: State, p: int, cost: list[int] | tuple[int, ...]) -> None:
    g = s.goods[p]
    for gi in range(NG):
        c = cost[gi]
        if c:
            g[gi] -= c
            if gi != CORN:
                s.bank[gi] += c


def _afford(s: State, p: int, cost: list[int]) -> bool:
    g = s.goods[p]
    return all(g[i] >= cost[i] for i in range(NG))


def _move_scout(
    s: State, p: int, steps: int, ev: list[Event], new: list[tuple[str, int, Any]]
) -> None:
    if steps <= 0:
        return
    pos = s.scouts[p]
    end = pos + steps
    s.scouts[p] = end % LENGTH
    ev.append(Event("scout_moved", p, None, {"from": pos, "to": s.scouts[p], "steps": steps}))
    gran = (end - TRAIL["granary"]) // LENGTH - (pos - TRAIL["granary"]) // LENGTH
    stab = (end - TRAIL["stable"]) // LENGTH - (pos - TRAIL["stable"]) // LENGTH
    summ = end // LENGTH - pos // LENGTH
    # narrate in trail order
    marks = []
    for k in range(pos + 1, end + 1):
        r = k % LENGTH
        if r == TRAIL["granary"]:
            marks.append("g")
        elif r == TRAIL["stable"]:
            marks.append("s")
        elif r == 0:
            marks.append("t")
    assert marks.count("g") == gran and marks.count("s") == stab and marks.count("t") == summ
    for m in marks:
        if m == "g":
            s.due[p][0] += TRAIL["granary_corn"]
            ev.append(Event("passed_granary", p, "trail.granary", {}))
        elif m == "s":
            s.due[p][1] += TRAIL["stable_llama"]
            ev.append(Event("passed_stable", p, "trail.stable", {}))
        else:
            s.laps[p] += 1
            ev.append(Event("reached_summit", p, "trail.summit", {}))
            new.append(("draw", p, None))


def _pay_dues(s: State, ev: list[Event]) -> None:
    for p in range(s.n):
        corn, llama = s.due[p]
        if corn or llama:
            s.due[p] = [0, 0]
            got = {}
            if corn:
                got["corn"] = _bank_pay(s, p, CORN, corn, ev)
            if llama:
                got["llama"] = _bank_pay(s, p, LLAMA, llama, ev)
            ev.append(Event("trail_paid", p, "trail.end_of_turn", {"goods": got}))


# ---------------------------------------------------------------------------------------
# Checks: one per decision kind. Each returns Illegal or None.
# ---------------------------------------------------------------------------------------
def _check_place_inca(s: State, p: int, payload: Any, a: PlaceInca) -> Illegal | None:
    if a.profession not in PROFESSIONS:
        return Illegal(
            "setup.first_inca",
            f"{a.profession!r} is not a profession; choose one of {', '.join(PROFS)}.",
        )
    if s.learning:
        taken = {DISTRICT_PROF[d] for q in range(s.n) for d in PROD if s.incas[q][d]}
        if a.profession in taken:
            return Illegal(
                "setup.learning",
                f"In the learning game every player starts with a different profession; the {a.profession.replace('_', ' ')} is taken.",
            )
    return None


def _check_move(s: State, p: int, payload: Any, a: Move) -> Illegal | None:
    if a.to not in DI:
        return Illegal("engine.unknown", f"There is no district {a.to!r}.")
    t = DI[a.to]
    cur = s.prince[p]
    if cur < 0:
        return None
    if t == cur:
        return Illegal(
            "move.not_twice",
            f"{colour(p)}'s Prince is already in the {DNAME[t]}: a district cannot be used on two turns in a row, not even for a llama. To stay, take a moon tile instead.",
        )
    if t in ADJ[cur]:
        return None
    if s.goods[p][LLAMA] < 1:
        return Illegal(
            "move.llama",
            f"The {DNAME[t]} does not border the {DNAME[cur]}: going there costs 1 llama, and {colour(p)} has none.",
        )
    return None


def _check_stay(s: State, p: int, payload: Any, a: Stay) -> Illegal | None:
    if s.prince[p] < 0:
        return Illegal(
            "move.first_turn",
            f"{colour(p)}'s Prince is not on the board yet: on the first turn it is placed on any district.",
        )
    if a.tile not in MOON_TILES:
        return Illegal("engine.unknown", f"There is no moon tile {a.tile!r}.")
    if a.tile not in s.moon_board:
        return Illegal(
            "move.no_tile",
            f"The {a.tile} moon tile is not on the board (left: {', '.join(s.moon_board) or 'none'}).",
        )
    return None


def _check_produce(s: State, p: int, d: int, a: Produce) -> Illegal | None:
    have = s.incas[p][d]
    gi = DISTRICT_GOOD[d]
    if a.count < 0 or a.count > have:
        return Illegal(
            "produce.limit",
            f"{colour(p)} has {have} Inca(s) in the {DNAME[d]}, so can produce with 0 to {have}, not {a.count}.",
        )
    if gi != CORN:
        if a.count > s.goods[p][CORN]:
            return Illegal(
                "produce.corn",
                f"Each {GOODS[gi]} costs 1 corn to produce; {colour(p)} has only {s.goods[p][CORN]} corn.",
            )
        if a.count > s.bank[gi]:
            return Illegal("ruling.bank_limit", f"The bank has only {s.bank[gi]} {GOODS[gi]} left.")
    return None


def _check_sacrifice(s: State, p: int, k: int, a: Sacrifice) -> Illegal | None:
    pr = s.priests[p][k]
    if a.llamas < 0 or a.llamas > pr:
        return Illegal(
            "temple.llama",
            f"Each {PRIESTS[KINDS[k]].name} sacrifices at most 1 llama: {colour(p)} has {pr}, so 0 to {pr} llamas.",
        )
    if a.llamas > s.goods[p][LLAMA]:
        return Illegal(
            "temple.llama", f"{colour(p)} has only {s.goods[p][LLAMA]} llama(s) to sacrifice."
        )
    return None


def _check_offer(s: State, p: int, payload: Any, a: Offer) -> Illegal | None:
    if len(set(a.goods)) != len(a.goods):
        return Illegal(
            "temple.main_distinct", "Offered goods must all be different (one of each at most)."
        )
    for g in a.goods:
        if g not in GI:
            return Illegal("engine.unknown", f"There is no good {g!r}.")
        need = UNIT[GI[g]]
        if s.goods[p][GI[g]] < need:
            return Illegal(
                "temple.main_distinct",
                f"Offering {g} needs {need} {g}; {colour(p)} has {s.goods[p][GI[g]]}.",
            )
    return None


def _check_set_up(s: State, p: int, d: int, a: SetUpIncas) -> Illegal | None:
    allowed = SETUP_PROFS[d]
    if len(set(a.professions)) != len(a.professions):
        return Illegal(
            "incas.one_each", "At most one Inca of each profession can be set up on one visit."
        )
    for prof in a.professions:
        if prof not in allowed:
            where = (
                DISTRICTS[PROFESSIONS[prof].set_up_at].name if prof in PROFESSIONS else "nowhere"
            )
            return Illegal(
                "incas.where",
                f"A {prof.replace('_', ' ')} is set up at the {where}, not at the {DNAME[d]} (here: {', '.join(allowed)}).",
            )
    if len(a.professions) > s.supply[p]:
        return Illegal(
            "incas.supply", f"{colour(p)} has only {s.supply[p]} Inca(s) left in supply."
        )
    total = [0] * NG
    for prof in a.professions:
        for i in range(NG):
            total[i] += PROF_COST[prof][i]
    if not _afford(s, p, total):
        return Illegal(
            "incas.cost",
            f"Setting up {', '.join(a.professions)} costs {_cost_text(total)}; {colour(p)} has {_cost_text(s.goods[p])}.",
        )
    return None


def _cost_text(vec: list[int]) -> str:
    items = [f"{n} {GOODS[i]}" for i, n in enumerate(vec) if n]
    return ", ".join(items) if items else "nothing"


def _check_acquire(s: State, p: int, d: int, a: Acquire) -> Illegal | None:
    if a.kind is None:
        return None
    if a.kind not in KI:
        return Illegal("engine.unknown", f"There is no priest kind {a.kind!r}.")
    k = KI[a.kind]
    if k not in HOUSE_KINDS[d]:
        return Illegal(
            "house.which",
            f"A {PRIESTS[a.kind].name} is acquired at the {DISTRICTS[PRIESTS[a.kind].house].name}, not here.",
        )
    if s.rows[k] == 0:
        return Illegal("house.leftmost", f"No {PRIESTS[a.kind].name} is left on the board.")
    if not _afford(s, p, PRIEST_COST[k]):
        return Illegal(
            "house.cost",
            f"A {PRIESTS[a.kind].name} costs {_cost_text(PRIEST_COST[k])}; {colour(p)} has {_cost_text(s.goods[p])}.",
        )
    return None


def simulate_trade(s: State, p: int, a: Trade) -> tuple[Illegal | None, dict[str, Any]]:
    """Work out a trade without changing ``s``: (why illegal or None, the result)."""
    market = list(s.market)
    bank = list(s.bank)
    goods = list(s.goods[p])
    res: dict[str, Any] = {"adjust": None, "sold": [], "bought": []}
    if a.adjust:
        sign, g = a.adjust[0], a.adjust[1:]
        if sign not in "+-" or g not in GI or g == "corn":
            return Illegal(
                "market.adjust",
                f"Adjust the market with +good or -good (llama, coca, pottery, cloth), not {a.adjust!r}.",
            ), res
        gi = GI[g]
        if sign == "+":
            if market[gi - 1] >= NSLOTS:
                return Illegal(
                    "market.adjust", f"The {g} column is full: no unit can be added."
                ), res
            if bank[gi] < 1:
                return Illegal(
                    "ruling.market_unit", f"The bank has no {g} to add to the market."
                ), res
            market[gi - 1] += 1
            bank[gi] -= 1
        else:
            if market[gi - 1] == 0:
                return Illegal(
                    "market.adjust", f"The {g} column is empty: no unit can be removed."
                ), res
            market[gi - 1] -= 1
            bank[gi] += 1
        res["adjust"] = (g, 1 if sign == "+" else -1)
    for g, n in a.sell:
        if g not in GI or g == "corn" or n <= 0:
            return Illegal(
                "market.sell",
                f"Sell goods as counts of llama, coca, pottery or cloth, not {n} {g}.",
            ), res
        gi = GI[g]
        if goods[gi] < n:
            return Illegal(
                "market.have", f"{colour(p)} has {goods[gi]} {g}, so cannot sell {n}."
            ), res
        prices = []
        for _ in range(n):
            c = market[gi - 1]
            if c < NSLOTS:
                prices.append(SLOTS[c])
                market[gi - 1] += 1
            else:
                prices.append(DATA.bank_sell_price)
                bank[gi] += 1
        goods[gi] -= n
        goods[CORN] += sum(prices)
        res["sold"].append((g, n, prices))
    for g, n in a.buy:
        if g not in GI or g == "corn" or n <= 0:
            return Illegal(
                "market.buy", f"Buy goods as counts of llama, coca, pottery or cloth, not {n} {g}."
            ), res
        gi = GI[g]
        prices = []
        for _ in range(n):
            c = market[gi - 1]
            if c > 0:
                prices.append(SLOTS[c - 1])
                market[gi - 1] -= 1
            else:
                if bank[gi] < 1:
                    return Illegal(
                        "ruling.bank_limit",
                        f"The {g} column is empty and the bank has no {g} left.",
                    ), res
                prices.append(DATA.bank_buy_price)
                bank[gi] -= 1
        cost = sum(prices)
        if goods[CORN] < cost:
            return Illegal(
                "market.pay",
                f"Buying {n} {g} costs {' + '.join(map(str, prices))} = {cost} corn; {colour(p)} would have only {goods[CORN]} corn.",
            ), res
        goods[CORN] -= cost
        goods[gi] += n
        res["bought"].append((g, n, prices))
    res["market"], res["bank"], res["goods"] = market, bank, goods
    return None, res


def _check_trade(s: State, p: int, payload: Any, a: Trade) -> Illegal | None:
    return simulate_trade(s, p, a)[0]


def _check_sun_clock(s: State, p: int, payload: Any, a: SendToSunClock) -> Illegal | None:
    if a.source is None:
        return None
    if a.source not in DI or DKIND[DI[a.source]] != "production":
        return Illegal(
            "sunclock.send", "An Inca is sent to the Sun Clock from a production district."
        )
    if s.incas[p][DI[a.source]] < 1:
        return Illegal("sunclock.send", f"{colour(p)} has no Inca in the {DNAME[DI[a.source]]}.")
    return None


def _check_return(s: State, p: int, drawn: tuple[int, ...], a: ReturnCards) -> Illegal | None:
    need = len(drawn) - 1
    pool = set(s.hands[p]) | set(drawn)
    if len(set(a.cards)) != len(a.cards) or not set(a.cards) <= pool:
        return Illegal(
            "trail.summit", f"Return cards from your hand and the drawn cards: {sorted(pool)}."
        )
    if len(a.cards) != need:
        return Illegal(
            "trail.summit_short" if need < 2 else "trail.summit", f"Return exactly {need} card(s)."
        )
    return None


def _check_redeem(s: State, p: int, tiles: tuple[str, ...], a: RedeemMoonTiles) -> Illegal | None:
    if len(set(a.tiles)) != len(a.tiles) or not set(a.tiles) <= set(tiles):
        return Illegal("night.moon", f"Redeem only your goods moon tiles: {', '.join(tiles)}.")
    if len(a.tiles) > s.goods[p][CORN]:
        return Illegal(
            "night.moon",
            f"Each goods moon tile costs 1 corn; {colour(p)} has {s.goods[p][CORN]} corn.",
        )
    for t in a.tiles:
        gi = GI[MOON_TILES[t].good or "corn"]
        if s.bank[gi] < 1:
            return Illegal("ruling.bank_limit", f"The bank has no {GOODS[gi]} left.")
    return None


def _sun_goods_available(s: State) -> list[str]:
    return [g for i, g in enumerate(GOODS) if i == CORN or s.bank[i] > 0]


def _check_sun_goods(s: State, p: int, payload: Any, a: ChooseGoods) -> Illegal | None:
    avail = _sun_goods_available(s)
    need = min(3, len(avail))
    if len(set(a.goods)) != len(a.goods):
        return Illegal(
            "sunclock.night", "The Sun Clock pays different goods (3 corn count as one)."
        )
    for g in a.goods:
        if g not in avail:
            return Illegal("ruling.bank_limit", f"The bank has no {g} left.")
    if len(a.goods) != need:
        return Illegal("sunclock.night", f"Choose {need} different goods.")
    return None


def _check_continue(s: State, p: int, payload: Any, a: Continue) -> Illegal | None:
    return None


# ---------------------------------------------------------------------------------------
# Effects: one per decision kind. They append events and new queue items.
# ---------------------------------------------------------------------------------------
Ev = list[Event]
New = list[tuple[str, int, Any]]


def _do_place_inca(s: State, p: int, payload: Any, a: PlaceInca, ev: Ev, new: New) -> None:
    d = PROF_DISTRICT[a.profession]
    s.supply[p] -= 1
    s.incas[p][d] += 1
    ev.append(
        Event(
            "placed_inca",
            p,
            "setup.first_inca",
            {"profession": a.profession, "district": DISTRICT_IDS[d]},
        )
    )


def _do_move(s: State, p: int, payload: Any, a: Move, ev: Ev, new: New) -> None:
    t = DI[a.to]
    cur = s.prince[p]
    if cur < 0:
        how, rule = "first", "ruling.first_turn"
    elif t in ADJ[cur]:
        how, rule = "adjacent", "move.adjacent"
    else:
        how, rule = "llama", "move.llama"
        s.goods[p][LLAMA] -= 1
        s.bank[LLAMA] += 1
    s.prince[p] = t
    ev.append(
        Event(
            "moved",
            p,
            rule,
            {"to": a.to, "from": DISTRICT_IDS[cur] if cur >= 0 else None, "how": how},
        )
    )
    kind = DKIND[t]
    if kind == "production":
        units = s.bonus[t]
        if units == 0:
            ev.append(Event("no_bonus", p, "district.once_a_day", {"district": a.to}))
            return
        gi = DISTRICT_GOOD[t]
        s.bonus[t] = 0
        amount = units * UNIT[gi]
        s.goods[p][gi] += amount
        ev.append(
            Event(
                "took_bonus", p, "district.bonus", {"district": a.to, "goods": {GOODS[gi]: amount}}
            )
        )
        for q in seating(s, p):
            if s.incas[q][t]:
                new.append(("produce", q, t))
    elif kind == "temple":
        stones = s.bonus[t]
        if stones == 0:
            ev.append(Event("no_bonus", p, "district.once_a_day", {"district": a.to}))
            return
        s.bonus[t] = 0
        s.stones += stones
        ev.append(Event("took_bonus", p, "temple.stones", {"district": a.to, "stones": stones}))
        _move_scout(s, p, stones * TRAIL["temple_stone_steps"], ev, new)
        k = TEMPLE_KIND[t]
        for q in seating(s, p):
            if k < 0:
                new.append(("offer", q, None))
            elif s.priests[q][k]:
                new.append(("sacrifice", q, k))
    elif kind == "setup":
        new.append(("set_up_incas", p, t))
    elif kind == "house":
        new.append(("acquire", p, t))
    elif kind == "plaza":
        new.append(("trade", p, None))
    elif kind == "sun_clock":
        new.append(("sun_clock", p, None))


def _do_stay(s: State, p: int, payload: Any, a: Stay, ev: Ev, new: New) -> None:
    s.moon_board.remove(a.tile)
    s.moon_held[p].append(a.tile)
    taken = len(TILES) - len(s.moon_board)
    ev.append(
        Event(
            "took_moon_tile",
            p,
            "move.stay",
            {"tile": a.tile, "district": DISTRICT_IDS[s.prince[p]], "taken": taken},
        )
    )
    if s.day == LAST_DAY:
        _moon_payout(s, p, [a.tile], ev, new, "day9.moon")
    if taken == DAY_END_AT and s.sun_tile < 0:
        s.sun_tile = p
        s.last_turns = s.n  # this turn and one more for each other player
        ev.append(Event("day_ending", p, "day.end", {"day": s.day}))


def _moon_payout(s: State, p: int, tiles: list[str], ev: Ev, new: New, rule: str) -> None:
    """Pay steps and corn tiles; queue a decision for goods tiles (1 corn each)."""
    goods_tiles = []
    for t in sorted(tiles, key=TILES.index):
        spec = MOON_TILES[t]
        if spec.kind == "corn":
            _bank_pay(s, p, CORN, spec.amount, ev)
            ev.append(Event("moon_paid", p, rule, {"tile": t, "what": f"{spec.amount} corn"}))
        elif spec.kind == "steps":
            ev.append(Event("moon_paid", p, rule, {"tile": t, "what": f"{spec.amount} steps"}))
            _move_scout(s, p, spec.amount, ev, new)
        else:
            goods_tiles.append(t)
    if goods_tiles:
        new.append(("redeem_moon", p, tuple(goods_tiles)))


def _do_produce(s: State, p: int, d: int, a: Produce, ev: Ev, new: New) -> None:
    if a.count == 0:
        return
    gi = DISTRICT_GOOD[d]
    if gi == CORN:
        s.goods[p][CORN] += FARMER_CORN * a.count
        ev.append(
            Event(
                "produced",
                p,
                "produce.farmer",
                {
                    "district": DISTRICT_IDS[d],
                    "count": a.count,
                    "good": "corn",
                    "paid": 0,
                    "amount": FARMER_CORN * a.count,
                },
            )
        )
    else:
        s.goods[p][CORN] -= a.count
        s.goods[p][gi] += a.count
        s.bank[gi] -= a.count
        ev.append(
            Event(
                "produced",
                p,
                "produce.corn",
                {"district": DISTRICT_IDS[d], "count": a.count, "good": GOODS[gi], "paid": a.count},
            )
        )


def _do_sacrifice(s: State, p: int, k: int, a: Sacrifice, ev: Ev, new: New) -> None:
    if a.llamas == 0:
        return
    value = row_value(s, k)
    s.goods[p][LLAMA] -= a.llamas
    s.bank[LLAMA] += a.llamas
    ev.append(
        Event(
            "sacrificed", p, "temple.value", {"llamas": a.llamas, "value": value, "kind": KINDS[k]}
        )
    )
    _move_scout(s, p, a.llamas * value, ev, new)


def _do_offer(s: State, p: int, payload: Any, a: Offer, ev: Ev, new: New) -> None:
    if not a.goods:
        return
    cost = [0] * NG
    for g in a.goods:
        cost[GI[g]] = UNIT[GI[g]]
    _pay_bank(s, p, cost)
    steps = TRAIL["main_temple_steps"] * len(a.goods)
    ev.append(Event("offered", p, "temple.main", {"goods": list(a.goods), "steps": steps}))
    _move_scout(s, p, steps, ev, new)


def _do_set_up(s: State, p: int, d: int, a: SetUpIncas, ev: Ev, new: New) -> None:
    for prof in a.professions:
        _pay_bank(s, p, PROF_COST[prof])
        s.supply[p] -= 1
        s.incas[p][PROF_DISTRICT[prof]] += 1
        ev.append(
            Event(
                "set_up_inca",
                p,
                "incas.cost",
                {
                    "profession": prof,
                    "district": DISTRICT_IDS[PROF_DISTRICT[prof]],
                    "cost": _gdict(PROF_COST[prof]),
                },
            )
        )


def _do_acquire(s: State, p: int, d: int, a: Acquire, ev: Ev, new: New) -> None:
    if a.kind is None:
        return
    k = KI[a.kind]
    _pay_bank(s, p, PRIEST_COST[k])
    s.rows[k] -= 1
    s.priests[p][k] += 1
    ev.append(
        Event(
            "acquired",
            p,
            "house.leftmost",
            {"kind": a.kind, "cost": _gdict(PRIEST_COST[k]), "value": row_value(s, k)},
        )
    )
    if not any(s.rows) and s.end_flag is None:
        s.end_flag = "rescue_priests"


def _do_trade(s: State, p: int, payload: Any, a: Trade, ev: Ev, new: New) -> None:
    _, res = simulate_trade(s, p, a)
    if res["adjust"]:
        g, change = res["adjust"]
        ev.append(Event("market_adjusted", p, "market.adjust", {"good": g, "change": change}))
    for g, n, prices in res["sold"]:
        ev.append(Event("sold", p, "market.sell", {"good": g, "count": n, "prices": prices}))
    for g, n, prices in res["bought"]:
        ev.append(Event("bought", p, "market.buy", {"good": g, "count": n, "prices": prices}))
    s.market = res["market"]
    s.bank = res["bank"]
    s.goods[p] = res["goods"]


def _do_sun_clock(s: State, p: int, payload: Any, a: SendToSunClock, ev: Ev, new: New) -> None:
    if a.source is None:
        return
    d = DI[a.source]
    s.incas[p][d] -= 1
    s.incas[p][SUN_CLOCK] += 1
    ev.append(Event("sent_to_sun_clock", p, "sunclock.send", {"source": a.source}))
    if s.day == LAST_DAY:
        _move_scout(s, p, TRAIL["sun_clock_steps"], ev, new)
        new.append(("sun_clock_goods", p, None))


def _do_return(s: State, p: int, drawn: tuple[int, ...], a: ReturnCards, ev: Ev, new: New) -> None:
    pool = s.hands[p] + list(drawn)
    for c in a.cards:
        pool.remove(c)
    s.hands[p] = sorted(pool)
    s.deck.extend(a.cards)
    ev.append(
        Event(
            "returned_cards",
            p,
            "trail.summit",
            # which cards went back is secret: events are public, so only counts here
            {"count": len(a.cards), "hand": len(s.hands[p])},
        )
    )


def _do_redeem(
    s: State, p: int, tiles: tuple[str, ...], a: RedeemMoonTiles, ev: Ev, new: New
) -> None:
    if not a.tiles:
        return
    got: dict[str, int] = {}
    s.goods[p][CORN] -= len(a.tiles)
    for t in a.tiles:
        g = MOON_TILES[t].good or "corn"
        got[g] = got.get(g, 0) + _bank_pay(s, p, GI[g], MOON_TILES[t].amount, ev)
    ev.append(Event("moon_redeemed", p, "night.moon_corn", {"tiles": list(a.tiles), "goods": got}))


def _do_sun_goods(s: State, p: int, payload: Any, a: ChooseGoods, ev: Ev, new: New) -> None:
    got = {}
    for g in a.goods:
        got[g] = _bank_pay(s, p, GI[g], UNIT[GI[g]], ev)
    ev.append(
        Event(
            "sun_clock_paid",
            p,
            "day9.sunclock" if s.day == LAST_DAY and s.phase == "day" else "sunclock.night",
            {"goods": got},
        )
    )


def _do_continue(s: State, p: int, step: str, a: Continue, ev: Ev, new: New) -> None:
    s.night_step = step
    ev.append(Event("night_phase", None, NIGHT_STEPS[step][0], {"step": step}))
    order = seating(s, s.sun_tile if s.sun_tile >= 0 else s.current)
    if step == "moon":
        for q in order:
            tiles = s.moon_held[q]
            if tiles:
                s.moon_held[q] = []
                _moon_payout(s, q, tiles, ev, new, "night.moon")
        s.moon_board = list(TILES)
    elif step == "sun_clock":
        for q in order:
            for _ in range(s.incas[q][SUN_CLOCK]):
                s.incas[q][SUN_CLOCK] -= 1
                s.supply[q] += 1
                ev.append(Event("sun_clock_returned", q, "sunclock.night", {}))
                _move_scout(s, q, TRAIL["sun_clock_steps"], ev, new)
                new.append(("sun_clock_goods", q, None))
    elif step == "bonus":
        placed: dict[str, int] = {}
        for d in PROD:
            gi = DISTRICT_GOOD[d]
            if s.bonus[d] >= BONUS_CAP:
                continue
            if gi != CORN:
                if s.bank[gi] < 1:
                    ev.append(
                        Event(
                            "bank_short",
                            None,
                            "ruling.bank_limit",
                            {"good": GOODS[gi], "wanted": 1, "got": 0},
                        )
                    )
                    continue
                s.bank[gi] -= 1
            s.bonus[d] += 1
            placed[GOODS[gi]] = placed.get(GOODS[gi], 0) + UNIT[gi]
        for t in TEMPLES:
            if s.bonus[t] < BONUS_CAP and s.stones > 0:
                s.bonus[t] += 1
                s.stones -= 1
                placed["temple stone"] = placed.get("temple stone", 0) + 1
        ev.append(Event("bonus_placed", None, "night.bonus_cap", {"placed": placed}))
    else:  # dawn
        s.day += 1
        s.phase = "day"
        s.night_step = None
        s.current = s.sun_tile if s.sun_tile >= 0 else s.current
        s.sun_tile = -1
        s.last_turns = -1
        ev.append(Event("new_day", s.current, "night.time_marker", {"day": s.day}))
        new.append(("turn", s.current, None))


def _do_turn(s: State, p: int, payload: Any, a: Move | Stay, ev: Ev, new: New) -> None:
    s.turn += 1
    if isinstance(a, Move):
        _do_move(s, p, payload, a, ev, new)
    else:
        _do_stay(s, p, payload, a, ev, new)


def _check_turn(s: State, p: int, payload: Any, a: Move | Stay) -> Illegal | None:
    return _check_move(s, p, payload, a) if isinstance(a, Move) else _check_stay(s, p, payload, a)


# ---------------------------------------------------------------------------------------
# Candidates (legal actions = candidates that pass the check)
# ---------------------------------------------------------------------------------------
def _subsets(items: Iterable[Any]) -> list[tuple[Any, ...]]:
    items = list(items)
    return [c for r in range(len(items) + 1) for c in itertools.combinations(items, r)]


def _cand_trade(s: State, p: int) -> list[Trade]:
    """Canonical trades: an optional adjustment, then one good sold or bought (n units)."""
    out: list[Trade] = []
    adjusts: list[str | None] = [None]
    for gi in range(1, NG):
        adjusts += [f"+{GOODS[gi]}", f"-{GOODS[gi]}"]
    corn = s.goods[p][CORN]
    for adj in adjusts:
        out.append(Trade(adj))
        for gi in range(1, NG):
            g = GOODS[gi]
            for n in range(1, s.goods[p][gi] + 1):
                out.append(Trade(adj, sell=((g, n),)))
            for n in range(1, corn // 3 + 2):
                out.append(Trade(adj, buy=((g, n),)))
    return out


def _candidates(s: State, kind: str, p: int, payload: Any) -> list[Action]:
    if kind == "turn":
        return [Move(d) for d in DISTRICT_IDS] + [Stay(t) for t in s.moon_board]
    if kind == "place_inca":
        return [PlaceInca(prof) for prof in PROFS]
    if kind == "produce":
        return [Produce(k) for k in range(s.incas[p][payload] + 1)]
    if kind == "sacrifice":
        return [Sacrifice(k) for k in range(s.priests[p][payload] + 1)]
    if kind == "offer":
        return [Offer(c) for c in _subsets(GOODS)]
    if kind == "set_up_incas":
        return [SetUpIncas(c) for c in _subsets(SETUP_PROFS[payload])]
    if kind == "acquire":
        acquire: list[Action] = [Acquire(None)]
        return acquire + [Acquire(KINDS[k]) for k in HOUSE_KINDS[payload]]
    if kind == "trade":
        trades: list[Action] = list(_cand_trade(s, p))
        return trades
    if kind == "sun_clock":
        send: list[Action] = [SendToSunClock(None)]
        return send + [SendToSunClock(DISTRICT_IDS[d]) for d in PROD]
    if kind == "return_cards":
        pool = sorted(set(s.hands[p]) | set(payload))
        return [ReturnCards(c) for c in itertools.combinations(pool, len(payload) - 1)]
    if kind == "redeem_moon":
        return [RedeemMoonTiles(c) for c in _subsets(payload)]
    if kind == "sun_clock_goods":
        size = min(3, len(_sun_goods_available(s)))
        return [ChooseGoods(c) for c in itertools.combinations(GOODS, size)]
    if kind == "night":
        return [Continue()]
    return []


# ---------------------------------------------------------------------------------------
# Dispatch
# ---------------------------------------------------------------------------------------
Check = Callable[[State, int, Any, Any], "Illegal | None"]
Do = Callable[[State, int, Any, Any, Ev, New], None]

KINDS_TABLE: dict[str, tuple[tuple[type, ...], Check, Do, str]] = {
    "place_inca": ((PlaceInca,), _check_place_inca, _do_place_inca, "setup.first_inca"),
    "turn": ((Move, Stay), _check_turn, _do_turn, "move.adjacent"),
    "produce": ((Produce,), _check_produce, _do_produce, "produce.who"),
    "sacrifice": ((Sacrifice,), _check_sacrifice, _do_sacrifice, "temple.llama"),
    "offer": ((Offer,), _check_offer, _do_offer, "temple.main"),
    "set_up_incas": ((SetUpIncas,), _check_set_up, _do_set_up, "incas.where"),
    "acquire": ((Acquire,), _check_acquire, _do_acquire, "house.one"),
    "trade": ((Trade,), _check_trade, _do_trade, "market.adjust"),
    "sun_clock": ((SendToSunClock,), _check_sun_clock, _do_sun_clock, "sunclock.send"),
    "return_cards": ((ReturnCards,), _check_return, _do_return, "trail.summit"),
    "redeem_moon": ((RedeemMoonTiles,), _check_redeem, _do_redeem, "night.moon"),
    "sun_clock_goods": ((ChooseGoods,), _check_sun_goods, _do_sun_goods, "sunclock.night"),
    "night": ((Continue,), _check_continue, _do_continue, "night.moon"),
}


def describe(kind: str, p: int, payload: Any) -> str:
    """A plain prompt for a pending decision."""
    who = colour(p) if p is not None and p >= 0 else "Nobody"
    if kind == "place_inca":
        return f"{who}: place your first Inca (choose a profession)."
    if kind == "turn":
        return f"{who}: move your Prince (adjacent free, elsewhere 1 llama) or stay and take a moon tile."
    if kind == "produce":
        return f"{who}: how many of your Incas in the {DNAME[payload]} produce?"
    if kind == "sacrifice":
        return f"{who}: how many llamas do your {plural_name(KINDS[payload])} sacrifice?"
    if kind == "offer":
        return f"{who}: which different goods do you offer at the Main Temple (2 steps each)?"
    if kind == "set_up_incas":
        return f"{who}: which new Incas do you set up at the {DNAME[payload]}?"
    if kind == "acquire":
        return f"{who}: which Priest or Virgin do you acquire at the {DNAME[payload]}?"
    if kind == "trade":
        return f"{who}: trade at the Central Plaza (adjust the market, then sell, then buy)."
    if kind == "sun_clock":
        return f"{who}: which Inca do you send to the Sun Clock?"
    if kind == "return_cards":
        return f"{who}: you reached the summit; return {len(payload) - 1} card(s) to the bottom of the deck."
    if kind == "redeem_moon":
        return f"{who}: which goods moon tiles do you pay 1 corn for?"
    if kind == "sun_clock_goods":
        return f"{who}: choose 3 different goods from the Sun Clock (3 corn count as one)."
    if kind == "night":
        return NIGHT_STEPS[payload][1]
    return "The game is over."


def check(s: State, action: Action, player: int | None = None) -> Illegal | None:
    """Why ``action`` is illegal now (or None)."""
    if s.phase == "over" or not s.queue:
        return Illegal("engine.over", "The game is over.")
    kind, p, payload = s.queue[0]
    types, chk, _, rule = KINDS_TABLE[kind]
    if player is not None and player != p:
        return Illegal(
            "engine.turn", f"It is not {colour(player)}'s decision: {describe(kind, p, payload)}"
        )
    if not isinstance(action, types):
        return Illegal(
            "engine.turn",
            f"Now: {describe(kind, p, payload)} ('{type(action).__name__}' does not answer that.)",
        )
    return chk(s, p, payload, action)


def legal(s: State) -> list[Action]:
    """All legal actions of the pending decision (trades in canonical forms)."""
    if s.phase == "over" or not s.queue:
        return []
    kind, p, payload = s.queue[0]
    chk = KINDS_TABLE[kind][1]
    return [a for a in _candidates(s, kind, p, payload) if chk(s, p, payload, a) is None]


def is_decline(action: Action) -> bool:
    """Whether ``action`` is the "do nothing" answer of its decision (nobody is forced)."""
    if isinstance(action, (Produce, Sacrifice)):
        return (action.count if isinstance(action, Produce) else action.llamas) == 0
    if isinstance(action, Offer):
        return not action.goods
    if isinstance(action, SetUpIncas):
        return not action.professions
    if isinstance(action, Acquire):
        return action.kind is None
    if isinstance(action, Trade):
        return not (action.adjust or action.sell or action.buy)
    if isinstance(action, SendToSunClock):
        return action.source is None
    if isinstance(action, RedeemMoonTiles):
        return not action.tiles
    return False


def apply(s: State, action: Action) -> list[Event]:
    """Apply a legal action (the caller has checked it) and settle automatic steps."""
    kind, p, payload = s.queue.pop(0)
    ev: list[Event] = []
    if is_decline(action):
        ev.append(
            Event(
                "declined",
                p,
                "produce.not_forced" if kind == "produce" else "ruling.seating_order",
                {"kind": kind, "action": action.notation()},
            )
        )
    new: New = []
    KINDS_TABLE[kind][2](s, p, payload, action, ev, new)
    s.queue[0:0] = new
    _settle(s, ev)
    return ev


def _why_single(s: State, kind: str, p: int, payload: Any, only: Action) -> Illegal | None:
    """Why the other answers of a decision are refused (the first refused candidate)."""
    chk = KINDS_TABLE[kind][1]
    for cand in _candidates(s, kind, p, payload):
        if cand != only:
            why = chk(s, p, payload, cand)
            if why is not None:
                return why
    return None


def _settle(s: State, ev: list[Event]) -> None:
    """Run automatic steps until a real decision (or the end) is pending."""
    while True:
        if not s.queue:
            _end_of_step(s, ev)
            if s.phase == "over":
                return
            continue
        kind, p, payload = s.queue[0]
        if kind == "draw":
            s.queue.pop(0)
            _draw(s, p, ev)
            continue
        if kind in AUTO_WHEN_SINGLE:
            options = legal(s)
            if len(options) == 1:
                why = _why_single(s, kind, p, payload, options[0])
                ev.append(
                    Event(
                        "no_choice",
                        p,
                        why.rule if why else "ruling.seating_order",
                        {
                            "action": options[0].notation(),
                            "why": why.message if why else "only one answer is possible",
                        },
                    )
                )
                s.queue.pop(0)
                new: New = []
                KINDS_TABLE[kind][2](s, p, payload, options[0], ev, new)
                s.queue[0:0] = new
                continue
        return


def _draw(s: State, p: int, ev: list[Event]) -> None:
    if not s.deck:
        s.summit_vp[p] += TRAIL["empty_deck_vp"]
        ev.append(Event("summit_vp", p, "end.empty_deck_vp", {}))
        return
    if len(s.deck) == 1:
        s.hands[p].append(s.deck.pop(0))
        s.hands[p].sort()
        ev.append(Event("claimed_card", p, "trail.summit_short", {}))
        s.end_flag = s.end_flag or "rescue_cards"
        return
    k = min(TRAIL["summit_draw"], len(s.deck))
    drawn = tuple(s.deck[:k])
    del s.deck[:k]
    ev.append(
        Event(
            "drew_cards",
            p,
            "trail.summit" if k == TRAIL["summit_draw"] else "trail.summit_short",
            {"count": k},
        )
    )
    s.queue.insert(0, ("return_cards", p, drawn))


def _end_of_step(s: State, ev: list[Event]) -> None:
    """The queue is empty: end of the setup, of a turn, or of a night step."""
    if s.phase == "setup":
        s.phase = "day"
        s.current = s.start_player
        s.queue.append(("turn", s.current, None))
        ev.append(Event("turn_began", s.current, None, {"day": s.day}))
        return
    _pay_dues(s, ev)
    if s.phase == "night":
        if s.end_flag:
            _game_over(s, s.end_flag, ev)
            return
        i = NIGHT_ORDER.index(s.night_step) if s.night_step else -1
        s.queue.append(("night", -1, NIGHT_ORDER[i + 1]))
        return
    # end of a turn during the day
    p = s.current
    last_of_day = False
    if s.last_turns > 0:
        s.last_turns -= 1
        last_of_day = s.last_turns == 0
    if last_of_day and s.day in s.time_corn:
        s.time_corn.remove(s.day)
        s.goods[p][CORN] += 1
        ev.append(Event("time_corn", p, "day.time_corn", {"day": s.day}))
    if s.end_flag:
        _game_over(s, s.end_flag, ev)
        return
    if last_of_day:
        if s.day >= LAST_DAY:
            _game_over(s, "conquest", ev)
            return
        s.phase = "night"
        s.night_step = None
        ev.append(Event("night_began", None, "day.end", {"day": s.day}))
        s.queue.append(("night", -1, NIGHT_ORDER[0]))
        return
    s.current = (p + 1) % s.n
    s.queue.append(("turn", s.current, None))
    ev.append(Event("turn_began", s.current, None, {"day": s.day}))


def _game_over(s: State, ending: str, ev: list[Event]) -> None:
    from .scoring import ENDING_TEXT, outcome

    s.phase = "over"
    s.ending = ending
    s.queue = []
    res = outcome(s)
    assert res is not None
    rule = {
        "rescue_priests": "end.priests",
        "rescue_cards": "end.cards",
        "conquest": "end.conquest",
    }[ending]
    ev.append(
        Event(
            "game_over",
            None,
            rule,
            {
                "ending": ending,
                "ending_text": ENDING_TEXT[ending],
                "winners": list(res.winners),
                "final": [sc.final for sc in res.scores],
            },
        )
    )


def pending_player(s: State) -> int | None:
    if s.phase == "over" or not s.queue:
        return None
    p = s.queue[0][1]
    return None if p < 0 else p


__all__ = [
    "State",
    "Illegal",
    "IllegalAction",
    "new_state",
    "check",
    "legal",
    "apply",
    "describe",
    "COLOURS",
    "simulate_trade",
    "row_value",
    "market_buy_price",
    "market_sell_price",
    "goods_units",
]
