"""Quiz measures: how the engine computes a quiz answer.

A quiz plays its ``prelude`` and then its ``do`` actions on a copy of the chapter's start;
a measure reads the answer from the game before and after ``do`` and from the events of
``do``. Each measure takes the quiz's extra fields as parameters:

- ``steps`` (``player``): steps the player's Scout advanced during ``do``;
- ``gain`` / ``pay`` (``player``, ``good``): goods won / paid during ``do``;
- ``value`` (``path``): a value of ``game.view()`` after ``do`` (see ``view_path``);
- ``colour`` (``path``): a player index in the view, as a colour name;
- ``score`` (``player``, ``field``, ``ending``): a score field as if the game ended now;
- ``options`` (``key``): the pending decision's option (a list counts its items);
- ``legal`` (``verb``): how many legal actions (starting with ``verb``) there are;
- ``corn_of`` (``event``, ``player``, ``good``): corn of the sold/bought prices in ``do``;
- ``ending``: how the game ended;
- ``borders`` (``district``): how many districts border it (the board map);
- ``incas`` (``player``): the player's Incas, in supply and on the board;
- ``priests_left``: Priests and Virgins still on the board (the rescue needs 0);
- ``days``: days left to play, today included.

>>> from mp_tutor import load_scenario
>>> game = load_scenario("coca-plantation-production")
>>> before = game.copy()
>>> events = game.apply("move coca_plantation") + game.apply("produce 1")
>>> MEASURES["gain"](before, game, events, player="Blue", good="coca")
3
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..data import COLOURS, GOODS
from ..events import Event
from ..game import Game

Measure = Callable[..., Any]


def _seat(game: Game, player: str) -> int:
    colours = list(COLOURS[: game.players])
    if player not in colours:
        raise ValueError(f"no player {player!r} in this {game.players}-player game")
    return colours.index(player)


def steps(before: Game, after: Game, events: list[Event], player: str) -> int:
    p = _seat(after, player)
    return sum(e.data["steps"] for e in events if e.kind == "scout_moved" and e.player == p)


def gain(before: Game, after: Game, events: list[Event], player: str, good: str) -> int:
    p = _seat(after, player)
    g = GOODS.index(good)
    return after.state.goods[p][g] - before.state.goods[p][g]


def pay(before: Game, after: Game, events: list[Event], player: str, good: str) -> int:
    return -gain(before, after, events, player, good)


def value(before: Game, after: Game, events: list[Event], path: str) -> Any:
    from .model import view_path

    return view_path(after.view(), path, after.players)


def colour(before: Game, after: Game, events: list[Event], path: str) -> str:
    p = value(before, after, events, path)
    return COLOURS[p]


def score(
    before: Game,
    after: Game,
    events: list[Event],
    player: str,
    field: str = "vp",
    ending: str = "rescue_priests",
) -> Any:
    return getattr(after.score_now(ending)[_seat(after, player)], field)


def options(before: Game, after: Game, events: list[Event], key: str) -> Any:
    v = after.pending.options[key]
    return len(v) if isinstance(v, (list, tuple)) else v


def legal(before: Game, after: Game, events: list[Event], verb: str = "") -> int:
    return sum(1 for a in after.legal_actions() if a.notation().startswith(verb))


def corn_of(
    before: Game, after: Game, events: list[Event], event: str, player: str, good: str
) -> int:
    p = _seat(after, player)
    return sum(
        sum(e.data["prices"])
        for e in events
        if e.kind == event and e.player == p and e.data["good"] == good
    )


def ending(before: Game, after: Game, events: list[Event]) -> str:
    out = after.outcome()
    return out.ending if out else "none"


def borders(before: Game, after: Game, events: list[Event], district: str) -> int:
    from ..data import DISTRICTS

    return len(DISTRICTS[district].adjacent)


def incas(before: Game, after: Game, events: list[Event], player: str) -> int:
    me = after.view()["player"][_seat(after, player)]
    return int(me["supply"] + sum(me["incas"].values()))


def priests_left(before: Game, after: Game, events: list[Event]) -> int:
    return sum(r["left"] for r in after.view()["rows"].values())


def days(before: Game, after: Game, events: list[Event]) -> int:
    v = after.view()
    return int(v["time_track"]["last_day"] - v["day"] + 1)


MEASURES: dict[str, Measure] = {
    "borders": borders,
    "incas": incas,
    "priests_left": priests_left,
    "days": days,
    "steps": steps,
    "gain": gain,
    "pay": pay,
    "value": value,
    "colour": colour,
    "score": score,
    "options": options,
    "legal": legal,
    "corn_of": corn_of,
    "ending": ending,
}
