"""Why a choice is good or bad, in plain words citing rules, worked out from the position.

:func:`explain` plays the choice on a copy of a position (a position the player cannot tell
from the real one), lets the rest of the turn happen, and reads the engine: the events the
player's pieces went through (each with the rule it applied), the goals the choice brings
within reach or out of reach (the checks of acquiring a Priest or Virgin and of setting up
an Inca whose icon is on the player's cards, before and after), whether the goal's House
or Palace can be reached next turn, and how the player's score changes. Nothing is canned:
every sentence comes from an event, a check or a score of the position.

>>> import random
>>> from mp_tutor import load_scenario
>>> game = load_scenario("coca-plantation-production")
>>> for reason in explain(game, game.decider, game.parse("move coca_plantation"),
...                       random.Random(0))[:2]:
...     print(reason)
Blue takes the bonus in the Coca Plantation: 2 coca. [district.bonus]
Blue pays 1 corn and produces 1 coca in the Coca Plantation. [produce.corn]
"""

from __future__ import annotations

import random

from ..coach.reasons import Reason
from ..core.actions import Action
from ..core.events import Event
from ..core.i18n import Msg, Term, after_colon, t
from .actions import Acquire, Move, PlaceInca, SetUpIncas
from .data import CARDS, DATA, PROFESSIONS
from .engine import MACHINE
from .game import Game
from .moving import move_cost, move_rule
from .playout import policy
from .production import CORN_PER_GOOD, PRODUCE, RULE_CORN, RULE_FARMER
from .scoring import RULE_GOLD, RULE_ICONS, RULE_TRAIL, scores
from .state import Ending, Kind, State
from .tables import (
    DISTRICT_INDEX,
    FARMER_CORN,
    HOUSE_PRIESTS,
    PRIEST_COST,
    PRIEST_INDEX,
    PRIEST_KINDS,
    PROFESSION_COST,
    goods_dict,
)
from .text import colour, good, goods_list, in_district, priest, profession, the_district

#: events worth a sentence, most telling first
KEY_EVENTS = ("acquired", "set_up_inca", "placed_inca", "produced", "sacrificed", "offered", "reached_summit",
              "drew_cards", "passed_granary", "passed_stable", "took_bonus", "sold", "bought",
              "market_adjusted", "sent_to_sun_clock", "took_moon_tile", "day_ending",
              "moved", "sun_clock_paid", "moon_redeemed", "moon_paid")
MAX_EFFECTS = 4
_HOUSE_OF = {k: h for h, kinds in HOUSE_PRIESTS.items() for k in kinds}
_SETUP_AT = {x: DISTRICT_INDEX[PROFESSIONS[x].set_up_at] for x in PROFESSIONS}


def finish_turn(game: Game, player: int, action: Action, rng: random.Random,
                limit: int = 60) -> list[Event]:
    """Play ``action`` on ``game`` and the rest of the turn (the playout policy decides);
    the events that happened."""
    events = list(game.apply(action))
    for _ in range(limit):
        step = game.machine.front(game.state)
        if step is None or step.kind in (Kind.TURN, Kind.NIGHT):
            break
        events += game.apply(policy(game, rng))
    return events


def _effects(events: list[Event], player: int) -> list[Reason]:
    own = [(i, e) for i, e in enumerate(events) if e.player == player and e.kind in KEY_EVENTS
           and e.rule and not (e.kind == "moved" and not e.data.get("cost"))]
    # the most telling ones, told in the order they happened
    own.sort(key=lambda ie: KEY_EVENTS.index(ie[1].kind))
    kept = sorted(own[:MAX_EFFECTS], key=lambda ie: ie[0])
    out: list[Reason] = []
    for _, e in kept:
        reason = Reason(e.msg, (e.rule,) if e.rule else (), "effect")
        if reason not in out:
            out.append(reason)
    return out


def _produces(p: int, prof: str) -> Reason:
    """What an Inca of profession ``prof`` will do for ``p`` (a first Inca placed)."""
    where = the_district(PROFESSIONS[prof].district)
    if DATA.districts[PROFESSIONS[prof].district].good == "corn":
        return Reason(t("From now on {who}'s {profession} produces {n} corn for free whenever "
                        "a Prince enters {district}.", who=colour(p), profession=profession(prof),
                        n=FARMER_CORN, district=where),
                      (PRODUCE.rule, RULE_FARMER), "enables")
    made = DATA.districts[PROFESSIONS[prof].district].good
    assert made is not None  # a profession works in a production district
    return Reason(t("From now on {who}'s {profession} can turn {n} corn into 1 {good} whenever a "
                    "Prince enters {district}.", who=colour(p), profession=profession(prof),
                    good=good(made),
                    n=CORN_PER_GOOD, district=where),
                  (PRODUCE.rule, RULE_CORN), "enables")


def _reach(s: State, p: int, d: int) -> Reason:
    """Whether district ``d`` can be entered on ``p``'s next turn, and how."""
    if s.prince[p] == d:
        return Reason(t("The Prince stands {where}: it must leave and come back another turn.",
                        where=in_district(d)), (), "enables")
    cost = move_cost(s, p, d)
    rule = move_rule(s, p, d)
    if cost == 0:
        return Reason(t("Next turn the Prince can enter {district} for free.",
                        district=the_district(d)), (rule,), "enables")
    return Reason(t("Going to {district} next turn costs a llama: it does not border the "
                    "Prince's district.", district=the_district(d)), (rule,), "enables")


def _goals(s: State, p: int) -> list[tuple[str, int, Action, Term, int]]:
    """(decision kind, payload, action, what, district) for every goal worth watching."""
    goals: list[tuple[str, int, Action, Term, int]] = []
    for k, kind in enumerate(PRIEST_KINDS):
        if s.rows[k]:
            goals.append((Kind.ACQUIRE, _HOUSE_OF[k], Acquire(kind), priest(kind), _HOUSE_OF[k]))
    icons = {icon for c in s.hands[p] for icon in CARDS[c].icons}
    for x in PROFESSIONS:
        if x in icons and s.supply[p]:
            goals.append((Kind.SET_UP_INCAS, _SETUP_AT[x], SetUpIncas((x,)), profession(x),
                          _SETUP_AT[x]))
    return goals


def _cost_of(action: Action) -> Msg:
    if isinstance(action, Acquire) and action.kind:
        return goods_list(goods_dict(PRIEST_COST[PRIEST_INDEX[action.kind]]))
    assert isinstance(action, SetUpIncas)
    return goods_list(goods_dict(PROFESSION_COST[action.professions[0]]))


def _enables(before: State, after: State, p: int) -> list[Reason]:
    out: list[Reason] = []
    for kind, payload, goal, what, where in _goals(before, p):
        check = MACHINE.decisions[kind].check
        was = check(before, p, payload, goal)
        now = check(after, p, payload, goal)
        acquire = kind == Kind.ACQUIRE
        if was is not None and now is None:
            out.append(Reason((t("{who} can then acquire a {what} ({cost}); before, {why}",
                                 who=colour(p), what=what, cost=_cost_of(goal),
                                 why=after_colon(was.msg)) if acquire else
                               t("{who} can then set up a {what} ({cost}); before, {why}",
                                 who=colour(p), what=what, cost=_cost_of(goal),
                                 why=after_colon(was.msg))),
                              (was.rule,), "enables"))
            out.append(_reach(after, p, where))
        elif was is None and now is not None:
            out.append(Reason((t("Afterwards {who} can no longer acquire a {what}: {why}",
                                 who=colour(p), what=what, why=after_colon(now.msg)) if acquire
                               else t("Afterwards {who} can no longer set up a {what}: {why}",
                                      who=colour(p), what=what, why=after_colon(now.msg))),
                              (now.rule,), "costs", against=True))
    return out


def _score(before: State, after: State, p: int) -> list[Reason]:
    ending = Ending.CONQUEST
    b, a = scores(before, ending)[p], scores(after, ending)[p]
    out: list[Reason] = []
    icons = sum(a.icon_vp.values()) - sum(b.icon_vp.values())
    if icons:
        out.append(Reason(t("{who}'s Sacrifice Cards then score {change} VP ({vp} VP from "
                            "icons in all).", who=colour(p), change=f"{icons:+d}",
                            vp=sum(a.icon_vp.values())), (RULE_ICONS,), "score",
                          against=icons < 0))
    if a.trail_vp != b.trail_vp and after.laps[p] == before.laps[p]:
        out.append(Reason(t("{who}'s Scout then scores {vp} VP on the Incatrail (before: {was}).",
                            who=colour(p), vp=a.trail_vp, was=b.trail_vp), (RULE_TRAIL,), "score",
                          against=a.trail_vp < b.trail_vp))
    if a.card_gold != b.card_gold:
        out.append(Reason(t("{who}'s gold then comes to {gold} (before: {was}), which counts if "
                            "the Spanish conquer.", who=colour(p), gold=a.gold, was=b.gold),
                          (RULE_GOLD,), "score", against=a.gold < b.gold))
    return out


def explain(game: Game, player: int, action: Action, rng: random.Random | None = None
            ) -> list[Reason]:
    """The reasons for (or against) ``action`` by ``player`` in ``game``'s position.

    ``game`` should be a position the player may know entirely (the coach passes a
    sampled one); it is not changed.
    """
    rng = rng or random.Random(0)
    before = game.fork()
    after = game.fork()
    events = finish_turn(after, player, action, rng)
    reasons = _effects(events, player)
    if isinstance(action, PlaceInca):
        reasons.append(_produces(player, action.profession))
    reasons += _enables(before.state, after.state, player)
    reasons += _score(before.state, after.state, player)
    if isinstance(action, Move) and not reasons:
        d = DISTRICT_INDEX[action.to]
        reasons.append(Reason(t("Nothing happens {where} for {who} this turn.",
                                where=in_district(d), who=colour(player)), (), "effect"))
    elif not reasons:
        step = before.machine.front(before.state)
        assert step is not None  # ``action`` was legal: a decision is pending
        rule = MACHINE.decisions[step.kind]
        reasons.append(Reason(t("Nothing changes for {who} now: the goods and pieces stay for "
                                "later.", who=colour(player)),
                              (rule.decline_rule or rule.rule,), "effect"))
    return reasons


__all__ = ["KEY_EVENTS", "explain", "finish_turn"]
