"""The priests game's decision panels: laying a card, the order of the moves, putting back a
returning priest, and the scores at the end.

Panels only collect the learner's intent and play it through the board (``board.click`` for
the same two clicks as on the picture, ``board.act`` for an answer), where the engine and a
lesson judge it. They read the position from ``board.snapshot.view`` (the viewer's view) and the
pending decision's options, which the engine provides (the order panel shows the engine's
preview of both orders).

>>> from mp_tutor.priests import Game
>>> from mp_tutor.widgets import Board
>>> board = Board(Game.new(players=3, seed=2))
>>> panel = LayPanel(board)
>>> panel.update()
>>> [b.description for b in panel.cards.values()]
['10', '16', '22', '30']
>>> panel.pick(10), panel.stairs["east"].description
(True, 'East stair')
>>> panel.lay_on("east"), board.game.state.stairs
(True, [None, 10, None, None])
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from mp_tutor.core.i18n import Msg, render, t
from mp_tutor.core.markup import Markup, el, join
from mp_tutor.priests.actions import Lay, Order, Place
from mp_tutor.priests.laying import LayOptions
from mp_tutor.priests.moving import OrderOptions, ReturnOptions
from mp_tutor.priests.svg.style import PREVIEW
from mp_tutor.priests.tables import HEIGHTS, STAIRS
from mp_tutor.priests.targets import CARD, STAIR, selected_card
from mp_tutor.priests.text import priest, stair, sun_moon_label

from ..board import Board
from ..panels import GameOverPanel as BaseGameOverPanel
from ..panels import SubPanel, button, html, row


class LayPanel(SubPanel):
    """Lay a card: pick a card of the hand, then a stair (the same as the two clicks on the
    picture). Face up or face down follows the round's sun/moon card."""

    kind = "lay"

    def __init__(self, board: Board) -> None:
        super().__init__(board)
        self.info = w.HTML()
        self.cards: dict[int, w.Button] = {}
        self.card_row = row([])
        self.stairs: dict[str, w.Button] = {}
        for name in STAIRS:
            b = button(t("{stair} stair", stair=stair(name)), f"mp-lay-{name}")
            b.on_click(lambda _b, name=name: self.lay_on(name))
            self.stairs[name] = b
        self.box.children = [self.info, html(render(t("Choose a card:")), cls="mp-step"),
                             self.card_row,
                             html(render(t("Then lay it on a free stair:")), cls="mp-step"),
                             row(list(self.stairs.values()))]
        board.on_sync(self.mark)

    def pick(self, card: int) -> bool:
        """Pick (or put back) a hand card, as a click on it in the picture does."""
        return self.board.click(f"{CARD}{card}")

    def lay_on(self, name: str) -> bool:
        """Lay the picked card on a stair, as a click on the stair does."""
        return self.board.click(f"{STAIR}{name}")

    def choose(self, card: int, name: str) -> bool:
        """Lay ``card`` on the stair ``name`` at once."""
        return self.board.act(Lay(int(card), name))

    def update(self) -> None:
        o = self.options_of(LayOptions)
        card = sun_moon_label(o.sun_moon)
        face = (t("This round's card is {card}: you lay face up.", card=card) if o.face == "open"
                else t("This round's card is {card}: you lay face down, and the others see only "
                       "the back of your card.", card=card))
        self.info.value = el("div", render(face))
        hand = self.me.get("hand") or []
        self.cards = {}
        for c in hand:
            b = button(str(c), f"mp-card-{c}")
            b.on_click(lambda _b, c=c: self.pick(c))
            self.cards[c] = b
        self.card_row.children = list(self.cards.values())
        free = set(o.stairs)
        for name, b in self.stairs.items():
            b.disabled = name not in free
            b.tooltip = "" if name in free else render(t("The {stair} stair already holds a card.",
                                                         stair=stair(name)))
        self.mark()

    def mark(self) -> None:
        """Show the picked card (it follows the picture's clicks)."""
        picked = selected_card(self.board.snapshot.targets)
        for c, b in self.cards.items():
            b.button_style = "primary" if c == picked else ""
        for b in self.stairs.values():
            b.button_style = "success" if picked is not None and not b.disabled else ""


class DrawnPanel(SubPanel):
    """The variant ``two_players = "draw"``: lay the card just drawn from the pile on a free
    stair of one's choice (one click: the card is given)."""

    kind = "lay_drawn"

    def __init__(self, board: Board) -> None:
        super().__init__(board)
        self.info = w.HTML()
        self.stairs: dict[str, w.Button] = {}
        for name in STAIRS:
            b = button(t("{stair} stair", stair=stair(name)), f"mp-lay-drawn-{name}", "success")
            b.on_click(lambda _b, name=name: self.lay_on(name))
            self.stairs[name] = b
        self.box.children = [self.info, row(list(self.stairs.values()))]

    def lay_on(self, name: str) -> bool:
        """Lay the drawn card on the stair ``name``, as a click on the stair does."""
        return self.board.click(f"{STAIR}{name}")

    def update(self) -> None:
        o = self.options_of(LayOptions)
        drawn = self.me.get("drawn")
        face = (t("You drew card {card} from the pile: lay it on a free stair of your choice, face "
                  "up.", card=drawn) if o.face == "open"
                else t("You drew card {card} from the pile: lay it on a free stair of your choice, "
                       "face down.", card=drawn))
        self.info.value = el("div", render(face))
        free = set(o.stairs)
        for name, b in self.stairs.items():
            b.disabled = name not in free


def _result(square: str | None, values: list[int]) -> str:
    """Where a priest ends and what it takes, in a few characters: 'r2c1 +1', 'out -4'."""
    where = square if square is not None else render(t("out"))
    taken = " ".join(f"+{v}" if v > 0 else str(v) for v in values)
    return f"{where} {taken}".strip()


class OrderPanel(SubPanel):
    """The first player's choice: carry out the moves tallest priest first or smallest first,
    with the engine's preview of what each order gives."""

    kind = "order"

    def __init__(self, board: Board) -> None:
        super().__init__(board)
        self.info = w.HTML()
        self.table = w.HTML()
        self.tallest = button(t("Tallest priest first"), "mp-order-tallest", "primary")
        self.smallest = button(t("Smallest priest first (reversed)"), "mp-order-smallest", "primary")
        self.tallest.on_click(lambda _b: self.choose("tallest"))
        self.smallest.on_click(lambda _b: self.choose("smallest"))
        self.box.children = [self.info, row([self.tallest, self.smallest]), self.table]

    def choose(self, first: str) -> bool:
        return self.board.act(Order(first))

    def update(self) -> None:
        o = self.options_of(OrderOptions)
        pairs = {"tallest": o.pairs, "smallest": o.pairs_smallest}
        preview = o.preview
        reversed_pairs = o.move_order == "pairing"
        self.info.value = el("div", render(t(
            "All four cards are face up: the highest card moves the tallest priest, the next the "
            "next tallest, and so on. Below, what each order gives (square reached, tokens taken).")
            if not reversed_pairs else t(
            "All four cards are face up. Tallest first, the highest card moves the tallest priest; "
            "reversed (this game's variant), the highest card moves the smallest priest. Below, "
            "what each order gives (card, square reached, tokens taken).")))
        heads = ([t("priest"), t("tallest first"), t("smallest first")] if reversed_pairs
                 else [t("priest"), t("card"), t("tallest first"), t("smallest first")])
        rows = []
        differ = 0
        for h in HEIGHTS:
            key = str(h)
            results, cards = [], []
            for first in ("tallest", "smallest"):
                pv = preview.get(first)
                pair = pairs[first].get(key)
                cards.append(render(t("{card} ({stair})", card=pair.card, stair=stair(pair.stair)))
                             if pair is not None else "")
                results.append(_result(pv.squares.get(key) if pv else None,
                                       list(pv.tokens.get(key, ())) if pv else []))
            differs = len(set(results)) > 1 or cards[0] != cards[1]
            differ += differs
            cells = ([f"{c}: {r}" for c, r in zip(cards, results, strict=True)] if reversed_pairs
                     else [cards[0], *results])
            rows.append(el("tr", *[el("td", c, style=PREVIEW["cell"]) for c in (render(priest(h)), *cells)],
                           style=PREVIEW["differs"] if differs else None, data_priest=h,
                           data_differs=str(differs).lower()))
        note = (t("The rows in bold differ between the two orders.") if differ
                else t("Here both orders give the same result."))
        self.table.value = el("div", el("table", el("tr", *[el("th", render(hd), style=PREVIEW["head"])
                                                           for hd in heads]),
                                        join(rows), style=PREVIEW["table"],
                                        cls="mp-order-preview"),
                              el("p", render(note), style=PREVIEW["note"]))


class ReturnPanel(SubPanel):
    """A priest comes back and its start square is taken: which free square next to it."""

    kind = "return_priest"

    def __init__(self, board: Board) -> None:
        super().__init__(board)
        self.info = w.HTML()
        self.list = row([])
        self.box.children = [self.info, self.list]

    def choose(self, square: str) -> bool:
        return self.board.act(Place(self.options_of(ReturnOptions).priest, square))

    def update(self) -> None:
        o = self.options_of(ReturnOptions)
        h = o.priest
        self.info.value = el("div", render(t(
            "The start square {start} of {priest} is taken: put {priest} on a free square next to "
            "it (not diagonally). Click a highlighted square on the board, or choose here.",
            start=o.start, priest=priest(h))))
        buttons = []
        for square in o.squares:
            b = button(square, f"mp-place-{square}", "primary")
            b.on_click(lambda _b, square=square: self.choose(square))
            buttons.append(b)
        self.list.children = buttons


class GameOverPanel(BaseGameOverPanel):
    """The ending and the score table: priest card, priests, their values, score, tie-break."""

    def heads(self) -> list[tuple[Msg, Msg]]:
        return [(t("card"), t("priest card")), (t("priests"), t("the two priests of the card")),
                (t("values"), t("each priest's value: sun tokens minus fire tokens")),
                (t("score"), t("the two values added")),
                (t("best"), t("the best sun token of the two priests, for a tie")),
                (t("rank"), t("rank"))]

    def cells(self, sc: dict[str, Any]) -> list[Markup | str | int]:
        return [sc["priest_card"],
                render(t("{a} and {b}", a=priest(sc["priests"][0]), b=priest(sc["priests"][1]))),
                render(t("{a} and {b}", a=sc["values"][0], b=sc["values"][1])),
                el("b", sc["score"]), sc["best_sun"], sc["rank"]]

    def headline(self, outcome: dict[str, Any]) -> str:
        return render(t("Game over: {how}.", how=outcome["text"]))


PANELS = {cls.kind: cls for cls in (LayPanel, DrawnPanel, OrderPanel, ReturnPanel, GameOverPanel)}

__all__ = ["DrawnPanel", "GameOverPanel", "LayPanel", "OrderPanel", "PANELS", "ReturnPanel"]
