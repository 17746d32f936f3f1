"""Why a choice is good or bad, in plain words citing rules, worked out from the position.

:func:`explain` plays the choice on copies of a position the player cannot tell from the
real one and reads the engine's events, each with the rule it applied:

- laying a card: the card laid (face up or down, as the sun/moon card says); which priest
  the card will move (the highest card moves the tallest priest; in the variant
  ``move_order = "pairing"`` the order the first player chooses may change it) — certain,
  or how often over several deals of the hidden cards (the other hands, the face-down cards, the draw
  pile), each dealt anew from what the player sees and the round finished as the coach's
  players would; what that priest then does (a sun square, pushed out: a fire token,
  blocked); and the points of the player's two priests now and, on average, after the
  round;
- the first player's order: every card is face up then, so the moves and the points after
  them are certain;
- a returning priest: where it goes, and how many squares with sun tokens it stands next to.

Nothing is canned: every sentence comes from an event, the view or a score of a position.

>>> import random
>>> from mp_tutor.priests import Game
>>> game = Game.new(players=2, seed=1)
>>> for reason in explain(game, 0, game.parse("lay 48 west"), random.Random(0))[:2]:
...     print(reason)
Blue lays card 48 face up on the West stair and draws a card. [lay.all_open]
Card 48 moves priest 4 in 100% of the coach's deals of the hidden cards (the highest card moves the tallest priest); it is one of Blue's two priests. [move.pairing] [ruling.hidden_info]
"""

from __future__ import annotations

import random
from collections import Counter

from ..coach.reasons import Reason
from ..core.actions import Action
from ..core.events import Event
from ..core.i18n import after_colon, t, tn
from .actions import Lay, Order, Place
from .determinize import Knowledge, knowledge, sample_state
from .game import HIDDEN_RULE, Game
from .moving import RULE_PAIRING, RULE_REVERSED_PAIRING
from .playout import policy
from .scoring import RULE_VALUE, priest_values
from .state import State
from .tables import CARDS, CENTRE, NEAR, PRIEST_INDEX, SQUARE_INDEX, SUN_SQUARES
from .text import colour, priest
from .views import PriestsView

#: deals of the hidden cards tried for a card laid
DEALS = 12
#: the events that say what a move did
MOVES = ("moved", "blocked", "pushed_out")
#: at most this many move events for the first player's order
MAX_MOVES = 4
_GOOD = SUN_SQUARES | {CENTRE}


def finish_round(game: Game, action: Action, rng: random.Random, limit: int = 40) -> list[Event]:
    """Play ``action`` on ``game`` and the rest of the round (the playout policy decides for
    everybody); the events that happened."""
    r = game.state.round
    events = list(game.apply(action))
    for _ in range(limit):
        if game.over or game.state.round != r:
            break
        events += game.apply(policy(game, rng))
    return events


def _mine(view: PriestsView, player: int) -> tuple[int, ...]:
    return tuple(view["player"][player]["priests"] or ())


def _points(s: State, mine: tuple[int, ...]) -> int:
    values = priest_values(s)
    return sum(values[PRIEST_INDEX[h]] for h in mine)


def _effect(events: list[Event], kind: str, player: int) -> list[Reason]:
    return [Reason(e.msg, (e.rule,) if e.rule else (), "effect")
            for e in events if e.kind == kind and e.player == player][:1]


def _certain_rank(view: PriestsView, player: int, card: int) -> bool:
    """Whether the priest a card laid now will move is certain (no unseen card can change
    its rank: every card still to come is higher, or every one is lower)."""
    stairs = view["stairs"].values()
    to_come = sum(1 for st in stairs if st["laid"] and st["card"] is None)
    to_come += sum(1 for st in stairs if not st["laid"]) - 1
    if to_come <= 0:
        return True
    me = view["player"][player]
    seen = set(me["hand"] or ()) | set(view["removed"]) | ({me.get("drawn")} - {None})
    seen |= {st["card"] for st in stairs if st["card"] is not None}
    unseen = [c for c in CARDS if c not in seen]
    return all(c > card for c in unseen) or all(c < card for c in unseen)


def _deals(info: Knowledge, action: Lay, rng: random.Random, mine: tuple[int, ...]
           ) -> list[tuple[int, Event | None, int]]:
    """For each deal: the priest the card moved, the event of its move, the player's points
    after the round."""
    out: list[tuple[int, Event | None, int]] = []
    for _ in range(DEALS):
        world = Game(sample_state(info, rng), [], history=False)
        events = finish_round(world, action, rng)
        # the move of the card (in the variant move_order = "pairing" the priest it moves
        # depends on the order the first player chooses)
        move = next((e for e in events if e.kind in MOVES and e.data["card"] == action.card), None)
        if move is None:  # pragma: no cover - every card of a round moves a priest
            continue
        out.append((move.data["priest"], move, _points(world.state, mine)))
    return out


def _explain_lay(game: Game, player: int, action: Lay, rng: random.Random,
                 info: Knowledge | None) -> list[Reason]:
    view = game.view(player)
    if info is None or info.player != player:
        info = knowledge(view, [], [])
    mine = _mine(view, player)
    who = colour(player)
    reasons = _effect(finish_round(game.fork(), action, rng, limit=0), "laid", player)
    deals = _deals(info, action, rng, mine)
    if not deals:  # pragma: no cover
        return reasons
    counts = Counter(h for h, _e, _p in deals)
    h, k = counts.most_common(1)[0]
    pct = round(100 * k / len(deals))
    ours = h in mine
    if pct == 100 and _certain_rank(view, player, action.card):
        msg = (t("Card {card} will move {priest} (the highest card moves the tallest priest), "
                 "one of {who}'s two priests.", card=action.card, priest=priest(h), who=who)
               if ours else
               t("Card {card} will move {priest} (the highest card moves the tallest priest), "
                 "which is not one of {who}'s priests.", card=action.card, priest=priest(h),
                 who=who))
        reasons.append(Reason(msg, (RULE_PAIRING,), "effect"))
    else:
        msg = (t("Card {card} moves {priest} in {pct}% of the coach's deals of the hidden cards "
                 "(the highest card moves the tallest priest); it is one of {who}'s two priests.",
                 card=action.card, priest=priest(h), pct=pct, who=who)
               if ours else
               t("Card {card} moves {priest} in {pct}% of the coach's deals of the hidden cards "
                 "(the highest card moves the tallest priest); it is not one of {who}'s priests.",
                 card=action.card, priest=priest(h), pct=pct, who=who))
        reasons.append(Reason(msg, (RULE_PAIRING, HIDDEN_RULE), "effect"))
    if game.state.move_order == "pairing":
        reasons.append(Reason(t("In this game's variant the first player may reverse the order, "
                                "and then the highest card moves the smallest priest."),
                              (RULE_REVERSED_PAIRING,), "effect"))
    moves = [e for hh, e, _p in deals if hh == h and e is not None]
    if moves:
        e = moves[0]
        same = all(m.kind == e.kind and m.data == e.data for m in moves)
        text = e.msg if same and pct == 100 else t("In one of those deals: {event}",
                                                    event=after_colon(e.msg))
        reasons.append(Reason(text, (e.rule,) if e.rule else (), "effect"))
    before = _points(game.state, mine)
    after = sum(p for _h, _e, p in deals) / len(deals)
    reasons.append(Reason(t("{who}'s priests are worth {before} points now; at the end of the "
                            "round about {after} in those deals.", who=who, before=before,
                            after=f"{after:.0f}"), (RULE_VALUE,), "score",
                          against=round(after) < before))
    return reasons


def _explain_order(game: Game, player: int, action: Order, rng: random.Random) -> list[Reason]:
    view = game.view(player)
    mine = _mine(view, player)
    who = colour(player)
    after = game.fork()
    events = finish_round(after, action, rng)
    reasons = _effect(events, "order_chosen", player)
    moves = [e for e in events if e.kind in MOVES]
    # one's own priests first, then the others' moves that took a token
    telling = [e for e in moves if e.data["priest"] in mine]
    telling += [e for e in moves if e.data["priest"] not in mine
                and (e.data.get("tokens") or e.data.get("fire") is not None)]
    telling.sort(key=moves.index)
    for e in telling[:MAX_MOVES]:
        reasons.append(Reason(e.msg, (e.rule,) if e.rule else (), "effect"))
    now, then = _points(game.state, mine), _points(after.state, mine)
    reasons.append(Reason(t("{who}'s priests are worth {before} points now and {after} after "
                            "these moves.", who=who, before=now, after=then), (RULE_VALUE,),
                          "score", against=then < now))
    return reasons


def _explain_place(game: Game, player: int, action: Place, rng: random.Random) -> list[Reason]:
    view = game.view(player)
    reasons = _effect(finish_round(game.fork(), action, rng, limit=0), "placed_beside", player)
    near = sum(q in _GOOD for q in NEAR[SQUARE_INDEX[action.square]])
    who, where, pr = colour(player), action.square, priest(action.priest)
    if action.priest in _mine(view, player):
        msg = tn("On {square}, {priest} (one of {who}'s priests) is next to {n} square that gives "
                 "sun tokens.", "On {square}, {priest} (one of {who}'s priests) is next to {n} "
                 "squares that give sun tokens.", near, square=where, priest=pr, who=who)
    else:
        msg = tn("On {square}, {priest} (not one of {who}'s priests) is next to {n} square that "
                 "gives sun tokens.", "On {square}, {priest} (not one of {who}'s priests) is next "
                 "to {n} squares that give sun tokens.", near, square=where, priest=pr, who=who)
    reasons.append(Reason(msg, (), "effect"))
    return reasons


def explain(game: Game, player: int, action: Action, rng: random.Random | None = None,
            info: Knowledge | None = None) -> list[Reason]:
    """The reasons for (or against) ``action`` by ``player`` in ``game``'s position.

    ``game`` should be a position the player may know entirely (the coach passes a sampled
    one); it is not changed. Deals of the hidden cards are made from ``info`` (what the
    player knows, with what they read from the others' play) if given, else from
    ``game.view(player)``.
    """
    rng = rng or random.Random(0)
    if isinstance(action, Lay):
        return _explain_lay(game, player, action, rng, info)
    if isinstance(action, Order):
        return _explain_order(game, player, action, rng)
    if isinstance(action, Place):
        return _explain_place(game, player, action, rng)
    return []  # pragma: no cover - every action of the game is one of the three


__all__ = ["DEALS", "explain", "finish_round"]
