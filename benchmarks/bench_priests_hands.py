"""How much do the cards another player laid say of the cards still in their hand?

The coach deals the other players' hands uniformly from the unseen cards (issue 20 asked
whether a model of their hands would help). A card laid is a choice among the four cards of
a hand: under the model of play that reads the priest cards
(:meth:`mp_tutor.priests.inference.Replay.worths`), a hand that also held a card worth more
to that player's plan made the lay less likely. This script turns every lay of another
player into a weight for each card that may have been beside it in the hand::

    f(x) = P(lay | x was in the hand) / P(lay | the hand's other cards are any cards)

(slips included), and a card still in the hand now was there at the last lay with chance
``KEEP`` (3 of the 4 cards stay each round), at the one before with ``KEEP`` squared, ...,
so its weight is ``W = (1 - KEEP) + KEEP * f_last * ((1 - KEEP) + KEEP * f_before * ...)``,
averaged over the belief's priest cards and plans (a player with no plan: weight 1).

In games of four bots of one kind (4 players, seeds from ``--first-seed``), at each of seat
0's lays it reads the table from seat 0's view and the public log and scores the true hands
of the three others: the mean natural log of each true card's weight over the mean weight
of the unseen cards (0: the uniform deal; knowing the hand would score ``log(unseen / 4)``,
about 2.3). ``--set inference.TEMPERATURE=0.5`` measures a sharper model.

    python benchmarks/bench_priests_hands.py [--opponents schemer] [--games 30] [--set ...]
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence

from bench_coach_priests import PLAYERS
from bench_priests_belief import decisions, options

from mp_tutor.priests import inference
from mp_tutor.priests.data import DATA
from mp_tutor.priests.inference import Belief, Replay, read_table
from mp_tutor.priests.tables import CARDS
from mp_tutor.priests.views import PriestsView

#: the chance that a card in a hand now was in it at the player's previous lay
KEEP = (DATA.hand_size - 1) / DATA.hand_size


class HandReplay(Replay):
    """The replay, also weighing the other cards of each hand a lay came from."""

    def __init__(self, view: PriestsView, hypotheses: Sequence[str]) -> None:
        super().__init__(view, hypotheses)
        #: per other player, per lay (oldest first): per priest card, f(x) for each card x
        self.marks: dict[int, list[dict[str, dict[int, float]]]] = defaultdict(list)

    def _lay(self, lay: inference._Lay) -> None:  # noqa: SLF001 - the replay's hook
        super()._lay(lay)
        if lay.player == self.viewer or lay.pile or lay.hand < 2:
            return
        assert lay.card is not None
        cards = [lay.card, *(c for c in CARDS if c != lay.card)]
        at, worths = self.worths(lay, cards)
        slip, even = inference.SLIP, self._even(lay)
        rows: dict[str, dict[int, float]] = {}
        for h, (e, mean) in worths.items():
            mine = e[lay.card]
            base = slip * even + (1 - slip) * mine[at] / (sum(mine) + (lay.hand - 1) * mean)
            rows[h] = {x: (slip * even + (1 - slip) * mine[at]
                           / (sum(mine) + sum(e[x]) + (lay.hand - 2) * mean)) / base
                       for x in cards[1:]}
        self.marks[lay.player].append(rows)


def hand_weights(replay: HandReplay, belief: Belief, player: int, unknown: Sequence[int]
                 ) -> dict[int, float]:
    """The weight of each of ``unknown`` being in ``player``'s hand now (see the module)."""
    out = {}
    for x in unknown:
        total = 0.0
        for h, chance in belief.card_chances(player).items():
            w = 1.0
            for rows in replay.marks[player]:
                w = (1 - KEEP) + KEEP * rows[h].get(x, 1.0) * w
            planned = belief.planned.get((player, h), 0.0)
            total += chance * (planned * w + 1 - planned)
        out[x] = total
    return out


def hand_scores(opponents: str, games: int, first_seed: int) -> dict[int, list[float]]:
    """For every round, the log weight ratio of each true card in another player's hand."""
    out: dict[int, list[float]] = defaultdict(list)
    for _, game in decisions(opponents, games, first_seed):
        s = game.state
        if s.queue[0].player != 0 or s.queue[0].kind != "lay":
            continue
        view = game.view(0)
        belief = read_table(view, game.log)
        replay = HandReplay(view, list(DATA.priest_cards_used[PLAYERS]))
        for e in game.log:
            replay.feed(e.kind, e.player, e.data)
        seen = set(view["removed"]) | set(view["player"][0]["hand"] or ())
        seen |= {st["card"] for st in view["stairs"].values() if st["card"] is not None}
        unknown = [c for c in CARDS if c not in seen]
        for p in belief.players:
            w = hand_weights(replay, belief, p, unknown)
            mean = sum(w.values()) / len(w)
            out[s.round].extend(math.log(w[c] / mean) for c in s.hands[p])
    return out


def main() -> None:
    args = options(__doc__ or "", 30)
    scores = hand_scores(args.opponents, args.games, args.first_seed)
    print(f"{args.games} games of 4 {args.opponents} bots, seeds {args.first_seed}-"
          f"{args.first_seed + args.games - 1}, seat 0 reads the others' hands at its lays"
          + (f" ({', '.join(args.set)})" if args.set else ""))
    print("round  true hand cards  mean log weight ratio (0: uniform deal; the hand known: ~2.3)")
    everything = []
    for r in sorted(scores):
        xs = scores[r]
        everything += xs
        print(f"{r:5d}  {len(xs):15d}  {sum(xs) / len(xs):8.3f}")
    print(f"  all  {len(everything):15d}  {sum(everything) / len(everything):8.3f}")


if __name__ == "__main__":
    main()
