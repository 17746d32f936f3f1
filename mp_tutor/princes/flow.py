"""The flow of the game: turns, the end of a day, the night's steps, the end of the game.

Owns the rule ids ``day.*`` and ``end.*`` (the endings), and the ruling on day 9.
"""

from __future__ import annotations

from ..core.machine import Out, Step
from .data import DATA
from .scoring import outcome
from .state import NIGHT_ORDER, Ending, Kind, Phase, State
from .tables import CORN, DAY_END_AT, LAST_DAY, TILE_IDS
from .trail import pay_dues

ENDING_RULES = {Ending.RESCUE_PRIESTS: "end.priests", Ending.RESCUE_CARDS: "end.cards",
                Ending.CONQUEST: "end.conquest"}


def is_over(s: State) -> bool:
    return s.phase is Phase.OVER


def tile_taken(s: State, p: int, out: Out) -> None:
    """After a moon tile is taken: the third one of the day ends the day (Sun Tile)."""
    taken = len(TILE_IDS) - len(s.moon_board)
    if taken == DAY_END_AT and s.sun_tile is None:
        s.sun_tile = p
        s.last_turns = s.n  # this turn and one more for each other player
        out.event("day_ending", p, "day.end", day=s.day)


def end_of_step(s: State, out: Out) -> None:
    """The queue is empty: the end of the setup, of a turn, or of a night step."""
    if s.phase is Phase.SETUP:
        s.phase = Phase.DAY
        s.current = s.start_player
        s.queue.append(Step(Kind.TURN, s.current))
        out.event("turn_began", s.current, None, day=s.day)
        return
    pay_dues(s, out)
    if s.phase is Phase.NIGHT:
        if s.end_flag:
            game_over(s, s.end_flag, out)
            return
        i = NIGHT_ORDER.index(s.night_step) if s.night_step else -1
        s.queue.append(Step(Kind.NIGHT, None, NIGHT_ORDER[i + 1]))
        return
    # the end of a turn during the day
    p = s.current
    last_of_day = False
    if s.last_turns:
        s.last_turns -= 1
        last_of_day = s.last_turns == 0
    if last_of_day and s.day in s.time_corn:
        s.time_corn.remove(s.day)
        s.goods[p][CORN] += DATA.time_corn
        out.event("time_corn", p, "day.time_corn", day=s.day, corn=DATA.time_corn)
    if s.end_flag:
        game_over(s, s.end_flag, out)
        return
    if last_of_day:
        if s.day >= LAST_DAY:
            game_over(s, Ending.CONQUEST, out)
            return
        s.phase = Phase.NIGHT
        s.night_step = None
        out.event("night_began", None, "day.end", day=s.day)
        s.queue.append(Step(Kind.NIGHT, None, NIGHT_ORDER[0]))
        return
    s.current = (p + 1) % s.n
    s.queue.append(Step(Kind.TURN, s.current))
    out.event("turn_began", s.current, None, day=s.day)


def game_over(s: State, ending: Ending, out: Out) -> None:
    s.phase = Phase.OVER
    s.ending = ending
    s.queue = []
    if not out.record:
        return
    res = outcome(s)
    assert res is not None
    out.event("game_over", None, ENDING_RULES[ending], ending=str(ending),
              winners=list(res.winners), final=[sc.final for sc in res.scores])


__all__ = ["end_of_step", "game_over", "is_over", "tile_taken"]
