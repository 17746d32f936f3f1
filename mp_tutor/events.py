"""Events: what happened, one small record each, narrated on demand.

Every applied action returns events; the tutor narrates from them and the charts
are built from them. ``text`` is produced lazily, so headless play stays fast.

>>> e = Event("produced", 1, "produce.corn", {"district": "coca_plantation", "count": 2, "good": "coca", "paid": 2})
>>> e.text
'Yellow pays 2 corn and produces 2 coca in the Coca Plantation.'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .data import COLOURS, DATA, DISTRICTS, PRIESTS

TRAIL = DATA.trail

# The night, step by step: (rule id, what comes next, what happened).
NIGHT_STEPS: dict[str, tuple[str, str, str]] = {
    "moon": (
        "night.moon",
        "Night: next, the moon tiles return and pay.",
        "Night: the moon tiles return to the board and pay their owners.",
    ),
    "sun_clock": (
        "night.sunclock",
        "Night: next, the Incas at the Sun Clock come home.",
        "Night: the Incas at the Sun Clock return to their supply.",
    ),
    "bonus": (
        "night.bonus",
        "Night: next, new bonus units are placed.",
        "Night: new bonus units are placed (at most 2 per district).",
    ),
    "dawn": (
        "night.time_marker",
        "Night: next, the time marker moves to the next day.",
        "Night: the time marker moves on.",
    ),
}


def colour(p: int | None) -> str:
    return "Nobody" if p is None else COLOURS[p]


def _dname(d: str | None) -> str:
    return DISTRICTS[d].name if d in DISTRICTS else str(d)


def _plural(n: int, word: str) -> str:
    if word in ("corn", "coca", "pottery", "cloth"):
        return f"{n} {word}"
    return f"{n} {word}" + ("" if n == 1 else "s")


def _goods_text(goods: dict[str, int] | list[str]) -> str:
    if isinstance(goods, dict):
        items = [_plural(n, g) for g, n in goods.items() if n]
    else:
        items = list(goods)
    if not items:
        return "nothing"
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _narrate(e: Event) -> str:  # noqa: C901 - one template per event kind
    d = e.data
    who = colour(e.player)
    k = e.kind
    if k == "setup":
        return (
            f"A {d['players']}-player game{' (learning variant)' if d.get('learning') else ''} "
            f"starts on day {d['day']}; {colour(d['start_player'])} is the starting player."
        )
    if k == "placed_inca":
        return f"{who} places a first Inca, a {d['profession'].replace('_', ' ')}, in the {_dname(d['district'])}."
    if k == "turn_began":
        return f"Day {d['day']}: {who}'s turn."
    if k == "moved":
        how = {"first": " (first turn, free)", "adjacent": "", "llama": " paying 1 llama"}[d["how"]]
        return f"{who} moves the Prince to the {_dname(d['to'])}{how}."
    if k == "took_moon_tile":
        return f"{who} stays in the {_dname(d['district'])} and takes the {d['tile']} moon tile ({d['taken']} taken today)."
    if k == "day_ending":
        return f"{who} took the third moon tile and the Sun Tile: every other player has one last turn today."
    if k == "took_bonus":
        return f"{who} takes the bonus in the {_dname(d['district'])}: {_goods_text(d['goods']) if 'goods' in d else _plural(d['stones'], 'temple stone')}."
    if k == "no_bonus":
        return f"No bonus lies in the {_dname(d['district'])}: its action was already used today."
    if k == "produced":
        if d["good"] == "corn":
            return (
                f"{who}'s {_plural(d['count'], 'farmer')} {'produces' if d['count'] == 1 else 'produce'} "
                f"{d['amount']} corn for free."
            )
        return f"{who} pays {d['paid']} corn and produces {_plural(d['count'], d['good'])} in the {_dname(d['district'])}."
    if k == "scout_moved":
        return (
            f"{who}'s Scout advances {d['steps']} steps on the Incatrail: {d['from']} -> {d['to']}."
        )
    if k == "passed_granary":
        return f"{who}'s Scout reaches the Granary: {TRAIL['granary_corn']} corn at the end of the turn."
    if k == "passed_stable":
        return f"{who}'s Scout reaches the Llama Stable: {_plural(TRAIL['stable_llama'], 'llama')} at the end of the turn."
    if k == "reached_summit":
        return f"{who}'s Scout reaches the summit!"
    if k == "drew_cards":
        return (
            f"{who} draws {_plural(d['count'], 'Sacrifice Card')} and must return {d['count'] - 1}."
        )
    if k == "claimed_card":
        return f"{who} takes the last Sacrifice Card of the deck."
    if k == "returned_cards":
        return f"{who} returns {_plural(d['count'], 'card')} to the bottom of the deck and now holds {d['hand']}."
    if k == "summit_vp":
        return f"The deck is empty: {who} scores {TRAIL['empty_deck_vp']} VP instead of a card."
    if k == "sacrificed":
        return f"{who} sacrifices {_plural(d['llamas'], 'llama')} at {d['value']} steps each."
    if k == "offered":
        return f"{who} offers {_goods_text(d['goods'])} at the Main Temple ({len(d['goods'])} goods = {d['steps']} steps)."
    if k == "set_up_inca":
        return f"{who} pays {_goods_text(d['cost'])} and sets up a {d['profession'].replace('_', ' ')} in the {_dname(d['district'])}."
    if k == "acquired":
        return (
            f"{who} pays {_goods_text(d['cost'])} and acquires a {PRIESTS[d['kind']].name}; "
            f"the row now shows {d['value']}."
        )
    if k == "market_adjusted":
        verb = "adds" if d["change"] > 0 else "removes"
        return f"{who} {verb} one {d['good']} {'to' if d['change'] > 0 else 'from'} the market."
    if k == "sold":
        return f"{who} sells {_plural(d['count'], d['good'])} for {' + '.join(map(str, d['prices']))} = {sum(d['prices'])} corn."
    if k == "bought":
        return f"{who} buys {_plural(d['count'], d['good'])} for {' + '.join(map(str, d['prices']))} = {sum(d['prices'])} corn."
    if k == "sent_to_sun_clock":
        return f"{who} sends an Inca from the {_dname(d['source'])} to serve at the Sun Clock."
    if k == "trail_paid":
        return f"End of turn: {who} receives {_goods_text(d['goods'])} from the Incatrail."
    if k == "time_corn":
        return f"{who}, last player of day {d['day']}, takes 1 corn from the time track."
    if k == "night_began":
        return f"Night falls after day {d['day']}."
    if k == "night_phase":
        return NIGHT_STEPS[d["step"]][2]
    if k == "moon_paid":
        return f"{who}'s {d['tile']} moon tile pays {d['what']}."
    if k == "moon_redeemed":
        return f"{who} pays {len(d['tiles'])} corn for {_goods_text(d['goods'])} from moon tiles."
    if k == "sun_clock_returned":
        return f"{who}'s Inca returns from the Sun Clock to the supply."
    if k == "sun_clock_paid":
        return f"{who} receives {_goods_text(d['goods'])} for an Inca at the Sun Clock."
    if k == "bonus_placed":
        return f"New bonus: {_goods_text(d['placed'])}."
    if k == "new_day":
        return f"Day {d['day']} begins; {who} holds the Sun Tile and starts."
    if k == "bank_short":
        return f"The bank is short of {d['good']}: {who} gets {d['got']} instead of {d['wanted']}."
    if k == "declined":
        return f"{who} declines ({d['action']})."
    if k == "no_choice":
        return f"{who} has no choice here ({d['action']}): {d['why']}"
    if k == "game_over":
        return f"The game is over: {d['ending_text']}. Winner: {', '.join(colour(w) for w in d['winners'])}."
    return f"{k} {d}"


@dataclass
class Event:
    """Something that happened: ``kind``, ``player``, the ``rule`` it applies, ``data``."""

    kind: str
    player: int | None = None
    rule: str | None = None
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def text(self) -> str:
        """One English sentence narrating the event."""
        return _narrate(self)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "player": self.player,
            "rule": self.rule,
            "data": self.data,
            "text": self.text,
        }

    def __str__(self) -> str:
        return f"{self.text} [{self.rule}]" if self.rule else self.text
