"""The public game object of the Princes: the tutor core's protocol for this game.

>>> game = Game.new(players=3, seed=7)
>>> game.pending.kind, game.pending.player
('place_inca', 1)
>>> events = game.apply("inca potter")
>>> print(events[0].text)
Yellow places a first Inca, a potter, in the Potter's Quarter.
>>> game.explain("inca wizard").rule
'engine.unknown'
>>> game.undo()
True
>>> game.pending.player
1
"""

from __future__ import annotations

from typing import Any

from ..core.actions import ActionError
from ..core.game import BaseGame
from ..core.machine import Pending
from ..core.rules import Illegal
from .actions import NOTATION, Continue, Trade
from .data import COLOURS, DATA, DISTRICT_IDS, DISTRICTS, GOODS, PRIESTS
from .describe import describe, district_line, market_lines, player_line
from .engine import MACHINE
from .events import PrincesEvent
from .houses import row_value
from .invariants import check_invariants
from .market import TradeResult, prices, trade_preview
from .position import POSITION
from .scoring import Outcome, PlayerScore, outcome, scores
from .setup import new_state
from .state import Kind, Phase, State
from .svg import board as svg_board
from .tables import (
    GOOD_COUNT,
    PRIEST_KINDS,
    PRODUCTION,
    SUN_CLOCK,
    TRAIL_LENGTH,
)
from .views import DistrictView, PlayerView, PrincesView, public_fields


class Game(BaseGame, name="princes", data=DATA, machine=MACHINE, notation=NOTATION, state=State,
           invariants=check_invariants, position=POSITION, save_format=("mp-tutor-game", 2),
           picture=svg_board):
    """A game of The Princes of Machu Picchu.

    Create one with :meth:`new` (or :func:`mp_tutor.load_scenario`); ask ``pending`` who
    decides what, ``legal_actions()`` what they may do, ``explain(action)`` why an action
    is not allowed, and ``apply(action)`` to play it (events come back).
    """

    state: State

    # -- the hooks of the core protocol --------------------------------------------------
    @classmethod
    def new(cls, players: int = 4, seed: int = 0, learning: bool = False, *,
            history: bool = True, fast: bool = False) -> Game:
        """A new game after setup, waiting for the first Incas (``learning``: the learning variant).

        ``history=False``: no undo or history; ``fast=True``: the rollout mode (see
        :meth:`~mp_tutor.core.game.BaseGame.rollout`).
        """
        state, events = new_state(players, seed, learning)
        return cls(state, [] if fast else events, history=history, fast=fast)

    @classmethod
    def initial_events_for(cls, state: State) -> list[PrincesEvent]:
        """The setup's events if ``state`` is a new game's first position, else none."""
        fresh, events = new_state(state.n, state.seed, state.learning)
        return events if fresh == state else []

    # -- results -------------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        """The ending and score breakdown, once the game is over (else None)."""
        return outcome(self.state)

    def score_now(self, ending: str = "rescue_priests") -> list[PlayerScore]:
        """Everyone's score if the game ended now (``ending='conquest'`` for the Spanish)."""
        return scores(self.state, ending)

    # -- previews ------------------------------------------------------------------------
    def preview_trade(self, trade: Trade | str) -> tuple[Illegal | None, TradeResult]:
        """Work out a trade for the pending trader without making it.

        Returns (why it is illegal or None, the result: ``sold``/``bought`` as
        (good, count, [prices]) and the trader's ``goods`` afterwards).

        >>> from mp_tutor import load_scenario
        >>> g = load_scenario("market-prices")
        >>> _ = g.apply("move central_plaza")
        >>> g.preview_trade("trade sell 2coca")[1]["sold"]
        [('coca', 2, [4, 3])]
        """
        act = self.parse(trade)
        if not isinstance(act, Trade):
            raise ActionError(f"{act} is not a trade.", "action", act)
        p = self.pending.player
        if self.pending.kind != Kind.TRADE or p is None:
            return self.machine.check(self.state, act), {}
        s = self.state
        return trade_preview(s, p, act)

    # -- views ---------------------------------------------------------------------------
    def view(self, player: int | None = None) -> PrincesView:
        """What ``player`` may see (JSON-able); ``None`` is the teacher's view of everything."""
        why = self._check_player(player)
        if why is not None:
            raise ValueError(why.message)
        s = self.state
        pend = self.pending
        out = outcome(s)
        drawn: tuple[int, ...] = ()
        if s.queue and s.queue[0].kind == Kind.RETURN_CARDS and isinstance(s.queue[0].payload, tuple):
            drawn = s.queue[0].payload
        players: list[PlayerView] = []
        for p in range(s.n):
            sees = player is None or player == p
            players.append({
                "colour": COLOURS[p],
                "goods": {GOODS[g]: s.goods[p][g] for g in range(GOOD_COUNT)},
                "supply": s.supply[p],
                "priests": {k: s.priests[p][i] for i, k in enumerate(PRIEST_KINDS)},
                "cards": len(s.hands[p]),
                "hand": list(s.hands[p]) if sees else None,
                "drawn": list(drawn) if (sees and pend.player == p and drawn) else None,
                "moon_tiles": list(s.moon_held[p]),
                "prince": DISTRICT_IDS[at] if (at := s.prince[p]) is not None else None,
                "scout": s.scouts[p],
                "laps": s.laps[p],
                "summit_vp": s.summit_vp[p],
                "incas": {DISTRICT_IDS[d]: s.incas[p][d] for d in PRODUCTION + (SUN_CLOCK,)},
            })
        districts: dict[str, DistrictView] = {}
        for i, d in enumerate(DISTRICT_IDS):
            districts[d] = {
                "bonus": s.bonus[i],
                "incas": [s.incas[p][i] for p in range(s.n)],
                "princes": [p for p in range(s.n) if s.prince[p] == i],
            }
        return {
            "players": s.n,
            "viewer": player,
            "day": s.day,
            "learning": s.learning,
            "phase": str(s.phase),
            "current": s.current if s.phase in (Phase.DAY, Phase.SETUP) else None,
            "start_player": s.start_player,
            "sun_tile": s.sun_tile,
            "pending": pend.to_json(),
            "districts": districts,
            "market": {GOODS[g]: s.market[g - 1] for g in range(1, GOOD_COUNT)},
            "market_prices": prices(s.market),
            "bank": {GOODS[g]: (None if g == 0 else s.bank[g]) for g in range(GOOD_COUNT)},
            "rows": {k: {"left": s.rows[i], "value": row_value(s, i), "cost": dict(PRIESTS[k].cost)}
                     for i, k in enumerate(PRIEST_KINDS)},
            "deck": len(s.deck),
            "deck_order": list(s.deck) if player is None else None,
            "moon_tiles": list(s.moon_board),
            "time_track": {"day": s.day, "corn": list(s.time_corn), "last_day": DATA.last_day},
            "stones": s.stones,
            "scouts": list(s.scouts),
            "player": players,
            "outcome": out.to_json() if out else None,
            "public": public_fields(s, player),
        }

    def add_facts(self, v: dict[str, Any], names: list[str]) -> None:
        """The Princes' facts (``Blue.goods.coca``), besides every game's.

        Each player's ``progress`` (laps x trail length + field), ``incas_total``,
        ``score.rescue`` and ``score.conquest`` (as if the game ended now); ``current``,
        ``sun_tile`` and ``start_player`` as colour names; ``winners.rescue`` /
        ``winners.conquest`` (who would win if the game ended now); ``priests_left``,
        ``days_left``; ``map.<district>.borders``.

        >>> facts = Game.new(players=2, seed=1).facts()
        >>> facts["player"][0]["incas_total"], facts["legal"]["count"], facts["pending"]["player"]
        (12, 5, 'Blue')
        """
        rescue = self.score_now("rescue_priests")
        conquest = self.score_now("conquest")
        for p, pl in enumerate(v["player"]):
            pl["progress"] = pl["laps"] * TRAIL_LENGTH + pl["scout"]
            pl["incas_total"] = pl["supply"] + sum(pl["incas"].values())
            pl["score"] = {"rescue": rescue[p].to_json(), "conquest": conquest[p].to_json()}
        for key in ("current", "sun_tile", "start_player"):
            v[key] = names[v[key]] if v[key] is not None else None
        v["winners"] = {mode: [names[sc.player] for sc in table if sc.rank == 1]
                        for mode, table in (("rescue", rescue), ("conquest", conquest))}
        v["priests_left"] = sum(r["left"] for r in v["rows"].values())
        v["days_left"] = v["time_track"]["last_day"] - v["day"] + 1
        v["map"] = {d: {"borders": len(DISTRICTS[d].adjacent)} for d in DISTRICT_IDS}

    # -- display -------------------------------------------------------------------------
    def where(self) -> str:
        """The player count, the day and its phase (``repr``).

        >>> Game.new(players=2, seed=1)
        <Game 2p day 1 setup: place_inca (Blue), 0 actions>
        >>> Game.new(players=2, seed=1)._repr_svg_().startswith("<svg")
        True
        """
        s = self.state
        return f"{s.n}p day {s.day} {s.phase}"

    def summary(self) -> str:
        """A short text picture of the board (the teacher's view), for terminals and
        notebooks, in the current language: where the game stands and who decides what, the
        districts with pieces on them, each player, the market.

        >>> print(Game.new(players=2, seed=1).summary().splitlines()[0])
        Day 1 of 9. Blue: place your first Inca (choose a profession).
        """
        view = self.view(None)
        lines = [describe(view).summary]
        lines += [district_line(d, info) for d, info in view["districts"].items()
                  if info.get("princes") or any(info.get("incas", []))]
        lines += [player_line(view, p) for p in range(view["players"])]
        lines += market_lines(view)
        return "\n".join(lines)


__all__ = ["Continue", "Game", "Pending"]
