"""The rulebook index: every rule id the engine cites, with its section and a statement.

Errors, events, hints and notebooks all cite these ids; the CLI's ``rules`` command
reads this module. Statements are our own short wording, not the rulebook's prose.

>>> RULES["move.not_twice"].section
'FAQ / Moving the Princes'
>>> [r.id for r in lookup("llama stable")][:2]
['trail.stable', 'trail.end_of_turn']
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Rule:
    id: str
    section: str
    statement: str

    def __str__(self) -> str:
        return f"[{self.id}] ({self.section}) {self.statement}"


_S_PREP = "Game Preparations"
_S_START = "Game Start"
_S_MOVE = "Moving the Princes"
_S_DIST = "The City Districts"
_S_PROD = "The City Districts: Five districts for production"
_S_TEMP = "The City Districts: Four districts to sacrifice"
_S_SETUP = "The City Districts: Two districts to set up Incas"
_S_HOUSE = "The City Districts: House of Priests / House of Virgins"
_S_PLAZA = "The City Districts: Central Plaza"
_S_CLOCK = "The City Districts: Sun Clock"
_S_TRAIL = "The Incatrail"
_S_DAY = "Day and Night: The end of the day"
_S_NIGHT = "Day and Night: What happens at night"
_S_DAY9 = "Day and Night: Special rules for the last day (day 9)"
_S_END = "End of the Game"
_S_VP = "Victory Points"
_S_FINAL = "Final score"
_S_RULING = "Rulings (docs/RULINGS.md)"
_S_ENGINE = "How the tutor works"

_TABLE: list[tuple[str, str, str]] = [
    # setup
    ("setup.players", _S_PREP, "The game is for 2 to 5 players."),
    (
        "setup.start_day",
        _S_PREP,
        "The time marker starts on day 1 (2 players), day 2 (3 players) or day 3 (4-5 players).",
    ),
    (
        "setup.time_corn",
        _S_PREP,
        "One corn lies on each night symbol of the time track ahead of the time marker.",
    ),
    (
        "setup.bonus",
        _S_PREP,
        "Each temple starts with one stone; each production district with one bonus unit (3 corn count as one).",
    ),
    (
        "setup.market",
        _S_PREP,
        "The market starts with two units in the two top slots of each column.",
    ),
    (
        "setup.goods",
        _S_START,
        "Each player starts with 3 corn, 1 llama, 1 coca, 1 pottery and 1 cloth.",
    ),
    ("setup.incas", _S_START, "Each player has 12, 10, 9 or 8 Incas with 2, 3, 4 or 5 players."),
    ("setup.cards", _S_START, "Each player draws one secret Sacrifice Card."),
    (
        "setup.scouts",
        _S_START,
        "The starting player's Scout starts on step 1, the next player's on 2, and so on.",
    ),
    (
        "setup.first_inca",
        _S_START,
        "In turn, each player places one Inca of any profession in its production district.",
    ),
    (
        "setup.learning",
        _S_START,
        "Learning game: every player starts with a different profession and the game starts two days later.",
    ),
    # moving
    ("move.adjacent", _S_MOVE, "A Prince may move into an adjacent district for free."),
    (
        "move.llama",
        _S_MOVE,
        "A Prince may move into any other district by paying 1 llama to the bank.",
    ),
    (
        "move.stay",
        _S_MOVE,
        "A Prince that stays where it is takes a moon tile and triggers no action.",
    ),
    (
        "move.not_twice",
        "FAQ / Moving the Princes",
        "No Prince may use the same district on two turns in a row, not even by paying a llama; staying takes a moon tile.",
    ),
    (
        "move.first_turn",
        _S_START,
        "On the first turn each player places the Prince on any district (free) and does its action.",
    ),
    ("move.no_tile", _S_DAY, "Staying needs a moon tile on the board to take."),
    # districts
    (
        "district.once_a_day",
        _S_DIST,
        "Production districts and temples act once a day: only while a bonus unit or stone lies there.",
    ),
    (
        "district.bonus",
        _S_DIST,
        "The Prince entering a production district or temple takes all its bonus units, with or without Incas or priests there.",
    ),
    (
        "produce.who",
        _S_PROD,
        "All Incas of all players in the entered district may produce, in seating order from the active player.",
    ),
    ("produce.farmer", _S_PROD, "A farmer produces 3 corn for free."),
    (
        "produce.corn",
        _S_PROD,
        "Any other Inca produces 1 good of its district for 1 corn paid to the bank.",
    ),
    (
        "produce.limit",
        _S_PROD,
        "A player can produce with at most as many Incas as he has in the district.",
    ),
    ("produce.not_forced", _S_PROD, "No Inca is forced to produce."),
    (
        "temple.stones",
        _S_TEMP,
        "Entering a temple takes its stones: 3 steps on the Incatrail for each.",
    ),
    (
        "temple.order",
        _S_TEMP,
        "Sacrifices are made in seating order, starting with the player whose turn it is.",
    ),
    (
        "temple.llama",
        _S_TEMP,
        "At the Condor, Puma and Sun temples each Priest/Virgin of that temple may sacrifice 1 llama.",
    ),
    (
        "temple.value",
        _S_TEMP,
        "A llama sacrifice gives as many steps as the lowest visible number of that Priest/Virgin row.",
    ),
    ("temple.main", _S_TEMP, "At the Main Temple every player may offer goods: 2 steps per good."),
    (
        "temple.main_distinct",
        _S_TEMP,
        "Offered goods must all be different (3 corn count as one good): at most 5.",
    ),
    (
        "incas.where",
        _S_SETUP,
        "Farmers and shepherds are set up at the Watchman's Hut; coca planters, potters and weavers at the Royal Palace.",
    ),
    (
        "incas.one_each",
        _S_SETUP,
        "On one visit at most one Inca per production district (profession) is set up.",
    ),
    ("incas.cost", _S_SETUP, "Each new Inca costs two goods as printed on the player aid."),
    (
        "incas.supply",
        _S_SETUP,
        "New Incas come from the player's supply; without Incas there, none can be set up.",
    ),
    (
        "house.which",
        _S_HOUSE,
        "Priests of Puma and Condor are acquired at the House of Priests, Virgins at the House of Virgins.",
    ),
    ("house.one", _S_HOUSE, "On one visit at most one Priest or Virgin is acquired."),
    ("house.cost", _S_HOUSE, "The printed cost of the Priest/Virgin is paid to the bank."),
    ("house.leftmost", _S_HOUSE, "The leftmost card is taken; the row's step value falls by one."),
    (
        "market.adjust",
        _S_PLAZA,
        "Before trading, the player may add one unit to the market or remove one from it.",
    ),
    (
        "market.sell",
        _S_PLAZA,
        "A sold unit goes onto the highest free slot of its column and earns that slot's corn.",
    ),
    (
        "market.buy",
        _S_PLAZA,
        "A bought unit is the lowest unit of its column and costs the corn printed beneath it.",
    ),
    (
        "market.bank_sell",
        _S_PLAZA,
        "When a column is full, more units are sold to the bank for 3 corn each.",
    ),
    (
        "market.bank_buy",
        _S_PLAZA,
        "When a column is empty, more units are bought from the bank for 6 corn each.",
    ),
    ("market.pay", _S_PLAZA, "The player must be able to pay every purchase in corn."),
    ("market.have", _S_PLAZA, "A player can only sell goods he owns."),
    (
        "faq.no_trading",
        "FAQ",
        "Players never trade, lend or give goods to each other; the only trade is with the bank at the Central Plaza.",
    ),
    (
        "sunclock.send",
        _S_CLOCK,
        "At the Sun Clock the player may move one of his own Incas from a production district to the Sun Clock.",
    ),
    (
        "sunclock.night",
        _S_NIGHT,
        "At night each Inca at the Sun Clock returns to supply: 3 different goods (3 corn count as one) and 3 steps.",
    ),
    # trail
    ("trail.granary", _S_TRAIL, "Reaching or passing the Granary (step 7) gives 3 corn."),
    ("trail.stable", _S_TRAIL, "Reaching or passing the Llama Stable (step 13) gives 1 llama."),
    (
        "trail.end_of_turn",
        _S_TRAIL,
        "Granary corn and Llama Stable llamas are paid at the end of the turn, so that llama cannot be sacrificed that turn.",
    ),
    (
        "trail.summit",
        _S_TRAIL,
        "Reaching the summit (step 20): draw 3 Sacrifice Cards, return 2 (any, even old ones) to the bottom; the Scout goes on from 0.",
    ),
    (
        "trail.summit_short",
        _S_TRAIL,
        "With 2 cards left draw both and return 1; with 1 left simply take it.",
    ),
    ("trail.public", _S_TRAIL, "Cards are secret; only how many cards a player has is public."),
    # day and night
    (
        "day.end",
        _S_DAY,
        "The player who takes the third moon tile of the day takes the Sun Tile: the day ends and he starts the next day.",
    ),
    ("day.last_turns", _S_DAY, "After the third moon tile every other player takes one last turn."),
    (
        "day.time_corn",
        _S_DAY,
        "The last player of the day takes the corn from the time track at the end of his turn.",
    ),
    (
        "night.moon",
        _S_NIGHT,
        "At night moon tiles return to the board: 2 or 3 steps, 3 corn, or a good for 1 corn each.",
    ),
    (
        "night.moon_corn",
        _S_NIGHT,
        "The 3 corn of a moon tile may pay for the goods of one's other moon tiles.",
    ),
    (
        "night.sunclock",
        _S_NIGHT,
        "Incas at the Sun Clock return to supply, each giving 3 different goods and 3 steps.",
    ),
    ("night.bonus", _S_NIGHT, "One bonus unit is added to each temple and production district."),
    ("night.bonus_cap", _S_NIGHT, "No district may hold more than two bonus units."),
    (
        "night.time_marker",
        _S_NIGHT,
        "The time marker moves to the next day; the Sun Tile holder starts it.",
    ),
    ("day9.moon", _S_DAY9, "On day 9 a moon tile pays at once (and stays with the player)."),
    (
        "day9.sunclock",
        _S_DAY9,
        "On day 9 the Sun Clock pays at once; the Inca stays there until the end.",
    ),
    # end and scoring
    (
        "end.priests",
        _S_END,
        "When all 15 Priests and Virgins are acquired, the game ends after that turn (rescue).",
    ),
    (
        "end.cards",
        _S_END,
        "When the Sacrifice Card deck is exhausted, the game ends after that turn (rescue).",
    ),
    (
        "end.empty_deck_vp",
        _S_END,
        "A player entitled to a Sacrifice Card when the deck is empty gets 3 VP instead.",
    ),
    ("end.conquest", _S_END, "Without a rescue the game ends after day 9: Spanish conquest."),
    (
        "score.icons",
        _S_VP,
        "Each icon on a player's cards scores 1 VP per matching Inca in that district or matching Priest/Virgin.",
    ),
    ("score.trail", _S_VP, "A Scout on steps 7-12 scores 1 VP, on steps 13-19 2 VP."),
    (
        "score.tiebreak",
        _S_FINAL,
        "Ties are broken by remaining units of goods (3 corn count as one).",
    ),
    (
        "score.gold",
        _S_FINAL,
        "Gold: the gold on a player's cards plus the same trail bonus (1 or 2).",
    ),
    (
        "score.multiplier",
        _S_FINAL,
        "Conquest: most gold triples VP, second most doubles; tied players share the multiplier.",
    ),
    # rulings
    (
        "ruling.bank_limit",
        _S_RULING,
        "Bank goods are limited; when the bank cannot pay, the player gets what is left. Corn never runs out.",
    ),
    (
        "ruling.trail_end_of_turn",
        _S_RULING,
        "Trail corn and llamas are paid at the end of the turn (at night: after that night step) to every player who passed them.",
    ),
    (
        "ruling.multi_summit",
        _S_RULING,
        "A Scout may pass the summit more than once in one move: one card (or 3 VP) each time.",
    ),
    (
        "ruling.dense_gold",
        _S_RULING,
        "Second most gold is the second-highest gold amount (with two tied for most, the next amount doubles).",
    ),
    (
        "ruling.goods_tiebreak",
        _S_RULING,
        "Tie-break units: llama, coca, pottery and cloth count one each, corn // 3.",
    ),
    (
        "ruling.seating_order",
        _S_RULING,
        "District responses are decided one player at a time in seating order from the active player; nobody is forced.",
    ),
    (
        "ruling.day9",
        _S_RULING,
        "On day 9 moon tiles and the Sun Clock pay at once; the Inca stays at the Sun Clock and scores nowhere.",
    ),
    (
        "ruling.first_turn",
        _S_RULING,
        "On a player's first turn the Prince may be placed on any district for free.",
    ),
    (
        "ruling.market_unit",
        _S_RULING,
        "The unit added to or removed from the market comes from or goes to the bank's supply, free.",
    ),
    (
        "ruling.night_choices",
        _S_RULING,
        "At night each player chooses which goods moon tiles to pay for and which 3 different goods each Sun Clock Inca brings.",
    ),
    (
        "ruling.deck_out",
        _S_RULING,
        "When the deck runs out, the current turn (or night step) is finished and then the game ends.",
    ),
    (
        "ruling.trade_order",
        _S_RULING,
        "A trade is: the optional market adjustment, then all sales, then all purchases; corn from sales may pay purchases.",
    ),
    # engine
    (
        "engine.turn",
        _S_ENGINE,
        "Only the player named by the pending decision may act, and only with that kind of action.",
    ),
    ("engine.over", _S_ENGINE, "The game is over; no more actions."),
    ("engine.unknown", _S_ENGINE, "The action names something that does not exist in the game."),
]

RULES: dict[str, Rule] = {rid: Rule(rid, sec, text) for rid, sec, text in _TABLE}


def rule(rule_id: str) -> Rule:
    """The rule for an id (KeyError if unknown)."""
    return RULES[rule_id]


def lookup(query: str) -> list[Rule]:
    """Rules matching an id (exact or prefix) or all the words of ``query``.

    >>> lookup("move.llama")[0].statement
    'A Prince may move into any other district by paying 1 llama to the bank.'
    >>> len(lookup("zebra crossing"))
    0
    """
    q = query.strip().lower()
    if not q:
        return list(RULES.values())
    if q in RULES:
        return [RULES[q]]
    prefix = [r for r in RULES.values() if r.id.startswith(q)]
    if prefix:
        return prefix
    words = [w for w in re.split(r"[^a-z0-9']+", q) if w]

    def hay(r: Rule) -> str:
        return f"{r.id} {r.section} {r.statement}".lower()

    return [r for r in RULES.values() if all(w in hay(r) for w in words)]
