"""The public game object of Machu Picchu: the tutor core's protocol for this game.

>>> game = Game.new(players=4, seed=1)
>>> game.pending.kind, game.pending.player, game.pending.options.face
('lay', 1, 'open')
>>> game.view(1)["player"][1]["hand"]
[6, 22, 30, 50]
>>> game.view(2)["player"][1]["hand"] is None      # Red does not see Yellow's hand
True
>>> print(game.apply("lay 50 north")[0].text)
Yellow lays card 50 face up on the North stair and draws a card.
>>> why = game.explain("lay 6 north")
>>> why.rule, why.message
('lay.hand', "Card 6 is not in Red's hand: Red holds 12, 15, 33 and 47.")
>>> game.undo(), game.pending.player
(True, 1)
"""

from __future__ import annotations

from typing import Any

from ..core.events import Event
from ..core.game import BaseGame
from ..core.machine import Pending
from .actions import NOTATION
from .data import COLOURS, DATA
from .describe import describe, player_line, priest_line, stair_line
from .engine import MACHINE
from .invariants import check_invariants
from .moving import pairing
from .position import POSITION
from .scoring import Outcome, PlayerScore, outcome, priest_values, scores
from .setup import new_state
from .state import State
from .svg import board as svg_board
from .tables import (
    CENTRE,
    DEFAULT_VARIANT,
    HEIGHTS,
    SQUARE_NAMES,
    STAIRS,
    START,
    SUN_SQUARES,
    VARIANTS,
    card_kind,
)
from .tokens import best_sun
from .views import PlayerView, PriestsView, PriestView, StairView, public_fields

#: why some things are None in a player's view
HIDDEN_RULE = "ruling.hidden_info"


class Game(BaseGame, name="priests", data=DATA, machine=MACHINE, notation=NOTATION, state=State,
           invariants=check_invariants, position=POSITION,
           save_format=("mp-tutor-priests-game", 1), picture=svg_board, variants=VARIANTS):
    """A game of Machu Picchu (the priests game, Günter Burkhardt, 1999).

    Create one with :meth:`new` (or a scenario); ask ``pending`` who decides what,
    ``legal_actions()`` what they may do, ``explain(action)`` why an action is not allowed,
    and ``apply(action)`` to play it (events come back).
    """

    state: State

    # -- the hooks of the core protocol --------------------------------------------------
    @classmethod
    def new(cls, players: int = 4, seed: int = 0, *, first: int | str | None = None,
            move_order: str = DEFAULT_VARIANT["move_order"],
            two_players: str = DEFAULT_VARIANT["two_players"], history: bool = True,
            fast: bool = False) -> Game:
        """A new game after set-up: the first player lays the first card of round 1.

        ``first``: who starts (by the rules, the youngest player): a seat ``0..players-1`` or
        a colour (``"Red"``); None draws the first player from the seed (the same seed deals
        the same cards either way). ``move_order`` and ``two_players``: the reading of each
        ruling the French text reads both ways, the ruling by default (``"order"``,
        ``"alternate"``) or the literal reading as a variant (``"pairing"``: reversed, the
        highest card moves the smallest priest; ``"draw"``: with 2 players each lays one card
        from the hand, then draws the top card of the pile and lays it where they wish); see
        ``docs/RULINGS.md``. ``history=False``: no undo or history; ``fast=True``: the
        rollout mode (see :meth:`~mp_tutor.core.game.BaseGame.rollout`).

        >>> game = Game.new(players=3, seed=2, fast=True)
        >>> game.fast, game.log, game.apply(game.legal_actions()[0])
        (True, [], [])
        >>> game = Game.new(players=2, seed=2, first="Yellow", two_players="draw")
        >>> game.pending.player, game.view()["variant"]
        (1, {'move_order': 'order', 'two_players': 'draw'})
        >>> print(game.log[2].text)
        Variant (two_players = draw): each player lays one card from the hand, then draws the top card of the draw pile and lays it on a free stair of their choice.
        >>> Game.new(players=2, move_order="backwards")
        Traceback (most recent call last):
        ...
        mp_tutor.core.rules.IllegalAction: The rules text reads the ruling move_order two ways: order and pairing; not 'backwards'. [setup.variant: Rulings (docs/RULINGS.md)]
        """
        state, events = new_state(players, seed, first, move_order, two_players)
        return cls(state, [] if fast else events, history=history, fast=fast)

    @classmethod
    def state_from_dict(cls, data: object) -> State:
        """A state from a save, checked field by field and then for a reachable position.

        >>> d = Game.new(players=2, seed=1).state.to_dict()
        >>> d["pos"][1] = d["pos"][0]
        >>> Game.state_from_dict(d)
        Traceback (most recent call last):
        ...
        mp_tutor.core.game.SaveError: initial: not a possible position: two priests on one square: ['r1c1', 'r1c1', 'r3c3', 'r3c1']
        """
        return super().state_from_dict(data)

    @classmethod
    def initial_events_for(cls, state: State) -> list[Event]:
        """The set-up's events if ``state`` is a new game's first position, else none.

        >>> game = Game.new(players=3, seed=5)
        >>> [e.kind for e in Game.initial_events_for(game.state)]
        ['setup', 'round_began']
        >>> _ = game.apply(game.legal_actions()[0])
        >>> Game.initial_events_for(game.state)
        []
        """
        fresh, events = new_state(state.n, state.seed, state.first, state.move_order,
                                  state.two_players)
        return events if fresh == state else []

    # -- results -------------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        """The ending and the scores, once the game is over (else None)."""
        return outcome(self.state)

    def score_now(self) -> list[PlayerScore]:
        """Everyone's score if the game ended now (the teacher's knowledge: priest cards)."""
        return scores(self.state)

    # -- views ---------------------------------------------------------------------------
    def view(self, player: int | None = None) -> PriestsView:
        """What ``player`` may see (JSON-able); ``None`` is the teacher's view of everything.

        Hidden from other players (``None`` in their view, ``ruling.hidden_info``): the hands
        (and a card drawn to be laid, in the variant ``two_players = "draw"``), the priest
        cards (until the end), face-down cards on the stairs, and the order of the draw pile
        and of the sun/moon cards. ``public`` holds the rest of the position that a search
        needs to rebuild it (the decisions still queued, the ending, the count of sun/moon
        cards set aside: :func:`~mp_tutor.priests.views.public_fields`). Every field is
        documented in ``docs/API.md``.
        """
        why = self._check_player(player)
        if why is not None:
            raise ValueError(why.message)
        s = self.state
        teacher = player is None
        values = priest_values(s)
        res = outcome(s)
        stairs: dict[str, StairView] = {}
        for j, name in enumerate(STAIRS):
            card = s.stairs[j]
            sees = s.open[j] or teacher or (player is not None and s.laid_by[j] == player)
            stairs[name] = {"laid": card is not None, "open": s.open[j], "by": s.laid_by[j],
                            "card": card if sees else None}
        priests: dict[str, PriestView] = {}
        for i, h in enumerate(HEIGHTS):
            q = s.pos[i]
            priests[str(h)] = {"square": SQUARE_NAMES[q] if q is not None else None,
                               "start": SQUARE_NAMES[START[i]],
                               "slots": [list(slot) for slot in s.slots[i]],
                               "filled": len(s.slots[i]), "value": values[i],
                               "best_sun": best_sun(s.slots[i])}
        players: list[PlayerView] = []
        for p in range(s.n):
            own = teacher or player == p or s.over
            priest_card = s.priest_cards[p]
            holds = s.drawn is not None and s.queue[0].player == p  # the card drawn to lay
            players.append({
                "colour": COLOURS[p],
                "cards": len(s.hands[p]),
                "hand": list(s.hands[p]) if (teacher or player == p) else None,
                "drawn": s.drawn if holds and (teacher or player == p) else None,
                "priest_card": priest_card if own else None,
                "priests": list(DATA.priest_cards[priest_card]) if own else None,
            })
        spec = DATA.sun_moon[s.sun_moon]
        return {
            "players": s.n,
            "viewer": player,
            "variant": {"move_order": s.move_order, "two_players": s.two_players},
            "round": s.round,
            "rounds": DATA.rounds[s.n],
            "first": s.first,
            "over": s.over,
            "sun_moon": {"card": s.sun_moon, "kind": spec.kind, "instruction": spec.instruction,
                         "name": DATA.instructions[spec.instruction].name,
                         "played": list(s.sun_moon_played), "left": len(s.sun_moon_deck),
                         "order": list(s.sun_moon_deck) if teacher else None,
                         "set_aside": list(s.set_aside) if teacher else None},
            "stairs": stairs,
            "order": s.order,
            "priests": priests,
            "tokens": {"sun": list(s.sun_left), "fire": list(s.fire_left)},
            "deck": len(s.deck),
            "deck_order": list(s.deck) if teacher else None,
            "removed": list(s.removed),
            "player": players,
            "pending": self.pending.to_json(),
            "outcome": res.to_json() if res else None,
            "hidden_rule": HIDDEN_RULE,
            "public": public_fields(s),
        }

    def add_facts(self, v: dict[str, Any], names: list[str]) -> None:
        """The priests game's facts (``Blue.score``), besides every game's.

        Each player's ``score`` and ``best_sun`` (as if the game ended now) and ``laid``
        (how many of the cards on the stairs they laid this round); ``first`` and
        ``stairs.<stair>.by`` (``deck`` for the 3-player deck card) as colour names;
        ``stairs.<stair>.moves`` (the priest its card moves, once every stair holds a card:
        in the variant ``move_order = "pairing"``, as the order chosen says, tallest first
        until it is chosen);
        ``winners`` (who would win now); ``tokens.sun_left``/``fire_left`` (counts);
        ``kind`` (sun or moon); ``temple`` (its ``size``, ``centre`` and ``sun_squares``).

        >>> facts = Game.new(players=2, seed=1).facts()
        >>> facts["priests"]["4"]["square"], facts["temple"]["centre"], facts["player"][0]["laid"]
        ('r1c1', 'r2c2', 0)
        >>> len(facts["temple"]["sun_squares"]), facts["stairs"]["north"]["moves"]
        (8, None)
        """
        now = self.score_now()
        s = self.state
        for p, pl in enumerate(v["player"]):
            pl["score"] = now[p].score
            pl["best_sun"] = now[p].best_sun
            pl["laid"] = sum(1 for j, c in enumerate(s.stairs) if c is not None and s.laid_by[j] == p)
        v["first"] = names[v["first"]]
        v["winners"] = [names[sc.player] for sc in now if sc.rank == 1]
        v["tokens"]["sun_left"] = len(self.state.sun_left)
        v["tokens"]["fire_left"] = len(self.state.fire_left)
        v["kind"] = card_kind(self.state.sun_moon)
        full = None not in s.stairs
        moves = ({STAIRS[j]: HEIGHTS[i] for i, j in enumerate(pairing(s, s.order or "tallest"))}
                 if full else {})
        for name, st in v["stairs"].items():  # who laid it: a colour, "deck" or none
            st["by"] = names[st["by"]] if st["by"] is not None else ("deck" if st["laid"] else None)
            st["moves"] = moves.get(name)
        v["temple"] = {"size": DATA.size, "centre": SQUARE_NAMES[CENTRE],
                       "sun_squares": [SQUARE_NAMES[q] for q in sorted(SUN_SQUARES)]}

    # -- display -------------------------------------------------------------------------
    def where(self) -> str:
        """The game, the player count and the round (for ``repr``).

        >>> Game.new(players=2, seed=1)
        <Game priests 2p round 1/8: lay (Blue), 0 actions>
        >>> Game.new(players=2, seed=1)._repr_svg_().startswith("<svg")
        True
        """
        s = self.state
        return f"priests {s.n}p round {s.round}/{DATA.rounds[s.n]}"

    def summary(self, player: int | None = None) -> str:
        """A short text picture of the temple as ``player`` sees it (None: the teacher), in
        the current language: where the game stands and who decides what, the grid (S: a
        sun square, C: the centre, digits: the priests), then the stairs, the priests and
        the players in words.

        >>> print(Game.new(players=2, seed=1).summary().splitlines()[1])
          . S . S .
        """
        v = self.view(player)
        grid = [["." for _ in range(DATA.size)] for _ in range(DATA.size)]
        for sq in DATA.sun_squares:
            grid[sq[0]][sq[1]] = "S"
        grid[DATA.centre[0]][DATA.centre[1]] = "C"
        for h, pr in v["priests"].items():
            if pr["square"]:
                q = SQUARE_NAMES.index(pr["square"])
                grid[q // DATA.size][q % DATA.size] = h
        mine = set(v["player"][player]["priests"] or ()) if player is not None else set()
        lines = [describe(v).summary]
        lines += ["  " + " ".join(row) for row in grid]
        lines += [stair_line(name, st) for name, st in v["stairs"].items()]
        lines += [priest_line(int(h), pr, mine) for h, pr in v["priests"].items()]
        lines += [player_line(v, p) for p in range(v["players"])]
        return "\n".join(lines)


__all__ = ["Game", "Pending"]
