"""The Princes' decision panels: one per decision kind of the engine.

Every label is a message of the current language with the names of
:mod:`mp_tutor.princes.text` and numbers from the view or the data file; a choice the
player cannot make is shown disabled. Panels only collect the intent: ``board.act``
plays it, and the engine judges it.

>>> from mp_tutor import Game
>>> from mp_tutor.widgets import Board
>>> board = Board(Game.new(players=3, seed=1))
>>> panel = PlaceIncaPanel(board)
>>> panel.update()
>>> panel.buttons["potter"].description
"Potter (Potter's Quarter)"
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from mp_tutor.core.actions import ActionError
from mp_tutor.core.i18n import Msg, capitalized, render, t, tn
from mp_tutor.core.markup import Markup, el, join
from mp_tutor.core.rules import Illegal
from mp_tutor.princes.actions import (
    Acquire,
    ChooseGoods,
    Move,
    Offer,
    PlaceInca,
    Produce,
    RedeemMoonTiles,
    ReturnCards,
    Sacrifice,
    SendToSunClock,
    SetUpIncas,
    Stay,
)
from mp_tutor.princes.data import GOODS, PRIESTS, PROFESSIONS
from mp_tutor.princes.houses import AcquireOptions
from mp_tutor.princes.incas import SetUpOptions
from mp_tutor.princes.moving import TurnOptions
from mp_tutor.princes.night import RedeemOptions
from mp_tutor.princes.production import ProduceOptions
from mp_tutor.princes.sunclock import SunGoodsOptions
from mp_tutor.princes.tables import UNIT_SIZE
from mp_tutor.princes.temples import OfferOptions, SacrificeOptions
from mp_tutor.princes.text import (
    amount,
    district,
    good,
    goods_list,
    priest,
    priests,
    profession,
    tile_label,
)
from mp_tutor.princes.trail import ReturnCardsOptions

from ..board import Board
from ..layout import PX
from ..panels import GameOverPanel as BaseGameOverPanel
from ..panels import SubPanel, button, fitted, html, row
from .words import card_label


def _check(label: object, cls: str, disabled: bool = False) -> w.Checkbox:
    c = w.Checkbox(description=render(label), indent=False, disabled=disabled,
                   layout=w.Layout(width="auto"))
    c.add_class(cls)
    return c


class PlaceIncaPanel(SubPanel):
    """The first Inca: one button per profession (or click its district on the board)."""

    kind = "place_inca"

    def __init__(self, board: Board) -> None:
        super().__init__(board)
        self.buttons: dict[str, w.Button] = {}
        for prof, spec in PROFESSIONS.items():
            b = button(t("{profession} ({district})", profession=capitalized(render(profession(prof))),
                         district=district(spec.district)), f"mp-place-{prof}")
            b.on_click(lambda _b, prof=prof: self.choose(prof))
            self.buttons[prof] = b
        self.box.children = [html(render(t("Choose a profession, or click its production "
                                           "district on the board."))),
                             row(list(self.buttons.values()))]

    def choose(self, prof: str) -> bool:
        return self.board.act(PlaceInca(prof))

    def update(self) -> None:
        legal = {a.profession for a in self.game.legal_actions() if isinstance(a, PlaceInca)}
        for prof, b in self.buttons.items():
            b.disabled = prof not in legal
            b.tooltip = "" if prof in legal else render(t("Another player has this profession."))


class TurnPanel(SubPanel):
    """The turn: click the board, or pick a move from the list, or stay on a moon tile."""

    kind = "turn"

    def __init__(self, board: Board) -> None:
        super().__init__(board)
        self.info = w.HTML()
        self.moves = w.Dropdown(description=render(t("Move to")), layout=fitted())
        self.move_button = button(t("Move"), "mp-move", "primary")
        self.move_button.on_click(lambda _b: self.move())
        self.tiles = w.Dropdown(description=render(t("Or stay")), layout=fitted())
        self.stay_button = button(t("Stay"), "mp-stay")
        self.stay_button.on_click(lambda _b: self.stay(self.tiles.value))
        self.stays = row([self.tiles, self.stay_button])
        self.box.children = [self.info, row([self.moves, self.move_button]), self.stays]

    def move(self, to: str | None = None) -> bool:
        return self.board.act(Move(to or self.moves.value))

    def stay(self, tile: str) -> bool:
        return self.board.act(Stay(tile))

    def update(self) -> None:
        opts = self.options_of(TurnOptions)
        costs = opts.costs
        options = []
        for d in sorted(costs, key=lambda x: render(district(x))):
            label = (t("{district} (costs {cost})", district=district(d), cost=amount(costs[d], "llama"))
                     if costs[d] else district(d))
            options.append((render(label), d))
        self.moves.options = options
        self.moves.value = options[0][1] if options else None
        self.move_button.disabled = not options
        here = opts.here
        if here is None:
            text = t("First turn: put the Prince on any district, for free (click it on the board).")
        else:
            text = t("Click a district: green ones border the {here} (free), orange dashed ones "
                     "cost {cost}.", here=district(here), cost=amount(opts.llama_cost, "llama"))
        self.info.value = el("div", render(text))
        tiles = [(render(t("take {tile}", tile=tile_label(x))), x) for x in opts.stay]
        self.tiles.options = tiles
        self.tiles.value = tiles[0][1] if tiles else None
        self.stays.layout.display = "" if tiles else "none"


class CountPanel(SubPanel):
    """Produce / Sacrifice: how many (0 declines)."""

    def __init__(self, board: Board) -> None:
        super().__init__(board)
        self.info = w.HTML()
        # not a bounded box: a bounded one changes a number above its maximum without a word;
        # here a number the engine refuses is kept, and the note below says why
        self.count = w.IntText(value=0, description=render(t("How many")),
                               layout=w.Layout(width=PX["count_box"]))
        self.count.add_class(f"mp-{self.kind}-count")
        self.count.observe(lambda _change: self.judge(), "value")
        verb = t("Produce") if self.kind == "produce" else t("Sacrifice")
        self.ok = button(verb, f"mp-{self.kind}-confirm", "primary")
        self.ok.on_click(lambda _b: self.choose(int(self.count.value)))
        self.none = button(t("None"), f"mp-{self.kind}-none")
        self.none.on_click(lambda _b: self.choose(0))
        self.note = w.HTML()
        self.note.add_class("mp-count-note")
        self.box.children = [self.info, row([self.count, self.ok, self.none]), self.note]

    def action(self, n: int) -> Produce | Sacrifice:
        """The answer "``n`` of them" (``ActionError`` for a number no answer has)."""
        return Produce(int(n)) if self.kind == "produce" else Sacrifice(int(n))

    def choose(self, n: int) -> bool:
        try:
            action = self.action(n)
        except ActionError:  # a number typed in the box that no answer has: the board says why
            return self.board.act(f"{self.kind} {int(n)}")
        return self.board.act(action)

    def judge(self) -> str:
        """Why the number in the box cannot be played (the engine's words and rule), or ''."""
        why: Illegal | None = None
        try:
            action = self.action(int(self.count.value))
        except ActionError as exc:
            why = exc.illegal
        else:  # a legal answer needs no check
            if action not in list(self.game.legal_actions()):
                why = self.game.explain(action, self.board.snapshot.seat)
        if why is None or self.game.pending.kind != self.kind:
            self.note.value = ""
            return ""
        self.note.value = el("div", el("span", why.message), " ", el("span", f"[{why.rule}]",
                                                                      cls="mp-rule"),
                             cls="mp-count-why")
        return why.message

    def update(self) -> None:
        if self.kind == "produce":
            o = self.options_of(ProduceOptions)
            top = o.most
            gain = amount(o.each, o.good or "corn")
            each = (t("Each Inca that produces gives {gain} for free.", gain=gain) if not o.cost
                    else t("Each Inca that produces gives {gain} for {cost}.", gain=gain,
                           cost=amount(o.cost, "corn")))
            text: Markup | str = join([render(tn("You have {n} Inca in the {district}.",
                                   "You have {n} Incas in the {district}.", o.incas,
                                   district=district(o.district))), " ",
                         render(each), " ", render(t("Up to {n} can produce now.", n=top))])
        else:
            s = self.options_of(SacrificeOptions)
            top = s.most
            text = render(t("Your {pieces}: {n}. Each may sacrifice one llama for {steps} on the "
                            "Incatrail (up to {top} now).", pieces=priests(s.kind),
                            n=s.priests, top=top, steps=tn("{n} step", "{n} steps", s.value)))
        self.info.value = el("div", text)
        self.count.value = max(top, 0)
        self.judge()


class ProducePanel(CountPanel):
    kind = "produce"


class SacrificePanel(CountPanel):
    kind = "sacrifice"


class OfferPanel(SubPanel):
    """Main Temple: which different goods to sacrifice; a good the player lacks is disabled."""

    kind = "offer"

    def __init__(self, board: Board) -> None:
        super().__init__(board)
        self.checks: dict[str, w.Checkbox] = {}
        self.list = row([])
        self.ok = button(t("Sacrifice"), "mp-offer-confirm", "primary")
        self.ok.on_click(lambda _b: self.choose([g for g, c in self.checks.items() if c.value]))
        self.none = button(t("Sacrifice nothing"), "mp-offer-none")
        self.none.on_click(lambda _b: self.choose([]))
        self.box.children = [self.list, row([self.ok, self.none])]

    def choose(self, goods: list[str]) -> bool:
        return self.board.act(Offer(tuple(goods)))

    def update(self) -> None:
        o = self.options_of(OfferOptions)
        able = set(o.offerable)
        have = self.me.get("goods", {})
        self.checks = {}
        for g in GOODS:
            label = t("{unit} (you have {have})", unit=amount(o.unit.get(g, 0), g),
                      have=have.get(g, 0))
            self.checks[g] = _check(label, f"mp-offer-{g}", disabled=g not in able)
        self.list.children = list(self.checks.values())


class SetUpPanel(SubPanel):
    """Watchman's Hut / Royal Palace: which new Incas to set up (one of each at most)."""

    kind = "set_up_incas"

    def __init__(self, board: Board) -> None:
        super().__init__(board)
        self.checks: dict[str, w.Checkbox] = {}
        self.list = w.VBox()
        self.ok = button(t("Set up"), "mp-setup-confirm", "primary")
        self.ok.on_click(lambda _b: self.choose([p for p, c in self.checks.items() if c.value]))
        self.none = button(t("None"), "mp-setup-none")
        self.none.on_click(lambda _b: self.choose([]))
        self.box.children = [self.list, row([self.ok, self.none])]

    def choose(self, professions: list[str]) -> bool:
        return self.board.act(SetUpIncas(tuple(professions)))

    def update(self) -> None:
        o = self.options_of(SetUpOptions)
        able = set(o.affordable)
        self.checks = {}
        for prof in o.professions:
            label = t("{profession}: {cost}", profession=capitalized(render(profession(prof))),
                      cost=goods_list(dict(PROFESSIONS[prof].cost)))
            self.checks[prof] = _check(label, f"mp-setup-{prof}", disabled=prof not in able)
        self.list.children = list(self.checks.values())


class AcquirePanel(SubPanel):
    """House of Priests / House of Virgins: the leftmost card of one kind, or none."""

    kind = "acquire"

    def __init__(self, board: Board) -> None:
        super().__init__(board)
        self.list = row([])
        self.box.children = [self.list]

    def choose(self, kind: str | None) -> bool:
        return self.board.act(Acquire(kind))

    def update(self) -> None:
        house = self.options_of(AcquireOptions).district
        rows = self.board.snapshot.view.get("rows")
        rows = rows if isinstance(rows, dict) else {}
        legal = {a.kind for a in self.game.legal_actions() if isinstance(a, Acquire)}
        buttons = []
        for kind, spec in PRIESTS.items():
            if spec.house != house:
                continue
            left = rows.get(kind, {}).get("left", 0)
            b = button(t("{who}: {cost} ({n} left)", who=priest(kind), cost=goods_list(dict(spec.cost)),
                         n=left), f"mp-acquire-{kind}", "primary")
            b.disabled = kind not in legal
            b.on_click(lambda _b, kind=kind: self.choose(kind))
            buttons.append(b)
        none = button(t("None"), "mp-acquire-none")
        none.on_click(lambda _b: self.choose(None))
        self.list.children = [*buttons, none]


class SunClockPanel(SubPanel):
    """Sun Clock: which Inca (from which production district) serves there."""

    kind = "sun_clock"

    def __init__(self, board: Board) -> None:
        super().__init__(board)
        self.list = row([])
        self.box.children = [self.list]

    def choose(self, source: str | None) -> bool:
        return self.board.act(SendToSunClock(source))

    def update(self) -> None:
        buttons = []
        for a in self.game.legal_actions():
            if isinstance(a, SendToSunClock) and a.source:
                b = button(t("From the {district}", district=district(a.source)),
                           f"mp-sunclock-{a.source}", "primary")
                b.on_click(lambda _b, src=a.source: self.choose(src))
                buttons.append(b)
        none = button(t("None"), "mp-sunclock-none")
        none.on_click(lambda _b: self.choose(None))
        self.list.children = [*buttons, none]


class ReturnCardsPanel(SubPanel):
    """Summit: which cards go back to the bottom of the deck."""

    kind = "return_cards"

    def __init__(self, board: Board) -> None:
        super().__init__(board)
        self.info = w.HTML()
        self.list = w.VBox()
        self.checks: dict[int, w.Checkbox] = {}
        self.ok = button(t("Return these cards"), "mp-return-confirm", "primary")
        self.ok.on_click(lambda _b: self.choose([c for c, b in self.checks.items() if b.value]))
        self.box.children = [self.info, self.list, row([self.ok])]

    def choose(self, cards: list[int]) -> bool:
        return self.board.act(ReturnCards(tuple(cards)))

    def update(self) -> None:
        need = self.options_of(ReturnCardsOptions).to_return
        me = self.me
        self.info.value = el("div", render(tn("Tick {n} card to return to the deck.",
                                              "Tick {n} cards to return to the deck.", need)))
        drawn = set(me.get("drawn") or [])
        self.checks = {}
        for cid in sorted(set(me.get("hand") or []) | drawn):
            label = card_label(cid) + (render(t(" (just drawn)")) if cid in drawn else "")
            self.checks[cid] = _check(label, f"mp-return-{cid}")
        self.list.children = list(self.checks.values())


class RedeemPanel(SubPanel):
    """Night (or day 9): which goods moon tiles to redeem."""

    kind = "redeem_moon"

    def __init__(self, board: Board) -> None:
        super().__init__(board)
        self.list = row([])
        self.checks: dict[str, w.Checkbox] = {}
        self.ok = button(t("Redeem"), "mp-redeem-confirm", "primary")
        self.ok.on_click(lambda _b: self.choose([x for x, c in self.checks.items() if c.value]))
        self.box.children = [self.list, row([self.ok])]

    def choose(self, tiles: list[str]) -> bool:
        return self.board.act(RedeemMoonTiles(tuple(tiles)))

    def update(self) -> None:
        self.checks = {x: _check(t("the {tile} tile", tile=tile_label(x)), f"mp-redeem-{x}")
                       for x in self.options_of(RedeemOptions).tiles}
        for c in self.checks.values():
            c.value = True
        self.list.children = list(self.checks.values())


class SunGoodsPanel(SubPanel):
    """Sun Clock payment: different goods (3 corn count as one)."""

    kind = "sun_clock_goods"

    def __init__(self, board: Board) -> None:
        super().__init__(board)
        self.list = row([])
        self.checks: dict[str, w.Checkbox] = {}
        self.ok = button(t("Take these goods"), "mp-goods-confirm", "primary")
        self.ok.on_click(lambda _b: self.choose([g for g, c in self.checks.items() if c.value]))
        self.box.children = [self.list, row([self.ok])]

    def choose(self, goods: list[str]) -> bool:
        return self.board.act(ChooseGoods(tuple(goods)))

    def update(self) -> None:
        o = self.options_of(SunGoodsOptions)
        able = set(o.available)
        self.checks = {g: _check(amount(o.unit.get(g, 1), g), f"mp-goods-{g}", disabled=g not in able)
                       for g in GOODS}
        self.list.children = list(self.checks.values())


class GameOverPanel(BaseGameOverPanel):
    """The ending and the score table: VP, gold, the multiplier, the final score, goods."""

    def heads(self) -> list[tuple[Msg, Msg]]:
        return [(t("VP"), t("victory points")), (t("gold"), t("gold")),
                (t("times"), t("the conquest multiplier")), (t("final"), t("final score")),
                (t("goods"), t("goods left, for a tie ({corn} count as one)",
                               corn=amount(UNIT_SIZE[GOODS.index("corn")], "corn"))),
                (t("rank"), t("rank"))]

    def cells(self, sc: dict[str, Any]) -> list[Markup | str | int]:
        return [sc["vp"], sc["gold"], f"x{sc['multiplier']}", el("b", sc["final"]),
                sc["goods_units"], sc["rank"]]


PANELS = {cls.kind: cls for cls in (PlaceIncaPanel, TurnPanel, ProducePanel, SacrificePanel,
                                    OfferPanel, SetUpPanel, AcquirePanel, SunClockPanel,
                                    ReturnCardsPanel, RedeemPanel, SunGoodsPanel, GameOverPanel)}

__all__ = ["PANELS", "card_label", "good"]
