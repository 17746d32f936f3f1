"""The public game object: pending decisions, legal actions, apply/undo/redo, views, JSON.

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

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from . import engine
from .actions import Action, ActionParseError, Continue, Move, Trade, action_from_json, parse_action
from .data import COLOURS, DISTRICT_IDS, DISTRICTS, GOODS, MOON_TILES, PRIESTS
from .engine import (
    ADJ,
    DI,
    KINDS,
    KINDS_TABLE,
    NG,
    PROD,
    SUN_CLOCK,
    Illegal,
    IllegalAction,
    State,
    market_buy_price,
    market_sell_price,
    row_value,
)
from .events import NIGHT_STEPS, Event
from .scoring import Outcome, PlayerScore, outcome, scores

FORMAT = "mp-tutor-game"
_PLAYER_TRADE_VERBS = frozenset({"give", "lend", "gift", "donate", "swap", "exchange", "loan"})
VERSION = 1


@dataclass(frozen=True)
class Pending:
    """Who must decide what now. ``player`` is None for an automatic step or at the end."""

    player: int | None
    kind: str
    rule: str
    prompt: str
    options: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "kind": self.kind,
            "rule": self.rule,
            "prompt": self.prompt,
            "options": self.options,
        }


class LegalActions:
    """The legal actions of the pending decision.

    Iterating gives canonical forms (for trades: an optional market adjustment and one
    good sold or bought); ``in`` accepts any legal action, also compound trades.
    """

    def __init__(self, game: Game, actions: list[Action]) -> None:
        self._game = game
        self._actions = actions

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions)

    def __len__(self) -> int:
        return len(self._actions)

    def __getitem__(self, i: int) -> Action:
        return self._actions[i]

    def __contains__(self, action: object) -> bool:
        if isinstance(action, str):
            try:
                action = parse_action(action)
            except ActionParseError:
                return False
        return isinstance(action, Action) and self._game.explain(action) is None

    def count(self) -> int:
        return len(self._actions)

    def notations(self) -> list[str]:
        return [a.notation() for a in self._actions]

    def __repr__(self) -> str:
        shown = ", ".join(self.notations()[:12])
        more = f", ... ({len(self._actions)} in all)" if len(self._actions) > 12 else ""
        return f"<LegalActions [{shown}{more}]>"


class Game:
    """A game of The Princes of Machu Picchu.

    Create one with :meth:`new` (or :func:`mp_tutor.load_scenario`); ask ``pending`` who
    decides what, ``legal_actions()`` what they may do, ``explain(action)`` why an action
    is not allowed, and ``apply(action)`` to play it (events come back).
    """

    def __init__(
        self, state: State, events: list[Event] | None = None, *, history: bool = True
    ) -> None:
        self.state = state
        self._initial = state.copy()
        self._initial_events = list(events or [])
        self.log: list[Event] = list(events or [])
        self.history: list[Action] = []
        self.history_players: list[int | None] = []
        self._snapshots: list[tuple[State, int]] = []
        self._redo: list[Action] = []
        self._keep_history = history

    # -- creation ---------------------------------------------------------------------
    @classmethod
    def new(
        cls, players: int = 4, seed: int = 0, learning: bool = False, *, history: bool = True
    ) -> Game:
        """A new game after setup, waiting for the first Incas (``learning``: the learning variant)."""
        state, events = engine.new_state(players, seed, learning)
        return cls(state, events, history=history)

    # -- reading ------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.state.n

    @property
    def over(self) -> bool:
        return self.state.phase == "over"

    @property
    def pending(self) -> Pending:
        s = self.state
        if s.phase == "over" or not s.queue:
            return Pending(None, "game_over", "engine.over", "The game is over.", {})
        kind, p, payload = s.queue[0]
        return Pending(
            None if p < 0 else p,
            kind,
            NIGHT_STEPS[payload][0] if kind == "night" else KINDS_TABLE[kind][3],
            engine.describe(kind, p, payload),
            self._options(kind, p, payload),
        )

    def _options(self, kind: str, p: int, payload: Any) -> dict[str, Any]:
        s = self.state
        if kind == "turn":
            cur = s.prince[p]
            adjacent = sorted(DISTRICT_IDS[d] for d in ADJ[cur]) if cur >= 0 else list(DISTRICT_IDS)
            costs = {
                a.to: (0 if cur < 0 or DI[a.to] in ADJ[cur] else 1)
                for a in engine.legal(s)
                if isinstance(a, Move)
            }
            return {
                "costs": costs,
                "from": DISTRICT_IDS[cur] if cur >= 0 else None,
                "first_turn": cur < 0,
                "adjacent": adjacent,
                "llamas": s.goods[p][engine.LLAMA],
                "moon_tiles": list(s.moon_board),
                "day": s.day,
                "last_turns": s.last_turns,
            }
        if kind == "produce":
            return {
                "district": DISTRICT_IDS[payload],
                "incas": s.incas[p][payload],
                "good": DISTRICTS[DISTRICT_IDS[payload]].good,
                "max": max(getattr(a, "count", 0) for a in self.legal_actions()),
            }  # type: ignore[attr-defined]
        if kind == "sacrifice":
            return {
                "kind": KINDS[payload],
                "priests": s.priests[p][payload],
                "value": row_value(s, payload),
                "max": min(s.priests[p][payload], s.goods[p][engine.LLAMA]),
            }
        if kind in ("set_up_incas", "acquire"):
            return {"district": DISTRICT_IDS[payload]}
        if kind == "trade":
            return {"prices": self._prices()}
        if kind == "return_cards":
            return {"drawn": len(payload), "return": len(payload) - 1}
        if kind == "redeem_moon":
            return {"tiles": list(payload)}
        if kind == "night":
            return {"step": payload}
        return {}

    def _prices(self) -> dict[str, dict[str, int]]:
        s = self.state
        return {
            GOODS[g]: {
                "units": s.market[g - 1],
                "sell": market_sell_price(s, g),
                "buy": market_buy_price(s, g),
            }
            for g in range(1, NG)
        }

    def preview_trade(self, trade: Trade | str) -> tuple[Illegal | None, dict[str, Any]]:
        """Work out a trade for the pending trader without making it.

        Returns (why it is illegal or None, the result: ``sold``/``bought`` as
        (good, count, [prices]) and the trader's ``goods`` afterwards).

        >>> from mp_tutor import load_scenario
        >>> g = load_scenario("market-prices")
        >>> _ = g.apply("move central_plaza")
        >>> g.preview_trade("trade sell 2coca")[1]["sold"]
        [('coca', 2, [4, 3])]
        """
        act = self._parse(trade)
        if not isinstance(act, Trade):
            raise IllegalAction(Illegal("engine.unknown", f"{act} is not a trade."), act)
        p = self.pending.player
        if self.pending.kind != "trade" or p is None:
            return Illegal("engine.turn", f"Now: {self.pending.prompt}"), {}
        return engine.simulate_trade(self.state, p, act)

    def fork(self) -> Game:
        """A cheap independent copy of the current position, without history (for previews)."""
        return Game(self.state.copy(), [], history=False)

    def legal_actions(self) -> LegalActions:
        """The pending decision's legal actions (see :class:`LegalActions`)."""
        return LegalActions(self, engine.legal(self.state))

    def _parse(self, action: Action | str) -> Action:
        if isinstance(action, str):
            verb = action.strip().lower().split(" ", 1)[0]
            if verb in _PLAYER_TRADE_VERBS:
                msg = "Players never trade, lend or give goods to each other: trade with the bank at the Central Plaza."
                raise IllegalAction(Illegal("faq.no_trading", msg), action)
            try:
                return parse_action(action)
            except ActionParseError as exc:
                raise IllegalAction(Illegal("engine.unknown", str(exc)), action) from None
        if not isinstance(action, Action):
            raise IllegalAction(Illegal("engine.unknown", f"{action!r} is not an action."), action)
        return action

    def explain(self, action: Action | str, player: int | None = None) -> Illegal | None:
        """Why ``action`` is not allowed now (an :class:`Illegal`), or None if it is legal."""
        try:
            act = self._parse(action)
        except IllegalAction as exc:
            return exc.illegal
        return engine.check(self.state, act, player)

    # -- acting ---------------------------------------------------------------------------
    def apply(self, action: Action | str, player: int | None = None) -> list[Event]:
        """Play ``action`` (or its text notation) for the pending decision.

        ``player``, if given, must be the player the decision belongs to. An illegal
        action raises :class:`IllegalAction` and changes nothing.
        """
        act = self._parse(action)
        why = engine.check(self.state, act, player)
        if why is not None:
            raise IllegalAction(why, act)
        if self._keep_history:
            self._snapshots.append((self.state.copy(), len(self.log)))
        decider = engine.pending_player(self.state)
        events = engine.apply(self.state, act)
        self.history.append(act)
        self.history_players.append(decider)
        self.log.extend(events)
        self._redo.clear()
        return events

    def advance(self) -> list[Event]:
        """Play automatic steps (``Continue``) until a player must decide or the game ends."""
        events: list[Event] = []
        while self.pending.kind == "night":
            events += self.apply(Continue())
        return events

    @property
    def can_undo(self) -> bool:
        return bool(self._snapshots)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> bool:
        """Take back the last action (False if there is none)."""
        if not self._snapshots:
            return False
        state, log_len = self._snapshots.pop()
        self._redo.append(self.history.pop())
        self.history_players.pop()
        self.state = state
        del self.log[log_len:]
        return True

    def redo(self) -> bool:
        """Play again the last action taken back (False if there is none)."""
        if not self._redo:
            return False
        act = self._redo.pop()
        redo = self._redo
        self._redo = []
        self.apply(act)
        self._redo = redo
        return True

    # -- results --------------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        """The ending and score breakdown, once the game is over (else None)."""
        return outcome(self.state)

    def score_now(self, ending: str = "rescue_priests") -> list[PlayerScore]:
        """Everyone's score if the game ended now (``ending='conquest'`` for the Spanish)."""
        return scores(self.state, ending)

    # -- views ----------------------------------------------------------------------------
    def view(self, player: int | None = None) -> dict[str, Any]:
        """What ``player`` may see (JSON-able); ``None`` is the teacher's view of everything."""
        s = self.state
        pend = self.pending
        out = outcome(s)
        drawn: tuple[int, ...] = ()
        if s.queue and s.queue[0][0] == "return_cards":
            drawn = s.queue[0][2]
        players = []
        for p in range(s.n):
            sees = player is None or player == p
            players.append(
                {
                    "colour": COLOURS[p],
                    "goods": {GOODS[g]: s.goods[p][g] for g in range(NG)},
                    "supply": s.supply[p],
                    "priests": {k: s.priests[p][i] for i, k in enumerate(KINDS)},
                    "cards": len(s.hands[p]),
                    "hand": list(s.hands[p]) if sees else None,
                    "drawn": list(drawn) if (sees and pend.player == p and drawn) else None,
                    "moon_tiles": list(s.moon_held[p]),
                    "prince": DISTRICT_IDS[s.prince[p]] if s.prince[p] >= 0 else None,
                    "scout": s.scouts[p],
                    "laps": s.laps[p],
                    "summit_vp": s.summit_vp[p],
                    "incas": {DISTRICT_IDS[d]: s.incas[p][d] for d in PROD + (SUN_CLOCK,)},
                }
            )
        districts = {}
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
            "phase": s.phase,
            "current": s.current if s.phase in ("day", "setup") else None,
            "start_player": s.start_player,
            "sun_tile": s.sun_tile if s.sun_tile >= 0 else None,
            "pending": pend.to_json(),
            "districts": districts,
            "market": {GOODS[g]: s.market[g - 1] for g in range(1, NG)},
            "market_prices": self._prices(),
            "bank": {GOODS[g]: (None if g == engine.CORN else s.bank[g]) for g in range(NG)},
            "rows": {
                k: {"left": s.rows[i], "value": row_value(s, i), "cost": dict(PRIESTS[k].cost)}
                for i, k in enumerate(KINDS)
            },
            "deck": len(s.deck),
            "deck_order": list(s.deck) if player is None else None,
            "moon_tiles": list(s.moon_board),
            "time_track": {"day": s.day, "corn": list(s.time_corn), "last_day": engine.LAST_DAY},
            "stones": s.stones,
            "scouts": list(s.scouts),
            "player": players,
            "outcome": out.to_json() if out else None,
        }

    # -- persistence ----------------------------------------------------------------------
    def to_json(self) -> str:
        """The whole game (start, actions, undone actions, current state) as JSON."""
        return json.dumps(
            {
                "format": FORMAT,
                "version": VERSION,
                "initial": self._initial.to_dict(),
                "initial_events": [
                    {"kind": e.kind, "player": e.player, "rule": e.rule, "data": e.data}
                    for e in self._initial_events
                ],
                "actions": [a.to_json() for a in self.history],
                "redo": [a.to_json() for a in self._redo],
                "state": self.state.to_dict(),
            },
            sort_keys=True,
        )

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Read a game written by :meth:`to_json` (its history replays to the same state)."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"not JSON: {exc}") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError(f"format: not an {FORMAT} file")
        try:
            initial = State.from_dict(data["initial"])
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"initial: {exc}") from None
        events = [
            Event(e["kind"], e["player"], e["rule"], e["data"])
            for e in data.get("initial_events", [])
        ]
        game = cls(initial, events)
        for i, a in enumerate(data.get("actions", [])):
            try:
                game.apply(action_from_json(a))
            except (ValueError, KeyError) as exc:
                raise ValueError(f"actions[{i}]: {exc}") from None
        if "state" in data and game.state.to_dict() != json.loads(json.dumps(data["state"])):
            raise ValueError("state: the stored state does not match its replayed history")
        game._redo = [action_from_json(a) for a in data.get("redo", [])]
        return game

    def copy(self) -> Game:
        """An independent copy (same history)."""
        return Game.from_json(self.to_json())

    # -- display --------------------------------------------------------------------------
    def __repr__(self) -> str:
        s = self.state
        pend = self.pending
        who = COLOURS[pend.player] if pend.player is not None else "-"
        return (
            f"<Game {s.n}p day {s.day} {s.phase}: {pend.kind} ({who}), {len(self.history)} actions>"
        )

    def summary(self) -> str:
        """A short text picture of the board, for terminals and notebooks."""
        s = self.state
        lines = [repr(self), f"pending: {self.pending.prompt}"]
        for p in range(s.n):
            goods = " ".join(f"{GOODS[g]}={s.goods[p][g]}" for g in range(NG))
            where = DISTRICTS[DISTRICT_IDS[s.prince[p]]].name if s.prince[p] >= 0 else "-"
            incas = " ".join(
                f"{DISTRICT_IDS[d]}={s.incas[p][d]}" for d in PROD + (SUN_CLOCK,) if s.incas[p][d]
            )
            pri = " ".join(f"{k}={s.priests[p][i]}" for i, k in enumerate(KINDS) if s.priests[p][i])
            lines.append(
                f"{COLOURS[p]:7} prince={where}; scout={s.scouts[p]}; {goods}; supply={s.supply[p]}; "
                f"incas: {incas or '-'}; priests: {pri or '-'}; cards={len(s.hands[p])}"
            )
        market = " ".join(f"{GOODS[g]}={s.market[g - 1]}" for g in range(1, NG))
        lines.append(f"market: {market}; deck={len(s.deck)}; moon tiles={','.join(s.moon_board)}")
        return "\n".join(lines)


def district_of(code_or_id: str) -> str:
    """District id from an id or a code."""
    from .actions import district_id

    return district_id(code_or_id)


__all__ = ["Game", "Pending", "LegalActions", "IllegalAction", "Illegal", "DI", "MOON_TILES"]
